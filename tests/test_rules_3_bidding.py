"""docs/rules/binokel.md §3 Bidding: forced opening, duels, +10 without jumps, the dealer's
entry."""

from __future__ import annotations

import pytest

from binokel import Bid, Pass, Phase, Rules, new_game
from binokel.games.binokel.rules import BINOKEL
from tests.helpers import D, F, M, game_with, play, play_out, refused

PASS_OR_RAISE = "pass or exactly 10 more"


def test_3_forehand_must_open_at_150() -> None:
    state = new_game(seed=1, dealer=D)
    assert state.bids == ((F, 150),)
    assert state.bid == 150 and state.high_bidder == F
    assert state.phase is Phase.AUCTION and state.to_move == M, "middlehand answers first"


@pytest.mark.parametrize("minimum", [200, 250])
def test_3_minimum_bid_option_200_or_250(minimum: int) -> None:
    rules = Rules(name=f"min{minimum}", min_bid=minimum)
    state = new_game(rules, 1, dealer=D)
    assert state.bids == ((F, minimum),)
    assert state.legal_actions() == (Pass(), Bid(minimum + 10))


def test_3_middlehand_passes_or_bids_exactly_10_more() -> None:
    state = new_game(seed=1, dealer=D)
    assert set(state.legal_actions()) == {Pass(), Bid(160)}, PASS_OR_RAISE


def test_3_no_jumps() -> None:
    state = new_game(seed=1, dealer=D)
    assert "Bids go up by 10" in refused(state, "170")
    assert "Bids go up by 10" in refused(state, "165")
    assert refused(state, "150")  # not more than the opening
    assert refused(state, "140")


def test_3_jump_option_in_steps_of_10() -> None:
    rules = Rules(name="jumps", bid_jumps=True)
    state = new_game(rules, 1, dealer=D)
    legal = state.legal_actions()
    assert Bid(160) in legal and Bid(200) in legal and Bid(300) in legal
    assert Bid(165) not in legal and Bid(150) not in legal
    assert "steps of 10" in refused(state, "165")
    state = state.apply(Bid(200))
    assert state.bid == 200 and state.to_move == F
    assert Bid(210) in state.legal_actions() and Bid(200) not in state.legal_actions()


def test_3_the_auction_is_a_duel_of_middlehand_and_forehand() -> None:
    state = new_game(seed=1, dealer=D)
    movers = []
    for value in (160, 170, 180, 190):
        movers.append(state.to_move)
        assert set(state.legal_actions()) == {Pass(), Bid(value)}, PASS_OR_RAISE
        state = state.apply(Bid(value))
    assert movers == [M, F, M, F]
    assert state.to_move == M and state.high_bidder == F and state.bid == 190


def test_3_dealer_enters_after_forehand_passes_and_duels_the_survivor() -> None:
    state = play(new_game(seed=1, dealer=D), "160", "pass")
    assert state.to_move == D, "the dealer enters when one of the two passes"
    assert set(state.legal_actions()) == {Pass(), Bid(170)}, "10 more than the last bid"
    state = play(state, "170")
    assert state.to_move == M, "the survivor answers the dealer"
    state = play(state, "180", "190")
    assert state.to_move == M
    state = play(state, "pass")
    assert state.declarer == D and state.bid == 190


def test_3_dealer_enters_after_middlehand_passes() -> None:
    state = play(new_game(seed=1, dealer=D), "pass")
    assert state.to_move == D
    assert set(state.legal_actions()) == {Pass(), Bid(160)}
    state = play(state, "160")
    assert state.to_move == F, "forehand, the survivor, answers"
    state = play(state, "170", "pass")
    assert state.declarer == F and state.bid == 170


def test_3_a_passed_player_is_out_of_the_auction() -> None:
    state = play(new_game(seed=1, dealer=D), "160", "pass", "170", "180", "190")
    seats = [seat for seat, _ in state.bids]
    assert seats == [F, M, F, D, M, D]
    assert F not in seats[3:], "forehand passed and never bids again"
    after_pass = [s.to_move for s in state.states() if len(s.bids) >= 3]
    assert F not in after_pass and set(after_pass) == {M, D}
    state = play(state, "pass")
    assert state.declarer == D and state.phase is Phase.DISCARD


def test_3_the_last_player_left_is_declarer_and_the_last_bid_is_the_target() -> None:
    # M 160, F 170, M passes; the dealer enters at 180 and forehand passes.
    state = play(new_game(seed=1, dealer=D), "160", "170", "pass", "180", "pass")
    assert state.declarer == D and state.bid == 180
    assert state.phase is Phase.DISCARD and state.to_move == D
    state = play(state, "out ♥")
    assert state.results[0].declarer == D and state.results[0].bid == 180


def test_3_forehand_is_declarer_at_150_when_both_others_pass() -> None:
    state = play(new_game(seed=1, dealer=D), "pass", "pass")
    assert state.declarer == F and state.bid == 150
    assert state.bids == ((F, 150), (M, 0), (D, 0))


def test_3_the_auction_record_lists_every_bid_and_pass() -> None:
    state = play(new_game(seed=1, dealer=D), "160", "pass", "pass")
    assert state.bids == ((F, 150), (M, 160), (F, 0), (D, 0))
    assert state.declarer == M and state.bid == 160


def test_3_a_bid_promises_melds_tricks_and_discards() -> None:
    # Middlehand wins at 160 with a clubs family in trumps (150) plus whatever tricks and
    # discards bring; the target the score is judged against is the bid.
    state = game_with({M: "A♣ 10♣ K♣ Q♣ J♣ A♣ 10♣ A♥ A♥ A♠ A♠ A♦"}, "J♥ J♥ J♠ J♠")
    state = play(state, "160", "pass", "pass", "lay J♥", "lay J♥", "lay J♠", "lay J♠",
                 "trump ♣")
    state = play_out(state)
    result = state.results[0]
    assert result.declarer == M and result.bid == 160
    total = result.trick_points[M] + result.discard_points + result.meld_points[M]
    assert result.discard_points == 8
    assert result.scores[M] == (total if total >= 160 and result.tricks_won[M] else -320)


def test_3_bids_never_exceed_the_rule_sets_ceiling() -> None:
    rules = Rules(name="low ceiling", max_bid=170)
    state = play(new_game(rules, 1, dealer=D), "160", "170")
    assert state.legal_actions() == (Pass(),)


def test_3_with_four_bidders_duels_continue_in_seat_order() -> None:
    # §3 last bullet (the four-player rule sets of §9): the survivor faces the next player to
    # the right until every player has entered.
    rules = Rules(name="four", players=4, hand_size=9)
    state = new_game(rules, 1, dealer=3)
    assert state.active == (0, 1, 2, 3) and state.bids == ((0, 150),)
    state = play(state, "160", "pass")  # seat 1 beats seat 0, who passes
    assert state.to_move == 2
    state = play(state, "170", "180", "pass")  # seat 2 and seat 1 duel; seat 2 passes
    assert state.to_move == 3, "the dealer enters last"
    state = play(state, "190", "pass")
    assert state.declarer == 3 and state.bid == 190
    assert BINOKEL.players == 3
