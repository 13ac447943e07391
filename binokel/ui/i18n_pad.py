"""The words of the score pad (``binokel pad``) in English and German.

>>> PadStrings("de")("deals", n=2, dealer="Karle", forehand="Anna")
'Spiel 2 - Karle gibt, Anna ist Vorhand.'
"""

from __future__ import annotations

from .catalogue import WORDS
from .i18n import Lang, Strings
from .i18n_cards import local_cards
from .i18n_forms import singular
from .i18n_refusals import translate

_EN: dict[str, str] = {
    "title": "Score pad - {title}, {players}",
    "target": "game to {target}",
    "deals": "Hand {n} - {dealer} deals, {forehand} is forehand.",
    "deals_out": "Hand {n} - {dealer} deals and sits out, {forehand} is forehand.",
    "deals2": "Hand {n} - {dealer} deals.",
    "ask_declarer": "Declarer and bid (e.g. \"{example} 300\"), or a command (help):",
    "ask_contract": "Trumps ♣ ♠ ♥ ♦ (C S H D), durch{open}, or \"give up SUIT\":",
    "open_words": ", open durch, open durch without dabb",
    "ask_melds": "Melds of {name}: one number, or the cards (Enter: 0):",
    "one_number": "{text!r}: the melds are one number (their total), or the cards",
    "not_a_card": "not a card: {text!r} (ranks are {ranks}, T for 10, O U for Q J)",
    "melds_of": "  {melds} = {total}",
    "ask_side": "Trick points of {side} (tricks, last trick{discards}; or every side's):",
    "with_discards": " and the discards",
    "derived": "  {side}: {points} (to make {total})",
    "ask_no_trick": "Who took no trick? (names, Enter: everyone took one):",
    "ask_durch": "Did {side} take every trick? (y/n):",
    "ask_trump2": "Trump suit (the turned card's; add \"dix\" if it was the dix, e.g. \"H dix\"):",
    "ask_meld2": "Meld as it is made: NAME MELD (e.g. \"{example} royal marriage\", "
                 "\"{example} dix\"); Enter when the stock is gone:",
    "meld_made": "  {name}: {meld} {points} - {total}",
    "reached": "  {name} has reached {target}!",
    "ask_end2": "Card points of {name} (or \"claim NAME POINTS\"), the rest derived:",
    "ask_last2": "Who took the last trick?",
    "scored": "Hand {n}: {note}",
    "void": "Hand {n} is void: {dealer} deals again.",
    "undone": "Hand {n} taken back.",
    "edit": "Editing hand {n} (dealt by {dealer}):",
    "edited": "Hand {n} changed; every later total recomputed.",
    "refused": "Refused, nothing changed: {why}",
    "saved": "Saved to {path}.",
    "csv": "Score sheet written to {path}.",
    "winner": "{names} won the game!",
    "over": "The game is over; undo or edit a hand, or quit.",
    "bye": "The pad is saved in {path}; `binokel pad --resume {path}` goes on.",
    "yes": "y", "no": "n",
    "no_such_player": "no player {text!r}; the players are {names}",
    "bad_number": "{text!r} is not a number",
    "help": ("Commands at any question: undo (take back the last hand), edit N (enter hand N "
             "again), void (a misdeal: the same dealer deals again), sheet, csv FILE, save, "
             "quit, help."),
    "sheet_head": "Hand Dealer   Game",
    "sheet_total": "Total",
    "counters": "counters",
    "pegs": "cribbage board",
    "team": "{names}",
    "not_a_suit": "not a suit: {text!r} (♣ ♠ ♥ ♦, C S H D, or clubs spades hearts diamonds)",
    "yes_or_no": "Please answer y or n (not {text!r}).",
    "one_or_all": "trick points: one number, or all {n} at once",
    "trump_or_dix": "the trump suit, e.g. H, or H dix",
    "edit_was": "It was: {entry}",
    "was_melds": "melds {melds}",
    "was_points": "points {points}",
    "was_no_trick": "no trick: {names}",
    "n_melds": "{n} melds",
    "claims": "{name} claims",
    "void_word": "void",
    "sheet_marks": "✓ made · ✗ missed",
    "note_gave_up": "{name} gave up: {score:+d}, the others {bonus} and their melds",
    "note_durch_won": "{name}'s {contract} won: {score:+d}",
    "note_durch_lost": "{name}'s {contract} lost: {score:+d}",
    "note_made": "{name} made {score} of {bid}",
    "note_missed": "{name} missed the bid {bid}: {score} (twice the bid)",
}

_DE: dict[str, str] = {
    "title": "Schreibblock - {title}, {players}",
    "target": "Spiel bis {target}",
    "deals": "Spiel {n} - {dealer} gibt, {forehand} ist Vorhand.",
    "deals_out": "Spiel {n} - {dealer} gibt und setzt aus, {forehand} ist Vorhand.",
    "deals2": "Spiel {n} - {dealer} gibt.",
    "ask_declarer": "Spieler und Reizwert (z. B. \"{example} 300\") oder ein Befehl (hilfe):",
    "ask_contract": "Trumpf ♣ ♠ ♥ ♦ (C S H D), durch{open} oder \"ab FARBE\" (abgehen):",
    "open_words": ", offen durch, offen durch ohne dabb",
    "ask_melds": "Meldung von {name}: eine Zahl oder die Karten (Enter: 0):",
    "one_number": "{text!r}: die Meldung ist eine Zahl (ihre Summe) oder die Karten",
    "not_a_card": "keine Karte: {text!r} (Ränge sind {ranks}, T für 10, Q J für O U)",
    "melds_of": "  {melds} = {total}",
    "ask_side": "Stichpunkte von {side} (Stiche, letzter Stich{discards}; oder alle):",
    "with_discards": " und Gedrücktes",
    "derived": "  {side}: {points} (macht {total})",
    "ask_no_trick": "Wer hat keinen Stich? (Namen, Enter: alle haben einen):",
    "ask_durch": "Hat {side} alle Stiche gemacht? (j/n):",
    "ask_trump2": "Trumpffarbe (die aufgedeckte Karte; \"dix\" dazu, wenn sie der Dix war, "
                  "z. B. \"H dix\"):",
    "ask_meld2": "Meldung, wie sie fällt: NAME MELDUNG (z. B. \"{example} Trumpfpaar\", "
                 "\"{example} dix\"); Enter, wenn der Talon leer ist:",
    "meld_made": "  {name}: {meld} {points} - {total}",
    "reached": "  {name} hat {target} erreicht!",
    "ask_end2": "Kartenpunkte von {name} (oder \"claim NAME PUNKTE\"), der Rest wird "
                "ergänzt:",
    "ask_last2": "Wer hat den letzten Stich?",
    "scored": "Spiel {n}: {note}",
    "void": "Spiel {n} ist ungültig: {dealer} gibt noch einmal.",
    "undone": "Spiel {n} zurückgenommen.",
    "edit": "Spiel {n} neu eingeben (gegeben von {dealer}):",
    "edited": "Spiel {n} geändert; alle späteren Stände neu gerechnet.",
    "refused": "Abgelehnt, nichts geändert: {why}",
    "saved": "Gespeichert in {path}.",
    "csv": "Spielliste geschrieben nach {path}.",
    "winner": "{names} hat gewonnen!",
    "over": "Das Spiel ist aus; ein Spiel zurücknehmen oder ändern, oder ende.",
    "bye": "Der Block ist in {path} gespeichert; `binokel pad --resume {path}` macht weiter.",
    "yes": "j", "no": "n",
    "no_such_player": "kein Spieler {text!r}; es spielen {names}",
    "bad_number": "{text!r} ist keine Zahl",
    "help": ("Befehle bei jeder Frage: zurück (letztes Spiel zurücknehmen), ändern N (Spiel N "
             "neu eingeben), ungültig (vergeben: derselbe gibt noch einmal), liste, csv DATEI, "
             "speichern, ende, hilfe."),
    "sheet_head": "Spiel Geber    Spiel",
    "sheet_total": "Stand",
    "counters": "Spielmarken",
    "pegs": "Cribbage-Brett",
    "team": "{names}",
    "not_a_suit": "keine Farbe: {text!r} (♣ ♠ ♥ ♦, C S H D oder Kreuz Schippen Herz Schellen)",
    "yes_or_no": "Bitte j oder n antworten (nicht {text!r}).",
    "one_or_all": "Stichpunkte: eine Zahl, oder alle {n} auf einmal",
    "trump_or_dix": "die Trumpffarbe, z. B. H, oder H dix",
    "edit_was": "Bisher: {entry}",
    "was_melds": "Meldung {melds}",
    "was_points": "Punkte {points}",
    "was_no_trick": "kein Stich: {names}",
    "n_melds": "{n} Meldungen",
    "claims": "{name} macht aus",
    "void_word": "ungültig",
    "sheet_marks": "✓ geschafft · ✗ nicht geschafft",
    "note_gave_up": "{name} ist abgegangen: {score:+d}, die anderen {bonus} und ihre Meldung",
    "note_durch_won": "{name}: {contract} gewonnen: {score:+d}",
    "note_durch_lost": "{name}: {contract} verloren: {score:+d}",
    "note_made": "{name} hat {score} von {bid} geschafft",
    "note_missed": "{name} hat die {bid} nicht geschafft: {score} (doppelter Reizwert)",
}

#: The commands in each language's words (German also understands the English ones).
COMMANDS: dict[str, dict[str, str]] = {
    "en": {"undo": "undo", "edit": "edit", "void": "void", "sheet": "sheet", "csv": "csv",
           "save": "save", "quit": "quit", "help": "help"},
    "de": {"zurück": "undo", "zurueck": "undo", "ändern": "edit", "aendern": "edit",
           "ungültig": "void", "ungueltig": "void", "liste": "sheet", "speichern": "save",
           "ende": "quit", "hilfe": "help"},
}
#: Contract words the German table says, by the English words the pad reads.
CONTRACT_WORDS_DE = {"ab": "give up", "abgehen": "give up", "offen durch ohne dabb":
                     "open durch without Dabb", "offen durch": "open durch"}
#: The contracts as the German sheet writes them, by the engine's words.
CONTRACT_WORDS_SHOWN_DE = {"give up": "ab", "durch": "Durch", "open durch": "offen Durch",
                           "open durch without dabb": "offen Durch ohne Dabb"}
_TABLES = {"en": _EN, "de": _DE}

#: The words of Foster's counters and the cribbage board, by language (longest first).
TALLY_WORDS: dict[str, tuple[tuple[str, str], ...]] = {
    "de": (("game hole", "Spielloch"), ("copper", "Kupfer"), ("white", "weiß"),
           ("round", "Runde"), ("blue", "blau"), ("hole", "Loch"), ("none", "keine"),
           ("red", "rot")),
}


class PadStrings:
    """The pad's messages of one language: ``PadStrings("en")("void", n=3, dealer="Anna")``."""

    def __init__(self, lang: Lang) -> None:
        self.lang: Lang = lang
        self._table = _TABLES[lang]

    def __call__(self, key: str, **values: object) -> str:
        if key == "refused" and "why" in values:
            values["why"] = self.refusal(values["why"])
        text = self._table.get(key) or _EN[key]
        return singular(text, values).format(**values) if values else text

    def refusal(self, why: object) -> str:
        """A refusal in this language (every refusal of the pad's has its German wording,
        :mod:`binokel.ui.i18n_refusals`)."""
        text = str(why)
        if self.lang == "de":
            return translate(text, Strings(self.lang).known_meld)
        return text

    def cards(self, text: str) -> str:
        """``text`` with its cards in this language (``O♠`` for ``Q♠`` in German)."""
        return local_cards(text, self.lang)

    def meld(self, name: str) -> str:
        """A meld's name (``royal marriage``, ``marriage ♠``) in this language."""
        if self.lang == "en":
            return name
        words = Strings(self.lang)
        head, _, suit = name.rpartition(" ")
        if suit in ("♣", "♠", "♥", "♦") and head:
            return f"{words.known_meld(head) or head} {suit}"
        return words.known_meld(name) or name

    def meld_readings(self, text: str) -> list[str]:
        """What a meld said in this language may mean in the engine's words, the longest name
        first (``Trumpfpaar`` → ``royal marriage``; ``Paar ♠`` → ``pair ♠``, ``marriage ♠``)."""
        if self.lang == "en":
            return []
        lowered = text.strip().lower()
        names = sorted(WORDS[self.lang]["melds"].items(), key=lambda item: -len(item[1]))
        return [english + lowered[len(word):] for english, word in names
                if lowered == word.lower() or lowered.startswith(word.lower() + " ")]

    def contract(self, value: str) -> str:
        """A contract's words (``give up``, ``durch``...) in this language."""
        if self.lang == "de":
            return CONTRACT_WORDS_SHOWN_DE.get(value.lower(), value)
        return value

    def tally(self, text: str) -> str:
        """A tally (``1 blue, 2 white``; ``round 1, hole 38``) in this language."""
        for english, word in TALLY_WORDS.get(self.lang, ()):
            text = text.replace(english, word)
        return text

    def command(self, word: str) -> str | None:
        """The command a word names (``undo`` ...), in this language or English."""
        word = word.lower()
        return COMMANDS["en"].get(word) or COMMANDS.get(self.lang, {}).get(word)


__all__ = ["COMMANDS", "CONTRACT_WORDS_DE", "TALLY_WORDS", "PadStrings"]
