"""Bots are found by name, with options (issue 5)."""

from __future__ import annotations

import pytest

from binokel.bots import ExternalBot, HeuristicBot, RandomBot, make_bot, parse_bot_name


def test_bots_are_found_by_name() -> None:
    assert isinstance(make_bot("random"), RandomBot)
    bot = make_bot("heuristic")
    assert isinstance(bot, HeuristicBot) and bot.level.samples > 0


def test_heuristic_levels_and_options_come_from_the_name() -> None:
    easy = make_bot("heuristic:level=easy")
    hard = make_bot("heuristic:level=hard")
    assert isinstance(easy, HeuristicBot) and isinstance(hard, HeuristicBot)
    assert easy.level.samples < hard.level.samples and hard.level.search > 0
    tuned = make_bot("heuristic:level=medium,samples=7,tau=12.5,inference=off")
    assert isinstance(tuned, HeuristicBot)
    assert (tuned.level.samples, tuned.level.tau, tuned.level.inference) == (7, 12.5, False)
    assert tuned.name == "heuristic:level=medium,samples=7,tau=12.5,inference=off"


def test_cmd_names_an_external_program() -> None:
    bot = make_bot("cmd:python3 my_bot.py --fast", time_limit=2.0)
    assert isinstance(bot, ExternalBot)
    assert bot.argv == ["python3", "my_bot.py", "--fast"] and bot.time_limit == 2.0


@pytest.mark.parametrize("name, message", [
    ("genius", "unknown bot 'genius'"),
    ("heuristic:level=godlike", "unknown level 'godlike'"),
    ("heuristic:depth=3", "unknown heuristic option 'depth'"),
    ("heuristic:samples=many", "samples='many'"),
    ("heuristic:samples", "not key=value"),
    ("random:level=hard", "takes no options"),
    ("cmd:", "needs a program"),
])
def test_bad_names_are_refused_clearly(name: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_bot(name)


def test_names_split_into_kind_and_options() -> None:
    assert parse_bot_name("heuristic") == ("heuristic", {})
    assert parse_bot_name("heuristic: level = hard ,") == ("heuristic", {"level": "hard"})
