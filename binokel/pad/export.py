"""The pad for spreadsheets and web clients: the sheet as CSV, entries and pads as JSON.

JSON values are plain dicts and lists (``json.dumps`` writes them).  A web client sends
entries (:func:`entry_from_json` checks their shape; the pad checks them by the rules) and gets
the whole pad back, sheet included (:func:`pad_to_json`).

>>> from binokel.cards import Suit
>>> from binokel.pad.model import Pad
>>> pad = Pad.new("binokel", ["Anna", "Berta", "Karle"], first_dealer=2)
>>> hand = entry_from_json(pad, {"declarer": 0, "bid": 300, "trump": "H",
...                              "melds": [190, 0, 0], "side_points": [128, 80, None]})
>>> pad = pad.add(hand)
>>> print(sheet_csv(pad), end="")
hand,dealer,declarer,bid,contract,Anna,Berta,Karle,Anna total,Berta total,Karle total,note
1,Karle,Anna,300,trump ♥,318,80,42,318,80,42,Anna made 318 of 300
>>> pad_from_json(pad_to_json(pad)) == pad
True
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from typing import Any

from ..cards import CardError, Suit, parse_card, parse_suit
from ..games.binokel.scoring import Contract
from .binocle_hand import parse_meld
from .entries import BinocleHand, BinokelHand, Entry, MeldEntry, MeldMade, VoidHand
from .errors import PadError
from .model import Line, Pad

JSON = dict[str, Any]


# --- CSV -------------------------------------------------------------------------------------

#: What makes a spreadsheet read a text cell as a formula (OWASP's list for CSV injection).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def text_cell(value: object) -> object:
    """A CSV cell no spreadsheet reads as a formula: text that could start one gets a leading
    apostrophe (the spreadsheet's own mark for "text"); numbers stay numbers.

    >>> text_cell("=1+1"), text_cell("@SUM(A1)"), text_cell("Anna"), text_cell(-20)
    ("'=1+1", "'@SUM(A1)", 'Anna', -20)
    """
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def sheet_csv(pad: Pad) -> str:
    """The score sheet as CSV: one row per hand with each player's score and total; no text
    cell (a name) can be read as a formula (:func:`text_cell`)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    names = list(pad.players)
    rows: list[list[object]] = [["hand", "dealer", "declarer", "bid", "contract", *names,
                                 *(f"{n} total" for n in names), "note"]]
    for line in pad.sheet().lines:
        declarer, bid, contract = _csv_hand(pad, line)
        scores = line.scored.scores if line.scored else ("",) * pad.seats
        note = line.scored.note if line.scored else "void: the same dealer deals again"
        rows.append([line.number, names[line.dealer], declarer, bid, contract, *scores,
                     *line.totals, note])
    writer.writerows([text_cell(cell) for cell in row] for row in rows)
    return out.getvalue()


def _csv_hand(pad: Pad, line: Line) -> tuple[str, str, str]:
    entry = line.entry
    if isinstance(entry, BinokelHand):
        trump = f" {entry.trump.symbol}" if entry.trump is not None else ""
        return pad.players[entry.declarer], str(entry.bid), entry.contract.value + trump
    if isinstance(entry, BinocleHand):
        return "", "", f"trump {entry.trump.symbol}"
    return "", "", "void"


# --- JSON: entries ---------------------------------------------------------------------------

def entry_to_json(entry: Entry) -> JSON:
    """An entry as a JSON object."""
    return WRITERS[type(entry)](entry)


def _binokel_json(entry: Any) -> JSON:
    assert isinstance(entry, BinokelHand)
    return {"declarer": entry.declarer, "bid": entry.bid, "contract": entry.contract.value,
            "trump": entry.trump.letter if entry.trump is not None else None,
            "melds": [m if m is None or isinstance(m, int) else " ".join(map(str, m))
                      for m in entry.melds],
            "side_points": list(entry.side_points), "no_trick": sorted(entry.no_trick)}


def _binocle_json(entry: Any) -> JSON:
    assert isinstance(entry, BinocleHand)
    return {"trump": entry.trump.letter, "turned_dix": entry.turned_dix,
            "melds": [{"seat": m.seat, "meld": _meld_name(m)} for m in entry.melds],
            "card_points": list(entry.card_points), "last_trick": entry.last_trick,
            "claim": entry.claim}


def _meld_name(made: MeldMade) -> str:
    meld = made.meld
    return meld.name if meld.suit is None or meld.kind.value == "dix" \
        else f"{meld.name} {meld.suit.letter}"


def _void_json(entry: Any) -> JSON:
    return {"void": True}


WRITERS: dict[type, Callable[[Any], JSON]] = {
    BinokelHand: _binokel_json, BinocleHand: _binocle_json, VoidHand: _void_json}


def entry_from_json(pad: Pad, data: Any) -> Entry:
    """An entry of ``pad``'s game from a JSON object; :class:`PadError` says what is wrong
    with its shape (the pad itself checks it by the rules when it is added)."""
    if not isinstance(data, dict):
        raise PadError(f"a hand is a JSON object, not {type(data).__name__}")
    if data.get("void") is True:
        return VoidHand()
    try:
        return READERS[pad.scorer.entry](pad, data)
    except (KeyError, TypeError, ValueError, CardError) as exc:
        if isinstance(exc, PadError):
            raise
        raise PadError(f"a hand of {pad.title}: {type(exc).__name__} {exc}") from None


def _int(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PadError(f"{name}: a whole number, not {value!r}")
    return value


def _opt_int(value: Any, name: str) -> int | None:
    return None if value is None else _int(value, name)


def _suit(value: Any) -> Suit | None:
    return None if value is None else parse_suit(str(value))


def _meld_entry(value: Any) -> MeldEntry:
    if value is None:
        return None
    if isinstance(value, str):
        return tuple(parse_card(word) for word in value.replace(",", " ").split())
    return _int(value, "melds")


def _binokel_from_json(pad: Pad, data: JSON) -> Entry:
    if data.get("claim") is not None:
        raise PadError(pad.no_claims())
    contract_text = str(data.get("contract", "trump"))
    contracts = {c.value.lower(): c for c in Contract}
    if contract_text.lower() not in contracts:
        raise PadError(f"contract: one of {', '.join(c.value for c in Contract)}, not "
                       f"{contract_text!r}")
    return BinokelHand(
        declarer=_int(data["declarer"], "declarer"), bid=_int(data["bid"], "bid"),
        contract=contracts[contract_text.lower()], trump=_suit(data.get("trump")),
        melds=tuple(_meld_entry(m) for m in data.get("melds", ())),
        side_points=tuple(_opt_int(p, "side_points") for p in data.get("side_points", ())),
        no_trick=frozenset(_int(s, "no_trick") for s in data.get("no_trick", ())))


def _binocle_from_json(pad: Pad, data: JSON) -> Entry:
    trump = parse_suit(str(data["trump"]))
    melds = tuple(MeldMade(seat=_int(m["seat"], "seat"),
                           meld=parse_meld(pad.rules, str(m["meld"]), trump))
                  for m in data.get("melds", ()))
    return BinocleHand(
        trump=trump, turned_dix=bool(data.get("turned_dix", False)), melds=melds,
        card_points=tuple(_opt_int(p, "card_points") for p in data.get("card_points",
                                                                       (None, None))),
        last_trick=_opt_int(data.get("last_trick"), "last_trick"),
        claim=_opt_int(data.get("claim"), "claim"))


READERS: dict[type, Callable[[Pad, JSON], Entry]] = {
    BinokelHand: _binokel_from_json, BinocleHand: _binocle_from_json}


# --- JSON: the whole pad ---------------------------------------------------------------------

def pad_to_json(pad: Pad) -> JSON:
    """The pad and its sheet: rules, players, first dealer, entries, then every line's scores
    and totals, the totals, the next dealer, the target and the winners."""
    sheet = pad.sheet()
    return {
        "rules": pad.rules_name, "game": pad.game, "title": pad.title,
        "players": list(pad.players), "first_dealer": pad.first_dealer,
        "entries": [entry_to_json(e) for e in pad.entries],
        "sheet": {
            "lines": [{"number": line.number, "dealer": line.dealer,
                       "void": line.scored is None,
                       "scores": list(line.scored.scores) if line.scored else None,
                       "meld_points": list(line.scored.meld_points) if line.scored else None,
                       "note": line.scored.note if line.scored else "",
                       "totals": list(line.totals)} for line in sheet.lines],
            "totals": list(sheet.totals), "dealer": sheet.dealer, "target": sheet.target,
            "winners": list(sheet.winners),
            "tallies": [pad.tallies(t) for t in sheet.totals],
        },
    }


def pad_from_json(data: Any) -> Pad:
    """A pad from :func:`pad_to_json`'s object (its sheet is worked out again, not read)."""
    if not isinstance(data, dict):
        raise PadError(f"a pad is a JSON object, not {type(data).__name__}")
    try:
        pad = Pad(str(data["rules"]), tuple(str(p) for p in data["players"]),
                  _int(data.get("first_dealer", 0), "first_dealer"))
    except (KeyError, TypeError) as exc:
        raise PadError(f"a pad needs rules and players ({exc})") from None
    entries = data.get("entries", ())
    if not isinstance(entries, list):
        raise PadError(f"a pad's entries are a list, not {type(entries).__name__}")
    return pad.with_entries([entry_from_json(pad, entry) for entry in entries])


__all__ = ["entry_from_json", "entry_to_json", "pad_from_json", "pad_to_json", "sheet_csv"]
