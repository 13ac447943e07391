"""Binocle rule sets from text: ``--set FIELD=VALUE``, specs ``binocle+target=1500`` and the
fields of a TOML rules file, each checked and named by the field at fault.

>>> find_binocle_spec("binocle+target=1500").target
1500
>>> binocle_fields_text(find_binocle_spec("binocle-64"))["dix_rank"]
'7'
"""

from __future__ import annotations

import dataclasses
import functools
import typing
from collections.abc import Iterable, Mapping
from typing import Any

from ...cards import Rank
from ...errors import RulesError, did_you_mean
from .rules import BINOCLE, BINOCLE_RULESETS, BinocleRules


@functools.cache
def _binocle_hints() -> dict[str, Any]:
    hints = typing.get_type_hints(BinocleRules)
    return {f.name: hints[f.name] for f in dataclasses.fields(BinocleRules) if f.init}


_RANKS: dict[str, Rank] = {
    "A": Rank.ACE, "10": Rank.TEN, "T": Rank.TEN, "K": Rank.KING, "Q": Rank.QUEEN,
    "J": Rank.JACK, "9": Rank.NINE, "8": Rank.EIGHT, "7": Rank.SEVEN,
}
_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


def _binocle_field(name: str) -> Any:
    hints = _binocle_hints()
    if name not in hints:
        hint = did_you_mean(name, hints) or " (`binokel rules binocle` lists them)"
        raise RulesError(f"{name}: not a field of a Binocle rule set{hint}")
    return hints[name]


def _rank(name: str, item: object) -> Rank:
    if isinstance(item, Rank):
        return item
    found = _RANKS.get(str(item).strip().upper())
    if found is None:
        raise RulesError(f"{name}: {item!r} is not a rank (A 10 K Q J 9 8 7)")
    return found


def binocle_value(name: str, value: object) -> Any:
    """A Binocle rule field's value from ``--set`` text or TOML data.

    >>> binocle_value("dix_uses_meld", "yes"), binocle_value("ranks", "7,8,9,J,Q,K,10,A")[0]
    (True, <Rank.SEVEN: 0>)
    """
    hint = _binocle_field(name)
    text = value.strip() if isinstance(value, str) else None
    if hint is bool:
        if isinstance(value, bool):
            return value
        if text is not None and text.lower() in _TRUE + _FALSE:
            return text.lower() in _TRUE
        raise RulesError(f"{name}: must be true or false, not {value!r}")
    if hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if text is not None and text.lstrip("-").isdigit():
            return int(text)
        raise RulesError(f"{name}: must be a whole number, not {value!r}")
    if hint is str:
        if text is None:
            raise RulesError(f"{name}: must be text, not {value!r}")
        if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
            return text[1:-1]
        return text
    if hint is Rank:
        return _rank(name, value)
    items = text.replace(",", " ").split() if text is not None else value
    if not isinstance(items, list | tuple):
        raise RulesError(f"{name}: must be a list of ranks such as 9,J,Q,K,10,A")
    return tuple(sorted(_rank(name, item) for item in items))


def _format_binocle_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Rank):
        return value.label
    if isinstance(value, tuple):
        return ",".join(r.label for r in sorted(value, reverse=True))
    return str(value)


def binocle_fields_text(rules: BinocleRules) -> dict[str, str]:
    """Every field of a Binocle rule set in its ``--set`` text form."""
    return {name: _format_binocle_value(value) for name, value in rules.fields().items()}


def derive_binocle_rules(base: BinocleRules, changes: Mapping[str, Any]) -> BinocleRules:
    """``base`` with fields changed, named by its spec (``binocle+target=1500``) unless a
    change names it."""
    values = {name: binocle_value(name, value) for name, value in changes.items()}
    play = {k: v for k, v in values.items()
            if k not in ("name", "description") and getattr(base, k) != v}
    root = base.name.partition("+")[0]
    preset = BINOCLE_RULESETS.get(root, base)
    try:
        new = base.replace(**play) if play else base
    except (TypeError, ValueError) as exc:
        raise RulesError(str(exc)) from None
    name = values.get("name")
    if name is None:
        diffs = [f"{k}={_format_binocle_value(v)}" for k, v in new.fields().items()
                 if k not in ("name", "description") and getattr(preset, k) != v]
        if not diffs:
            return preset if "description" not in values else preset.replace(
                description=values["description"])
        name = "+".join([preset.name, *diffs])
        description = values.get("description",
                                 f"{preset.description} (changed: {', '.join(diffs)})")
    else:
        description = values.get("description", new.description)
    return new.replace(name=name, description=description)


def apply_binocle_settings(rules: BinocleRules, settings: Iterable[str]) -> BinocleRules:
    """``rules`` with ``FIELD=VALUE`` changes (as ``--set`` gives them).

    >>> apply_binocle_settings(BINOCLE_RULESETS["binocle"], ["target=1500"]).name
    'binocle+target=1500'
    """
    changes: dict[str, str] = {}
    for text in settings:
        name, eq, value = text.partition("=")
        name = name.strip().replace("-", "_")
        if not eq or not name:
            raise RulesError(f"{text.strip()!r}: a change is written FIELD=VALUE, "
                             f"e.g. target=1500")
        _binocle_field(name)
        changes[name] = value
    return derive_binocle_rules(rules, changes) if changes else rules


def find_binocle_spec(name: str) -> BinocleRules:
    """A Binocle rule set by name, or by spec ``NAME+field=value+...``."""
    root, *changes = name.split("+")
    found = BINOCLE_RULESETS.get(root.strip())
    if found is None:
        known = ", ".join(sorted(BINOCLE_RULESETS))
        raise RulesError(f"unknown Binocle rule set {root!r}; known: {known}")
    return apply_binocle_settings(found, changes) if changes else found


def resolve_binocle_rules(name: str | None, settings: Iterable[str] = (),
                          data: Mapping[str, Any] | None = None,
                          source: str = "rules file") -> BinocleRules:
    """The Binocle rule set of ``--rules NAME``, a rules file's data (its ``base`` and fields)
    and ``--set FIELD=VALUE`` changes, in that order.

    >>> resolve_binocle_rules("binocle", ["target=1500"]).name
    'binocle+target=1500'
    """
    rules = find_binocle_spec(name) if name is not None else None
    if data is not None:
        fields = dict(data)
        base_name = fields.pop("base", None)
        named = find_binocle_spec(base_name) if isinstance(base_name, str) else None
        if rules is None:
            rules = named
        elif named is not None and named.fields() != rules.fields():
            raise RulesError(f"{source}: base = {base_name!r} differs from the rule set "
                             f"{rules.name!r} chosen with --rules")
        try:
            rules = derive_binocle_rules(rules or BINOCLE, fields)
        except RulesError as exc:
            raise RulesError(f"{source}: {exc}") from None
    return apply_binocle_settings(rules or BINOCLE, settings)


__all__ = [
    "apply_binocle_settings", "binocle_fields_text", "binocle_value", "derive_binocle_rules",
    "find_binocle_spec", "resolve_binocle_rules",
]
