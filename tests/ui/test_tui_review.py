"""``v`` in the full-screen game: the expert's review of the person's last hand on a page."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from binokel.bots import make_bot
from binokel.games import new_game
from binokel.games.binokel.rulefile import find_rules
from binokel.ui.i18n import Strings

from .test_tui import make_app, make_session, screen_text


@pytest.mark.parametrize("lang", ["en", "de"])
def test_v_shows_the_review_of_the_last_hand(tmp_path: Path, lang: str) -> None:
    tr = Strings(lang)  # type: ignore[arg-type]
    state = new_game(find_rules("binokel"), seed=4)
    bot, rng = make_bot("heuristic"), random.Random(4)
    while not state.results:  # one hand played, the next one dealt
        state = state.apply(bot.choose(state.view(state.to_move), rng))
    session = make_session(state)
    app = make_app(session, tr, tmp_path)

    async def run() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            if app.screen is not app.screen_stack[0]:
                await pilot.press("escape")
                await pilot.pause()
            await pilot.press("v")
            for _ in range(100):  # the review runs in the key's handler: wait for its page
                await pilot.pause(0.05)
                if app.screen is not app.screen_stack[0]:
                    break
            text = screen_text(app)
            assert tr("review_head", hand=1, n=0, lost=0).split("(")[0].strip() in text
    asyncio.run(run())


def test_v_on_the_hand_summary_opens_the_review(tmp_path: Path) -> None:
    # The summary says "Press v to see what your decisions in this hand cost": v does that
    # (issue 44: it only closed the summary).
    tr = Strings("en")
    state = new_game(find_rules("binokel"), seed=4)
    bot, rng = make_bot("heuristic"), random.Random(4)
    while len(state.view(0).hand) > 1 or state.to_move != 0:  # the person's last card to play
        state = state.apply(bot.choose(state.view(state.to_move), rng))
    session = make_session(state)
    session.hint_bots = ("expert:samples=2,plan=4",)
    app = make_app(session, tr, tmp_path)

    async def run() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            while app.screen is not app.screen_stack[0]:  # a lesson or note: closed
                await pilot.press("escape")
                await pilot.pause()
            await pilot.press("enter")  # the last card: the hand is over
            await pilot.pause()
            assert tr("tui_review_offer") in screen_text(app)
            await pilot.press("v")
            for _ in range(200):  # the review runs in the key's handler: wait for its page
                await pilot.pause(0.05)
                if tr("review_head", hand=1, n=0, lost=0).split("(")[0].strip() \
                        in screen_text(app):
                    break
            text = screen_text(app)
            assert tr("review_head", hand=1, n=0, lost=0).split("(")[0].strip() in text
            assert tr("tui_review_offer") not in text  # the summary gave way to the review
    asyncio.run(run())
