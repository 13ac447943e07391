"""Sampled worlds agree with the view they were drawn for, and the truth always does too."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from binokel.game import GameState, new_game
from binokel.rules import BINOKEL
from binokel.search.sampling import World, consistent, inferences, sample_world


def _truth(state: GameState) -> World:
    dabb = 0 if state.dabb_shown else state.deal.dabb
    discard = sum(1 << (2 * c.kind) for c in state.discard)
    return World(state.hands, discard, dabb)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), steps=st.integers(0, 60))
def test_sampled_worlds_agree_with_the_view(seed: int, steps: int) -> None:
    rng = random.Random(seed)
    state = new_game(BINOKEL, seed=seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    for seat in state.active:
        view = state.view(seat)
        # The real deal must pass every inference: an inference that excludes the truth is wrong.
        assert consistent(view, _truth(state))
        for _ in range(3):
            assert consistent(view, sample_world(view, rng))


def test_not_following_suit_proves_a_void() -> None:
    rng = random.Random(2)
    for seed in range(200):
        state = new_game(BINOKEL, seed=seed)
        while not state.is_over and state.hand_no == 0:
            before = state
            state = state.apply(rng.choice(state.legal_actions()))
            trick = before.current_trick()
            played = state.last_action
            if trick and state.hand_no == 0 and hasattr(played, "card"):
                led = trick[0][1].suit
                if played.card.suit != led:  # type: ignore[union-attr]
                    view = state.view((before.to_move + 1) % 3)
                    limits = inferences(view).ceilings[before.to_move]
                    assert limits[led] == -1
                    return
    raise AssertionError("no renounce found in 200 hands")
