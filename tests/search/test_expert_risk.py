"""The expert's confidence floor (decision search-08): a bid that only a lucky Dabb makes is not
bid, however the expected scores of bidding and passing compare; a sound bid still is."""

from __future__ import annotations

import random

import pytest

from binokel.bots.expert.auction import forecast
from binokel.bots.expert.binokel import ExpertBot, budget_from
from binokel.bots.expert.plans import play_out
from binokel.games.binokel import actions as A
from binokel.games.binokel.game import GameState, apply_all, new_game
from binokel.games.binokel.views import View

FLOOR = "0.7"


def _auction(bids: list[str]) -> View:
    state: GameState = apply_all(new_game(seed=0), bids)
    return state.view(state.to_move)


def _chance(bot: ExpertBot, view: View, bid: int) -> float:
    b = bot.budget
    return forecast(bot._pools, view, bid, samples=b.plan_samples, pool=b.pool, sigma=b.sigma,
                    play_out=play_out)[0]


def test_a_bid_only_a_lucky_dabb_makes_is_not_bid() -> None:
    # Seat 1 against seat 0's 170: raising to 180 is made in under half of the auction's
    # worlds; without the floor it bids (declaring looks less bad than the defence), with the
    # floor it passes.
    view = _auction(["160", "170"])
    assert view.seat == 1 and A.Bid(180) in view.legal_actions
    unfloored = ExpertBot("expert:conf=0")
    assert unfloored.choose(view, random.Random(0)) == A.Bid(180)
    assert _chance(unfloored, view, 180) < float(FLOOR)
    floored = ExpertBot(f"expert:conf={FLOOR}")
    assert floored.choose(view, random.Random(0)) == A.PASS
    values = {c.action: c.value for c in floored.candidates(view, random.Random(0))}
    assert values[A.Bid(180)] < values[A.PASS]


def test_a_bid_the_hand_makes_in_most_worlds_is_still_bid() -> None:
    # Seat 0 after seat 1's 160: 170 is made in more than nine worlds in ten.
    view = _auction(["160"])
    assert view.seat == 0
    floored = ExpertBot(f"expert:conf={FLOOR}")
    assert _chance(floored, view, 170) > 0.9
    assert floored.choose(view, random.Random(0)) == A.Bid(170)


def test_the_floor_is_a_chance() -> None:
    with pytest.raises(ValueError, match="conf"):
        budget_from({"conf": "1.5"})
    with pytest.raises(ValueError, match="conf"):
        budget_from({"conf": "-0.1"})
