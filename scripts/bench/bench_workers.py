#!/usr/bin/env python3
"""What replacing a computer player's worker costs, forked from the fork server (the pool's
choice, decision web-21) and spawned (before it), side by side.

A worker is replaced when its table is left while it thinks, when it crashes and when it
overruns its time.  For each start method this replaces the pool's one worker ``--times``
times and prints medians of: the server's part (the event loop is held while the old worker
is killed and the new one started), the time until the new worker says it is ready, and the
CPU the new worker used until then (at the server's priority: a worker lowers its own only
once our code runs).

Usage: .venv/bin/python scripts/bench/bench_workers.py [--times 8]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import sys
import time
from pathlib import Path

from binokel.web.botpool import STARTUP_TIMEOUT, BotPool, worker_context


def replacements(method: str, times: int) -> tuple[float, float, float]:
    """Medians over ``times`` replacements: the server's part, ready after, the new
    worker's CPU until ready (ms)."""
    # Not imported at the top: a worker runs this script's top level as its main module
    # (``multiprocessing`` does), and loadtest's imports would count as the worker's start.
    sys.path.insert(0, str(Path(__file__).parent))
    from loadtest import cpu_seconds

    # The pool's own choice for the fork server (it names what the fork server imports).
    context = worker_context() if method == "forkserver" else multiprocessing.get_context("spawn")
    pool = BotPool(workers=1, context=context)
    pool.start()
    held, ready, cpu = [], [], []
    try:
        for _ in range(times):
            started = time.perf_counter()
            worker = pool._replace(pool._idle.pop())
            held.append(time.perf_counter() - started)
            if not worker.connection.poll(STARTUP_TIMEOUT) or worker.connection.recv() != "ready":
                raise SystemExit(f"a {method} worker did not start")
            ready.append(time.perf_counter() - started)
            worker.ready = True
            cpu.append(cpu_seconds(worker.process.pid) or 0.0)
            pool._idle.append(worker)
    finally:
        pool.close()
    medians = [1000 * statistics.median(x) for x in (held, ready, cpu)]
    return medians[0], medians[1], medians[2]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--times", type=int, default=8)
    args = parser.parse_args()
    methods = [m for m in ("forkserver", "spawn") if m in multiprocessing.get_all_start_methods()]
    print(f"{args.times} replacements each, medians (ms; CPU in {1000 // os.sysconf('SC_CLK_TCK')}"
          " ms clock ticks)")
    print("| start method | the server's part | ready after | new worker's CPU until ready |")
    print("|---|---|---|---|")
    figures = {}
    for method in methods:
        figures[method] = replacements(method, args.times)
        held, ready, cpu = figures[method]
        print(f"| {method} | {held:.1f} | {ready:.0f} | {cpu:.0f} |", flush=True)
    if len(figures) == 2:
        print(f"ready after: spawn / fork server = "
              f"{figures['spawn'][1] / figures['forkserver'][1]:.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
