"""Which search core runs, and the doors to the compiled one (binokel/search/csrc/).

The compiled core is built by the install command whenever a C compiler is present; without
one, or with ``BINOKEL_PURE=1`` in the environment, :data:`CORE` is ``None`` and every caller
uses the pure-Python code it already has (the solver, the rollouts, the playouts).  Both give
the same answers: the differential tests in ``tests/search/test_native.py`` check it.

>>> PATH in ("native", "pure")
True

The functions here take the same compact values as the pure code — a
:class:`~binokel.games.binokel.playout.Position`, packed hands — and return ``None`` when the
compiled core is not there or cannot take the position (more than four seats), so a caller
falls back with one ``if``.  Every call releases the interpreter lock while it searches; the
``*_many`` functions spread their work over threads.
"""

from __future__ import annotations

import os
import random
from array import array
from collections.abc import Collection, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Protocol, cast

from ..games.binokel.playout import Position
from ..games.binokel.rules import Rules


class Table(Protocol):
    """What a rollout needs of :class:`binokel.search.rollout.Table` (search sits below bots)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def trump(self) -> int: ...
    @property
    def active(self) -> tuple[int, ...]: ...
    @property
    def team(self) -> tuple[int, ...]: ...
    @property
    def is_durch(self) -> bool: ...

_PURE = os.environ.get("BINOKEL_PURE", "").strip() not in ("", "0")

if TYPE_CHECKING or not _PURE:  # with BINOKEL_PURE=1 not even loaded
    try:
        from . import _native
    except ImportError:  # installed without a C compiler: the pure path runs
        _native = None  # type: ignore[assignment]
else:
    _native = None

CORE: ModuleType | None = _native
"""The compiled module, or ``None`` when the pure-Python path runs."""
PATH = "native" if CORE is not None else "pure"
"""``"native"`` or ``"pure"``: what the search runs on in this process."""

#: Threads the ``*_many`` functions use by default: every core.
THREADS = max(1, os.cpu_count() or 1)

_MODE_VALUE, _MODE_ROOT, _MODE_DURCH = 0, 1, 2
_NO_GUESS = -(1 << 31)


def _team_of(rules: Rules) -> list[int]:
    team_of = [0] * rules.players
    for i, team in enumerate(rules.teams):
        for seat in team:
            team_of[seat] = i + 1
    return team_of


_SPECS: dict[tuple[int, tuple[int, ...], int, tuple[int, ...], tuple[int, ...], bool],
             tuple[Rules, object]] = {}


def _spec(rules: Rules, order: tuple[int, ...], trump: int, on_side: tuple[int, ...],
          team01: tuple[int, ...], durch: bool) -> _native.Spec | None:
    """The compiled core's fixed part of a search (cached; ``None``: it cannot take it)."""
    key = (id(rules), order, trump, on_side, team01, durch)
    found = _SPECS.get(key)
    if found is not None and found[0] is rules:
        return cast("_native.Spec", found[1])
    if rules.players > _native.MAX_SEATS or len(order) < 2:
        return None
    spec = _native.spec(rules.players, order, trump, rules.last_trick_bonus,
                        int(rules.must_beat), int(rules.beat_suit_when_trumped),
                        int(rules.must_undertrump),
                        int(rules.partner_need_not_beat and bool(rules.teams)), _team_of(rules),
                        on_side, team01, int(durch))
    if len(_SPECS) > 256:
        _SPECS.clear()
    _SPECS[key] = (rules, spec)
    return spec


def _job(mode: int, position: Position, side: Collection[int],
         guess: int | None = None) -> _native.Job | None:
    rules = position.rules
    on_side = tuple(int(seat in side) for seat in range(rules.players))
    spec = _spec(rules, position.order, position.trump, on_side, on_side, False)
    if spec is None or len(position.trick) >= len(position.order):
        return None
    return (mode, spec, position.hands, position.leader, position.trick,
            _NO_GUESS if guess is None else guess)


def solve(position: Position, side: Collection[int],
          guess: int | None = None) -> tuple[int, int, int] | None:
    """(value, nodes, table hits) of :func:`binokel.search.solver.solve`, or ``None``."""
    if CORE is None:
        return None
    job = _job(_MODE_VALUE, position, side, guess)
    if job is None:
        return None
    value, nodes, hits = _native.solve(job)
    return cast(int, value), nodes, hits


def best_cards(position: Position,
               side: Collection[int]) -> tuple[dict[int, int], int, int] | None:
    """(values by card, nodes, table hits) of :func:`binokel.search.solver.best_cards`."""
    if CORE is None:
        return None
    job = _job(_MODE_ROOT, position, side)
    if job is None:
        return None
    values, nodes, hits = _native.solve(job)
    return cast(dict[int, int], values), nodes, hits


def solve_durch(position: Position, side: Collection[int]) -> tuple[bool, int, int] | None:
    """(made, nodes, table hits) of :func:`binokel.search.solver.solve_durch`, or ``None``."""
    if CORE is None:
        return None
    job = _job(_MODE_DURCH, position, side)
    if job is None:
        return None
    made, nodes, hits = _native.solve(job)
    return cast(bool, made), nodes, hits


def _jobs(mode: int, positions: Sequence[Position],
          side: Collection[int]) -> list[_native.Job] | None:
    """One job per position, or ``None`` if the compiled core cannot take one of them."""
    jobs = []
    for position in positions:
        job = _job(mode, position, side)
        if job is None:
            return None
        jobs.append(job)
    return jobs


def best_cards_many(positions: Sequence[Position], side: Collection[int], *,
                    threads: int = THREADS) -> list[dict[int, int]] | None:
    """:func:`best_cards` of many positions (e.g. sampled worlds), solved on ``threads``
    threads outside the interpreter lock; ``None`` if any cannot be taken."""
    if CORE is None:
        return None
    jobs = _jobs(_MODE_ROOT, positions, side)
    if jobs is None:
        return None
    return [cast(dict[int, int], r[0]) for r in _native.solve_batch(jobs, threads)]


def solve_many(positions: Sequence[Position], side: Collection[int], *,
               threads: int = THREADS) -> list[int] | None:
    """:func:`solve` of many positions on ``threads`` threads; ``None`` if any cannot be taken."""
    if CORE is None:
        return None
    jobs = _jobs(_MODE_VALUE, positions, side)
    if jobs is None:
        return None
    return [cast(int, r[0]) for r in _native.solve_batch(jobs, threads)]


def _table_spec(t: Table) -> _native.Spec | None:
    return _spec(t.rules, t.active, t.trump, (0,) * t.rules.players, t.team, t.is_durch)


def rollout(t: Table, hands: list[int], leader: int, trick: list[int], points: list[int],
            won: list[int]) -> bool:
    """:func:`binokel.search.rollout.rollout` in the compiled core; ``False`` if it cannot."""
    if CORE is None:
        return False
    spec = _table_spec(t)
    if spec is None or len(trick) > len(t.active):
        return False
    _native.rollout(spec, hands, leader, trick, points, won)
    return True


Start = tuple[Sequence[int], int, Sequence[int], Sequence[int], Sequence[int]]
"""A rollout's start: hands, leader, trick so far, points and tricks won so far."""


def rollouts(t: Table, starts: Sequence[Start], *,
             threads: int = THREADS) -> list[tuple[tuple[int, ...], tuple[int, ...]]] | None:
    """Greedy rollouts of many starts (points and tricks won at the end of each), on
    ``threads`` threads; ``None`` when the compiled core cannot take them."""
    if CORE is None:
        return None
    spec = _table_spec(t)
    if spec is None:
        return None
    return _native.rollouts(spec, starts, threads)


def pack_starts(t: Table, starts: Sequence[Start]) -> bytes | None:
    """The starts of :func:`rollouts` checked once and packed as the compiled core's own
    records, for :func:`rollouts_packed`; ``None`` when the compiled core cannot take them.

    Converting Python values is about half the cost of a batch of playouts and runs under the
    interpreter lock; packed once, a batch can be played many times (other threads, budgets)
    with nothing converted but the answers."""
    if CORE is None:
        return None
    spec = _table_spec(t)
    if spec is None:
        return None
    return _native.pack_starts(spec, starts)


def rollouts_packed(t: Table, packed: bytes, *, threads: int = THREADS) -> array[int] | None:
    """Greedy rollouts of packed starts (:func:`pack_starts` with the same table) on
    ``threads`` threads: for start ``i`` of ``n`` seats, ``out[2*n*i : 2*n*i + n]`` are the
    points and ``out[2*n*i + n : 2*n*(i+1)]`` the tricks won, as :func:`rollouts` gives them.
    ``None`` when the compiled core cannot take them; records that were not packed for this
    table raise :class:`ValueError`."""
    if CORE is None:
        return None
    spec = _table_spec(t)
    if spec is None:
        return None
    out = array("i")
    out.frombytes(_native.rollouts_packed(spec, packed, threads))
    return out


def random_playouts(position: Position, count: int,
                    rng: random.Random) -> list[list[int]] | None:
    """``count`` random playouts of ``position``, drawing from ``rng`` exactly as
    ``[random_playout(position, rng.random) for _ in range(count)]`` does (``rng`` ends in
    the same state); ``None`` when the compiled core cannot take them."""
    if CORE is None or type(rng) is not random.Random:
        return None
    rules = position.rules
    zeros = (0,) * rules.players
    spec = _spec(rules, position.order, position.trump, zeros, zeros, False)
    if spec is None or len(position.trick) >= len(position.order) or not any(position.hands):
        return None
    version, words, gauss = rng.getstate()
    out, words = _native.random_playouts(spec, position.hands, position.leader, position.trick,
                                         position.points, count, words)
    rng.setstate((version, words, gauss))
    return out


__all__ = ["CORE", "PATH", "THREADS", "best_cards", "best_cards_many", "pack_starts",
           "random_playouts", "rollout", "rollouts", "rollouts_packed", "solve", "solve_durch",
           "solve_many"]
