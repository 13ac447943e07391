"""binokel/tools/expert_giveup_labels.py: counterfactual labels of the expert's give-up
decisions."""

from __future__ import annotations

import pytest

from binokel.tools import expert_giveup_labels


def test_the_branch_the_expert_took_replays_the_hand_as_played() -> None:
    """Giving up and the best playing plan are played on with every seat's policy and random
    streams; the branch of the expert's own choice must end exactly as the hand did."""
    label_deal = expert_giveup_labels.label_deal
    choices = []
    for deal in range(20, 26):
        for row in label_deal(deal, "giveup-test", "expert", "binokel", 1000.0):
            if "gap" not in row:
                assert set(row) == {"seed", "deal", "scored"}
                continue
            assert row["true_gain"] == row["after_play"] - row["after_give_up"]
            taken = row["after_play"] if row["choice"] == "play" else row["after_give_up"]
            assert taken == row["scored"]
            assert (row["gap"] > 0) == (row["choice"] == "play")
            choices.append(row["choice"])
    assert "play" in choices and "give up" in choices


def test_one_step_counts_only_the_decisions_a_rule_makes_differently() -> None:
    one_step = expert_giveup_labels.one_step
    rows = [
        {"seed": "s", "deal": 0, "gap": 30.0, "choice": "play", "true_gain": -40.0},
        {"seed": "s", "deal": 1, "gap": -15.0, "choice": "give up", "true_gain": 60.0},
        {"seed": "s", "deal": 2, "gap": -50.0, "choice": "give up", "true_gain": -90.0},
    ]
    assert one_step(rows, 5, 0.0) == (0.0, 0.0)
    # 20 points towards playing: deal 1 now plays (+60), the others as before.
    mean, half = one_step(rows, 5, 20.0)
    assert mean == pytest.approx(60.0 / 5)
    assert half > 0.0
    # 40 points against playing: deal 0 gives up (+40).
    assert one_step(rows, 5, -40.0)[0] == pytest.approx(40.0 / 5)
    # 100 towards: deals 1 and 2 play (+60 - 90).
    assert one_step(rows, 5, 100.0)[0] == pytest.approx(-30.0 / 5)
