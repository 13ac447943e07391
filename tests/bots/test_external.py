"""External bots over the line-based JSON protocol (docs/bot-protocol.md, issue 5).

The tests drive ``external_bot_example.py``; a bot that crashes, hangs past its time limit or
answers nonsense is reported with an error naming the bot, the seat and the problem, and the
game state is untouched.
"""

from __future__ import annotations

import json
import random
import shlex
import sys
from pathlib import Path

import pytest

from binokel import GameState, new_game, parse_action
from binokel.bots import BotError, ExternalBot, ask, make_bot
from binokel.bots.external.wire import decide_message, encode

EXAMPLE = Path(__file__).with_name("external_bot_example.py")


def example(*args: str) -> str:
    """The ``cmd:`` name of the example bot with arguments."""
    return "cmd:" + shlex.join([sys.executable, str(EXAMPLE), *args])


def play_hand(state: GameState, bots: dict[int, object], other: str = "random") -> GameState:
    fallback = make_bot(other)
    rng = random.Random(1)
    while not state.results:
        seat = state.to_move
        bot = bots.get(seat, fallback)
        state = state.apply(ask(bot, state.view(seat), rng))  # type: ignore[arg-type]
    return state


def test_an_external_bot_plays_a_whole_hand() -> None:
    bot = make_bot(example(), time_limit=10.0)
    try:
        state = play_hand(new_game(seed=5, dealer=2), {0: bot})
        assert len(state.results) == 1
        assert isinstance(bot, ExternalBot) and bot.bot_name == "example"
    finally:
        bot.close()


def test_plain_notation_answers_are_accepted() -> None:
    bot = make_bot(example("plain", "1"), time_limit=10.0)
    try:
        play_hand(new_game(seed=6, dealer=1), {1: bot})
    finally:
        bot.close()


def test_the_decision_message_holds_only_the_view() -> None:
    state = new_game(seed=3, dealer=2)
    view = state.view(state.to_move)
    message = json.loads(encode(decide_message(view, 4, 2.5)))
    assert message["type"] == "decide" and message["id"] == 4 and message["time_limit"] == 2.5
    sent = message["view"]
    assert sent["seat"] == view.seat
    assert sent["hand"] == [str(c) for c in view.hand]
    assert [parse_action(a) for a in sent["legal_actions"]] == list(view.legal_actions)
    assert sent["dabb"] is None and sent["rules"]["name"] == "binokel"
    others = {str(c) for s in state.active if s != view.seat for c in state.hand(s)}
    mine = set(sent["hand"])
    # No other seat's card appears anywhere in the message unless this seat holds one like it.
    text = json.dumps(sent, ensure_ascii=False)
    for card in others - mine:
        assert card not in text


@pytest.mark.parametrize("mode, start, problem", [
    ("crash", "2", r"crashed: closed its output during decision 2 \(exit status 3\); "
                   r"its stderr ends: crashing on purpose"),
    ("hang", "1", r"did not answer decision 1 within the time limit of 0.5 s"),
    ("nonsense", "1", r"answered 'banana', which is not a legal action here \(legal: "),
    ("illegal", "3", r"answered 'lay Q♠ Q♠', which is not a legal action here"),
])
def test_a_broken_bot_is_reported_and_the_game_is_not_corrupted(mode: str, start: str,
                                                                   problem: str) -> None:
    name = example(mode, start)
    bot = make_bot(name, time_limit=0.5 if mode == "hang" else 10.0)
    state = new_game(seed=9, dealer=2)
    rng = random.Random(3)
    seat_of_bot = 0
    try:
        with pytest.raises(BotError) as caught:
            while not state.results:
                seat = state.to_move
                if seat == seat_of_bot:
                    before = state
                    history = before.history()
                    action = ask(bot, state.view(seat), rng)
                else:
                    action = rng.choice(state.legal_actions())
                state = state.apply(action)
        error = caught.value
        assert error.bot == name and error.seat == seat_of_bot
        assert str(error).startswith(f"bot {name!r} at seat {seat_of_bot}: ")
        assert caught.match(problem)
        # Nothing was applied: the state is the one the bot was asked about, and play goes on.
        assert state is before and state.history() == history
        assert state.to_move == seat_of_bot
        play_hand(state, {})
        # A dead bot says so instead of hanging again.
        with pytest.raises(BotError, match="no longer running"):
            ask(bot, state.view(seat_of_bot), rng)
    finally:
        bot.close()


def test_a_program_that_cannot_start_is_reported() -> None:
    bot = make_bot("cmd:/nonexistent/bot --fast")
    with pytest.raises(BotError, match="could not be started"):
        ask(bot, new_game(seed=1).view(new_game(seed=1).to_move), random.Random(1))


def test_the_arena_stops_with_a_clear_message_when_a_bot_breaks(
        capsys: pytest.CaptureFixture[str]) -> None:
    from binokel.cli.main import main

    status = main(["arena", example("crash", "4"), "random", "--deals", "2", "--no-progress"])
    assert status == 1
    err = capsys.readouterr().err
    assert "binokel: error: bot 'cmd:" in err and "crashed" in err and "at seat" in err
