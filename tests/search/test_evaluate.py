"""Solver values become hand scores the way the engine scores a hand."""

from __future__ import annotations

from binokel.cards import pack, parse_cards
from binokel.games.binokel.playout import Position
from binokel.games.binokel.rules import BINOKEL
from binokel.games.binokel.scoring import Contract, score_hand
from binokel.search.evaluate import after, points_left, relative, scores_from_side_points


def test_a_made_bid_scores_the_declarers_total() -> None:
    scores = scores_from_side_points(
        BINOKEL, active=(0, 1, 2), declarer=0, bid=300, contract=Contract.TRUMP,
        melds=(190, 20, 0), points=(80, 30, 20), won=(4, 2, 1), side_gain=40, rest=100,
        discard_points=8)
    # Declarer: 80 + 40 + 8 + 190 = 318 >= 300; the others share the 60 left.
    assert scores == (318, 30 + 30 + 20, 20 + 30)


def test_a_failed_bid_scores_minus_twice_the_bid() -> None:
    scores = scores_from_side_points(
        BINOKEL, active=(0, 1, 2), declarer=0, bid=300, contract=Contract.TRUMP,
        melds=(190, 0, 0), points=(60, 30, 20), won=(3, 2, 1), side_gain=10, rest=100,
        discard_points=8)
    assert scores[0] == -600


def test_an_opponent_without_a_trick_keeps_no_melds() -> None:
    expected, _ = score_hand(BINOKEL, active=(0, 1, 2), declarer=0, bid=200,
                             contract=Contract.TRUMP, meld_points=(100, 60, 0),
                             tricks_won=(12, 0, 0), trick_points=(240, 0, 0), discard_points=10)
    scores = scores_from_side_points(
        BINOKEL, active=(0, 1, 2), declarer=0, bid=200, contract=Contract.TRUMP,
        melds=(100, 60, 0), points=(200, 0, 0), won=(10, 0, 0), side_gain=40, rest=40,
        discard_points=10)
    assert scores == expected


def test_after_finishes_the_trick_and_counts_the_last_trick_bonus() -> None:
    hands = (pack(parse_cards("A♠")), pack(parse_cards("10♠")), pack(parse_cards("J♠")))
    pos = Position(BINOKEL, hands, (0, 1, 2), 1, (), 2, (0, 0, 0), (0, 0, 0))
    assert points_left(pos) == 23 + 10
    pos = after(pos, parse_cards("10♠")[0].kind)
    pos = after(pos, parse_cards("J♠")[0].kind)
    pos = after(pos, parse_cards("A♠")[0].kind)
    assert pos.leader == 0 and pos.points == (33, 0, 0) and pos.trick == ()


def test_relative_is_the_score_against_the_others_mean() -> None:
    assert relative(BINOKEL, (0, 1, 2), 0, (300, 50, 70)) == 240
    teams = BINOKEL.replace(name="teams-rel", players=4, teams=((0, 2), (1, 3)), hand_size=9)
    assert relative(teams, (0, 1, 2, 3), 1, (100, 40, 100, 40)) == -60
