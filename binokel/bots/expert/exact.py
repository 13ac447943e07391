"""The end of a played-out trump game solved exactly: the greedy open-card rollout of
:mod:`binokel.search.rollout` until ``exact`` tricks are left, then the compiled solver for the rest
(``expert:aexact=K`` in the auction, ``expert:pexact=K`` after the Dabb; decision
``search-19``).

The solver gives the declaring side's card points from the tricks left with best play by
everyone (:func:`binokel.search.native.solve`), not who took which trick.  :func:`exact_points`
turns that into the per-seat points and tricks won that the greedy path would hand to
:func:`.plans.play_out`'s scoring: the greedy line is played to its end as well, and
when the solver's value differs from the greedy line's, the difference moves between the
declaring side and the others, the others sharing it as they shared their points on the
greedy line.  When the greedy line is optimal for the declaring side the result is the greedy
line's, exactly.  Without the compiled core (``BINOKEL_PURE=1``) it is the greedy rollout.
"""

from __future__ import annotations

from ...games.binokel.playout import Position
from ...search import native
from ...search.rollout import Table, pure_rollout, rollout


def greedy_until(t: Table, hands: list[int], leader: int, points: list[int], won: list[int],
                 exact: int) -> int:
    """Play whole tricks greedily (as :func:`binokel.search.rollout.pure_rollout` chooses: it
    plays them) until the leader holds at most ``exact`` cards; ``hands``, ``points`` and
    ``won`` change.  Returns the seat to lead next."""
    return pure_rollout(t, hands, leader, [], points, won, until=exact)


def exact_points(t: Table, hands: list[int], leader: int, exact: int
                 ) -> tuple[list[int], list[int]]:
    """Every seat's card points and tricks won at the end of a trump game from a fresh deal
    (``hands`` at the first lead; unchanged), played greedily until ``exact`` tricks are left
    and then solved for the declaring side (``t.team`` 0); the greedy rollout's when
    ``exact`` is 0, the compiled core is absent, or nothing is left to solve."""
    players = t.rules.players
    hs = list(hands)
    points = [0] * players
    won = [0] * players
    if exact <= 0 or native.CORE is None or t.is_durch:
        rollout(t, hs, leader, [], points, won)
        return points, won
    leader = greedy_until(t, hs, leader, points, won, exact)
    if not hs[leader]:
        return points, won
    before, before_won = list(points), list(won)
    rollout(t, list(hs), leader, [], points, won)
    side = [s for s in range(players) if t.team[s] == 0]
    greedy = sum(points[s] - before[s] for s in side)
    position = Position(t.rules, tuple(hs), t.active, leader, (), t.trump, tuple(before),
                        tuple(before_won))
    found = native.solve(position, frozenset(side), greedy)
    if found is None or found[0] == greedy:
        return points, won
    return shifted(t, points, won, before, before_won, found[0] - greedy)


def shifted(t: Table, points: list[int], won: list[int], before: list[int],
            before_won: list[int], gain: int) -> tuple[list[int], list[int]]:
    """The greedy line's end (``points``, ``won``; ``before``, ``before_won`` where the exact
    part starts) with ``gain`` card points more for the declaring side and as many less for
    the others.  Within each side the exact part's points are shared as the greedy line
    shared them (:func:`_share`).  A seat keeps the greedy line's tricks while it keeps
    points from the exact part, ``before``'s if it keeps none, and takes one if it comes to
    points it had not taken."""
    players = t.rules.players
    late = [points[s] - before[s] for s in range(players)]
    new = [0] * players
    for team in (0, 1):
        seats = [s for s in t.active if (t.team[s] == 0) == (team == 0)]
        if seats:
            total = sum(late[s] for s in seats) + (gain if team == 0 else -gain)
            for s, share in zip(seats, _share([late[s] for s in seats], total), strict=True):
                new[s] = share
    out_points = [before[s] + new[s] for s in range(players)]
    out_won = list(won)
    for s in t.active:
        if new[s] <= 0:
            out_won[s] = before_won[s] if late[s] > 0 else won[s]
        elif won[s] == before_won[s]:
            out_won[s] = before_won[s] + 1
    return out_points, out_won


def _share(weights: list[int], total: int) -> list[int]:
    """``total`` shared in proportion to ``weights`` (evenly if they are all 0), rounded
    down; the first seat with the most weight takes what rounding leaves.

    >>> _share([30, 10], 20), _share([0, 0], 7), _share([0, 12], 5)
    ([15, 5], [4, 3], [0, 5])
    """
    weight = sum(weights)
    if weight > 0:
        shares = [w * total // weight for w in weights]
    else:
        shares = [total // len(weights)] * len(weights)
    top = max(range(len(weights)), key=lambda i: weights[i])
    shares[top] += total - sum(shares)
    return shares


__all__ = ["exact_points", "greedy_until", "shifted"]
