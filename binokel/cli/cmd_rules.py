"""``binokel rules``: list the rule sets, or show every field of one (``--json``, ``--toml``)."""

from __future__ import annotations

import argparse
import dataclasses
import json
from collections.abc import Callable
from typing import Any

from ..errors import RulesError
from ..games import game_of, registered_games
from ..games.binokel.rulefile import format_value, rule_spec, rules_to_dict, rules_to_toml
from ..games.binokel.rules import BINOKEL, FIELD_GROUPS, FIELD_HELP, Rules
from .common import add_rules_options, fail, rules_from_args


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "rules", help="list the rule sets, or show every field of one",
        description="Without a name: every rule set with one line saying what it is. With a "
                    "name (or --rules, --rules-file, --set): every field of that rule set, "
                    "marking with * what differs from the default `binokel`.")
    parser.add_argument("name", nargs="?", default=None, metavar="NAME",
                        help="the rule set to show (a name, an alias or a spec)")
    add_rules_options(parser)
    out = parser.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print JSON")
    out.add_argument("--toml", action="store_true",
                     help="print the rule set as a TOML rules file (a club's starting point)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    chosen = args.name is not None or args.rules is not None or args.rules_file is not None \
        or bool(args.rule_settings)
    if not chosen:
        return _list(as_json=args.json, as_toml=args.toml)
    if args.name is not None and args.rules is not None and args.name != args.rules:
        return fail(f"name the rule set once: {args.name!r} or --rules {args.rules!r}")
    if args.name is not None:
        args.rules = args.name
    try:
        rules = rules_from_args(args)
    except RulesError as exc:
        return fail(str(exc))
    return SHOW[game_of(rules).name](rules, as_json=args.json, as_toml=args.toml)


def _json_object(data: dict[str, Any]) -> str:
    """A JSON object with one field per line (lists kept on their line)."""
    lines = [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in data.items()]
    return "{\n" + ",\n".join(lines) + "\n}"


#: What the listing says of each game's rule sets, by game name.
LIST_NOTES = {"binokel": "binokel rules NAME shows every field", "binocle": "two-handed"}


def _list(*, as_json: bool, as_toml: bool) -> int:
    if as_toml:
        return fail("--toml needs a rule set: binokel rules NAME --toml")
    sets = [(game, [game.find_rules(n) for n in game.rule_set_names()])
            for game in registered_games()]
    if as_json:
        rows = [{"name": r.name, "description": r.description, "game": game.name}
                for game, found in sets for r in found]
        print(json.dumps(rows, ensure_ascii=False, indent=2))
        return 0
    width = max(len(r.name) for _, found in sets for r in found)
    for number, (game, found) in enumerate(sets):
        note = LIST_NOTES.get(game.name)
        print(("\n" if number else "") + f"{game.title} rule sets" +
              (f" ({note}):" if note else ":"))
        for rules in found:
            print(f"  {rules.name:<{width}}  {rules.description}")
    return 0


def _show_binokel(rules: Rules, *, as_json: bool, as_toml: bool) -> int:
    if as_json:
        print(_json_object(rules_to_dict(rules)))
    elif as_toml:
        print(rules_to_toml(rules, comments=True), end="")
    else:
        _show(rules)
    return 0


def _show(rules: Rules) -> None:
    default = BINOKEL.fields()
    print(f"{rules.name}: {rules.description}")
    spec = rule_spec(rules)
    if spec != rules.name:
        print(f"plays as: {spec}")
    width = max(len(n) for n in FIELD_HELP)
    values = {name: format_value(name, value) for name, value in rules.fields().items()}
    vwidth = max(len(v) for n, v in values.items() if n not in ("name", "description"))
    marked = False
    for title, names in FIELD_GROUPS[1:]:
        print(f"\n{title}")
        for name in names:
            mark = "*" if getattr(rules, name) != default[name] else " "
            marked = marked or mark == "*"
            print(f" {mark}{name:<{width}}  {values[name]:<{vwidth}}  {FIELD_HELP[name]}")
    if marked:  # the legend only for a mark that is printed
        print("\n* differs from the default rule set `binokel`")


# --- other games: every field as its rule set holds it --------------------------------------

def _show_other(rules: Any, *, as_json: bool, as_toml: bool) -> int:
    values = {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules) if f.init}
    shown = {k: ([r.label for r in v] if k == "ranks" else
                 v.label if hasattr(v, "label") else v) for k, v in values.items()}
    if as_toml:
        return fail(f"--toml writes Binokel rule sets; {rules.name!r} is a "
                    f"{game_of(rules).title} rule set")
    if as_json:
        print(_json_object(shown))
        return 0
    print(f"{rules.name}: {rules.description}\n")
    width = max(len(k) for k in shown)
    for key, value in shown.items():
        if key not in ("name", "description"):
            text = ",".join(value) if isinstance(value, list) else str(value).lower() \
                if isinstance(value, bool) else str(value)
            print(f"  {key:<{width}}  {text}")
    return 0


#: How ``binokel rules NAME`` shows a rule set of each game, by game name.
SHOW: dict[str, Callable[..., int]] = {
    "binokel": _show_binokel,
    "binocle": _show_other,
    "bezique": _show_other,
}
