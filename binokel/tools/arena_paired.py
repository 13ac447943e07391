"""Paired comparison of two arena runs on the same deals (same ``--seed``, any ``--deals``).

Each CSV (``binokel arena … --out F.csv``) has one row per deal with bot A's edge over bot B.
Run A' vs B and A vs B on the same seed: the per-deal difference of the two edges is what
changing A to A' buys, with the luck of the cards cancelled twice.  Several chunks (different
seeds) can be given as comma-separated lists, matched in order.

The paired difference is also split by how many seats of the table bot A holds (the CSV's
``diff_<seating>`` columns): a change can gain where A meets B alone and lose where two A's
bid against each other (decision ``search-21``).  Only three-seat tables are split, as
``arena_combine.py`` does: at four seats a dealer may sit out, and the CSV does not say who
played.

    .venv/bin/python -m binokel.tools.arena_paired new-1.csv,new-2.csv old-1.csv,old-2.csv
"""

from __future__ import annotations

import argparse
import csv
import sys

from .arena_stats import mean_ci, seats_of_a


def rows(paths: str) -> dict[str, dict[str, float]]:
    """Per deal (its seed): the edge (``difference``) and each seating's (``diff_<seating>``)."""
    out: dict[str, dict[str, float]] = {}
    for path in paths.split(","):
        with open(path, newline="") as f:
            for row in csv.DictReader(f):
                edges = {"difference": float(row["difference"])}
                edges.update((key, float(value)) for key, value in row.items()
                             if key.startswith("diff_") and value)
                out[row["seed"]] = edges
    return out


def by_seats(new: dict[str, dict[str, float]], old: dict[str, dict[str, float]],
             common: list[str]) -> dict[int, list[float]]:
    """The paired difference per deal, averaged over the seatings where A holds k seats, by k
    (three-seat seatings only; none for a table of four)."""
    seats = {key: k for key in new[common[0]] if (k := seats_of_a(key)) is not None}
    out: dict[int, list[float]] = {}
    for k in sorted(set(seats.values())):
        group = [key for key, held in seats.items() if held == k]
        out[k] = [sum(new[s][key] - old[s][key] for key in group) / len(group)
                  for s in common if all(key in old[s] and key in new[s] for key in group)]
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
    print(line("new vs opponent", [new[s]["difference"] for s in common]))
    print(line("old vs opponent", [old[s]["difference"] for s in common]))
    print(line("new - old (paired)", [new[s]["difference"] - old[s]["difference"]
                                      for s in common]))
    for k, values in by_seats(new, old, common).items():
        if len(values) > 1:
            print(line(f"new - old, A in {k} seat{'s' if k > 1 else ''}", values))
    return 0


if __name__ == "__main__":
    sys.exit(main())
