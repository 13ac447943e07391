"""``binokel melds CARDS [--trump SUIT]``: the best melds of a hand, with cards and points.

With a Binocle rule set (``--rules binocle``, ``--trump`` required) it lists what the hand could
meld, one meld at a time as Binocle scores them (one per trick won), each with its value, and
the order that scores most (building up: royal marriage then sequence ...).

A malformed card, an impossible hand (three Q♠, a card not in the rule set's pack) or more
cards than a hand holds is refused on one line with exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..cards import Card, CardError, Suit, pack, parse_cards, parse_suit
from ..games import game_of
from ..games.binocle import BinocleRules, MeldKind, ScoredMeld, best_meld_plan, binocle_melds
from ..games.binokel.melds import Meld, find_melds
from ..games.binokel.rules import Rules
from .common import add_lang_option, add_rules_options, checked_rules, fail, strings_from_args

if TYPE_CHECKING:
    from ..ui.i18n import Strings


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "melds", help="list the melds of a hand and their points",
        description='Finds the best meld set of a hand, e.g. binokel melds "K♠ Q♠ Q♥ Q♣ Q♦ J♦" '
                    "--trump H (cards as Q♠, QS, qs, 10♥ or TH). With --rules binocle: each "
                    "meld the hand could score, one at a time, and the best order.")
    parser.add_argument("cards", nargs="+", metavar="CARDS",
                        help="the hand's cards, in one argument or several")
    parser.add_argument("--trump", metavar="SUIT",
                        help="the trump suit (♣ ♠ ♥ ♦ or C S H D); default: no trumps")
    add_rules_options(parser)
    parser.add_argument("--json", action="store_true", help="print the melds as JSON")
    add_lang_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    rules, status = checked_rules(args)
    if status:
        return status
    try:
        trump = parse_suit(args.trump) if args.trump is not None else None
        cards = parse_cards(" ".join(args.cards))
        _check_hand(cards, rules)
    except CardError as exc:
        return fail(str(exc))
    return LISTINGS[game_of(rules).name](cards, trump, rules, as_json=args.json,
                                         tr=strings_from_args(args))


def _run_binokel(cards: list[Card], trump: Suit | None, rules: Rules, *, as_json: bool,
                 tr: Strings) -> int:
    melds = find_melds(cards, trump, rules)
    total = sum(m.points for m in melds)
    if as_json:
        print(json.dumps({"melds": [{"name": m.name, "cards": [str(c) for c in m.cards],
                                     "points": m.points} for m in melds], "total": total},
                         ensure_ascii=False))
    elif sys.stdout.isatty():
        _print_rich(melds, total, trump, rules, tr)
    else:
        _print_plain(melds, total, trump, rules, tr)
    return 0


def _check_hand(cards: list[Card], rules: Any) -> None:
    if not cards:
        raise CardError("no cards given (e.g. binokel melds \"K♠ Q♠ Q♥ Q♣ Q♦ J♦\")")
    for card in cards:
        if card.rank not in rules.ranks:
            ranks = " ".join(r.label for r in sorted(rules.ranks, reverse=True))
            raise CardError(f"impossible hand: {card} is not in the {rules.name} pack "
                            f"(ranks {ranks})")
    pack(cards)  # raises for a third copy of a card
    if len(cards) > rules.hand_size:
        raise CardError(f"impossible hand: {len(cards)} cards, but a hand holds at most "
                        f"{rules.hand_size} under {rules.name}")


def _meld_name(name: str, tr: Strings) -> str:
    """A meld's name: the engine's, capitalised, in English; the catalogue's in German."""
    return name.capitalize() if tr.lang == "en" else tr.meld(name)


def _label(meld: Meld, tr: Strings) -> str:
    return _meld_name(meld.name, tr) + (f" {meld.suit.symbol}" if meld.suit is not None else "")


def _heading(trump: Suit | None, rules: Rules, tr: Strings) -> str:
    trumps = tr("cli_melds_trumps", suit=trump.symbol) if trump is not None \
        else tr("cli_melds_no_trumps")
    return tr("cli_melds_head", trumps=trumps, rules=rules.name)


def _print_plain(melds: tuple[Meld, ...], total: int, trump: Suit | None, rules: Rules,
                 tr: Strings) -> None:
    print(_heading(trump, rules, tr))
    rows = [(_label(m, tr), tr.cards(" ".join(str(c) for c in m.cards)), str(m.points))
            for m in melds]
    if not rows:
        print(tr("cli_melds_none"))
    name_w = max([len(r[0]) for r in rows] + [5])
    cards_w = max([len(r[1]) for r in rows] + [0])
    for name, cards, points in rows:
        print(f"  {name:<{name_w}}  {cards:<{cards_w}}  {points:>5}")
    print(f"  {tr('cli_melds_total'):<{name_w}}  {'':<{cards_w}}  {total:>5}")


def _print_rich(melds: tuple[Meld, ...], total: int, trump: Suit | None, rules: Rules,
                tr: Strings) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=_heading(trump, rules, tr), show_footer=True)
    table.add_column(tr("cli_melds_col_meld"), footer=tr("cli_melds_total"))
    table.add_column(tr("cli_melds_col_cards"))
    table.add_column(tr("cli_melds_col_points"), justify="right", footer=str(total))
    for meld in melds:
        table.add_row(_label(meld, tr), tr.cards(" ".join(str(c) for c in meld.cards)),
                      str(meld.points))
    Console().print(table)


# --- Binocle ---------------------------------------------------------------------------------

def binocle_listing(cards: list[Card], trump: Suit, rules: BinocleRules) -> dict[str, Any]:
    """Each meld the hand could score (one at a time) and the best order, as JSON data."""

    def row(meld: ScoredMeld) -> dict[str, Any]:
        return {"name": meld.name, "cards": [str(c) for c in meld.cards], "points": meld.points}

    melds = binocle_melds(cards, trump, rules)
    plan, best = best_meld_plan(cards, trump, rules)
    dix = sum(m.points for m in melds if m.meld.kind is MeldKind.DIX)  # Bézique: trump Seven
    return {"game": "binocle", "trump": trump.symbol, "melds": [row(m) for m in melds],
            "best": [row(m) for m in plan], "best_total": best, "dix": dix, "total": best + dix}


def _binocle_label(meld: dict[str, Any], tr: Strings) -> str:
    name = str(meld["name"])
    if name in ("marriage", "common marriage", "royal marriage", "sequence", "dix",
                "trump Seven"):
        return f"{_meld_name(name, tr)} {parse_cards(meld['cards'][0])[0].suit.symbol}"
    return _meld_name(name, tr)


def _run_binocle(cards: list[Card], trump: Suit | None, rules: BinocleRules, *,
                 as_json: bool, tr: Strings) -> int:
    if trump is None:
        return fail(f"{game_of(rules).title} melds need the trump suit: --trump ♣|♠|♥|♦ "
                    f"(or C S H D)")
    listing = binocle_listing(cards, trump, rules)
    if as_json:
        print(json.dumps(listing, ensure_ascii=False))
        return 0
    rows = [(_binocle_label(m, tr), tr.cards(" ".join(m["cards"])), str(m["points"]))
            for m in listing["melds"]]
    best = [(f"{n}. {_binocle_label(m, tr)}", tr.cards(" ".join(m["cards"])), str(m["points"]))
            for n, m in enumerate(listing["best"], 1)]
    name_w = max([len(r[0]) for r in rows + best] + [5])
    cards_w = max([len(r[1]) for r in rows + best] + [0])
    print(tr("cli_melds_binocle_head", title=game_of(rules).title, suit=trump.symbol,
             rules=rules.name))
    if not rows:
        print(tr("cli_melds_none"))
    for name, text, points in rows:
        print(f"  {name:<{name_w}}  {text:<{cards_w}}  {points:>5}")
    if best:
        tricks = tr("cli_melds_tricks", n=len(best))
        print(tr("cli_melds_best", best=listing["best_total"], tricks=tricks))
        for name, text, points in best:
            print(f"  {name:<{name_w}}  {text:<{cards_w}}  {points:>5}")
    if listing["dix"]:
        print(tr("cli_melds_dix", dix=listing["dix"], total=listing["total"]))
    return 0


#: How ``binokel melds`` lists a hand's melds in each game, by game name.
LISTINGS: dict[str, Callable[..., int]] = {
    "binokel": _run_binokel,
    "binocle": _run_binocle,
    "bezique": _run_binocle,
}
