"""The score pad's refusals in German.

The pad (``binokel.pad``) refuses in English, naming the rule; a German pad says the same in
German.  :data:`REFUSALS_DE` holds every refusal the pad and the card reader can raise, by its
English template (each ``{}`` is one value of the message), with its German wording (``{0}``,
``{1}`` … the values in the English order); ``tests/ui/test_pad_refusals.py`` reads the sources
and fails when a refusal has no German wording.  A value that is itself a refusal, a meld's
name or one of :data:`PHRASES_DE` is translated too.

>>> translate("bid 155: the lowest bid is 150 (min_bid, §3)")
'Gebot 155: das niedrigste Gebot ist 150 (min_bid, §3)'
>>> melds = {"royal marriage": "Trumpfpaar"}
>>> translate("hand 2: royal marriage: only in trumps, ♥ (§6)", melds.get)
'Spiel 2: Trumpfpaar: nur in Trumpf, ♥ (§6)'
>>> translate("something new")
'something new'
"""

from __future__ import annotations

import re
from collections.abc import Callable

#: The pad's refusals: English template → German wording.
REFUSALS_DE: dict[str, str] = {
    # Binokel hands (binokel/pad/binokel_hand.py)
    "bid {}: the lowest bid is {} (min_bid, §3)":
        "Gebot {0}: das niedrigste Gebot ist {1} (min_bid, §3)",
    "bid {}: the highest bid is {} (max_bid, §3)":
        "Gebot {0}: das höchste Gebot ist {1} (max_bid, §3)",
    "bid {}: bids go up by {} from {} (bid_step, §3)":
        "Gebot {0}: gereizt wird in Schritten von {1} ab {2} (bid_step, §3)",
    "{} dealt and sits this hand out (dealer_sits_out): the dealer cannot be the declarer":
        "{0} hat gegeben und setzt aus (dealer_sits_out): der Geber kann nicht Spieler sein",
    "declarer: seat {} is not at this table of {}":
        "Spieler: Platz {0} gibt es an diesem Tisch mit {1} nicht",
    "{}'s melds: {} is not a meld total; melds count in tens (§5)":
        "Meldung von {0}: {1} ist keine Meldung; Meldungen zählen in Zehnern (§5)",
    "{}'s melds: no hand of {} cards melds {} with {} trumps in this pack (§5)":
        "Meldung von {0}: kein Blatt von {1} Karten meldet {2} mit Trumpf {3} (§5)",
    "{}'s melds: {} cards, but a hand holds {} (§2)":
        "Meldung von {0}: {1} Karten, aber ein Blatt hat {2} (§2)",
    "{}'s melds: {} is not in this pack (§1)":
        "Meldung von {0}: {1} gibt es in diesem Blatt nicht (§1)",
    "{}'s melds: the pack holds two of each card, no more (§1)":
        "Meldung von {0}: das Blatt hat jede Karte zweimal, nicht öfter (§1)",
    "melds: {} shown more than twice, but the pack holds two of each card (§1)":
        "Meldungen: {0} öfter als zweimal gezeigt, aber das Blatt hat jede Karte zweimal (§1)",
    "melds: one entry per seat ({}), not {}":
        "Meldungen: eine Angabe je Platz ({0}), nicht {1}",
    "{} sits this hand out and has no melds":
        "{0} setzt dieses Spiel aus und meldet nichts",
    "{}'s melds: nobody melds in a Durch (§8)":
        "Meldung von {0}: in einem Durch meldet niemand (§8)",
    "{}'s melds: the declarer's side does not meld when the declarer gives up (§4)":
        "Meldung von {0}: geht der Spieler ab, meldet seine Seite nichts (§4)",
    "no trick: seat {} does not play this hand":
        "kein Stich: Platz {0} spielt dieses Spiel nicht mit",
    "no trick: nobody plays a trick when the declarer gives up (§4)":
        "kein Stich: geht der Spieler ab, wird kein Stich gespielt (§4)",
    "no trick: someone took the last trick":
        "kein Stich: jemand hat den letzten Stich gemacht",
    "trick points: none are counted in {} (§4, §8)":
        "Stichpunkte: bei {0} werden keine gezählt (§4, §8)",
    "{}: not played under these rules ({} is off, §8)":
        "{0}: wird nach diesen Regeln nicht gespielt ({1} ist aus, §8)",
    "{}: a Durch has no trumps (§8)": "{0}: ein Durch hat keinen Trumpf (§8)",
    "trump: giving up names the suit it goes out in (§4)":
        "Trumpf: wer abgeht, nennt die Farbe, in der er abgeht (§4)",
    "trump: the declarer names trumps (§4)": "Trumpf: der Spieler sagt Trumpf an (§4)",
    "trick points: {} is not between 0 and {}":
        "Stichpunkte: {0} liegt nicht zwischen 0 und {1}",
    "trick points: {}, but a hand's tricks add up to {} with the last trick (§1)":
        "Stichpunkte: {0}, aber die Stiche eines Spiels ergeben mit dem letzten Stich {1} (§1)",
    "trick points: {} is more than the {} a hand holds with the last trick (§1)":
        "Stichpunkte: {0} ist mehr als die {1} eines Spiels mit dem letzten Stich (§1)",
    "trick points: one number per side ({}), not {}":
        "Stichpunkte: eine Zahl je Seite ({0}), nicht {1}",
    "trick points: all but one side's must be given; the last is derived":
        "Stichpunkte: alle Seiten bis auf eine angeben; die letzte wird ergänzt",
    "trick points: {} took no trick but {} points are entered for them":
        "Stichpunkte: {0} hat keinen Stich gemacht, aber {1} Punkte sind eingetragen",
    # Binocle and Bézique hands (binokel/pad/binocle_hand.py)
    "not a meld: {} (a meld's name, and its suit outside trumps: {})":
        "keine Meldung: {0} (der Name einer Meldung, außerhalb von Trumpf mit Farbe: {1})",
    "{}: only in trumps, {} (§6)": "{0}: nur in Trumpf, {1} (§6)",
    "{}: a marriage in trumps ({}) is a royal marriage (§6)":
        "{0}: ein Paar in Trumpf ({1}) ist ein Trumpfpaar (§6)",
    "{}: not a meld under these rules (grand_binocle is off, §6)":
        "{0}: nach diesen Regeln keine Meldung (grand_binocle ist aus, §6)",
    "{}: not a meld under these rules (eight_of_a_kind is off, §6)":
        "{0}: nach diesen Regeln keine Meldung (eight_of_a_kind ist aus, §6)",
    "meld: seat {} is not at a two-player table":
        "Meldung: Platz {0} gibt es an einem Tisch zu zweit nicht",
    "{}: scored {} times in one hand, but the pack's two copies of each card allow {} (§6)":
        "{0}: {1}-mal in einem Spiel gezählt, aber die zwei Exemplare jeder Karte erlauben "
        "{2} (§6)",
    "card points: one number per player (two)":
        "Kartenpunkte: eine Zahl je Spieler (zwei)",
    "last trick: seat {} is not at a two-player table":
        "letzter Stich: Platz {0} gibt es an einem Tisch zu zweit nicht",
    "card points: {} is not between 0 and {} (§1)":
        "Kartenpunkte: {0} liegt nicht zwischen 0 und {1} (§1)",
    "card points: {} is not between 0 and {} in steps of {} (§1)":
        "Kartenpunkte: {0} liegt nicht zwischen 0 und {1} in Schritten von {2} (§1)",
    "claim: seat {} is not at a two-player table":
        "Ausmachen: Platz {0} gibt es an einem Tisch zu zweit nicht",
    "claim: no claims under these rules (claims is off, §7)":
        "Ausmachen: nach diesen Regeln macht niemand aus (claims ist aus, §7)",
    "claim: the claimant's card points taken so far are needed (§7)":
        "Ausmachen: die bisher gemachten Kartenpunkte dessen, der ausmacht, fehlen (§7)",
    "last trick: who took it? (it scores 10, §5; a hand ends with the last trick, a claim, or "
    "a player reaching the target by a meld)":
        "letzter Stich: wer hat ihn gemacht? (er zählt 10, §5; ein Spiel endet mit dem letzten "
        "Stich, mit Ausmachen oder wenn jemand das Ziel mit einer Meldung erreicht)",
    "card points: give at least one player's; the other is derived":
        "Kartenpunkte: mindestens die eines Spielers angeben; die anderen werden ergänzt",
    "card points: {} + {} = {}, but the tricks hold {} (§1)":
        "Kartenpunkte: {0} + {1} = {2}, aber die Stiche enthalten {3} (§1)",
    "{}: the game ended there, nothing after it counts (§7)":
        "{0}: damit war die Partie aus, nichts danach zählt (§7)",
    "{} reached {} with {}": "{0} hat mit {2} {1} erreicht",
    # The pad as a whole (binokel/pad/model.py, binokel/ui/pad_dialogue.py)
    "players: every player needs a name of their own, not {}":
        "Spieler: jeder braucht einen eigenen Namen, nicht {0}",
    "players: {}": "Spieler: {0}",
    "dealer: seat {} is not at this table of {}":
        "Geber: Platz {0} gibt es an diesem Tisch mit {1} nicht",
    "the game is over: {}; start a new pad":
        "die Partie ist aus: {0}; fang einen neuen Block an",
    "undo: there is no hand to take back": "zurück: es gibt kein Spiel zum Zurücknehmen",
    "edit: there is no hand {} (hands 1-{})": "ändern: es gibt kein Spiel {0} (Spiele 1-{1})",
    "hand {}: the game was over after hand {}":
        "Spiel {0}: die Partie war nach Spiel {1} aus",
    "hand {}: {}": "Spiel {0}: {1}",
    "claim: nobody claims at {} with {} players; claiming the game is two-handed Binocle's "
    "(docs/rules/binocle.md §7)":
        "Ausmachen: bei {0} mit {1} Spielern macht niemand aus; ausmachen gibt es nur im "
        "Binocle zu zweit (docs/rules/binocle.md §7)",
    "a {} is not a hand of {}": "ein {0} ist kein Spiel von {1}",
    # Pads read from files (binokel/pad/export.py, binokel/pad/record.py)
    "a hand is a JSON object, not {}": "ein Spiel ist ein JSON-Objekt, nicht {0}",
    "{}: a whole number, not {}": "{0}: eine ganze Zahl, nicht {1}",
    "contract: one of {}, not {}": "Spielart: eine von {0}, nicht {1}",
    "a pad is a JSON object, not {}": "ein Block ist ein JSON-Objekt, nicht {0}",
    "a pad's entries are a list, not {}": "die Spiele eines Blocks sind eine Liste, nicht {0}",
    "a hand of {}: {} {}": "ein Spiel von {0}: {1} {2}",
    "a pad needs rules and players ({})": "ein Block braucht Regeln und Spieler ({0})",
    "{}: begins with no player's name ({})": "{0}: beginnt mit keinem Spielernamen ({1})",
    "{}: the declarer's name, then the bid": "{0}: der Name des Spielers, dann das Gebot",
    "{}: a Binocle hand begins with its trump suit: 'trump ♥'":
        "{0}: ein Binocle-Spiel beginnt mit seiner Trumpffarbe: 'trump ♥'",
    "melds: {} is neither points nor cards ({})":
        "Meldungen: {0} sind weder Punkte noch Karten ({1})",
    "{}: expected melds, tricks or no trick":
        "{0}: erwartet werden melds, tricks oder no trick",
    "{}: expected melds, cards, claim or last":
        "{0}: erwartet werden melds, cards, claim oder last",
    # Cards (binokel/cards.py), as the pad reads melds
    "not a suit: {} (use ♣ ♠ ♥ ♦ or C S H D)": "keine Farbe: {0} (♣ ♠ ♥ ♦ oder C S H D)",
    "not a card: {} (write rank then suit, e.g. QS or Q♠)":
        "keine Karte: {0} (erst der Rang, dann die Farbe, z. B. OS oder O♠)",
    "not a card: {} (ranks are A 10 K Q J 9 8 7, T for 10, O U for Q J)":
        "keine Karte: {0} (Ränge sind A 10 K O U 9 8 7, T für 10, Q J für O U)",
    "not a card: {} (suits are ♣ ♠ ♥ ♦ or C S H D)":
        "keine Karte: {0} (Farben sind ♣ ♠ ♥ ♦ oder C S H D)",
    "impossible hand: more than two {} (the pack has two of each)":
        "unmögliches Blatt: mehr als zwei {0} (das Blatt hat jede Karte zweimal)",
}
#: Words the refusals carry as values (contracts, what scored), in German.
PHRASES_DE: dict[str, str] = {
    "the last trick": "dem letzten Stich", "the turned dix": "der aufgedeckten Dix",
    "Durch": "Durch", "Open Durch": "offen Durch", "Open Durch without Dabb":
    "offen Durch ohne Dabb", "Give up": "Abgehen", "durch_allowed": "durch_allowed",
}


def _pattern(template: str) -> re.Pattern[str]:
    parts = template.split("{}")
    return re.compile("(.+?)".join(re.escape(part) for part in parts) + r"\Z", re.DOTALL)


#: The templates, the longest first (the most words fixed), as patterns.
_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (_pattern(english), german)
    for english, german in sorted(REFUSALS_DE.items(), key=lambda item: -len(item[0]))]


def translate(text: str, words: Callable[[str], str | None] = lambda _: None) -> str:
    """A refusal in German (the English text when it is none the pad raises); ``words``
    translates a value that is a name of the game's (a meld), if it knows it."""
    for pattern, german in _PATTERNS:
        found = pattern.match(text)
        if found is not None:
            values = [_value(value, words) for value in found.groups()]
            return german.format(*values)
    return text


def _value(value: str, words: Callable[[str], str | None]) -> str:
    if value in PHRASES_DE:
        return PHRASES_DE[value]
    named = words(value)
    if named is not None:
        return named
    return translate(value, words)


__all__ = ["PHRASES_DE", "REFUSALS_DE", "translate"]
