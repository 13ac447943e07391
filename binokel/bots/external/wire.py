"""The external-bot protocol's messages: one JSON object per line (see docs/bot-protocol.md).

A view is sent as JSON holding exactly the view's fields: cards, suits and actions in their
table notation (``"Q♠"``, ``"♥"``, ``"lay Q♠"``), enums by value, the rule set as its fields.

>>> from binokel import new_game
>>> state = new_game(seed=7, dealer=0)
>>> message = decide_message(state.view(state.to_move), 1, 5.0)
>>> message["type"], message["view"]["seat"], message["view"]["legal_actions"]
('decide', 2, ['pass', '160'])
"""

from __future__ import annotations

import dataclasses
import enum
import json
from collections.abc import Mapping
from typing import Any

from ...cards import Card, Rank, Suit
from ...games.binokel.actions import (
    Bid,
    Discard,
    Durch,
    GiveUp,
    NameTrump,
    OpenDurch,
    Pass,
    Play,
    TakeDabb,
)

PROTOCOL = "binokel-bot"
VERSION = 1
_AS_TEXT = (Card, Suit, Bid, Pass, TakeDabb, Discard, NameTrump, Durch, OpenDurch, GiveUp, Play)


def to_json(value: Any) -> Any:
    """A JSON-ready form of a view or any part of it."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, _AS_TEXT):
        return str(value)
    if isinstance(value, Rank):
        return value.label
    if isinstance(value, enum.Enum):
        return value.value
    if callable(getattr(value, "fields", None)):  # a rule set, of any game: its settable fields
        return {name: to_json(v) for name, v in value.fields().items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)
                if f.init and not f.name.startswith("_")}
    if isinstance(value, Mapping):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [to_json(v) for v in value]
    return str(value)


def hello_message() -> dict[str, Any]:
    return {"type": "hello", "protocol": PROTOCOL, "version": VERSION}


def decide_message(view: Any, number: int, time_limit: float) -> dict[str, Any]:
    """The request for one decision: the seat's view (with its legal actions) and the limit."""
    return {"type": "decide", "id": number, "time_limit": time_limit, "view": to_json(view)}


def quit_message() -> dict[str, Any]:
    return {"type": "quit"}


def encode(message: Mapping[str, Any]) -> str:
    """One protocol line (no newline inside; UTF-8 card symbols kept)."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


__all__ = ["PROTOCOL", "VERSION", "decide_message", "encode", "hello_message", "quit_message",
           "to_json"]
