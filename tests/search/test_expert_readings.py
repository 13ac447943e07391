"""Reading the other seats as one of two kinds of bidder (``expert:omix=P``): the bold fit the
expert has always used and the heuristic's cautious levels, told apart by the auction."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from binokel.bots.expert import budget_from
from binokel.bots.expert_auction import (
    CAUTIOUS_FLOOR,
    Pool,
    auction_pool,
    bid_candidates,
    bidder_model,
    readings,
    seat_limits,
    strength,
    weighted_worlds,
)
from binokel.bots.expert_plans import play_out
from binokel.games.binokel import actions as A
from binokel.games.binokel.game import GameState, new_game
from binokel.games.binokel.rulefile import find_rules
from binokel.games.binokel.rules import BINOKEL, rule_set_names
from binokel.search.sampling import WorldSampler, consistent


def _raised_to(bid: int) -> GameState:
    """Forehand and middlehand raise each other to ``bid``; the rearhand is to move."""
    state = new_game(BINOKEL, seed="expert-readings/raised", dealer=2)
    value = BINOKEL.min_bid
    while value < bid:
        value += BINOKEL.bid_step
        state = state.apply(A.bid(value))
    return state.apply(A.PASS) if state.to_move == state.active[0] else state.apply(
        A.bid(value + BINOKEL.bid_step)).apply(A.PASS)


def test_the_cautious_kind_bids_less_with_the_same_hand() -> None:
    bold, cautious = bidder_model(BINOKEL), bidder_model(BINOKEL, CAUTIOUS_FLOOR)
    for hand_strength in (100.0, 200.0, 300.0):
        assert cautious.limit(hand_strength) < bold.limit(hand_strength)


def test_without_a_mixture_a_world_is_read_one_way_as_before() -> None:
    state = _raised_to(250)
    view = state.view(state.to_move)
    world = WorldSampler(view).sample(random.Random(3))
    (only,) = readings(world, view, 0.0, 0.0)
    assert only.prior == 1.0
    assert list(only.limits) == seat_limits(world, view, bidder_model(BINOKEL))


def test_a_mixture_reads_each_other_seat_either_way() -> None:
    state = _raised_to(250)
    view = state.view(state.to_move)
    world = WorldSampler(view).sample(random.Random(3))
    found = readings(world, view, 0.0, 0.3)
    others = [s for s in view.active if s != view.seat]
    assert len(found) == 2 ** len(others)
    assert sum(r.prior for r in found) == pytest.approx(1.0)
    bold = seat_limits(world, view, bidder_model(BINOKEL))
    cautious = seat_limits(world, view, bidder_model(BINOKEL, CAUTIOUS_FLOOR))
    for reading in found:
        assert reading.limits[view.seat] == 0.0
        kinds = [reading.limits[s] == cautious[s] for s in others]
        assert all(reading.limits[s] in (bold[s], cautious[s]) for s in others)
        assert reading.prior == pytest.approx(
            0.3 ** sum(kinds) * 0.7 ** (len(others) - sum(kinds)))


def test_a_high_bid_read_as_cautious_needs_a_stronger_hand() -> None:
    """A seat that bid 300 holds more if it bids like the cautious heuristic: the worlds
    drawn with every seat read that way make the bidder stronger than the bold reading."""
    state = _raised_to(300)
    view = state.view(state.to_move)
    holder = next(s for s, v in reversed(view.bids) if v)
    sampler = WorldSampler(view)
    leads = holder == view.active[0]

    def mean_strength(mix: float) -> float:
        worlds = weighted_worlds(view, sampler, random.Random(1), 200, 6, 0.0, mix)
        return sum(strength(w.hands[holder], BINOKEL, leads=leads) for w in worlds) / 200

    assert mean_strength(1.0) > mean_strength(0.0) + 10


def test_draws_from_a_mixed_pool_value_their_own_worlds() -> None:
    state = _raised_to(250)
    view = state.view(state.to_move)
    pools: dict[tuple[object, ...], Pool] = {}
    pool = auction_pool(pools, view, 24, play_out, 0.0, 0.5)
    others = len([s for s in view.active if s != view.seat])
    assert len(pool.worlds) == 24
    assert len(pool.readings) == len(pool.world_of) == 24 * 2 ** others
    assert pool.world_of == sorted(pool.world_of)
    # The same world is declared once, whichever reading of it a draw picks.
    first = pool.game(view, 0, view.seat)
    assert pool.game(view, 1, view.seat) is first
    assert auction_pool(pools, view, 24, play_out, 0.0, 0.5) is pool
    assert auction_pool(pools, view, 24, play_out, 0.0, 0.0) is not pool
    values = bid_candidates(pools, view, samples=16, pool=4, sigma=10.0, play_out=play_out,
                            mix=0.5)
    assert values[0][0] == A.PASS
    assert all(n == 16 for _, _, n in values)


@settings(max_examples=20, deadline=None)
@given(rules_name=st.sampled_from(rule_set_names()), seed=st.integers(0, 10**9),
       steps=st.integers(0, 12))
def test_worlds_read_with_a_mixture_agree_with_the_view(rules_name: str, seed: int,
                                                        steps: int) -> None:
    rng = random.Random(seed)
    state = new_game(find_rules(rules_name), seed=seed)
    for _ in range(steps):
        if state.phase.value != "auction":
            break
        state = state.apply(rng.choice(state.legal_actions()[:3]))
    view = state.view(state.to_move)
    worlds = weighted_worlds(view, WorldSampler(view), random.Random(seed), 6, 4, 0.0, 0.5)
    assert len(worlds) == 6
    assert all(consistent(view, world) for world in worlds)


def test_the_mixture_option_is_a_chance() -> None:
    assert budget_from({}).omix == 0.0
    assert budget_from({"omix": "0.5"}).omix == 0.5
    with pytest.raises(ValueError, match="omix"):
        budget_from({"omix": "1.5"})
