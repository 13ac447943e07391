"""Binocle actions and their short text notation (used by records and the shells).

Every action is a small frozen value; ``parse_binocle_action(str(a)) == a`` for each of them.

===========================================  ===============================  =====================
action                                       notation                         meaning
===========================================  ===============================  =====================
``Play(Q♠)``                                 ``Q♠``                           play Q♠ from the hand
``Play(Q♠, from_table=True)``                ``table Q♠``                     play the melded Q♠
``Meld(BinocleMeld(MeldKind.BINOCLE))``      ``meld binocle Q♠ J♦``           score one meld
``ExchangeDix(9♥)``                          ``exchange 9♥``                  dix for the trump card
``ShowDix(9♥)``                              ``show 9♥``                      show the second dix
``Done()``                                   ``done``                         meld no more; draw
``Claim()``                                  ``claim``                        claim to have 1000
===========================================  ===============================  =====================

In a meld the cards may be left out where the name says it all (``meld four kings``), or given
by their suit (``meld marriage ♠``).  Four of a kind may name its four cards
(``meld four kings K♠ K♠ K♥ K♦``, docs/rules/bezique.md §5); the engine lays the four it
chooses and refuses other cards.

>>> str(parse_binocle_action("meld marriage s"))
'meld marriage K♠ Q♠'
>>> parse_binocle_action("table qs")
Play(card=Card(suit=Suit.SPADES, rank=Rank.QUEEN), from_table=True)
"""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import (
    CARDS,
    KIND_COUNT,
    Card,
    CardError,
    Rank,
    Suit,
    parse_card,
    parse_cards,
    parse_suit,
)
from ...errors import NotationError
from .melds import MELD_WORDS, BinocleMeld, MeldKind, meld_of


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card to the trick, from the hand or (while the stock lasts) from the table."""

    card: Card
    from_table: bool = False

    def __str__(self) -> str:
        return f"table {self.card}" if self.from_table else str(self.card)


@dataclass(frozen=True, slots=True)
class Meld:
    """Score one meld after winning a trick (§6)."""

    meld: BinocleMeld

    def __str__(self) -> str:
        return f"meld {self.meld}"


@dataclass(frozen=True, slots=True)
class ExchangeDix:
    """Exchange the dix from the hand for the turned-up trump card, scoring 10 (§4)."""

    card: Card

    def __str__(self) -> str:
        return f"exchange {self.card}"


@dataclass(frozen=True, slots=True)
class ShowDix:
    """Show the second dix, scoring 10 (§4)."""

    card: Card

    def __str__(self) -> str:
        return f"show {self.card}"


@dataclass(frozen=True, slots=True)
class Done:
    """End melding after a trick won; the cards are drawn."""

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Claim:
    """Claim to have reached the target (§7): right wins the game, wrong loses it."""

    def __str__(self) -> str:
        return "claim"


BinocleAction = Play | Meld | ExchangeDix | ShowDix | Done | Claim

# Shared instances: the engine hands these out so that membership tests hit identity first.
DONE = Done()
CLAIM = Claim()
PLAY: tuple[Play, ...] = tuple(Play(CARDS[k]) for k in range(KIND_COUNT))
PLAY_TABLE: tuple[Play, ...] = tuple(Play(CARDS[k], from_table=True) for k in range(KIND_COUNT))
EXCHANGE: tuple[ExchangeDix, ...] = tuple(ExchangeDix(CARDS[k]) for k in range(KIND_COUNT))
SHOW: tuple[ShowDix, ...] = tuple(ShowDix(CARDS[k]) for k in range(KIND_COUNT))
_MELDS: dict[tuple[BinocleMeld, str], Meld] = {}


def meld_action(meld: BinocleMeld) -> Meld:
    """The shared :class:`Meld` action of a meld (one per game's words)."""
    key = (meld, meld.game)
    found = _MELDS.get(key)
    if found is None:
        found = _MELDS[key] = Meld(meld)
    return found


def _meld_names() -> list[tuple[str, MeldKind, str]]:
    """Every name a meld may be written by (each game's words, Bézique's also without the
    accent), longest first: (name, kind, game)."""
    names = [(k.value, k, "binocle") for k in MeldKind if k is not MeldKind.DIX]
    for game, words in MELD_WORDS.items():
        for kind, word in words.items():
            if kind is not MeldKind.DIX:
                names += [(word, kind, game), (word.replace("é", "e"), kind, game)]
    return sorted(set(names), key=lambda item: (-len(item[0]), item[0]))


_MELD_NAMES = _meld_names()


def _parse_meld(rest: str, text: str) -> Meld:
    lowered = rest.lower()
    found = next((item for item in _MELD_NAMES
                  if lowered == item[0] or lowered.startswith(item[0] + " ")), None)
    if found is None:
        raise NotationError(f"not a meld: {text!r} (name one of: "
                            f"{', '.join(k.value for k in MeldKind if k is not MeldKind.DIX)})")
    word, kind, game = found
    tail = rest[len(word):].strip()
    suit: Suit | None = None
    if kind.needs_suit:
        if not tail:
            raise NotationError(f"not a meld: {text!r} (name its suit or its cards)")
        words = tail.split()
        if len(words) == 1 and len(words[0]) == 1:
            suit = parse_suit(words[0])
        else:
            suit = parse_cards(tail)[0].suit
    meld = meld_of(kind, suit, game=game)
    suit_only = kind.needs_suit and len(tail.split()) == 1 and len(tail.split()[0]) == 1
    if tail and not suit_only:
        kinds = sorted(c.kind for c in parse_cards(tail))
        if kind in _FOURS and len(kinds) == 4 and all(
                CARDS[k].rank is CARDS[meld.kinds[0]].rank and kinds.count(k) <= 2
                for k in kinds):
            # Four of a kind with its cards named (docs/rules/bezique.md §5: any four of the
            # rank); the engine checks that they are the four it lays.
            return Meld(BinocleMeld(kind, None, Rank.NINE, game, tuple(kinds)))
        if kinds != sorted(meld.kinds):
            raise NotationError(f"not a meld: {text!r} (a {meld.name} is {meld})")
    return meld_action(meld)


_FOURS = (MeldKind.FOUR_ACES, MeldKind.FOUR_KINGS, MeldKind.FOUR_QUEENS, MeldKind.FOUR_JACKS)


def parse_binocle_action(text: str) -> BinocleAction:
    """Read a Binocle action from its notation (case and card notation are free)."""
    words = text.strip().split()
    if not words:
        raise NotationError("empty action")
    head = words[0].lower()
    try:
        if head == "meld":
            return _parse_meld(text.strip()[4:].strip(), text)
        if len(words) == 1:
            if head == "done":
                return DONE
            if head == "claim":
                return CLAIM
            return PLAY[parse_card(words[0]).kind]
        if len(words) == 2:
            card = parse_card(words[1])
            if head == "table":
                return PLAY_TABLE[card.kind]
            if head == "play":
                return PLAY[card.kind]
            if head in ("exchange", "show"):
                if card.rank not in (Rank.NINE, Rank.SEVEN):
                    raise NotationError(f"not an action: {text!r} (the dix is a Nine or Seven)")
                return EXCHANGE[card.kind] if head == "exchange" else SHOW[card.kind]
    except (CardError, ValueError) as exc:
        if isinstance(exc, NotationError):
            raise
        raise NotationError(f"not an action: {text!r} ({exc})") from None
    raise NotationError(f"not an action: {text!r}")
