#!/usr/bin/env python3
"""In-process cost of a web table's state messages: after each random move of whole Binokel
games, the three seats' ``Table.message`` and their UTF-8 (what a frame carries).

Prints CPU microseconds a move (engine moves left out of the timing) and bytes a move.  For a
load-proof figure, count instructions at two move counts and take the difference:

    valgrind --tool=cachegrind --cache-sim=no .venv/bin/python scripts/bench/bench_messages.py 300
    valgrind --tool=cachegrind --cache-sim=no .venv/bin/python scripts/bench/bench_messages.py 1300

Run by another checkout's interpreter, it measures that checkout (the script imports only
``binokel.web``).  Figures are printed, never asserted.
"""

from __future__ import annotations

import random
import sys
import time

from binokel.web.games import game_for_rules, new_state
from binokel.web.table import Seat, Table


def main(moves: int) -> None:
    game = game_for_rules("binokel")
    rng = random.Random(5)

    def new(i: int) -> Table:
        return Table(id=f"t{i}", game=game, rules="binokel", seed=f"s{i}", title="",
                     created=0.0, status="playing",
                     seats=[Seat(kind="human", name=f"P{k}") for k in range(3)],
                     state=new_state(game, "binokel", f"s{i}"))

    table, games, total, size = new(0), 0, 0.0, 0
    for _ in range(moves):
        if table.state.is_over:
            games += 1
            table = new(games)
        table.state = table.state.apply(rng.choice(list(table.state.legal_actions())))
        table.actions.append("x")
        started = time.process_time()
        table.changed(seats=False)
        for seat in range(3):
            size += len(table.message(seat).encode())
        total += time.process_time() - started
    print(f"{total / moves * 1e6:.1f} us a move, {size / moves:.0f} bytes a move")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3000)
