"""Bots only ever return legal actions, in every rule set and every phase (issue 5)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from binokel import Action, GameState, GiveUp, Phase, new_game
from binokel.bots import HeuristicBot, RandomBot, ask, make_bot
from binokel.games.binokel.rulefile import find_rules
from binokel.games.binokel.rules import rule_set_names

BOT_NAMES = ("random", "heuristic:level=easy", "heuristic:level=medium",
             "heuristic:level=hard,samples=12,search=3,refine=4")


def advance(state: GameState, rng: random.Random, steps: int) -> GameState:
    """A random legal walk of ``steps`` actions (stops at the end of the first hand); it gives
    up only when it must, so that most walks reach the card play."""
    for _ in range(steps):
        if state.results or state.is_over:
            break
        legal = state.legal_actions()
        playing: list[Action] = [a for a in legal if not isinstance(a, GiveUp)] or list(legal)
        state = state.apply(rng.choice(playing))
    return state


@settings(max_examples=80)
@given(rules_name=st.sampled_from(rule_set_names()), seed=st.integers(0, 10_000),
       steps=st.integers(0, 60), bot_name=st.sampled_from(BOT_NAMES))
def test_bots_return_only_legal_actions(rules_name: str, seed: int, steps: int,
                                        bot_name: str) -> None:
    rng = random.Random(seed)
    state = advance(new_game(find_rules(rules_name), seed=seed), rng, steps)
    if state.is_over or state.results:
        return
    view = state.view(state.to_move)
    bot = make_bot(bot_name)
    action = ask(bot, view, random.Random(seed))  # ask() raises unless the action is legal
    assert action in view.legal_actions
    state.apply(action)  # and the engine takes it


@pytest.mark.parametrize("rules_name", rule_set_names())
def test_heuristic_bots_play_a_whole_hand_of_every_rule_set(rules_name: str) -> None:
    rules = find_rules(rules_name)
    bots = [HeuristicBot(level=("easy", "medium", "hard")[s % 3],
                         options={"samples": "8", "search": "3", "refine": "4"}
                         if s % 3 == 2 else None)
            for s in range(rules.players)]
    for deal in range(2):
        state = new_game(rules, seed=f"legal/{rules_name}/{deal}", dealer=deal % rules.players)
        rng = random.Random(deal)
        phases = set()
        while not state.results:
            phases.add(state.phase)
            seat = state.to_move
            state = state.apply(ask(bots[seat], state.view(seat), rng))
        assert Phase.AUCTION in phases


def test_random_bot_plays_any_view_with_legal_actions() -> None:
    class Table:  # a stand-in for another game's view (e.g. Binocle's)
        seat = 1
        legal_actions = ("meld", "pass")

    assert RandomBot().choose(Table(), random.Random(1)) in Table.legal_actions


def test_heuristic_bot_refuses_a_view_it_does_not_know() -> None:
    class Table:
        seat = 0
        legal_actions = ("meld",)

    with pytest.raises(TypeError, match="Binokel views"):
        HeuristicBot().choose(Table(), random.Random(1))


def test_the_heuristic_bot_explains_its_choices() -> None:
    bot = HeuristicBot(level="medium")
    state = new_game(seed=21, dealer=0)
    rng = random.Random(4)
    phases = set()
    while not state.results:
        view = state.view(state.to_move)
        action = ask(bot, view, rng)
        why = bot.explain(view, action)
        if len(view.legal_actions) > 1:
            assert why, (state.phase, action)
            phases.add(state.phase)
        state = state.apply(action)
    assert Phase.AUCTION in phases
