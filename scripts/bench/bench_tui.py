#!/usr/bin/env python3
"""How fast the full-screen game answers: the median time from a key to the redrawn table
(headless, Textual's pilot) at 80×24 and 120×40, over one whole hand against random players,
and the median start-up import of the full-screen game beside the line mode's.

Usage: .venv/bin/python scripts/bench/bench_tui.py [--runs 5]
Figures only, nothing asserted (the machine is shared and noisy; the load average is printed).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def key_times(size: tuple[int, int], seed: int) -> list[float]:
    from binokel.bots.random_bot import RandomBot
    from binokel.games.binokel.game import new_game
    from binokel.ui.i18n import Strings
    from binokel.ui.session import Player, Session
    from binokel.ui.terminal import presenter_for
    from binokel.ui.tui.app import PlayApp

    players = [Player("Anna"), Player("Karle", "random"), Player("Frieda", "random")]
    session = Session(new_game(seed=seed), players, bot_factory=lambda spec: RandomBot())
    app = PlayApp(session, Strings("en"), record_path=Path(tempfile.gettempdir()) / "bench",
                  save=lambda s, p: None, presenter=presenter_for(session))
    times: list[float] = []

    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            while session.state.hand_no == 0 and not session.state.is_over:
                if app.screen is not app.screen_stack[0]:
                    await pilot.press("escape")
                    continue
                start = time.perf_counter()
                await pilot.press("enter")
                await pilot.pause()
                times.append(time.perf_counter() - start)
    asyncio.run(run())
    return times


def import_time(module: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", f"import {module}"], check=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"load average (1, 5, 15 min): {os.getloadavg()}")
    for size in ((80, 24), (120, 40)):
        medians = [statistics.median(key_times(size, seed)) * 1000 for seed in range(args.runs)]
        print(f"key to redrawn table {size[0]}x{size[1]}: median {statistics.median(medians):.1f}"
              f" ms (per-hand medians: {', '.join(f'{m:.1f}' for m in medians)})")
    tui = [import_time("binokel.ui.tui.app") for _ in range(args.runs)]
    line = [import_time("binokel.ui.terminal") for _ in range(args.runs)]
    ratio = statistics.median(tui) / statistics.median(line)
    print(f"start-up import: full-screen {statistics.median(tui) * 1000:.0f} ms, line mode "
          f"{statistics.median(line) * 1000:.0f} ms (ratio {ratio:.2f})")


if __name__ == "__main__":
    main()
