"""The expert player: legal in every rule set, deterministic for a seed, sensible in endgames."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from binokel.bots import make_bot
from binokel.bots.expert.binokel import ExpertBot, budget_from
from binokel.games.binokel import actions as A
from binokel.games.binokel.game import GameState, Phase, new_game
from binokel.games.binokel.rulefile import find_rules
from binokel.games.binokel.rules import rule_set_names

SMALL = "expert:samples=2,exact=3"


def _random_state(rules_name: str, seed: int, steps: int) -> GameState:
    rng = random.Random(seed)
    state = new_game(find_rules(rules_name), seed=seed)
    for _ in range(steps):
        if state.is_over or state.hand_no > 0:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@settings(max_examples=50, deadline=None)
@given(rules_name=st.sampled_from(rule_set_names()), seed=st.integers(0, 10**9),
       steps=st.integers(0, 60))
def test_the_expert_only_returns_legal_actions(rules_name: str, seed: int, steps: int) -> None:
    state = _random_state(rules_name, seed, steps)
    if state.is_over:
        return
    view = state.view(state.to_move)
    bot = ExpertBot(SMALL)
    action = bot.choose(view, random.Random(seed))
    assert action in view.legal_actions


@pytest.mark.parametrize("rules_name", rule_set_names())
def test_the_expert_plays_a_whole_hand_in_every_rule_set(rules_name: str) -> None:
    state = new_game(find_rules(rules_name), seed=f"expert/{rules_name}")
    bot = make_bot(SMALL)
    rng = random.Random(1)
    while state.hand_no == 0 and not state.is_over:
        view = state.view(state.to_move)
        action = bot.choose(view, rng)
        assert action in view.legal_actions
        state = state.apply(action)
    assert state.results


def test_the_same_seed_gives_the_same_choices() -> None:
    def play(seed: int) -> list[str]:
        state = new_game(seed=11)
        bot = ExpertBot(SMALL)
        out = []
        for i in range(40):
            if state.hand_no:
                break
            action = bot.choose(state.view(state.to_move), random.Random(seed * 1000 + i))
            out.append(str(action))
            state = state.apply(action)
        return out

    assert play(1) == play(1)


def test_budget_options_are_read_and_checked() -> None:
    assert budget_from({"samples": "8", "time": "0.5"}).samples == 8
    with pytest.raises(ValueError, match="unknown expert option"):
        budget_from({"depth": "3"})
    with pytest.raises(ValueError, match="at least 1"):
        budget_from({"samples": "0"})
    for text in ("nan", "inf", "-nan"):
        with pytest.raises(ValueError, match="finite"):
            budget_from({"conf": text})
    with pytest.raises(ValueError, match="finite"):
        budget_from({"time": "inf"})


def test_candidates_carry_values_for_every_card() -> None:
    state = new_game(seed=5)
    rng = random.Random(0)
    while state.phase is not Phase.PLAY:
        legal = [a for a in state.legal_actions()
                 if not isinstance(a, (A.GiveUp, A.Durch, A.OpenDurch))]
        state = state.apply(rng.choice(legal))
    view = state.view(state.to_move)
    candidates = ExpertBot(SMALL).candidates(view, rng)
    assert {c.action for c in candidates} == set(view.legal_actions)


@settings(max_examples=30, deadline=None)
@given(rules_name=st.sampled_from(["binocle", "binocle-64"]), seed=st.integers(0, 10**9),
       steps=st.integers(0, 150))
def test_the_expert_only_returns_legal_actions_in_binocle(rules_name: str, seed: int,
                                                          steps: int) -> None:
    from binokel.games.binocle import find_binocle_rules, new_binocle_game
    from binokel.games.binocle.random_play import random_action

    rng = random.Random(seed)
    state = new_binocle_game(find_binocle_rules(rules_name), seed=seed)
    for _ in range(steps):
        if state.is_over:
            return
        state = state.apply(random_action(state, rng))
    if state.is_over:
        return
    view = state.view(state.to_move)
    action = ExpertBot("expert:samples=4,exact=3").choose(view, rng)
    assert action in view.legal_actions


def test_the_expert_claims_when_and_only_when_the_claim_is_right() -> None:
    """At every decision of a whole game: a claim that would be right is made at once, and no
    claim is made that would be wrong.  The game (seed 4) reaches a right claim, which ends it."""
    from binokel.games.binocle import Claim, new_binocle_game

    state = new_binocle_game(seed=4)
    bot = ExpertBot("expert:samples=2,exact=2")
    rng = random.Random(4)
    claims, missed, wrong = 0, 0, 0
    while not state.is_over:
        view = state.view(state.to_move)
        action = bot.choose(view, rng)
        right = view.claim_total(view.seat) >= view.target
        if isinstance(action, Claim):
            claims += 1
            wrong += not right
        elif right and any(isinstance(a, Claim) for a in view.legal_actions):
            missed += 1
        state = state.apply(action)
    assert (claims, missed, wrong) == (1, 0, 0)


def test_a_time_budget_stops_the_sampling() -> None:
    import time

    state = new_game(seed=9)
    rng = random.Random(0)
    while state.phase is not Phase.PLAY or len(state.tricks) < 2:
        legal = [a for a in state.legal_actions()
                 if not isinstance(a, (A.GiveUp, A.Durch, A.OpenDurch))]
        state = state.apply(rng.choice(legal))
    while len(state.legal_actions()) < 2:
        state = state.apply(state.legal_actions()[0])
    view = state.view(state.to_move)
    assert view.phase is Phase.PLAY
    bot = ExpertBot("expert:samples=100000,time=0.05")
    start = time.perf_counter()
    candidates = bot.candidates(view, rng)
    assert time.perf_counter() - start < 5.0
    assert 4 <= candidates[0].worlds < 100000
