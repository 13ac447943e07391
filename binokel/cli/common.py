"""Options and helpers shared by the commands.

Every command that plays takes the same three rule options, added by :func:`add_rules_options`
and read by :func:`rules_from_args`:

* ``--rules NAME``: a named rule set (``binokel rules`` lists them), an alias, or a spec such as
  ``binokel+min_bid=200``;
* ``--rules-file FILE.toml``: a club's house rules, a TOML file with an optional
  ``base = "NAME"`` and ``field = value`` lines (docs/rules.md);
* ``--set FIELD=VALUE``, repeatable: change single fields, after the file.

A rule set that does not add up raises :class:`RulesError`, whose message names the field;
commands print it with :func:`fail` (one line, exit status 2), as for any other bad option.
"""

from __future__ import annotations

import argparse
import os
from typing import TYPE_CHECKING, Any

from ..errors import RulesError
from ..games import resolve_game_rules

if TYPE_CHECKING:
    from ..ui.i18n import Strings


def add_rules_options(parser: argparse.ArgumentParser) -> None:
    """``--rules NAME``, ``--rules-file FILE`` and ``--set FIELD=VALUE`` (repeatable)."""
    group = parser.add_argument_group(
        "rules", "which rule set to play (see `binokel rules`); --set is applied last")
    group.add_argument("--rules", default=None, metavar="NAME",
                       help="a named rule set (default: binokel, or the file's base)")
    group.add_argument("--rules-file", default=None, metavar="FILE",
                       help="a TOML file of house rules: base = \"NAME\" and field = value lines")
    group.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE",
                       dest="rule_settings",
                       help="change one field of the rule set, e.g. --set min_bid=200 "
                            "(repeatable)")


def rules_from_args(args: argparse.Namespace, *, game: str | None = None) -> Any:
    """The rule set the options name, of whichever game it belongs to (the registry's
    :func:`~binokel.games.resolve_game_rules`), or of ``game`` for a command that serves one
    game only; raises :class:`RulesError` with a clear message.

    Works with any namespace: options a command did not add count as not given.
    """
    return resolve_game_rules(getattr(args, "rules", None),
                              getattr(args, "rule_settings", None) or (),
                              getattr(args, "rules_file", None), game=game)


def checked_rules(args: argparse.Namespace, *, games: bool = False) -> tuple[Any, int]:
    """The rule set the options name and 0, or ``None`` and the exit status after printing why
    not (:func:`fail`).  With ``games``, ``--games`` must be at least 1 too.

    A command's ``run`` begins ``rules, status = checked_rules(args)`` and returns a non-zero
    status at once.
    """
    try:
        rules = rules_from_args(args)
    except ValueError as exc:
        return None, fail(str(exc))
    if games and args.games < 1:
        return None, fail("--games must be at least 1")
    return rules, 0


def add_games_option(parser: argparse.ArgumentParser, default: int) -> None:
    """``--games N``: how many games a command that plays a run of games plays."""
    parser.add_argument("--games", type=int, default=default, metavar="N",
                        help=f"how many games to play (default {default})")


def add_run_seed_option(parser: argparse.ArgumentParser) -> None:
    """``--seed S``: the seed of a run of games, game g dealt from seed ``S/g``."""
    parser.add_argument("--seed", default="0", metavar="S",
                        help="seed of the run; game g is dealt from seed S/g (default 0)")


def add_game_option(parser: argparse.ArgumentParser) -> None:
    """``--game N``: which game of a record file of several (commands that read a record)."""
    parser.add_argument("--game", type=int, default=None, metavar="N",
                        help="which game of a file of several (1 is the first; default: the "
                             "last)")


def read_text(path: str) -> str:
    """A record file's text, or standard input's for ``-``; raises :class:`OSError` or
    :class:`UnicodeDecodeError`."""
    if path == "-":
        import sys

        return sys.stdin.read()
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def pick_game(records: list[Any], number: int | None, path: str) -> int:
    """The number (1-based) of the game ``--game`` chose from a file's records, the last by
    default; raises :class:`ValueError` saying what the file holds."""
    if not records:
        raise ValueError(f"{path} holds no game record")
    chosen = len(records) if number is None else number
    if not 1 <= chosen <= len(records):
        count = "1 game" if len(records) == 1 else f"{len(records)} games"
        raise ValueError(f"--game {number}: {path} holds {count}; choose 1 to {len(records)} "
                         "(default: the last)")
    return chosen


def fail(message: str, status: int = 2) -> int:
    """Print an error the way every command does and return the exit status."""
    import sys

    print(f"binokel: error: {message}", file=sys.stderr)
    return status


def add_lang_option(parser: argparse.ArgumentParser) -> None:
    """``--lang de|en``: the language of what the command prints, as ``binokel play``'s."""
    from ..ui.i18n import LANGUAGES

    parser.add_argument("--lang", choices=LANGUAGES, default=None,
                        help="language of the output (default: the system locale)")


def strings_from_args(args: argparse.Namespace) -> Strings:
    """The :class:`binokel.ui.i18n.Strings` of ``--lang``, else of the system locale."""
    from ..ui.i18n import Strings, pick_language

    return Strings(args.lang or pick_language(os.environ))


__all__ = ["RulesError", "add_game_option", "add_games_option", "add_lang_option",
           "add_rules_options", "add_run_seed_option", "checked_rules", "fail", "pick_game",
           "read_text", "rules_from_args", "strings_from_args"]
