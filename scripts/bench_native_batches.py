#!/usr/bin/env python3
"""Batch greedy rollouts of the compiled core: tuples in and out against packed starts.

Prints, for 8 deals x 1000 sampled worlds (the worlds of ``binokel bench-search``), rollouts
per CPU second and per wall second on one and two threads, both ways, medians of 15 interleaved
runs; and the share of a rollout spent under the interpreter lock (the same calls on starts
with empty hands, where only the checks and conversions are left), with the two-thread
speedup that share allows (Amdahl).  The load is printed before and after.

    .venv/bin/python scripts/bench_native_batches.py
"""

import os

print("load before:", os.getloadavg())
import random
import statistics
import time
from binokel.search import native
from binokel.search_bench import _to_play
from binokel.bots.play import table_of
from binokel.search.sampling import WorldSampler
from binokel.games.binokel.rules import BINOKEL

batches = []
for i in range(8):
    st = _to_play(BINOKEL, f"bench-playouts/{i}")
    v = st.view(st.to_move)
    s = WorldSampler(v)
    rng = random.Random(i)
    z = (0,) * 3
    batches.append((table_of(v), [(s.sample(rng).hands, st.leader, (), z, z) for _ in range(1000)]))
packed = [native.pack_starts(t, ss) for t, ss in batches]
# same answers
for (t, ss), p in zip(batches, packed):
    a = native.rollouts(t, ss, threads=1)
    b = native.rollouts_packed(t, p, threads=2)
    n = 3
    assert [tuple(b[6 * i : 6 * i + 3]) for i in range(len(ss))] == [x[0] for x in a]
    assert [tuple(b[6 * i + 3 : 6 * i + 6]) for i in range(len(ss))] == [x[1] for x in a]


def run(f):
    c = time.process_time()
    w = time.perf_counter()
    for (t, ss), p in zip(batches, packed):
        f(t, ss, p)
    return 8000 / (time.process_time() - c), 8000 / (time.perf_counter() - w)


res = {k: [] for k in ("list1", "packed1", "list2", "packed2", "pack")}
for r in range(15):
    res["list1"].append(run(lambda t, ss, p: native.rollouts(t, ss, threads=1)))
    res["packed1"].append(run(lambda t, ss, p: native.rollouts_packed(t, p, threads=1)))
    res["list2"].append(run(lambda t, ss, p: native.rollouts(t, ss, threads=2)))
    res["packed2"].append(run(lambda t, ss, p: native.rollouts_packed(t, p, threads=2)))
    res["pack"].append(run(lambda t, ss, p: native.pack_starts(t, ss)))
for k, v in res.items():
    print(
        f"{k:8s} per CPU s {statistics.median(x[0] for x in v):10.0f}   per wall s {statistics.median(x[1] for x in v):10.0f}"
    )
# The part that runs under the interpreter lock: the same calls on starts whose hands are
# empty (the rollout returns at once), so only checks, copies and conversions remain.
empty = [(t, [((0,) * 3, l, (), z, z) for (_, l, _, z, _) in ss]) for t, ss in batches]
epacked = [native.pack_starts(t, ss) for t, ss in empty]


def run2(f):
    c = time.process_time()
    for (t, ss), p in zip(empty, epacked):
        f(t, ss, p)
    return (time.process_time() - c) / 8000


ser_list = statistics.median(
    run2(lambda t, ss, p: native.rollouts(t, ss, threads=1)) for _ in range(15)
)
ser_packed = statistics.median(
    run2(lambda t, ss, p: native.rollouts_packed(t, p, threads=1)) for _ in range(15)
)
for name, ser, one in (("tuples", ser_list, "list1"), ("packed", ser_packed, "packed1")):
    total = 1 / statistics.median(x[0] for x in res[one])
    f = ser / total
    print(
        f"{name}: serial {ser * 1e6:.3f} us of {total * 1e6:.3f} us per rollout = {100 * f:.1f}%  -> two-thread bound {1 / (f + (1 - f) / 2):.2f}x"
    )
print("load after:", os.getloadavg())
