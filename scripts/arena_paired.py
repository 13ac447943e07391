"""Paired comparison of two arena runs on the same deals (same ``--seed``, any ``--deals``).

Each CSV (``binokel arena … --out F.csv``) has one row per deal with bot A's edge over bot B.
Run A' vs B and A vs B on the same seed: the per-deal difference of the two edges is what
changing A to A' buys, with the luck of the cards cancelled twice.  Several chunks (different
seeds) can be given as comma-separated lists, matched in order.

    .venv/bin/python scripts/arena_paired.py new-1.csv,new-2.csv old-1.csv,old-2.csv
"""

from __future__ import annotations

import argparse
import csv
import sys

from binokel.arena_stats import mean_ci


def rows(paths: str) -> dict[str, float]:
    out: dict[str, float] = {}
    for path in paths.split(","):
        with open(path, newline="") as f:
            for row in csv.DictReader(f):
                out[row["seed"]] = float(row["difference"])
    return out


def line(name: str, values: list[float]) -> str:
    mean, _, low, high = mean_ci(values)
    return f"{name}: {mean:+.1f} a hand [{low:+.1f}, {high:+.1f}] over {len(values)} deals"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("new", help="CSV(s) of the changed bot against the opponent")
    parser.add_argument("old", help="CSV(s) of the reference bot against the same opponent")
    args = parser.parse_args()
    new, old = rows(args.new), rows(args.old)
    common = [s for s in new if s in old]
    if not common:
        print("no deal in common (the runs need the same --seed)", file=sys.stderr)
        return 1
    print(line("new vs opponent", [new[s] for s in common]))
    print(line("old vs opponent", [old[s] for s in common]))
    print(line("new - old (paired)", [new[s] - old[s] for s in common]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
