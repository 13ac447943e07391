"""The score pad's sheet as text: one row per hand, each player's score and running total; a
Binokel hand's declarer is marked ✓ made or ✗ missed.

>>> from binokel.cards import Suit
>>> from binokel.pad import BinokelHand, Pad
>>> pad = Pad.new("binokel", ["Anna", "Berta", "Karle"], first_dealer=2).add(BinokelHand(
...     declarer=0, bid=300, trump=Suit.HEARTS, melds=(190, 0, 0), side_points=(128, 80, None)))
>>> print(sheet_text(pad, PadStrings("en")))
Hand Dealer   Game                    Anna        Berta        Karle
   1 Karle    Anna 300 ♥ ✓             318   +318    80    +80    42    +42
     Total                             318           80           42
     ✓ made · ✗ missed
"""

from __future__ import annotations

from collections.abc import Callable

from ..pad import BinocleHand, BinokelHand, Pad, VoidHand
from ..pad.model import Line
from .i18n_pad import PadStrings

_GAME_WIDTH = 22


def _binokel_game(pad: Pad, entry: object, tr: PadStrings | None = None) -> str:
    assert isinstance(entry, BinokelHand)
    words = [pad.players[entry.declarer], str(entry.bid)]
    if entry.contract.value != "trump":
        words.append(tr.contract(entry.contract.value) if tr else entry.contract.value)
    if entry.trump is not None:
        words.append(entry.trump.symbol)
    return " ".join(words)


def _binocle_game(pad: Pad, entry: object, tr: PadStrings | None = None) -> str:
    assert isinstance(entry, BinocleHand)
    tr = tr or PadStrings("en")
    text = f"{entry.trump.symbol}, {tr('n_melds', n=len(entry.melds))}"
    if entry.claim is not None:
        text += f", {tr('claims', name=pad.players[entry.claim])}"
    return text


def _void_game(pad: Pad, entry: object, tr: PadStrings | None = None) -> str:
    return (tr or PadStrings("en"))("void_word")


#: What the Game column says for each kind of entry.
GAME_TEXT: dict[type, Callable[[Pad, object, PadStrings | None], str]] = {
    BinokelHand: _binokel_game, BinocleHand: _binocle_game, VoidHand: _void_game}


def mark(line: Line) -> str:
    """A Binokel hand's mark: ✓ the declarer made it, ✗ missed it ("" for the others)."""
    entry = line.entry
    if not isinstance(entry, BinokelHand) or line.scored is None \
            or entry.contract.value == "give up":
        return ""
    return "✓" if line.scored.scores[entry.declarer] > 0 else "✗"


def line_text(pad: Pad, line: Line, width: int, tr: PadStrings | None = None) -> str:
    game = GAME_TEXT[type(line.entry)](pad, line.entry, tr)
    sign = mark(line)
    game = f"{game[:_GAME_WIDTH - 2]} {sign}" if sign else game[:_GAME_WIDTH]
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
    rows += [line_text(pad, line, width, tr) for line in sheet.lines]
    totals = " ".join(f"{t:>{width}} {'':>6}" for t in sheet.totals)
    rows.append(f"{'':>4} {tr('sheet_total'):<{8 + 1 + _GAME_WIDTH}} {totals}".rstrip())
    if any(mark(line) for line in sheet.lines):
        rows.append(f"{'':>5}{tr('sheet_marks')}")
    for name in pad.scorer.tallies:
        rows.append(f"     {tr(name)}: " + "; ".join(
            f"{pad.players[s]} {tr.tally(pad.tallies(t)[name])}"
            for s, t in enumerate(sheet.totals)))
    return "\n".join(row.rstrip() for row in rows)


def hand_note(pad: Pad, line: Line, tr: PadStrings) -> str:
    """What a scored hand came to, in the pad's language: made, missed, gave up, Durch; in
    Binocle each player's score, or who reached the target."""
    scored, entry = line.scored, line.entry
    if scored is None:
        return tr("void_word")
    names = pad.players
    if isinstance(entry, BinokelHand):
        who, got = names[entry.declarer], scored.scores[entry.declarer]
        if entry.contract.value == "give up":
            return tr("note_gave_up", name=who, score=got, bonus=pad.rules.give_up_bonus)
        if entry.contract.value != "trump":
            key = "note_durch_won" if got > 0 else "note_durch_lost"
            return tr(key, name=who, contract=tr.contract(entry.contract.value), score=got)
        if got > 0:
            return tr("note_made", name=who, score=got, bid=entry.bid)
        return tr("note_missed", name=who, score=got, bid=entry.bid)
    if tr.lang == "en" and scored.note:  # the pad's own words: a claim, the count, play on
        return scored.note
    scores = ", ".join(f"{names[s]} {score:+d}" for s, score in enumerate(scored.scores))
    if scored.winners:
        won = " + ".join(names[s] for s in scored.winners)
        return f"{scores}; {tr('winner', names=won)}"
    return scores


def entry_text(pad: Pad, line: Line, tr: PadStrings) -> str:
    """What was entered for a hand, for ``edit N``: the game column and each answer's value."""
    entry, names = line.entry, pad.players
    parts = [GAME_TEXT[type(entry)](pad, entry, tr)]
    if isinstance(entry, BinokelHand):
        melds = [f"{names[s]} {_meld(m)}" for s, m in enumerate(entry.melds) if m is not None]
        parts.append(tr("was_melds", melds=", ".join(melds)))
        if entry.side_points:
            points = " ".join("-" if p is None else str(p) for p in entry.side_points)
            parts.append(tr("was_points", points=points))
        if entry.no_trick:
            parts.append(tr("was_no_trick", names=", ".join(names[s]
                                                            for s in sorted(entry.no_trick))))
    elif isinstance(entry, BinocleHand):
        if entry.melds:
            parts.append(tr("was_melds", melds=", ".join(
                f"{names[m.seat]} {tr.meld(m.meld.name)}" for m in entry.melds)))
        if any(p is not None for p in entry.card_points):
            parts.append(tr("was_points", points=" ".join(
                "-" if p is None else str(p) for p in entry.card_points)))
    if line.scored is not None:
        parts.append(hand_note(pad, line, tr))
    return " · ".join(parts)


def _meld(entry: object) -> str:
    if isinstance(entry, tuple):
        return " ".join(str(card) for card in entry)
    return str(entry)


__all__ = ["GAME_TEXT", "entry_text", "hand_note", "line_text", "mark", "sheet_text"]
