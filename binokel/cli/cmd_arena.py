"""``binokel arena BOT_A BOT_B``: duplicate deals between two bots, with a confidence interval."""

from __future__ import annotations

import argparse
import json
from typing import Any

from .common import RulesError, add_rules_options, fail


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "arena", help="two bots play duplicate deals; reports who is stronger",
        description="Bot A and bot B play the same deals in every seating (for three players "
                    "A-B-B and A-A-B in each rotation), so luck of the cards cancels out. "
                    "Bots: random, heuristic, heuristic:level=easy|medium|hard "
                    "(add ,v=1 for the first bidding), "
                    "cmd:PROGRAM ARGS (an external bot, see docs/bot-protocol.md), "
                    "openspiel:ismcts:sims=N (OpenSpiel's IS-MCTS, from the seat's view; "
                    "Binokel rule sets, one process; needs the [rl] extra). "
                    "With --rules binocle or binocle-64 a deal is one Binocle hand played "
                    "twice with the seats swapped (A-B and B-A); a seat's score is what it "
                    "scored in the hand. "
                    "Binocle bots: random, heuristic[:level=...], search[:samples=N], expert.")
    parser.add_argument("bot_a", metavar="BOT_A")
    parser.add_argument("bot_b", metavar="BOT_B")
    add_rules_options(parser)
    parser.add_argument("--deals", type=int, default=200, metavar="N",
                        help="duplicate deals to play (default 200)")
    parser.add_argument("--seed", default="arena", metavar="S", help="seed of the deals")
    parser.add_argument("--workers", type=int, default=1, metavar="K",
                        help="parallel worker processes (same result for any K)")
    parser.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                        help="run the deals as Ray tasks instead of worker processes, with the "
                             "same result: on a Ray started for the run (or the cluster of "
                             "RAY_ADDRESS) without ADDRESS, else on the cluster at ADDRESS "
                             "(auto, HOST:6379, ray://HOST:10001); every node needs this "
                             "binokel and its bots installed; needs pip install "
                             "'binokel[scale]' (see docs/deploy.md)")
    parser.add_argument("--time-limit", type=float, default=5.0, metavar="SECONDS",
                        help="time an external bot may take per decision (default 5)")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--out", metavar="FILE.csv", help="write one CSV row per deal")
    parser.add_argument("--plot", metavar="FILE.png", help="draw the score differences")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..bots import BotError
    from ..tools.arena import ArenaConfig, RayMissing, run_arena
    from ..tools.arena_stats import plot, summarize, write_csv
    from .common import rules_from_args

    try:
        rules = rules_from_args(args)
    except RulesError as exc:
        return fail(str(exc))
    if args.deals < 1:
        return fail("--deals must be at least 1")
    if args.workers < 1:
        return fail("--workers must be at least 1")
    if args.ray is not None and args.workers != 1:
        return fail("--ray and --workers: choose one (Ray runs a task per CPU of its cluster)")
    config = ArenaConfig(bot_a=args.bot_a, bot_b=args.bot_b, rules=rules, deals=args.deals,
                         seed=args.seed, workers=args.workers, time_limit=args.time_limit,
                         ray=args.ray)
    runner = run_arena
    if any(name.startswith("openspiel:") for name in (args.bot_a, args.bot_b)):
        try:
            from ..env.spiel_arena import run_spiel_arena
        except ImportError as exc:
            return fail(f"OpenSpiel players need the [rl] extra ({exc})", status=1)
        runner = run_spiel_arena
    try:
        result = _run_with_progress(config, runner, show=not args.no_progress)
    except BotError as exc:
        return fail(str(exc), status=1)
    except RayMissing as exc:
        return fail(str(exc))
    except ValueError as exc:
        return fail(str(exc))
    summary = summarize(result)
    if args.out:
        with open(args.out, "w", newline="", encoding="utf-8") as out:
            write_csv(result, out)
    if args.plot:
        try:
            plot(result, args.plot)
        except RuntimeError as exc:
            return fail(str(exc))
    if args.json:
        print(json.dumps(summary.to_json(), ensure_ascii=False))
    else:
        print(summary.text())
    return 0


def _run_with_progress(config: Any, runner: Any, *, show: bool) -> Any:
    if not show:
        return runner(config)
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    console = Console(stderr=True)
    columns = (TextColumn("[bold]arena[/]"), BarColumn(), MofNCompleteColumn(),
               TextColumn("deals"), TimeElapsedColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=False) as progress:
        task = progress.add_task("deals", total=config.deals)
        return runner(config, lambda n: progress.advance(task, n))


__all__ = ["register", "run"]
