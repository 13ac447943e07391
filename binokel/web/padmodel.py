"""The web server's one door to the pad model: what the score pad's routes need, as JSON.

INTERIM: scores with the Binokel engine's own ``score_hand`` until the pad model is merged.
"""

from __future__ import annotations

import csv as csv_module
import io
import json
from typing import Any

from ..cards import Suit, parse_card
from ..games.binokel.melds import find_melds
from ..games.binokel.rules import Rules
from ..games.binokel.rulefile import find_rules
from ..games.binokel.scoring import Contract, game_winners, score_hand
from .games import all_rule_sets
from .padproto import PadOp
from .protocol import JSON


class PadModelError(ValueError):
    """An entry the rules refuse."""


def rule_of(exc: Exception) -> str | None:
    return getattr(exc, "rule", None)


def new_pad(rules: str, players: tuple[str, ...]) -> dict[str, Any]:
    kind = all_rule_sets()[rules]
    if len(players) != kind.players(rules):
        raise PadModelError(f"players: {rules} is played by {kind.players(rules)}")
    return {"rules": rules, "players": list(players), "hands": []}


def dump(pad: dict[str, Any]) -> str:
    return json.dumps(pad, ensure_ascii=False)


def load(text: str) -> dict[str, Any]:
    value: dict[str, Any] = json.loads(text)
    return value


def player_count(pad: dict[str, Any]) -> int:
    return len(pad["players"])


def hand_count(pad: dict[str, Any]) -> int:
    return len(pad["hands"])


def change(pad: dict[str, Any], op: PadOp) -> dict[str, Any]:
    hands = list(pad["hands"])
    if op.kind == "add":
        hands.append(op.entry)
    elif op.kind == "void":
        hands.append({"void": True})
    else:
        if op.hand is None or not 1 <= op.hand <= len(hands):
            raise PadModelError(f"There is no hand {op.hand}.")
        if op.kind == "edit":
            hands[op.hand - 1] = op.entry
        else:
            del hands[op.hand - 1]
    changed = {**pad, "hands": hands}
    _fold(changed)
    return changed


def _suit(symbol: object) -> Suit | None:
    for suit in Suit:
        if suit.symbol == symbol:
            return suit
    return None


def _fold(pad: dict[str, Any]) -> tuple[list[dict[str, JSON]], list[int], int, tuple[int, ...]]:
    rules: Rules = find_rules(pad["rules"])
    n = rules.players
    totals = [0] * n
    dealer = 0
    rows: list[dict[str, JSON]] = []
    winners: tuple[int, ...] = ()
    for no, entry in enumerate(pad["hands"], 1):
        if entry.get("void"):
            rows.append({"no": no, "void": True, "dealer": dealer, "entry": entry,
                         "scores": [0] * n, "totals": list(totals)})
            continue
        active = [s for s in range(n) if not (rules.dealer_sits_out and s == dealer)]
        declarer = entry.get("declarer")
        if declarer not in active:
            raise PadModelError("declarer: the dealer sits out")
        bid = entry.get("bid") or 0
        if bid < rules.min_bid or (bid - rules.min_bid) % rules.bid_step:
            raise PadModelError(f"The bid {bid} is below {rules.min_bid} or off the step "
                                f"of {rules.bid_step} (§3)")
        contract = Contract(entry.get("contract", "trump"))
        melds = [m or 0 for m in (entry.get("melds") or [0] * n)]
        tricks = [t or 0 for t in (entry.get("tricks") or [0] * n)]
        none = set(entry.get("no_trick") or [])
        won = [0 if s in none else 1 for s in range(n)]
        if contract is Contract.TRUMP and sum(tricks) != 250:
            raise PadModelError(f"Trick points must add to 250, not {sum(tricks)} (§7)")
        scores, _ = score_hand(rules, active=active, declarer=declarer, bid=bid,
                               contract=contract, meld_points=melds, tricks_won=won,
                               trick_points=tricks, discard_points=0)
        totals = [a + b for a, b in zip(totals, scores, strict=True)]
        rows.append({"no": no, "void": False, "dealer": dealer, "entry": entry,
                     "scores": list(scores), "totals": list(totals)})
        if not winners:
            winners = game_winners(rules, totals, declarer=declarer, hands_played=no)
        dealer = (dealer + 1) % n
    return rows, totals, dealer, winners


def sheet(pad: dict[str, Any]) -> dict[str, JSON]:
    rows, totals, dealer, winners = _fold(pad)
    kind = all_rule_sets()[pad["rules"]]
    described = kind.describe(pad["rules"])
    described["hand_points"] = 250
    return {"game": kind.name, "players": pad["players"], "rules": described, "hands": rows,
            "totals": totals, "next": {"dealer": dealer}, "winners": list(winners),
            "show_counters": False}


def csv(pad: dict[str, Any]) -> str:
    rows, _, _, _ = _fold(pad)
    out = io.StringIO()
    writer = csv_module.writer(out)
    writer.writerow(["hand", *pad["players"]])
    for row in rows:
        writer.writerow([row["no"], *row["scores"]])  # type: ignore[misc]
    return out.getvalue()


def record(pad: dict[str, Any]) -> str:
    return dump(pad)


def melds(pad: dict[str, Any], cards: list[str], trump: str | None) -> dict[str, JSON]:
    rules: Rules = find_rules(pad["rules"])
    try:
        found = find_melds([parse_card(c) for c in cards], _suit(trump), rules)
    except ValueError as exc:
        raise PadModelError(str(exc)) from None
    return {"points": sum(m.points for m in found),
            "melds": [{"name": m.name, "points": m.points} for m in found]}
