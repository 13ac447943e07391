"""The one catalogue of the game's own words that the terminal and the browser share: ranks, the
letters on German faces (Ober and Unter), suits, melds, in English and German.

The terminal reads it here (:mod:`binokel.ui.i18n`, :mod:`binokel.ui.i18n_cards`); the browser
reads it from ``binokel/web/static/gamewords.js``, which is written from it
(``python -m binokel.ui.catalogue > binokel/web/static/gamewords.js``; a test fails when the
two differ), one static file the page loads before ``words.js`` with no request of its own.

>>> WORDS["de"]["melds"]["four queens"], WORDS["de"]["faces"]["Q"], WORDS["en"]["suits"]["♥"]
('Vier Ober', 'O', 'hearts')
"""

from __future__ import annotations

import json
import sys

#: The words by language: ``ranks`` (rank letter → name), ``faces`` (rank letter → the letter a
#: card's face shows, where it differs), ``suits`` (symbol → word), ``suit_pack`` (symbol → the
#: German-suited pack's word, where it differs), ``melds`` (the engines' meld name → name),
#: ``rule_sets`` (a rule set's name → its description, where the rule set's own English one is
#: not the language's).
WORDS: dict[str, dict[str, dict[str, str]]] = {
    "en": {
        "ranks": {"A": "Ace", "10": "Ten", "K": "King", "Q": "Queen", "J": "Jack", "9": "Nine",
                  "8": "Eight", "7": "Seven"},
        "faces": {},
        "suits": {"♣": "clubs", "♠": "spades", "♥": "hearts", "♦": "diamonds"},
        "suit_pack": {},
        "melds": {
            "pair": "Pair", "family": "Family", "double family": "Double Family",
            "binokel": "Binokel", "double binokel": "Double Binokel", "dissle": "Dissle",
            "four aces": "Four Aces", "four kings": "Four Kings", "four queens": "Four Queens",
            "four jacks": "Four Jacks", "eight aces": "Eight Aces", "eight kings": "Eight Kings",
            "eight queens": "Eight Queens", "eight jacks": "Eight Jacks",
            # Binocle's melds
            "marriage": "Marriage", "royal marriage": "Royal marriage", "sequence": "Sequence",
            "binocle": "Binocle", "grand binocle": "Grand binocle",
            "double binocle": "Double binocle", "dix": "Dix",
            # Bézique's words for them
            "common marriage": "Common marriage", "bézique": "Bézique",
            "double bézique": "Double bézique", "grand bézique": "Grand bézique",
            "trump Seven": "Trump Seven",
        },
        "rule_sets": {},  # the rule sets carry their English description
    },
    "de": {
        "ranks": {"A": "Sau", "10": "Zehner", "K": "König", "Q": "Ober", "J": "Unter",
                  "9": "Neuner", "8": "Achter", "7": "Siebener"},
        "faces": {"Q": "O", "J": "U"},
        "suits": {"♣": "Kreuz", "♠": "Schippen", "♥": "Herz", "♦": "Schellen"},
        "suit_pack": {"♣": "Eichel", "♠": "Laub"},
        "melds": {
            "pair": "Paar", "family": "Familie", "double family": "Doppelfamilie",
            "binokel": "Binokel", "double binokel": "Doppelbinokel", "dissle": "Dissle",
            "four aces": "Vier Sauen", "four kings": "Vier Könige", "four queens": "Vier Ober",
            "four jacks": "Vier Unter", "eight aces": "Acht Sauen", "eight kings": "Acht Könige",
            "eight queens": "Acht Ober", "eight jacks": "Acht Unter",
            "marriage": "Paar", "royal marriage": "Trumpfpaar", "sequence": "Familie",
            "binocle": "Binokel", "grand binocle": "Großer Binokel",
            "double binocle": "Doppelbinokel", "dix": "Dix",
            "common marriage": "Einfaches Paar", "bézique": "Bézique",
            "double bézique": "Doppelbézique", "grand bézique": "Großer Bézique",
            "trump Seven": "Trumpfsieben",
        },
        "rule_sets": {
            "binokel": "Drei Spieler, 40 Karten, je 12 und ein Dabb von 4, Reizen ab 150, "
                       "Partie bis 1500",
            "binokel-4": "Vier Spieler, einer gegen drei: je 9 Karten und ein Dabb von 4",
            "kreuzbinokel": "Vier Spieler in zwei Parteien, Partner gegenüber: je 9 Karten, die "
                            "Partner zählen zusammen, eine Partei gewinnt",
            "binokel-4-dealer-out": "Vier am Tisch, drei spielen: der Geber setzt jedes Spiel "
                                    "aus, vier Punktestände",
            "binokel-sevens": "Mit Siebenern: 48 Karten, je 15, Dabb von 3; die Trumpfsieben "
                              "(Dissle) zählt 10",
            "binokel-to-1000": "Partie bis 1000 statt 1500",
            "binokel-to-2000": "Partie bis 2000 statt 1500",
            "binokel-12-hands": "Genau 12 Spiele (jeder gibt viermal); die höchste Summe gewinnt",
            "binokel-bid-200": "Vorhand eröffnet das Reizen mit 200",
            "binokel-bid-250": "Vorhand eröffnet das Reizen mit 250",
            "binokel-jumps": "Beim Reizen darf man um jedes Vielfache von 10 springen",
            "binokel-open-durch": "Offener Durch: aufgedeckt nach dem Drücken (±1500) oder ohne "
                                  "Dabb (±2000)",
            "binokel-eights-graded": "Acht Sauen 1000, acht Könige 800, acht Ober 600, acht "
                                     "Unter 400",
            "binocle": "Fosters Binocle zu zweit: 48 Karten, je 12, vom Talon ziehen, eine "
                       "Meldung je gewonnenem Stich, Partie bis 1000",
            "binocle-64": "Fosters Binocle zu zweit mit 64 Karten: mit Siebenern und Achtern, "
                          "die Trumpfsieben ist die Dix",
            "bezique": "Bézique zu zweit: 64 Karten, je 8, gegeben 3-2-3, die 17. aufgedeckt; "
                       "nur Brisques, Trumpfsieben 10, Partie bis 1000",
            "bezique-2000": "Bézique zu zweit, Partie bis 2000: 64 Karten, je 8, gegeben 3-2-3, "
                            "nur Brisques, Trumpfsieben 10",
        },
    },
}


def gamewords_js() -> str:
    """The catalogue as the browser loads it (``binokel/web/static/gamewords.js``)."""
    body = json.dumps(WORDS, ensure_ascii=False, indent=1)
    return ("/* The game's own words, shared with the terminal: written from\n"
            " * binokel/ui/catalogue.py (python -m binokel.ui.catalogue > this file); do not\n"
            " * edit by hand. */\n"
            '"use strict";\n\n'
            f"const GAME_WORDS = {body};\n")


if __name__ == "__main__":
    sys.stdout.write(gamewords_js())


__all__ = ["WORDS", "gamewords_js"]
