"""The Binokel game state: one state machine with one door.

A :class:`GameState` is immutable.  It tells the :attr:`~GameState.phase` and whose turn it is
(:attr:`~GameState.to_move`), lists the :meth:`~GameState.legal_actions`, and
:meth:`~GameState.apply` returns the next state.  An illegal action raises
:class:`IllegalActionError` naming the rule and changes nothing.  Hands are dealt from the seed,
so the same seed and the same actions always give the same game.

>>> from binokel import new_game, parse_action
>>> state = new_game(seed=7)
>>> state.phase, state.to_move, [str(a) for a in state.legal_actions()]
(<Phase.AUCTION: 'auction'>, 2, ['pass', '160'])
>>> state = state.apply(parse_action("pass"))
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import actions as A
from .actions import Action
from .cards import (
    CARD_POINTS,
    CARDS,
    ONE,
    RANK_SLOTS,
    SUIT_MASK,
    Card,
    Suit,
    count_of,
    iter_kinds,
    points_of,
    unpack,
)
from .melds import Meld, find_melds_packed, meld_total
from .rules import BINOKEL, FirstLead, Rules
from .scoring import Contract, HandResult, game_winners, score_hand, side_of
from .tricks import NO_TRUMP, Trick, beats, legal_mask

if TYPE_CHECKING:
    from .views import View


class Phase(enum.Enum):
    AUCTION = "auction"
    DABB = "dabb"
    DISCARD = "discard"
    TRUMP = "trump"
    PLAY = "play"
    GAME_OVER = "game over"


#: ``to_move`` once the game is over.
TERMINAL = -1


class IllegalActionError(ValueError):
    """An action the rules forbid; the message names the rule. The state is unchanged."""


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards of one hand as dealt: packed hands per seat (0 for a seat sitting out), the Dabb."""

    hands: tuple[int, ...]
    dabb: int

    def hand(self, seat: int) -> list[Card]:
        return unpack(self.hands[seat])

    def dabb_cards(self) -> list[Card]:
        return unpack(self.dabb)


def deal_hand(rules: Rules, seed: int | str, hand_no: int, dealer: int) -> Deal:
    """Shuffle (one seeded permutation stands for shuffle and cut) and deal in packets (§2)."""
    pack = [s * RANK_SLOTS + r for s in range(4) for r in rules.ranks for _ in range(2)]
    random.Random(f"binokel/{seed}/{hand_no}").shuffle(pack)
    active = active_seats(rules, dealer)
    hands = [0] * rules.players
    dabb = 0
    per_drop = rules.dabb_size // len(rules.dabb_after_rounds) if rules.dabb_size else 0
    pos = 0
    for round_no in range(1, rules.hand_size // rules.deal_packet + 1):
        for seat in active:
            for kind in pack[pos:pos + rules.deal_packet]:
                hands[seat] += ONE[kind]
            pos += rules.deal_packet
        if round_no in rules.dabb_after_rounds:
            for kind in pack[pos:pos + per_drop]:
                dabb += ONE[kind]
            pos += per_drop
    return Deal(tuple(hands), dabb)


def first_dealer(rules: Rules, seed: int | str) -> int:
    """The first dealer, drawn by lot from the seed."""
    return random.Random(f"binokel/{seed}/dealer").randrange(rules.players)


def active_seats(rules: Rules, dealer: int) -> tuple[int, ...]:
    """Seats that play a hand, from forehand (the dealer's right) round to the dealer."""
    n = rules.players
    seats = tuple((dealer + 1 + i) % n for i in range(n))
    return seats[:-1] if rules.dealer_sits_out else seats


@dataclass(frozen=True, slots=True)
class _Hand:
    """What stays fixed or changes rarely within a hand (auction, contract, melds)."""

    deal: Deal
    active: tuple[int, ...]
    next_seat: tuple[int, ...]
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


class GameState:
    """An immutable position of a whole Binokel game. Build one with :func:`new_game`."""

    __slots__ = (
        "_best", "_h", "_legal", "_won", "dealer", "hand_no", "hands", "last_action", "leader",
        "parent", "phase", "points", "results", "rules", "scores", "seed", "to_move", "trick",
        "tricks", "winners",
    )

    rules: Rules
    seed: int | str
    hand_no: int
    dealer: int
    scores: tuple[int, ...]
    results: tuple[HandResult, ...]
    winners: tuple[int, ...]
    phase: Phase
    to_move: int
    hands: tuple[int, ...]
    _h: _Hand
    trick: tuple[int, ...]
    leader: int
    _best: int
    tricks: tuple[Trick, ...]
    _won: tuple[int, ...]
    points: tuple[int, ...]
    parent: GameState | None
    last_action: Action | None
    _legal: tuple[Action, ...] | None

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("GameState is immutable; use apply()")

    # --- reading the state ---------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.GAME_OVER

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
    def melds(self) -> tuple[tuple[Meld, ...], ...]:
        """Each seat's shown melds (empty before trumps are named, and in Durch)."""
        return self._h.melds or tuple(() for _ in range(self.rules.players))

    @property
    def tricks_won(self) -> tuple[int, ...]:
        return self._won

    def hand(self, seat: int) -> list[Card]:
        """A seat's cards, grouped by suit, high to low."""
        return unpack(self.hands[seat])

    def current_trick(self) -> list[tuple[int, Card]]:
        """The trick in progress as (seat, card) in playing order."""
        out = []
        seat = self.leader
        for kind in self.trick:
            out.append((seat, CARDS[kind]))
            seat = self._h.next_seat[seat]
        return out

    def history(self) -> list[Action]:
        """Every action applied since the game began, oldest first."""
        out: list[Action] = []
        state: GameState | None = self
        while state is not None and state.last_action is not None:
            out.append(state.last_action)
            state = state.parent
        out.reverse()
        return out

    def states(self) -> Iterator[GameState]:
        """This state and its ancestors, newest first."""
        state: GameState | None = self
        while state is not None:
            yield state
            state = state.parent

    def view(self, seat: int) -> View:
        """What ``seat`` may know, and nothing more."""
        from .views import make_view

        return make_view(self, seat)

    def __repr__(self) -> str:
        return (f"<GameState hand {self.hand_no} {self.phase.value} to_move={self.to_move} "
                f"scores={list(self.scores)}>")

    # --- legal actions -------------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions the player to move may take (empty once the game is over)."""
        legal = self._legal
        if legal is None:
            legal = self._compute_legal()
            object.__setattr__(self, "_legal", legal)
        return legal

    def _must_beat(self, seat: int) -> bool:
        if not (self.rules.partner_need_not_beat and self.rules.teams and self.trick):
            return True
        best_seat = self.current_trick()[self._best][0]
        return best_seat not in side_of(self.rules, seat) or best_seat == seat

    def _play_mask(self) -> int:
        hand = self.hands[self.to_move]
        if not self.trick:
            return hand
        trump = NO_TRUMP if self._h.trump is None else int(self._h.trump)
        return legal_mask(hand, self.trick, self.trick[self._best], trump, rules=self.rules,
                          must_beat=self._must_beat(self.to_move))

    def _compute_legal(self) -> tuple[Action, ...]:
        phase = self.phase
        rules = self.rules
        if phase is Phase.PLAY:
            return _plays_of(self._play_mask())
        if phase is Phase.AUCTION:
            bid = self._h.bid
            if rules.bid_jumps:
                top = rules.max_bid
                return (A.PASS, *(A.bid(v) for v in range(bid + rules.bid_step, top + 1,
                                                           rules.bid_step)))
            if bid + rules.bid_step > rules.max_bid:
                return (A.PASS,)
            return (A.PASS, A.bid(bid + rules.bid_step))
        if phase is Phase.DABB:
            return (A.TAKE_DABB, A.OPEN_DURCH)
        if phase is Phase.DISCARD:
            discards = tuple(A.DISCARD[k] for k in iter_kinds(self.hands[self.to_move]))
            # Giving up is open until trumps are named (§4).
            return discards if self._h.contract is not None else discards + A.GIVE_UP
        if phase is Phase.TRUMP:
            out: list[Action] = list(A.NAME_TRUMP)
            if rules.durch_allowed:
                out.append(A.DURCH)
            if rules.open_durch:
                out.append(A.OPEN_DURCH)
            out.extend(A.GIVE_UP)
            return tuple(out)
        return ()

    # --- the one door --------------------------------------------------------------------------

    def apply(self, action: Action, *, seat: int | None = None) -> GameState:
        """The state after ``action`` by the player to move.

        With ``seat``, the action is refused unless it is that seat's turn.
        """
        if seat is not None and seat != self.to_move:
            if self.is_over:
                raise IllegalActionError("The game is over.")
            raise IllegalActionError(f"It is not your turn: seat {self.to_move} is to act.")
        legal = self._legal if self._legal is not None else self.legal_actions()
        if action not in legal:
            raise IllegalActionError(self._why_illegal(action))
        phase = self.phase
        if phase is Phase.PLAY:
            assert isinstance(action, A.Play)
            return self._play(action.card.kind, action)
        if phase is Phase.AUCTION:
            return self._auction(action)
        if phase is Phase.DABB:
            return self._take_dabb(action)
        if isinstance(action, A.GiveUp):
            return self._give_up(action)
        if phase is Phase.DISCARD:
            assert isinstance(action, A.Discard)
            return self._discard(action)
        return self._declare(action)

    # --- transitions ---------------------------------------------------------------------------

    def _next(self, action: Action, **changes: object) -> GameState:
        new = object.__new__(GameState)
        put = object.__setattr__
        for name in GameState.__slots__:
            put(new, name, changes[name] if name in changes else getattr(self, name))
        put(new, "parent", self)
        put(new, "last_action", action)
        if "_legal" not in changes:
            put(new, "_legal", None)
        return new

    def _auction(self, action: Action) -> GameState:
        h = self._h
        mover = self.to_move
        if isinstance(action, A.Bid):
            bids = (*h.bids, (mover, action.value))
            h2 = _replace_hand(h, bids=bids, bid=action.value, high_bidder=mover)
            return self._next(action, _h=h2, to_move=h.high_bidder)
        bids = (*h.bids, (mover, 0))
        if h.next_entrant < len(h.active):
            h2 = _replace_hand(h, bids=bids, next_entrant=h.next_entrant + 1)
            return self._next(action, _h=h2, to_move=h.active[h.next_entrant])
        h2 = _replace_hand(h, bids=bids, declarer=h.high_bidder)
        if self.rules.open_durch_without_dabb:
            return self._next(action, _h=h2, phase=Phase.DABB, to_move=h.high_bidder)
        return self._after_dabb(action, h2)

    def _after_dabb(self, action: Action, h: _Hand) -> GameState:
        """The declarer turns up and takes the Dabb (§4.1)."""
        hands = list(self.hands)
        hands[h.declarer] += h.deal.dabb
        h2 = _replace_hand(h, dabb_shown=True, discards_left=self.rules.dabb_size)
        phase = Phase.TRUMP if self.rules.trump_before_discard else Phase.DISCARD
        if not self.rules.dabb_size:
            phase = Phase.TRUMP
        return self._next(action, _h=h2, hands=tuple(hands), phase=phase, to_move=h.declarer)

    def _take_dabb(self, action: Action) -> GameState:
        if isinstance(action, A.TakeDabb):
            return self._after_dabb(action, self._h)
        h2 = _replace_hand(self._h, contract=Contract.OPEN_DURCH_NO_DABB, trump=None)
        return self._start_play(action, h2, self.hands)

    def _discard(self, action: A.Discard) -> GameState:
        h = self._h
        kind = action.card.kind
        hands = list(self.hands)
        hands[h.declarer] -= ONE[kind]
        left = h.discards_left - 1
        h2 = _replace_hand(h, discard=h.discard + ONE[kind], discards_left=left)
        if left:
            return self._next(action, _h=h2, hands=tuple(hands))
        if h.contract is not None:  # trumps were named before the discard
            return self._start_play(action, h2, tuple(hands))
        return self._next(action, _h=h2, hands=tuple(hands), phase=Phase.TRUMP)

    def _declare(self, action: Action) -> GameState:
        h = self._h
        if isinstance(action, A.NameTrump):
            h2 = _replace_hand(h, contract=Contract.TRUMP, trump=action.suit)
        elif isinstance(action, A.Durch):
            h2 = _replace_hand(h, contract=Contract.DURCH, trump=None)
        else:
            h2 = _replace_hand(h, contract=Contract.OPEN_DURCH, trump=None)
        if self.rules.trump_before_discard and h.discards_left:
            return self._next(action, _h=h2, phase=Phase.DISCARD)
        return self._start_play(action, h2, self.hands)

    def _start_play(self, action: Action, h: _Hand, hands: tuple[int, ...]) -> GameState:
        rules = self.rules
        assert h.contract is not None
        if h.contract is Contract.TRUMP:
            melds = tuple(find_melds_packed(hands[s], h.trump, rules) if s in h.active else ()
                          for s in range(rules.players))
            leader = h.active[0] if rules.first_lead is FirstLead.FOREHAND else h.declarer
        else:
            melds = tuple(() for _ in range(rules.players))
            leader = h.declarer
        h2 = _replace_hand(h, melds=melds)
        return self._next(action, _h=h2, hands=hands, phase=Phase.PLAY, to_move=leader,
                          leader=leader, trick=(), _best=0)

    def _give_up(self, action: A.GiveUp) -> GameState:
        h = self._h
        rules = self.rules
        melds = tuple(
            find_melds_packed(self.hands[s], action.suit, rules)
            if s in h.active and s not in side_of(rules, h.declarer) else ()
            for s in range(rules.players))
        h2 = _replace_hand(h, contract=Contract.GIVE_UP, trump=action.suit, melds=melds)
        return self._finish_hand(action, h2, self.hands, self._won, self.points)

    def _play(self, kind: int, action: Action) -> GameState:
        seat = self.to_move
        h = self._h
        hands = list(self.hands)
        hands[seat] -= ONE[kind]
        trick = (*self.trick, kind)
        best = self._best
        if len(trick) > 1:
            trump = NO_TRUMP if h.trump is None else int(h.trump)
            if beats(kind, trick[best], trump):
                best = len(trick) - 1
        if len(trick) < len(h.active):
            return self._next(action, hands=tuple(hands), trick=trick, _best=best,
                              to_move=h.next_seat[seat], _legal=None)
        # The trick is complete.
        winner = self.leader
        for _ in range(best):
            winner = h.next_seat[winner]
        won = list(self._won)
        won[winner] += 1
        points = list(self.points)
        last = hands[winner] == 0
        points[winner] += sum(CARD_POINTS[k % RANK_SLOTS] for k in trick)
        if last:
            points[winner] += self.rules.last_trick_bonus
        finished = Trick(self.leader, tuple(CARDS[k] for k in trick), winner)
        tricks = (*self.tricks, finished)
        durch_lost = (h.contract is not None and h.contract.is_durch
                      and winner not in side_of(self.rules, h.declarer))
        if last or durch_lost:
            done = self._next(action, hands=tuple(hands), trick=(), tricks=tricks, _best=0)
            return done._finish_hand(None, h, tuple(hands), tuple(won), tuple(points))
        return self._next(action, hands=tuple(hands), trick=(), _best=0, tricks=tricks,
                          _won=tuple(won), points=tuple(points), leader=winner, to_move=winner)

    def _finish_hand(self, action: Action | None, h: _Hand, hands: tuple[int, ...],
                     won: tuple[int, ...], points: tuple[int, ...]) -> GameState:
        rules = self.rules
        assert h.contract is not None
        meld_points = [meld_total(m) for m in h.melds] if h.melds else [0] * rules.players
        discard_points = points_of(h.discard)
        scores, counted = score_hand(
            rules, active=h.active, declarer=h.declarer, bid=h.bid, contract=h.contract,
            meld_points=meld_points, tricks_won=won, trick_points=points,
            discard_points=discard_points)
        totals = tuple(t + s for t, s in zip(self.scores, scores, strict=True))
        result = HandResult(
            hand_no=self.hand_no, dealer=self.dealer, declarer=h.declarer, bid=h.bid,
            contract=h.contract, trump=h.trump,
            melds=h.melds or tuple(() for _ in range(rules.players)),
            meld_points=counted, trick_points=points, tricks_won=won,
            discard_points=discard_points, scores=scores, totals=totals, tricks=self.tricks)
        results = (*self.results, result)
        winners = game_winners(rules, totals, declarer=h.declarer, hands_played=len(results))
        if winners:
            changes: dict[str, object] = dict(
                scores=totals, results=results, winners=winners, phase=Phase.GAME_OVER,
                to_move=TERMINAL, hands=hands, _won=won, points=points, _h=h, _legal=())
            if action is None:
                # The hand ended with a card already recorded on this state; do not add a step.
                for name, value in changes.items():
                    object.__setattr__(self, name, value)
                return self
            return self._next(action, **changes)
        dealer = (self.dealer + 1) % rules.players
        nxt = _hand_start(rules, self.seed, self.hand_no + 1, dealer, totals, results)
        if action is None:
            for name in GameState.__slots__:
                if name not in ("parent", "last_action"):
                    object.__setattr__(self, name, getattr(nxt, name))
            return self
        return self._next(action, **{n: getattr(nxt, n) for n in GameState.__slots__
                                     if n not in ("parent", "last_action")})

    # --- explaining refusals -------------------------------------------------------------------

    def _why_illegal(self, action: Action) -> str:
        from .explain import why_illegal

        return why_illegal(self, action)


_PLAYS_CACHE: dict[int, tuple[Action, ...]] = {}


def _plays_of(mask: int) -> tuple[Action, ...]:
    out: tuple[Action, ...] = ()
    for suit in range(4):
        part = mask & SUIT_MASK[suit]
        if not part:
            continue
        cached = _PLAYS_CACHE.get(part)
        if cached is None:
            cached = _PLAYS_CACHE[part] = tuple(A.PLAY[k] for k in iter_kinds(part))
        out += cached
    return out


def _replace_hand(h: _Hand, **changes: object) -> _Hand:
    values = {name: getattr(h, name) for name in _Hand.__slots__}
    values.update(changes)
    return _Hand(**values)  # type: ignore[arg-type]


def _hand_start(rules: Rules, seed: int | str, hand_no: int, dealer: int,
                scores: tuple[int, ...], results: tuple[HandResult, ...],
                deal: Deal | None = None) -> GameState:
    if deal is None:
        deal = deal_hand(rules, seed, hand_no, dealer)
    active = active_seats(rules, dealer)
    next_seat = [0] * rules.players
    for i, seat in enumerate(active):
        next_seat[seat] = active[(i + 1) % len(active)]
    h = _Hand(deal=deal, active=active, next_seat=tuple(next_seat),
              bids=((active[0], rules.min_bid),), bid=rules.min_bid, high_bidder=active[0],
              next_entrant=2)
    state = object.__new__(GameState)
    values: dict[str, object] = dict(
        rules=rules, seed=seed, hand_no=hand_no, dealer=dealer, scores=scores, results=results,
        winners=(), phase=Phase.AUCTION, to_move=active[1], hands=deal.hands, _h=h, trick=(),
        leader=active[0], _best=0, tricks=(), _won=(0,) * rules.players,
        points=(0,) * rules.players, parent=None, last_action=None, _legal=None)
    for name, value in values.items():
        object.__setattr__(state, name, value)
    return state


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
