"""The expert's judgment of a hand (decision search-14): the other seats' bidding modelled with
the heuristic's confidence floor (``oconf``), and giving up after the Dabb unless playing is
clearly better (``gmargin``)."""

from __future__ import annotations

import random

import pytest

from binokel.bots.expert.auction import bidder_model, heuristic_limit
from binokel.bots.expert.binokel import ExpertBot
from binokel.bots.expert.budget import budget_from
from binokel.bots.expert.plans import _clearly_better, make_plan
from binokel.cards import ONE
from binokel.games.binokel import actions as A
from binokel.games.binokel.game import Phase, apply_all, new_game
from binokel.games.binokel.rules import BINOKEL
from binokel.games.binokel.views import View
from binokel.search.knowledge import full_pack, kinds_list


def test_a_confidence_floor_lowers_the_modelled_limits() -> None:
    # The heuristic's medium and hard levels stop where fewer than 8 Dabbs in 10 make the
    # bid: the same hands have lower limits with the floor, never higher.
    rng = random.Random(3)
    pack = kinds_list(full_pack(BINOKEL))
    lower = 0
    for i in range(12):
        hand = sum(ONE[k] for k in rng.sample(pack, BINOKEL.hand_size))
        plain = heuristic_limit(hand, BINOKEL, random.Random(i), 10, leads=True)
        floored = heuristic_limit(hand, BINOKEL, random.Random(i), 10, leads=True,
                                  confidence=0.8)
        assert floored <= plain
        lower += floored < plain
    assert lower >= 3
    plain_model, floored_model = bidder_model(BINOKEL), bidder_model(BINOKEL, 0.8)
    assert floored_model.limit(150.0) < plain_model.limit(150.0) - 5.0


def test_the_new_options_are_checked() -> None:
    assert budget_from({"oconf": "0.8", "gmargin": "1"}).gmargin == 1.0
    with pytest.raises(ValueError, match="oconf"):
        budget_from({"oconf": "1.5"})
    with pytest.raises(ValueError, match="gmargin"):
        budget_from({"gmargin": "-1"})


def test_clearly_better_counts_standard_errors_of_the_paired_difference() -> None:
    assert _clearly_better([10.0, 12.0, 11.0], [0.0, 1.0, 0.5], 2.0)
    # A mean gain of 100 carried by one lucky world in four is not clear at two errors.
    assert not _clearly_better([400.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], 2.0)
    assert _clearly_better([400.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], 0.0)


def _discard_view(seed: int, top: int) -> View:
    """The declarer's first view after taking the Dabb, every seat bidding up to ``top``."""
    state = new_game(seed=seed)
    while state.phase is Phase.AUCTION:
        bids = sorted((a for a in state.legal_actions() if isinstance(a, A.Bid)),
                      key=lambda a: a.value)
        state = state.apply(bids[0] if bids and bids[0].value <= top else A.PASS)
    while state.phase is Phase.DABB:
        state = state.apply(A.TAKE_DABB)
    return state.view(state.to_move)


def test_a_contract_playing_only_looks_better_at_is_given_up_with_a_margin() -> None:
    # Seed 3 at 350: playing's mean beats giving up over the plan's 16 worlds, but by less
    # than two standard errors of the difference: with the margin the declarer gives up.
    view = _discard_view(3, 350)
    assert view.phase in (Phase.DISCARD, Phase.TRUMP) and view.bid == 350
    plain, values = make_plan(budget_from({"plan": "16"}), view)
    give_up = max(v for a, v, _ in values if isinstance(a, A.GiveUp))
    assert plain.action == "trump" and plain.value > give_up
    careful, _ = make_plan(budget_from({"plan": "16", "gmargin": "2"}), view)
    assert careful.action == "giveup"


def test_a_contract_playing_clearly_beats_is_still_played_with_a_margin() -> None:
    # Seed 6 at 250: every world says play.
    view = _discard_view(6, 250)
    careful, _ = make_plan(budget_from({"plan": "16", "gmargin": "2"}), view)
    assert careful.action == "trump"


def test_the_bias_moves_every_bid_against_passing_by_its_points() -> None:
    # Seat 0 after seat 1's 160 (a hand that makes 170 in nine worlds in ten): with no floor,
    # each bid's value against passing's rises by exactly the bias.
    state = apply_all(new_game(seed=0), ["160"])
    view = state.view(state.to_move)

    def gains(name: str) -> dict[A.Action, float]:
        values = {c.action: c.value for c in ExpertBot(name).candidates(view, random.Random(0))}
        return {a: v - values[A.PASS] for a, v in values.items() if a != A.PASS}

    plain, biased = gains("expert:conf=0"), gains("expert:conf=0,bias=40")
    assert plain and plain.keys() == biased.keys()
    for action, gain in plain.items():
        assert biased[action] == pytest.approx(gain + 40.0)
