"""Each framework's own checker passes on every rule set of every game: PettingZoo's
``api_test`` and ``seed_test``, Gymnasium's ``check_env``, OpenSpiel's ``random_sim_test``."""

from __future__ import annotations

import warnings

import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from binokel.env import aec_env, rule_set_names, single_seat
from binokel.env.spiel import load_game
from binokel.games import find_game_rules, game_names, game_of, seats_of

RULE_SETS = rule_set_names()

# The checkers' advice for simpler environments: a dict observation (vector and action mask,
# as PettingZoo's own card games have) and an environment made without gymnasium.make.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
    pytest.mark.filterwarnings("ignore:.*Not able to test alternative render modes"),
]


def test_every_game_has_rule_sets_here() -> None:
    games = {game_of(find_game_rules(name)).name for name in RULE_SETS}
    assert set(game_names()) <= games


@pytest.mark.parametrize("name", RULE_SETS)
def test_pettingzoo_api_test_passes(name: str) -> None:
    api_test(aec_env(name), num_cycles=200)


@pytest.mark.parametrize("name", RULE_SETS)
def test_pettingzoo_seed_test_passes(name: str) -> None:
    seed_test(lambda: aec_env(name), num_cycles=200)


def test_pettingzoo_api_test_passes_over_a_whole_game_with_game_rewards() -> None:
    api_test(aec_env("binocle+target=300", hands=None, reward="game"), num_cycles=2000)


@pytest.mark.parametrize("name", RULE_SETS)
def test_gymnasium_check_env_passes(name: str) -> None:
    others = seats_of(find_game_rules(name)) - 1
    env = single_seat(name, opponents=["random"] * others, illegal="end")
    with warnings.catch_warnings():
        # Scores are unbounded, and check_env says so; that is the truth, not a fault.
        warnings.filterwarnings("ignore", message=".*infinity.*")
        check_env(env)


@pytest.mark.parametrize("name", RULE_SETS)
def test_openspiel_random_sim_test_passes(name: str) -> None:
    pyspiel.random_sim_test(load_game(name), num_sims=2, serialize=True, verbose=False)
