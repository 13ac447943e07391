"""binokel/tools/expert_bid_labels.py: counterfactual labels of the expert's bid-or-pass turns."""

from __future__ import annotations

from typing import Any

import pytest

from binokel.tools import expert_bid_labels


def test_the_branch_the_expert_took_replays_the_hand_as_played() -> None:
    """Both branches keep every seat's policy and random streams, so the one that makes the
    expert's own choice must end exactly as the hand did: the labels are what the other choice
    would really have brought, not a different game."""
    label_deal = expert_bid_labels.label_deal
    checked = 0
    for deal in range(6):
        for row in label_deal(deal, "labels-test", "expert", "binokel", 200.0):
            checked += _replays(row)
    assert checked >= 3


def _replays(row: dict[str, Any]) -> int:
    """1 if ``row`` is labelled and the branch of the expert's own choice ends as the hand
    did (asserted), else 0 (not labelled, or a jump bid neither branch makes)."""
    if "true_gain" not in row:
        return 0
    assert row["true_gain"] == row["after_bid"] - row["after_pass"]
    if row["choice"] == "pass":
        assert row["after_pass"] == row["scored"]
        return 1
    if row["chosen"] == row["bid"]:
        assert row["after_bid"] == row["scored"]
        return 1
    return 0


def test_one_step_counts_only_the_turns_a_rule_decides_differently() -> None:
    one_step = expert_bid_labels.one_step
    rows = [
        {"seed": "s", "deal": 0, "gain": 10.0, "chance": 0.55, "choice": "bid", "true_gain": 30.0},
        {"seed": "s", "deal": 1, "gain": -10.0, "chance": 0.45, "choice": "pass",
         "true_gain": 50.0},
        {"seed": "s", "deal": 1, "gain": 5.0, "chance": 0.4, "choice": "pass",
         "true_gain": -20.0},
    ]
    # The expert's own rule changes nothing.
    assert one_step(rows, 4, 0.5, 0.0) == (0.0, 0.0)
    # No floor and 20 points of bias: deal 1 now bids twice (+50 - 20); deal 0 as before.
    mean, half = one_step(rows, 4, 0.0, 20.0)
    assert mean == pytest.approx(30.0 / 4)
    assert half > 0.0
    # A floor of 0.6 passes deal 0's bid: -30 on that deal.
    assert one_step(rows, 4, 0.6, 0.0)[0] == pytest.approx(-30.0 / 4)


def test_with_two_experts_both_are_labelled_and_the_seating_scored_as_an_arena_does() -> None:
    labels = expert_bid_labels
    seats: set[int] = set()
    checked = 0
    for deal in range(3):
        for row in labels.label_deal(deal, "labels-two", "expert", "binokel", 200.0, True):
            seats.add(row["seat"])
            assert ("team_gain" in row) == ("true_gain" in row)
            checked += _replays(row)
    assert len(seats) == 3 and checked >= 3
    assert {labels.second_seat(d, 3) for d in range(6)} == {0, 1, 2}
    assert all(labels.second_seat(d, 3) != d % 3 for d in range(12))
    # Experts in seats 0 and 2 scoring 100 and 40, the hard seat -20: (100 + 40) / 2 + 20.
    assert labels.seating_score((100, -20, 40), (0, 2)) == 90.0
