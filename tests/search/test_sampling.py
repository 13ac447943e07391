"""Sampled worlds agree with the view they were drawn for, and the truth always does too."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from binokel.cards import SUIT_MASK
from binokel.games.binokel.game import GameState, Phase, new_game
from binokel.games.binokel.rulefile import find_rules
from binokel.games.binokel.rules import BINOKEL, rule_set_names
from binokel.search.sampling import World, WorldSampler, consistent, inferences, sample_world


def _truth(state: GameState) -> World:
    dabb = 0 if state.dabb_shown else state.deal.dabb
    discard = sum(1 << (2 * c.kind) for c in state.discard)
    return World(state.hands, discard, dabb)


def _random_state(rules_name: str, seed: int, steps: int) -> GameState:
    rng = random.Random(seed)
    state = new_game(find_rules(rules_name), seed=seed)
    for _ in range(steps):
        if state.is_over or state.hand_no > 0:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


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


@settings(max_examples=60, deadline=None)
@given(rules_name=st.sampled_from(rule_set_names()), seed=st.integers(0, 10**9),
       steps=st.integers(0, 70))
def test_sampled_worlds_agree_with_the_view_in_every_rule_set(rules_name: str, seed: int,
                                                              steps: int) -> None:
    state = _random_state(rules_name, seed, steps)
    rng = random.Random(seed)
    for seat in range(state.rules.players):
        view = state.view(seat)
        assert consistent(view, _truth(state))
        sampler = WorldSampler(view)
        for _ in range(3):
            assert consistent(view, sampler.sample(rng))


@settings(max_examples=30, deadline=None)
@given(rules_name=st.sampled_from(rule_set_names()), seed=st.integers(0, 10**9))
def test_the_auction_samples_the_dabb_and_every_other_hand(rules_name: str, seed: int) -> None:
    state = new_game(find_rules(rules_name), seed=seed)
    assert state.phase is Phase.AUCTION
    view = state.view(state.to_move)
    world = sample_world(view, random.Random(seed))
    assert consistent(view, world)
    rules = state.rules
    sizes = [sum((h >> (2 * k)) & 3 for k in range(32)) for h in world.hands]
    assert [sizes[s] for s in state.active] == [rules.hand_size] * rules.active_players
    assert sum((world.dabb >> (2 * k)) & 3 for k in range(32)) == rules.dabb_size


def test_a_dealer_sitting_out_samples_every_playing_hand() -> None:
    rules = BINOKEL.replace(name="dealer-out-test", players=4, dealer_sits_out=True)
    state = new_game(rules, seed=3)
    view = state.view(state.dealer)
    assert not view.hand
    world = sample_world(view, random.Random(1))
    assert consistent(view, world)
    assert world.hands[state.dealer] == 0


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
                    ruled_out = inferences(view).forbidden[before.to_move]
                    assert ruled_out & SUIT_MASK[led] == SUIT_MASK[led]
                    return
    raise AssertionError("no renounce found in 200 hands")
