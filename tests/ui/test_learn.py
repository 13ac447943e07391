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
from binokel.games.binokel import actions as A
from binokel.games.binokel.game import Phase, new_game
from binokel.games.binokel.rules import BINOKEL
from binokel.ui.coach import LESSONS as ALL_LESSONS
from binokel.ui.coach import TIPS, Coach
from binokel.ui.i18n import Strings
from binokel.ui.session import Player, Session
from binokel.ui.terminal import presenter_for
from binokel.ui.tui.app import PlayApp

from .test_play_command import COMMAND, environment
from .test_tui import screen_text, type_keys

LESSONS = set(ALL_LESSONS)


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
                    await type_keys(pilot, "1")  # ♣, where A 10 K Q are
                else:
                    await pilot.press("enter")
                    await pilot.pause()
    asyncio.run(run())
    assert session.state.is_over
    # The path typed here (its own discard and Trumpf) need not meet every duty in a Stich:
    # the test below, by Enter alone, asks for all of them.
    assert {"learn_auction", "learn_forced", "learn_meld_table", "learn_discard",
            "learn_trump", "learn_durch", "learn_melds", "learn_last",
            "learn_count"} <= app.coach.given <= LESSONS
    assert session.state.results[0].declarer == 0
    text = "\n".join(shown)
    for key in app.coach.given:  # each lesson was on screen, in this language
        assert next(w for w in tr(key).split() if "{" not in w) in text
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


def _first_binding(history: Any, human: int) -> dict[str, int]:
    """From the engine's legal cards alone: the Stich (counted from 0) in which each duty first
    bound the person's cards."""
    found: dict[str, int] = {}
    for state in history:
        if state.to_move != human or state.phase is not Phase.PLAY:
            continue
        view = state.view(human)
        if not view.trick:
            continue
        hand = list(view.hand)
        legal = {a.card for a in view.legal_actions}
        led = view.trick[0][1].suit
        suited = {c for c in hand if c.suit == led}
        trumps = {c for c in hand if c.suit == view.trump}
        duties = []
        if suited and legal <= suited and len(suited) < len(hand):
            duties.append("learn_follow")
        if suited and legal < suited:
            duties.append("learn_beat")
        if not suited and trumps and legal <= trumps and len(trumps) < len(hand):
            duties.append("learn_ruff")
            best = max((c for _, c in view.trick if c.suit == view.trump),
                       key=lambda c: c.rank, default=None)
            if best is not None and all(c.rank < best.rank for c in trumps):
                duties.append("learn_undertrump")
        for duty in duties:
            found.setdefault(duty, len(view.tricks))
    return found


@pytest.mark.parametrize("lang", ["en", "de"])
def test_learn_by_enter_alone_teaches_every_lesson_where_it_first_applies(tmp_path: Path,
                                                                           lang: str) -> None:
    # Issue 44: the cursor started on pass under "This hand is good: bid", so Enter passed and
    # the Dabb, laying away and Trumpf never came; the duties came a Stich or two late, and
    # the Durch, giving up, undertrumping and the meld table never.
    tr = Strings(lang)  # type: ignore[arg-type]
    state = new_game(BINOKEL.replace(fixed_hands=1), LEARN_SEED, dealer=0)
    players = [Player(tr("you")), Player("Karle", LEARN_BOT), Player("Frieda", LEARN_BOT)]
    session = Session(state, players, bot_factory=lambda spec: LettingBot(make_bot(spec)))
    app = PlayApp(session, tr, record_path=tmp_path / "g", save=lambda s, p: None,
                  presenter=presenter_for(session))
    app.coach = Coach(tr, session.names)
    seen: dict[str, int] = {}  # lesson -> the Stich it was on screen in
    first_cursor: list[Any] = []
    last_page = ""

    async def run() -> None:
        nonlocal last_page
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for _ in range(400):
                if app.screen is not app.screen_stack[0]:
                    text = " ".join(screen_text(app).split())
                    for key in ALL_LESSONS:
                        words = " ".join(w for w in tr(key).split() if "{" not in w)
                        if " ".join(words.split()[:6]) in text:
                            seen.setdefault(key, len(session.state.tricks))
                    if session.state.is_over:
                        last_page = screen_text(app)
                elif session.state.is_over:
                    break
                elif not first_cursor:
                    first_cursor.append(app.items()[app.cursor].action)
                await pilot.press("enter")
                await pilot.pause()
    asyncio.run(run())
    assert isinstance(first_cursor[0], A.Bid)  # not on pass
    assert session.state.is_over and session.state.results[0].declarer == 0
    assert set(seen) == set(ALL_LESSONS), set(ALL_LESSONS) - set(seen)
    history = list(reversed(list(session.state.states())))
    binding = _first_binding(history, 0)
    assert set(binding) == {"learn_follow", "learn_beat", "learn_ruff", "learn_undertrump"}
    for duty, trick in binding.items():
        assert seen[duty] == trick, duty  # in the Stich where it first binds
    # The game over: no "The others are playing" under the last pages.
    assert last_page and tr("tui_wait") not in last_page


@pytest.mark.parametrize("lang", ["en", "de"])
def test_learn_in_line_mode_by_enter_alone_teaches_every_lesson(tmp_path: Path,
                                                                lang: str) -> None:
    tr = Strings(lang)  # type: ignore[arg-type]
    done = subprocess.run([*COMMAND[:-1], "learn", "--plain", "--lang", lang], input="\n" * 80,
                          capture_output=True, text=True, timeout=120,
                          env=environment(tmp_path), check=False)
    assert done.returncode == 0, done.stderr
    text = " ".join(done.stdout.split())
    for key in ALL_LESSONS:
        words = " ".join(w for w in tr(key).split() if "{" not in w)
        assert " ".join(words.split()[:6]) in text, key
    assert tr("record_at", path="").split("{")[0].strip() in text  # played to the end
