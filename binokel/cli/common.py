"""Options and helpers shared by the commands."""

from __future__ import annotations

import argparse

from ..rules import Rules, RulesError, find_rules


def add_rules_options(parser: argparse.ArgumentParser) -> None:
    """``--rules NAME`` (a named rule set)."""
    parser.add_argument("--rules", default="binokel", metavar="NAME",
                        help="rule set to play (see `binokel rules`); default: binokel")


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The rule set the options name; raises :class:`RulesError` with a clear message."""
    return find_rules(args.rules)


def fail(message: str, status: int = 2) -> int:
    """Print an error the way every command does and return the exit status."""
    import sys

    print(f"binokel: error: {message}", file=sys.stderr)
    return status


__all__ = ["RulesError", "add_rules_options", "fail", "rules_from_args"]
