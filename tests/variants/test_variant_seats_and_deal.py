"""docs/rules/binokel.md §2 and §9: who sits, who plays, and how the cards are dealt in every rule
set."""

from __future__ import annotations

from collections import Counter

import pytest

from binokel import Contract, IllegalActionError, Phase, Rules, find_rules, new_game
from binokel.games.binokel.game import active_seats, deal_hand
from binokel.games.binokel.rules import registered_rules
from binokel.games.binokel.scoring import score_hand
from binokel.games.binokel.state import _deal_order

from .variant_tools import full_pack, random_game

DABB = -1  # stands for the Dabb in the deal patterns below


def pattern(rules: Rules) -> list[int]:
    """Where each card of the shuffled pack goes, as (player index from forehand | DABB)."""
    n = rules.active_players
    return [DABB if d == n else d for d in _deal_order(rules)]


def test_2_9_four_players_get_nine_cards_in_three_packets_with_two_to_the_dabb_twice() -> None:
    p = [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]
    assert pattern(find_rules("binokel-4")) == [*p, DABB, DABB, *p, DABB, DABB, *p]
    assert pattern(find_rules("kreuzbinokel")) == pattern(find_rules("binokel-4"))


def test_9_sevens_deals_fifteen_with_one_card_to_the_dabb_after_each_of_three_rounds() -> None:
    p = [0, 0, 0, 1, 1, 1, 2, 2, 2]
    assert pattern(find_rules("binokel-sevens")) == [*p, DABB, *p, DABB, *p, DABB, *p, *p]


def test_2_three_players_get_twelve_with_two_to_the_dabb_after_rounds_one_and_two() -> None:
    p = [0, 0, 0, 1, 1, 1, 2, 2, 2]
    assert pattern(find_rules("binokel")) == [*p, DABB, DABB, *p, DABB, DABB, *p, *p]
    assert pattern(find_rules("binokel-4-dealer-out")) == pattern(find_rules("binokel"))


@pytest.mark.parametrize("rules", registered_rules(), ids=lambda r: r.name)
def test_2_every_rule_set_deals_the_whole_pack(rules: Rules) -> None:
    for hand_no in range(3):
        dealer = hand_no % rules.players
        deal = deal_hand(rules, 11, hand_no, dealer)
        active = active_seats(rules, dealer)
        dealt: Counter[object] = Counter(deal.dabb_cards())
        assert len(deal.dabb_cards()) == rules.dabb_size
        for seat in range(rules.players):
            cards = deal.hand(seat)
            assert len(cards) == (rules.hand_size if seat in active else 0)
            dealt.update(cards)
        assert dealt == full_pack(rules)
        assert sum(dealt.values()) == rules.pack_size


def test_9_sevens_has_both_sevens_of_every_suit_and_still_240_card_points() -> None:
    rules = find_rules("binokel-sevens")
    pack = full_pack(rules)
    assert sum(pack.values()) == 48
    assert sorted(str(c) for c in pack if c.rank.label == "7") == ["7♠", "7♣", "7♥", "7♦"]
    assert sum(c.points * k for c, k in pack.items()) == 240


def test_9_sevens_declarer_lays_away_three() -> None:
    state = new_game(find_rules("binokel-sevens"), seed=3, dealer=2)
    state = state.apply(state.legal_actions()[0]).apply(state.legal_actions()[0])  # pass, pass
    assert state.phase is Phase.DISCARD and len(state.hand(0)) == 18
    for _ in range(3):
        state = state.apply(next(a for a in state.legal_actions() if str(a).startswith("lay")))
    assert state.phase is Phase.TRUMP and len(state.hand(0)) == 15


# --- four players, one against three ---------------------------------------------------------

FOUR = find_rules("binokel-4")


def test_9_four_players_all_play_and_bid_in_seat_order() -> None:
    state = new_game(FOUR, seed=5, dealer=3)
    assert state.active == (0, 1, 2, 3) and state.to_move == 1
    state = state.apply(state.legal_actions()[1])  # seat 1: 160
    state = state.apply(state.legal_actions()[0])  # seat 0 passes
    assert state.to_move == 2, "the survivor faces the next player to the right"
    state = state.apply(state.legal_actions()[0])  # seat 2 passes
    assert state.to_move == 3
    state = state.apply(state.legal_actions()[0])  # the dealer passes
    assert state.declarer == 1 and state.bid == 160
    assert len(state.hand(1)) == 13, "the declarer takes the Dabb of 4"


def test_9_one_against_three_each_opponent_scores_alone() -> None:
    scores, counted = score_hand(
        FOUR, active=[0, 1, 2, 3], declarer=2, bid=200, contract=Contract.TRUMP,
        meld_points=[60, 0, 150, 40], tricks_won=[2, 0, 5, 2], trick_points=[40, 0, 150, 40],
        discard_points=20)
    assert counted == (60, 0, 150, 40)
    assert scores == (100, 0, 320, 80), "no team: every opponent counts own tricks and melds"


def test_9_one_against_three_giving_up_pays_each_of_three_opponents() -> None:
    scores, _ = score_hand(
        FOUR, active=[0, 1, 2, 3], declarer=0, bid=180, contract=Contract.GIVE_UP,
        meld_points=[0, 20, 0, 100], tricks_won=[0] * 4, trick_points=[0] * 4, discard_points=0)
    assert scores == (-180, 70, 50, 150)


# --- four at the table, the dealer sits out --------------------------------------------------

OUT = find_rules("binokel-4-dealer-out")


def test_9_the_dealer_sits_out_and_the_other_three_play() -> None:
    state = new_game(OUT, seed=2, dealer=1)
    assert state.active == (2, 3, 0), "forehand is the dealer's right-hand neighbour"
    assert state.hand(1) == [] and state.view(1).hand == ()
    assert not state.view(1).is_playing and state.view(2).is_playing
    assert state.view(0).hand_sizes == (12, 0, 12, 12)


def test_9_the_dealer_who_sits_out_is_told_so() -> None:
    state = new_game(OUT, seed=2, dealer=1)
    with pytest.raises(IllegalActionError, match="You sit this hand out: seat 1 dealt"):
        state.apply(state.legal_actions()[0], seat=1)


def test_9_four_running_scores_and_the_deal_moves_right() -> None:
    state = random_game(OUT, 4, hands=8)
    assert len(state.scores) == 4
    assert len(state.results) == 8
    for i, result in enumerate(state.results):
        dealer = result.dealer
        assert dealer == (state.results[0].dealer + i) % 4
        assert result.scores[dealer] == 0, "the dealer sitting out scores nothing"
        assert result.declarer != dealer
        assert result.tricks_won[dealer] == 0 and result.melds[dealer] == ()
        for trick in result.tricks:
            assert dealer not in trick.seats(active_seats(OUT, dealer))


def test_9_a_game_with_the_dealer_sitting_out_ends_at_the_target() -> None:
    state = random_game(OUT.replace(name="short", target=500), 7, trump_only=True)
    assert state.is_over and len(state.winners) == 1
    assert state.scores[state.winners[0]] >= 500
