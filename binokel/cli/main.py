"""Entry point of the ``binokel`` command: one sub-command per module in this package.

Each command module has ``register(subparsers)`` which adds its parser and sets ``func`` to a
function taking the parsed arguments and returning the exit status.  Only the module of the
command being run is imported (the play and serve commands pull in bots and web libraries);
``binokel --help`` imports them all to list them.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from .. import __version__

#: Command modules, in the order ``binokel --help`` lists them.
COMMANDS = (
    "play",
    "learn",
    "pad",
    "selfplay",
    "dataset",
    "replay",
    "melds",
    "rules",
    "bench",
    "bench_search",
    "arena",
    "hint",
    "review",
    "serve",
    "app",
)


def _command_name(module: str) -> str:
    return module.replace("_", "-")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser; with ``only``, just that command's module is imported."""
    parser = argparse.ArgumentParser(
        prog="binokel",
        description="Binokel, the Swabian card game, Foster's two-handed Binocle and "
                    "its cousin Bézique.",
    )
    parser.add_argument("--version", action="version", version=f"binokel {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        if only is not None and _command_name(name) != only:
            continue
        try:
            module = importlib.import_module(f"binokel.cli.cmd_{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"binokel.cli.cmd_{name}":
                raise
            continue  # that command is not built yet
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    first = next((a for a in args_list if not a.startswith("-")), None)
    known = {_command_name(n) for n in COMMANDS}
    parser = build_parser(first if first in known else None)
    args = parser.parse_args(args_list)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        status: int = args.func(args)
    except BrokenPipeError:
        # The reader went away (``binokel replay FILE | head``): stop quietly, as Unix tools do.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    return status


if __name__ == "__main__":
    sys.exit(main())
