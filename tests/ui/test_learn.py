"""``binokel learn``: the guided first game explains each rule once, when it first matters, in
both languages, in the full-screen game and in the line mode."""

from __future__ import annotations

import asyncio
import random
import subprocess
from pathlib import Path
from typing import Any

import pytest

from binokel.bots import make_bot
from binokel.cli.cmd_learn import LEARN_BOT, LEARN_SEED, LettingBot
from binokel.games.binokel.game import Phase, new_game
from binokel.games.binokel.rules import BINOKEL
from binokel.ui.coach import TIPS, Coach
from binokel.ui.i18n import Strings
from binokel.ui.session import Player, Session
from binokel.ui.terminal import presenter_for
from binokel.ui.tui.app import PlayApp

from .test_play_command import COMMAND, environment
from .test_tui import screen_text, type_keys

LESSONS = {"learn_auction", "learn_discard", "learn_trump", "learn_melds", "learn_follow",
           "learn_lead", "learn_last", "learn_count"}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_guided_game_gives_every_lesson_once_by_keys(tmp_path: Path, lang: str) -> None:
    tr = Strings(lang)  # type: ignore[arg-type]
    state = new_game(BINOKEL.replace(fixed_hands=1), LEARN_SEED, dealer=0)
    players = [Player(tr("you")), Player("Karle", LEARN_BOT), Player("Frieda", LEARN_BOT)]
    session = Session(state, players, bot_factory=lambda spec: LettingBot(make_bot(spec)))
    app = PlayApp(session, tr, record_path=tmp_path / "g", save=lambda s, p: None,
                  presenter=presenter_for(session))
    app.coach = Coach(tr)
    shown: list[str] = []

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for _ in range(300):
                if app.screen is not app.screen_stack[0]:
                    shown.append(screen_text(app))
                    await pilot.press("escape")
                    await pilot.pause()
                    continue
                if session.state.is_over:
                    break
                phase = session.state.phase
                if phase is Phase.AUCTION:
                    await type_keys(pilot, "160")
                elif phase is Phase.DISCARD:
                    await pilot.press("right", "enter")
                    await pilot.pause()
                elif phase is Phase.TRUMP:
                    await type_keys(pilot, "4")  # ♦, where the Familie is
                else:
                    await pilot.press("enter")
                    await pilot.pause()
    asyncio.run(run())
    assert session.state.is_over
    assert app.coach.given == LESSONS
    assert session.state.results[0].declarer == 0
    text = "\n".join(shown)
    for key in LESSONS:  # each lesson was on screen, in this language
        assert tr(key).split()[0] in text
    for tips in TIPS.values():  # and the rules' four tips for beginners with their lessons
        for tip in tips:
            assert " ".join(tr(tip).split()[:3]) in " ".join(text.split())


@pytest.mark.parametrize(("lang", "words"), [("en", "Reizen (the auction): a bid promises"),
                                             ("de", "Reizen: ein Gebot verspricht")])
def test_the_guided_game_in_line_mode(tmp_path: Path, lang: str, words: str) -> None:
    done = subprocess.run([*COMMAND[:-1], "learn", "--lang", lang], input="160\n",
                          capture_output=True, text=True, timeout=60,
                          env=environment(tmp_path), check=False)
    assert done.returncode == 0, done.stderr
    assert words in done.stdout.replace("\n", " ")
    assert done.stdout.count(words) == 1


def test_the_computer_players_let_the_newcomer_have_the_auction() -> None:
    state: Any = new_game(BINOKEL.replace(fixed_hands=1), LEARN_SEED, dealer=0)
    state = state.apply(state.legal_actions()[0])  # Frieda passes (the first legal: pass)
    view = state.view(state.to_move)
    assert str(LettingBot(make_bot(LEARN_BOT)).choose(view, random.Random(1))) == "pass"
