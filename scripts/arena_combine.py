#!/usr/bin/env python3
"""Combine the CSVs of arena runs played in chunks into one mean and 95% interval.

A long arena is safer run as chunks (``binokel arena A B --deals 20 --seed S1 --out c1.csv``,
then ``--seed S2 --out c2.csv`` …): a chunk that fails loses only itself.  Each row of an
arena CSV is one duplicate deal with its difference A − B (``binokel/arena_stats.py``
write_csv); this script pools the rows of every file given, refuses files whose headers
differ or a deal seed that appears twice (the same chunk given twice), and prints the number
of deals, the mean difference per hand and its 95% interval, computed as ``binokel arena``
computes it (``arena_stats.mean_ci``, the deal as the unit)::

    .venv/bin/python scripts/arena_combine.py /tmp/arena/chunk*.csv
    .venv/bin/python scripts/arena_combine.py --json /tmp/arena/chunk*.csv
"""

from __future__ import annotations

import argparse
import csv
import json
import sys

from binokel.arena_stats import mean_ci


def combine(paths: list[str]) -> dict[str, object]:
    """The pooled summary of the arena CSVs at ``paths`` (ValueError for files that do not
    belong together)."""
    header: list[str] | None = None
    seen: set[str] = set()
    diffs: list[float] = []
    a_scores: list[float] = []
    b_scores: list[float] = []
    for path in paths:
        with open(path, newline="", encoding="utf-8") as f:
            rows = list(csv.reader(f))
        if not rows:
            raise ValueError(f"{path}: empty (not an arena CSV)")
        if header is None:
            header = rows[0]
            if header[:6] != ["deal", "seed", "dealer", "score_a", "score_b", "difference"]:
                raise ValueError(f"{path}: not an arena CSV (header {header[:6]})")
        elif rows[0] != header:
            raise ValueError(f"{path}: its columns differ from the first file's")
        for row in rows[1:]:
            seed = row[1]
            if seed in seen:
                raise ValueError(f"{path}: deal {seed!r} is in an earlier file too")
            seen.add(seed)
            a_scores.append(float(row[3]))
            b_scores.append(float(row[4]))
            diffs.append(float(row[5]))
    mean, sd, low, high = mean_ci(diffs)
    n = len(diffs)
    return {"files": len(paths), "deals": n, "mean_difference": round(mean, 3),
            "stdev": round(sd, 3), "ci95": [round(low, 3), round(high, 3)],
            "score_a": round(sum(a_scores) / n, 3) if n else 0.0,
            "score_b": round(sum(b_scores) / n, 3) if n else 0.0}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("csv", nargs="+", help="arena CSVs (binokel arena --out)")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = parser.parse_args(argv)
    try:
        out = combine(args.csv)
    except (OSError, ValueError, IndexError) as exc:
        print(f"arena_combine: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(out))
    else:
        low, high = out["ci95"]  # type: ignore[misc]
        print(f"{out['deals']} deals from {out['files']} files: mean difference A - B "
              f"{out['mean_difference']:+.1f} points per hand (95% CI {low:+.1f} .. {high:+.1f}, "
              f"sd {out['stdev']:.1f}); A {out['score_a']:.1f}, B {out['score_b']:.1f} a hand")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
