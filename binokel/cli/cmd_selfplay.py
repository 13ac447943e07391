"""``binokel selfplay``: whole games between random legal players, written as records."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..tools.selfplay import MAX_HANDS, selfplay
from .common import add_games_option, add_rules_options, add_run_seed_option, checked_rules, fail


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "selfplay", help="play games between random players and write their records",
        description="Plays whole games between players that choose uniformly among the legal "
                    "actions, prints one summary line per game and, with --out, writes every "
                    "game's record to FILE (check them with `binokel replay FILE`). Binocle "
                    "rule sets (--rules binocle, binocle-64) play Binocle.")
    add_rules_options(parser)
    add_games_option(parser, 1)
    add_run_seed_option(parser)
    parser.add_argument("--out", metavar="FILE", help="write the records to FILE")
    parser.add_argument("--max-hands", type=int, default=MAX_HANDS, metavar="N",
                        help=f"stop a game unfinished after N hands (default {MAX_HANDS})")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    rules, status = checked_rules(args, games=True)
    if status:
        return status
    if args.max_hands < 1:
        return fail("--max-hands must be at least 1")
    records = []
    for game in selfplay(rules, seed=args.seed, games=args.games, max_hands=args.max_hands):
        print(game.summary(), flush=True)
        if args.out:
            records.append(game.record())
    if args.out:
        try:
            Path(args.out).write_text("\n".join(records), encoding="utf-8")
        except OSError as exc:
            return fail(f"cannot write {args.out}: {exc.strerror or exc}", status=1)
        print(f"wrote {len(records)} record{'s' if len(records) != 1 else ''} to {args.out}")
    return 0
