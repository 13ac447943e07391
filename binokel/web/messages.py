"""The ``state`` messages of a table, built once per move from JSON text that is kept while
it stays true.

Most of a view does not change from one move to the next (the rule set, the auction, the melds,
the score sheet) and most of it is the same for every seat.  A :class:`ViewEncoder` keeps each
field's JSON text (after its key) with the value it was made from and makes it again only for a
value it has not seen; a message is then those texts joined.  What comes out is exactly what
:func:`~binokel.web.protocol.encode_view` and :func:`~binokel.web.protocol.public_view` say
(``tests/web/test_messages.py`` checks it over whole games), only cheaper.

>>> from binokel import new_game
>>> encoder = ViewEncoder()
>>> state = new_game(seed=1)
>>> seats = [encoder.fields(state.view(s)) for s in range(3)]
>>> seats[0]["rules"] is seats[1]["rules"]
True
>>> public_fields(seats)["hand"]
'"hand":null'
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import compress, count
from operator import attrgetter, is_not
from typing import NamedTuple

try:
    import orjson
except ImportError:  # the offline app's worker (Pyodide): the standard library's encoder
    orjson = None  # type: ignore[assignment]

from .protocol import _SHOWN_PROPERTIES, JSON, PRIVATE_FIELDS, VIEW_EXTRAS, _without_tricks, to_json


def dumps_text(value: JSON) -> str:
    """Compact JSON text, all of it ASCII: a character beyond ASCII (a suit symbol) is written
    as its ``\\u`` escape, which every JSON reader turns back into the character.

    orjson: it made the server's CPU time per move 15% smaller than the standard library's
    encoder (docs/web.md).  ASCII text: a message joined from ASCII pieces is stored one byte a
    character and is its own UTF-8, so the frame's encoding is a copy; a suit symbol made every
    message two bytes a character and its UTF-8 encoding about a tenth of the server's
    instructions per move (decision web-08).

    >>> print(dumps_text({"card": "Q♠", "name": "Jürgen"}))
    {"card":"Q\\u2660","name":"J\\u00fcrgen"}
    """
    if orjson is None:
        return json.dumps(value, separators=(",", ":"))
    raw = orjson.dumps(value)
    if raw.isascii():
        return raw.decode("ascii")
    for symbol, escaped in _SUIT_ESCAPES:
        raw = raw.replace(symbol, escaped)
    if raw.isascii():
        return raw.decode("ascii")
    # Any other character beyond ASCII (a name, a title): the standard library's escapes.
    return json.dumps(orjson.loads(raw), separators=(",", ":"))


#: The suit symbols' UTF-8 and their JSON escapes (the common case: no other non-ASCII text).
_SUIT_ESCAPES = tuple((symbol.encode(), f"\\u{ord(symbol):04x}".encode()) for symbol in "♣♠♥♦")


def _legal(value: object) -> JSON:
    return [str(a) for a in value]  # type: ignore[attr-defined]


def _results(value: object) -> JSON:
    # The score sheet keeps the tricks of the last hand only (see encode_view).
    out = to_json(value)
    if isinstance(out, list) and len(out) > 1:
        return [_without_tricks(r) for r in out[:-1]] + out[-1:]
    return out


_SPECIAL: dict[str, Callable[[object], JSON]] = {"legal_actions": _legal, "results": _results}


class _Plan(NamedTuple):
    """The fields of ``encode_view`` for one view class, in its order."""

    names: tuple[str, ...]
    keys: tuple[str, ...]
    """Each field's ``"name":``, which its text starts with."""
    read: Callable[[object], tuple[object, ...]]
    """All the fields' values of a view at once (one C call)."""


class ViewEncoder:
    """JSON text of view fields, reused for a value seen before: the same seat's last value of
    the field (the same object, or an equal one), or the same object in another seat's view.

    A field's text is kept with its key (``"hand":[…]``), so that a message is those texts
    joined.  One encoder serves one table: its views share most of their values from move to
    move, so the fields whose object changed are picked out in C (``map(is_not, …)``) and only
    those few are looked at in Python.
    """

    def __init__(self) -> None:
        # seat -> (the plan, the values last seen, their texts by field name in the plan's
        # order: kept, and changed in place, so that a call copies one dict rather than
        # building one from the names and texts -- that was 5% of the server's instructions
        # per move, decision web-10)
        self._own: dict[int, tuple[_Plan, tuple[object, ...], dict[str, str]]] = {}
        self._shared: dict[str, tuple[object, str]] = {}
        self._plans: dict[type, _Plan] = {}

    def _plan(self, kind: type) -> _Plan:
        plan = self._plans.get(kind)
        if plan is None:
            names = tuple(f.name for f in dataclasses.fields(kind) if not f.name.startswith("_"))
            names += tuple(n for n in _dataclass_json_extras(kind) if n not in names)
            if "legal_actions" not in names:
                names += ("legal_actions",)
            names += tuple(extra for extra in VIEW_EXTRAS
                           if extra not in names and hasattr(kind, extra))
            plan = self._plans[kind] = _Plan(names, tuple(f'"{name}":' for name in names),
                                             attrgetter(*names))
        return plan

    def fields(self, view: object) -> dict[str, str]:
        """A seat's view as field name -> the field's JSON text after its key (``"key":…``),
        the fields of ``encode_view`` in its order."""
        plan = self._plans.get(type(view))
        if plan is None:
            if not dataclasses.is_dataclass(view) or isinstance(view, type):
                raise TypeError("a view must be a dataclass")
            plan = self._plan(type(view))
        names = plan.names
        try:
            values = plan.read(view)
        except AttributeError:  # a view without legal actions
            values = tuple(getattr(view, name, ()) for name in names)
        seat = getattr(view, "seat", -1)
        own = self._own.get(seat)
        last: tuple[object, ...] | None
        changed: Iterable[int]
        if own is None or own[0] is not plan:
            last = None
            texts = dict.fromkeys(names, "")
            changed = range(len(names))
        else:
            last, texts = own[1], own[2]
            changed = compress(count(), map(is_not, values, last))
        shared = self._shared
        keys = plan.keys
        for i in changed:
            value = values[i]
            if last is not None:
                old = last[i]
                if type(old) is type(value) and old == value:
                    continue  # an equal value: its text stays
            name = names[i]
            hit = shared.get(name)
            if hit is not None and hit[0] is value:
                text = hit[1]
            else:
                text = keys[i] + dumps_text(_SPECIAL.get(name, to_json)(value))
                shared[name] = (value, text)
            texts[name] = text
        self._own[seat] = (plan, values, texts)
        return texts.copy()


def _dataclass_json_extras(kind: type) -> tuple[str, ...]:
    """The properties ``_dataclass_json`` adds to a dataclass's fields (a meld's name...)."""
    return tuple(name for name in _SHOWN_PROPERTIES
                 if isinstance(getattr(kind, name, None), property))


def public_fields(seats: Sequence[Mapping[str, str]]) -> dict[str, str]:
    """What a spectator sees, as each field's keyed JSON text: a field every seat holds alike
    and that is not private; ``null`` otherwise (the rule of
    :func:`~binokel.web.protocol.public_view`)."""
    if not seats:
        return {}
    first = seats[0]
    rest = seats[1:]
    if any(s.keys() != first.keys() for s in rest):  # (views of one game share their fields)
        return {key: text if key not in PRIVATE_FIELDS and all(s.get(key) == text for s in rest)
                else _null(key) for key, text in first.items()}
    others = len(rest)
    # Every seat's fields come in one order: compare them side by side.
    return {key: text if others_texts.count(text) == others and key not in PRIVATE_FIELDS
            else _null(key)
            for (key, text), *others_texts in zip(first.items(), *(s.values() for s in rest),
                                                  strict=True)}


_NULLS: dict[str, str] = {}


def _null(key: str) -> str:
    text = _NULLS.get(key)
    if text is None:
        text = _NULLS[key] = f'"{key}":null'
    return text


def state_text(*, n: int, seat: int | None, table: str, view: Mapping[str, str]) -> str:
    """The ``state`` message from its parts' JSON text (``view``: :meth:`ViewEncoder.fields`)."""
    who = "null" if seat is None else str(seat)
    body = ",".join(view.values())
    return f'{{"type":"state","n":{n},"seat":{who},"table":{table},"view":{{{body}}}}}'
