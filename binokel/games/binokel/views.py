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

from collections.abc import Callable
from dataclasses import dataclass, fields

from ...cards import Card, Suit, size_of, unpack
from .actions import Action
from .melds import Meld
from .rules import Rules
from .scoring import Contract, HandResult, side_of
from .state import Phase, StateReader
from .tricks import Trick


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
    rules = state.rules
    if not 0 <= seat < rules.players:
        raise ValueError(f"no seat {seat} at this table (seats 0-{rules.players - 1})")
    shared = _shared_part(state)
    declarer = shared.declarer
    view = _new(View)
    # Field by field through the slots' own setters: several times cheaper than the frozen
    # dataclass's __init__, which goes through object.__setattr__ for each of ~30 fields.
    for setter, value in zip(_SETTERS, (
            rules, seat, shared.hand_no, shared.dealer, shared.phase, shared.to_move,
            cards_of(state.hands[seat]), shared.hand_sizes, shared.active, shared.bids,
            shared.bid, declarer, shared.dabb,
            cards_of(state.discard_packed) if declarer == seat and not shared.over else None,
            shared.contract, shared.trump, shared.melds, shared.open_hand, shared.leader,
            shared.trick, shared.tricks, shared.tricks_won, shared.trick_points, shared.scores,
            shared.results, shared.winners, legal if shared.to_move == seat else (),
            shared.shown_discard), strict=True):
        setter(view, value)
    return view


_new = object.__new__
#: The setters of View's slots, in the order of its fields.
_SETTERS: tuple[Callable[[View, object], None], ...] = tuple(
    getattr(View, f.name).__set__ for f in fields(View))


class _Shared:
    """The part of a state's views that every seat sees alike (public information only).

    A plain slots class written field by field (a frozen dataclass costs ~2x a whole view to
    build); never changed once made.
    """

    __slots__ = ("active", "bid", "bids", "contract", "dabb", "dealer", "declarer", "hand_no",
                 "hand_sizes", "leader", "melds", "open_hand", "over", "phase", "results",
                 "scores", "shown_discard", "to_move", "trick", "trick_points", "tricks",
                 "tricks_won", "trump", "winners")

    hand_no: int
    dealer: int
    phase: Phase
    to_move: int
    hand_sizes: tuple[int, ...]
    active: tuple[int, ...]
    bids: tuple[tuple[int, int], ...]
    bid: int
    declarer: int | None
    dabb: tuple[Card, ...] | None
    contract: Contract | None
    trump: Suit | None
    melds: tuple[tuple[Meld, ...], ...]
    open_hand: tuple[Card, ...] | None
    leader: int
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, ...]
    trick_points: tuple[int, ...]
    scores: tuple[int, ...]
    results: tuple[HandResult, ...]
    winners: tuple[int, ...]
    shown_discard: tuple[Card, ...]
    over: bool


# The shared part of the last state viewed: a table hands every seat its view of one state in
# turn (the web server, an environment's observations), and a state never changes.  The entry
# holds its state, so no other state can take its address; it is read and replaced whole.
_last: list[tuple[StateReader, _Shared] | None] = [None]


def _shared_part(state: StateReader) -> _Shared:
    entry = _last[0]
    if entry is not None and entry[0] is state:
        return entry[1]
    declarer = state.declarer
    contract = state.contract
    over = state.phase is _GAME_OVER
    open_hand = None
    if (contract is _OPEN_DURCH or contract is _OPEN_DURCH_NO_DABB) and declarer is not None:
        open_hand = cards_of(state.hands[declarer])
    shared = _new(_Shared)
    shared.hand_no = state.hand_no
    shared.dealer = state.dealer
    shared.phase = state.phase
    shared.to_move = state.to_move
    shared.hand_sizes = tuple(map(size_of, state.hands))
    shared.active = state.active
    shared.bids = state.bids
    shared.bid = state.bid
    shared.declarer = declarer
    shared.dabb = cards_of(state.deal.dabb) if state.dabb_shown and not over else None
    shared.contract = contract
    shared.trump = state.trump
    shared.melds = state.melds
    shared.open_hand = open_hand
    shared.leader = state.leader
    shared.trick = tuple(state.current_trick())
    shared.tricks = state.tricks if not over else ()
    shared.tricks_won = state.tricks_won
    shared.trick_points = state.points
    shared.scores = state.scores
    shared.results = state.results
    shared.winners = state.winners
    shared.shown_discard = tuple(state.shown_discard) if not over else ()
    shared.over = over
    _last[0] = (state, shared)
    return shared


_GAME_OVER = Phase.GAME_OVER
_OPEN_DURCH = Contract.OPEN_DURCH
_OPEN_DURCH_NO_DABB = Contract.OPEN_DURCH_NO_DABB
#: Card tuples of packed multisets: a seat's hand stays the same for many views in a row.
_CARDS: dict[int, tuple[Card, ...]] = {}


def cards_of(packed: int) -> tuple[Card, ...]:
    """The cards of a packed multiset as a shared tuple, grouped by suit, high to low."""
    found = _CARDS.get(packed)
    if found is None:
        if len(_CARDS) >= 100_000:
            _CARDS.clear()  # bounded: a long run must not grow it without end
        found = _CARDS[packed] = tuple(unpack(packed))
    return found
