"""What the full-screen table draws, not only its characters: styled snapshots (SVG, as
Textual exports the screen) of the main screens at 80×24 and 120×40, and the rendered styles of
the hand: the card under the cursor looks different from the others, the suits have their
colours, cards picked to lay away and cards that may not be played are marked, and ``--mono``
and ``NO_COLOR`` start and stay readable.

``BINOKEL_UPDATE_SNAPSHOTS=1`` rewrites the SVG snapshots (look at them in a browser first).
"""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path
from typing import Any

import pytest
from rich.style import Style
from textual.color import Color

from binokel.cards import Suit
from binokel.games.binokel.game import Phase
from binokel.ui.i18n import Strings
from binokel.ui.tui.app import PlayApp
from binokel.ui.tui.panels import Slot

from .test_tui import POSITIONS, SNAPSHOTS, make_app, make_session

SVG = SNAPSHOTS / "svg"


def _app(name: str, tmp_path: Path, *, mono: bool = False) -> PlayApp:
    session = make_session(POSITIONS[name], bot="no-claim")
    app = make_app(session, Strings("en"), tmp_path)
    app.mono = mono
    app.message = type(app.message)()  # the autosave note names a temporary path
    return app


def style_at(app: PlayApp, x: int, y: int) -> Style:
    """The style drawn at screen cell (x, y)."""
    strip = app.screen._compositor.render_strips()[y]
    column = 0
    for segment in strip:
        width = segment.cell_length
        if column <= x < column + width:
            return segment.style or Style()
        column += width
    raise AssertionError(f"nothing drawn at {x},{y}")


def card_looks(app: PlayApp) -> dict[int, Style]:
    """Each card of the hand as drawn: slot number → the style of its first cell."""
    hand = app.part("hand")
    region = hand.content_region
    out = {}
    for row, start, _end, number in app._spots["hand"]:
        out[number] = style_at(app, region.x + start + 4, region.y + row)  # " 12 " then card
    return out


def looks(style: Style) -> tuple[Any, ...]:
    """What a person sees of a style: the colours shown (reverse swaps them) and the marks."""
    fg = style.color.get_truecolor() if style.color else None
    bg = style.bgcolor.get_truecolor() if style.bgcolor else None
    if style.reverse:
        fg, bg = bg, fg
    return (fg, bg, bool(style.bold), bool(style.underline), bool(style.dim))


def focused_stands_out(app: PlayApp) -> bool:
    """Whether the card under the cursor looks unlike every other card of the hand."""
    current = app.items()[app.cursor]
    assert isinstance(current, Slot)
    drawn = card_looks(app)
    mine = looks(drawn[current.number])
    return all(looks(style) != mine for n, style in drawn.items() if n != current.number)


def run(app: PlayApp, size: tuple[int, int], check: Any) -> Any:
    async def go() -> Any:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            return await check(app, pilot)
    return asyncio.run(go())


# --- SVG snapshots ---------------------------------------------------------------------------

@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("name", list(POSITIONS))
def test_styled_snapshot_of_the_main_screens(tmp_path: Path, name: str,
                                             size: tuple[int, int]) -> None:
    async def shot(app: PlayApp, pilot: Any) -> str:
        return app.export_screenshot()
    svg = run(_app(name, tmp_path), size, shot)
    path = SVG / f"{name}-{size[0]}x{size[1]}.svg"
    if os.environ.get("BINOKEL_UPDATE_SNAPSHOTS") or not path.exists():
        path.parent.mkdir(exist_ok=True)
        path.write_text(svg, encoding="utf-8")
        if not os.environ.get("BINOKEL_UPDATE_SNAPSHOTS"):
            pytest.fail(f"no snapshot yet: wrote {path}; look at it and commit it")
    assert svg == path.read_text(encoding="utf-8"), f"the screen is drawn unlike {path}"


# --- the rendered styles -----------------------------------------------------------------------

@pytest.mark.parametrize("mono", ["colour", "mono", "NO_COLOR"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_the_focused_card_looks_different_from_the_others(tmp_path: Path, mono: str,
                                                          size: tuple[int, int],
                                                          monkeypatch: Any) -> None:
    """At laying away every card may be chosen: the cursor alone tells which is taken; it is
    followed over the hand by → and stays unlike every other card, in colour, with ``--mono``
    and under ``NO_COLOR`` (where the cards are drawn in greys only)."""
    if mono == "NO_COLOR":
        monkeypatch.setenv("NO_COLOR", "1")

    async def check(app: PlayApp, pilot: Any) -> None:
        for _ in range(5):
            assert focused_stands_out(app), f"cursor on {app.cursor} looks like the others"
            if mono != "colour":
                for style in card_looks(app).values():
                    fg = looks(style)[0]
                    assert fg is None or len(set(fg)) == 1, f"no colours: {fg}"
            await pilot.press("right")
            await pilot.pause()
    run(_app("discard", tmp_path, mono=mono == "mono"), size, check)


def test_the_focus_check_fails_when_the_cursor_is_not_drawn(tmp_path: Path) -> None:
    """The check above can fail: with the cursor's reverse taken out of the drawing, the
    focused card looks like the others and the check says so."""
    app = _app("discard", tmp_path)
    plain = app.hand_text

    def without_cursor() -> Any:
        text = plain()
        for span in text.spans:
            if isinstance(span.style, Style) and span.style.reverse:
                text.spans[text.spans.index(span)] = span._replace(
                    style=span.style + Style(reverse=False))
        return text
    app.hand_text = without_cursor  # type: ignore[method-assign]

    async def check(app: PlayApp, pilot: Any) -> bool:
        return focused_stands_out(app)
    assert run(app, (80, 24), check) is False


def test_suits_have_their_colours_and_unplayable_cards_are_dimmed(tmp_path: Path) -> None:
    """Mid-trick: the four suits in four colours; the cards that may not be played are dim,
    the playable ones bold and starred."""
    async def check(app: PlayApp, pilot: Any) -> None:
        drawn = card_looks(app)
        slots = {s.number: s for s in app.panels.slots(app.view)}
        region = app.part("hand").content_region
        labels = {}  # each suit's row label, drawn in the suit's full colour
        for row, _start, _end, number in app._spots["hand"]:
            labels[slots[number].card.suit] = style_at(app, region.x + 4, region.y + row)
        assert len({looks(s)[0] for s in labels.values()}) == len(labels), "a colour a suit"
        colours: dict[Suit, set[Any]] = {}
        for number, style in drawn.items():
            slot = slots[number]
            if slot.action is None:
                full = labels[slot.card.suit]
                assert style.dim or _darker(style, full), f"{slot.card} may not be played: dim"
            else:
                assert style.bold and not style.dim, f"{slot.card} may be played: bold"
                colours.setdefault(slot.card.suit, set()).add(style.color)
        playable = {s.card.suit for s in slots.values() if s.action is not None}
        assert len({c for suit in playable for c in colours[suit]}) == len(playable)
        assert "*" in str(app.part("hand").render())
    run(_app("trick", tmp_path), (80, 24), check)


def _darker(style: Style, full: Style) -> bool:
    """Textual draws ``dim`` by darkening the colour toward the background."""
    if style.color is None or full.color is None:
        return False
    return bool(Color.from_rich_color(style.color).brightness
                < Color.from_rich_color(full.color).brightness - 0.1)


def test_cards_picked_to_lay_away_are_marked(tmp_path: Path) -> None:
    async def check(app: PlayApp, pilot: Any) -> None:
        assert app.session.state.phase is Phase.DISCARD
        await pilot.press("space", "space")
        await pilot.pause()
        drawn = card_looks(app)
        for number, style in drawn.items():
            assert bool(style.underline) == (number in app.marked), number
        assert str(app.part("hand").render()).count("✓") == 2
    run(_app("discard", tmp_path), (80, 24), check)


# --- --mono and NO_COLOR on a real terminal ----------------------------------------------------

@pytest.mark.skipif(not hasattr(os, "openpty"), reason="no pseudo-terminals on this platform")
@pytest.mark.parametrize(("args", "extra"), [
    (["play", "--mono", "--seed", "5"], {}), (["play", "--seed", "5"], {"NO_COLOR": "1"}),
    (["learn"], {"NO_COLOR": "1"}), (["play", "--rules", "bezique", "--mono"], {})],
    ids=["mono", "no-color", "learn", "bezique"])
def test_mono_and_no_color_start_on_a_terminal(tmp_path: Path, args: list[str],
                                               extra: dict[str, str]) -> None:
    """They start (Textual 8 renamed the ANSI theme: they stopped with InvalidThemeError),
    draw the hand, and ``q`` quits with the game saved."""
    from .terminal_driver import TerminalProgram
    from .test_play_command import COMMAND, environment

    env = {**environment(tmp_path, TERM="xterm-256color"), **extra}  # it drops NO_COLOR
    program = TerminalProgram([*COMMAND[:-1], *args, "--lang", "en"], env=env, cols=80,
                              rows=24)
    try:
        if args[0] == "learn":  # the first lesson is a page over the table: Esc closes it
            program.expect("any key closes", timeout=30)
            os.write(program.fd, b"\x1b")
        program.expect("Your hand", timeout=30)
        os.write(program.fd, b"q")
        time.sleep(0.3)
        os.write(program.fd, b"\r")
        assert program.wait(timeout=30) == 0
    finally:
        program.close()
