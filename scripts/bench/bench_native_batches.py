#!/usr/bin/env python3
"""Batch greedy rollouts of the compiled core: tuples in and out against packed starts.

Prints, for 8 deals x 1000 sampled worlds (the worlds of ``binokel bench-search``), rollouts
per CPU second and per wall second on one and two threads, both ways, medians of 15 interleaved
runs; and the share of a rollout spent under the interpreter lock (the same calls on starts
with empty hands, where only the checks and conversions are left), with the two-thread
speedup that share allows (Amdahl).  The load is printed before and after.

    .venv/bin/python scripts/bench/bench_native_batches.py
"""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from binokel.bots.heuristic.play import table_of
from binokel.games.binokel.rules import BINOKEL
from binokel.search import native
from binokel.search.sampling import WorldSampler
from binokel.tools.search_bench import _to_play

DEALS = 8
WORLDS = 1000
RUNS = 15

Batch = tuple[Any, list[Any]]
Call = Callable[[Any, list[Any], Any], object]


def make_batches() -> list[Batch]:
    """Each bench deal's table and its sampled worlds as rollout starts."""
    batches: list[Batch] = []
    zero = (0,) * 3
    for i in range(DEALS):
        state = _to_play(BINOKEL, f"bench-playouts/{i}")
        view = state.view(state.to_move)
        sampler = WorldSampler(view)
        rng = random.Random(i)
        starts = [(sampler.sample(rng).hands, state.leader, (), zero, zero) for _ in range(WORLDS)]
        batches.append((table_of(view), starts))
    return batches


def check_same_answers(batches: Sequence[Batch], packed: Sequence[Any]) -> None:
    """Tuples on one thread and packed starts on two give the same scores."""
    for (table, starts), pack in zip(batches, packed, strict=True):
        lists = native.rollouts(table, starts, threads=1)
        flat = native.rollouts_packed(table, pack, threads=2)
        if lists is None or flat is None:
            raise SystemExit("the compiled search core is not available (BINOKEL_PURE or no build)")
        firsts = [tuple(flat[6 * i : 6 * i + 3]) for i in range(len(starts))]
        seconds = [tuple(flat[6 * i + 3 : 6 * i + 6]) for i in range(len(starts))]
        assert firsts == [x[0] for x in lists]
        assert seconds == [x[1] for x in lists]


def rates(batches: Sequence[Batch], packed: Sequence[Any], call: Call) -> tuple[float, float]:
    """Rollouts per CPU second and per wall second of ``call`` over every batch."""
    cpu, wall = time.process_time(), time.perf_counter()
    for (table, starts), pack in zip(batches, packed, strict=True):
        call(table, starts, pack)
    total = DEALS * WORLDS
    return total / (time.process_time() - cpu), total / (time.perf_counter() - wall)


def seconds_each(batches: Sequence[Batch], packed: Sequence[Any], call: Call) -> float:
    """CPU seconds per rollout of ``call`` over every batch."""
    cpu = time.process_time()
    for (table, starts), pack in zip(batches, packed, strict=True):
        call(table, starts, pack)
    return (time.process_time() - cpu) / (DEALS * WORLDS)


CALLS: dict[str, Call] = {
    "list1": lambda t, ss, p: native.rollouts(t, ss, threads=1),
    "packed1": lambda t, ss, p: native.rollouts_packed(t, p, threads=1),
    "list2": lambda t, ss, p: native.rollouts(t, ss, threads=2),
    "packed2": lambda t, ss, p: native.rollouts_packed(t, p, threads=2),
    "pack": lambda t, ss, p: native.pack_starts(t, ss),
}


def main() -> None:
    print("load before:", os.getloadavg())
    batches = make_batches()
    packed = [native.pack_starts(t, ss) for t, ss in batches]
    check_same_answers(batches, packed)
    results: dict[str, list[tuple[float, float]]] = {name: [] for name in CALLS}
    for _ in range(RUNS):
        for name, call in CALLS.items():
            results[name].append(rates(batches, packed, call))
    for name, runs in results.items():
        per_cpu = statistics.median(x[0] for x in runs)
        per_wall = statistics.median(x[1] for x in runs)
        print(f"{name:8s} per CPU s {per_cpu:10.0f}   per wall s {per_wall:10.0f}")
    # The part that runs under the interpreter lock: the same calls on starts whose hands are
    # empty (the rollout returns at once), so only checks, copies and conversions remain.
    empty = [
        (t, [((0,) * 3, leader, (), z, z) for (_, leader, _, z, _) in ss]) for t, ss in batches
    ]
    empty_packed = [native.pack_starts(t, ss) for t, ss in empty]
    for name, one in (("tuples", "list1"), ("packed", "packed1")):
        call = CALLS[one]
        serial = statistics.median(seconds_each(empty, empty_packed, call) for _ in range(RUNS))
        total = 1 / statistics.median(x[0] for x in results[one])
        share = serial / total
        bound = 1 / (share + (1 - share) / 2)
        print(
            f"{name}: serial {serial * 1e6:.3f} us of {total * 1e6:.3f} us per rollout"
            f" = {100 * share:.1f}%  -> two-thread bound {bound:.2f}x"
        )
    print("load after:", os.getloadavg())


if __name__ == "__main__":
    main()
