"""The action map covers every action and reverses; bad input is refused and changes nothing;
rewards are the hand scores minus the others' mean; the adapters agree with the engine."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel
import pytest

from binokel.env import aec_env, codec_for, rule_set_names, single_seat
from binokel.env.codec import hand_rewards
from binokel.env.spiel import load_game
from binokel.env.spiel_observer import history_shape
from binokel.games import find_game_rules, new_game, random_action, seats_of

RULE_SETS = rule_set_names()


@pytest.mark.parametrize("name", RULE_SETS)
def test_the_action_map_reverses_and_covers_every_legal_action(name: str) -> None:
    rules = find_game_rules(name)
    codec = codec_for(rules)
    assert [codec.index(codec.action_of(i)) for i in range(codec.action_count)] == list(
        range(codec.action_count))
    rng = random.Random(name)
    for seed in range(6):
        state: Any = new_game(rules, seed)
        while not state.is_over and len(state.results) < 2:
            view = state.view(state.to_move)
            mask = codec.mask(view)
            legal = {codec.action_of(int(i)) for i in np.flatnonzero(mask)}
            assert legal == set(view.legal_actions)
            state = state.apply(random_action(view, rng))


def test_hand_rewards_are_the_score_minus_the_others_mean_and_sum_to_zero() -> None:
    assert hand_rewards([100, 40, -80]) == [120.0, 30.0, -150.0]
    assert abs(sum(hand_rewards([7, 11, 13, 17]))) < 1e-9


@pytest.mark.parametrize("name", ["binokel", "kreuzbinokel", "binocle"])
def test_aec_rewards_are_the_hand_rewards_of_the_score_sheet(name: str) -> None:
    env = aec_env(name)
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += float(reward)
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.table is not None
    state = env.table.state
    # A Binocle claim decides the game before the hand has a line: the scores so far count.
    scores = state.results[0].scores if state.results else state.scores
    assert [totals[a] for a in env.possible_agents] == hand_rewards(scores)


def test_aec_observation_is_the_codec_of_the_seats_view() -> None:
    env = aec_env("binokel")
    env.reset(seed=2)
    assert env.table is not None
    for seat, agent in enumerate(env.possible_agents):
        expected = env.codec.encode(env.table.state.view(seat))
        assert np.array_equal(env.observe(agent)["observation"], expected)
        assert bool(env.observe(agent)["action_mask"].any()) == (seat == env.table.to_move)


def test_aec_refuses_a_number_outside_the_action_space_and_changes_nothing() -> None:
    env = aec_env("binokel")
    env.reset(seed=1)
    assert env.table is not None
    before = env.table.state
    with pytest.raises(ValueError, match="not a number from 0 to 187"):
        env.step(188)
    assert env.table.state is before


def test_aec_refuses_an_illegal_action_naming_the_rule_and_changes_nothing() -> None:
    env = aec_env("binocle")
    env.reset(seed=1)
    assert env.table is not None
    before = env.table.state
    meld = env.codec.index(next(a for a in env.codec.actions if str(a).startswith("meld")))
    mask = env.observe(env.agent_selection)["action_mask"]
    assert mask[meld] == 0
    with pytest.raises(ValueError, match="Only the winner of the trick just played may meld"):
        env.step(meld)
    assert env.table.state is before and env.agent_selection == f"player_{before.to_move}"


def test_aec_refuses_options_that_mean_nothing() -> None:
    with pytest.raises(ValueError, match="hands"):
        aec_env("binokel", hands=0)
    with pytest.raises(ValueError, match="reward"):
        aec_env("binokel", reward="money")


def test_game_rewards_go_to_the_winner_at_the_end_of_the_game() -> None:
    env = aec_env("binocle+target=300", hands=None, reward="game")
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += float(reward)
        env.step(None if terminated or truncated
                 else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.table is not None and env.table.state.is_over
    winner = env.table.state.winner
    assert totals == {f"player_{s}": 1.0 if s == winner else -1.0 for s in (0, 1)}


def test_single_seat_plays_the_others_and_returns_the_seats_reward() -> None:
    env = single_seat("binokel", opponents=["heuristic:level=medium"] * 2, seat=1)
    obs, _ = env.reset(seed=11)
    assert env.table is not None and env.table.to_move == 1
    total, done = 0.0, False
    rng = np.random.default_rng(0)
    while not done:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, done, _, _ = env.step(action)
        total += float(reward)
    assert total == hand_rewards(env.table.state.results[0].scores)[1]


def test_single_seat_refuses_a_wrong_number_of_opponents_naming_the_count() -> None:
    with pytest.raises(ValueError, match="2 names for the other seats"):
        single_seat("binokel", opponents=["random"])


def test_single_seat_raises_on_an_illegal_action_unless_told_to_end() -> None:
    env = single_seat("binocle", opponents=["random"])
    obs, _ = env.reset(seed=4)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(ValueError):
        env.step(illegal)
    ending = single_seat("binocle", opponents=["random"], illegal="end", illegal_penalty=5)
    obs, _ = ending.reset(seed=4)
    _, reward, done, _, info = ending.step(illegal)
    assert (reward, done) == (-5.0, True) and info["illegal"]


def spiel_episode(name: str, seed: int) -> Any:
    game = load_game(name)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            actions, probs = zip(*outcomes, strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name", ["binokel", "binokel-4-dealer-out", "binocle-64"])
def test_openspiel_deals_the_whole_pack_and_returns_the_hand_rewards(name: str) -> None:
    state = spiel_episode(name, 1)
    codec = codec_for(find_game_rules(name))
    assert sorted(state.cards) == sorted(codec.pack())
    engine = state.engine
    scores = engine.results[0].scores if engine.results else engine.scores  # a claim: so far
    assert state.returns() == hand_rewards(scores)
    assert len(state.returns()) == seats_of(codec.rules)


def test_openspiel_tensors_are_the_codec_of_the_view_and_strings_differ_by_seat() -> None:
    state = load_game("binokel").new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    codec = codec_for(find_game_rules("binokel"))
    for seat in range(3):
        expected = codec.encode(state.engine.view(seat))
        assert np.array_equal(np.array(state.observation_tensor(seat), np.float32), expected)
        # The information state is the view's vector, then the trick history (none yet).
        info = np.array(state.information_state_tensor(seat), np.float32)
        assert np.array_equal(info[:codec.layout.size], expected)
        assert info.size > codec.layout.size and not info[codec.layout.size:].any()
    strings = {state.information_state_string(seat) for seat in range(3)}
    assert len(strings) == 3
    assert state.current_player() == state.engine.to_move
    assert state.current_player() != pyspiel.PlayerId.CHANCE


@pytest.mark.parametrize("name", ["binokel", "binocle"])
def test_openspiels_rl_environment_plays_the_game_on_the_tensors(name: str) -> None:
    from open_spiel.python import rl_environment

    env = rl_environment.Environment(load_game(name), seed=3)
    codec = codec_for(find_game_rules(name))
    step = env.reset()
    rng = random.Random(3)
    moves = 0
    while not step.last():
        player = step.observations["current_player"]
        assert len(step.observations["info_state"][player]) == (
            codec.layout.size + int(np.prod(history_shape(codec))))
        step = env.step([rng.choice(step.observations["legal_actions"][player])])
        moves += 1
    assert moves > 0 and abs(sum(step.rewards)) < 1e-6
