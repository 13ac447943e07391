"""The auction's own declaring valued by the searched plan (``expert:aplan=K``, decision
search-15)."""

from __future__ import annotations

import random

import pytest

from binokel.bots.expert import ExpertBot
from binokel.bots.expert_auction import Pool, auction_pool, bid_candidates
from binokel.bots.expert_auction_plan import _fresh_deals, own_game, searched
from binokel.bots.expert_budget import budget_from
from binokel.bots.expert_plans import play_out
from binokel.bots.knowledge import full_pack, size
from binokel.games.binokel import actions as A
from binokel.games.binokel.game import Phase, apply_all, new_game
from binokel.games.binokel.rulefile import find_rules
from binokel.games.binokel.rules import rule_set_names
from binokel.games.binokel.views import View


def _auction_view(seed: int = 0, moves: tuple[str, ...] = ("160",)) -> View:
    state = apply_all(new_game(seed=seed), list(moves))
    return state.view(state.to_move)


def test_the_option_is_read_and_checked() -> None:
    assert budget_from({"aplan": "4"}).aplan == 4
    assert budget_from({}).aplan == 0
    with pytest.raises(ValueError, match="aplan"):
        budget_from({"aplan": "-1"})
    assert own_game(0) is None


def test_the_searched_plan_changes_the_bids_but_not_passing() -> None:
    # The same auction worlds: passing is valued by the defence in both, so it is the same;
    # the expert's own declaring is valued by its searched plan, so the bids' values move.
    view = _auction_view()
    plain = bid_candidates({}, view, samples=16, pool=4, sigma=10.0, play_out=play_out)
    planned = bid_candidates({}, view, samples=16, pool=4, sigma=10.0, play_out=play_out,
                             own=own_game(4), own_key=4)
    assert plain[0][0] == planned[0][0] == A.PASS
    assert planned[0][1] == pytest.approx(plain[0][1])
    moved = [abs(a[1] - b[1]) for a, b in zip(plain[1:], planned[1:], strict=True)]
    assert max(moved) > 1.0


def test_the_pool_is_kept_apart_per_valuation() -> None:
    view = _auction_view()
    pools: dict[tuple[object, ...], Pool] = {}
    plain = auction_pool(pools, view, 8, play_out)
    planned = auction_pool(pools, view, 8, play_out, own=own_game(2), own_key=2)
    assert plain is not planned and planned.own is not None and plain.own is None


def test_the_plan_is_chosen_on_the_fresh_deals_only() -> None:
    # The choice at a bid is the best mean over the fresh deals (or giving up, where that is
    # better); what the auction world itself holds takes no part in it.
    view = _auction_view()
    pool = auction_pool({}, view, 6, play_out)
    for world in pool.worlds:
        game = searched(view, world, 4)
        for bid in (170, 250, 350, 500):
            course, which = game.choice(bid)
            means = [sum(o.value_at(bid) for o in trial) / 4 for trial in game.trials]
            give = max(sum(game._give_up_value(g[s], bid) for g in game.give_up_trials) / 4
                       for s in range(4))
            if course == "play":
                assert means[which] == pytest.approx(max(means)) and means[which] >= give
            elif course == "give up":
                assert give >= max(means)


def test_a_high_bid_is_given_up_in_the_searched_plan() -> None:
    # At the highest bid no ordinary hand plays: the searched plan gives up, which costs the
    # bid, instead of failing for twice the bid.
    view = _auction_view()
    pool = auction_pool({}, view, 8, play_out)
    games = [searched(view, w, 4) for w in pool.worlds]
    top = view.rules.max_bid
    assert sum(g.choice(top)[0] == "give up" for g in games) >= 6
    assert all(g.chance(top, 10.0) == 0.0 for g in games if g.choice(top)[0] == "give up")


def test_the_fresh_deals_hold_exactly_the_cards_the_declarer_does_not() -> None:
    view = _auction_view(seed=5)
    pool = auction_pool({}, view, 4, play_out)
    me = view.seat
    for world in pool.worlds:
        full = world.hands[me] + world.dabb
        for hands in _fresh_deals(view, world, full, 6, random.Random(1)):
            assert hands[me] == 0
            assert sum(hands) + full == full_pack(view.rules)
            assert [size(h) for s, h in enumerate(hands) if s != me] == [
                size(h) for s, h in enumerate(world.hands) if s != me]


@pytest.mark.parametrize("rules_name", rule_set_names())
def test_the_expert_with_the_searched_plan_bids_legally_in_every_rule_set(
        rules_name: str) -> None:
    state = new_game(find_rules(rules_name), seed=f"aplan/{rules_name}")
    bot = ExpertBot("expert:samples=2,exact=3,plan=8,aplan=2")
    rng = random.Random(1)
    while state.hand_no == 0 and not state.is_over and state.phase is not Phase.PLAY:
        view = state.view(state.to_move)
        action = bot.choose(view, rng)
        assert action in view.legal_actions
        state = state.apply(action)
