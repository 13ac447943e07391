"""Melds (docs/rules/binokel.md §5): pure functions of (cards, trump, rules).

Three kinds - suit (pair, family), Binokel, rank (four/eight of a kind) - plus the Dissle with
Sevens.  A card may serve in melds of different kinds but only once within one kind, and a
doubled meld replaces its singles.  Within each kind the best choice is forced (a family beats the
pair inside it), so the best meld set is found kind by kind.

>>> from binokel.cards import parse_cards, Suit
>>> melds = find_melds(parse_cards("K♠ Q♠ Q♥ Q♣ Q♦ J♦"), trump=Suit.HEARTS)
>>> [(m.name, m.points) for m in melds]
[('pair', 20), ('binokel', 40), ('four queens', 60)]
>>> sum(m.points for m in melds)
120
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ...cards import BITS, CARDS, RANK_SLOTS, Card, Rank, Suit, pack
from .rules import BINOKEL, Rules

_FAMILY = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
_RANK_MELDS = (
    (Rank.ACE, "aces", "meld_four_aces", "meld_eight_aces"),
    (Rank.KING, "kings", "meld_four_kings", "meld_eight_kings"),
    (Rank.QUEEN, "queens", "meld_four_queens", "meld_eight_queens"),
    (Rank.JACK, "jacks", "meld_four_jacks", "meld_eight_jacks"),
)
_QS = Suit.SPADES * RANK_SLOTS + Rank.QUEEN
_JD = Suit.DIAMONDS * RANK_SLOTS + Rank.JACK


@dataclass(frozen=True, slots=True)
class Meld:
    """One scored meld: its name (``pair``, ``family``, ``four queens`` ...), cards and points."""

    name: str
    cards: tuple[Card, ...]
    points: int
    suit: Suit | None = None

    def __str__(self) -> str:
        label = self.name.capitalize()
        if self.suit is not None:
            label += f" {self.suit.symbol}"
        return f"{label} ({' '.join(str(c) for c in self.cards)}) {self.points}"


def _count(packed: int, suit: int, rank: int) -> int:
    return (packed >> ((suit * RANK_SLOTS + rank) * BITS)) & 3


_SUIT_BITS = (1 << (RANK_SLOTS * BITS)) - 1


def _suit_melds(bits: int, suit: Suit, is_trump: bool, rules: Rules) -> tuple[Meld, ...]:
    """Family and pair melds of one suit, from that suit's packed counts."""
    melds: list[Meld] = []
    counts = [(bits >> (r * BITS)) & 3 for r in _FAMILY]
    family_value = rules.meld_family_trump if is_trump else rules.meld_family_plain
    pair_value = rules.meld_pair_trump if is_trump else rules.meld_pair_plain
    families = min(counts)
    family_cards = tuple(CARDS[suit * RANK_SLOTS + r] for r in _FAMILY)
    if families == 2:
        value = 2 * family_value if rules.doubled_melds_twice else rules.meld_double_family
        melds.append(Meld("double family", family_cards * 2, value, suit))
    elif families == 1:
        melds.append(Meld("family", family_cards, family_value, suit))
    kings, queens = counts[2] - families, counts[3] - families
    pair = (CARDS[suit * RANK_SLOTS + Rank.KING], CARDS[suit * RANK_SLOTS + Rank.QUEEN])
    for _ in range(min(kings, queens)):
        melds.append(Meld("pair", pair, pair_value, suit))
    return tuple(melds)


_SUIT_SHIFTS = tuple((int(suit), suit, suit * RANK_SLOTS * BITS) for suit in Suit)
# Per rule set, int-keyed: hashing a Rules (a Python __hash__) once per call, not per lookup.
_CACHES: dict[Rules, tuple[dict[int, tuple[Meld, ...]], dict[int, tuple[Meld, ...]], bool]] = {}


def find_melds_packed(packed: int, trump: Suit | None, rules: Rules = BINOKEL) -> tuple[Meld, ...]:
    """The best meld set of a packed hand; ``trump=None`` for no trump suit."""
    caches = _CACHES.get(rules)
    if caches is None:
        caches = _CACHES[rules] = ({}, {}, rules.has_sevens)
    suit_cache, other_cache, has_sevens = caches
    melds: list[Meld] = []
    trump_i = -1 if trump is None else int(trump)
    for index, suit, shift in _SUIT_SHIFTS:
        bits = (packed >> shift) & _SUIT_BITS
        is_trump = index == trump_i
        key = (bits << 3) | (index << 1) | is_trump
        found = suit_cache.get(key)
        if found is None:
            found = suit_cache[key] = _suit_melds(bits, suit, is_trump, rules)
        if found:
            melds.extend(found)
    # Binokel, rank and Dissle melds depend on a few counts only; cache them by those counts.
    binokels = min((packed >> (_QS * BITS)) & 3, (packed >> (_JD * BITS)) & 3)
    # Counts are 0, 1 or 2 (binary 00, 01, 10): "one of each suit" is a set bit in every
    # suit's pair of bits, "all eight" the high bit in every suit.
    either = packed | (packed >> 1)
    key2 = binokels
    for low, high in _RANK_BITS:
        key2 = key2 * 3 + (2 if packed & high == high else 1 if either & low == low else 0)
    sevens = ((packed >> ((trump_i * RANK_SLOTS + Rank.SEVEN) * BITS)) & 3
              if trump_i >= 0 and has_sevens else 0)
    key2 = (key2 * 3 + sevens) * 5 + trump_i + 1
    other = other_cache.get(key2)
    if other is None:
        sets = [2 if packed & high == high else 1 if either & low == low else 0
                for low, high in _RANK_BITS]
        other = other_cache[key2] = _other_melds(binokels, sets, sevens, trump, rules)
    if other:
        melds.extend(other)
    return tuple(melds)


_RANK_BITS = tuple(
    (sum(1 << ((s * RANK_SLOTS + rank) * BITS) for s in range(4)),
     sum(2 << ((s * RANK_SLOTS + rank) * BITS) for s in range(4)))
    for rank, _, _, _ in _RANK_MELDS)


def _other_melds(binokels: int, sets: list[int], sevens: int, trump: Suit | None,
                 rules: Rules) -> tuple[Meld, ...]:
    melds: list[Meld] = []
    twice = rules.doubled_melds_twice
    if binokels:
        cards = (CARDS[_QS], CARDS[_JD]) * binokels
        if binokels == 2:
            value = 2 * rules.meld_binokel if twice else rules.meld_double_binokel
            melds.append(Meld("double binokel", cards, value))
        else:
            melds.append(Meld("binokel", cards, rules.meld_binokel))
    for (rank, label, four_field, eight_field), count in zip(_RANK_MELDS, sets, strict=True):
        if not count or rank not in rules.ranks:
            continue
        cards = tuple(CARDS[s * RANK_SLOTS + rank] for s in Suit) * count
        four_value: int = getattr(rules, four_field)
        if count == 2:
            value = 2 * four_value if twice else getattr(rules, eight_field)
            melds.append(Meld(f"eight {label}", cards, value))
        else:
            melds.append(Meld(f"four {label}", cards, four_value))
    if sevens and trump is not None:
        seven = CARDS[trump * RANK_SLOTS + Rank.SEVEN]
        melds.append(Meld("dissle", (seven,) * sevens, rules.meld_dissle * sevens, trump))
    return tuple(melds)


def find_melds(
    cards: Iterable[Card], trump: Suit | None, rules: Rules = BINOKEL
) -> tuple[Meld, ...]:
    """The best meld set of a hand (raises :class:`~binokel.cards.CardError` for three Q♠)."""
    return find_melds_packed(pack(cards), trump, rules)


def meld_total(melds: Iterable[Meld]) -> int:
    """Points of a meld set."""
    return sum(m.points for m in melds)
