"""Entry point of the ``binokel`` command: one sub-command per module in this package.

Each command module has ``register(subparsers)`` which adds its parser and sets ``func`` to a
function taking the parsed arguments and returning the exit status.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from .. import __version__

#: Command modules, in the order ``binokel --help`` lists them.
COMMANDS = (
    "play",
    "selfplay",
    "replay",
    "melds",
    "rules",
    "bench",
    "bench_search",
    "arena",
    "hint",
    "serve",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="binokel",
        description="Binokel, the Swabian card game, and Foster's two-handed Binocle.",
    )
    parser.add_argument("--version", action="version", version=f"binokel {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"binokel.cli.cmd_{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"binokel.cli.cmd_{name}":
                raise
            continue  # that command is not built yet
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    status: int = args.func(args)
    return status


if __name__ == "__main__":
    sys.exit(main())
