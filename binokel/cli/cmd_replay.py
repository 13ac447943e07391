"""``binokel replay FILE``: re-check every action of the records in FILE and print score sheets.

Exit status 0 when every record replays, 1 when one is broken or holds an illegal action (the
message names the line, the hand, the action and the rule), 2 when FILE cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from ..games import game_of, load_records, replay
from ..games.binocle import BinocleHandResult, BinocleState, Ending
from ..games.binocle.records import BinocleRecord
from ..games.binokel.game import GameState
from ..games.binokel.records import Record, RecordError
from ..games.binokel.scoring import Contract, HandResult
from .common import fail


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "replay", help="re-check a record file and print its score sheets",
        description="Replays every game in FILE from its seed, checking every deal, action and "
                    "written result, and prints the score sheet hand by hand. Exits with status "
                    "1 on a broken or illegal record. Reads Binokel, Binocle and Bézique "
                    "records.")
    parser.add_argument("file", metavar="FILE", help="a record file (e.g. from binokel selfplay)")
    parser.add_argument("--json", action="store_true", help="print the score sheets as JSON")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        with open(args.file, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        return fail(f"cannot read {args.file}: {getattr(exc, 'strerror', None) or exc}")
    try:
        records = load_records(text)
    except RecordError as exc:
        return fail(f"{args.file}: {exc}", status=1)
    sheets = []
    for number, record in enumerate(records, 1):
        try:
            sheets.append(SHEETS[game_of(record).name](record, replay(record)))
        except RecordError as exc:
            return fail(f"{args.file}: game {number}: {exc}", status=1)
    if args.json:
        print(json.dumps({"games": sheets}, ensure_ascii=False))
    elif sys.stdout.isatty():
        _print_rich(sheets)
    else:
        _print_plain(sheets)
    return 0


# --- the score sheet as data (Binokel) ------------------------------------------------------------

def score_sheet(record: Record, state: GameState) -> dict[str, Any]:
    """One game's score sheet: the header and one row per finished hand (hands from 1)."""
    return {
        "game": "binokel",
        "rules": state.rules.name,
        "seed": state.seed,
        "players": list(record.players),
        "tags": dict(record.tags),
        "hands": [_hand_row(r) for r in state.results],
        "totals": list(state.scores),
        "over": state.is_over,
        "winners": list(state.winners),
        "next": None if state.is_over else {
            "hand": state.hand_no + 1, "phase": state.phase.value, "to_move": state.to_move},
    }


def _hand_row(r: HandResult) -> dict[str, Any]:
    return {
        "hand": r.hand_no + 1,
        "dealer": r.dealer,
        "declarer": r.declarer,
        "bid": r.bid,
        "contract": r.contract.value,
        "trump": r.trump.symbol if r.trump is not None else None,
        "outcome": _outcome(r),
        "melds": [sum(m.points for m in melds) for melds in r.melds],
        "melds_counted": list(r.meld_points),
        "tricks_won": list(r.tricks_won),
        "trick_points": list(r.trick_points),
        "discard_points": r.discard_points,
        "scores": list(r.scores),
        "totals": list(r.totals),
    }


def _outcome(r: HandResult) -> str:
    if r.contract is Contract.GIVE_UP:
        return "gave up"
    if r.contract.is_durch:
        return "won" if r.made else "lost"
    return "made" if r.made else "set"


def _game_text(row: dict[str, Any]) -> str:
    if row["contract"] == Contract.GIVE_UP.value:
        return f"out {row['trump']}"
    if row["contract"] == Contract.TRUMP.value:
        return str(row["trump"])
    return str(row["contract"]).capitalize()


def _melds_cell(row: dict[str, Any], seat: int) -> str:
    shown, counted = row["melds"][seat], row["melds_counted"][seat]
    if shown and not counted:
        return f"({shown})"
    return str(counted)


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def _columns(sheet: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    return COLUMNS[sheet["game"]](sheet)


def _binokel_columns(sheet: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    seats = range(len(sheet["players"]))
    header = ["hand", "dealer", "declarer", "bid", "game", "result"]
    header += [f"melds {s}" for s in seats] + [f"points {s}" for s in seats]
    header += [f"total {s}" for s in seats]
    rows = []
    for row in sheet["hands"]:
        cells = [str(row["hand"]), str(row["dealer"]), str(row["declarer"]), str(row["bid"]),
                 _game_text(row), row["outcome"]]
        cells += [_melds_cell(row, s) for s in seats]
        cells += [_signed(row["scores"][s]) for s in seats]
        cells += [str(row["totals"][s]) for s in seats]
        rows.append(cells)
    return header, rows


def _title(number: int, sheet: dict[str, Any]) -> str:
    seats = ", ".join(f"{s} {name}" for s, name in enumerate(sheet["players"]))
    return f"Game {number}: rules {sheet['rules']}, seed {sheet['seed']}; seats {seats}"


def _ending(sheet: dict[str, Any]) -> str:
    names = sheet["players"]
    totals = ", ".join(str(t) for t in sheet["totals"])
    if sheet["over"]:
        winners = " and ".join(f"{s} ({names[s]})" for s in sheet["winners"])
        how = f", {sheet['ending']}" if sheet.get("ending") else ""
        return f"Winner: seat {winners}{how}; totals {totals}"
    nxt = sheet["next"]
    return (f"Not finished: hand {nxt['hand']}, {nxt['phase']}, seat {nxt['to_move']} to move; "
            f"totals {totals}")


#: What a game's score sheet needs said below it, by game name.
NOTES = {"binokel": "Melds in brackets were shown but did not count (no trick)."}


def _notes(sheets: list[dict[str, Any]]) -> list[str]:
    games = dict.fromkeys(sheet["game"] for sheet in sheets)
    return [NOTES[game] for game in games if game in NOTES]


def _print_plain(sheets: list[dict[str, Any]]) -> None:
    for number, sheet in enumerate(sheets, 1):
        if number > 1:
            print()
        print(_title(number, sheet))
        header, rows = _columns(sheet)
        widths = [max(len(c) for c in column) for column in zip(header, *rows, strict=True)]
        for cells in [header, *rows]:
            print("  ".join(c.rjust(w) for c, w in zip(cells, widths, strict=True)).rstrip())
        print(_ending(sheet))
    for note in _notes(sheets):
        print(note)


def _print_rich(sheets: list[dict[str, Any]]) -> None:
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    console = Console()
    for number, sheet in enumerate(sheets, 1):
        header, rows = _columns(sheet)
        table = Table(title=escape(_title(number, sheet)), caption=escape(_ending(sheet)))
        for name in header:
            table.add_column(name, justify="left" if name == "game" else "right")
        for cells in rows:
            table.add_row(*cells)
        console.print(table)
    for note in _notes(sheets):
        console.print(note, style="dim", highlight=False)


# --- Binocle ---------------------------------------------------------------------------------

_HOW = {
    Ending.REACHED: "by reaching the target in play",
    Ending.CLAIMED: "by a right claim",
    Ending.WRONG_CLAIM: "by the other's wrong claim",
    Ending.COUNTED: "at the count",
}


def binocle_score_sheet(record: BinocleRecord, state: BinocleState) -> dict[str, Any]:
    """One Binocle game's score sheet: the header and one row per counted hand (from 1)."""
    ending = None
    if state.ending is not None:
        ending = f"{_HOW[state.ending]} in hand {state.hand_no + 1}"
        if state.ending in (Ending.CLAIMED, Ending.WRONG_CLAIM):
            claimant = state.winner if state.ending is Ending.CLAIMED else 1 - (state.winner or 0)
            assert claimant is not None
            ending += f" (claim {state.claim_total(claimant)} of {state.target})"
    return {
        "game": "binocle",
        "rules": state.rules.name,
        "seed": state.seed,
        "players": list(record.players),
        "tags": dict(record.tags),
        "hands": [_binocle_row(r, state.rules.last_trick_bonus) for r in state.results],
        "totals": list(state.scores),
        "target": state.target,
        "over": state.is_over,
        "winners": [] if state.winner is None else [state.winner],
        "ending": ending,
        "next": None if state.is_over else {
            "hand": state.hand_no + 1, "phase": state.phase.value, "to_move": state.to_move},
    }


def _binocle_row(r: BinocleHandResult, bonus: int) -> dict[str, Any]:
    return {
        "hand": r.hand_no + 1,
        "dealer": r.dealer,
        "turned": str(r.turned),
        "trump": r.turned.suit.symbol,
        "melds": [sum(m.points for m in melds) for melds in r.melds],
        "dix": list(r.dix),
        "card_points": list(r.card_points),
        "last_trick": r.last_trick,
        "last_trick_bonus": bonus,
        "scores": list(r.scores),
        "totals": list(r.totals),
    }


def _binocle_columns(sheet: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    header = ["hand", "dealer", "turned", "melds 0", "melds 1", "tricks 0", "tricks 1", "last",
              "points 0", "points 1", "total 0", "total 1"]
    rows = []
    for row in sheet["hands"]:
        cells = [str(row["hand"]), str(row["dealer"]), row["turned"]]
        cells += [str(row["melds"][s] + row["dix"][s]) for s in (0, 1)]
        cells += [str(row["card_points"][s]) for s in (0, 1)]
        cells.append(str(row["last_trick"]))
        cells += [_signed(row["scores"][s]) for s in (0, 1)]
        cells += [str(row["totals"][s]) for s in (0, 1)]
        rows.append(cells)
    return header, rows


#: The score sheet of a replayed record of each game, by game name.
SHEETS: dict[str, Callable[[Any, Any], dict[str, Any]]] = {
    "binokel": score_sheet, "binocle": binocle_score_sheet, "bezique": binocle_score_sheet,
}

#: The columns of a score sheet of each game, by game name.
COLUMNS: dict[str, Callable[[dict[str, Any]], tuple[list[str], list[list[str]]]]] = {
    "binokel": _binokel_columns, "binocle": _binocle_columns, "bezique": _binocle_columns,
}
