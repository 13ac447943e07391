"""Keys as a terminal delivers them: several in one read (a burst: fast typing, key repeat, a
paste without bracketed paste), while a page is open over the table.  Each crash issue 44
reported is a test here; each failed with ``ScreenStackError: Can't pop screen`` before the fix.

A burst is posted the way Textual's driver posts keys it has read: all at once, before the app
has handled the first.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual import events

from binokel.bots import make_bot
from binokel.games import find_game_rules, game_of, new_game
from binokel.games.binocle import Phase as BPhase
from binokel.games.binokel import actions as A
from binokel.games.binokel.game import Phase
from binokel.games.binokel.rulefile import find_rules
from binokel.ui.i18n import Strings
from binokel.ui.session import BaseSession, Player, session_for
from binokel.ui.tui.app import PlayApp

from .test_tui import make_app, make_session, screen_text

#: The keys' names as Textual's driver gives them, for the characters that are not their name.
KEY_NAMES = {" ": "space", "\r": "enter", "\x1b": "escape", "?": "question_mark"}


def burst(app: PlayApp, text: str) -> None:
    """Post the keys of ``text`` at once, as the driver does with one read of the terminal."""
    for char in text:
        name = KEY_NAMES.get(char, char)
        app.post_message(events.Key(name, None if char in "\r\x1b" else char))


async def settle(pilot: Any) -> None:
    for _ in range(4):
        await pilot.pause()


def alive(app: PlayApp) -> bool:
    """The app runs on: no exception, no exit, exactly one page (or none) over the table."""
    return app._exception is None and app.is_running and app.return_value is None \
        and len(app.screen_stack) <= 2


def cli_session(state: Any, bot: str = "") -> BaseSession[Any]:
    """The session ``binokel play`` makes: the game's default computer players (or ``bot``),
    real hints."""
    bot = bot or game_of(state.rules).default_player
    seats = getattr(state.rules, "players", 2)
    players = [Player("Anna")] + [Player(name, bot) for name in ("Karle", "Frieda", "Sepp")]
    return session_for(state, players[:seats], bot_factory=make_bot)


def test_enter_enter_on_the_hand_summary_closes_it_once(tmp_path: Path) -> None:
    """``binokel play --seed 5``: the hand ends (the declarer gives up at the Dabb), Enter Enter
    on the summary closes it, and the second Enter neither crashes nor plays."""
    session = cli_session(new_game(find_rules("binokel"), seed=5))
    app = make_app(session, Strings("en"), tmp_path)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("enter")  # the cursor's first choice: pass
            await settle(pilot)
            assert "Hand 1 is over" in screen_text(app)
            actions = len(session.actions)
            burst(app, "\r\r")
            await settle(pilot)
            assert alive(app)
            assert app.screen is app.screen_stack[0], "the summary is closed"
            assert len(session.actions) == actions, "the second Enter played nothing"
    asyncio.run(run())
    assert app.return_value is None


def burst_into_a_page(tmp_path: Path, session: BaseSession[Any], key: str, title: str,
                      *bursts: str) -> PlayApp:
    """Open a page with ``key`` (its ``title`` is drawn), then type each of ``bursts`` at once:
    after each the app runs on and the page is closed (once)."""
    app = make_app(session, Strings("en"), tmp_path)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press(key)
            await settle(pilot)
            assert title in screen_text(app)
            for typed in bursts:
                burst(app, typed)
                await settle(pilot)
                assert alive(app), typed
                assert app.screen is app.screen_stack[0], typed
    asyncio.run(run())
    return app


def test_190_typed_into_the_open_hint(tmp_path: Path) -> None:
    burst_into_a_page(tmp_path, cli_session(new_game(find_rules("binokel"), seed=5)), "h",
                      "Hint", "190")


def test_s_then_12(tmp_path: Path) -> None:
    """``s`` opens the sheet; ``12`` typed at once closes it once and bids nothing; ``s12`` in
    one burst opens and closes it once."""
    session = make_session(new_game(find_rules("binokel"), seed=5))  # the others pass
    app = burst_into_a_page(tmp_path, session, "s", "Score sheet", "12", "s12")
    assert not any(isinstance(a, A.Bid) for a in session.actions) and not app.typed


def _meld_position(name: str) -> Any:
    """A Binocle (or Bézique) game where seat 0 has just won a trick and may meld."""
    import random

    state = new_game(find_game_rules(name), 4)
    rng = random.Random(1)
    while not (state.phase is BPhase.MELD and state.to_move == 0):
        moves = [a for a in state.legal_actions() if str(a) != "claim"]
        state = state.apply(moves[rng.randrange(len(moves))])
    return state


def _show_typed_while_s_opens_the_sheet(tmp_path: Path, name: str) -> None:
    session = make_session(_meld_position(name), bot="no-claim")
    app = make_app(session, Strings("en"), tmp_path)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            burst(app, "show 9♠")
            await settle(pilot)
            assert alive(app)
            assert app.screen is app.screen_stack[0]
            assert app.typed == "show 9♠", "the word typed reaches the line, not the sheet"
    asyncio.run(run())


def test_binocle_show_typed_while_s_opens_the_sheet(tmp_path: Path) -> None:
    _show_typed_while_s_opens_the_sheet(tmp_path, "binocle")


def test_bezique_show_typed_while_s_opens_the_sheet(tmp_path: Path) -> None:
    _show_typed_while_s_opens_the_sheet(tmp_path, "bezique")


def test_a_burst_on_every_page_never_pops_twice(tmp_path: Path) -> None:
    """Each page (help, hint, sheet, last Stich, rules) gets a burst of mixed keys."""
    session = make_session(new_game(find_rules("binokel"), seed=11))
    app = make_app(session, Strings("en"), tmp_path)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            for key in "?hslr":
                await pilot.press(key)
                await settle(pilot)
                burst(app, "\r\r 1x\x1b\r")
                await settle(pilot)
                assert alive(app), key
                assert app.screen is app.screen_stack[0], key
    asyncio.run(run())
    assert not any(isinstance(a, A.Play) for a in session.actions)


async def to_laying_away(pilot: Any, session: BaseSession[Any]) -> None:
    """Enter on each first choice (the lowest bid, the Dabb) until the cards are laid away."""
    await settle(pilot)
    while session.state.phase is not Phase.DISCARD:
        await pilot.press("enter")
        await settle(pilot)


def test_laying_away_never_runs_on_into_giving_up(tmp_path: Path) -> None:
    """Space ×4 picks four; Enter lays them (it does not pick a fifth, count on, or reach
    ``out ♣``); before that, Space on a fifth card is refused with the reason."""
    session = make_session(new_game(find_rules("binokel"), seed=11))
    app = make_app(session, Strings("en"), tmp_path)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await to_laying_away(pilot, session)
            await pilot.press("space", "space", "space", "space")
            await settle(pilot)
            assert "picked 4 of 4" in screen_text(app)
            assert session.state.phase is Phase.DISCARD
            await pilot.press("space")  # a fifth: refused
            await settle(pilot)
            assert len(app.marked) == 4 and "All 4 are picked" in screen_text(app)
            burst(app, "\r\r\r")
            await settle(pilot)
            assert session.state.phase.value == "trump", "Enter laid the four away"
            assert not any(isinstance(a, A.GiveUp) for a in session.actions)
    asyncio.run(run())


async def type_slowly(pilot: Any, text: str) -> None:
    """Key by key, each handled before the next (a person typing)."""
    for char in text:
        burst(pilot.app, char)
        await settle(pilot)


def test_typed_words_are_not_eaten_by_the_one_letter_keys(tmp_path: Path) -> None:
    """``lay 3 7 9 12`` lays four cards away (``l`` alone shows the last Stich); ``help``
    shows the help (``h`` alone the hint); ``lay 10♥`` names a card."""
    session = make_session(new_game(find_rules("binokel"), seed=11))
    app = make_app(session, Strings("en"), tmp_path)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await to_laying_away(pilot, session)
            await type_slowly(pilot, "help")
            assert app.typed == "help"
            await pilot.press("enter")
            await settle(pilot)
            assert "Typed words work as on the line" in screen_text(app)
            await pilot.press("escape")
            await settle(pilot)
            held = session.state.view(0).hand
            await type_slowly(pilot, f"lay {held[0]}")
            assert app.typed == f"lay {held[0]}"
            await pilot.press("enter")
            await settle(pilot)
            assert len(session.state.view(0).discard or ()) == 1
            await type_slowly(pilot, "lay 3 7 9\r")
            await settle(pilot)
            assert session.state.phase.value == "trump", screen_text(app)
    asyncio.run(run())


def test_the_score_sheet_scrolls_at_80x24(tmp_path: Path) -> None:
    """After many hands the sheet is taller than the screen: ↓ and End scroll it (the last
    hand and the totals come into view) and another key closes it."""
    import random

    state = new_game(find_rules("binokel").replace(fixed_hands=14), 3)
    rng = random.Random(2)
    while len(state.results) < 12:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    session = make_session(state)
    app = make_app(session, Strings("en"), tmp_path)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("s")
            await settle(pilot)
            text = screen_text(app)
            assert "Score sheet" in text and "scroll" in text
            assert "Hand 12 ·" not in text
            await pilot.press("end")
            await settle(pilot)
            assert app.screen is not app.screen_stack[0], "End scrolls, it does not close"
            assert "Hand 12 ·" in screen_text(app) and "scroll" in screen_text(app)
            await pilot.press("x")
            await settle(pilot)
            assert app.screen is app.screen_stack[0]
    asyncio.run(run())


def test_undo_takes_its_lines_out_of_the_log(tmp_path: Path) -> None:
    """Going out, then undo: the log no longer says "You go out" / "You gave up" while the
    hand goes on."""
    from textual.widgets import RichLog

    session = make_session(new_game(find_rules("binokel"), seed=11))
    app = make_app(session, Strings("en"), tmp_path)

    def log_text() -> str:
        return "\n".join(line.text for line in app.query_one("#log", RichLog).lines)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await to_laying_away(pilot, session)
            app.submit("out ♣")
            await settle(pilot)
            assert "You go out" in log_text() and "You gave up" in log_text()
            await pilot.press("escape")  # the summary
            await settle(pilot)
            await pilot.press("u")
            await settle(pilot)
            assert session.state.phase is Phase.DISCARD
            assert "You go out" not in log_text() and "You gave up" not in log_text()
    asyncio.run(run())
