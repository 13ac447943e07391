"""The ``state`` messages of a table, built once per move from JSON text that is kept while
it stays true.

Most of a view does not change from one move to the next (the rule set, the auction, the melds,
the score sheet) and most of it is the same for every seat.  A :class:`ViewEncoder` keeps each
field's JSON text with the value it was made from and makes it again only for a value it has
not seen; a message is then those texts joined.  What comes out is exactly what
:func:`~binokel.web.protocol.encode_view` and :func:`~binokel.web.protocol.public_view` say
(``tests/web/test_messages.py`` checks it over whole games), only cheaper.

>>> from binokel import new_game
>>> encoder = ViewEncoder()
>>> state = new_game(seed=1)
>>> seats = [encoder.fields(state.view(s)) for s in range(3)]
>>> seats[0]["rules"] is seats[1]["rules"]
True
>>> public_fields(seats)["hand"]
'null'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence

import orjson

from .protocol import _SHOWN_PROPERTIES, JSON, PRIVATE_FIELDS, _without_tricks, to_json


def dumps_text(value: JSON) -> str:
    """Compact JSON text (cards keep their suit symbols).  orjson: it made the server's CPU
    time per move 15% smaller than the standard library's encoder (docs/web.md)."""
    return orjson.dumps(value).decode()


def _legal(value: object) -> JSON:
    return [str(a) for a in value]  # type: ignore[attr-defined]


def _results(value: object) -> JSON:
    # The score sheet keeps the tricks of the last hand only (see encode_view).
    out = to_json(value)
    if isinstance(out, list) and len(out) > 1:
        return [_without_tricks(r) for r in out[:-1]] + out[-1:]
    return out


_SPECIAL: dict[str, Callable[[object], JSON]] = {"legal_actions": _legal, "results": _results}


class ViewEncoder:
    """JSON text of view fields, reused for a value seen before: the same seat's last value of
    the field (the same object, or an equal one), or the same object in another seat's view.

    One encoder serves one table: its views share most of their values from move to move.
    """

    def __init__(self) -> None:
        self._own: dict[tuple[int, str], tuple[object, str]] = {}
        self._shared: dict[str, tuple[object, str]] = {}
        self._names: dict[type, tuple[str, ...]] = {}

    def _text(self, seat: int, name: str, value: object) -> str:
        key = (seat, name)
        last = self._own.get(key)
        if last is not None:
            old = last[0]
            if old is value or (type(old) is type(value) and old == value):
                return last[1]
        shared = self._shared.get(name)
        if shared is not None and shared[0] is value:
            text = shared[1]
        else:
            text = dumps_text(_SPECIAL.get(name, to_json)(value))
            self._shared[name] = (value, text)
        self._own[key] = (value, text)
        return text

    def _field_names(self, kind: type) -> tuple[str, ...]:
        names = self._names.get(kind)
        if names is None:
            names = tuple(f.name for f in dataclasses.fields(kind) if not f.name.startswith("_"))
            names += tuple(n for n in _dataclass_json_extras(kind) if n not in names)
            self._names[kind] = names
        return names

    def fields(self, view: object) -> dict[str, str]:
        """A seat's view as field name -> JSON text, the fields of ``encode_view`` in its
        order."""
        if not dataclasses.is_dataclass(view) or isinstance(view, type):
            raise TypeError("a view must be a dataclass")
        seat = getattr(view, "seat", -1)
        text = self._text
        names = self._field_names(type(view))
        out = {name: text(seat, name, getattr(view, name)) for name in names}
        if "legal_actions" not in out:
            out["legal_actions"] = text(seat, "legal_actions", getattr(view, "legal_actions", ()))
        for extra in ("last_trick", "is_my_turn"):
            if extra not in names and hasattr(view, extra):
                out[extra] = text(seat, extra, getattr(view, extra))
        return out


def _dataclass_json_extras(kind: type) -> tuple[str, ...]:
    """The properties ``_dataclass_json`` adds to a dataclass's fields (a meld's name...)."""
    return tuple(name for name in _SHOWN_PROPERTIES
                 if isinstance(getattr(kind, name, None), property))


def public_fields(seats: Sequence[Mapping[str, str]]) -> dict[str, str]:
    """What a spectator sees, as JSON text per field: a field every seat holds alike and that
    is not private; ``null`` otherwise (the rule of :func:`~binokel.web.protocol.public_view`).
    """
    if not seats:
        return {}
    first = seats[0]
    return {key: text if key not in PRIVATE_FIELDS and all(s.get(key) == text for s in seats[1:])
            else "null" for key, text in first.items()}


def state_text(*, n: int, seat: int | None, table: str, view: Mapping[str, str]) -> str:
    """The ``state`` message from its parts' JSON text."""
    body = ",".join(f'"{key}":{text}' for key, text in view.items())
    who = "null" if seat is None else str(seat)
    return f'{{"type":"state","n":{n},"seat":{who},"table":{table},"view":{{{body}}}}}'
