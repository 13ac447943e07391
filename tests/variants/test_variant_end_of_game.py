"""docs/rules/binokel.md §10 and §9 "other targets": the game to 1000, 1500 or 2000, or a fixed
number of hands; the declarer wins a shared finish; an exact tie plays on; teams win together."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from binokel import GameState, Rules, find_rules
from binokel.games.binokel.rules import registered_rules
from binokel.games.binokel.scoring import game_winners

from .variant_tools import random_game, side_of


def expected_winners(rules: Rules, totals: Sequence[int], declarer: int,
                     hands_played: int) -> tuple[int, ...]:
    """§10, restated: who has won after a hand, or () while the game goes on."""
    seats = range(rules.players)
    if rules.fixed_hands:
        if hands_played < rules.fixed_hands:
            return ()
        return tuple(s for s in seats if totals[s] == max(totals))
    reached = [s for s in seats if totals[s] >= rules.target]
    if not reached:
        return ()
    if declarer in reached:
        return side_of(rules, declarer)
    best = max(totals[s] for s in reached)
    sides = {side_of(rules, s) for s in reached if totals[s] == best}
    return sides.pop() if len(sides) == 1 else ()


@pytest.mark.parametrize(("name", "target"), [("binokel-to-1000", 1000), ("binokel", 1500),
                                              ("binokel-to-2000", 2000)])
def test_10_the_first_to_reach_the_target_wins(name: str, target: int) -> None:
    rules = find_rules(name)
    assert rules.target == target
    below = target - 10
    assert game_winners(rules, (below, 0, 0), declarer=0, hands_played=3) == ()
    assert game_winners(rules, (target, 0, 0), declarer=1, hands_played=3) == (0,)


def test_10_when_several_reach_the_target_the_declarer_wins() -> None:
    rules = find_rules("binokel-to-1000")
    assert game_winners(rules, (1010, 1200, 0), declarer=0, hands_played=9) == (0,)


def test_10_otherwise_the_higher_total_and_an_exact_tie_plays_on() -> None:
    rules = find_rules("binokel-to-1000")
    assert game_winners(rules, (1010, 1200, 0), declarer=2, hands_played=9) == (1,)
    assert game_winners(rules, (1200, 1200, 0), declarer=2, hands_played=9) == ()


def test_10_with_a_fixed_number_of_hands_the_highest_total_wins_and_ties_share() -> None:
    rules = find_rules("binokel-12-hands")
    assert game_winners(rules, (5000, 0, 0), declarer=0, hands_played=11) == (), \
        "the target does not end a game of fixed hands"
    assert game_winners(rules, (300, 500, -20), declarer=0, hands_played=12) == (1,)
    assert game_winners(rules, (500, 500, -20), declarer=0, hands_played=12) == (0, 1)


def test_10_twelve_hands_are_exactly_twelve_and_each_player_deals_four_times() -> None:
    state = random_game(find_rules("binokel-12-hands"), 3)
    assert state.is_over and len(state.results) == 12
    dealers = [r.dealer for r in state.results]
    assert sorted(dealers) == [0] * 4 + [1] * 4 + [2] * 4
    assert state.winners == tuple(s for s in range(3) if state.scores[s] == max(state.scores))


def _check_game(state: GameState) -> None:
    rules = state.rules
    for i, result in enumerate(state.results):
        winners = expected_winners(rules, result.totals, result.declarer, i + 1)
        last = i == len(state.results) - 1
        assert bool(winners) == (last and state.is_over), f"hand {i + 1}"
        if last and state.is_over:
            assert state.winners == winners


@pytest.mark.parametrize("rules", registered_rules(), ids=lambda r: r.name)
def test_10_every_rule_set_ends_its_game_by_the_rules(rules: Rules) -> None:
    # Random players rarely make a bid; a lower target keeps the games short.
    short = rules if rules.fixed_hands else rules.replace(name="short", target=200)
    for seed in range(2):
        state = random_game(short, seed, trump_only=True, passive=True, hands=400)
        assert state.is_over
        _check_game(state)
