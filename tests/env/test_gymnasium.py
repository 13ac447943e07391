"""Gymnasium: ``gymnasium.make`` finds every rule set, the spaces are bounded and hold every
observation, and an episode ends on the hand just finished with its result in ``info``."""

from __future__ import annotations

import math
from typing import Any

import gymnasium
import numpy as np
import pytest

import binokel.env  # noqa: F401  (registers the environments)
from binokel.env import rule_set_names
from binokel.env.aec import observation_bounds
from binokel.env.codecs import codec_for
from binokel.games import find_game_rules, seats_of


@pytest.mark.parametrize("name", rule_set_names())
def test_make_gives_a_bounded_env_that_holds_every_observation(name: str) -> None:
    others = seats_of(find_game_rules(name)) - 1
    env = gymnasium.make(f"binokel/{name}-v0", opponents=["random"] * others)
    space: Any = env.observation_space
    box = space["observation"]
    assert np.isfinite(box.low).all() and np.isfinite(box.high).all()
    rng = np.random.default_rng(1)
    for episode in range(3):
        obs, _ = env.reset(seed=episode)
        done = False
        while not done:
            assert env.observation_space.contains(obs)
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, _, done, _, info = env.step(action)
        assert env.observation_space.contains(obs)
        assert len(info["hand_scores"]) == 1


def test_a_whole_game_leaves_only_the_score_sheet_unbounded() -> None:
    codec = codec_for(find_game_rules("binokel"))
    low, high = observation_bounds(codec, None)
    start, stop = codec.layout.span("scores")
    assert np.isinf(high[start:stop]).all() and np.isinf(low[start:stop]).all()
    assert np.isfinite(np.delete(high, np.s_[start:stop])).all()


def test_the_last_observation_is_the_hand_just_finished_not_the_next_deal() -> None:
    env = gymnasium.make("binokel/binokel-v0", opponents=["heuristic:level=easy"] * 2)
    unwrapped: Any = env.unwrapped
    codec = unwrapped.codec
    rng = np.random.default_rng(3)
    for episode in range(5):
        obs, _ = env.reset(seed=episode)
        done = False
        while not done:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, reward, done, _, info = env.step(action)
        blocks = codec.layout.decode(obs["observation"])
        state = unwrapped.table.state
        if not state.is_over:
            # The engine has dealt the next hand: twelve new cards, which the last
            # observation does not show.
            assert len(state.view(0).hand) == 12
            assert blocks["hand"].sum() < 12
        assert not obs["action_mask"].any()
        line = info["hand_scores"][0]
        assert math.isclose(reward, line[0] - (sum(line) - line[0]) / 2)
