"""The compact form for search: card play on packed hands, without building states.

A :class:`Position` is the card-play part of a hand (hands as packed ints, who leads, trumps,
the trick so far, points taken); :func:`random_playout` plays it to the end with uniformly random
legal cards and returns the card points each seat took.  This is what Monte-Carlo bots and the
``playouts_per_second`` benchmark use; it obeys exactly the duties of
:mod:`binokel.games.binokel.tricks`
(a test plays the same random choices through :class:`~binokel.games.binokel.game.GameState` and
compares).

In a Durch the playout still plays every trick; whether the declarer took them all is for the
caller to judge from the points.

>>> import random
>>> from binokel import new_game, Phase
>>> state = new_game(seed=5)
>>> rng = random.Random(0)
>>> while state.phase is not Phase.PLAY:
...     state = state.apply(rng.choice(state.legal_actions()[:4]))
>>> points = random_playout(Position.from_state(state), rng.random)
>>> sum(points) + sum(card.points for card in state.discard)
250
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ...cards import ABOVE, KIND_POINTS, ONE, SUIT_MASK, iter_kinds
from .game import GameState, Phase
from .rules import Rules
from .tricks import NO_TRUMP, legal_mask

_KIND_POINTS = KIND_POINTS
_KINDS: dict[int, tuple[int, ...]] = {}


def _kinds(mask: int) -> tuple[int, ...]:
    found = _KINDS.get(mask)
    if found is None:
        if len(_KINDS) > 1_000_000:
            _KINDS.clear()
        found = _KINDS[mask] = tuple(iter_kinds(mask))
    return found


@dataclass(frozen=True, slots=True)
class Position:
    """Card play of one hand in compact form; seats are numbered as at the table."""

    rules: Rules
    hands: tuple[int, ...]
    order: tuple[int, ...]
    """Active seats in playing order, forehand first."""
    leader: int
    trick: tuple[int, ...]
    """Kinds played to the current trick so far."""
    trump: int
    points: tuple[int, ...]
    tricks_won: tuple[int, ...]

    @classmethod
    def from_state(cls, state: GameState) -> Position:
        """The card-play position of a state in the play phase."""
        if state.phase is not Phase.PLAY:
            raise ValueError("a playout position needs a state in the play phase")
        trump = NO_TRUMP if state.trump is None else int(state.trump)
        trick = tuple(card.kind for _, card in state.current_trick())
        return cls(state.rules, state.hands, state.active, state.leader, trick, trump,
                   state.points, state.tricks_won)


def random_playout(position: Position, rnd: Callable[[], float]) -> list[int]:
    """Play ``position`` to the end with uniformly random legal cards; card points per seat.

    ``rnd`` is a generator's ``random`` method (e.g. ``random.Random(1).random``).  The points
    include the last-trick bonus and what was taken before the position.
    """
    rules = position.rules
    if rules.must_beat and not rules.beat_suit_when_trumped and rules.must_undertrump \
            and not rules.teams:
        return _fast_playout(position, rnd)
    return _general_playout(position, rnd)


def _fast_playout(position: Position, rnd: Callable[[], float]) -> list[int]:
    # Inlined trick duties of binokel.games.binokel.tricks.legal_mask for the default rule settings.
    hands = list(position.hands)
    points = list(position.points)
    order = position.order
    n = len(order)
    trump = position.trump
    trump_mask = SUIT_MASK[trump] if trump != NO_TRUMP else 0
    nxt = {order[i]: order[(i + 1) % n] for i in range(n)}
    kinds = _KINDS
    one = ONE
    above = ABOVE
    kp = _KIND_POINTS
    suit_mask = SUIT_MASK
    leader = position.leader
    trick = position.trick
    while True:
        seat = leader
        if trick:
            played = list(trick)
            best_i = 0
            for i in range(1, len(played)):
                k, b = played[i], played[best_i]
                if (k >> 3 == b >> 3 and k > b) or (k >> 3 == trump and b >> 3 != trump):
                    best_i = i
            best = played[best_i]
            best_seat = leader
            for _ in range(best_i):
                best_seat = nxt[best_seat]
            for _ in range(len(played)):
                seat = nxt[seat]
            gained = sum(kp[k] for k in played)
            led = played[0] >> 3
            start = len(played)
            trick = ()
        else:
            hand = hands[seat]
            opts = kinds.get(hand) or _kinds(hand)
            best = opts[int(rnd() * len(opts))]
            hands[seat] = hand - one[best]
            best_seat = seat
            gained = kp[best]
            led = best >> 3
            seat = nxt[seat]
            start = 1
        for _ in range(start, n):
            hand = hands[seat]
            mask = hand & suit_mask[led]
            if mask:
                if best >> 3 == led:
                    mask = (mask & above[best]) or mask
            elif hand & trump_mask:
                mask = hand & trump_mask
                if best >> 3 == trump:
                    mask = (mask & above[best]) or mask
            else:
                mask = hand
            opts = kinds.get(mask) or _kinds(mask)
            kind = opts[int(rnd() * len(opts))]
            hands[seat] = hand - one[kind]
            gained += kp[kind]
            if kind >> 3 == best >> 3:
                if kind > best:
                    best, best_seat = kind, seat
            elif kind >> 3 == trump:
                best, best_seat = kind, seat
            seat = nxt[seat]
        points[best_seat] += gained
        leader = best_seat
        if not hands[leader]:
            points[leader] += position.rules.last_trick_bonus
            return points


def _general_playout(position: Position, rnd: Callable[[], float]) -> list[int]:
    rules = position.rules
    hands = list(position.hands)
    points = list(position.points)
    order = position.order
    n = len(order)
    trump = position.trump
    nxt = {order[i]: order[(i + 1) % n] for i in range(n)}
    team_of = {seat: i for i, team in enumerate(rules.teams) for seat in team}
    exempt = rules.partner_need_not_beat and bool(rules.teams)
    leader = position.leader
    trick = list(position.trick)
    while True:
        seat = leader
        for _ in trick:
            seat = nxt[seat]
        while len(trick) < n:
            if trick:
                best, best_seat, player = trick[0], leader, leader
                for k in trick[1:]:
                    player = nxt[player]
                    if (k >> 3 == best >> 3 and k > best) or (k >> 3 == trump
                                                             and best >> 3 != trump):
                        best, best_seat = k, player
                must_beat = not (exempt and team_of[best_seat] == team_of[seat])
                mask = legal_mask(hands[seat], trick, best, trump, rules, must_beat)
            else:
                mask = hands[seat]
            opts = _kinds(mask)
            kind = opts[int(rnd() * len(opts))]
            hands[seat] -= ONE[kind]
            trick.append(kind)
            seat = nxt[seat]
        best_i = 0
        for i in range(1, n):
            k, b = trick[i], trick[best_i]
            if (k >> 3 == b >> 3 and k > b) or (k >> 3 == trump and b >> 3 != trump):
                best_i = i
        winner = leader
        for _ in range(best_i):
            winner = nxt[winner]
        points[winner] += sum(_KIND_POINTS[k] for k in trick)
        trick = []
        leader = winner
        if not hands[leader]:
            points[leader] += rules.last_trick_bonus
            return points


def playouts(position: Position, count: int, seed: int = 0) -> list[list[int]]:
    """``count`` random playouts of one position (seeded)."""
    rnd = random.Random(seed).random
    return [random_playout(position, rnd) for _ in range(count)]
