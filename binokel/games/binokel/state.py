"""What a Binokel position holds, read-only: the phase, the deal, the hands, the auction, the
tricks and the scores (:class:`StateReader`), and how hands are dealt from the seed.

:class:`~binokel.games.binokel.game.GameState` adds the one door (legal actions and ``apply``)
on top; views and the explanations of refusals read positions through this class alone, so they
need nothing from the state machine.
"""

from __future__ import annotations

import _random
import enum
import functools
import operator
import random
from collections.abc import Callable
from dataclasses import dataclass
from hashlib import sha512 as _sha512
from typing import Self

from ...cards import (
    CARDS,
    ONE,
    RANK_SLOTS,
    SUIT_MASK,
    Card,
    Suit,
    unpack,
)
from ..chain import ActionChain
from .actions import Action
from .melds import Meld
from .rules import Rules
from .scoring import Contract, HandResult
from .tricks import NO_TRUMP, Trick


class Phase(enum.Enum):
    AUCTION = "auction"
    DABB = "dabb"
    DISCARD = "discard"
    TRUMP = "trump"
    PLAY = "play"
    GAME_OVER = "game over"


# Enum members read through the class cost ~150 ns each on Python 3.11; the hot paths read
# these module constants instead.
_AUCTION = Phase.AUCTION
_DABB = Phase.DABB
_DISCARD = Phase.DISCARD
_TRUMP = Phase.TRUMP
_PLAY = Phase.PLAY
_GAME_OVER = Phase.GAME_OVER

#: Nobody's melds, by the number of seats.
_NO_MELDS: tuple[tuple[tuple[Meld, ...], ...], ...] = tuple(tuple(() for _ in range(n))
                                                          for n in range(9))

#: ``to_move`` once the game is over.
TERMINAL = -1



@dataclass(frozen=True, slots=True)
class Deal:
    """One hand as dealt: packed hands per seat (0 for a seat sitting out) and the Dabb."""

    hands: tuple[int, ...]
    dabb: int

    def hand(self, seat: int) -> list[Card]:
        return unpack(self.hands[seat])

    def dabb_cards(self) -> list[Card]:
        return unpack(self.dabb)


def deal_hand(rules: Rules, seed: int | str, hand_no: int, dealer: int) -> Deal:
    """Shuffle (one seeded permutation stands for shuffle and cut) and deal in packets (§2).

    The permutation is ``random.Random(f"binokel/{seed}/{hand_no}").shuffle`` of the sorted
    pack, draw for draw (:func:`_shuffle` writes that loop out), so every record replays.
    """
    ones = list(_full_pack_ones(rules))
    _shuffle(ones, _seeded(f"binokel/{seed}/{hand_no}").getrandbits)
    # Each destination takes fixed places of the shuffled pack: summed in C, not card by card.
    acc = [sum(take(ones)) for take in _deal_takers(rules)]  # the last one is the Dabb
    hands = [0] * rules.players
    for i, seat in enumerate(_active_seats(rules, dealer)):
        hands[seat] = acc[i]
    deal = _new(Deal)
    _put(deal, "hands", tuple(hands))
    _put(deal, "dabb", acc[-1])
    return deal


_new = object.__new__
_put = object.__setattr__


def _seeded(text: str) -> _random.Random:
    """``random.Random(text)``'s generator, seeded without the library's Python layer: a text
    seed is its UTF-8 bytes followed by their SHA-512, read as one big-endian int (``seed``'s
    version 2); tests/test_rules_2_deal.py checks the draws against the library's."""
    raw = text.encode()
    return _random.Random(int.from_bytes(raw + _sha512(raw).digest()))


@functools.cache
def _active_seats(rules: Rules, dealer: int) -> tuple[int, ...]:
    return active_seats(rules, dealer)


def _shuffle(items: list[int], getrandbits: Callable[[int], int]) -> None:
    """``random.Random.shuffle`` with its ``_randbelow`` inlined: the same draws in the same
    order (tests/test_deal_speed.py checks it against the library), a third of the calls."""
    for i, n, k in _SHUFFLE_STEPS[len(items)]:
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        items[i], items[r] = items[r], items[i]


#: Per pack size: (place, places to draw from, bits per draw), as ``shuffle`` walks them.
_SHUFFLE_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {
    size: tuple((i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, size)))
    for size in range(0, 129)
}


@functools.cache
def _full_pack_ones(rules: Rules) -> tuple[int, ...]:
    """The sorted pack as one-card packed multisets."""
    return tuple(ONE[k] for k in _full_pack(rules))


@functools.cache
def _deal_takers(rules: Rules) -> tuple[Callable[[list[int]], tuple[int, ...]], ...]:
    """Per destination (active seats in order, then the Dabb), what takes its places."""
    order = _deal_order(rules)
    return tuple(_taker([i for i, d in enumerate(order) if d == dest])
                 for dest in range(rules.active_players + 1))


def _taker(places: list[int]) -> Callable[[list[int]], tuple[int, ...]]:
    if len(places) > 1:
        return operator.itemgetter(*places)
    # ``itemgetter`` of one place answers the item itself, not a tuple.
    return lambda items: tuple(items[i] for i in places)


@functools.cache
def _full_pack(rules: Rules) -> tuple[int, ...]:
    return tuple(s * RANK_SLOTS + r for s in range(4) for r in rules.ranks for _ in range(2))


@functools.cache
def _deal_order(rules: Rules) -> tuple[int, ...]:
    """Where each card of the shuffled pack goes: the index of an active seat, or the Dabb."""
    n = rules.active_players
    per_drop = rules.dabb_size // len(rules.dabb_after_rounds) if rules.dabb_size else 0
    order: list[int] = []
    for round_no in range(1, rules.hand_size // rules.deal_packet + 1):
        for i in range(n):
            order.extend([i] * rules.deal_packet)
        if round_no in rules.dabb_after_rounds:
            order.extend([n] * per_drop)
    return tuple(order)


def first_dealer(rules: Rules, seed: int | str) -> int:
    """The first dealer, drawn by lot from the seed."""
    return random.Random(f"binokel/{seed}/dealer").randrange(rules.players)


def active_seats(rules: Rules, dealer: int) -> tuple[int, ...]:
    """Seats that play a hand, from forehand (the dealer's right) round to the dealer."""
    n = rules.players
    seats = tuple((dealer + 1 + i) % n for i in range(n))
    return seats[:-1] if rules.dealer_sits_out else seats


@dataclass(slots=True)
class _Hand:
    """What stays fixed or changes rarely within a hand (auction, contract, melds).

    Never changed once built: :func:`_replace_hand` makes the changed copy.  (Not frozen only
    so that the copy can be written field by field, which is several times faster.)
    """

    deal: Deal
    active: tuple[int, ...]
    next_seat: tuple[int, ...]
    order_from: tuple[tuple[int, ...], ...]
    """Per leading seat, the seats in playing order (``()`` for a seat sitting out)."""
    bids: tuple[tuple[int, int], ...]  # (seat, bid); bid 0 is a pass
    bid: int
    high_bidder: int
    next_entrant: int  # index into active of the next player to enter the auction
    declarer: int = -1
    contract: Contract | None = None
    trump: Suit | None = None
    discard: int = 0
    discards_left: int = 0
    melds: tuple[tuple[Meld, ...], ...] = ()
    dabb_shown: bool = False
    trump_index: int = NO_TRUMP
    durch_side: tuple[int, ...] = ()
    """The declaring side in a Durch (any other winner of a trick ends the hand)."""
    plain_duties: bool = False
    """The rule set's card-play duties are the standard ones (no teams, must beat, need not beat
    the led suit once trumped, must undertrump): ``legal_actions`` then answers inline."""


@dataclass(frozen=True, slots=True)
class _Game:
    """What changes once a hand at most: the rules, seed, hand number, dealer and scores."""

    rules: Rules
    seed: int | str
    hand_no: int
    dealer: int
    scores: tuple[int, ...]
    results: tuple[HandResult, ...]
    winners: tuple[int, ...] = ()


def make_game(rules: Rules, seed: int | str, hand_no: int, dealer: int,
              scores: tuple[int, ...], results: tuple[HandResult, ...],
              winners: tuple[int, ...]) -> _Game:
    """A :class:`_Game` written slot by slot (cheaper than the frozen dataclass's init)."""
    game: _Game = _new(_Game)
    _put(game, "rules", rules)
    _put(game, "seed", seed)
    _put(game, "hand_no", hand_no)
    _put(game, "dealer", dealer)
    _put(game, "scores", scores)
    _put(game, "results", results)
    _put(game, "winners", winners)
    return game


class StateReader(ActionChain[Action]):
    """A Binokel position, read-only; the state machine on top is
    :class:`~binokel.games.binokel.game.GameState`."""

    __slots__ = (
        "_best", "_g", "_h", "_hands", "_last_action", "_leader", "_legal", "_parent", "_phase",
        "_points", "_to_move", "_trick", "_tricks", "_won",
    )

    _g: _Game
    _phase: Phase
    _to_move: int
    _hands: tuple[int, ...]
    _h: _Hand
    _trick: tuple[int, ...]
    _leader: int
    _best: int
    _tricks: tuple[Trick, ...]
    _won: tuple[int, ...]
    _points: tuple[int, ...]
    _parent: Self | None
    _last_action: Action | None
    _legal: tuple[Action, ...] | None

    # --- reading the state ---------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self._g.rules

    @property
    def seed(self) -> int | str:
        return self._g.seed

    @property
    def hand_no(self) -> int:
        """Number of the hand being played, from 0."""
        return self._g.hand_no

    @property
    def dealer(self) -> int:
        return self._g.dealer

    @property
    def scores(self) -> tuple[int, ...]:
        """Running game totals per seat."""
        return self._g.scores

    @property
    def results(self) -> tuple[HandResult, ...]:
        """The score sheet: one result per finished hand."""
        return self._g.results

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats once the game is over."""
        return self._g.winners

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def to_move(self) -> int:
        """The seat to act, or :data:`TERMINAL`."""
        return self._to_move

    @property
    def hands(self) -> tuple[int, ...]:
        """Every seat's hand as a packed multiset (see :mod:`binokel.cards`)."""
        return self._hands

    @property
    def leader(self) -> int:
        """Who led (or is to lead) the current trick."""
        return self._leader

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The finished tricks of this hand."""
        return self._tricks

    @property
    def points(self) -> tuple[int, ...]:
        """Card points each seat has taken in tricks this hand (last-trick bonus included)."""
        return self._points

    @property
    def is_over(self) -> bool:
        return self._phase is _GAME_OVER

    @property
    def active(self) -> tuple[int, ...]:
        """Seats playing this hand, forehand first."""
        return self._h.active

    @property
    def forehand(self) -> int:
        return self._h.active[0]

    @property
    def deal(self) -> Deal:
        return self._h.deal

    @property
    def bids(self) -> tuple[tuple[int, int], ...]:
        """The auction so far: (seat, bid) with 0 for a pass; the forced opening comes first."""
        return self._h.bids

    @property
    def bid(self) -> int:
        """The highest bid so far (the target once the auction is over)."""
        return self._h.bid

    @property
    def declarer(self) -> int | None:
        return None if self._h.declarer < 0 else self._h.declarer

    @property
    def high_bidder(self) -> int:
        return self._h.high_bidder

    @property
    def contract(self) -> Contract | None:
        return self._h.contract

    @property
    def trump(self) -> Suit | None:
        return self._h.trump

    @property
    def dabb(self) -> list[Card]:
        return unpack(self._h.deal.dabb)

    @property
    def dabb_shown(self) -> bool:
        return self._h.dabb_shown

    @property
    def discard(self) -> list[Card]:
        return unpack(self._h.discard)

    @property
    def discard_packed(self) -> int:
        """The laid-away cards as a packed multiset."""
        return self._h.discard

    @property
    def shown_discard(self) -> list[Card]:
        """The laid-away cards every seat may see: with trumps named before the discard
        (``trump_before_discard``), each trump laid away is shown to all."""
        h = self._h
        if not self._g.rules.trump_before_discard or h.trump_index == NO_TRUMP or not h.discard:
            return []
        return unpack(h.discard & SUIT_MASK[h.trump_index])

    @property
    def melds(self) -> tuple[tuple[Meld, ...], ...]:
        """Each seat's shown melds (empty before trumps are named, and in Durch)."""
        return self._h.melds or _NO_MELDS[self._g.rules.players]

    @property
    def tricks_won(self) -> tuple[int, ...]:
        return self._won

    def hand(self, seat: int) -> list[Card]:
        """A seat's cards, grouped by suit, high to low."""
        return unpack(self._hands[seat])

    def current_trick(self) -> list[tuple[int, Card]]:
        """The trick in progress as (seat, card) in playing order."""
        out = []
        seat = self._leader
        for kind in self._trick:
            out.append((seat, CARDS[kind]))
            seat = self._h.next_seat[seat]
        return out

