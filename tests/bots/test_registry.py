"""Bots are found by name, with options (issue 5)."""

from __future__ import annotations

import random

import pytest

from binokel.bots import ExternalBot, HeuristicBot, RandomBot, make_bot, make_player, parse_bot_name
from binokel.bots.random_bot import RandomBinocleBot
from binokel.games import registered_games


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


@pytest.mark.parametrize("game", [g.name for g in registered_games()])
def test_make_player_makes_each_games_players_from_one_door(game: str) -> None:
    found = next(g for g in registered_games() if g.name == game)
    rules = found.find_rules(found.rule_set_names()[0])
    state = found.new_game(rules, "door")
    view = state.view(state.to_move)
    for spec in found.player_names:
        bot = make_player(spec, rules)
        assert bot.choose(view, random.Random(1)) in view.legal_actions
        bot.close()
    own_random = make_player("random", rules)
    assert isinstance(own_random, RandomBinocleBot if game != "binokel" else RandomBot)
    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        make_player("nobody", rules)


def test_make_player_without_rules_is_binokels() -> None:
    assert isinstance(make_player("heuristic:level=easy"), HeuristicBot)
    assert type(make_player("random")) is type(make_bot("random"))
