"""The Binokel game state: one state machine with one door.

A :class:`GameState` is immutable.  It tells the :attr:`~GameState.phase` and whose turn it is
(:attr:`~GameState.to_move`), lists the :meth:`~GameState.legal_actions`, and
:meth:`~GameState.apply` returns the next state.  An illegal action raises
:class:`IllegalActionError` naming the rule and changes nothing.  Hands are dealt from the seed,
so the same seed and the same actions always give the same game.

>>> from binokel import new_game, parse_action
>>> state = new_game(seed=7)
>>> state.phase, state.to_move, [str(a) for a in state.legal_actions()]
(<Phase.AUCTION: 'auction'>, 1, ['pass', '160'])
>>> state = state.apply(parse_action("pass"))
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...cards import (
    ABOVE,
    CARDS,
    KIND_POINTS,
    ONE,
    RANK_SLOTS,
    SUIT_MASK,
    Card,
    count_of,
    iter_kinds,
    points_of,
)
from ...errors import IllegalActionError
from . import actions as A
from .actions import Action
from .explain import why_illegal
from .melds import find_melds_packed, meld_total
from .rules import BINOKEL, FirstLead, Rules
from .scoring import (
    Contract,
    HandResult,
    game_winners,
    make_result,
    score_hand,
    score_trump_alone,
    side_of,
)
from .state import (
    _AUCTION,
    _DABB,
    _DISCARD,
    _GAME_OVER,
    _NO_MELDS,
    _PLAY,
    _TRUMP,
    TERMINAL,
    Deal,
    Phase,
    StateReader,
    _Hand,
    active_seats,
    deal_hand,
    first_dealer,
    make_game,
)
from .tricks import NO_TRUMP, Trick, legal_mask
from .views import View, make_view


class GameState(StateReader):
    """An immutable position of a whole Binokel game. Build one with :func:`new_game`."""

    __slots__ = ()

    def view(self, seat: int) -> View:
        """What ``seat`` may know, and nothing more."""
        return make_view(self, seat, self.legal_actions())

    def __repr__(self) -> str:
        return (f"<GameState hand {self.hand_no} {self.phase.value} to_move={self.to_move} "
                f"scores={list(self._g.scores)}>")

    # --- legal actions -------------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions the player to move may take (empty once the game is over)."""
        legal = self._legal
        if legal is None:
            # Card play under the standard duties is nearly every call: ``legal_mask`` written
            # out here for that case (tests/test_rules_6_tricks.py compares the two).
            if self._phase is _PLAY and self._h.plain_duties:
                mask = self._hands[self._to_move]
                trick = self._trick
                if trick:
                    led = trick[0] >> 3
                    best = trick[self._best]
                    follow = mask & SUIT_MASK[led]
                    if follow:
                        mask = (follow & ABOVE[best] or follow) if best >> 3 == led else follow
                    else:
                        trump = self._h.trump_index
                        if trump != NO_TRUMP:
                            trumps = mask & SUIT_MASK[trump]
                            if trumps:
                                mask = ((trumps & ABOVE[best] or trumps) if best >> 3 == trump
                                        else trumps)
                legal = _PLAYS_CACHE.get(mask)
                if legal is None:
                    legal = _plays_of(mask)
            else:
                legal = self._compute_legal()
            self._legal = legal
        return legal

    def _must_beat(self, seat: int) -> bool:
        if not (self._g.rules.partner_need_not_beat and self._g.rules.teams and self._trick):
            return True
        best_seat = self.current_trick()[self._best][0]
        return best_seat not in side_of(self._g.rules, seat) or best_seat == seat

    def _compute_legal(self) -> tuple[Action, ...]:
        phase = self._phase
        if phase is _PLAY:
            trick = self._trick
            hand = self._hands[self._to_move]
            if not trick:
                mask = hand
            else:
                rules = self._g.rules
                mask = legal_mask(hand, trick, trick[self._best], self._h.trump_index, rules,
                                  self._must_beat(self._to_move) if rules.teams else True)
            found = _PLAYS_CACHE.get(mask)
            if found is None:
                found = _plays_of(mask)
            return found
        rules = self._g.rules
        if phase is _AUCTION:
            bid = self._h.bid
            if rules.bid_jumps:
                top = rules.max_bid
                return (A.PASS, *(A.bid(v) for v in range(bid + rules.bid_step, top + 1,
                                                           rules.bid_step)))
            if bid + rules.bid_step > rules.max_bid:
                return (A.PASS,)
            return (A.PASS, A.bid(bid + rules.bid_step))
        if phase is _DABB:
            return (A.TAKE_DABB, A.OPEN_DURCH)
        if phase is _DISCARD:
            discards = _discards_of(self._hands[self._to_move])
            # Giving up is open until trumps are named (§4).
            return discards if self._h.contract is not None else discards + A.GIVE_UP
        if phase is _TRUMP:
            return _TRUMP_ACTIONS[rules.durch_allowed, rules.open_durch]
        return ()

    # --- the one door --------------------------------------------------------------------------

    def apply(self, action: Action, *, seat: int | None = None) -> GameState:
        """The state after ``action`` by the player to move.

        With ``seat``, the action is refused unless it is that seat's turn.
        """
        if seat is None and self._phase is _PLAY:
            # The hot path: a card play by whoever is to move, one of the shared legal actions.
            legal = self._legal
            if legal is None:
                legal = self.legal_actions()
            for candidate in legal:
                if candidate is action:
                    return self._play(action.card.kind, action)  # type: ignore[union-attr]
        if seat is not None and seat != self._to_move:
            if self.is_over:
                raise IllegalActionError("The game is over.")
            if seat not in self._h.active and 0 <= seat < self._g.rules.players:
                raise IllegalActionError(
                    f"You sit this hand out: seat {seat} dealt, and the dealer does not play.")
            raise IllegalActionError(f"It is not your turn: seat {self._to_move} is to act.")
        legal = self._legal if self._legal is not None else self.legal_actions()
        # Identity first: the shared action instances make this the usual case, and ``in``
        # would call the dataclass __eq__ (Python code) on every element before the match.
        for candidate in legal:
            if candidate is action:
                break
        else:
            if action not in legal:
                raise IllegalActionError(self._why_illegal(action))
        phase = self._phase
        if phase is _PLAY:
            return self._play(action.card.kind, action)  # type: ignore[union-attr]
        if phase is _AUCTION:
            return self._auction(action)
        if phase is _DABB:
            return self._take_dabb(action)
        if isinstance(action, A.GiveUp):
            return self._give_up(action)
        if phase is _DISCARD:
            assert isinstance(action, A.Discard)
            return self._discard(action)
        return self._declare(action)

    # --- transitions ---------------------------------------------------------------------------

    def _next(self, action: Action, **changes: object) -> GameState:
        new = self._copy(action)
        for name, value in changes.items():
            setattr(new, name, value)
        return new

    def _copy(self, action: Action) -> GameState:
        """A copy of this state with ``action`` as its last step; the caller sets what changes."""
        new = _new_state(GameState)
        new._g = self._g
        new._phase = self._phase
        new._to_move = self._to_move
        new._hands = self._hands
        new._h = self._h
        new._trick = self._trick
        new._leader = self._leader
        new._best = self._best
        new._tricks = self._tricks
        new._won = self._won
        new._points = self._points
        new._parent = self
        new._last_action = action
        new._legal = None
        return new

    def _auction(self, action: Action) -> GameState:
        # Field by field, no keyword plumbing: a bid or a pass is a few slots.
        h = self._h
        mover = self._to_move
        h2 = _copy_hand(h)
        new = self._copy(action)
        new._h = h2
        if isinstance(action, A.Bid):
            h2.bids = (*h.bids, (mover, action.value))
            h2.bid = action.value
            h2.high_bidder = mover
            new._to_move = h.high_bidder
            return new
        h2.bids = (*h.bids, (mover, 0))
        if h.next_entrant < len(h.active):
            h2.next_entrant = h.next_entrant + 1
            new._to_move = h.active[h.next_entrant]
            return new
        h2.declarer = h.high_bidder
        if self._g.rules.open_durch_without_dabb:
            return self._next(action, _h=h2, _phase=_DABB, _to_move=h.high_bidder)
        return self._after_dabb(action, h2)

    def _after_dabb(self, action: Action, h: _Hand) -> GameState:
        """The declarer turns up and takes the Dabb (§4.1)."""
        hands = list(self._hands)
        hands[h.declarer] += h.deal.dabb
        h2 = _replace_hand(h, dabb_shown=True, discards_left=self._g.rules.dabb_size)
        phase = _TRUMP if self._g.rules.trump_before_discard else _DISCARD
        if not self._g.rules.dabb_size:
            phase = _TRUMP
        return self._next(action, _h=h2, _hands=tuple(hands), _phase=phase, _to_move=h.declarer)

    def _take_dabb(self, action: Action) -> GameState:
        if isinstance(action, A.TakeDabb):
            return self._after_dabb(action, self._h)
        h2 = _replace_hand(self._h, contract=Contract.OPEN_DURCH_NO_DABB, trump=None,
                           durch_side=side_of(self._g.rules, self._h.declarer))
        return self._start_play(action, h2, self._hands)

    def _discard(self, action: A.Discard) -> GameState:
        h = self._h
        one = ONE[action.card.kind]
        hands = list(self._hands)
        hands[h.declarer] -= one
        left = h.discards_left - 1
        h2 = _copy_hand(h)
        h2.discard = h.discard + one
        h2.discards_left = left
        if left:
            new = self._copy(action)
            new._h = h2
            new._hands = tuple(hands)
            return new
        if h.contract is not None:  # trumps were named before the discard
            return self._start_play(action, h2, tuple(hands))
        return self._next(action, _h=h2, _hands=tuple(hands), _phase=_TRUMP)

    def _declare(self, action: Action) -> GameState:
        h = self._h
        h2 = _copy_hand(h)
        if isinstance(action, A.NameTrump):
            h2.contract = Contract.TRUMP
            h2.trump = action.suit
            h2.trump_index = int(action.suit)
        else:
            h2.contract = Contract.DURCH if isinstance(action, A.Durch) else Contract.OPEN_DURCH
            h2.trump = None
            h2.durch_side = side_of(self._g.rules, h.declarer)
        if self._g.rules.trump_before_discard and h.discards_left:
            return self._next(action, _h=h2, _phase=_DISCARD)
        return self._start_play(action, h2, self._hands)

    def _start_play(self, action: Action, h: _Hand, hands: tuple[int, ...]) -> GameState:
        """The first lead; ``h`` is a fresh copy of this state's hand (its melds set here)."""
        rules = self._g.rules
        assert h.contract is not None
        if h.contract is Contract.TRUMP:
            trump = h.trump
            active = h.active
            h.melds = tuple([find_melds_packed(hands[s], trump, rules) if s in active else ()
                             for s in range(rules.players)])
            leader = active[0] if rules.first_lead is _FOREHAND else h.declarer
        else:
            h.melds = _NO_MELDS[rules.players]
            leader = h.declarer
        new = self._copy(action)
        new._h = h
        new._hands = hands
        new._phase = _PLAY
        new._to_move = new._leader = leader
        new._trick = ()
        new._best = 0
        return new

    def _give_up(self, action: A.GiveUp) -> GameState:
        h = self._h
        rules = self._g.rules
        # The trump named on giving up sets the opponents' meld values (§4); where their melds
        # do not count (give_up_keeps_melds off) nobody shows any.  The declarer's side never
        # melds (§9 Kreuzbinokel: neither the declarer nor the partner).
        declaring = side_of(rules, h.declarer)
        melds = tuple(
            find_melds_packed(self._hands[s], action.suit, rules)
            if rules.give_up_keeps_melds and s in h.active and s not in declaring else ()
            for s in range(rules.players))
        h2 = _replace_hand(h, contract=Contract.GIVE_UP, trump=action.suit, melds=melds)
        return self._finish_hand(action, h2, self._hands, self._won, self._points)

    def _play(self, kind: int, action: Action) -> GameState:
        # The hot path of every playout: plain attribute work, no keyword plumbing, and the copy
        # written out here (a call to ``_copy`` per card costs more than the fields it sets).
        seat = self._to_move
        h = self._h
        hands = list(self._hands)
        hands[seat] -= ONE[kind]
        trick = (*self._trick, kind)
        best = self._best
        n = len(trick)
        if n > 1:
            best_kind = trick[best]
            if kind >> 3 == best_kind >> 3:  # the same suit (RANK_SLOTS is 8)
                if kind > best_kind:
                    best = n - 1
            elif kind >> 3 == h.trump_index:
                best = n - 1
        new = _new_state(GameState)
        new._g = self._g
        new._phase = _PLAY
        new._hands = tuple(hands)
        new._h = h
        new._parent = self
        new._last_action = action
        new._legal = None
        if n < len(h.active):
            new._trick = trick
            new._best = best
            new._to_move = h.next_seat[seat]
            new._leader = self._leader
            new._tricks = self._tricks
            new._won = self._won
            new._points = self._points
            return new
        # The trick is complete.
        leader = self._leader
        winner = h.order_from[leader][best]
        won = list(self._won)
        won[winner] += 1
        points = list(self._points)
        last = hands[winner] == 0
        points[winner] += sum(map(_KIND_POINTS, trick)) + (
            self._g.rules.last_trick_bonus if last else 0)
        done = _new_state(Trick)  # the finished trick, without the frozen dataclass's init
        _set_leader(done, leader)
        _set_cards(done, tuple(map(_CARD_OF, trick)))
        _set_winner(done, winner)
        new._tricks = (*self._tricks, done)
        new._trick = ()
        new._best = 0
        if last or (h.durch_side and winner not in h.durch_side):
            new._to_move = seat
            new._leader = leader
            new._won = self._won
            new._points = self._points
            return new._finish_hand(None, h, new._hands, tuple(won), tuple(points))
        new._won = tuple(won)
        new._points = tuple(points)
        new._leader = winner
        new._to_move = winner
        return new

    def _finish_hand(self, action: Action | None, h: _Hand, hands: tuple[int, ...],
                     won: tuple[int, ...], points: tuple[int, ...]) -> GameState:
        rules = self._g.rules
        assert h.contract is not None
        meld_points = [meld_total(m) for m in h.melds] if h.melds else [0] * rules.players
        discard_points = _points_of(h.discard)
        if h.contract is Contract.TRUMP and not rules.teams:
            scores, counted = score_trump_alone(rules, h.active, h.declarer, h.bid, meld_points,
                                                won, points, discard_points)
        else:
            scores, counted = score_hand(
                rules, active=h.active, declarer=h.declarer, bid=h.bid, contract=h.contract,
                meld_points=meld_points, tricks_won=won, trick_points=points,
                discard_points=discard_points)
        game = self._g
        totals = tuple(map(_add, game.scores, scores))
        result = make_result(
            game.hand_no, game.dealer, h.declarer, h.bid, h.contract, h.trump,
            h.melds or _NO_MELDS[rules.players], counted, points, won, discard_points, scores,
            totals, self._tricks)
        results = (*game.results, result)
        winners = game_winners(rules, totals, declarer=h.declarer, hands_played=len(results))
        if winners:
            changes: dict[str, object] = dict(
                _g=make_game(game.rules, game.seed, game.hand_no, game.dealer, totals, results,
                             winners),
                _phase=_GAME_OVER,
                _to_move=TERMINAL, _hands=hands, _won=won, _points=points, _h=h, _legal=())
            if action is None:
                # The hand ended with a card already recorded on this state; do not add a step.
                for name, value in changes.items():
                    setattr(self, name, value)
                return self
            return self._next(action, **changes)
        # The next hand's first position, kept as this step (its history runs through it).
        target = self if action is None else self._copy(action)
        _begin_hand(target, rules, self._g.seed, self._g.hand_no + 1,
                    (self._g.dealer + 1) % rules.players, totals, results, None)
        return target

    # --- explaining refusals -------------------------------------------------------------------

    def _why_illegal(self, action: Action) -> str:
        return why_illegal(self, action)


_new_state = object.__new__
_FOREHAND = FirstLead.FOREHAND
_KIND_POINTS = KIND_POINTS.__getitem__
assert RANK_SLOTS == 8, "_play reads a kind's suit as kind >> 3"
#: Legal card plays by mask of playable kinds; shared tuples of shared actions.
_PLAYS_CACHE: dict[int, tuple[Action, ...]] = {}


def _plays_of(mask: int) -> tuple[Action, ...]:
    """Card plays of a mask, built from cached per-suit parts (a hand's full mask rarely recurs)."""
    out: tuple[Action, ...] = ()
    for suit_mask in SUIT_MASK:
        part = mask & suit_mask
        if part:
            cached = _PLAYS_CACHE.get(part)
            if cached is None:
                cached = _PLAYS_CACHE[part] = tuple(A.PLAY[k] for k in iter_kinds(part))
            out += cached
    if len(_PLAYS_CACHE) < 200_000:
        _PLAYS_CACHE[mask] = out
    return out


_put = object.__setattr__
_add = operator.add


class _SuitPoints(dict[int, int]):
    """Card points of one suit's part of a packed multiset, worked out on first use."""

    def __missing__(self, part: int) -> int:
        found = self[part] = points_of(part)
        return found


_SUIT_POINTS = _SuitPoints()


def _points_of(packed: int) -> int:
    """:func:`~binokel.cards.points_of`, suit by suit from a table (the laid-away cards)."""
    return sum(map(_SUIT_POINTS.__getitem__, map(packed.__and__, SUIT_MASK)))


# A finished trick's slots, written through their own setters (see ``_play``).
_set_leader: Callable[[Trick, int], None] = vars(Trick)["leader"].__set__
_set_cards: Callable[[Trick, tuple[Card, ...]], None] = vars(Trick)["cards"].__set__
_set_winner: Callable[[Trick, int], None] = vars(Trick)["winner"].__set__
_CARD_OF = CARDS.__getitem__


_DISCARDS_CACHE: dict[int, tuple[Action, ...]] = {}
#: The declarer's choices once the Dabb is taken, by (Durch allowed, open Durch allowed).
_TRUMP_ACTIONS: dict[tuple[bool, bool], tuple[Action, ...]] = {
    (durch, open_durch): (*A.NAME_TRUMP, *((A.DURCH,) if durch else ()),
                          *((A.OPEN_DURCH,) if open_durch else ()), *A.GIVE_UP)
    for durch in (False, True) for open_durch in (False, True)}


def _discards_of(hand: int) -> tuple[Action, ...]:
    """Discard actions for the kinds in a hand, built from cached per-suit parts."""
    out: tuple[Action, ...] = ()
    for suit_mask in SUIT_MASK:
        part = hand & suit_mask
        if part:
            cached = _DISCARDS_CACHE.get(part)
            if cached is None:
                cached = _DISCARDS_CACHE[part] = tuple(A.DISCARD[k] for k in iter_kinds(part))
            out += cached
    return out


def _replace_hand(h: _Hand, **changes: object) -> _Hand:
    """A copy of ``h`` with some fields changed (cheaper than ``dataclasses.replace``)."""
    new = _copy_hand(h)
    for name, value in changes.items():
        setattr(new, name, value)
    return new


def _copy_hand(h: _Hand) -> _Hand:
    """A field-by-field copy of ``h``, for the caller to change before anyone sees it."""
    new = _new_state(_Hand)
    new.deal = h.deal
    new.active = h.active
    new.next_seat = h.next_seat
    new.order_from = h.order_from
    new.bids = h.bids
    new.bid = h.bid
    new.high_bidder = h.high_bidder
    new.next_entrant = h.next_entrant
    new.declarer = h.declarer
    new.contract = h.contract
    new.trump = h.trump
    new.discard = h.discard
    new.discards_left = h.discards_left
    new.melds = h.melds
    new.dabb_shown = h.dabb_shown
    new.trump_index = h.trump_index
    new.durch_side = h.durch_side
    new.plain_duties = h.plain_duties
    return new


def _hand_start(rules: Rules, seed: int | str, hand_no: int, dealer: int,
                scores: tuple[int, ...], results: tuple[HandResult, ...],
                deal: Deal | None = None) -> GameState:
    state = _new_state(GameState)
    state._parent = None
    state._last_action = None
    _begin_hand(state, rules, seed, hand_no, dealer, scores, results, deal)
    return state


def _begin_hand(state: GameState, rules: Rules, seed: int | str, hand_no: int, dealer: int,
                scores: tuple[int, ...], results: tuple[HandResult, ...],
                deal: Deal | None) -> None:
    """Write a hand's first position (the auction's opening) into ``state``, field by field;
    its ``_parent`` and ``_last_action`` are the caller's."""
    if deal is None:
        deal = deal_hand(rules, seed, hand_no, dealer)
    seating = _seating(rules, dealer)
    active = seating.active
    h = _new_state(_Hand)
    h.deal = deal
    h.active = active
    h.next_seat = seating.next_seat
    h.order_from = seating.order_from
    h.bids = seating.opening
    h.bid = rules.min_bid
    h.high_bidder = active[0]
    h.next_entrant = 2
    h.declarer = -1
    h.contract = None
    h.trump = None
    h.discard = 0
    h.discards_left = 0
    h.melds = ()
    h.dabb_shown = False
    h.trump_index = NO_TRUMP
    h.durch_side = ()
    h.plain_duties = seating.plain_duties
    state._g = make_game(rules, seed, hand_no, dealer, scores, results, ())
    state._phase = _AUCTION
    state._to_move = active[1]
    state._hands = deal.hands
    state._h = h
    state._trick = ()
    state._leader = active[0]
    state._best = 0
    state._tricks = ()
    state._won = state._points = seating.zeros
    state._legal = None


@dataclass(frozen=True, slots=True)
class _Seating:
    """What a rule set and a dealer fix for every hand they deal."""

    active: tuple[int, ...]
    next_seat: tuple[int, ...]
    order_from: tuple[tuple[int, ...], ...]
    opening: tuple[tuple[int, int], ...]
    zeros: tuple[int, ...]
    plain_duties: bool


_SEATINGS: dict[tuple[Rules, int], _Seating] = {}


def _seating(rules: Rules, dealer: int) -> _Seating:
    found = _SEATINGS.get((rules, dealer))
    if found is None:
        active = active_seats(rules, dealer)
        next_seat = [0] * rules.players
        order_from: list[tuple[int, ...]] = [()] * rules.players
        for i, seat in enumerate(active):
            next_seat[seat] = active[(i + 1) % len(active)]
            order_from[seat] = tuple(active[(i + j) % len(active)] for j in range(len(active)))
        found = _SEATINGS[rules, dealer] = _Seating(
            active, tuple(next_seat), tuple(order_from), ((active[0], rules.min_bid),),
            (0,) * rules.players, plain_duties(rules))
    return found


def plain_duties(rules: Rules) -> bool:
    """Whether card play follows the standard duties that ``legal_actions`` writes out."""
    return (not rules.teams and rules.must_beat and not rules.beat_suit_when_trumped
            and rules.must_undertrump)


def new_game(rules: Rules = BINOKEL, seed: int | str = 0, *, dealer: int | None = None,
             deal: Deal | None = None) -> GameState:
    """A new game: the first dealer drawn by lot and the first hand dealt, from ``seed``.

    ``dealer`` and ``deal`` fix the first hand instead (for puzzles, tests and real-card records).
    """
    if dealer is None:
        dealer = first_dealer(rules, seed)
    return _hand_start(rules, seed, 0, dealer, (0,) * rules.players, (), deal)


def apply_all(state: GameState, actions: Sequence[Action | str]) -> GameState:
    """Apply actions (or their notation) one after another."""
    for action in actions:
        state = state.apply(A.parse_action(action) if isinstance(action, str) else action)
    return state


def count_in(state: GameState, seat: int, card: Card) -> int:
    """How many copies of ``card`` a seat holds."""
    return count_of(state.hands[seat], card.kind)


__all__ = [
    "TERMINAL", "Deal", "GameState", "IllegalActionError", "Phase", "Trick",
    "active_seats", "apply_all", "deal_hand", "first_dealer", "new_game",
]
