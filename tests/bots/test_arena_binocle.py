"""The duplicate arena at Binocle: one hand played twice with the seats swapped, the same result
for the same seed and any number of workers (issue 5)."""

from __future__ import annotations

import csv
import io
import json

import pytest

from binokel.cli.main import main
from binokel.games import find_game_rules
from binokel.tools.arena import ArenaConfig, run_arena, seatings
from binokel.tools.arena_stats import summarize, write_csv

BINOCLE = find_game_rules("binocle")
BINOCLE_64 = find_game_rules("binocle-64")


def fingerprint(config: ArenaConfig) -> list[tuple[object, ...]]:
    return [(d.deal, d.dealer, d.hands) for d in run_arena(config).deals]


def test_two_seatings_and_hand_scores() -> None:
    assert seatings(BINOCLE) == ["AB", "BA"]
    result = run_arena(ArenaConfig(bot_a="heuristic", bot_b="random", rules=BINOCLE, deals=3,
                                   seed="b"))
    assert len(result.deals) == 3
    for deal in result.deals:
        assert [h.seating for h in deal.hands] == ["AB", "BA"]
        assert deal.dealer == deal.deal % 2
        for hand in deal.hands:
            assert hand.active == (0, 1) and hand.declarer == -1
            assert all(score >= 0 for score in hand.scores)
    summary = summarize(result)
    assert summary.hands == 6 and summary.a.declared == 0 and summary.b.declared == 0
    assert summary.rules == "binocle"


@pytest.mark.parametrize("rules", [BINOCLE, BINOCLE_64])
def test_same_seed_same_result_with_one_or_two_workers(rules: object) -> None:
    config = ArenaConfig(bot_a="heuristic:level=hard", bot_b="random", rules=rules,
                         deals=3, seed="same")
    one = fingerprint(config)
    assert one == fingerprint(config)
    two = fingerprint(ArenaConfig(bot_a=config.bot_a, bot_b=config.bot_b, rules=config.rules,
                                  deals=3, seed="same", workers=2))
    assert one == two
    assert one != fingerprint(ArenaConfig(bot_a=config.bot_a, bot_b=config.bot_b,
                                          rules=config.rules, deals=3, seed="other"))


def test_csv_rows() -> None:
    result = run_arena(ArenaConfig(bot_a="random", bot_b="random", rules=BINOCLE, deals=2,
                                   seed="csv"))
    out = io.StringIO()
    write_csv(result, out)
    rows = list(csv.reader(io.StringIO(out.getvalue())))
    assert rows[0][-2:] == ["diff_AB", "diff_BA"]
    assert len(rows) == 3


def test_cli_json_and_out(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    out = Path(str(tmp_path)) / "deals.csv"
    code = main(["arena", "heuristic:level=medium", "heuristic:level=easy", "--rules",
                 "binocle-64", "--deals", "2", "--seed", "cli", "--json", "--no-progress",
                 "--out", str(out)])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rules"] == "binocle-64" and data["hands"] == 4
    assert len(data["ci95"]) == 2 and "mean_difference" in data
    assert len(out.read_text().splitlines()) == 3


def test_cli_refuses_a_bot_that_cannot_play_binocle(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "nosuchbot", "random", "--rules", "binocle", "--deals", "1",
                 "--no-progress"]) != 0
