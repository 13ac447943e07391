#!/usr/bin/env python3
"""Random hands per second, binokel against OpenSpiel's skat, side by side in one run.

Both are played from a Python loop through each library's public API with uniformly random
legal actions (a binokel hand: deal, auction, Dabb, discard, trump, melds, 12 tricks, scoring;
an OpenSpiel skat game: deal, bidding, skat, 10 tricks, returns).  The two loops take turns
(binokel, then skat, then binokel ...) so that both see the same load; each turn is timed in
CPU seconds of its own process, and the medians and their ratio are printed.

OpenSpiel lives in its own virtualenv (``.venv-openspiel`` beside the project's, or
``--venv``); it is created and ``open_spiel`` installed from PyPI when missing.  Run it with the
project's interpreter:

    .venv/bin/python scripts/bench/bench_vs_openspiel.py [--rounds 5] [--seconds 2] [--json]

Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

# The skat side: a small loop run in the OpenSpiel virtualenv, driven line by line on stdin
# ("SECONDS" in, "GAMES CPU_SECONDS" out) so that the two sides can take turns.
SKAT_LOOP = r"""
import random, sys, time
import pyspiel

game = pyspiel.load_game("skat")
rnd = random.Random(0).random


def play():
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            # Skat's chance nodes deal cards; their outcomes are equally likely.
            legal = state.chance_outcomes()
            state.apply_action(legal[int(rnd() * len(legal))][0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(rnd() * len(legal))])


print("ready", pyspiel.__file__, flush=True)
for line in sys.stdin:
    seconds = float(line)
    games = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        play()
        games += 1
        if games % 16 == 0 and time.process_time() >= deadline:
            break
    print(games, time.process_time() - start, flush=True)
"""


def openspiel_python(venv: Path) -> Path:
    """The OpenSpiel virtualenv's interpreter, creating it and installing OpenSpiel if needed."""
    python = venv / "bin" / "python"
    if python.exists() and _has_pyspiel(python):
        return python
    if not python.exists():
        print(f"creating {venv} for OpenSpiel ...", file=sys.stderr, flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    print("installing open_spiel from PyPI (a few minutes the first time) ...",
          file=sys.stderr, flush=True)
    subprocess.run([str(python), "-m", "pip", "install", "--quiet",
                    "--disable-pip-version-check", "open_spiel"], check=True)
    if not _has_pyspiel(python):
        raise SystemExit(f"open_spiel installed in {venv} but `import pyspiel` fails")
    return python


def _has_pyspiel(python: Path) -> bool:
    done = subprocess.run([str(python), "-c", "import pyspiel"], capture_output=True)
    return done.returncode == 0


def _load() -> float:
    try:
        return round(os.getloadavg()[0], 2)
    except OSError:
        return -1.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="turns each side plays (5)")
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="CPU seconds of each turn (2)")
    parser.add_argument("--venv", type=Path, default=ROOT / ".venv-openspiel",
                        help="OpenSpiel's virtualenv (created when missing)")
    parser.add_argument("--rules", default="binokel", help="binokel's rule set (binokel)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.seconds <= 0:
        parser.error("--rounds must be at least 1 and --seconds above 0")

    from binokel.games.binokel.rulefile import find_rules
    from binokel.search import native
    from binokel.tools.bench import hands_per_second

    rules = find_rules(args.rules)
    python = openspiel_python(args.venv)
    worker = subprocess.Popen([str(python), "-c", SKAT_LOOP], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    assert worker.stdin is not None and worker.stdout is not None
    ready = worker.stdout.readline()
    if not ready.startswith("ready"):
        raise SystemExit("the OpenSpiel loop did not start")
    ours: list[float] = []
    theirs: list[float] = []
    load_before = _load()
    started = time.perf_counter()
    try:
        for i in range(args.rounds):
            ours.append(hands_per_second(rules, seconds=args.seconds, seed=i))
            worker.stdin.write(f"{args.seconds}\n")
            worker.stdin.flush()
            games, cpu = worker.stdout.readline().split()
            theirs.append(int(games) / float(cpu))
            if not args.json:
                print(f"  round {i + 1}/{args.rounds}: binokel {ours[-1]:8.0f} hands/s   "
                      f"OpenSpiel skat {theirs[-1]:8.0f} games/s", flush=True)
    finally:
        worker.stdin.close()
        worker.wait(timeout=30)
    a, b = statistics.median(ours), statistics.median(theirs)
    load = (load_before, _load())
    if args.json:
        print(json.dumps({
            "rules": rules.name, "rounds": args.rounds, "seconds_per_turn": args.seconds,
            "binokel_hands_per_s": round(a, 1), "binokel_runs": [round(x, 1) for x in ours],
            "openspiel_skat_games_per_s": round(b, 1),
            "openspiel_runs": [round(x, 1) for x in theirs],
            "ratio": round(a / b, 3), "search_core": native.PATH,
            "load_1min": {"before": load[0], "after": load[1]},
            "wall_s": round(time.perf_counter() - started, 1),
        }))
        return 0
    print(f"binokel ({rules.name}) random hands/s   median {a:10.0f}   "
          f"(public API, CPU time, {args.rounds} turns of {args.seconds:g} s)")
    print(f"OpenSpiel skat random games/s   median {b:10.0f}   (pyspiel from Python, same turns)")
    print(f"ratio binokel / OpenSpiel        {a / b:10.2f}x")
    print(f"load (1 min)                     {load[0]:.2f} before, {load[1]:.2f} after")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
