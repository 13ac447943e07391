"""What one Binocle seat may know (a view), and sampling full states consistent with it.

A view holds the seat's own concealed hand, both tables of melded cards, the turned trump card,
every played card, the melds and dix scored, what each seat is publicly known to hold (the
turned trump it drew or took in exchange, a shown dix, its melded cards taken back when the
stock ran out), the stock's size and the scores.  The stock's order and the opponent's other
concealed cards never appear in it; nor does the seed, which would tell them.

>>> from binokel.games.binocle import new_binocle_game
>>> view = new_binocle_game(seed=1).view(0)
>>> len(view.hand), view.hand_sizes, view.stock_size
(12, (12, 12), 23)
"""

from __future__ import annotations

import operator
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, fields
from itertools import chain, repeat

from ...cards import CARDS, ONE, SUIT_MASK, Card, Suit, size_of, unpack
from ..reasons import HandReason
from .actions import BinocleAction
from .hand import (
    TAKEN,
    BinocleHandResult,
    BinocleTrick,
    Ending,
    Phase,
    full_pack,
)
from .melds import ScoredMeld, TableCard
from .rules import BinocleRules
from .state import StateReader


@dataclass(frozen=True, slots=True, kw_only=True)
class BinocleView:
    """One seat's knowledge of a Binocle game at one moment."""

    rules: BinocleRules
    seat: int
    cut: tuple[tuple[Card, Card], ...]
    hand_no: int
    dealer: int
    phase: Phase
    to_move: int
    hand: tuple[Card, ...]
    """The seat's own concealed cards."""
    hand_sizes: tuple[int, int]
    """Concealed cards of each seat."""
    tables: tuple[tuple[TableCard, ...], tuple[TableCard, ...]]
    """Each seat's melded cards on the table, with the melds each served in."""
    known: tuple[tuple[Card, ...], tuple[Card, ...]]
    """Concealed cards each seat is publicly known to hold."""
    trump: Suit
    dix: Card
    turned_up: Card
    """The card turned for trump at the deal."""
    turned: Card | None
    """The face-up card under the stock now (the dix after an exchange), until it is taken."""
    stock_size: int
    leader: int
    trick: tuple[tuple[int, Card], ...]
    led_from_table: bool
    tricks: tuple[BinocleTrick, ...]
    points: tuple[int, int]
    """Card points each seat has taken in tricks this hand."""
    scores: tuple[int, int]
    start_scores: tuple[int, int]
    """The scores when this hand was dealt."""
    target: int
    melds: tuple[tuple[ScoredMeld, ...], tuple[ScoredMeld, ...]]
    dix_points: tuple[int, int]
    dix_exchanged: bool
    dix_shown: bool
    has_melded: bool
    has_used_dix: bool
    results: tuple[BinocleHandResult, ...]
    winner: int | None
    ending: Ending | None
    legal_actions: tuple[BinocleAction, ...]

    @property
    def is_my_turn(self) -> bool:
        return self.to_move == self.seat

    @property
    def hand_end(self) -> tuple[HandReason, ...]:
        """Why the last finished hand ended as it did (:mod:`binokel.games.reasons`): who took
        the last trick's bonus; ``()`` before the first hand ends."""
        if not self.results or self.results[-1].last_trick < 0 or not self.rules.last_trick_bonus:
            return ()
        return (HandReason("last_trick", self.results[-1].last_trick,
                           points=self.rules.last_trick_bonus),)

    @property
    def stock_lasts(self) -> bool:
        return self.turned is not None

    def table(self, seat: int) -> list[Card]:
        """A seat's melded cards on the table."""
        return unpack(sum(ONE[e[0]] for e in self.tables[seat]))

    def claim_total(self, seat: int) -> int:
        """What a claim by ``seat`` would count now (§7)."""
        return self.scores[seat] + self.points[seat]

    def unseen(self) -> list[Card]:
        """Cards this seat has not seen: the opponent's unknown concealed cards and the stock."""
        return unpack(unseen_packed(self))


def make_view(state: StateReader, seat: int, legal: tuple[BinocleAction, ...]) -> BinocleView:
    """Project a full state onto what ``seat`` may know."""
    if seat not in (0, 1):
        raise ValueError(f"no seat {seat} at this table (seats 0 and 1)")
    values = _shared_values(state).copy()
    values[_SEAT] = seat
    values[_HAND] = _CARDS[state._hands[seat]]
    if state._to_move == seat:
        values[_LEGAL] = legal
    view = _new(BinocleView)
    # Slot by slot through the slots' own setters, the loop run in C (the frozen dataclass's
    # __init__ goes through object.__setattr__ for each of its ~35 fields).
    _consume(map(_call, _SETTERS, repeat(view), values))
    return view


_new = object.__new__
_call = operator.call
_consume = deque[object](maxlen=0).extend
_SETTERS: tuple[Callable[[BinocleView, object], None], ...] = tuple(
    getattr(BinocleView, f.name).__set__ for f in fields(BinocleView))
#: The order of BinocleView's fields that :func:`_shared_values` writes them in.
_ORDER = ("rules", "seat", "cut", "hand_no", "dealer", "phase", "to_move", "hand", "hand_sizes",
          "tables", "known", "trump", "dix", "turned_up", "turned", "stock_size", "leader",
          "trick", "led_from_table", "tricks", "points", "scores", "start_scores", "target",
          "melds", "dix_points", "dix_exchanged", "dix_shown", "has_melded", "has_used_dix",
          "results", "winner", "ending", "legal_actions")
if tuple(f.name for f in fields(BinocleView)) != _ORDER:
    raise AssertionError("BinocleView's fields changed: update _ORDER and _shared_values")
_SEAT, _HAND, _LEGAL = map(_ORDER.index, ("seat", "hand", "legal_actions"))

# The fields of the last state viewed (a table hands both seats their views of one state in
# turn); the entry holds its state, so no other state can take its address.  Its list is
# copied, never written, once stored.
_last: list[tuple[StateReader, list[object]] | None] = [None]
# The known cards of the last pair seen: they change a few times a hand.
_last_known: list[tuple[tuple[int, int], tuple[tuple[Card, ...], tuple[Card, ...]]] | None] = [
    None]


def _shared_values(state: StateReader) -> list[object]:
    """A view's fields in order for ``state``, those of one seat left unset (a shared list:
    copy it before writing); read straight from the state's immutable records, whose tuples
    the view shares (a consumer can tell an unchanged field by identity)."""
    entry = _last[0]
    if entry is not None and entry[0] is state:
        return entry[1]
    h = state._h
    hands = state._hands
    known = state._known
    pair = _last_known[0]
    if pair is None or pair[0] is not known:
        pair = _last_known[0] = (known, (_CARDS[known[0]], _CARDS[known[1]]))
    led = state._led
    turned = state._turned
    leader = state._leader
    winner = state._winner
    values: list[object] = [
        state._rules, None, state._cut, h.hand_no, h.dealer, state._phase, state._to_move,
        None, (size_of(hands[0]), size_of(hands[1])), state._tables, pair[1], h.trump,
        CARDS[h.dix], h.deal.turned_card, None if turned == TAKEN else CARDS[turned],
        len(h.deal.stock) - state._drawn, leader, () if led < 0 else ((leader, CARDS[led]),),
        state._led_from_table, state._tricks, state._points, state._scores, h.start_scores,
        state._target, state._melds, state._dix_points, state._exchanged, state._shown,
        state._turn_melded, state._turn_dix, state._results, None if winner < 0 else winner,
        state._ending, ()]
    _last[0] = (state, values)
    return values


class _SuitCards(dict[int, tuple[Card, ...]]):
    """The cards of one suit's part of a packed multiset, made on first use."""

    def __missing__(self, part: int) -> tuple[Card, ...]:
        found = self[part] = tuple(unpack(part))
        return found


class _Cards(dict[int, tuple[Card, ...]]):
    """Card tuples of packed multisets, made on first use from the suits' cached parts (in
    :func:`unpack`'s order: suit by suit, high to low) and shared; bounded."""

    def __missing__(self, packed: int) -> tuple[Card, ...]:
        if len(self) >= 100_000:
            self.clear()
        found = self[packed] = tuple(chain.from_iterable(
            map(_SUIT_CARDS.__getitem__, map(packed.__and__, SUIT_MASK))))
        return found


_SUIT_CARDS = _SuitCards()
_CARDS = _Cards()


def unseen_packed(view: BinocleView) -> int:
    """Packed cards hidden from the view's seat (what search deals at random)."""
    rest = 0
    for kind in full_pack(view.rules):
        rest += ONE[kind]
    seen = [*view.hand, *view.known[1 - view.seat], *(c for _, c in view.trick)]
    for seat in (0, 1):
        seen += [CARDS[e[0]] for e in view.tables[seat]]
    for trick in view.tricks:
        seen += trick.cards
    if view.turned is not None:
        seen.append(view.turned)
    for card in seen:
        rest -= ONE[card.kind]
    return rest
