"""The full-screen game driven headlessly by Textual's pilot, by keys as a person would: a whole
Binokel hand (bids, laying away, Trumpf, every Stich) and a whole Binocle hand at 80×24, with
trump, bid and declarer and the hand on screen at every Stich; and text snapshots of the main
screens at 80×24 and 120×40 (``BINOKEL_UPDATE_SNAPSHOTS=1`` rewrites them)."""

from __future__ import annotations

import asyncio
import os
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from binokel.bots.base import BaseBot, Bot
from binokel.bots.random_bot import RandomBot
from binokel.games import new_game
from binokel.games.binocle import BinocleState, new_binocle_game
from binokel.games.binocle import Phase as BPhase
from binokel.games.binokel import actions as A
from binokel.games.binokel.game import GameState, Phase
from binokel.games.binokel.rulefile import find_rules
from binokel.ui.i18n import Strings
from binokel.ui.session import BaseSession, Player, session_for
from binokel.ui.terminal import presenter_for
from binokel.ui.tui.app import PlayApp

SNAPSHOTS = Path(__file__).parent / "snapshots"
NAMES = ("Anna", "Karle", "Frieda", "Sepp")


class PassingBot(BaseBot):
    """Passes whenever it may, else plays the first legal action: the person gets the game."""

    def __init__(self) -> None:
        super().__init__("passing")

    def choose(self, view: Any, rng: random.Random) -> Any:
        legal = view.legal_actions
        return next((a for a in legal if isinstance(a, A.Pass)), legal[0])


class NoClaimBot(BaseBot):
    """Plays at random but never claims (a wrong claim would end the game at once)."""

    def __init__(self) -> None:
        super().__init__("no-claim")

    def choose(self, view: Any, rng: random.Random) -> Any:
        legal = [a for a in view.legal_actions if str(a) != "claim"]
        return legal[rng.randrange(len(legal))]


BOTS: dict[str, Callable[[], Bot]] = {"passing": PassingBot, "no-claim": NoClaimBot,
                                     "random": RandomBot}


def make_session(state: Any, *, bot: str = "passing") -> BaseSession[Any]:
    seats = 2 if isinstance(state, BinocleState) else state.rules.players
    players = [Player(NAMES[0])] + [Player(NAMES[s], bot) for s in range(1, seats)]
    return session_for(state, players, bot_factory=lambda spec: BOTS[spec]())


def make_app(session: BaseSession[Any], tr: Strings, tmp_path: Path) -> PlayApp:
    saved: list[Path] = []
    return PlayApp(session, tr, record_path=tmp_path / "game.binokel",
                   save=lambda s, p: saved.append(p), presenter=presenter_for(session))


def screen_text(app: PlayApp) -> str:
    """The characters on the screen, line by line, as a person reads them."""
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text.rstrip() for strip in strips)


def number_of(app: PlayApp, action: Any) -> int:
    return next(s.number for s in app.panels.slots(app.view) if s.action == action)


async def type_keys(pilot: Any, text: str) -> None:
    for char in text:
        await pilot.press(char)
    await pilot.press("enter")
    await pilot.pause()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_whole_binokel_hand_by_keys_at_80x24(tmp_path: Path, lang: str) -> None:
    """Seat 0 bids (Enter on a choice), lays away by arrows and Enter, names Trumpf by number,
    and plays all its cards by number, name and arrows; at every Stich the screen shows Trumpf,
    the bid, the declarer and the hand."""
    tr = Strings(lang)  # type: ignore[arg-type]
    session = make_session(new_game(find_rules("binokel"), seed=11))
    app = make_app(session, tr, tmp_path)
    seen_tricks: set[int] = set()

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            state: GameState = session.state
            while state.phase is Phase.AUCTION:
                await pilot.press("enter")  # the first choice: the lowest bid
                await pilot.pause()
                state = session.state
            assert state.declarer == 0, "the others pass: the person declares"
            if state.phase is Phase.DABB:
                await pilot.press("enter")
                await pilot.pause()
            assert session.state.phase is Phase.DISCARD
            for _ in range(session.state.rules.dabb_size):  # arrows and Enter mark, the last lays
                await pilot.press("right", "enter")
                await pilot.pause()
            assert session.state.phase.value == "trump"
            await type_keys(pilot, "3")  # the third choice: ♥
            assert session.state.trump is not None
            hand = 0
            for _ in range(200):  # a bound, so that a key that does nothing fails the test
                if session.state.hand_no != hand or session.state.is_over:
                    break
                view = session.state.view(0)
                if app.screen is not app.screen_stack[0]:
                    await pilot.press("escape")
                    await pilot.pause()
                    continue
                text = screen_text(app)
                seen_tricks.add(len(view.tricks))
                assert tr("trump_is", suit=view.trump.symbol) in text or "Trumpf" in text
                assert view.trump.symbol in text.splitlines()[1]
                assert str(view.bid) in text and NAMES[0] in text
                assert tr("tui_hand") in text
                for card in view.hand:
                    assert tr.cards(str(card)) in text  # O♠ and U♦ in German
                legal = [a for a in view.legal_actions if isinstance(a, A.Play)]
                choice = legal[-1]
                way = len(view.tricks) % 3
                if way == 0:
                    await type_keys(pilot, str(number_of(app, choice)))
                elif way == 1:
                    await type_keys(pilot, choice.card.ascii.upper())
                else:
                    await pilot.press("enter")  # the card under the cursor: the first legal
                    await pilot.pause()
            assert session.state.hand_no == 1 and session.state.results
            summary = screen_text(app)
            assert tr("sum_title", n=1) in summary
    asyncio.run(run())
    assert seen_tricks == set(range(12))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_whole_binocle_hand_by_keys_at_80x24(tmp_path: Path, lang: str) -> None:
    tr = Strings(lang)  # type: ignore[arg-type]
    session = make_session(new_binocle_game(seed=4), bot="no-claim")
    app = make_app(session, tr, tmp_path)
    tricks_seen: set[int] = set()

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for _ in range(400):
                if session.state.hand_no != 0 or session.state.is_over:
                    break
                if app.screen is not app.screen_stack[0]:
                    await pilot.press("escape")
                    await pilot.pause()
                    continue
                view = session.state.view(0)
                text = screen_text(app)
                assert view.trump.symbol in text.splitlines()[1]
                assert tr("tui_hand") in text
                for card in view.hand:
                    assert tr.cards(str(card)) in text  # O♠ and U♦ in German
                if view.phase is BPhase.MELD:
                    await type_keys(pilot, str(len(app.panels.choices(view, tr))))  # done
                    continue
                tricks_seen.add(len(view.tricks))
                await pilot.press("enter")
                await pilot.pause()
    asyncio.run(run())
    assert session.state.hand_no == 1 and len(session.state.results) == 1
    assert tricks_seen == set(range(session.state.rules.pack_size // 2))


def test_keys_show_help_sheet_and_take_back_a_move(tmp_path: Path) -> None:
    session = make_session(new_game(find_rules("binokel"), seed=11))
    app = make_app(session, Strings("en"), tmp_path)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("?")
            assert "Choose with" in screen_text(app)
            await pilot.press("x")
            await pilot.press("s")
            assert "Score sheet" in screen_text(app)
            await pilot.press("x")
            before = len(session.actions)
            assert session.state.phase is Phase.DISCARD
            for _ in range(4):  # Enter marks the card under the cursor; the fourth lays all
                await pilot.press("enter", "right")
            await pilot.pause()
            assert len(session.actions) == before + 4
            assert session.state.phase.value == "trump"
            await pilot.press("u")
            await pilot.pause()
            assert len(session.actions) == before + 3  # the last card laid away is back
            assert "Taken back" in screen_text(app)
            await type_keys(pilot, "banana")
            assert "Not a move here" in screen_text(app)
    asyncio.run(run())


def test_a_click_on_a_card_plays_it(tmp_path: Path) -> None:
    session = make_session(new_game(find_rules("binokel"), seed=11))
    app = make_app(session, Strings("en"), tmp_path)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for _ in range(20):
                if session.state.phase is Phase.PLAY:
                    break
                view = session.state.view(0)
                if view.phase is Phase.DISCARD:
                    await type_keys(pilot, ":lay 1 2 3 4")  # ':' types a line-mode command
                elif view.phase is Phase.TRUMP:
                    await type_keys(pilot, "H")
                else:
                    await pilot.press("enter")
                    await pilot.pause()
            app.action_pick(number_of(app, next(a for a in session.state.view(0).legal_actions)))
            await pilot.pause()
            assert len(session.state.view(0).hand) == 11
    asyncio.run(run())


# --- snapshots ----------------------------------------------------------------------------------

def _positions() -> dict[str, Any]:
    """The main screens: the auction, laying away, a Stich in the middle, Binocle's meld choice,
    a Kreuzbinokel Stich (teams named)."""
    auction = new_game(find_rules("binokel"), seed=5)
    discard = new_game(find_rules("binokel"), seed=11)
    while discard.phase is not Phase.DISCARD:
        discard = discard.apply(next(a for a in discard.legal_actions()
                                     if isinstance(a, A.Pass | A.TakeDabb)))
    trick = discard
    rng = random.Random(3)
    while not (trick.phase is Phase.PLAY and len(trick.tricks) == 4 and trick.to_move == 0
               and trick.current_trick()):
        legal = trick.legal_actions()
        trick = trick.apply(legal[0] if trick.phase is not Phase.PLAY
                            else legal[rng.randrange(len(legal))])
    binocle = new_binocle_game(seed=4)
    while not (binocle.phase is BPhase.MELD and binocle.to_move == 0):
        moves = [a for a in binocle.legal_actions() if str(a) != "claim"]
        binocle = binocle.apply(moves[rng.randrange(len(moves))])
    teams = new_game(find_rules("kreuzbinokel"), seed=2)
    while not (teams.phase is Phase.PLAY and len(teams.tricks) == 2 and teams.to_move == 0):
        legal = teams.legal_actions()
        teams = teams.apply(legal[rng.randrange(len(legal))] if teams.phase is Phase.PLAY
                            else next((a for a in legal if isinstance(a, A.Pass)), legal[0]))
    return {"auction": auction, "discard": discard, "trick": trick, "binocle-meld": binocle,
            "kreuzbinokel-trick": teams}


POSITIONS = _positions()


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("name", list(POSITIONS))
def test_snapshot_of_the_main_screens(tmp_path: Path, name: str, size: tuple[int, int]) -> None:
    session = make_session(POSITIONS[name], bot="no-claim")
    app = make_app(session, Strings("en"), tmp_path)
    # The autosave note names a temporary path: the snapshot shows the prompt instead.
    app.message = type(app.message)()

    async def run() -> str:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            return screen_text(app)
    text = asyncio.run(run())
    lines = text.splitlines()
    assert len(lines) == size[1] and all(len(line) <= size[0] for line in lines)
    path = SNAPSHOTS / f"{name}-{size[0]}x{size[1]}.txt"
    if os.environ.get("BINOKEL_UPDATE_SNAPSHOTS") or not path.exists():
        path.parent.mkdir(exist_ok=True)
        path.write_text(text + "\n", encoding="utf-8")
        if not os.environ.get("BINOKEL_UPDATE_SNAPSHOTS"):
            pytest.fail(f"no snapshot yet: wrote {path}; check it and commit it")
    assert text + "\n" == path.read_text(encoding="utf-8")


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="no pseudo-terminals on this platform")
@pytest.mark.parametrize(("rules", "lang", "words"), [
    ("binokel", "en", "Your hand"), ("binocle", "de", "Deine Karten")])
def test_a_terminal_gets_the_full_screen_game(tmp_path: Path, rules: str, lang: str,
                                              words: str) -> None:
    """Started on a real (pseudo-)terminal of 80×24, ``binokel play`` draws the full-screen
    table; ``q`` quits it (``q`` Enter when ``q`` may begin a Queen's name), and the game stays
    saved to resume."""
    from .terminal_driver import TerminalProgram
    from .test_play_command import COMMAND, environment

    program = TerminalProgram([*COMMAND, "--seed", "5", "--rules", rules, "--lang", lang],
                              env=environment(tmp_path, TERM="xterm-256color"), cols=80,
                              rows=24)
    try:
        program.expect(words, timeout=30)
        os.write(program.fd, b"q")
        time.sleep(0.5)
        os.write(program.fd, b"\r")
        assert program.wait(timeout=30) == 0
    finally:
        program.close()
    assert len(list((tmp_path / "games").glob("*.binokel"))) == 1


def _every_rule_set() -> list[str]:
    from binokel.games.binocle import BINOCLE_RULESETS
    from binokel.games.binokel.rules import PRESETS

    return [rules.name for rules in PRESETS] + list(BINOCLE_RULESETS)


@pytest.mark.parametrize("name", _every_rule_set())
def test_every_game_the_package_offers_plays_a_hand_full_screen(tmp_path: Path,
                                                                name: str) -> None:
    """Enter takes the first card or choice each time; a whole hand is played at 80×24 and the
    hand's summary (or the game's end) comes up."""
    from binokel.games import find_game_rules

    session = make_session(new_game(find_game_rules(name), 8), bot="no-claim")
    app = make_app(session, Strings("en"), tmp_path)
    pages: list[str] = []

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for _ in range(400):
                if app.screen is not app.screen_stack[0]:
                    pages.append(screen_text(app))
                    await pilot.press("escape")
                    await pilot.pause()
                    continue
                if session.state.results or session.state.is_over:
                    break
                await pilot.press("enter")
                await pilot.pause()
    asyncio.run(run())
    assert session.state.results or session.state.is_over
    assert any("Hand 1 is over" in page or "The game is over" in page for page in pages)


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="no pseudo-terminals on this platform")
def test_bench_shows_a_progress_bar_on_a_terminal(tmp_path: Path) -> None:
    from .terminal_driver import TerminalProgram
    from .test_play_command import COMMAND, environment

    program = TerminalProgram([*COMMAND[:-1], "bench", "--runs", "2", "--seconds", "0.5"],
                              env=environment(tmp_path, TERM="xterm-256color"))
    try:
        program.expect(r"bench [0-3]/4 runs", timeout=30)
        program.expect(r"hands/s", timeout=60)
        assert program.wait(timeout=30) == 0
    finally:
        program.close()
