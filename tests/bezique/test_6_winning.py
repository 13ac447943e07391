"""docs/rules/bezique.md §6 (winning): game 1000 (2000); reaching it by points scored as they go
wins at once; at the count, exactly one at the game wins, both: the higher total, a tie plays on."""

from __future__ import annotations

import pytest

from binokel.games.binocle import BinocleState, Ending, new_binocle_game
from binokel.games.binocle.records import (
    dump_binocle_record,
    load_binocle_record,
    replay_binocle,
)
from binokel.games.binocle.rules import BEZIQUE, BEZIQUE_2000

from .scenarios import DEALER, PONE, plain_action, play, run_until, written_game

NOTHING = "8♣ 8♣ 9♦ 9♦ 8♦ 8♦ 8♠ 9♣"


def test_6_reaching_1000_mid_hand_by_a_declaration_wins_at_once() -> None:
    state = written_game("A♥ 10♥ K♥ Q♥ J♥ A♣ A♣ 9♠", NOTHING, turned="8♥", scores=(980, 0))
    state = play(state, "A♣", "8♣", "meld royal marriage ♥")
    assert state.is_over and state.winner == PONE and state.ending is Ending.REACHED
    assert state.scores == (1020, 0) and state.legal_actions() == ()


def test_6_the_turned_seven_can_win_at_once() -> None:
    state = written_game("A♥ 10♥ K♥ Q♥ J♥ A♣ A♣ 9♠", NOTHING, turned="7♥", scores=(0, 990))
    assert state.is_over and state.winner == DEALER and state.ending is Ending.REACHED


def test_6_brisques_are_not_scored_as_they_go() -> None:
    # 990 and a trick with two brisques: the 20 are counted only at the end of the hand.
    state = written_game("A♠ K♣ 9♣ 9♣ 8♦ 8♦ 7♦ 7♦", "10♠ K♠ Q♠ 9♠ 8♠ 8♠ 8♣ 8♣", turned="J♥",
                         scores=(990, 0))
    state = play(state, "A♠", "10♠")
    assert not state.is_over and state.points == (20, 0) and state.scores == (990, 0)


def test_6_game_2000_is_a_rule_set() -> None:
    state = written_game("A♥ 10♥ K♥ Q♥ J♥ A♣ A♣ 9♠", NOTHING, turned="8♥", scores=(980, 0),
                         target=BEZIQUE_2000.target)
    state = play(state, "A♣", "8♣", "meld royal marriage ♥")
    assert not state.is_over and state.target == 2000


def _plain_hand(seed: int, scores: tuple[int, int]) -> BinocleState:
    """Hand 1 of a seeded game from ``scores``, played with plain cards (no declarations),
    up to the first state of the next hand or the end."""
    state = new_binocle_game(BEZIQUE, seed, scores=scores)
    return run_until(state, lambda s: s.is_over or s.hand_no > 0, plain_action)


def _starts_for(seed: int, over: tuple[int, int]) -> tuple[int, int] | None:
    """Start scores from which the plain hand ends ``over`` past 1000 for each seat, without
    anyone reaching 1000 before the count (None if the seed's hand cannot do it)."""
    counted = _plain_hand(seed, (0, 0)).results[0]
    gained = counted.scores
    starts = (1000 + over[0] - gained[0], 1000 + over[1] - gained[1])
    for seat in (0, 1):
        as_they_go = gained[seat] - counted.card_points[seat]  # the turned Seven, last trick
        if starts[seat] + as_they_go >= 1000 or starts[seat] < 0:
            return None
    return starts


def _seed_for(over: tuple[int, int]) -> tuple[int, tuple[int, int]]:
    for seed in range(100):
        starts = _starts_for(seed, over)
        if starts is not None:
            return seed, starts
    raise AssertionError("no seed gives that count")


@pytest.mark.parametrize("over", [(30, 0), (0, 20), (10, 40)])
def test_6_both_over_1000_at_the_end_of_a_hand_the_higher_wins(over: tuple[int, int]) -> None:
    seed, starts = _seed_for(over)
    final = _plain_hand(seed, starts)
    totals = (1000 + over[0], 1000 + over[1])
    assert final.is_over and final.scores == totals and final.hand_no == 0
    assert final.winner == (0 if totals[0] > totals[1] else 1)
    assert final.ending is Ending.COUNTED


def test_6_an_exact_tie_over_1000_plays_another_hand_decided_at_its_count() -> None:
    seed, starts = _seed_for((0, 0))
    state = _plain_hand(seed, starts)
    assert not state.is_over and state.hand_no == 1 and state.scores[0] == state.scores[1]
    assert min(state.scores) >= 1000 and state.target == 1000
    # Points scored as they go no longer end the game: both have passed 1000 already; the
    # next count decides it.
    final = run_until(state, lambda s: s.is_over or s.hand_no > 1, plain_action)
    assert final.is_over or final.hand_no == 2
    if final.is_over:
        assert final.results[-1].hand_no == 1 and final.ending is Ending.COUNTED
        assert final.scores[final.winner or 0] > final.scores[1 - (final.winner or 0)]


def test_6_the_record_of_a_game_won_by_the_higher_total_replays() -> None:
    for seed in range(40):
        state = new_binocle_game(BEZIQUE, seed)
        state = run_until(state, lambda s: s.is_over, plain_action)
        if min(state.scores) >= 1000:
            break
    else:
        raise AssertionError("no plain game ended with both over 1000 in 40 seeds")
    text = dump_binocle_record(state)
    assert text.rstrip().splitlines()[-1] == (
        f"End: both have passed 1000 when the hand is counted, 0 with {state.scores[0]}, "
        f"1 with {state.scores[1]}; {state.winner} wins with the higher")
    assert dump_binocle_record(replay_binocle(load_binocle_record(text))) == text
