"""``binokel dataset``: expert self-play as records and as arrays for imitation and offline RL."""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from .common import add_games_option, add_rules_options, add_run_seed_option, checked_rules, fail


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "dataset", help="write self-play games as records and observation/action arrays",
        description="Plays games of one computer player against itself (the expert by "
                    "default), each seat seeing only its view, and writes every decision as "
                    "NumPy arrays (obs, mask, action, ret, seat, game, hand; a .npz file, see "
                    "docs/research.md) and the games as records (check them with `binokel "
                    "replay`). Needs the [rl] extra.")
    add_rules_options(parser)
    add_games_option(parser, 10)
    parser.add_argument("--hands", type=int, default=1, metavar="N",
                        help="hands per game, 0 for whole games (default 1)")
    parser.add_argument("--player", default="expert", metavar="NAME",
                        help="the player at every seat, as `binokel arena` names them "
                             "(default expert)")
    add_run_seed_option(parser)
    parser.add_argument("--out", required=True, metavar="STEM",
                        help="write STEM.npz and STEM.txt (the records)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    rules, status = checked_rules(args, games=True)
    if status:
        return status
    if args.hands < 0:
        return fail("--hands must be 0 (whole games) or more")
    try:
        from ..env.dataset import play_games
    except ImportError as exc:
        return fail(f"binokel dataset needs the [rl] extra ({exc})", status=1)
    import numpy as np

    stem = Path(args.out)
    started = time.perf_counter()
    try:
        data = play_games(rules, games=args.games, seed=args.seed, player=args.player,
                          hands=args.hands or None)
    except ValueError as exc:
        return fail(str(exc))
    seconds = time.perf_counter() - started
    arrays, records = stem.with_suffix(".npz"), stem.with_suffix(".txt")
    try:
        payload: dict[str, Any] = dict(data.arrays)
        np.savez_compressed(arrays, **payload)
        records.write_text("\n".join(data.records), encoding="utf-8")
    except OSError as exc:
        return fail(f"cannot write {stem}: {exc.strerror or exc}", status=1)
    rows = data.rows
    print(f"{args.games} games, {rows} decisions in {seconds:.1f} s "
          f"({rows / seconds:.0f} decisions/s)")
    print(f"wrote {arrays} ({arrays.stat().st_size / 1024:.0f} KiB: "
          + ", ".join(f"{k} {'x'.join(map(str, v.shape))}" for k, v in data.arrays.items())
          + ")")
    print(f"wrote {records} ({records.stat().st_size / 1024:.0f} KiB, {len(data.records)} "
          f"records)")
    return 0
