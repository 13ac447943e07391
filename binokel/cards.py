"""Suits, ranks, cards, packs and the card notation.

Two copies of every card make a Binokel pack; a hand is a multiset, so a card names a kind and
never a copy.  Underneath, a multiset of cards is packed into one int holding two bits (a count
of 0, 1 or 2) per card kind; that is what the engine and search use in their hot loops.

>>> parse_card("QS")
Card(suit=Suit.SPADES, rank=Rank.QUEEN)
>>> str(parse_card("th"))
'10♥'
>>> format_cards(parse_cards("A♠ 10♥ KC QD JS"))
'A♠ 10♥ K♣ Q♦ J♠'
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field


class Suit(enum.IntEnum):
    """The four suits, in the order the tables of docs/rules/binokel.md list them."""

    CLUBS = 0
    SPADES = 1
    HEARTS = 2
    DIAMONDS = 3

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def letter(self) -> str:
        return "CSHD"[self]

    def __str__(self) -> str:
        return self.symbol


class Rank(enum.IntEnum):
    """Ranks from low to high; the value orders them within a suit."""

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    JACK = 3
    QUEEN = 4
    KING = 5
    TEN = 6
    ACE = 7

    @property
    def label(self) -> str:
        return _RANK_LABELS[self]

    @property
    def points(self) -> int:
        """Card points won in tricks: A 11, 10 10, K 4, Q 3, J 2, the rest 0."""
        return CARD_POINTS[self]

    def __str__(self) -> str:
        return self.label


_SUIT_SYMBOLS = ("♣", "♠", "♥", "♦")
_RANK_LABELS = ("7", "8", "9", "J", "Q", "K", "10", "A")
CARD_POINTS = (0, 0, 0, 2, 3, 4, 10, 11)

#: Slots per suit in a card kind index; a kind is ``suit * RANK_SLOTS + rank``.
RANK_SLOTS = 8
#: Number of card kinds there could be (all suits times all ranks).
KIND_COUNT = 4 * RANK_SLOTS
#: Card points of every card kind (``KIND_POINTS[kind]``; 0 in the unused slots): the one table
#: the engines, the search and the players read trick points from.
KIND_POINTS = tuple(CARD_POINTS[k % RANK_SLOTS] for k in range(KIND_COUNT))
#: Bits per card kind in a packed multiset.
BITS = 2


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """One card kind, e.g. ``Card(suit=Suit.SPADES, rank=Rank.QUEEN)`` for Q♠."""

    suit: Suit
    rank: Rank
    kind: int = field(init=False, repr=False, compare=False)
    """Index of this card kind, 0..31 (``suit * RANK_SLOTS + rank``)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", int(self.suit) * RANK_SLOTS + int(self.rank))

    @property
    def points(self) -> int:
        return CARD_POINTS[self.rank]

    def __str__(self) -> str:
        return f"{self.rank.label}{self.suit.symbol}"

    def __repr__(self) -> str:
        return f"Card(suit=Suit.{self.suit.name}, rank=Rank.{self.rank.name})"

    @property
    def ascii(self) -> str:
        """Letters-only notation, e.g. ``QS`` or ``TH``."""
        rank = "T" if self.rank is Rank.TEN else self.rank.label
        return f"{rank}{self.suit.letter}"


#: Every card kind by index; ``CARDS[card.kind] is card`` for the canonical instances.
CARDS: tuple[Card, ...] = tuple(Card(suit=Suit(k // RANK_SLOTS), rank=Rank(k % RANK_SLOTS))
                                for k in range(KIND_COUNT))


def card_of(kind: int) -> Card:
    """The canonical card of a kind index."""
    return CARDS[kind]


class CardError(ValueError):
    """A card or list of cards could not be read, or is impossible for the pack."""


_SUIT_BY_TEXT = {
    "♣": Suit.CLUBS, "C": Suit.CLUBS, "♧": Suit.CLUBS,
    "♠": Suit.SPADES, "S": Suit.SPADES, "♤": Suit.SPADES,
    "♥": Suit.HEARTS, "H": Suit.HEARTS, "♡": Suit.HEARTS,
    "♦": Suit.DIAMONDS, "D": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
}
_RANK_BY_TEXT = {
    "A": Rank.ACE, "10": Rank.TEN, "T": Rank.TEN, "K": Rank.KING, "Q": Rank.QUEEN,
    "J": Rank.JACK, "9": Rank.NINE, "8": Rank.EIGHT, "7": Rank.SEVEN,
    "O": Rank.QUEEN, "U": Rank.JACK,  # Ober and Unter, as a German pack names them
}


def parse_suit(text: str) -> Suit:
    """Read a suit from a symbol or letter (``♥``, ``H``, ``h``).

    >>> parse_suit("h") is Suit.HEARTS
    True
    """
    key = text.strip().upper()
    if key in _SUIT_BY_TEXT:
        return _SUIT_BY_TEXT[key]
    for suit in Suit:
        if key == suit.name or key == suit.name[:-1]:
            return suit
    raise CardError(f"not a suit: {text!r} (use ♣ ♠ ♥ ♦ or C S H D)")


def parse_card(text: str) -> Card:
    """Read one card: ``Q♠``, ``QS``, ``qs``, ``10♥``, ``TH``; the German Ober and Unter as
    ``O♠`` and ``U♠``.

    >>> parse_card("10♥") == parse_card("TH"), parse_card("o♠") == parse_card("Q♠")
    (True, True)
    """
    raw = text.strip()
    if len(raw) < 2:
        raise CardError(f"not a card: {text!r} (write rank then suit, e.g. QS or Q♠)")
    rank_text, suit_text = raw[:-1].upper(), raw[-1:]
    rank = _RANK_BY_TEXT.get(rank_text)
    if rank is None:
        raise CardError(f"not a card: {text!r} (ranks are A 10 K Q J 9 8 7, T for 10, O U for Q J)")
    try:
        suit = parse_suit(suit_text)
    except CardError:
        raise CardError(f"not a card: {text!r} (suits are ♣ ♠ ♥ ♦ or C S H D)") from None
    return CARDS[suit * RANK_SLOTS + rank]


def parse_cards(text: str) -> list[Card]:
    """Read cards separated by spaces or commas.

    >>> [str(c) for c in parse_cards("KS, q♠")]
    ['K♠', 'Q♠']
    """
    return [parse_card(part) for part in text.replace(",", " ").split()]


def format_cards(cards: Iterable[Card]) -> str:
    """Cards in symbol notation, separated by spaces."""
    return " ".join(str(c) for c in cards)


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards grouped by suit (♣ ♠ ♥ ♦), high to low within a suit."""
    return sorted(cards, key=lambda c: (c.suit, -c.rank))


# --- packed multisets ------------------------------------------------------------------------

def pack(cards: Iterable[Card]) -> int:
    """Pack cards into a multiset int; more than two copies of one card is an error.

    >>> unpack(pack(parse_cards("QS QS")))[0]
    Card(suit=Suit.SPADES, rank=Rank.QUEEN)
    """
    packed = 0
    for card in cards:
        shift = card.kind * BITS
        if (packed >> shift) & 3 == 2:
            raise CardError(f"impossible hand: more than two {card} (the pack has two of each)")
        packed += 1 << shift
    return packed


def unpack(packed: int) -> list[Card]:
    """The cards of a packed multiset, grouped by suit, high to low."""
    return [CARDS[k] for k in unpack_kinds(packed)]


def unpack_kinds(packed: int) -> list[int]:
    """Kind indices of a packed multiset (each repeated by its count), sorted for display.

    >>> unpack_kinds(pack(parse_cards("J♣ A♣ A♣ 10♠")))
    [7, 7, 3, 14]
    """
    # A byte holds four kinds; the table lists each byte's kinds, high rank first, so that a
    # suit is its high byte's kinds and then its low byte's (views unpack hands every step).
    out: list[int] = []
    for byte in (1, 0, 3, 2, 5, 4, 7, 6):
        bits = (packed >> (byte * 8)) & 255
        if bits:
            out += _BYTE_KINDS[byte][bits]
    return out


def count_of(packed: int, kind: int) -> int:
    """How many copies of a card kind a packed multiset holds."""
    return (packed >> (kind * BITS)) & 3


def size_of(packed: int) -> int:
    """Number of cards in a packed multiset.

    >>> size_of(pack(parse_cards("J♣ A♣ A♣ 10♠")))
    4
    """
    # A count is its low bit plus twice its high bit.
    return (packed & _LOW_BITS).bit_count() + 2 * ((packed >> 1) & _LOW_BITS).bit_count()


def iter_kinds(packed: int) -> Iterator[int]:
    """Distinct kinds present in a packed multiset, in kind order."""
    kind = 0
    while packed:
        if packed & 3:
            yield kind
        packed >>= BITS
        kind += 1


_LOW_BITS = sum(1 << (k * BITS) for k in range(KIND_COUNT))
_BYTE_KINDS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(byte * 4 + slot for slot in (3, 2, 1, 0)
                for _ in range((bits >> (slot * BITS)) & 3))
          for bits in range(256))
    for byte in range(KIND_COUNT // 4))

#: Mask of both bits of every kind of one suit.
SUIT_MASK: tuple[int, ...] = tuple(((1 << (RANK_SLOTS * BITS)) - 1) << (s * RANK_SLOTS * BITS)
                                   for s in range(4))
#: ``ABOVE[kind]``: mask of every kind of the same suit that ranks higher.
ABOVE: tuple[int, ...] = tuple(
    sum(3 << ((k - k % RANK_SLOTS + r) * BITS) for r in range(k % RANK_SLOTS + 1, RANK_SLOTS))
    for k in range(4 * RANK_SLOTS)
)
#: ``ONE[kind]`` is one copy of the kind, to add to or subtract from a packed multiset.
ONE: tuple[int, ...] = tuple(1 << (k * BITS) for k in range(KIND_COUNT))


def pack_ranks(ranks: Iterable[Rank], *, copies: int = 2) -> int:
    """A full pack (``copies`` of every suit and given rank) as a packed multiset."""
    packed = 0
    for suit in range(4):
        for rank in ranks:
            packed += copies * ONE[suit * RANK_SLOTS + rank]
    return packed


def points_of(packed: int) -> int:
    """Card points of a packed multiset."""
    total = 0
    kind = 0
    while packed:
        count = packed & 3
        if count:
            total += count * CARD_POINTS[kind % RANK_SLOTS]
        packed >>= BITS
        kind += 1
    return total
