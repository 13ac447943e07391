#!/usr/bin/env python3
"""Combine the CSVs of arena runs played in chunks into one mean and 95% interval.

A long arena is safer run as chunks (``binokel arena A B --deals 20 --seed S1 --out c1.csv``,
then ``--seed S2 --out c2.csv`` …): a chunk that fails loses only itself.  Each row of an
arena CSV is one duplicate deal with its difference A − B (``binokel/tools/arena_stats.py``
write_csv); this script pools the rows of every file given, refuses files whose headers
differ or a deal seed that appears twice (the same chunk given twice), and prints the number
of deals, the mean difference per hand and its 95% interval, computed as ``binokel arena``
computes it (``arena_stats.mean_ci``, the deal as the unit), and for three-player tables the
same split by how many seats A holds (``arena_stats.seat_split``)::

    .venv/bin/python -m binokel.tools.arena_combine /tmp/arena/chunk*.csv
    .venv/bin/python -m binokel.tools.arena_combine --json /tmp/arena/chunk*.csv

``--summaries`` adds the chunks' JSON summaries (``binokel arena --json`` output) and pools each
bot's contracts into its missed-or-given-up share (summaries of other bots or another rule set
are refused)::

    .venv/bin/python -m binokel.tools.arena_combine c*.csv --summaries c*.json
"""

from __future__ import annotations

import argparse
import csv
import json
import sys

from .arena_stats import mean_ci, seat_split, seats_of_a


def combine(paths: list[str]) -> dict[str, object]:
    """The pooled summary of the arena CSVs at ``paths`` (ValueError for files that do not
    belong together)."""
    header: list[str] | None = None
    seen: set[str] = set()
    diffs: list[float] = []
    a_scores: list[float] = []
    b_scores: list[float] = []
    by_seats: dict[int, list[float]] = {}
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
            groups: dict[int, list[float]] = {}
            for name, cell in zip(header[6:], row[6:], strict=False):
                k = seats_of_a(name)
                if k is not None and cell:
                    groups.setdefault(k, []).append(float(cell))
            for k, values in groups.items():
                by_seats.setdefault(k, []).append(sum(values) / len(values))
    mean, sd, low, high = mean_ci(diffs)
    n = len(diffs)
    return {"files": len(paths), "deals": n, "mean_difference": round(mean, 3),
            "stdev": round(sd, 3), "ci95": [round(low, 3), round(high, 3)],
            "score_a": round(sum(a_scores) / n, 3) if n else 0.0,
            "score_b": round(sum(b_scores) / n, 3) if n else 0.0,
            "by_seats": {str(k): {"mean_difference": round(m, 3),
                                  "ci95": [round(lo, 3), round(hi, 3)], "deals": count}
                         for k, (m, lo, hi, count) in seat_split(by_seats).items()}}


_COUNTS = ("declared", "made", "missed", "gave_up")


def combine_shares(paths: list[str]) -> dict[str, dict[str, object]]:
    """Each bot's contracts pooled over the arena JSON summaries at ``paths``: its name,
    declared, made, missed, given up and the missed-or-given-up share (ValueError for summaries
    of other bots or another rule set, or a seed given twice)."""
    counts: dict[str, dict[str, int]] = {}
    names: dict[str, str] = {}
    first: tuple[str, str, str] | None = None
    seeds: set[str] = set()
    for path in paths:
        with open(path, encoding="utf-8") as f:
            summary = json.load(f)
        try:
            seed = str(summary["seed"])
            table = (str(summary["bot_a"]), str(summary["bot_b"]), str(summary["rules"]))
            bots = {seat: (str(bot["name"]), [int(bot[key]) for key in _COUNTS])
                    for seat, bot in summary["bots"].items()}
        except (KeyError, TypeError, AttributeError, ValueError):
            raise ValueError(f"{path}: not an arena JSON summary") from None
        if seed in seeds:
            raise ValueError(f"{path}: seed {seed!r} is in an earlier summary too")
        seeds.add(seed)
        if first is None:
            first = table
        elif table != first:
            raise ValueError(f"{path}: another table ({table[0]} vs {table[1]}, {table[2]}) "
                             f"than the first file's")
        for seat, (name, values) in bots.items():
            names[seat] = name
            pooled = counts.setdefault(seat, dict.fromkeys(_COUNTS, 0))
            for key, value in zip(_COUNTS, values, strict=True):
                pooled[key] += value
    out: dict[str, dict[str, object]] = {}
    for seat, pooled in counts.items():
        declared = pooled["declared"]
        failed = pooled["missed"] + pooled["gave_up"]
        out[seat] = {"name": names[seat], **pooled,
                     "missed_or_given_up": round(failed / declared, 4) if declared else 0.0}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("csv", nargs="+", help="arena CSVs (binokel arena --out)")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--summaries", nargs="+", default=[], metavar="JSON",
                        help="the chunks' arena JSON summaries: pool each bot's contract shares")
    args = parser.parse_args(argv)
    try:
        out = combine(args.csv)
        contracts = combine_shares(args.summaries) if args.summaries else {}
        if contracts:
            out["contracts"] = contracts
    except (OSError, ValueError, IndexError, json.JSONDecodeError) as exc:
        print(f"arena_combine: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(out))
    else:
        ci95 = out["ci95"]
        assert isinstance(ci95, list)
        low, high = ci95
        print(f"{out['deals']} deals from {out['files']} files: mean difference A - B "
              f"{out['mean_difference']:+.1f} points per hand (95% CI {low:+.1f} .. {high:+.1f}, "
              f"sd {out['stdev']:.1f}); A {out['score_a']:.1f}, B {out['score_b']:.1f} a hand")
        split = out["by_seats"]
        assert isinstance(split, dict)
        for k, part in split.items():
            low, high = part["ci95"]
            print(f"  where A holds {k} seat{'s' if k != '1' else ''}: "
                  f"{part['mean_difference']:+.1f} (95% CI {low:+.1f} .. {high:+.1f}, "
                  f"{part['deals']} deals)")
        for seat, counts in contracts.items():
            print(f"{seat} {counts['name']}: missed or given up {counts['missed_or_given_up']:.1%} "
                  f"of {counts['declared']} contracts (missed {counts['missed']}, "
                  f"given up {counts['gave_up']})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
