"""Rule sets as text: club rule files (TOML), ``--set FIELD=VALUE`` changes, and rule specs.

A club's house rules are a TOML file naming a rule set to start from and the fields it changes::

    # Gasthaus Ochsen, Tuesdays
    base = "binokel"
    name = "ochsen"
    trump_before_discard = true
    give_up_bonus = 40
    round_trick_points = true

Every field has one text form, read by ``--set`` and written by :func:`format_value`; TOML and
JSON hold the same values as numbers, booleans, strings and lists.  A changed rule set without a
name of its own is named by its *spec*: the rule set it starts from and each changed field after
a ``+`` (``binokel+min_bid=200+give_up_bonus=40``), which
:func:`find_rules` reads
back, so a record or a log line that names the rules names exactly the rules.

>>> rules = apply_settings(find_rules("binokel"), ["min_bid=200", "first_lead=declarer"])
>>> rules.name
'binokel+min_bid=200+first_lead=declarer'
>>> find_rules(rules.name) == rules
True
>>> parse_rules_toml('base = "kreuzbinokel"\\ntarget = 2000').teams
((0, 2), (1, 3))
"""

from __future__ import annotations

import dataclasses
import functools
import json
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from ...cards import Rank
from ...errors import RulesError, did_you_mean
from .rules import (
    _LABELS,
    _PRESETS,
    ALIASES,
    FIELD_HELP,
    FirstLead,
    Rules,
    _unknown_field_message,
    registered_rules,
    registry_generation,
    rule_set_names,
)

_RANK_TEXT: dict[str, Rank] = {
    "A": Rank.ACE, "10": Rank.TEN, "T": Rank.TEN, "K": Rank.KING, "Q": Rank.QUEEN,
    "J": Rank.JACK, "9": Rank.NINE, "8": Rank.EIGHT, "7": Rank.SEVEN,
}
_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


def _kind_of(type_text: str) -> str:
    return {
        "int": "int", "bool": "bool", "str": "str", "FirstLead": "first_lead",
        "tuple[int, ...]": "rounds", "tuple[tuple[int, ...], ...]": "teams",
        "tuple[Rank, ...]": "ranks",
    }[type_text]


#: The kind of value each field holds.
FIELD_KINDS: dict[str, str] = {
    f.name: _kind_of(str(f.type)) for f in dataclasses.fields(Rules) if f.init
}


def _check_field(name: str) -> str:
    kind = FIELD_KINDS.get(name)
    if kind is None:
        raise RulesError(_unknown_field_message(name))
    return kind


def _wrong(name: str, value: object, what: str) -> RulesError:
    return RulesError(f"{name}: must be {what}, not {value!r}")


def coerce_value(name: str, value: object) -> Any:
    """A field's value from TOML or JSON data (or from ``--set`` text).

    >>> coerce_value("teams", [[0, 2], [1, 3]])
    ((0, 2), (1, 3))
    >>> coerce_value("first_lead", "declarer")
    <FirstLead.DECLARER: 'declarer'>
    """
    kind = _check_field(name)
    if isinstance(value, str) and kind in ("first_lead", "ranks"):
        # Their natural TOML form is text: first_lead = "declarer", ranks = "7 J Q K 10 A".
        return parse_value(name, value)
    if kind == "int":
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise _wrong(name, value, "a whole number")
    if kind == "bool":
        if isinstance(value, bool):
            return value
        raise _wrong(name, value, "true or false")
    if kind == "str":
        if isinstance(value, str):
            return value
        raise _wrong(name, value, "text")
    if kind == "first_lead":
        if isinstance(value, FirstLead):
            return value
        raise _wrong(name, value, "'forehand' or 'declarer'")
    if not isinstance(value, list | tuple):
        raise _wrong(name, value, _LIST_WHAT[kind])
    if kind == "rounds":
        if all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            return tuple(value)
        raise _wrong(name, value, _LIST_WHAT[kind])
    if kind == "teams":
        if all(isinstance(team, list | tuple)
               and all(isinstance(s, int) and not isinstance(s, bool) for s in team)
               for team in value):
            return tuple(tuple(team) for team in value)
        raise _wrong(name, value, _LIST_WHAT[kind])
    # ranks
    ranks: list[Rank] = []
    for item in value:
        if isinstance(item, Rank):
            ranks.append(item)
        elif isinstance(item, str | int) and str(item).upper() in _RANK_TEXT:
            ranks.append(_RANK_TEXT[str(item).upper()])
        else:
            raise _wrong(name, value, _LIST_WHAT[kind])
    return tuple(sorted(ranks))


_LIST_WHAT = {
    "rounds": "a list of round numbers such as 1,2",
    "teams": "teams of seats such as 0,2/1,3 (or [[0, 2], [1, 3]])",
    "ranks": "a list of ranks such as 7,J,Q,K,10,A",
}


def parse_value(name: str, text: str) -> Any:
    """A field's value from its text form (what ``--set FIELD=VALUE`` takes).

    >>> parse_value("ranks", "A,10,K,Q,J,7") == parse_value("ranks", "7 J Q K 10 A")
    True
    >>> parse_value("dabb_after_rounds", "1,2,3")
    (1, 2, 3)
    """
    kind = _check_field(name)
    raw = text.strip()
    if kind == "str":
        if len(raw) >= 2 and raw[0] == raw[-1] and raw[0] in "\"'":
            return raw[1:-1]
        return raw
    if raw.startswith("[") or (len(raw) >= 2 and raw[0] == raw[-1] == '"'):
        # TOML syntax, e.g. teams=[[0,2],[1,3]] or first_lead="declarer".
        try:
            data = tomllib.loads(f"v = {raw}")["v"]
        except tomllib.TOMLDecodeError:
            raise _wrong(name, text, _WHAT.get(kind) or _LIST_WHAT[kind]) from None
        return coerce_value(name, data) if not isinstance(data, str) else parse_value(name, data)
    if kind == "int":
        try:
            return int(raw)
        except ValueError:
            raise _wrong(name, text, "a whole number") from None
    if kind == "bool":
        if raw.lower() in _TRUE:
            return True
        if raw.lower() in _FALSE:
            return False
        raise _wrong(name, text, "true or false")
    if kind == "first_lead":
        try:
            return FirstLead(raw.lower())
        except ValueError:
            raise _wrong(name, text, "'forehand' or 'declarer'") from None
    if kind == "rounds":
        try:
            return tuple(int(part) for part in raw.replace(",", " ").split())
        except ValueError:
            raise _wrong(name, text, _LIST_WHAT[kind]) from None
    if kind == "teams":
        try:
            return tuple(tuple(int(s) for s in team.replace(",", " ").split())
                         for team in raw.split("/") if team.strip())
        except ValueError:
            raise _wrong(name, text, _LIST_WHAT[kind]) from None
    return coerce_value(name, raw.replace(",", " ").split())


_WHAT = {"int": "a whole number", "bool": "true or false", "first_lead": "'forehand' or 'declarer'"}


def format_value(name: str, value: Any) -> str:
    """A field's value in its text form, which :func:`parse_value` reads back.

    >>> format_value("teams", ((0, 2), (1, 3)))
    '0,2/1,3'
    """
    kind = _check_field(name)
    if kind == "bool":
        return "true" if value else "false"
    if kind == "first_lead":
        return str(value.value)
    if kind == "rounds":
        return ",".join(str(r) for r in value)
    if kind == "teams":
        return "/".join(",".join(str(s) for s in team) for team in value)
    if kind == "ranks":
        return ",".join(r.label for r in sorted(value, reverse=True))
    return str(value)


def json_value(name: str, value: Any) -> Any:
    """A field's value as JSON or TOML data (numbers, booleans, strings and lists)."""
    kind = _check_field(name)
    if kind == "first_lead":
        return value.value
    if kind == "rounds":
        return list(value)
    if kind == "teams":
        return [list(team) for team in value]
    if kind == "ranks":
        return [r.label for r in sorted(value, reverse=True)]
    return value


def rules_to_dict(rules: Rules) -> dict[str, Any]:
    """Every field as JSON data, in declaration order; :func:`rules_from_mapping` reads it."""
    return {name: json_value(name, value) for name, value in rules.fields().items()}


def parse_setting(text: str) -> tuple[str, Any]:
    """One ``FIELD=VALUE`` change.

    >>> parse_setting("give_up_bonus=40")
    ('give_up_bonus', 40)
    """
    name, eq, value = text.partition("=")
    name = name.strip().replace("-", "_")
    if not eq or not name:
        raise RulesError(f"{text.strip()!r}: a change is written FIELD=VALUE, e.g. min_bid=200")
    return name, parse_value(name, value)


def apply_settings(rules: Rules, settings: Iterable[str]) -> Rules:
    """``rules`` with ``FIELD=VALUE`` changes, named by its spec unless a change names it."""
    changes: dict[str, Any] = {}
    for text in settings:
        name, value = parse_setting(text)
        changes[name] = value
    return derive_rules(rules, changes)


def derive_rules(base: Rules, changes: Mapping[str, Any]) -> Rules:
    """``base`` with fields changed (values already of the field's type), and a fitting name.

    Without a ``name`` among the changes the result is named by its spec (see
    :func:`rule_spec`); a registered name may only be given to that very rule set.
    """
    for field_name in changes:
        _check_field(field_name)
    play = {k: v for k, v in changes.items() if k not in _LABELS and getattr(base, k) != v}
    new = base.replace(**play) if play else base
    name = changes.get("name")
    description = changes.get("description")
    if name is None:
        spec = rule_spec(new)
        if spec == new.name and description is None:
            return new
        if "+" not in spec:
            # The changes led back to a registered rule set.
            found = find_rules(spec)
            return found if description is None else found.replace(description=description)
        if description is None:
            root = find_rules(spec.partition("+")[0])
            diffs = ", ".join(spec.split("+")[1:])
            description = f"{root.description} (changed: {diffs})"
        return new.replace(name=spec, description=description)
    if not isinstance(name, str):
        raise _wrong("name", name, "text")
    if "+" in name and name != rule_spec(new.replace(name=name)):
        raise RulesError(f"name: {name!r} reads as a spec of changed fields but does not match "
                         f"them ({rule_spec(new.replace(name=name))}); choose a name without '+'")
    if name in rule_set_names() and find_rules(name).play_fields() != new.play_fields():
        raise RulesError(f"name: {name!r} is a registered rule set with other fields; "
                         f"give the changed rule set a name of its own")
    extra: dict[str, Any] = {"name": name}
    if description is not None:
        extra["description"] = description
    elif name in rule_set_names():
        extra["description"] = find_rules(name).description
    return new.replace(**extra)


def rule_spec(rules: Rules) -> str:
    """The registered rule set ``rules`` starts from, and each field it changes after ``+``.

    The base is the rule set its name starts with if that is registered, else the registered
    rule set with the fewest differences.  ``find_rules(rule_spec(r))`` plays exactly like ``r``.

    >>> rule_spec(find_rules("binokel").replace(name="mine", target=1000, min_bid=200))
    'binokel-to-1000+min_bid=200'
    """
    candidates = registered_rules()
    prefix = rules.name.partition("+")[0]
    named = [c for c in candidates if c.name == prefix]
    play = rules.play_fields()

    def diffs(base: Rules) -> list[str]:
        base_play = base.play_fields()
        return [f"{k}={format_value(k, v)}" for k, v in play.items() if base_play[k] != v]

    root = named[0] if named else min(candidates, key=lambda c: len(diffs(c)))
    return "+".join([root.name, *diffs(root)])


def rules_from_mapping(data: Mapping[str, Any], *, base: Rules | None = None,
                       source: str = "rules") -> Rules:
    """A rule set from TOML or JSON data: an optional ``base`` name and field values.

    Unknown fields and values of the wrong type are refused with a :class:`RulesError` naming
    the field (and ``source``).
    """
    fields = dict(data)
    base_name = fields.pop("base", None)
    if base_name is not None and not isinstance(base_name, str):
        raise RulesError(f"{source}: base: must be the name of a rule set, not {base_name!r}")
    try:
        named = find_rules(base_name) if base_name is not None else None
    except RulesError as exc:
        raise RulesError(f"{source}: base: {exc}") from None
    if base is None:
        base = named or find_rules("binokel")
    elif named is not None and named.play_fields() != base.play_fields():
        raise RulesError(f"{source}: base = {base_name!r} differs from the rule set "
                         f"{base.name!r} chosen with --rules")
    try:
        changes = {name: coerce_value(name, value) for name, value in fields.items()}
        return derive_rules(base, changes)
    except RulesError as exc:
        raise RulesError(f"{source}: {exc}") from None


def parse_rules_toml(text: str, *, base: Rules | None = None, source: str = "rules file") -> Rules:
    """A rule set from the text of a TOML rules file."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesError(f"{source}: not a TOML file ({exc})") from None
    return rules_from_mapping(data, base=base, source=source)


def load_rules_file(path: str | Path, *, base: Rules | None = None) -> Rules:
    """A rule set from a TOML rules file."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RulesError(f"{path}: cannot read the rules file ({exc.strerror})") from None
    return parse_rules_toml(text, base=base, source=str(path))


def rules_to_toml(rules: Rules, *, base: Rules | None = None, comments: bool = False) -> str:
    """A TOML rules file for ``rules``: every field, or with ``base`` only what differs.

    ``comments`` adds what each field means (from :data:`~binokel.games.binokel.rules.FIELD_HELP`).
    """
    lines = [f"# {rules.name}: {rules.description}"]
    values = rules.fields()
    if base is not None:
        lines.append(f"base = {json.dumps(base.name)}")
        values = {k: v for k, v in values.items()
                  if k == "name" or base.fields()[k] != v}
    for name, value in values.items():
        line = f"{name} = {json.dumps(json_value(name, value), ensure_ascii=False)}"
        if comments and name not in _LABELS:
            line = f"{line:<40} # {FIELD_HELP[name]}"
        lines.append(line)
    return "\n".join(lines) + "\n"


def resolve_rules(name: str | None = None, settings: Iterable[str] = (),
                  rules_file: str | Path | None = None) -> Rules:
    """The rule set of the command-line options: ``--rules NAME``, then ``--rules-file FILE``,
    then each ``--set FIELD=VALUE`` (later ones win).

    >>> resolve_rules("kreuzbinokel", ["target=2000"]).name
    'kreuzbinokel+target=2000'
    """
    rules = find_rules(name) if name is not None else None
    if rules_file is not None:
        rules = load_rules_file(rules_file, base=rules)
    if rules is None:
        rules = find_rules("binokel")
    settings = list(settings)
    return apply_settings(rules, settings) if settings else rules


__all__ = [
    "FIELD_KINDS", "apply_settings", "coerce_value", "derive_rules", "format_value",
    "json_value", "load_rules_file", "parse_rules_toml", "parse_setting", "parse_value",
    "resolve_rules", "rule_spec", "rules_from_mapping", "rules_to_dict", "rules_to_toml",
]


def find_rules(name: str) -> Rules:
    """The rule set of a name, an alias, or a name with changed fields (``binokel+min_bid=200``).

    >>> find_rules("binokel").players
    3
    >>> find_rules("Kreuz_Binokel").name
    'kreuzbinokel'
    """
    found = _PRESETS.get(name)
    if found is not None:
        return found
    return _find_spec(name, registry_generation())


@functools.lru_cache(maxsize=256)
def _find_spec(name: str, generation: int) -> Rules:
    # ``generation`` keys the cache: a newly registered rule set invalidates old answers.
    base_name, plus, settings = name.partition("+")
    key = base_name.strip().lower().replace("_", "-")
    key = ALIASES.get(key, key)
    base = _PRESETS.get(key)
    if base is None:
        known = ", ".join(_PRESETS)
        hint = did_you_mean(key, [*_PRESETS, *ALIASES], canonical=ALIASES)
        raise RulesError(f"unknown rule set {base_name.strip()!r}{hint}; known: {known}")
    if not plus:
        return base
    return apply_settings(base, [s for s in settings.split("+") if s.strip()])
