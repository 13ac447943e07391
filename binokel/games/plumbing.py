"""Plumbing both games share: checking a rule set's field types, and a record's skeleton.

Each game keeps what is its own (its rules' relations, its deal lines, its actions); what is
the same in both is written once here:

* :func:`need` and :func:`check_field_types` -- the first step of every rule set's validation:
  each settable field holds a value of its declared type (``int``, ``bool``, ``str``);
* :func:`record_seed`, :func:`record_players` -- the Seed and Players tags of a record;
* :func:`hand_blocks` -- a record's body cut into its ``Hand N`` blocks;
* :func:`check_hand_start`, :func:`check_dealer` and :func:`check_end_tags` -- the checks
  a replay makes at each hand's start, of the dealer, and of the Result and Totals tags.

Standard library only, like every game.

>>> record_seed({"Seed": "42"}, 1), record_seed({"Seed": "042"}, 1)
(42, '042')
>>> hand_blocks(["Hand 1: dealer 0", "; a comment", "Trick 1: 0 A♠"], 10)
[[(10, 'Hand 1: dealer 0'), (12, 'Trick 1: 0 A♠')]]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..errors import RulesError
from ..record_text import RecordError


def need(ok: bool, name: str, why: str) -> None:
    """Refuse a rule set: ``name: why`` as a :class:`RulesError` unless ``ok``."""
    if not ok:
        raise RulesError(f"{name}: {why}")


def check_field_types(rules: Any, *, ints_not_negative: bool = False) -> None:
    """Every settable field of the rule set ``rules`` (a dataclass) holds its declared type.

    Whole numbers (``bool`` is not one), true or false, and text are checked; a field of any
    other type is left to the game.  With ``ints_not_negative``, a whole number must also not
    be negative.
    """
    for f in dataclasses.fields(rules):
        if not f.init:
            continue
        value = getattr(rules, f.name)
        expected = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", "")
        if expected == "int":
            need(isinstance(value, int) and not isinstance(value, bool), f.name,
                 f"must be a whole number, not {value!r}")
            if ints_not_negative:
                need(value >= 0, f.name, f"must not be negative, not {value}")
        elif expected == "bool":
            need(isinstance(value, bool), f.name, f"must be true or false, not {value!r}")
        elif expected == "str":
            need(isinstance(value, str), f.name, f"must be text, not {value!r}")


def record_seed(tags: Mapping[str, str], first: int) -> int | str:
    """The record's seed: a whole number when written as one (``42``), else the text."""
    if "Seed" not in tags:
        raise RecordError(f"line {first}: the record has no Seed tag")
    text = tags["Seed"]
    return int(text) if text.isdigit() and str(int(text)) == text else text


def record_players(tags: Mapping[str, str], first: int, seats: int,
                   seated: str) -> tuple[str, ...]:
    """The names of the Players tag (``Seat 0`` ... without one), one a seat.

    ``seated`` ends the message when the count is wrong: ``the rules seat 3``.
    """
    players = tuple(p.strip() for p in tags["Players"].split(",")) if "Players" in tags else \
        tuple(f"Seat {s}" for s in range(seats))
    if len(players) != seats:
        raise RecordError(f"line {first}: the Players tag names {len(players)} players, "
                          f"but {seated}")
    return players


def hand_blocks(lines: Sequence[str], first: int,
                before: Callable[[str, int], bool] | None = None
                ) -> list[list[tuple[int, str]]]:
    """A record's body as its hand blocks: each a list of (line number, stripped line).

    Blank lines and ``;`` comments are skipped.  A line before the first ``Hand`` line is
    refused unless ``before(line, number)`` takes it (returns true).
    """
    blocks: list[list[tuple[int, str]]] = []
    for i, raw in enumerate(lines):
        line = raw.strip()
        if not line or line.startswith(";"):
            continue
        if line.startswith("Hand "):
            blocks.append([])
        elif not blocks:
            if before is not None and before(line, first + i):
                continue
            raise RecordError(f"line {first + i}: expected 'Hand 1: dealer N', found {line!r}")
        blocks[-1].append((first + i, line))
    return blocks


def check_hand_start(where: str, over: bool, hand_no: int, number: int) -> None:
    """Replay: hand ``number`` (from 1) begins where the engine is at ``hand_no`` (from 0)."""
    if over:
        raise RecordError(f"{where}: the game is already over")
    if hand_no != number - 1:
        raise RecordError(f"{where} begins, but hand {hand_no + 1} is not over after "
                          f"its actions")


def check_dealer(written: int, dealer: int, where: str) -> None:
    """Replay: the dealer a hand's line names is the seat the deal passes to."""
    if written != dealer:
        raise RecordError(f"{where}: the record says dealer {written}, but the deal passes "
                          f"to seat {dealer}")


def check_end_tags(result: str | None, totals: str | None, result_tag: str,
                   scores: Sequence[int]) -> None:
    """Replay: the Result and Totals tags, where written, say what the actions give."""
    for tag, written, actual in (("Result", result, result_tag),
                                 ("Totals", totals, " ".join(map(str, scores)))):
        if written is not None and " ".join(written.split()) != actual:
            raise RecordError(f"the {tag} tag says {written!r}, but the actions give {actual!r}")


__all__ = [
    "check_dealer", "check_end_tags", "check_field_types", "check_hand_start", "hand_blocks",
    "need", "record_players", "record_seed",
]
