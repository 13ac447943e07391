"""docs/rules/binocle.md §1 (cards and counting) and §2 (players, cut and deal)."""

from __future__ import annotations

import random

from binokel.cards import CARD_POINTS, ONE, RANK_SLOTS, Rank, size_of
from binokel.games.binocle import (
    BINOCLE,
    BINOCLE_64,
    cut_for_deal,
    deal_binocle,
    new_binocle_game,
)
from binokel.games.binocle.game import full_pack

from .scenarios import DEALER, PONE, plain_action, run_until, written_game


def test_1_pack_is_48_cards_two_of_each() -> None:
    pack = full_pack(BINOCLE)
    assert len(pack) == 48
    assert all(pack.count(k) == 2 for k in set(pack))
    assert {k % RANK_SLOTS for k in pack} == {Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN,
                                             Rank.JACK, Rank.NINE}


def test_1_card_points_add_to_240() -> None:
    assert sum(CARD_POINTS[k % RANK_SLOTS] for k in full_pack(BINOCLE)) == 240
    assert sum(CARD_POINTS[k % RANK_SLOTS] for k in full_pack(BINOCLE_64)) == 240


def test_1_64_card_game_adds_sevens_and_eights_and_the_seven_is_dix() -> None:
    pack = full_pack(BINOCLE_64)
    assert len(pack) == 64
    state = new_binocle_game(BINOCLE_64, seed=2)
    assert state.dix.rank is Rank.SEVEN and state.dix.suit == state.trump
    assert new_binocle_game(BINOCLE, seed=2).dix.rank is Rank.NINE


def test_2_higher_cut_chooses_and_makes_the_other_deal() -> None:
    for seed in range(200):
        cuts, dealer = cut_for_deal(BINOCLE, seed)
        *ties, last = cuts
        assert all(a.rank == b.rank for a, b in ties)  # equal ranks cut again
        assert last[0].rank != last[1].rank
        higher = 0 if last[0].rank > last[1].rank else 1
        assert dealer == 1 - higher
        state = new_binocle_game(BINOCLE, seed)
        assert state.dealer == dealer and state.cut == cuts
        assert state.to_move == state.pone == 1 - dealer


def test_2_cut_ranks_ace_high_nine_low() -> None:
    assert Rank.ACE > Rank.TEN > Rank.KING > Rank.QUEEN > Rank.JACK > Rank.NINE


def test_2_twelve_each_four_at_a_time_pone_first_then_the_turned_card() -> None:
    seed, hand_no, dealer = 11, 3, 1
    cards = list(full_pack(BINOCLE))
    random.Random(f"binocle/{seed}/{hand_no}").shuffle(cards)
    pone = 1 - dealer
    expected = [0, 0]
    for packet in range(6):
        seat = pone if packet % 2 == 0 else dealer
        for kind in cards[packet * 4:(packet + 1) * 4]:
            expected[seat] += ONE[kind]
    deal = deal_binocle(BINOCLE, seed, hand_no, dealer)
    assert list(deal.hands) == expected
    assert deal.turned == cards[24]  # the 25th card is turned up for trump
    assert deal.stock == tuple(cards[25:])
    assert all(size_of(h) == 12 for h in deal.hands)


def test_2_turned_card_is_trump_and_the_rest_is_the_stock() -> None:
    state = new_binocle_game(BINOCLE, seed=4)
    assert state.turned is not None and state.turned.suit == state.trump
    assert state.stock_size == 23
    assert new_binocle_game(BINOCLE_64, seed=4).stock_size == 39


def test_2_turned_dix_scores_10_for_the_dealer() -> None:
    state = written_game("9♥ A♣ A♣ 9♣ 9♣ 9♠ 9♠ J♠ J♠ Q♦ Q♦ 10♠",
                         "10♣ 10♣ 10♦ 10♦ J♣ J♣ 9♦ 9♦ A♠ A♠ 10♠ J♥", turned="9♥")
    assert state.scores == (0, 10)
    assert state.dix_points == (0, 10)
    plain = written_game("9♥ A♣ A♣ 9♣ 9♣ 9♠ 9♠ J♠ J♠ Q♦ Q♦ 10♠",
                         "10♣ 10♣ 10♦ 10♦ J♣ J♣ 9♦ 9♦ A♠ A♠ 10♠ 9♥", turned="J♥")
    assert plain.scores == (0, 0)
    assert (plain.pone, plain.dealer) == (PONE, DEALER)


def test_2_deal_alternates() -> None:
    state = new_binocle_game(BINOCLE, seed=8)
    first = state.dealer
    state = run_until(state, lambda s: s.hand_no == 1 or s.is_over)
    assert state.hand_no == 1 and state.dealer == 1 - first and state.to_move == first


def test_2_deal_comes_from_the_seed() -> None:
    assert deal_binocle(BINOCLE, 5, 0, 0) == deal_binocle(BINOCLE, 5, 0, 0)
    assert deal_binocle(BINOCLE, 5, 0, 0) != deal_binocle(BINOCLE, 5, 1, 0)
    assert deal_binocle(BINOCLE, 5, 0, 0) != deal_binocle(BINOCLE, 6, 0, 0)
    a = run_until(new_binocle_game(BINOCLE, 5), lambda s: len(s.history()) == 30)
    b = run_until(new_binocle_game(BINOCLE, 5), lambda s: len(s.history()) == 30, plain_action)
    assert a.hands == b.hands
