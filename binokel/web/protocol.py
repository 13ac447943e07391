"""The web protocol: checking what a browser sends, and the JSON of what the server sends.

Pure functions and small values; no sockets.  Every message from a browser is one JSON object
of at most :data:`MAX_MESSAGE_BYTES` with a ``type``:

=====================================================  ==========================================
message                                                meaning
=====================================================  ==========================================
``{"type": "hello", "token": "..."}``                   take my seat (no token: watch)
``{"type": "act", "action": "160", "n": 12}``           act; ``n`` (optional) is the number of
                                                       actions the page has seen
``{"type": "act", "actions": ["lay Q♠", "lay J♦"]}``    several actions at once, all or none
``{"type": "hint"}``                                   ask the best computer player for a move
``{"type": "abandon"}``                                end the game here (a seated player)
``{"type": "leave"}``                                  give my seat to a computer player and watch
``{"type": "ping"}``                                   keep the connection alive
``{"type": "next", "hands": 3}``                        I have seen the summary of hand 3: deal on
``{"type": "rematch"}``                                offer (or accept) a new game, same seats
=====================================================  ==========================================

The server answers with ``state`` (a seat's own view, or the public view for spectators),
``hint``, ``error`` (with the reason; nothing changed) and ``pong``.

A seat's view is encoded field by field from the engine's view value, whatever the game;
a spectator gets only the fields every seat sees alike (:func:`public_view`), so nothing one
seat alone knows can reach a spectator.

>>> parse_message('{"type": "act", "action": "pass"}')
Act(actions=('pass',), n=None)
>>> parse_message('{"type": "act"}')
Traceback (most recent call last):
...
binokel.web.protocol.ProtocolError: an act message needs "action" (text) or "actions" (a list)
"""

from __future__ import annotations

import dataclasses
import enum
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import CARDS, Card
from .wording import words

#: Largest message a browser may send, in bytes of UTF-8.
MAX_MESSAGE_BYTES = 4096
#: Most actions in one ``act`` message (a whole discard fits).
MAX_ACTIONS = 16
#: Longest action notation or token accepted.
MAX_FIELD_CHARS = 64
#: Deepest nesting of arrays and objects a message may have (``act`` with ``actions`` needs 2).
MAX_DEPTH = 8
#: Fields of a seat's view that only that seat sees; never given to spectators.
PRIVATE_FIELDS = frozenset({"seat", "hand", "discard", "legal_actions", "is_my_turn"})

JSON = None | bool | int | float | str | list["JSON"] | dict[str, "JSON"]


class ProtocolError(ValueError):
    """A message that is not valid; the text says why, in words for the player."""


@dataclass(frozen=True, slots=True)
class Hello:
    token: str | None


@dataclass(frozen=True, slots=True)
class Act:
    actions: tuple[str, ...]
    n: int | None


@dataclass(frozen=True, slots=True)
class HintRequest:
    pass


@dataclass(frozen=True, slots=True)
class Abandon:
    pass


@dataclass(frozen=True, slots=True)
class Leave:
    pass


@dataclass(frozen=True, slots=True)
class Ping:
    pass


@dataclass(frozen=True, slots=True)
class NextHand:
    """The page has shown the summary of the first ``hands`` finished hands: the computer
    players need not wait for this seat any longer."""

    hands: int


@dataclass(frozen=True, slots=True)
class Rematch:
    """Offer a new game with the same rule set and seats, or accept the offer."""


ClientMessage = Hello | Act | HintRequest | Abandon | Leave | Ping | NextHand | Rematch

#: Most finished hands a ``next`` message may name (far more than any game lasts).
MAX_HANDS = 10_000

_ALLOWED_KEYS: dict[str, frozenset[str]] = {
    "hello": frozenset({"type", "token"}),
    "act": frozenset({"type", "action", "actions", "n"}),
    "hint": frozenset({"type"}),
    "abandon": frozenset({"type"}),
    "leave": frozenset({"type"}),
    "ping": frozenset({"type"}),
    "next": frozenset({"type", "hands"}),
    "rematch": frozenset({"type"}),
}


def shown(value: object) -> str:
    """A value a client sent, as a message quotes it (short, one line).

    >>> shown({"a": 1}), shown("x" * 50)[-4:]
    ("{'a': 1}", 'x...')
    """
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _short_text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise ProtocolError(f"{what} must be text, not {shown(value)}")
    if not value.strip() or len(value) > MAX_FIELD_CHARS:
        raise ProtocolError(f"{what} must be 1 to {MAX_FIELD_CHARS} characters, not "
                            f"{len(value)}")
    if _CONTROL.search(value) is not None:
        raise ProtocolError(f"{what} must not hold control characters")
    return value


#: A control character (below U+0020), which no text field may hold.
_CONTROL = re.compile("[\x00-\x1f]")


# A string (to its closing quote, or to the end if it has none: one pass, never backtracking
# over the rest) or a bracket.
_TOKENS = re.compile(r'"(?:[^"\\]++|\\.)*+"?|[\[\]{}]')


def nesting_depth(text: str) -> int:
    """How deep arrays and objects nest in JSON text, counted in one pass without parsing it
    (so that a parser never recurses on a hostile message); brackets in strings do not count.

    >>> nesting_depth('{"a": [[1], "[[["]}')
    3
    """
    depth = deepest = 0
    for token in _TOKENS.findall(text):
        if token == "[" or token == "{":
            depth += 1
            deepest = max(deepest, depth)
        elif token == "]" or token == "}":
            depth -= 1
    return deepest


def loads_bounded(raw: str | bytes, what: str = "message") -> Any:
    """JSON of at most :data:`MAX_MESSAGE_BYTES` nested at most :data:`MAX_DEPTH` deep;
    :class:`ProtocolError` with the reason otherwise (never a parser's ``RecursionError``)."""
    size = len(raw) if isinstance(raw, bytes) else len(raw.encode("utf-8", "surrogatepass"))
    if size > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"{what} too large: {size} bytes (at most {MAX_MESSAGE_BYTES})")
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError:
        raise ProtocolError(f"{what} is not valid JSON (not UTF-8)") from None
    # The usual message has a few brackets: too few to nest too deep, so no scan is needed.
    few = text.count("[") + text.count("{") <= MAX_DEPTH
    depth = 0 if few else nesting_depth(text)
    if depth > MAX_DEPTH:
        raise ProtocolError(f"{what} nests {depth} levels deep (at most {MAX_DEPTH})")
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError(f"{what} is not valid JSON") from None


def parse_message(raw: str | bytes) -> ClientMessage:
    """Check one message from a browser; raise :class:`ProtocolError` saying what is wrong.

    >>> parse_message('{"type": "hello"}')
    Hello(token=None)
    """
    data = loads_bounded(raw)
    if not isinstance(data, dict):
        raise ProtocolError("message must be a JSON object")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _ALLOWED_KEYS:
        known = ", ".join(sorted(_ALLOWED_KEYS))
        raise ProtocolError(f"unknown message type {kind!r} (known: {known})")
    extra = set(data) - _ALLOWED_KEYS[kind]
    if extra:
        raise ProtocolError(f"unexpected field(s) in {kind}: {', '.join(sorted(extra))}")
    if kind == "hello":
        token = data.get("token")
        return Hello(token=None if token is None else _short_text(token, "token"))
    if kind == "act":
        return _parse_act(data)
    if kind == "hint":
        return HintRequest()
    if kind == "abandon":
        return Abandon()
    if kind == "leave":
        return Leave()
    if kind == "next":
        hands = data.get("hands")
        if not isinstance(hands, int) or isinstance(hands, bool) or not 1 <= hands <= MAX_HANDS:
            raise ProtocolError(f"hands must be a whole number from 1 to {MAX_HANDS}: the "
                                "finished hands whose summary you have seen")
        return NextHand(hands=hands)
    if kind == "rematch":
        return Rematch()
    return Ping()


def _parse_act(data: Mapping[str, Any]) -> Act:
    if ("action" in data) == ("actions" in data):
        raise ProtocolError('an act message needs "action" (text) or "actions" (a list)')
    if "action" in data:
        actions: tuple[str, ...] = (_short_text(data["action"], "action"),)
    else:
        items = data["actions"]
        if not isinstance(items, list) or not 1 <= len(items) <= MAX_ACTIONS:
            raise ProtocolError(f"actions must be a list of 1 to {MAX_ACTIONS} actions, not "
                                f"{shown(items)}")
        actions = tuple(_short_text(item, "action") for item in items)
    n = data.get("n")
    if n is not None and (not isinstance(n, int) or isinstance(n, bool) or n < 0):
        raise ProtocolError(f"n must be a whole number of actions seen, not {shown(n)}")
    return Act(actions=actions, n=n)


# --- HTTP request bodies ------------------------------------------------------------------------

#: Longest player name or table title, in characters.
MAX_NAME_CHARS = 24
#: Most seats a table request may list.
MAX_SEATS = 8


@dataclass(frozen=True, slots=True)
class NewTable:
    """``POST /api/tables``: a rule set, what sits in each seat, and the seat the creator takes."""

    rules: str
    seats: tuple[str, ...]
    take: int | None
    name: str
    title: str
    clock: bool = True
    """Whether the server's turn clock runs at this table (friends may turn it off)."""


@dataclass(frozen=True, slots=True)
class Join:
    """``POST /api/tables/ID/join``: the seat to take and the player's name."""

    seat: int
    name: str


@dataclass(frozen=True, slots=True)
class Cancel:
    """``POST /api/tables/ID/cancel``: the creator's cancel token."""

    token: str


def _fields(data: object, allowed: frozenset[str], what: str) -> Mapping[str, Any]:
    if not isinstance(data, dict):
        raise ProtocolError(f"the {what} must be a JSON object, not {shown(data)}")
    extra = set(data) - allowed
    if extra:
        raise ProtocolError(f"unexpected field(s) in the {what}: {', '.join(sorted(extra))} "
                            f"(known: {', '.join(sorted(allowed))})")
    return data


def _seat_number(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < MAX_SEATS:
        raise ProtocolError(f"{what} must be a seat number (0 for the first seat), not "
                            f"{shown(value)}")
    return value


def _name(value: object, what: str) -> str:
    """A display name or title: text of printable characters, at most MAX_NAME_CHARS."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise ProtocolError(f"{what} must be text, not {shown(value)}")
    text = value.strip()
    if len(text) > MAX_NAME_CHARS:
        raise ProtocolError(f"{what} must be at most {MAX_NAME_CHARS} characters, not "
                            f"{len(text)} ({shown(text)})")
    if not all(ch.isprintable() for ch in text):
        raise ProtocolError(f"{what} must hold printable characters only, not {shown(text)}")
    return text


def parse_new_table(data: object) -> NewTable:
    """Check a new table's request body; :class:`ProtocolError` names the field and value.

    >>> asked = parse_new_table({"rules": "binokel", "seats": ["human", "open", "open"],
    ...                          "take": 0, "clock": False})
    >>> asked.seats, asked.take, asked.name, asked.clock
    (('human', 'open', 'open'), 0, '', False)
    >>> parse_new_table({"seats": ["open"] * 3, "take": -1})
    Traceback (most recent call last):
    ...
    binokel.web.protocol.ProtocolError: take must be a seat number (0 for the first seat), not -1
    """
    body = _fields(data, frozenset({"rules", "seats", "take", "name", "title", "clock"}),
                   "table request")
    rules = body.get("rules", "binokel")
    if not isinstance(rules, str) or not 1 <= len(rules) <= MAX_FIELD_CHARS:
        raise ProtocolError(f"rules must be a rule set name, not {shown(rules)}")
    seats = body.get("seats")
    if (not isinstance(seats, list) or not 1 <= len(seats) <= MAX_SEATS
            or not all(isinstance(s, str) and len(s) <= MAX_FIELD_CHARS for s in seats)):
        raise ProtocolError("seats must be a list like ['human', 'open', 'bot:random'], not "
                            f"{shown(seats)}")
    take = body.get("take")
    clock = body.get("clock", True)
    if not isinstance(clock, bool):
        raise ProtocolError(f"clock must be true (the turn clock runs) or false, not "
                            f"{shown(clock)}")
    return NewTable(rules=rules, seats=tuple(seats),
                    take=None if take is None else _seat_number(take, "take"),
                    name=_name(body.get("name"), "name"), title=_name(body.get("title"), "title"),
                    clock=clock)


def parse_join(data: object) -> Join:
    """Check a join request body.

    >>> parse_join({"seat": 1, "name": "Bert"})
    Join(seat=1, name='Bert')
    """
    body = _fields(data, frozenset({"seat", "name"}), "join request")
    return Join(seat=_seat_number(body.get("seat"), "seat"), name=_name(body.get("name"), "name"))


def parse_my_tables(data: object) -> dict[str, str]:
    """Check a ``POST /api/tables/mine`` body: ``{"tables": {table id: seat token}}``, at
    most 50.

    >>> parse_my_tables({"tables": {"abcd": "token"}})
    {'abcd': 'token'}
    """
    body = _fields(data, frozenset({"tables"}), "request for your tables")
    tables = body.get("tables")
    if (not isinstance(tables, dict) or len(tables) > 50
            or not all(isinstance(k, str) and len(k) <= MAX_FIELD_CHARS for k in tables)):
        raise ProtocolError("tables must be an object of at most 50 table ids and their seat "
                            f"tokens, not {shown(tables)}")
    return {k: _short_text(v, "token") for k, v in tables.items()}


def parse_cancel(data: object) -> Cancel:
    """Check a cancel request body (the token the table's creator was given)."""
    body = _fields(data, frozenset({"token"}), "cancel request")
    return Cancel(token=_short_text(body.get("token"), "token"))


# --- what the server sends ----------------------------------------------------------------------

def to_json(value: object) -> JSON:
    """A JSON value of an engine value: cards and actions as their notation, suits as symbols,
    enums by value, rule sets by name, dataclasses field by field.

    >>> from binokel import parse_card, Suit
    >>> to_json({"c": (parse_card("QS"), Suit.HEARTS)})
    {'c': ['Q♠', '♥']}
    """
    cls = type(value)
    if cls is str or cls is int or value is None or cls is bool or cls is float:
        return value  # type: ignore[return-value]
    if cls is tuple or cls is list:
        return [to_json(v) for v in value]  # type: ignore[attr-defined]
    if cls is Card:  # (a card's text by its kind: a tuple index, no hash of the card)
        return _CARD_TEXTS[value.kind]  # type: ignore[attr-defined]
    if isinstance(value, enum.Enum):  # before int: suits and ranks are IntEnums
        for face in ("symbol", "label"):  # Suit.HEARTS -> "♥", Rank.TEN -> "10"
            text = getattr(value, face, None)
            if isinstance(text, str):
                return text
        raw = value.value
        return raw if isinstance(raw, int | str) else value.name.lower()
    if isinstance(value, bool | int | float | str):
        return value
    if _is_rules(value):
        return str(getattr(value, "name", ""))
    if isinstance(value, Card):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        params = getattr(cls, "__dataclass_params__", None)
        if params is None or not params.frozen:
            return _dataclass_json(value)
        # Results, tricks and melds are frozen and shared from state to state: encode each once.
        key = id(value)
        hit = _FROZEN_CACHE.get(key)
        if hit is not None and hit[0] is value:
            return hit[1]
        out = _dataclass_json(value)
        if len(_FROZEN_CACHE) > 50_000:
            _FROZEN_CACHE.clear()
        _FROZEN_CACHE[key] = (value, out)  # holding the value keeps its id from being reused
        return out
    if isinstance(value, Mapping):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, Sequence | set | frozenset):
        return [to_json(v) for v in value]
    raise TypeError(f"cannot encode {type(value).__name__} for the web")


_FROZEN_CACHE: dict[int, tuple[object, JSON]] = {}
#: Each card kind's text (``_CARD_TEXTS[card.kind] == str(card)``: a card is its kind).
_CARD_TEXTS: tuple[str, ...] = tuple(str(card) for card in CARDS)
_SHOWN_PROPERTIES = ("name", "cards")


def _dataclass_json(value: Any) -> dict[str, JSON]:
    out = {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)
           if not f.name.startswith("_")}
    for name in _SHOWN_PROPERTIES:  # e.g. a Binocle meld's name and cards
        if name not in out and isinstance(getattr(type(value), name, None), property):
            out[name] = to_json(getattr(value, name))
    return out


def _is_rules(value: object) -> bool:
    return type(value).__name__.endswith("Rules") and hasattr(value, "name")


VIEW_EXTRAS = ("last_trick", "is_my_turn", "hand_end")
"""Properties of a view sent with its fields where the game's view has them (``hand_end``:
why the last hand ended as it did, the summary's lines)."""


def encode_view(view: object) -> dict[str, JSON]:
    """A seat's view as a JSON object: every field, plus the view's :data:`VIEW_EXTRAS` where
    the game has them.  The score sheet keeps the tricks of the last
    hand only (the page shows its last trick; older ones would only weigh on a phone)."""
    if not dataclasses.is_dataclass(view) or isinstance(view, type):
        raise TypeError("a view must be a dataclass")
    out = _dataclass_json(view)  # a view is new every time: not worth caching
    # Actions travel in their notation, which the game's parse_action reads back.
    out["legal_actions"] = [str(a) for a in getattr(view, "legal_actions", ())]
    for extra in VIEW_EXTRAS:
        if hasattr(view, extra):
            out[extra] = to_json(getattr(view, extra))
    results = out.get("results")
    if isinstance(results, list) and len(results) > 1:
        out["results"] = [_without_tricks(r) for r in results[:-1]] + results[-1:]
    return out


def _without_tricks(result: JSON) -> JSON:
    if isinstance(result, dict) and "tricks" in result:
        return {k: v for k, v in result.items() if k != "tricks"}
    return result


def public_view(seat_views: Sequence[Mapping[str, JSON]]) -> dict[str, JSON]:
    """What a spectator sees: only the fields that every seat's view holds alike, and never a
    seat's private fields.  Anything one seat knows that another doesn't is left out.

    >>> public_view([{"seat": 0, "hand": ["Q♠"], "bid": 150}, {"seat": 1, "hand": [], "bid": 150}])
    {'seat': None, 'hand': None, 'bid': 150}
    """
    if not seat_views:
        return {}
    first = seat_views[0]
    out: dict[str, JSON] = {}
    for key, value in first.items():
        same = all(v.get(key) == value for v in seat_views[1:])
        out[key] = value if same and key not in PRIVATE_FIELDS else None
    return out


def dumps(message: Mapping[str, object]) -> str:
    """Compact JSON text of a message (cards keep their suit symbols)."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def error_message(reason: str) -> str:
    """An ``error`` event: the English ``reason`` and, when the catalogue holds it, its
    ``code`` and its ``words`` in the pages' other languages (:mod:`binokel.web.wording`)."""
    return dumps({"type": "error", "reason": reason, **words(reason)})
