"""The score pad's sheet as text: one row per hand, each player's score and running total.

>>> from binokel.cards import Suit
>>> from binokel.pad import BinokelHand, Pad
>>> pad = Pad.new("binokel", ["Anna", "Berta", "Karle"], first_dealer=2).add(BinokelHand(
...     declarer=0, bid=300, trump=Suit.HEARTS, melds=(190, 0, 0), side_points=(128, 80, None)))
>>> print(sheet_text(pad, PadStrings("en")))
Hand Dealer   Game                    Anna        Berta        Karle
   1 Karle    Anna 300 ♥               318   +318    80    +80    42    +42
     Total                             318           80           42
"""

from __future__ import annotations

from collections.abc import Callable

from ..pad import BinocleHand, BinokelHand, Pad, VoidHand
from ..pad.model import Line
from .i18n_pad import PadStrings

_GAME_WIDTH = 22


def _binokel_game(pad: Pad, entry: object) -> str:
    assert isinstance(entry, BinokelHand)
    words = [pad.players[entry.declarer], str(entry.bid)]
    if entry.contract.value != "trump":
        words.append(entry.contract.value)
    if entry.trump is not None:
        words.append(entry.trump.symbol)
    return " ".join(words)


def _binocle_game(pad: Pad, entry: object) -> str:
    assert isinstance(entry, BinocleHand)
    text = f"{entry.trump.symbol}, {len(entry.melds)} melds"
    if entry.claim is not None:
        text += f", {pad.players[entry.claim]} claims"
    return text


def _void_game(pad: Pad, entry: object) -> str:
    return "void"


#: What the Game column says for each kind of entry.
GAME_TEXT: dict[type, Callable[[Pad, object], str]] = {
    BinokelHand: _binokel_game, BinocleHand: _binocle_game, VoidHand: _void_game}


def line_text(pad: Pad, line: Line, width: int) -> str:
    game = GAME_TEXT[type(line.entry)](pad, line.entry)[:_GAME_WIDTH]
    cells = []
    for seat in range(pad.seats):
        if line.scored is None:
            cells.append(f"{line.totals[seat]:>{width}} {'':>6}")
        else:
            cells.append(f"{line.totals[seat]:>{width}} {line.scored.scores[seat]:>+6d}")
    return f"{line.number:>4} {pad.players[line.dealer][:8]:<8} {game:<{_GAME_WIDTH}} " + \
        " ".join(cells)


def sheet_text(pad: Pad, tr: PadStrings) -> str:
    """The whole sheet, a totals row, and the game's other tallies (counters, pegs)."""
    sheet = pad.sheet()
    width = max(5, *(len(n) for n in pad.players))
    names = " ".join(f"{name:>{width}}{'':>7}" for name in pad.players)
    rows = [f"{tr('sheet_head'):<{5 + 9 + _GAME_WIDTH + 1}}{names}"]
    rows += [line_text(pad, line, width) for line in sheet.lines]
    totals = " ".join(f"{t:>{width}} {'':>6}" for t in sheet.totals)
    rows.append(f"{'':>4} {tr('sheet_total'):<{8 + 1 + _GAME_WIDTH}} {totals}".rstrip())
    for name in pad.scorer.tallies:
        rows.append(f"     {tr(name)}: " + "; ".join(
            f"{pad.players[s]} {tr.tally(pad.tallies(t)[name])}"
            for s, t in enumerate(sheet.totals)))
    return "\n".join(row.rstrip() for row in rows)


__all__ = ["GAME_TEXT", "line_text", "sheet_text"]
