"""docs/rules/binokel.md §5 Melds: the table row by row, the three kinds, and melds in the game."""

from __future__ import annotations

import pytest

from binokel import Meld, Phase, Rules, Suit, find_melds
from binokel.games.binokel.rules import SEVENS_RANKS
from tests.helpers import (
    SWEEP,
    SWEEP_DABB,
    SWEEP_DISCARD,
    D,
    F,
    M,
    cards,
    game_with,
    oracle_meld_total,
    play,
    play_out,
)

SPADES, HEARTS, CLUBS, DIAMONDS = Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS


def total(text: str, trump: Suit | None, rules: Rules | None = None) -> int:
    melds = find_melds(cards(text), trump) if rules is None else find_melds(
        cards(text), trump, rules)
    return sum(m.points for m in melds)


def names(text: str, trump: Suit | None) -> list[str]:
    return sorted(m.name for m in find_melds(cards(text), trump))


# --- the table, row by row -------------------------------------------------------------------

@pytest.mark.parametrize(("hand", "trump", "points"), [
    ("K♥ Q♥", CLUBS, 20),
    ("K♥ Q♥", HEARTS, 40),
    ("K♥ Q♥", None, 20),
])
def test_5_pair_king_queen_of_one_suit_20_plain_40_trump(hand: str, trump: Suit | None,
                                                         points: int) -> None:
    assert total(hand, trump) == points
    assert names(hand, trump) == ["pair"]


def test_5_king_and_queen_of_different_suits_are_no_pair() -> None:
    assert total("K♥ Q♣", HEARTS) == 0


@pytest.mark.parametrize(("trump", "points"), [(CLUBS, 100), (HEARTS, 150)])
def test_5_family_ace_ten_king_queen_jack_100_plain_150_trump(trump: Suit, points: int) -> None:
    assert total("A♥ 10♥ K♥ Q♥ J♥", trump) == points
    assert names("A♥ 10♥ K♥ Q♥ J♥", trump) == ["family"]


@pytest.mark.parametrize("trump", [CLUBS, HEARTS])
def test_5_double_family_1500_plain_or_trump(trump: Suit) -> None:
    hand = "A♥ 10♥ K♥ Q♥ J♥ A♥ 10♥ K♥ Q♥ J♥"
    assert total(hand, trump) == 1500
    assert names(hand, trump) == ["double family"]


@pytest.mark.parametrize("trump", [CLUBS, SPADES, DIAMONDS, None])
def test_5_binokel_queen_of_spades_jack_of_diamonds_40(trump: Suit | None) -> None:
    assert total("Q♠ J♦", trump) == 40
    assert names("Q♠ J♦", trump) == ["binokel"]


@pytest.mark.parametrize("trump", [CLUBS, SPADES, DIAMONDS])
def test_5_double_binokel_300(trump: Suit) -> None:
    assert total("Q♠ Q♠ J♦ J♦", trump) == 300
    assert names("Q♠ Q♠ J♦ J♦", trump) == ["double binokel"]


@pytest.mark.parametrize(("rank", "points"), [("A", 100), ("K", 80), ("Q", 60), ("J", 40)])
def test_5_four_aces_kings_queens_jacks_100_80_60_40(rank: str, points: int) -> None:
    hand = " ".join(rank + s for s in "♣♠♥♦")
    for trump in (CLUBS, HEARTS, None):
        assert total(hand, trump) == points


@pytest.mark.parametrize("rank", ["A", "K", "Q", "J"])
def test_5_eight_aces_kings_queens_jacks_1000_each(rank: str) -> None:
    hand = " ".join(rank + s for s in "♣♠♥♦♣♠♥♦")
    assert total(hand, HEARTS) == 1000
    plural = {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks"}[rank]
    assert names(hand, HEARTS) == [f"eight {plural}"]


def test_5_eight_of_a_kind_option_1000_800_600_400() -> None:
    rules = Rules(name="graded eights", meld_eight_kings=800, meld_eight_queens=600,
                  meld_eight_jacks=400)
    for rank, points in (("A", 1000), ("K", 800), ("Q", 600), ("J", 400)):
        hand = " ".join(rank + s for s in "♣♠♥♦♣♠♥♦")
        assert total(hand, CLUBS, rules) == points


@pytest.mark.parametrize("hand", ["10♣ 10♠ 10♥ 10♦", "10♣ 10♠ 10♥ 10♦ 10♣ 10♠ 10♥ 10♦"])
def test_5_four_or_eight_tens_score_nothing(hand: str) -> None:
    assert total(hand, HEARTS) == 0 and find_melds(cards(hand), HEARTS) == ()


SEVENS = Rules(name="sevens", ranks=SEVENS_RANKS, hand_size=15, dabb_size=3,
               dabb_after_rounds=(1, 2, 3))


def test_5_dissle_trump_seven_10_each_both_20_with_sevens() -> None:
    assert total("7♥", HEARTS, SEVENS) == 10
    assert total("7♥ 7♥", HEARTS, SEVENS) == 20
    assert total("7♥ 7♣", CLUBS, SEVENS) == 10
    assert total("7♥ 7♥", CLUBS, SEVENS) == 0, "only the seven of trumps"
    assert total("7♥ 7♥", None, SEVENS) == 0


# --- the bullets -----------------------------------------------------------------------------

def test_5_family_king_queen_not_also_pair() -> None:
    assert total("A♠ 10♠ K♠ Q♠ J♠", CLUBS) == 100
    assert total("A♠ 10♠ K♠ Q♠ J♠", SPADES) == 150


def test_5_family_plus_separate_pair() -> None:
    assert total("A♥ 10♥ K♥ Q♥ J♥ K♥ Q♥", HEARTS) == 150 + 40
    assert total("A♥ 10♥ K♥ Q♥ J♥ K♥ Q♥", CLUBS) == 100 + 20
    assert names("A♥ 10♥ K♥ Q♥ J♥ K♥ Q♥", HEARTS) == ["family", "pair"]


@pytest.mark.parametrize("spare", ["K♥", "Q♥"])
def test_5_a_single_spare_king_or_queen_never_pairs_with_a_familys_card(spare: str) -> None:
    assert total(f"A♥ 10♥ K♥ Q♥ J♥ {spare}", HEARTS) == 150


def test_5_two_separate_pairs_of_one_suit_are_two_pairs() -> None:
    # Decision: K♥ K♥ Q♥ Q♥ without a family is two pairs (each card once within the kind);
    # the table has no "double pair" to replace them.
    assert total("K♥ K♥ Q♥ Q♥", HEARTS) == 80
    assert total("K♥ K♥ Q♥", HEARTS) == 40


def test_5_a_card_serves_in_melds_of_different_kinds() -> None:
    # Q♠ is in the spade pair (suit), four Queens (rank) and the Binokel at once.
    melds = find_melds(cards("K♠ Q♠ Q♥ Q♣ Q♦ J♦"), HEARTS)
    assert all(cards("Q♠")[0] in m.cards for m in melds) and len(melds) == 3


def test_5_but_only_once_within_one_kind() -> None:
    # One Q♠ cannot make two Binokels with two J♦, nor two pairs with two K♠.
    assert total("Q♠ J♦ J♦", HEARTS) == 40
    assert total("K♠ K♠ Q♠", HEARTS) == 20
    # A second family needs a second copy of every card of it.
    assert total("A♥ 10♥ K♥ Q♥ J♥ A♥ 10♥ K♥ Q♥", CLUBS) == 100 + 20


def test_5_source_example_120_points() -> None:
    hand = "K♠ Q♠ Q♥ Q♣ Q♦ J♦"
    for not_spades in (HEARTS, CLUBS, DIAMONDS):
        melds = find_melds(cards(hand), not_spades)
        assert sorted((m.name, m.points) for m in melds) == [
            ("binokel", 40), ("four queens", 60), ("pair", 20)]
        assert sum(m.points for m in melds) == 120
    assert total(hand, SPADES) == 140, "with spades trumps the pair is worth 40"


def test_5_four_of_a_kind_needs_one_card_of_each_suit() -> None:
    assert total("A♠ A♠ A♥ A♦", HEARTS) == 0
    assert total("K♣ K♣ K♠ K♠ K♥ K♥", HEARTS) == 0
    assert total("A♠ A♣ A♥ A♦ A♠", HEARTS) == 100


def test_5_eight_of_a_kind_needs_all_eight() -> None:
    assert total("A♣ A♠ A♥ A♦ A♣ A♠ A♥", CLUBS) == 100


def test_5_a_doubled_meld_replaces_its_singles() -> None:
    assert total("Q♠ Q♠ J♦ J♦", CLUBS) == 300, "not 300 + 2 x 40"
    assert total("A♣ A♠ A♥ A♦ A♣ A♠ A♥ A♦", CLUBS) == 1000, "not 1000 + 2 x 100"
    double = "A♥ 10♥ K♥ Q♥ J♥ A♥ 10♥ K♥ Q♥ J♥"
    assert total(double, HEARTS) == 1500, "not 1500 + 2 x 150, nor pairs"


def test_5_melds_of_several_kinds_add_up() -> None:
    # Double family ♥ 1500, four Queens (one Q♥ of the family, Q♠ Q♣ Q♦) 60, Binokel 40.
    assert total("A♥ 10♥ K♥ Q♥ J♥ A♥ 10♥ K♥ Q♥ J♥ Q♠ Q♣ Q♦ J♦", HEARTS) == 1500 + 60 + 40


def test_5_a_meld_shows_its_cards_and_points() -> None:
    (pair,) = find_melds(cards("K♥ Q♥"), HEARTS)
    assert isinstance(pair, Meld)
    assert pair.cards == tuple(cards("K♥ Q♥")) and pair.points == 40 and pair.suit is HEARTS
    assert "K♥" in str(pair) and "Q♥" in str(pair) and "40" in str(pair)


# --- melds in the game -----------------------------------------------------------------------

# Forehand: heart family, spare K♥ Q♥. Middlehand: a spade pair, and three Kings only (both
# K♥ are forehand's), so no four Kings.
FOREHAND = "A♥ 10♥ K♥ Q♥ J♥ K♥ Q♥ A♣ A♣ 10♣ 10♣ J♣"
MIDDLEHAND = "K♠ Q♠ K♣ K♦ A♠ A♠ 10♠ 10♠ 10♦ 10♦ A♦ A♦"


def test_5_the_engine_finds_every_players_best_melds_when_trumps_are_named() -> None:
    state = game_with({F: FOREHAND, M: MIDDLEHAND}, "Q♠ J♦ J♣ Q♣")
    state = play(state, "pass", "pass", "lay A♣", "lay A♣", "lay 10♣", "lay 10♣")
    assert all(m == () for m in state.melds), "nothing is shown before trumps are named"
    state = play(state, "trump ♥")
    assert state.phase is Phase.PLAY
    for seat in (F, M, D):
        assert state.melds[seat] == find_melds(state.hand(seat), HEARTS)
        assert sum(m.points for m in state.melds[seat]) == oracle_meld_total(
            state.hand(seat), HEARTS)
    # The melded cards go back into the hands: everyone plays twelve cards.
    assert [len(state.hand(s)) for s in (F, M, D)] == [12, 12, 12]
    # Forehand melds from the hand as played: family + pair + Binokel (from the Dabb).
    assert sum(m.points for m in state.melds[F]) == 150 + 40 + 40
    assert sum(m.points for m in state.melds[M]) == 20


def test_5_melds_are_shown_to_everyone() -> None:
    state = game_with({F: FOREHAND, M: MIDDLEHAND}, "Q♠ J♦ J♣ Q♣")
    state = play(state, "pass", "pass", "lay A♣", "lay A♣", "lay 10♣", "lay 10♣", "trump ♥")
    for seat in (F, M, D):
        assert state.view(seat).melds == state.melds


def test_5_melds_count_only_if_the_player_wins_a_trick() -> None:
    state = game_with({F: FOREHAND, M: MIDDLEHAND}, "Q♠ J♦ J♣ Q♣")
    state = play(state, "pass", "pass", "lay A♣", "lay A♣", "lay 10♣", "lay 10♣", "trump ♥")
    shown = [sum(m.points for m in state.melds[s]) for s in range(3)]
    result = play_out(state).results[0]
    for seat in (F, M, D):
        expected = shown[seat] if result.tricks_won[seat] else 0
        assert result.meld_points[seat] == expected
        assert result.melds[seat] == state.melds[seat], "shown melds are recorded"


def test_5_melds_of_a_player_without_a_trick_do_not_count() -> None:
    # Forehand holds every trump and sweeps all twelve tricks; the others meld but win nothing.
    state = play(game_with(SWEEP, SWEEP_DABB), "pass", "pass", *SWEEP_DISCARD, "trump ♣")
    shown = [sum(m.points for m in state.melds[s]) for s in range(3)]
    assert shown[M] == 20 + 20 + 20 + 40 and shown[D] > 0
    result = play_out(state).results[0]
    assert result.tricks_won == (12, 0, 0)
    assert result.meld_points == (shown[F], 0, 0)
    assert result.scores[M] == 0 and result.scores[D] == 0
