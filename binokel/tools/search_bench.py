"""Benchmarks of the search: the open-card solver by tricks left, and the expert per decision.

Positions come from real deals: a random auction ending in a trump game, then the heuristic's
greedy open-card play for the first tricks, stopping when the wanted number of tricks is left.
Times are CPU seconds of this process (the machine is shared, wall time would measure the
neighbours); figures are printed, never asserted.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..games.binokel import actions as A
from ..games.binokel.game import GameState, Phase, new_game
from ..games.binokel.playout import Position
from ..games.binokel.rules import BINOKEL, Rules
from ..games.binokel.scoring import side_of
from ..search.solver import SolverStats, solve

_NOT_TRUMP = (A.GiveUp, A.Durch, A.OpenDurch)


def _to_play(rules: Rules, seed: str) -> GameState:
    rnd = random.Random(seed)
    state = new_game(rules, seed=seed)
    while state.phase is not Phase.PLAY:
        legal = [a for a in state.legal_actions() if not isinstance(a, _NOT_TRUMP)]
        state = state.apply(legal[rnd.randrange(len(legal))])
    return state


def endgame(rules: Rules, seed: str, tricks_left: int) -> Position:
    """A trump game's position with ``tricks_left`` tricks to play, after greedy play."""
    from ..bots.heuristic.play import table_of
    from ..games.binokel.tricks import beats, legal_mask
    from ..search.rollout import greedy_card

    state = _to_play(rules, seed)
    table = table_of(state.view(state.to_move))
    while len(state.hand(state.to_move)) > tricks_left or state.current_trick():
        trick = [c.kind for _, c in state.current_trick()]
        seat = state.to_move
        hands = list(state.hands)
        if trick:
            best = 0
            for i in range(1, len(trick)):
                if beats(trick[i], trick[best], table.trump):
                    best = i
            best_seat = state.current_trick()[best][0]
            mask = legal_mask(hands[seat], trick, trick[best], table.trump, rules)
        else:
            best, best_seat, mask = 0, seat, hands[seat]
        kind = greedy_card(table, seat, hands, trick, best, best_seat, mask)
        state = state.apply(A.PLAY[kind])
    return Position.from_state(state)


@dataclass(frozen=True, slots=True)
class SolverFigure:
    tricks_left: int
    times: tuple[float, ...]
    nodes: tuple[int, ...]

    @property
    def median(self) -> float:
        return statistics.median(self.times)


def bench_solver(rules: Rules = BINOKEL, *, tricks: tuple[int, ...] = (4, 6, 8, 12),
                 positions: int = 9, big_positions: int = 9, seed: str = "bench-search",
                 progress: bool = False) -> list[SolverFigure]:
    """Solve ``positions`` endgames per number of tricks left (``big_positions`` from 10 up).

    Each size's first position is solved once untimed before the timed solves: the compiled
    core allocates its table on first use and keeps it, as it does across the expert's worlds.
    """
    out = []
    for left in tricks:
        times: list[float] = []
        nodes: list[int] = []
        count = big_positions if left >= 10 else positions
        warm = endgame(rules, f"{seed}/0", left)
        solve(warm, side_of(rules, _declarer(warm)))
        for i in range(count):
            position = endgame(rules, f"{seed}/{i}", left)
            declarer = _declarer(position)
            stats = SolverStats()
            start = time.process_time()
            solve(position, side_of(rules, declarer), stats)
            times.append(time.process_time() - start)
            nodes.append(stats.nodes)
            if progress:
                print(f"  {left} tricks, position {i + 1}/{count}: {times[-1]:.3f} s, "
                      f"{stats.nodes} nodes", flush=True)
        out.append(SolverFigure(left, tuple(times), tuple(nodes)))
    return out


def _declarer(position: Position) -> int:
    # The bench positions come from forehand-led trump games; who declared does not change the
    # work much, so the side searched is forehand's.
    return position.order[0]


@dataclass(frozen=True, slots=True)
class ExpertFigure:
    times: tuple[float, ...]
    """CPU seconds of every decision with more than one legal action."""
    by_phase: dict[str, tuple[float, ...]]

    @property
    def median(self) -> float:
        return statistics.median(self.times)

    @property
    def p95(self) -> float:
        return percentile(self.times, 0.95)


def percentile(values: tuple[float, ...] | list[float], q: float) -> float:
    """The ``q`` quantile by the nearest-rank rule."""
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def bench_expert(rules: Rules = BINOKEL, *, bot: str = "expert", hands: int = 4,
                 seed: str = "bench-expert", progress: bool = False) -> ExpertFigure:
    """Play ``hands`` hands with the expert in every seat, timing each real decision."""
    return _time_expert(bot, [new_game(rules, seed=f"{seed}/{i}") for i in range(hands)], seed,
                        lambda view: str(view.phase.value), "hand" if progress else "")


def bench_expert_binocle(*, bot: str = "expert", hands: int = 2, seed: str = "bench-binocle",
                         progress: bool = False) -> ExpertFigure:
    """Play ``hands`` Binocle hands with the expert in both seats, timing each real decision."""
    from ..games.binocle import new_binocle_game

    return _time_expert(bot, [new_binocle_game(seed=f"{seed}/{i}") for i in range(hands)], seed,
                        lambda view: "binocle " + ("stock" if view.stock_lasts else "after stock"),
                        "Binocle hand" if progress else "")


def _time_expert(bot: str, starts: Sequence[Any], seed: str, phase_of: Callable[[Any], str],
                 progress: str) -> ExpertFigure:
    """Play the first hand of each game in ``starts`` with ``bot`` in every seat; the CPU time
    of each decision with a choice, overall and by ``phase_of(view)``; a progress line per hand
    headed ``progress`` (none when empty)."""
    from ..bots import make_bot

    player = make_bot(bot)
    times: list[float] = []
    by_phase: dict[str, list[float]] = {}
    for i, state in enumerate(starts):
        rng = random.Random(f"{seed}/{i}")
        while state.hand_no == 0 and not state.is_over:
            view = state.view(state.to_move)
            start = time.process_time()
            action = player.choose(view, rng)
            spent = time.process_time() - start
            if len(view.legal_actions) > 1:
                times.append(spent)
                by_phase.setdefault(phase_of(view), []).append(spent)
            state = state.apply(action)
        if progress:
            print(f"  {progress} {i + 1}/{len(starts)}: {len(times)} decisions so far",
                  flush=True)
    return ExpertFigure(tuple(times), {k: tuple(v) for k, v in by_phase.items()})


@dataclass(frozen=True, slots=True)
class PlayoutFigure:
    """Playouts per second from sampled worlds of real deals, one figure per run."""

    path: str
    """The search core that ran: ``native`` or ``pure``."""
    threads: int
    greedy_one: tuple[float, ...]
    """Greedy rollouts per second on one thread (wall time, interleaved with the next)."""
    greedy_all: tuple[float, ...]
    """The same rollouts on ``threads`` threads (wall time)."""
    greedy_one_cpu: tuple[float, ...]
    """Greedy rollouts per CPU second on one thread."""
    greedy_all_cpu: tuple[float, ...]
    """Greedy rollouts per CPU second (all threads' CPU time) on ``threads`` threads: the
    same as on one thread when the threads waste nothing; the wall-time gain needs free
    cores."""
    random_one_cpu: tuple[float, ...]
    """Random playouts per CPU second on one thread (Python's own generator)."""
    greedy_all_listed: tuple[float, ...] = ()
    """The same rollouts on ``threads`` threads given and answered as Python tuples
    (``native.rollouts``: the conversions run under the interpreter lock), wall time."""

    @property
    def speedup(self) -> tuple[float, ...]:
        """Every thread against one, run by run (each pair ran back to back): wall time."""
        return tuple(a / o for a, o in zip(self.greedy_all, self.greedy_one, strict=True))

    @staticmethod
    def median_of(values: tuple[float, ...]) -> float:
        return statistics.median(values)


def bench_playouts(rules: Rules = BINOKEL, *, deals: int = 8, worlds: int = 1000, runs: int = 5,
                   seed: str = "bench-playouts", threads: int | None = None) -> PlayoutFigure:
    """Whole-hand playouts as the expert runs them: for each of ``deals`` deals at the first
    lead, ``worlds`` worlds sampled from the view of the seat to lead, each played to the end
    by the greedy rollout (one thread, then every thread) and at random.

    The compiled core's greedy figures play starts packed once (``native.pack_starts``, as a
    caller that plays a batch more than once would), so they time the playouts and the answers
    coming back; ``greedy_all_listed`` times the tuple-in, tuple-out ``native.rollouts``."""
    from ..bots.heuristic.play import table_of
    from ..games.binokel.playout import random_playout
    from ..search import native
    from ..search.rollout import rollouts
    from ..search.sampling import WorldSampler

    threads = threads or native.THREADS
    batches = []
    positions = []
    for i in range(deals):
        state = _to_play(rules, f"{seed}/{i}")
        view = state.view(state.to_move)
        sampler = WorldSampler(view)
        rng = random.Random(f"{seed}/{i}")
        zeros = (0,) * rules.players
        starts = [(sampler.sample(rng).hands, state.leader, (), zeros, zeros)
                  for _ in range(worlds)]
        batches.append((table_of(view), starts))
        positions.append(Position.from_state(state))
    # The pure path is ~100x slower: play a slice of the worlds there.
    share = 1 if native.CORE is not None else 20
    one: list[float] = []
    every: list[float] = []
    cpu: list[float] = []
    every_cpu: list[float] = []
    rand: list[float] = []

    packed = [native.pack_starts(table, starts) for table, starts in batches]
    listed: list[float] = []

    def greedy(count: int, *, as_tuples: bool = False) -> tuple[float, float]:
        done = 0
        wall, start = time.perf_counter(), time.process_time()
        for (table, starts), data in zip(batches, packed, strict=True):
            part = starts[: max(1, len(starts) // share)]
            if data is not None and not as_tuples:
                native.rollouts_packed(table, data, threads=count)
            elif native.CORE is not None:
                native.rollouts(table, part, threads=count)
            else:
                rollouts(table, part)
            done += len(part)
        return done / (time.perf_counter() - wall), done / (time.process_time() - start)

    for _ in range(runs):
        per_wall, per_cpu = greedy(1)
        one.append(per_wall)
        cpu.append(per_cpu)
        per_wall, per_cpu = greedy(threads)
        every.append(per_wall)
        every_cpu.append(per_cpu)
        if native.CORE is not None:
            listed.append(greedy(threads, as_tuples=True)[0])
        rng = random.Random(seed)
        done = 0
        start = time.process_time()
        for position in positions:
            count = max(1, worlds // share)
            if native.random_playouts(position, count, rng) is None:
                for _ in range(count):
                    random_playout(position, rng.random)
            done += count
        rand.append(done / (time.process_time() - start))
    return PlayoutFigure(native.PATH, threads if native.CORE is not None else 1, tuple(one),
                         tuple(every), tuple(cpu), tuple(every_cpu), tuple(rand), tuple(listed))


__all__ = ["ExpertFigure", "PlayoutFigure", "SolverFigure", "bench_expert",
           "bench_expert_binocle", "bench_playouts", "bench_solver", "endgame", "percentile"]
