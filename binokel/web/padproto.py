"""What the score pad page (``/pad``) may send: checked field by field before the pad model.

A request names every field it holds, and each is checked for its type and size here; the pad
model then checks the rules (a bid off the step, trick points that do not add up, ...) and names
the rule.  A request that fails here gets a 400 naming the field; nothing is stored.

=====================================================  ==========================================
request                                                meaning
=====================================================  ==========================================
``POST /api/pads`` ``{"rules", "players"}``            a new pad; answers its id and secret
``POST /api/pads/ID`` ``{"token"}``                    the pad's sheet
``POST /api/pads/ID/ops`` ``{"token", "op"}``          one change (below); answers the new sheet
``POST /api/pads/ID/csv`` ``{"token"}``                the sheet as CSV
``POST /api/pads/ID/record`` ``{"token"}``             the readable pad record
``POST /api/pads/ID/melds`` ``{"token", "cards", ...}``  a player's melds picked as cards
=====================================================  ==========================================

A change is ``{"id": "...", "kind": "add" | "edit" | "delete" | "void", "hand": N,
"entry": {...}}``: the ``id`` is the page's own (sending a change again, after a lost answer,
changes nothing the second time); ``hand`` (from 1) names the hand an ``edit`` or ``delete`` is
for.

>>> parse_pad_op({"id": "a1", "kind": "delete", "hand": 2}, players=3)
PadOp(id='a1', kind='delete', hand=2, entry=None)
>>> parse_pad_op({"id": "a1", "kind": "add", "entry": {"bid": "x"}}, players=3)
Traceback (most recent call last):
...
binokel.web.protocol.ProtocolError: entry.bid must be a whole number, not 'x'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..cards import parse_card
from .protocol import JSON, MAX_NAME_CHARS, ProtocolError, _fields, _name, _short_text, shown

#: Players a pad may keep (the most any rule set seats).
MAX_PAD_PLAYERS = 6
#: Hands one pad may hold (a game to 1500 takes some twenty; every change works the sheet out
#: again from the first hand).
MAX_PAD_HANDS = 200
#: Largest number of points any field may hold, either sign.
MAX_POINTS = 100_000
#: Most cards one player's picked melds may name.
MAX_MELD_CARDS = 24
#: Most melds one Binocle/Bézique hand's player may list.
MAX_MELDS = 40
PAD_ID = re.compile(r"^[A-Za-z0-9_-]{6,32}$")
OP_ID = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
OP_KINDS = ("add", "edit", "delete", "void")
CONTRACTS = ("trump", "durch", "open durch", "open durch without Dabb", "give up")
SUIT_SYMBOLS = ("♣", "♠", "♥", "♦")

#: The fields of a hand's entry (the pad model's JSON, :func:`binokel.pad.entry_from_json`):
#: Binokel uses the first line, Binocle and Bézique the second; the pad model refuses a field
#: its game does not use.
ENTRY_FIELDS = frozenset({
    "declarer", "bid", "contract", "trump", "melds", "side_points", "no_trick",
    "turned_dix", "card_points", "last_trick", "claim", "void",
})
#: Longest meld text: a player's meld cards (``K♥ Q♥ ...``) or a meld's name.
MAX_MELD_TEXT = 100

@dataclass(frozen=True, slots=True)
class NewPad:
    rules: str
    players: tuple[str, ...]
    first_dealer: int = 0


@dataclass(frozen=True, slots=True)
class PadOp:
    id: str
    kind: str
    hand: int | None
    entry: dict[str, JSON] | None


def parse_new_pad(data: object) -> NewPad:
    """``POST /api/pads``.

    >>> parse_new_pad({"rules": "binokel", "players": ["Anna", "Bert", "Cora"]})
    NewPad(rules='binokel', players=('Anna', 'Bert', 'Cora'), first_dealer=0)
    """
    body = _fields(data, frozenset({"rules", "players", "first_dealer"}), "pad request")
    rules = body.get("rules", "binokel")
    if not isinstance(rules, str) or not 1 <= len(rules) <= 64:
        raise ProtocolError(f"rules must be a rule set name, not {shown(rules)}")
    players = body.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= MAX_PAD_PLAYERS:
        raise ProtocolError(f"players must be a list of 2 to {MAX_PAD_PLAYERS} names, not "
                            f"{shown(players)}")
    names = tuple(_name(p, f"players[{i}]") for i, p in enumerate(players))
    if any(not n for n in names):
        raise ProtocolError(f"players[{names.index('')}] must be a name of 1 to "
                            f"{MAX_NAME_CHARS} characters")
    if len(set(names)) != len(names):
        raise ProtocolError("players must have different names (two are the same)")
    dealer = body.get("first_dealer", 0)
    return NewPad(rules=rules, players=names,
                  first_dealer=_whole(dealer, "first_dealer", low=0, high=len(names) - 1))


def parse_token(data: object, allowed: frozenset[str] = frozenset({"token"})) -> Mapping[str, Any]:
    """A request body holding the pad's secret ``token`` (and the ``allowed`` fields)."""
    body = _fields(data, allowed | {"token"}, "pad request")
    _short_text(body.get("token"), "token")
    return body


def _whole(value: object, what: str, *, low: int = -MAX_POINTS, high: int = MAX_POINTS) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ProtocolError(f"{what} must be a whole number, not {shown(value)}")
    if not low <= value <= high:
        raise ProtocolError(f"{what} must be from {low} to {high}, not {value}")
    return value


def _seat(value: object, what: str, players: int) -> int:
    return _whole(value, what, low=0, high=players - 1)


def _per_player(value: object, what: str, players: int) -> list[Any]:
    if not isinstance(value, list) or len(value) != players:
        raise ProtocolError(f"{what} must be a list of {players} values, one a player, not "
                            f"{shown(value)}")
    return value


def _cards(value: object, what: str) -> list[str]:
    if not isinstance(value, list) or len(value) > MAX_MELD_CARDS:
        raise ProtocolError(f"{what} must be a list of at most {MAX_MELD_CARDS} cards, not "
                            f"{shown(value)}")
    out = []
    for i, card in enumerate(value):
        if not isinstance(card, str) or len(card) > 4:
            raise ProtocolError(f"{what}[{i}] must be a card like Q♠, not {shown(card)}")
        try:
            out.append(str(parse_card(card)))
        except ValueError:
            raise ProtocolError(f"{what}[{i}] must be a card like Q♠, not {shown(card)}") from None
    return out


def _meld(value: object, what: str, players: int) -> JSON:
    """One item of ``melds``: a number, cards shown (``"K♥ Q♥"``), nothing (``null``), or a
    meld as it was made (``{"seat": 0, "meld": "royal marriage"}``)."""
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return _whole(value, what, low=0)
    if isinstance(value, str):
        if len(value) > MAX_MELD_TEXT or not value.isprintable():
            raise ProtocolError(f"{what} must be at most {MAX_MELD_TEXT} printable characters")
        return value
    if isinstance(value, dict):
        made = _fields(value, frozenset({"seat", "meld"}), what)
        name = made.get("meld")
        if not isinstance(name, str) or not 1 <= len(name) <= 40 or not name.isprintable():
            raise ProtocolError(f"{what}.meld must be a meld's name, not {shown(name)}")
        return {"seat": _seat(made.get("seat"), f"{what}.seat", players), "meld": name}
    raise ProtocolError(f"{what} must be points, cards or a meld, not {shown(value)}")


def parse_entry(data: object, *, players: int) -> dict[str, JSON]:
    """One hand's entry, every field checked for its type and size (not yet for the rules).

    >>> parse_entry({"declarer": 0, "bid": 300, "contract": "trump", "trump": "♥",
    ...              "melds": [190, "K♠ Q♠", None], "side_points": [128, None]}, players=3)["melds"]
    [190, 'K♠ Q♠', None]
    >>> parse_entry({"bid": True}, players=3)
    Traceback (most recent call last):
    ...
    binokel.web.protocol.ProtocolError: entry.bid must be a whole number, not True
    """
    body = _fields(data, ENTRY_FIELDS, "entry")
    out: dict[str, JSON] = {}
    for key, value in body.items():
        what = f"entry.{key}"
        if value is None:
            out[key] = None
        elif key in ("declarer", "last_trick", "claim"):
            out[key] = _seat(value, what, players)
        elif key == "bid":
            out[key] = _whole(value, what, low=0)
        elif key == "contract":
            if value not in CONTRACTS:
                raise ProtocolError(f"{what} must be one of {', '.join(CONTRACTS)}, not "
                                    f"{shown(value)}")
            out[key] = value
        elif key == "trump":
            if value not in SUIT_SYMBOLS:
                raise ProtocolError(f"{what} must be one of {' '.join(SUIT_SYMBOLS)}, not "
                                    f"{shown(value)}")
            out[key] = value
        elif key in ("turned_dix", "void"):
            if not isinstance(value, bool):
                raise ProtocolError(f"{what} must be true or false, not {shown(value)}")
            out[key] = value
        elif key == "melds":
            if not isinstance(value, list) or len(value) > MAX_MELDS:
                raise ProtocolError(f"{what} must be a list of at most {MAX_MELDS} items, not "
                                    f"{shown(value)}")
            out[key] = [_meld(v, f"{what}[{i}]", players) for i, v in enumerate(value)]
        elif key in ("side_points", "card_points"):
            if not isinstance(value, list) or len(value) > players:
                raise ProtocolError(f"{what} must be a list of at most {players} numbers, not "
                                    f"{shown(value)}")
            out[key] = [None if v is None else _whole(v, f"{what}[{i}]", low=0)
                        for i, v in enumerate(value)]
        elif key == "no_trick":
            if not isinstance(value, list) or len(value) > players:
                raise ProtocolError(f"{what} must be a list of seats, not {shown(value)}")
            seats = [_seat(v, f"{what}[{i}]", players) for i, v in enumerate(value)]
            if len(set(seats)) != len(seats):
                raise ProtocolError(f"{what} names a player twice")
            out[key] = sorted(seats)  # type: ignore[assignment]
    return out


def parse_pad_op(data: object, *, players: int) -> PadOp:
    """One change to a pad: ``{"id", "kind", "hand"?, "entry"?}``."""
    body = _fields(data, frozenset({"id", "kind", "hand", "entry"}), "op")
    op_id = body.get("id")
    if not isinstance(op_id, str) or not OP_ID.match(op_id):
        raise ProtocolError("op.id must be 1 to 40 letters, digits, - or _, not "
                            f"{shown(op_id)}")
    kind = body.get("kind")
    if kind not in OP_KINDS:
        raise ProtocolError(f"op.kind must be one of {', '.join(OP_KINDS)}, not {shown(kind)}")
    hand = body.get("hand")
    if kind in ("edit", "delete"):
        hand = _whole(hand, "op.hand", low=1, high=MAX_PAD_HANDS)
    elif hand is not None:
        raise ProtocolError(f"op.hand is only for edit and delete, not for {kind}")
    entry = body.get("entry")
    if kind in ("add", "edit"):
        if entry is None:
            raise ProtocolError(f"op.entry is needed to {kind} a hand")
        entry = parse_entry(entry, players=players)
    elif entry is not None:
        raise ProtocolError(f"op.entry is not for {kind}")
    return PadOp(id=op_id, kind=kind, hand=hand, entry=entry)


def parse_meld_request(data: object) -> tuple[list[str], str | None]:
    """``POST /api/pads/ID/melds``: ``{"token", "cards", "trump"}`` (the meld calculator)."""
    body = parse_token(data, frozenset({"cards", "trump"}))
    cards = _cards(body.get("cards"), "cards")
    trump = body.get("trump")
    if trump is not None and trump not in SUIT_SYMBOLS:
        raise ProtocolError(f"trump must be one of {' '.join(SUIT_SYMBOLS)}, not {shown(trump)}")
    return cards, trump
