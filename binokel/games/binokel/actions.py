"""Actions a player takes, and their short text notation (used by records and the shells).

Every action is a small frozen value; ``parse_action(str(a)) == a`` for each of them.

=================  ============  ===========================================
action             notation      meaning
=================  ============  ===========================================
``Bid(160)``       ``160``       bid 160 (reizen)
``Pass()``         ``pass``      leave the auction
``Discard(Q♠)``    ``lay Q♠``    lay a card away (drücken)
``NameTrump(♥)``   ``trump ♥``   name trumps
``Durch()``        ``durch``     announce Durch
``OpenDurch()``    ``open``      announce open Durch (after the discard)
``TakeDabb()``     ``dabb``      take the Dabb (only where open Durch without it is allowed)
``GiveUp(♦)``      ``out ♦``     give up (abgehen), naming the trump suit
``Play(Q♠)``       ``Q♠``        play a card to the trick
=================  ============  ===========================================

>>> parse_action("lay qs")
Discard(card=Card(suit=Suit.SPADES, rank=Rank.QUEEN))
>>> str(parse_action("out d"))
'out ♦'
"""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import CARDS, KIND_COUNT, Card, CardError, Suit, parse_card, parse_suit
from ...errors import NotationError


@dataclass(frozen=True, slots=True)
class Bid:
    value: int

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True, slots=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class TakeDabb:
    def __str__(self) -> str:
        return "dabb"


@dataclass(frozen=True, slots=True)
class Discard:
    card: Card

    def __str__(self) -> str:
        return f"lay {self.card}"


@dataclass(frozen=True, slots=True)
class NameTrump:
    suit: Suit

    def __str__(self) -> str:
        return f"trump {self.suit.symbol}"


@dataclass(frozen=True, slots=True)
class Durch:
    def __str__(self) -> str:
        return "durch"


@dataclass(frozen=True, slots=True)
class OpenDurch:
    def __str__(self) -> str:
        return "open"


@dataclass(frozen=True, slots=True)
class GiveUp:
    suit: Suit

    def __str__(self) -> str:
        return f"out {self.suit.symbol}"


@dataclass(frozen=True, slots=True)
class Play:
    card: Card

    def __str__(self) -> str:
        return str(self.card)


Action = Bid | Pass | TakeDabb | Discard | NameTrump | Durch | OpenDurch | GiveUp | Play

# Shared instances: the engine hands these out so that membership tests hit identity first.
PASS = Pass()
TAKE_DABB = TakeDabb()
DURCH = Durch()
OPEN_DURCH = OpenDurch()
PLAY: tuple[Play, ...] = tuple(Play(CARDS[k]) for k in range(KIND_COUNT))
DISCARD: tuple[Discard, ...] = tuple(Discard(CARDS[k]) for k in range(KIND_COUNT))
NAME_TRUMP: tuple[NameTrump, ...] = tuple(NameTrump(s) for s in Suit)
GIVE_UP: tuple[GiveUp, ...] = tuple(GiveUp(s) for s in Suit)
_BIDS: dict[int, Bid] = {}


def bid(value: int) -> Bid:
    """The shared :class:`Bid` instance of a value."""
    found = _BIDS.get(value)
    if found is None:
        found = _BIDS[value] = Bid(value)
    return found



def parse_action(text: str) -> Action:
    """Read an action from its notation (case and card notation are free)."""
    words = text.strip().split()
    if not words:
        raise NotationError("empty action")
    head = words[0].lower()
    try:
        if len(words) == 1:
            if head.isdigit():
                return bid(int(head))
            if head in ("pass", "p"):
                return PASS
            if head == "durch":
                return DURCH
            if head == "open":
                return OPEN_DURCH
            if head == "dabb":
                return TAKE_DABB
            return PLAY[parse_card(words[0]).kind]
        if len(words) == 2:
            if head in ("lay", "discard"):
                return DISCARD[parse_card(words[1]).kind]
            if head == "trump":
                return NAME_TRUMP[parse_suit(words[1])]
            if head in ("out", "giveup"):
                return GIVE_UP[parse_suit(words[1])]
            if head == "play":
                return PLAY[parse_card(words[1]).kind]
    except CardError as exc:
        raise NotationError(f"not an action: {text!r} ({exc})") from None
    raise NotationError(f"not an action: {text!r}")
