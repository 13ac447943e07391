"""The end-of-hand summary: every seat's melds, Stiche, laid-away points and result, with the
team totals in team games; found by the game's name like the panels.

>>> from binokel.games.binokel.game import new_game
>>> from binokel.ui.i18n import Strings
>>> hand_summary(new_game(seed=1).view(0), ["Anna", "Karle", "Frieda"], Strings("en"))
[]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.text import Text

from ...games import game_of
from ...games.binokel.melds import meld_total
from ...games.binokel.scoring import Contract
from ..i18n import Strings
from ..render import DIM, HEADING

_WIDTH = 12


def _row(name: str, numbers: Sequence[object], note: str = "") -> Text:
    out = Text(f"  {name[:_WIDTH]:<{_WIDTH}}" + "".join(f"{n!s:>7}" for n in numbers))
    if note:
        out.append(f"  {note}", style=DIM)
    return out


def binokel_summary(view: Any, names: Sequence[str], tr: Strings) -> list[Text]:
    """The last finished hand of a Binokel view's score sheet, told seat by seat."""
    if not view.results:
        return []
    result = view.results[-1]
    rules = view.rules
    declarer = result.declarer
    if result.contract is Contract.GIVE_UP:
        key = "sum_result_gave_up"
    elif result.contract.is_durch:
        key = "sum_result_durch_won" if result.made else "sum_result_durch_lost"
    else:
        key = "sum_result_made" if result.made else "sum_result_failed"
    lines = [Text(f"{tr('sum_title', n=result.hand_no + 1)}: "
                  f"{tr(key, name=names[declarer], bid=result.bid)}", style=HEADING),
             Text(" " * (2 + _WIDTH) + "".join(f"{w:>7}" for w in tr("sum_head").split()))]
    for seat in range(rules.players):
        shown = meld_total(result.melds[seat]) if seat < len(result.melds) else 0
        lost = shown > 0 and result.meld_points[seat] == 0 and result.tricks_won[seat] == 0
        laid = result.discard_points if seat == declarer else "-"
        numbers = (result.meld_points[seat], result.trick_points[seat], laid,
                   f"{result.scores[seat]:+d}", result.totals[seat])
        lines.append(_row(names[seat], numbers, tr("sum_melds_lost") if lost else ""))
    for team in rules.teams:
        members = " & ".join(names[s] for s in team)
        lines.append(Text(f"  {tr('sum_team', names=members)}: "
                          f"{result.scores[team[0]]:+d} → {result.totals[team[0]]}",
                          style=HEADING))
    if rules.players > 3 and not rules.teams and not rules.dealer_sits_out:
        others = " & ".join(names[s] for s in range(rules.players) if s != declarer)
        lines.append(Text(f"  {names[declarer]} – {others}", style=DIM))
    return lines


def binocle_summary(view: Any, names: Sequence[str], tr: Strings) -> list[Text]:
    """The last finished hand of a Binocle (or Bézique) view's score sheet."""
    if not view.results:
        return []
    result = view.results[-1]
    bonus = view.rules.last_trick_bonus
    lines = [Text(tr("sum_title", n=result.hand_no + 1), style=HEADING),
             Text(" " * (2 + _WIDTH) + "".join(f"{w:>7}" for w in tr("b_sum_head").split()))]
    for seat in (0, 1):  # nothing is laid away in Binocle: no such column
        melds = sum(m.points for m in result.melds[seat]) + result.dix[seat]
        tricks = result.card_points[seat] + (bonus if result.last_trick == seat else 0)
        lines.append(_row(names[seat], (melds, tricks, f"{result.scores[seat]:+d}",
                                        result.totals[seat])))
    return lines


SUMMARIES: dict[str, Callable[[Any, Sequence[str], Strings], list[Text]]] = {
    "binokel": binokel_summary, "binocle": binocle_summary, "bezique": binocle_summary,
}


def hand_summary(view: Any, names: Sequence[str], tr: Strings) -> list[Text]:
    """The summary of the hand just finished, for the game the view belongs to."""
    return SUMMARIES[game_of(view.rules).name](view, names, tr)


__all__ = ["SUMMARIES", "binocle_summary", "binokel_summary", "hand_summary"]
