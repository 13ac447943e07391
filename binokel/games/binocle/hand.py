"""The values of one Binocle hand: phases, the deal and the cut, tricks, the score sheet.

>>> from binokel.games.binocle.rules import BINOCLE
>>> deal = deal_binocle(BINOCLE, seed=1, hand_no=0, dealer=1)
>>> len(deal.stock), [len(deal.hand(seat)) for seat in (0, 1)]
(23, [12, 12])
"""

from __future__ import annotations

import enum
import functools
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from ...cards import BITS, CARDS, ONE, RANK_SLOTS, Card, CardError, Suit, iter_kinds, pack, unpack
from ...errors import IllegalActionError
from .melds import ScoredMeld
from .rules import BinocleRules


class Phase(enum.Enum):
    PLAY = "play"
    """A card is to be led or played to the trick."""
    MELD = "meld"
    """The winner of the trick may meld and exchange or show the dix before drawing."""
    GAME_OVER = "game over"


class Ending(enum.Enum):
    """How the game was decided (§7)."""

    REACHED = "reached the target by points scored as they went"
    CLAIMED = "claimed the target rightly"
    WRONG_CLAIM = "won by the adversary's wrong claim"
    COUNTED = "reached the target when the hand was counted"
    """(Also when both did and the rule set's ``both_reach`` is ``higher wins``: the higher
    total wins.)"""


#: ``to_move`` once the game is over.
TERMINAL = -1
#: ``turned`` once the turned trump card has been taken.
TAKEN = -1


class BinocleIllegalActionError(IllegalActionError):
    """An action the Binocle rules forbid; the message names the rule. The state is unchanged."""


@dataclass(frozen=True, slots=True)
class BinocleDeal:
    """The cards of one hand as dealt: packed hands per seat, the turned card, the stock order.

    ``stock`` holds the face-down kinds, the top (drawn first) first.
    """

    hands: tuple[int, int]
    turned: int
    stock: tuple[int, ...]

    def hand(self, seat: int) -> list[Card]:
        return unpack(self.hands[seat])

    @property
    def turned_card(self) -> Card:
        return CARDS[self.turned]

    def stock_cards(self) -> list[Card]:
        return [CARDS[k] for k in self.stock]

    @classmethod
    def from_cards(cls, rules: BinocleRules, *, hands: Sequence[Iterable[Card]], turned: Card,
                   stock: Iterable[Card] | None = None) -> BinocleDeal:
        """A deal written out (for puzzles, tests and records of real cards).

        Without ``stock``, the rest of the pack forms the stock in card order.
        """
        packed = tuple(pack(h) for h in hands)
        if len(packed) != 2:
            raise CardError("a Binocle deal has two hands")
        rest = list(full_pack(rules))
        for kind in [*(k for h in packed for k in iter_kinds_counted(h)), turned.kind]:
            if kind not in rest:
                raise CardError(f"impossible deal: {CARDS[kind]} is not in the pack "
                                f"(or more than two of it)")
            rest.remove(kind)
        if stock is not None:
            stock_kinds = [c.kind for c in stock]
            if sorted(stock_kinds) != sorted(rest):
                raise CardError("impossible deal: the stock must hold the rest of the pack")
            rest = stock_kinds
        for seat, hand in enumerate(packed):
            if sum(1 for _ in iter_kinds_counted(hand)) != rules.hand_size:
                raise CardError(f"impossible deal: seat {seat} must have {rules.hand_size} cards")
        return cls((packed[0], packed[1]), turned.kind, tuple(rest))


def iter_kinds_counted(packed: int) -> Iterator[int]:
    """Kinds of a packed multiset, each as often as it is held, in kind order."""
    for kind in iter_kinds(packed):
        for _ in range((packed >> (kind * BITS)) & 3):
            yield kind


@functools.cache
def full_pack(rules: BinocleRules) -> tuple[int, ...]:
    """Every card kind of the pack, twice, in card order."""
    return tuple(s * RANK_SLOTS + r for s in range(4) for r in rules.ranks for _ in range(2))


@functools.cache
def _deal_order(rules: BinocleRules) -> tuple[int, ...]:
    """Where each dealt card goes: 0 for the pone, 1 for the dealer (four at a time at
    Binocle, §2; 3, 2, 3 at Bézique)."""
    order: list[int] = []
    for packet in rules.deal_rounds:
        order += [0] * packet + [1] * packet
    return tuple(order)


def deal_binocle(rules: BinocleRules, seed: int | str, hand_no: int, dealer: int) -> BinocleDeal:
    """Shuffle (one seeded permutation stands for shuffle and cut) and deal (§2)."""
    cards = list(full_pack(rules))
    random.Random(f"binocle/{seed}/{hand_no}").shuffle(cards)
    hands = [0, 0]
    seats = (1 - dealer, dealer)  # the pone first
    order = _deal_order(rules)
    for kind, dest in zip(cards, order, strict=False):
        hands[seats[dest]] += ONE[kind]
    dealt = len(order)
    return BinocleDeal((hands[0], hands[1]), cards[dealt], tuple(cards[dealt + 1:]))


def cut_for_deal(rules: BinocleRules, seed: int | str) -> tuple[tuple[tuple[Card, Card], ...], int]:
    """The seeded cut (§2): the cuts made (seat 0's card, seat 1's) and the first dealer.

    Equal ranks cut again; the higher cut chooses and, as is usual, makes the other deal.
    """
    rng = random.Random(f"binocle/{seed}/cut")
    cuts: list[tuple[Card, Card]] = []
    pack_kinds = full_pack(rules)
    while True:
        first, second = rng.sample(pack_kinds, 2)
        cuts.append((CARDS[first], CARDS[second]))
        if first % RANK_SLOTS != second % RANK_SLOTS:
            higher = 0 if first % RANK_SLOTS > second % RANK_SLOTS else 1
            return tuple(cuts), 1 - higher


@dataclass(frozen=True, slots=True)
class BinocleTrick:
    """A finished trick: who led, the two cards (leader's first), who won, which came from
    the table."""

    leader: int
    cards: tuple[Card, Card]
    winner: int
    from_table: tuple[bool, bool] = (False, False)

    def seats(self) -> tuple[int, int]:
        """The seat that played each card."""
        return (self.leader, 1 - self.leader)


@dataclass(frozen=True, slots=True)
class BinocleHandResult:
    """One line of the score sheet."""

    hand_no: int
    dealer: int
    turned: Card
    melds: tuple[tuple[ScoredMeld, ...], tuple[ScoredMeld, ...]]
    dix: tuple[int, int]
    """Dix points of each seat (the turned dix included)."""
    last_trick: int
    """The seat that took the last trick (-1 if the hand was not played out)."""
    card_points: tuple[int, int]
    scores: tuple[int, int]
    """What each seat scored in the hand: dix, melds, last trick and card points."""
    totals: tuple[int, int]
    tricks: tuple[BinocleTrick, ...] = ()


@dataclass(frozen=True, slots=True)
class _Hand:
    """What stays fixed within a hand."""

    hand_no: int
    dealer: int
    deal: BinocleDeal
    trump: Suit
    dix: int  # the dix kind
    start_scores: tuple[int, int]


