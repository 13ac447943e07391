"""docs/rules/binocle.md §7 (winning: 1000 points, and claiming) and §8 (the 64-card game)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from binokel.games.binocle import (
    BINOCLE,
    BINOCLE_64,
    BinocleIllegalActionError,
    BinocleRules,
    BinocleState,
    Claim,
    Ending,
    new_binocle_game,
    random_action,
)

from .scenarios import DEALER, PONE, plain_action, play, random_states, run_until, written_game

PONE_PLAIN = "A♣ A♣ 9♣ 9♣ 9♠ 9♠ J♠ J♠ Q♦ Q♦ 10♠ 10♥"
DEALER_PLAIN = "10♣ 10♣ 10♦ 10♦ J♣ J♣ 9♦ 9♦ A♠ A♠ 10♠ K♥"
SEQUENCE = "A♥ 10♥ K♥ Q♥ J♥ A♣ A♣ A♠ 9♣ 9♣ 9♠ 9♠"
DEALER_NO_MELD = "10♣ 10♣ 10♠ 10♠ 10♦ 10♦ J♣ J♣ J♠ J♠ 9♦ 9♦"


def test_7_reaching_1000_by_melds_wins_at_once() -> None:
    state = written_game(SEQUENCE, DEALER_NO_MELD, turned="J♥", scores=(950, 0))
    state = play(state, "A♣", "9♦", "meld sequence ♥")
    assert state.is_over and state.winner == PONE and state.ending is Ending.REACHED
    assert state.scores == (1100, 0) and state.legal_actions() == ()


def test_7_turned_dix_can_win_at_once() -> None:
    state = written_game(PONE_PLAIN, "10♣ 10♣ 10♦ 10♦ J♣ J♣ 9♦ 9♦ A♠ A♠ 10♠ K♥",
                         turned="9♥", scores=(0, 990))
    assert state.is_over and state.winner == DEALER and state.ending is Ending.REACHED


def test_7_correct_claim_wins() -> None:
    state = written_game(PONE_PLAIN, DEALER_PLAIN, turned="J♥", scores=(990, 0))
    state = play(state, "A♣", "10♣")  # 21 card points taken: 990 + 21 = 1011
    assert state.claim_total(PONE) == 1011 and state.to_move == PONE
    state = play(state, "claim")
    assert state.is_over and state.winner == PONE and state.ending is Ending.CLAIMED


def test_7_wrong_claim_loses() -> None:
    state = written_game(PONE_PLAIN, DEALER_PLAIN, turned="J♥", scores=(990, 0))
    assert Claim() in state.legal_actions()
    state = play(state, "claim")  # only 990: the adversary wins, whatever the score
    assert state.is_over and state.winner == DEALER and state.ending is Ending.WRONG_CLAIM
    assert state.history() == [Claim()]


def test_7_claim_at_any_turn_also_the_follower() -> None:
    state = written_game(PONE_PLAIN, DEALER_PLAIN, turned="J♥", scores=(0, 990))
    state = play(state, "9♣", "10♣", "A♠")
    assert state.to_move == PONE and Claim() in state.legal_actions()
    state = play(state, "9♠")  # the dealer took 10 + 0, then 11 + 0 card points
    assert state.claim_total(DEALER) == 990 + 10 + 11
    assert play(state, "claim").winner == DEALER


def test_7_claim_automatically_option() -> None:
    rules = BINOCLE.replace(claim_automatically=True)
    state = written_game(PONE_PLAIN, DEALER_PLAIN, turned="J♥", scores=(990, 0), rules=rules)
    assert Claim() not in state.legal_actions()
    with pytest.raises(BinocleIllegalActionError, match="Claims are made automatically"):
        state.apply(Claim())
    state = play(state, "A♣", "10♣")
    assert state.is_over and state.winner == PONE and state.ending is Ending.CLAIMED


def never_claims(state: BinocleState) -> object:
    return plain_action(state)


def first_hand_end(scores: tuple[int, int], seeds: range,
                   rules: BinocleRules = BINOCLE) -> Iterator[BinocleState]:
    """The state after the first hand of games that start at ``scores`` (nobody claims)."""
    for seed in seeds:
        state = new_binocle_game(rules, seed, scores=scores)
        yield run_until(state, lambda s: s.hand_no == 1 or s.is_over, never_claims)


def test_7_exactly_one_at_1000_when_counted_wins() -> None:
    for end in first_hand_end((985, 0), range(20)):
        if end.ending is Ending.COUNTED:
            break
    else:
        raise AssertionError("no hand ended by counting")
    assert end.is_over and end.winner == 0
    assert end.scores[0] >= 1000 > end.scores[1]
    assert end.results[0].totals == end.scores


def test_7_both_pass_1000_play_to_1250() -> None:
    for end in first_hand_end((985, 985), range(20)):
        if not end.is_over:
            break
    else:
        raise AssertionError("no hand where both passed 1000")
    assert min(end.scores) >= 1000 and end.target == 1250
    assert end.hand_no == 1 and end.results[0].totals == end.start_scores
    # Play on: the game ends at 1250 or beyond.
    rng = random.Random(1250)
    state = end
    while not state.is_over:
        state = state.apply(random_action(state, rng))
    assert state.target >= 1250
    assert state.winner is not None
    assert state.claim_total(state.winner) >= state.target or state.scores[state.winner] >= \
        state.target


def test_7_play_on_raises_the_target_past_both() -> None:
    rules = BINOCLE.replace(target_step=10)
    for end in first_hand_end((985, 985), range(20), rules):
        if not end.is_over and max(end.start_scores) >= 1010:
            break
    else:
        raise AssertionError("no hand where both passed")
    # One step is not enough: the target goes up until neither has reached it.
    assert end.target > max(end.start_scores) >= end.target - 10
    assert (end.target - 1000) % 10 == 0


def test_8_64_card_game_twenty_tricks_from_the_stock_then_twelve() -> None:
    states = random_states(BINOCLE_64, 3)
    exhausted = next(s for s in states if not s.stock_lasts)
    assert len(exhausted.tricks) == 20
    first = states[-1].results[0] if states[-1].results else None
    if first is not None:
        assert len(first.tricks) == 32
    assert BINOCLE_64.stock_size == 39
