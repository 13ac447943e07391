"""docs/rules/binokel.md §2 Seats and deal: to the right, forehand, the seeded shuffle, packets of
3, Dabb."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from binokel import Card, Phase, new_game
from binokel.cards import Suit
from binokel.games.binokel.game import deal_hand, first_dealer
from binokel.games.binokel.rules import BINOKEL
from tests.helpers import D, F, M, full_pack, game_with, play, play_out, random_action


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_2_forehand_is_the_dealers_right_then_middlehand_dealer_is_rearhand(dealer: int) -> None:
    state = new_game(seed=5, dealer=dealer)
    forehand, middlehand, rearhand = (dealer + 1) % 3, (dealer + 2) % 3, dealer
    assert state.dealer == dealer
    assert state.active == (forehand, middlehand, rearhand)
    assert state.forehand == forehand


def test_2_play_goes_to_the_right() -> None:
    state = game_with({})
    state = play(state, "pass", "pass", "lay A♣", "lay A♣", "lay 10♣", "lay 10♣", "trump ♥")
    seats = []
    for _ in range(3):
        seats.append(state.to_move)
        state = state.apply(state.legal_actions()[0])
    assert seats == [F, M, D] == [F, (F + 1) % 3, (F + 2) % 3]


def test_2_the_deal_passes_to_the_right_after_each_hand() -> None:
    state = new_game(seed=11, dealer=1)
    dealers = [state.dealer]
    for _ in range(4):
        # Forehand is declarer at 150 and gives up: the quickest whole hand.
        state = play(state, "pass", "pass", "out ♥")
        dealers.append(state.dealer)
    assert dealers == [1, 2, 0, 1, 2]
    assert state.hand_no == 4 and state.phase is Phase.AUCTION


def test_2_the_deal_passes_to_the_right_after_a_played_hand() -> None:
    state = play(game_with({}), "pass", "pass", "lay A♣", "lay A♣", "lay 10♣", "lay 10♣",
                 "trump ♥")
    state = play_out(state)
    assert state.hand_no == 1 and state.dealer == (D + 1) % 3 and state.forehand == (D + 2) % 3


def test_2_first_dealer_is_drawn_by_lot_from_the_seed() -> None:
    dealers = [first_dealer(BINOKEL, seed) for seed in range(60)]
    assert set(dealers) == {0, 1, 2}, "every seat can be drawn"
    assert dealers == [first_dealer(BINOKEL, seed) for seed in range(60)], "seeded"
    assert [new_game(seed=seed).dealer for seed in range(60)] == dealers


@pytest.mark.parametrize("seed", [0, 17, "a string seed"])
def test_2_same_seed_and_same_actions_give_the_same_game(seed: int | str) -> None:
    def run() -> tuple[object, ...]:
        rng = random.Random(99)
        state = new_game(seed=seed)
        for _ in range(400):
            if state.is_over:
                break
            state = state.apply(random_action(rng, state))
        return (state.history(), state.results, state.hands, state.scores, state.dealer,
                [new_game(seed=seed).hand(s) for s in range(3)])

    assert run() == run()


def test_2_different_seeds_shuffle_differently() -> None:
    deals = {tuple(new_game(seed=seed, dealer=0).hands) for seed in range(20)}
    assert len(deals) == 20


def test_2_each_hand_is_shuffled_anew() -> None:
    deals = {deal_hand(BINOKEL, 1, hand_no, 0).hands for hand_no in range(10)}
    assert len(deals) == 10


@pytest.mark.parametrize("seed", range(5))
def test_2_three_players_get_twelve_cards_and_the_dabb_four(seed: int) -> None:
    state = new_game(seed=seed)
    assert [len(state.hand(s)) for s in range(3)] == [12, 12, 12]
    assert len(state.deal.dabb_cards()) == 4
    dealt = sum((Counter(state.hand(s)) for s in range(3)), Counter(state.deal.dabb_cards()))
    assert dealt == full_pack(BINOKEL)


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_2_dealt_in_packets_of_three_from_forehand_dabb_after_rounds_one_and_two(
        dealer: int) -> None:
    # Shuffle and cut are one seeded permutation: the sorted pack (suits in order, each rank
    # low to high, two copies) shuffled by ``random.Random("binokel/<seed>/<hand>")``, which
    # every record's replay relies on.  We make that permutation here and check that the cards
    # went out from its top as a Swabian dealer deals them.
    order = [Card(suit, rank) for suit in Suit for rank in BINOKEL.ranks for _ in range(2)]
    random.Random("binokel/2024/0").shuffle(order)
    deal = deal_hand(BINOKEL, 2024, 0, dealer)
    forehand, middlehand = (dealer + 1) % 3, (dealer + 2) % 3
    expected: dict[int, list[Card]] = {forehand: [], middlehand: [], dealer: []}
    dabb: list[Card] = []
    top = 0
    for round_no in (1, 2, 3, 4):
        for seat in (forehand, middlehand, dealer):
            expected[seat] += order[top:top + 3]
            top += 3
        if round_no in (1, 2):
            dabb += order[top:top + 2]
            top += 2
    assert top == 40
    for seat, got in expected.items():
        assert Counter(deal.hand(seat)) == Counter(got), f"seat {seat}"
    assert Counter(deal.dabb_cards()) == Counter(dabb)


def test_2_the_deals_shuffle_draws_as_random_shuffle_does() -> None:
    # The deal writes random.Random.shuffle's loop out for speed; every record's replay relies
    # on it drawing the same permutation, for every pack size a rule set can have.
    from binokel.games.binokel.state import _shuffle

    for size in (0, 1, 2, 32, 48, 64, 80):
        for seed in range(40):
            mine, theirs = list(range(size)), list(range(size))
            _shuffle(mine, random.Random(f"binokel/{seed}/{size}").getrandbits)
            random.Random(f"binokel/{seed}/{size}").shuffle(theirs)
            assert mine == theirs, (size, seed)


def test_2_the_deals_generator_is_random_random_of_the_text_seed() -> None:
    # The deal seeds its generator without random.py's Python layer (speed-04); old records
    # replay only if it draws exactly what random.Random("binokel/<seed>/<hand>") draws.
    from binokel.games.binokel.state import _seeded

    for text in ("binokel/0/0", "binokel/2024/7", "binokel/bench/3/1/11", "binokel/Grüß/2", ""):
        mine, theirs = _seeded(text), random.Random(text)
        assert [mine.getrandbits(k) for k in (1, 5, 6, 32, 64, 7)] == [
            theirs.getrandbits(k) for k in (1, 5, 6, 32, 64, 7)], text
