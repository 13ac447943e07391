"""Key storms: the full-screen ``play`` (Binokel, Kreuzbinokel, Binocle, Bézique), ``learn`` and
``pad`` driven through whole games by seeded random keys — single and double keys, bursts,
pastes, the words the screens suggest — on every page, at 80×24 and 120×40.  Any exception,
or an exit before the game is over, fails.

The CI run sends more than 20,000 keys over the screens and prints the count and time of each
storm (``pytest -s`` shows them); ``BINOKEL_STORM=N`` multiplies the keys by N (a larger run on
demand, e.g. ``BINOKEL_STORM=10``); ``BINOKEL_STORM_KEYS`` sets the keys of one storm (a
shorter run: .ci/run's step against the newest Textual).
"""

from __future__ import annotations

import asyncio
import os
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual import events

from binokel.bots import make_bot
from binokel.cli.cmd_learn import LEARN_BOT, LEARN_SEED, LettingBot
from binokel.games import find_game_rules, new_game
from binokel.games.binokel.game import new_game as new_binokel_game
from binokel.games.binokel.rules import BINOKEL
from binokel.pad import Pad
from binokel.ui.coach import Coach
from binokel.ui.i18n import Strings
from binokel.ui.i18n_pad import PadStrings
from binokel.ui.pad_dialogue import PadDialogue
from binokel.ui.session import Player, Session
from binokel.ui.terminal import presenter_for
from binokel.ui.tui.app import PlayApp
from binokel.ui.tui.pad_app import PadApp

from .keystorm import Count, post, random_keys, random_paste
from .test_pad_command import PLAYERS
from .test_tui import make_app, make_session
from .test_tui_bursts import cli_session

SCALE = max(1, int(os.environ.get("BINOKEL_STORM", "1") or 1))
SIZES = [(80, 24), (120, 40)]
#: The short games the storms play to their end, and the keys of each storm (at least).
GAMES = {"binokel": {"fixed_hands": 3}, "kreuzbinokel": {"fixed_hands": 1},
         "binocle": {"target": 300}, "bezique": {"target": 300}}
KEYS = int(os.environ.get("BINOKEL_STORM_KEYS", "1750"))
TOTAL = Count()


def _report(name: str, count: Count, seconds: float) -> None:
    TOTAL.keys += count.keys
    print(f"\nstorm {name}: {count.keys} keys ({count.bursts} bursts, {count.pastes} pastes) "
          f"in {seconds:.1f} s; all storms so far {TOTAL.keys} keys")


async def handled(pilot: Any, count: Count) -> None:
    """Let the app handle what was posted: a few turns of the event loop, and every 25th
    gesture a full pause (until the app is idle and has drawn)."""
    if count.bursts % 25 == 0:
        await pilot.pause()
    for _ in range(8):
        await asyncio.sleep(0)


async def _storm(app: PlayApp, pilot: Any, rng: random.Random, over: Callable[[], bool],
                 count: Count) -> None:
    """Random gestures until the game is over, then keys until its end page closes the app;
    the app must neither raise nor exit before."""
    began = count.keys
    while not over():
        assert app._exception is None, f"the app raised after {count.last}"
        assert app.return_value is None, f"the app exited before the end after {count.last}"
        if rng.random() < 0.03:
            app.post_message(events.Paste(random_paste(rng)))
            count.pastes += 1
        else:  # mostly Enter after a while, so that every game ends
            share = 0.35 if count.keys - began < 600 else 0.9
            # v (the expert's review of a hand) takes seconds: its own tests press it
            post(app, random_keys(rng, avoid="v", enter_share=share), count)
        await handled(pilot, count)
        assert count.keys - began < 20_000, "the game does not end under the keys"
    await pilot.pause()
    for _ in range(20):  # the game's end page: a key closes it and the app ends
        if app.return_value is not None:
            break
        post(app, ["enter"], count)
        await pilot.pause()
    assert app._exception is None
    assert app.return_value == 0


def _play_app(name: str, seed: int, lang: str, tmp_path: Path) -> tuple[PlayApp, Any]:
    rules = find_game_rules(name).replace(**GAMES[name])
    if name in ("binokel", "kreuzbinokel"):
        session = cli_session(new_game(rules, seed), "heuristic:level=medium")
    else:  # a random player that never claims (a wrong claim ends the game at once)
        session = make_session(new_game(rules, seed), bot="no-claim")
    session.hint_bots = ("random",)  # the hint page opens at once (the expert's takes a while)
    return make_app(session, Strings(lang), tmp_path), session  # type: ignore[arg-type]


def _learn_app(tmp_path: Path) -> tuple[PlayApp, Any]:
    tr = Strings("en")
    state = new_binokel_game(BINOKEL.replace(fixed_hands=1), LEARN_SEED, dealer=0)
    players = [Player(tr("you")), Player("Karle", LEARN_BOT), Player("Frieda", LEARN_BOT)]
    session = Session(state, players, bot_factory=lambda spec: LettingBot(make_bot(spec)))
    session.hint_bots = ("random",)
    app = PlayApp(session, tr, record_path=tmp_path / "g", save=lambda s, p: None,
                  presenter=presenter_for(session))
    app.coach = Coach(tr)
    return app, session


def _games(make: Callable[[int], tuple[PlayApp, Any]], size: tuple[int, int], seed: int,
           name: str) -> None:
    """Whole games under storms, game after game, until the storm's keys are sent."""
    rng, count, began, games = random.Random(seed), Count(), time.perf_counter(), 0
    while count.keys < KEYS * SCALE:
        app, session = make(seed + games)

        async def run(app: PlayApp = app, session: Any = session) -> None:
            async with app.run_test(size=size) as pilot:
                await pilot.pause()
                await _storm(app, pilot, rng, lambda: bool(session.state.is_over), count)
        asyncio.run(run())
        assert session.state.is_over
        games += 1
    _report(f"{name} {size[0]}x{size[1]} ({games} games)", count, time.perf_counter() - began)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
@pytest.mark.parametrize("name", list(GAMES))
def test_key_storm_through_whole_games(tmp_path: Path, name: str,
                                       size: tuple[int, int]) -> None:
    lang = "de" if size[0] == 120 else "en"
    _games(lambda seed: _play_app(name, seed, lang, tmp_path), size,
           sum(map(ord, name)) + size[0], f"play {name}")


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_key_storm_through_learn(tmp_path: Path, size: tuple[int, int]) -> None:
    _games(lambda seed: _learn_app(tmp_path), size, size[0], "learn")


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_key_storm_in_the_pad(tmp_path: Path, size: tuple[int, int]) -> None:
    """The pad: random keys and answers into its line; between storms the pad is answered
    enough to go on (hands are recorded), and it never stops or raises."""
    talk = PadDialogue(Pad.new("binokel", PLAYERS, first_dealer=2), PadStrings("en"),
                       save=lambda pad: tmp_path / "pad.pad")
    app = PadApp(talk)
    rng, count, began = random.Random(size[1]), Count(), time.perf_counter()

    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            while count.keys < KEYS * SCALE:
                assert app._exception is None and app.return_value is None
                if rng.random() < 0.03:
                    app.post_message(events.Paste(random_paste(rng)))
                    count.pastes += 1
                else:
                    post(app, random_keys(rng, avoid="q"), count)
                await handled(pilot, count)
    asyncio.run(run())
    assert app._exception is None and app.return_value is None
    _report(f"pad {size[0]}x{size[1]}", count, time.perf_counter() - began)
