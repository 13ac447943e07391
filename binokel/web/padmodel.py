"""The web server's one door to the pad model (:mod:`binokel.pad`): what the score pad's routes
need, as JSON.  Every check and every score is the model's; this module arranges its values for
the page.

Per-game pieces live in tables keyed by the game's registry name (``pad.game``), "bezique" next
to "binocle".

>>> pad = new_pad("binokel", ("Anna", "Bert", "Cora"), first_dealer=2)
>>> op = PadOp(id="x", kind="add", hand=None, entry={"declarer": 0, "bid": 300,
...     "trump": "♥", "melds": [190, 0, 0], "side_points": [128, 80, None]})
>>> sheet(change(pad, op))["totals"]
[318, 80, 42]
"""

from __future__ import annotations

import json

from ..cards import CardError, Suit, parse_card
from ..pad import (
    Pad,
    PadError,
    dump_pad,
    entry_from_json,
    pad_from_json,
    pad_to_json,
    sheet_csv,
)
from .games import all_rule_sets, describe
from .padproto import PadOp
from .protocol import JSON, to_json

PadModelError = PadError


def rule_of(exc: Exception) -> str | None:
    """The rule a refusal names, as the page shows it beside the entry: the text in the
    message's last brackets (``(bid_step, §3)``), or None."""
    text = str(exc)
    if text.endswith(")") and "(" in text:
        return text[text.rindex("(") + 1:-1]
    return None


def _breakdown(pad: Pad, cards: list[str], trump: Suit | None) -> dict[str, JSON]:
    calculator = pad.scorer.meld_calculator
    assert calculator is not None
    melds = calculator(pad.rules, [parse_card(c) for c in cards], trump)
    return {"points": sum(m.points for m in melds),
            "melds": [{"name": m.name, "points": m.points,
                       "suit": m.suit.symbol if m.suit is not None else None} for m in melds]}


def new_pad(rules: str, players: tuple[str, ...], *, first_dealer: int = 0) -> Pad:
    return Pad.new(rules, list(players), first_dealer=first_dealer)


def dump(pad: Pad) -> str:
    """The pad as stored: the model's JSON (its sheet is worked out again when loaded)."""
    return json.dumps(pad_to_json(pad), ensure_ascii=False)


def load(text: str) -> Pad:
    """The stored pad (:func:`binokel.pad.pad_from_json`: every entry checked again, the sheet
    worked out once)."""
    return pad_from_json(json.loads(text))


def player_count(pad: Pad) -> int:
    return pad.seats


def hand_count(pad: Pad) -> int:
    return len(pad.entries)


def change(pad: Pad, op: PadOp) -> Pad:
    """The pad after one change; :class:`PadError` naming the rule, the pad unchanged."""
    if op.kind == "void":
        return pad.void()
    if op.kind == "add":
        return pad.add(entry_from_json(pad, op.entry))
    assert op.hand is not None
    if op.kind == "edit":
        return pad.edit(op.hand, entry_from_json(pad, op.entry))
    if not 1 <= op.hand <= len(pad.entries):
        raise PadError(f"remove: there is no hand {op.hand} (hands 1-{len(pad.entries)})")
    if op.hand == len(pad.entries):
        return pad.undo()
    # A hand in the middle: the others again, in order (each checked as it is added).
    out = Pad.new(pad.rules_name, list(pad.players), first_dealer=pad.first_dealer)
    for number, entry in enumerate(pad.entries, start=1):
        if number != op.hand:
            out = out.add(entry)
    return out


def sheet(pad: Pad) -> dict[str, JSON]:
    """What the page draws: the players, the rule set's fields, every hand with its entry,
    scores and totals, the totals, the next dealer, the winners and the game's tallies."""
    data = pad_to_json(pad)
    drawn = data["sheet"]
    kind = all_rule_sets().get(pad.rules_name)
    rules: dict[str, JSON] = describe(kind, pad.rules_name) if kind is not None else {
        "name": pad.rules_name}
    for key in ("teams", "ranks", "dealer_sits_out", "min_bid", "bid_step", "claims"):
        if key not in rules and hasattr(pad.rules, key):
            rules[key] = to_json(getattr(pad.rules, key))
    rules["hand_points"] = pad.scorer.hand_points(pad.rules)
    rules["meld_calculator"] = pad.scorer.meld_calculator is not None
    hands: list[JSON] = []
    for line, entry in zip(drawn["lines"], data["entries"], strict=True):
        hands.append({"no": line["number"], "dealer": line["dealer"], "void": line["void"],
                      "entry": entry, "scores": line["scores"] or [0] * pad.seats,
                      "meld_points": line["meld_points"], "totals": line["totals"],
                      "note": line["note"]})
    return {"game": pad.game, "title": pad.title, "rule_set": pad.rules_name,
            "players": list(pad.players), "first_dealer": pad.first_dealer, "rules": rules,
            "hands": hands, "totals": drawn["totals"], "next": {"dealer": drawn["dealer"]},
            "target": drawn["target"], "winners": drawn["winners"],
            "tallies": drawn["tallies"]}


def csv(pad: Pad) -> str:
    return sheet_csv(pad)


def record(pad: Pad) -> str:
    return dump_pad(pad)


def melds(pad: Pad, cards: list[str], trump: str | None) -> dict[str, JSON]:
    """The meld calculator's breakdown of the cards a player showed."""
    if pad.scorer.meld_calculator is None:
        raise PadError(f"{pad.title} melds are entered one by one as they are made")
    suit = next((s for s in Suit if s.symbol == trump), None)
    try:
        return _breakdown(pad, cards, suit)
    except CardError as exc:
        raise PadError(f"melds: {exc}; the pack holds two of each card (§1)") from None
