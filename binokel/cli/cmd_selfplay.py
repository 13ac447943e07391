"""``binokel selfplay``: whole games between random legal players, written as records."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..tools.selfplay import MAX_HANDS, selfplay
from .common import add_rules_options, fail, rules_from_args


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "selfplay", help="play games between random players and write their records",
        description="Plays whole games between players that choose uniformly among the legal "
                    "actions, prints one summary line per game and, with --out, writes every "
                    "game's record to FILE (check them with `binokel replay FILE`). Binocle "
                    "rule sets (--rules binocle, binocle-64) play Binocle.")
    add_rules_options(parser)
    parser.add_argument("--games", type=int, default=1, metavar="N",
                        help="how many games to play (default 1)")
    parser.add_argument("--seed", default="0", metavar="S",
                        help="seed of the run; game g is dealt from seed S/g (default 0)")
    parser.add_argument("--out", metavar="FILE", help="write the records to FILE")
    parser.add_argument("--max-hands", type=int, default=MAX_HANDS, metavar="N",
                        help=f"stop a game unfinished after N hands (default {MAX_HANDS})")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        rules = rules_from_args(args)
    except ValueError as exc:
        return fail(str(exc))
    if args.games < 1:
        return fail("--games must be at least 1")
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
