"""What one change to a score pad costs the web server, by the hands the pad holds.

For each size: the median of 5 runs of a whole change as the server makes it (load the stored
pad, add a hand, store it, answer the sheet), and beside it the stored hands added to a new pad
one by one with ``Pad.add`` (a new pad per hand), which the loading replaced.  The load is
printed first: the figures mean little without it.

    .venv/bin/python scripts/bench/bench_pad_web.py
"""

from __future__ import annotations

import json
import os
import statistics
import time
from collections.abc import Callable

from binokel.pad import Pad, entry_from_json
from binokel.web import padmodel
from binokel.web.padproto import PadOp
from binokel.web.protocol import JSON

ENTRY: dict[str, JSON] = {
    "bid": 150, "trump": "♥", "melds": [0, 0, 0], "side_points": [0, 125, None],
}


def hand(n: int) -> PadOp:
    # The declarer takes no trick every time (-300): the game never ends.
    return PadOp(id=f"h{n}", kind="add", hand=None,
                 entry={**ENTRY, "declarer": n % 3, "no_trick": [n % 3]})


def median_ms(run: Callable[[], object], times: int = 5) -> float:
    took = []
    for _ in range(times):
        start = time.perf_counter()
        run()
        took.append(time.perf_counter() - start)
    return statistics.median(took) * 1000


def main() -> None:
    print("load average (1, 5, 15 min):", " ".join(f"{x:.2f}" for x in os.getloadavg()))
    pad = padmodel.new_pad("binokel", ("A", "B", "C"))
    for n in range(200):
        pad = padmodel.change(pad, hand(n))
    stored = json.loads(padmodel.dump(pad))
    print(f"{'hands':>5}  {'change (ms)':>11}  {'one by one (ms)':>18}  ratio")
    for size in (10, 20, 50, 100):
        text = json.dumps({**stored, "entries": stored["entries"][:size]})

        def change(text: str = text, size: int = size) -> None:
            changed = padmodel.change(padmodel.load(text), hand(size))
            padmodel.dump(changed)
            padmodel.sheet(changed)

        def reference(text: str = text) -> None:
            data = json.loads(text)
            one_by_one = Pad.new(data["rules"], data["players"])
            for entry in data["entries"]:
                one_by_one = one_by_one.add(entry_from_json(one_by_one, entry))
            one_by_one.sheet()

        ours, theirs = median_ms(change), median_ms(reference)
        print(f"{size:>5}  {ours:>11.0f}  {theirs:>18.0f}  {theirs / ours:5.1f}")


if __name__ == "__main__":
    main()
