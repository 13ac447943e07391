"""German cards are Ober and Unter: the German terminal writes ``O♠``/``U♦`` where the engine
says ``Q♠``/``J♦`` (hand, Stich, log, prompts, pages, the line mode, the pad) and reads ``O``/``U``
as well as ``Q``/``J``; the English one is unchanged."""

from __future__ import annotations

import asyncio
import random
import re
import subprocess
from pathlib import Path

import pytest
from rich.text import Text

from binokel import Discard, Play
from binokel.bots import make_bot
from binokel.cards import Rank, parse_card
from binokel.cli.common import rules_from_args
from binokel.cli.main import build_parser
from binokel.games.binokel import actions as A
from binokel.games.binokel.game import GameState, Phase, new_game
from binokel.pad import Pad
from binokel.ui.i18n import Strings
from binokel.ui.i18n_cards import local_cards
from binokel.ui.i18n_pad import PadStrings
from binokel.ui.pad_dialogue import PadDialogue
from binokel.ui.parse import parse_input
from binokel.ui.render import hand_order
from binokel.ui.session import Player, Session
from binokel.ui.tui.app import PlayApp

from .test_play_command import COMMAND, SHORT_GAME, environment, typed_moves
from .test_tui import POSITIONS, make_app, make_session, screen_text

#: A Queen or Jack written as the engine writes it (not inside a word such as ``QS``).
ENGLISH_FACE = re.compile(r"(?<![A-Za-z0-9])[QJ][♣♠♥♦]")
GERMAN_FACE = re.compile(r"(?<![A-Za-z0-9])[OU][♣♠♥♦]")


def test_a_styled_text_keeps_its_styles_on_its_cards() -> None:
    text = Text("Karle spielt ")
    text.append("Q♠", style="blue")
    text.append(" und ")
    text.append("J♥", style="red")
    german = local_cards(text, "de")
    assert german.plain == "Karle spielt O♠ und U♥"
    assert [(german.plain[s.start:s.end], s.style) for s in german.spans] == [
        ("O♠", "blue"), ("U♥", "red")]
    assert local_cards(text, "en") is text


def test_o_and_u_are_read_as_ober_and_unter() -> None:
    assert parse_card("O♠") == parse_card("q♠") == parse_card("os")
    assert parse_card("u♦") == parse_card("JD")
    assert parse_card("O♠").rank is Rank.QUEEN and parse_card("U♠").rank is Rank.JACK


def _trick_with_an_unter() -> GameState:
    """A Stich where the person (seat 0) may play an Unter."""
    state: GameState = POSITIONS["discard"]
    rng = random.Random(8)
    while not (state.phase is Phase.PLAY and state.to_move == 0 and any(
            isinstance(a, A.Play) and a.card.rank is Rank.JACK for a in state.legal_actions())):
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


async def _drawn(app: PlayApp, size: tuple[int, int]) -> str:
    """The screen as first drawn; every card of the hand is on it, in the screen's words."""
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert all(app.tr.cards(str(card)) in text for card in app.view.hand)
        return text


@pytest.mark.parametrize("name", ["trick", "discard", "binocle-meld", "kreuzbinokel-trick"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_the_german_table_draws_ober_and_unter(tmp_path: Path, name: str,
                                               size: tuple[int, int]) -> None:
    drawn: dict[str, str] = {}
    for lang in ("en", "de"):
        session = make_session(POSITIONS[name], bot="no-claim")
        app = make_app(session, Strings(lang), tmp_path)

        drawn[lang] = asyncio.run(_drawn(app, size))
    assert ENGLISH_FACE.search(drawn["en"]) and not GERMAN_FACE.search(drawn["en"])
    assert GERMAN_FACE.search(drawn["de"]), drawn["de"]
    assert not ENGLISH_FACE.search(drawn["de"]), drawn["de"]
    assert drawn["en"].splitlines()[-1].endswith("q quit")  # the key line fits, both languages
    assert drawn["de"].splitlines()[-1].endswith("q Ende"), drawn["de"].splitlines()[-1]


def test_a_german_unter_is_typed_with_u_not_taken_for_undo(tmp_path: Path) -> None:
    state = _trick_with_an_unter()
    session = make_session(state)
    app = make_app(session, Strings("de"), tmp_path)
    unter = next(a.card for a in state.legal_actions()
                 if isinstance(a, A.Play) and a.card.rank is Rank.JACK)
    before = len(session.actions)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("u")
            await pilot.pause()
            assert "u: Enter nimmt deinen Zug zurück" in screen_text(app)
            await pilot.press(unter.suit.letter.lower(), "enter")
            await pilot.pause()
    asyncio.run(run())
    assert len(session.actions) > before and session.actions[before] == A.Play(unter)


def test_the_german_line_mode_writes_and_reads_ober_and_unter(tmp_path: Path) -> None:
    """A whole game piped in German, every card typed by its German name (``o♠``, ``U♦``):
    the game ends, and no Queen or Jack is written."""
    moves = typed_moves(5, SHORT_GAME)
    session_moves = _german_names(moves)
    assert any(GERMAN_FACE.search(m.upper()) for m in session_moves)
    done = subprocess.run([*COMMAND, "--seed", "5", "--bots", "random", "--lang", "de",
                           *SHORT_GAME], input="\n".join(session_moves) + "\n",
                          capture_output=True, text=True, env=environment(tmp_path), timeout=60,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert "Die Partie ist zu Ende." in done.stdout and "Endstand:" in done.stdout
    assert GERMAN_FACE.search(done.stdout)
    assert not ENGLISH_FACE.search(done.stdout), ENGLISH_FACE.findall(done.stdout)[:5]


def _german_names(moves: list[str]) -> list[str]:
    """The moves of :func:`typed_moves` with each card (typed by number there) typed by its
    German name instead, in upper and lower case by turns."""
    rules = rules_from_args(build_parser().parse_args(["play", *SHORT_GAME]))
    session = Session(new_game(rules, 5),
                      [Player("You"), Player("Karle", "random"), Player("Frieda", "random")],
                      bot_factory=make_bot)
    out: list[str] = []
    tr = Strings("de")
    for n, line in enumerate(moves):
        session.run_bots()
        view = session.state.view(0)
        parsed = parse_input(line, view, tr)
        actions = parsed.actions  # type: ignore[union-attr]
        if all(isinstance(a, Play | Discard) for a in actions):
            hand = hand_order(view)
            assert all(a.card in hand for a in actions)  # type: ignore[union-attr]
            names = [tr.cards(str(a.card)) for a in actions]  # type: ignore[union-attr]
            line = " ".join(names).lower() if n % 2 else " ".join(names)
            if isinstance(actions[0], Discard):
                line = "drück " + line
        out.append(line)
        session.play(list(actions))
    return out


def test_the_german_pad_reads_and_writes_ober_and_unter() -> None:
    talk = PadDialogue(Pad.new("binokel", ["Anna", "Berta", "Karle"], first_dealer=2),
                       PadStrings("de"))
    shown = [*talk.answer("Anna 300"), *talk.answer("h"), *talk.answer("K♥ o♥ u♥ A♥ 10♥")]
    assert "  Familie ♥ (A♥ 10♥ K♥ O♥ U♥) 150 = 150" in shown, shown
    assert not any(ENGLISH_FACE.search(line) for line in shown)
