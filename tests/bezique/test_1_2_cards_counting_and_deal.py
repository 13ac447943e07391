"""docs/rules/bezique.md §1 (cards and counting: brisques only) and §2 (cut and deal: 3-2-3, the
17th card turned, a turned Seven scores 10)."""

from __future__ import annotations

import random

import pytest

from binokel.cards import ONE, Rank, parse_card
from binokel.games.binocle import BinocleDeal, new_binocle_game
from binokel.games.binocle.hand import deal_binocle, full_pack
from binokel.games.binocle.records import dump_binocle_record
from binokel.games.binocle.rules import BEZIQUE, BEZIQUE_2000, BINOCLE

from .scenarios import DEALER, PONE, play, random_states, written_game


def test_1_the_pack_is_64_cards_a_10_k_q_j_9_8_7_twice() -> None:
    assert BEZIQUE.pack_size == 64 and len(full_pack(BEZIQUE)) == 64
    assert sorted(BEZIQUE.ranks) == sorted(Rank)
    assert BEZIQUE.dix_rank is Rank.SEVEN


def test_1_only_brisques_count_aces_and_tens_ten_each() -> None:
    points = {rank: BEZIQUE.kind_points[parse_card(f"{rank.label}♠").kind] for rank in Rank}
    assert points == {Rank.ACE: 10, Rank.TEN: 10, Rank.KING: 0, Rank.QUEEN: 0, Rank.JACK: 0,
                      Rank.NINE: 0, Rank.EIGHT: 0, Rank.SEVEN: 0}
    assert BEZIQUE.card_points_total == 160 and BINOCLE.card_points_total == 240


def test_1_a_trick_of_brisques_scores_them_and_a_trick_of_honours_nothing() -> None:
    state = written_game("A♠ K♣ 9♣ 9♣ 8♦ 8♦ 7♦ 7♦", "10♠ K♠ Q♠ 9♠ 8♠ 8♠ 8♣ 8♣", turned="J♥")
    state = play(state, "A♠", "10♠")  # the leader's Ace wins both brisques
    assert state.points == (20, 0)
    state = play(state, "K♣", "K♠")  # Kings and Queens are no brisques
    assert state.points == (20, 0) and state.tricks[-1].winner == PONE


@pytest.mark.parametrize("seed", range(6))
def test_1_every_hand_counts_160_in_brisques_and_10_for_the_last_trick(seed: int) -> None:
    states = random_states(BEZIQUE, seed)
    final = states[-1]
    for result in final.results:
        assert sum(result.card_points) == 160
        assert all(p % 10 == 0 for p in result.card_points)
        melds = [sum(m.points for m in result.melds[s]) + result.dix[s] for s in (0, 1)]
        # 170 a hand from the cards: the brisques and the last trick's 10.
        assert sum(result.scores) - sum(melds) == 170
        assert len(result.tricks) == 32


def test_2_eight_cards_each_dealt_3_2_3_pone_first_the_17th_turned() -> None:
    for seed in range(4):
        for dealer in (0, 1):
            cards = list(full_pack(BEZIQUE))
            # The engine's seeded shuffle (hand.py), repeated here to follow every card.
            random.Random(f"binocle/{seed}/0").shuffle(cards)
            deal = deal_binocle(BEZIQUE, seed, 0, dealer)
            pone = 1 - dealer
            packets = [(pone, 3), (dealer, 3), (pone, 2), (dealer, 2), (pone, 3), (dealer, 3)]
            hands = [0, 0]
            at = 0
            for seat, size in packets:
                for kind in cards[at:at + size]:
                    hands[seat] += ONE[kind]
                at += size
            assert at == 16
            assert deal == BinocleDeal((hands[0], hands[1]), cards[16], tuple(cards[17:]))
            assert len(deal.stock) == 47 and [len(deal.hand(s)) for s in (0, 1)] == [8, 8]


def test_2_the_deal_packets_are_data_of_the_rule_set() -> None:
    assert BEZIQUE.deal_rounds == (3, 2, 3) and BINOCLE.deal_rounds == (4, 4, 4)
    assert BEZIQUE.stock_size == 47 and BEZIQUE_2000.target == 2000


def test_2_a_turned_seven_scores_10_for_the_dealer_at_once() -> None:
    state = written_game("A♠ K♣ 9♣ 9♣ 8♦ 8♦ 7♦ 7♦", "10♠ K♠ Q♠ 9♠ 8♠ 8♠ 8♣ 8♣", turned="7♥")
    assert state.scores == (0, 10) and state.dix_points == (0, 10) and state.dealer == DEALER
    assert state.dix_exchanged  # the turned Seven itself: the other one can only be shown


def test_2_the_turned_seven_is_written_in_the_record_in_bezique_words() -> None:
    seed = next(s for s in range(200)
                if new_binocle_game(BEZIQUE, s).deal.turned_card.rank is Rank.SEVEN)
    state = new_binocle_game(BEZIQUE, seed)
    assert state.scores[state.dealer] == 10 and state.scores[state.pone] == 0
    text = dump_binocle_record(state)
    assert f"Turned: {state.dix} → {state.dealer} +10 (the trump Seven)" in text


def test_2_a_turned_card_other_than_a_seven_scores_nothing() -> None:
    state = written_game("A♠ K♣ 9♣ 9♣ 8♦ 8♦ 7♦ 7♦", "10♠ K♠ Q♠ 9♠ 8♠ 8♠ 8♣ 8♣", turned="8♥")
    assert state.scores == (0, 0) and not state.dix_exchanged
