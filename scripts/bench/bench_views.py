#!/usr/bin/env python3
"""What a view costs against an engine action, for random play (issues 13, 16, 19).

Plays random games to collect positions, then times (CPU time, medians of ``--rounds``):
``legal_actions()`` + ``apply`` per action, ``view(seat)`` of the seat to move per call, and
``view(seat)`` of every seat in turn per call (a table handing each player its view).  It uses
the public API only, so any checkout's interpreter can run it for a side-by-side figure:

    .venv/bin/python scripts/bench/bench_views.py [--rules binokel binocle] [--rounds 5]

Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from typing import Any

from binokel.games import find_game_rules, new_game, seats_of


def positions(name: str, count: int, seed: int = 0) -> list[Any]:
    """``count`` positions of random games (hands in play, not finished games)."""
    rules = find_game_rules(name)
    rng = random.Random(seed)
    out: list[Any] = []
    game = 0
    while len(out) < count:
        state = new_game(rules, game)
        game += 1
        while not state.is_over and len(out) < count:
            out.append(state)
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
    return out


def per_call_us(states: list[Any], mode: str) -> float:
    start = time.process_time()
    calls = 0
    if mode == "action":
        for state in states:
            state.apply(state.legal_actions()[0])
        calls = len(states)
    elif mode == "view":
        for state in states:
            state.view(state.to_move)
        calls = len(states)
    else:
        for state in states:
            for seat in range(seats_of(state.rules)):
                state.view(seat)
            calls += seats_of(state.rules)
    return (time.process_time() - start) / calls * 1e6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", nargs="+", default=["binokel", "binocle"])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--positions", type=int, default=3000)
    args = parser.parse_args()
    print(f"load before {os.getloadavg()[0]:.2f}")
    for name in args.rules:
        states = positions(name, args.positions)
        # Fresh copies per round would cost more than they measure; legal actions are
        # computed once per state (cached), so the first round warms that for every mode.
        per_call_us(states, "action")
        figures = {mode: statistics.median(per_call_us(states, mode)
                                           for _ in range(args.rounds))
                   for mode in ("action", "view", "every seat")}
        print(f"{name:9s} action {figures['action']:6.2f} us   view (to move) "
              f"{figures['view']:6.2f} us   view (every seat) {figures['every seat']:6.2f} us   "
              f"view/action {figures['view'] / figures['action']:5.2f}")
    print(f"load after {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
