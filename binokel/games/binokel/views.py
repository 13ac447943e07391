"""What one seat may know (a view), and nothing more.

Bots, the terminal and the web server receive views, never a
:class:`~binokel.games.binokel.game.GameState`.
A view holds the seat's own hand, the auction, the Dabb once turned up, everyone's shown melds,
every played card, hand sizes and the score sheet; in an open Durch the declarer's hand, and
with trumps named before the discard the trumps laid away.  Other hands, the unturned Dabb and
the rest of another seat's discard never appear in it.  A partner's hand is as hidden as an
opponent's (Kreuzbinokel), and the dealer who sits a hand out sees no more than the players.

>>> from binokel import new_game
>>> view = new_game(seed=1).view(0)
>>> len(view.hand), view.dabb
(12, None)
"""

from __future__ import annotations

import operator
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, fields
from itertools import repeat

from ...cards import BITS, KIND_COUNT, SUIT_MASK, Card, Suit, unpack
from ..reasons import HandReason
from .actions import Action
from .melds import Meld
from .rules import Rules
from .scoring import Contract, HandResult, explain_hand, side_of
from .state import _NO_MELDS, Phase, StateReader
from .tricks import NO_TRUMP, Trick


@dataclass(frozen=True, slots=True, kw_only=True)
class View:
    """One seat's knowledge of the game at one moment."""

    rules: Rules
    seat: int
    hand_no: int
    dealer: int
    phase: Phase
    to_move: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    active: tuple[int, ...]
    bids: tuple[tuple[int, int], ...]
    bid: int
    declarer: int | None
    dabb: tuple[Card, ...] | None
    """The Dabb, once turned face up (§4.1)."""
    discard: tuple[Card, ...] | None
    """The cards laid away: known only to the declarer."""
    contract: Contract | None
    trump: Suit | None
    melds: tuple[tuple[Meld, ...], ...]
    open_hand: tuple[Card, ...] | None
    """The declarer's hand in an open Durch, face up to all."""
    leader: int
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, ...]
    trick_points: tuple[int, ...]
    scores: tuple[int, ...]
    results: tuple[HandResult, ...]
    winners: tuple[int, ...]
    legal_actions: tuple[Action, ...]
    shown_discard: tuple[Card, ...] = ()
    """Laid-away cards shown to all: the trumps laid away when trumps are named before the
    discard (``trump_before_discard``)."""

    @property
    def side(self) -> tuple[int, ...]:
        """The seats on this seat's side: its team (Kreuzbinokel), or the seat alone."""
        return side_of(self.rules, self.seat)

    @property
    def is_playing(self) -> bool:
        """Whether this seat plays the current hand (the dealer may sit out, §9)."""
        return self.seat in self.active

    @property
    def is_my_turn(self) -> bool:
        return self.to_move == self.seat

    @property
    def hand_end(self) -> tuple[HandReason, ...]:
        """Why the last finished hand ended as it did (``()`` before the first ends)."""
        return explain_hand(self.rules, self.results[-1]) if self.results else ()

    @property
    def last_trick(self) -> Trick | None:
        """The last finished trick, of this hand or else of the hand before."""
        if self.tricks:
            return self.tricks[-1]
        if self.results and self.results[-1].tricks:
            return self.results[-1].tricks[-1]
        return None


def make_view(state: StateReader, seat: int, legal: tuple[Action, ...]) -> View:
    """Project a full state onto what ``seat`` may know; ``legal`` is the legal actions of the
    player to move (the state machine's answer, which only that seat's view carries)."""
    if not 0 <= seat < state._g.rules.players:
        raise ValueError(f"no seat {seat} at this table (seats 0-{state._g.rules.players - 1})")
    values = _shared_values(state).copy()
    values[_SEAT] = seat
    # The seat's hand: the tuple of its last view while the hand is the same (so an unchanged
    # hand is the same object), else four cached suit parts joined (most hands in play are new:
    # a cache by hand would mostly miss, and cost more than it saves).
    packed = state._hands[seat]
    last = _last_hands.get(seat)
    if last is not None and last[0] == packed:
        values[_HAND] = last[1]
    else:
        hand = (_SUIT_CARDS[packed & _M0] + _SUIT_CARDS[packed & _M1]
                + _SUIT_CARDS[packed & _M2] + _SUIT_CARDS[packed & _M3])
        _last_hands[seat] = (packed, hand)
        values[_HAND] = hand
    if values[_DECLARER] == seat and state._phase is not _GAME_OVER:
        values[_DISCARD] = cards_of(state._h.discard)
    if values[_TO_MOVE] == seat:
        values[_LEGAL] = legal
    view = _new(View)
    # Slot by slot through the slots' own setters, the loop run in C: several times cheaper
    # than the frozen dataclass's __init__, which goes through object.__setattr__ per field.
    _consume(map(_call, _SETTERS, repeat(view), values))
    return view


_new = object.__new__
_call = operator.call
_consume = deque[object](maxlen=0).extend
#: The setters of View's slots, in the order of its fields.
_SETTERS: tuple[Callable[[View, object], None], ...] = tuple(
    getattr(View, f.name).__set__ for f in fields(View))
#: The order of View's fields that :func:`_shared_values` writes them in (checked on import).
_ORDER = ("rules", "seat", "hand_no", "dealer", "phase", "to_move", "hand", "hand_sizes",
          "active", "bids", "bid", "declarer", "dabb", "discard", "contract", "trump", "melds",
          "open_hand", "leader", "trick", "tricks", "tricks_won", "trick_points", "scores",
          "results", "winners", "legal_actions", "shown_discard")
if tuple(f.name for f in fields(View)) != _ORDER:
    raise AssertionError("View's fields changed: update _ORDER and _shared_values")
_SEAT, _TO_MOVE, _HAND, _DECLARER, _DISCARD, _LEGAL = map(_ORDER.index, (
    "seat", "to_move", "hand", "declarer", "discard", "legal_actions"))

# The fields of the last state viewed: a table hands every seat its view of one state in turn
# (the web server, an environment's observations), and a state never changes.  The entry holds
# its state, so no other state can take its address; it is read and replaced whole, and its
# list is copied, never written, once stored.
_last: list[tuple[StateReader, list[object]] | None] = [None]
# The hand sizes of the last tuple of hands seen (bids and trumps leave the hands as they are).
_last_sizes: list[tuple[tuple[int, ...], tuple[int, ...]] | None] = [None]
# Per seat, its packed hand and card tuple at its last view.
_last_hands: dict[int, tuple[int, tuple[Card, ...]]] = {}
# The trick in progress as (seat, card) pairs, by its seating, leader and card kinds.
_TRICKS_IN_PLAY: dict[tuple[tuple[int, ...], int, tuple[int, ...]],
                      tuple[tuple[int, Card], ...]] = {}


def _shared_values(state: StateReader) -> list[object]:
    """A view's fields in order for ``state``, those of one seat left unset (a shared list:
    copy it before writing).

    Read straight from the state's immutable records (the game's, the hand's, the trick's),
    which are handed on unchanged from state to state until an action changes them: the
    view's tuples are those same objects, so a consumer can tell an unchanged field by
    identity (``binokel.env``'s encoders do).
    """
    entry = _last[0]
    if entry is not None and entry[0] is state:
        return entry[1]
    g = state._g
    h = state._h
    rules = g.rules
    phase = state._phase
    over = phase is _GAME_OVER
    hands = state._hands
    sizes = _last_sizes[0]
    if sizes is not None and sizes[0] is hands:
        hand_sizes = sizes[1]
    else:
        # Cards per packed hand: a count (0-2) is two bits, and a 2 has its high bit set.
        hand_sizes = tuple([_bit_count(h) + _bit_count(h & _HIGH_BITS) for h in hands])
        _last_sizes[0] = (hands, hand_sizes)
    declarer = h.declarer
    contract = h.contract
    open_hand = None
    if (contract is _OPEN_DURCH or contract is _OPEN_DURCH_NO_DABB) and declarer >= 0:
        open_hand = cards_of(hands[declarer])
    leader = state._leader
    trick: tuple[tuple[int, Card], ...] = ()
    if state._trick:
        key = (h.next_seat, leader, state._trick)
        found = _TRICKS_IN_PLAY.get(key)
        if found is None:
            if len(_TRICKS_IN_PLAY) >= 20_000:
                _TRICKS_IN_PLAY.clear()
            found = _TRICKS_IN_PLAY[key] = tuple(state.current_trick())
        trick = found
    shown_discard: tuple[Card, ...] = ()
    if rules.trump_before_discard and h.trump_index != NO_TRUMP and h.discard and not over:
        shown_discard = tuple(state.shown_discard)
    values: list[object] = [
        rules, None, g.hand_no, g.dealer, phase, state._to_move, None, hand_sizes, h.active,
        h.bids, h.bid, None if declarer < 0 else declarer,
        cards_of(h.deal.dabb) if h.dabb_shown and not over else None, None, contract,
        h.trump, h.melds or _NO_MELDS[rules.players], open_hand, leader, trick,
        state._tricks if not over else (), state._won, state._points, g.scores, g.results,
        g.winners, (), shown_discard]
    _last[0] = (state, values)
    return values


_bit_count = int.bit_count
#: The high bit of every kind's two-bit count.
_HIGH_BITS = sum(2 << (k * BITS) for k in range(KIND_COUNT))
_GAME_OVER = Phase.GAME_OVER
_OPEN_DURCH = Contract.OPEN_DURCH
_OPEN_DURCH_NO_DABB = Contract.OPEN_DURCH_NO_DABB


class _SuitCards(dict[int, tuple[Card, ...]]):
    """The cards of one suit's part of a packed multiset, made on first use (at most 3^8 per
    suit)."""

    def __missing__(self, part: int) -> tuple[Card, ...]:
        found = self[part] = tuple(unpack(part))
        return found


class _Cards(dict[int, tuple[Card, ...]]):
    """Card tuples of packed multisets, made on first use from the suits' cached parts (in
    :func:`unpack`'s order: suit by suit, high to low) and shared: a seat's hand stays the same
    for many views in a row."""

    def __missing__(self, packed: int) -> tuple[Card, ...]:
        if len(self) >= 100_000:
            self.clear()  # bounded: a long run must not grow it without end
        found = self[packed] = (_SUIT_CARDS[packed & _M0] + _SUIT_CARDS[packed & _M1]
                                + _SUIT_CARDS[packed & _M2] + _SUIT_CARDS[packed & _M3])
        return found


_SUIT_CARDS = _SuitCards()
_M0, _M1, _M2, _M3 = SUIT_MASK
_CARDS = _Cards()


def cards_of(packed: int) -> tuple[Card, ...]:
    """The cards of a packed multiset as a shared tuple, grouped by suit, high to low."""
    return _CARDS[packed]
