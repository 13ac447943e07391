"""``binokel bench``: how fast the engine plays random hands and playouts."""

from __future__ import annotations

import argparse
import json

from ..tools.bench import run_bench
from .common import add_rules_options, checked_rules, fail


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "bench", help="measure engine speed (random hands, random playouts)",
        description="Median of several timed runs on one core: random full hands through the "
                    "public API, and random card-play playouts through the compact form. With a "
                    "Binocle rule set: whole Binocle hands, and playouts of a hand from a deal "
                    "sampled from a player's view, as its search makes them.")
    add_rules_options(parser)
    parser.add_argument("--runs", type=int, default=5, help="timed runs per figure (default 5)")
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="seconds per run (default 3)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    rules, status = checked_rules(args)
    if status:
        return status
    if args.runs < 1 or args.seconds <= 0:
        return fail("--runs must be at least 1 and --seconds positive")
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

    # On standard error, so that the figures on standard output stay clean for pipes and --json.
    progress = Progress(TextColumn("bench {task.completed}/{task.total} runs"), BarColumn(),
                        TimeRemainingColumn(), console=Console(stderr=True), transient=True)
    with progress:
        task = progress.add_task("bench", total=2 * args.runs)
        result = run_bench(rules, runs=args.runs, seconds=args.seconds,
                           on_run=lambda: progress.advance(task))
    if args.json:
        print(json.dumps(result.as_dict()))
    else:
        print(f"rules              {rules.name}")
        print(f"hands/s            {result.hands_per_second:10.0f}   (median of {args.runs} runs "
              f"of {args.seconds:g} s: {', '.join(f'{x:.0f}' for x in result.hands_runs)})")
        print(f"playouts/s         {result.playouts_per_second:10.0f}   (median of {args.runs} "
              f"runs: {', '.join(f'{x:.0f}' for x in result.playouts_runs)})")
    return 0
