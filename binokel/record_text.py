"""The text layer shared by every game's records: tags, ``Rule`` lines and their values, card
lists, player names, and splitting a file into records.

Binokel records (:mod:`binokel.games.binokel.records`) and Binocle records
(:mod:`binokel.games.binocle.records`)
are written and read with these pieces, so both formats quote, escape and check alike.

>>> tag_line("Event", 'Zum "Löwen"')
'[Event "Zum \\\\"Löwen\\\\""]'
>>> format_value((0, 2), tuple[int, ...]), parse_value("J Q K 10 A", tuple[Rank, ...])[0].label
('0 2', 'J')
"""

from __future__ import annotations

import enum
import re
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from .cards import CARDS, Card, Rank, parse_card, unpack_kinds


class RecordError(ValueError):
    """A record that cannot be read or does not replay; the message names the line, the hand,
    the action and the rule."""


#: Card text by kind, and cards by text (the notation of binokel.cards, looked up fast).
CARD_TEXT = tuple(str(c) for c in CARDS)
_CARD_BY_TEXT = {text: card for text, card in zip(CARD_TEXT, CARDS, strict=True)}


def cards_text(packed: int) -> str:
    """Packed cards as text, in kind order: ``A♠ K♠ Q♠``."""
    return " ".join(CARD_TEXT[k] for k in unpack_kinds(packed))


def parse_cards(text: str) -> list[Card]:
    """Cards written with spaces or commas between them."""
    return [_CARD_BY_TEXT.get(part) or parse_card(part) for part in text.replace(",", " ").split()]


def player_names(players: Sequence[str] | None, seats: int) -> list[str]:
    """The names for a ``Players`` tag (``Seat 0`` ... by default); refuses a wrong count, an
    empty name or a comma in one."""
    if players is None:
        return [f"Seat {s}" for s in range(seats)]
    names = [p.strip() for p in players]
    if len(names) != seats:
        raise ValueError(f"{seats} seats need {seats} player names, not {len(names)}")
    if not all(names) or any("," in name for name in names):
        raise ValueError(f"player names must be non-empty and hold no comma: {names!r}")
    return names


# --- rule values as text ---------------------------------------------------------------------

def format_value(value: Any, hint: Any) -> str:
    """One rule field's value as text: ``150``, ``true``, ``J Q K 10 A``, ``0 2, 1 3``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Rank):
        return value.label
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, int | str):
        return str(value)
    inner = _tuple_of(hint)
    if isinstance(value, tuple) and inner is not None:
        sep = ", " if _tuple_of(inner) is not None else " "
        return sep.join(format_value(v, inner) for v in value)
    raise TypeError(f"a record cannot write the rule value {value!r} ({hint})")


def parse_value(text: str, hint: Any) -> Any:
    """The inverse of :func:`format_value` (raises ``ValueError``)."""
    if hint is bool and text in ("true", "false"):
        return text == "true"
    if hint is str:
        return text
    if hint is int:
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"write a whole number, not {text!r}") from None
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        for member in hint:
            if text == (member.label if isinstance(member, Rank) else str(member.value)):
                return member
    inner = _tuple_of(hint)
    if inner is not None:
        nested = _tuple_of(inner) is not None
        parts = text.split(",") if nested else text.split()
        return tuple(parse_value(p.strip(), inner) for p in parts if p.strip() or not nested)
    want = "true or false" if hint is bool else getattr(hint, "__name__", str(hint))
    raise ValueError(f"write {want}, not {text!r}")


def _tuple_of(hint: Any) -> Any:
    """``X`` for ``tuple[X, ...]``, else None."""
    args = typing.get_args(hint)
    ok = typing.get_origin(hint) is tuple and len(args) == 2 and args[1] is Ellipsis
    return args[0] if ok else None


#: Tags the program writes itself, in this order (extra tags go between Players and FirstDealer).
RESERVED_TAGS = ("Game", "Rules", "Seed", "Players", "FirstDealer", "Result", "Totals", "Rule")


_HINTS: dict[type, dict[str, Any]] = {}


def rule_hints(cls: type) -> dict[str, Any]:
    """The field types of a rule-set class (what :func:`format_value` writes them by)."""
    found = _HINTS.get(cls)
    if found is None:
        found = _HINTS[cls] = typing.get_type_hints(cls)
    return found


# --- tags and headers ------------------------------------------------------------------------

TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_TAG_LINE = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\]')
_RULE_LINE = re.compile(r'\[Rule\s+([A-Za-z_][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\]')

def split_records(text: str) -> list[tuple[list[str], int]]:
    """The records of a text, whatever their game: each record's lines and its first line's
    number (records follow each other, separated by blank lines)."""
    chunks: list[tuple[list[str], int]] = []
    chunk: list[str] = []
    first = 1
    in_body = False
    for n, line in enumerate(text.removeprefix("\ufeff").splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("[") and in_body:
            chunks.append((chunk, first))
            chunk, first, in_body = [], n, False
        if not chunk and not stripped:
            first = n + 1
            continue
        if stripped and not stripped.startswith(("[", ";")):
            in_body = True
        chunk.append(line)
    if chunk:
        chunks.append((chunk, first))
    return chunks


def read_header(lines: list[str], first: int
                ) -> tuple[dict[str, str], dict[str, tuple[str, int]], int]:
    """A record's header: its tags, its ``Rule`` lines (value and line number), and the index
    in ``lines`` where the body begins."""
    tags: dict[str, str] = {}
    rule_values: dict[str, tuple[str, int]] = {}
    body_at = len(lines)
    for i, raw in enumerate(lines):
        n, line = first + i, raw.strip()
        if not line or line.startswith(";"):
            continue
        if not line.startswith("["):
            body_at = i
            break
        rule, tag = _RULE_LINE.fullmatch(line), _TAG_LINE.fullmatch(line)
        if rule is None and (tag is None or tag.group(1) == "Rule"):
            raise RecordError(f'line {n}: malformed header line {line!r} (write [Name "value"] '
                              f'or [Rule field "value"])')
        found = rule or tag
        assert found is not None
        name, value = found.group(1), unescape(found.group(2))
        if name in (rule_values if rule else tags):
            raise RecordError(f"line {n}: {'the rule' if rule else 'the tag'} {name} is written "
                              f"twice")
        if rule:
            rule_values[name] = (value, n)
        else:
            tags[name] = value
    return tags, rule_values, body_at


RulesT = typing.TypeVar("RulesT")


def build_rules(cls: Callable[..., RulesT], base_fields: dict[str, Any], name: str | None,
                 values: dict[str, tuple[str, int]], first: int, what: str = "") -> RulesT:
    """A rule set from a base rule set's fields and a record's ``[Rule field "value"]`` lines.

    ``what`` names the game in messages (``"Binocle "``); shared by every game's records.
    """
    fields = {**base_fields, "name": name or base_fields["name"]}
    hints = typing.get_type_hints(cls)
    for key, (text, n) in values.items():
        if key not in fields:
            raise RecordError(f"line {n}: no {what}rule field {key!r}")
        try:
            fields[key] = parse_value(text, hints[key])
        except ValueError as exc:
            raise RecordError(f"line {n}: rule {key}: {exc}") from None
    if name is not None and fields["name"] != name:
        raise RecordError(f"line {first}: the Rules tag says {name!r} but the rule name is "
                          f"{fields['name']!r}")
    try:
        return cls(**fields)
    except (TypeError, ValueError) as exc:
        raise RecordError(f"line {first}: the rules do not add up: {exc}") from None


def split_items(text: str) -> list[str]:
    """The comma-separated items of a body line, stripped, empty ones left out."""
    return [part.strip() for part in text.split(",") if part.strip()]


def tag_line(name: str, value: str) -> str:
    """A header line ``[Name "value"]`` with quotes and backslashes escaped."""
    if value.splitlines() != [value] and value:
        raise ValueError(f"the tag {name} cannot hold a line break: {value!r}")
    return f'[{name} "{escape(value)}"]'


def escape(text: str) -> str:
    """A tag value with ``\\`` and ``"`` escaped by a backslash."""
    return text.replace("\\", "\\\\").replace('"', '\\"')


def unescape(text: str) -> str:
    """The inverse of :func:`escape`."""
    return re.sub(r"\\(.)", r"\1", text)


# --- whole records ---------------------------------------------------------------------------

def header_lines(game: str, rules: Any, seed: int | str, names: Sequence[str],
                 tags: Mapping[str, str] | None, *, first_dealer: int, result: str,
                 totals: Sequence[int], fields: Mapping[str, Any] | None = None) -> list[str]:
    """A record's header: the game, rule set, seed and players, the extra ``tags`` (refused
    if reserved or badly named), the first dealer, result and totals, and every rule field
    (or the ``fields`` given: a game may leave out fields at their old defaults)."""
    lines = [tag_line("Game", game), tag_line("Rules", rules.name), tag_line("Seed", str(seed)),
             tag_line("Players", ", ".join(names))]
    for name, value in (tags or {}).items():
        if name in RESERVED_TAGS or not TAG_NAME.fullmatch(name):
            raise ValueError(f"a record cannot take the tag {name!r}")
        lines.append(tag_line(name, value))
    lines += [tag_line("FirstDealer", str(first_dealer)), tag_line("Result", result),
              tag_line("Totals", " ".join(str(t) for t in totals))]
    hints = rule_hints(type(rules))
    for name, value in (rules.fields() if fields is None else fields).items():
        lines.append(tag_line(f"Rule {name}", format_value(value, hints.get(name))))
    return lines


R = TypeVar("R")


def parse_records(text: str, parse: Callable[[list[str], int], R], begins: str) -> list[R]:
    """Every record of a text, each read by ``parse`` (its lines, its first line's number);
    ``begins`` says what a record begins with, for a text that holds none."""
    records = [parse(lines, first) for lines, first in split_records(text)]
    if not records:
        raise RecordError(f"no record found (a record begins with {begins})")
    return records


def only_record(records: list[R], reader: str) -> R:
    """The one record of a text's records; ``reader`` names the function that reads many."""
    if len(records) > 1:
        raise RecordError(f"the text holds {len(records)} records; use {reader}")
    return records[0]



def check_written(number: int, checks: Iterable[tuple[tuple[Any, ...], str, int]],
                  derived: Mapping[tuple[Any, ...], str]) -> None:
    """Compare what a hand's lines say (key, text, line number) with what its actions give;
    raise :class:`RecordError` at the first line that differs."""
    for key, text, n in checks:
        expected = derived.get(key)
        what = " ".join(str(k) for k in key)
        if expected is None:
            raise RecordError(f"line {n}: hand {number}: the record writes {what} "
                              f"'{text}', but after its actions there is none")
        if " ".join(text.split()) != expected:
            raise RecordError(f"line {n}: hand {number}: the record writes {what} "
                              f"'{text}', but the actions give '{expected}'")

__all__ = [
    "CARD_TEXT", "RESERVED_TAGS", "TAG_NAME", "RecordError", "build_rules", "cards_text",
    "check_written", "escape",
    "format_value", "header_lines", "only_record", "parse_cards", "parse_records", "parse_value",
    "player_names", "read_header", "rule_hints", "split_items", "split_records", "tag_line",
    "unescape",
]
