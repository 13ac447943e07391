"""``binokel rules``: list the rule sets, or show every field of one (``--json``, ``--toml``)."""

from __future__ import annotations

import argparse
import dataclasses
import json
from typing import Any

from ..errors import RulesError
from ..games import rules_from_args as game_rules_from_args
from ..games.binokel.rulefile import format_value, rule_spec, rules_to_dict, rules_to_toml
from ..games.binokel.rules import BINOKEL, FIELD_GROUPS, FIELD_HELP, Rules, registered_rules
from .common import add_rules_options, fail


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
        found = _binocle_rules(args.name)
        if found is not None and args.rules_file is None and not args.rule_settings:
            return _show_other(found, as_json=args.json, as_toml=args.toml)
        args.rules = args.name
    try:
        found = game_rules_from_args(args)  # a Binocle rule set, with --set, is Binocle's
        if isinstance(found, Rules):
            rules = found
        else:
            return _show_other(found, as_json=args.json, as_toml=args.toml)
    except RulesError as exc:
        return fail(str(exc))
    if args.json:
        print(_json_object(rules_to_dict(rules)))
    elif args.toml:
        print(rules_to_toml(rules, comments=True), end="")
    else:
        _show(rules)
    return 0


def _json_object(data: dict[str, Any]) -> str:
    """A JSON object with one field per line (lists kept on their line)."""
    lines = [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in data.items()]
    return "{\n" + ",\n".join(lines) + "\n}"


def _list(*, as_json: bool, as_toml: bool) -> int:
    if as_toml:
        return fail("--toml needs a rule set: binokel rules NAME --toml")
    binokel = [(r.name, r.description) for r in registered_rules()]
    binocle = [(r.name, r.description) for r in _binocle_sets()]
    if as_json:
        rows = [{"name": n, "description": d, "game": "binokel"} for n, d in binokel]
        rows += [{"name": n, "description": d, "game": "binocle"} for n, d in binocle]
        print(json.dumps(rows, ensure_ascii=False, indent=2))
        return 0
    width = max(len(n) for n, _ in binokel + binocle)
    print("Binokel rule sets (binokel rules NAME shows every field):")
    for name, description in binokel:
        print(f"  {name:<{width}}  {description}")
    if binocle:
        print("\nBinocle rule sets (two-handed):")
        for name, description in binocle:
            print(f"  {name:<{width}}  {description}")
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
    for title, names in FIELD_GROUPS[1:]:
        print(f"\n{title}")
        for name in names:
            mark = "*" if getattr(rules, name) != default[name] else " "
            print(f" {mark}{name:<{width}}  {values[name]:<{vwidth}}  {FIELD_HELP[name]}")
    print("\n* differs from the default rule set `binokel`")


# --- Binocle rule sets (another game, shown here so that one command lists them all) -------

def _binocle_sets() -> list[Any]:
    try:
        from ..games.binocle import rules as binocle_rules
    except ImportError:
        return []
    found = getattr(binocle_rules, "BINOCLE_RULESETS", {})
    return list(found.values()) if isinstance(found, dict) else []


def _binocle_rules(name: str) -> Any | None:
    for rules in _binocle_sets():
        if rules.name == name:
            return rules
    return None


def _show_other(rules: Any, *, as_json: bool, as_toml: bool) -> int:
    values = {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules) if f.init}
    shown = {k: ([r.label for r in v] if k == "ranks" else
                 v.label if hasattr(v, "label") else v) for k, v in values.items()}
    if as_toml:
        return fail(f"--toml writes Binokel rule sets; {rules.name!r} is a Binocle rule set")
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
