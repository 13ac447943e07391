"""The duplicate arena: seatings, the same result for the same seed (with any number of
workers), the report and its files (issue 5)."""

from __future__ import annotations

import csv
import importlib.util
import io
import json
from pathlib import Path

import pytest

from binokel.cli.main import main
from binokel.games.binokel.rulefile import find_rules
from binokel.tools.arena import ArenaConfig, run_arena, seatings
from binokel.tools.arena_stats import mean_ci, summarize, t95, write_csv


def test_every_seating_but_all_a_and_all_b() -> None:
    three = seatings(find_rules("binokel"))
    assert sorted(three) == ["AAB", "ABA", "ABB", "BAA", "BAB", "BBA"]
    assert len(seatings(find_rules("binokel-4"))) == 2**4 - 2


def fingerprint(config: ArenaConfig) -> list[tuple[object, ...]]:
    result = run_arena(config)
    return [(d.deal, d.dealer, d.hands) for d in result.deals]


def test_the_same_seed_gives_the_same_result_with_one_or_two_workers() -> None:
    config = ArenaConfig(bot_a="heuristic:level=medium,samples=4", bot_b="random",
                         deals=4, seed="same")
    one = fingerprint(config)
    assert one == fingerprint(config)
    two = fingerprint(ArenaConfig(bot_a=config.bot_a, bot_b=config.bot_b, deals=4,
                                  seed="same", workers=2))
    assert one == two
    assert one != fingerprint(ArenaConfig(bot_a=config.bot_a, bot_b=config.bot_b, deals=4,
                                          seed="other"))


def test_a_deal_is_the_same_cards_in_every_seating() -> None:
    result = run_arena(ArenaConfig(bot_a="random", bot_b="random", deals=1, seed="cards"))
    deal = result.deals[0]
    assert [h.seating for h in deal.hands] == seatings(find_rules("binokel"))
    # Identical bots in every seat: only the seed of each seat's decisions differs, and both
    # labels' statistics are those of the same player.
    assert len({h.active for h in deal.hands}) == 1


def test_the_difference_is_a_mean_over_seatings() -> None:
    result = run_arena(ArenaConfig(bot_a="heuristic:samples=4", bot_b="random", deals=3,
                                   seed="mean"))
    for deal in result.deals:
        diffs = []
        for hand in deal.hands:
            a = [hand.scores[s] for s in hand.active if hand.seating[s] == "A"]
            b = [hand.scores[s] for s in hand.active if hand.seating[s] == "B"]
            diffs.append(sum(a) / len(a) - sum(b) / len(b))
        assert deal.difference == pytest.approx(sum(diffs) / len(diffs))
        assert deal.difference == pytest.approx(deal.mean_score("A") - deal.mean_score("B"))
    summary = summarize(result)
    assert summary.mean_difference == pytest.approx(summary.a.mean_score - summary.b.mean_score)
    assert summary.ci95[0] < summary.mean_difference < summary.ci95[1]


def test_a_dealer_who_sits_out_leaves_some_seatings_uncompared() -> None:
    rules = find_rules("binokel-4-dealer-out")
    result = run_arena(ArenaConfig(bot_a="random", bot_b="random", rules=rules, deals=2,
                                   seed="out"))
    for deal in result.deals:
        compared = deal.compared()
        assert 0 < len(compared) < len(deal.hands)
        for hand in compared:
            labels = {hand.seating[s] for s in hand.active}
            assert labels == {"A", "B"}


def test_confidence_interval() -> None:
    mean, sd, _, high = mean_ci([10.0, 12.0, 14.0, 16.0])
    assert (mean, round(sd, 3)) == (13.0, 2.582)
    assert high - mean == pytest.approx(t95(3) * sd / 2)
    assert t95(1000) == pytest.approx(1.962, abs=0.002)


def test_the_command_prints_json_and_writes_csv_rows(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "deals.csv"
    status = main(["arena", "heuristic:samples=4", "random", "--deals", "3", "--seed", "cli",
                   "--json", "--out", str(out), "--no-progress"])
    assert status == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report) >= {"mean_difference", "ci95", "bots", "deals"}
    low, high = report["ci95"]
    assert low <= report["mean_difference"] <= high
    a = report["bots"]["A"]
    assert {"mean_score", "declarer_success_rate", "mean_winning_bid", "gave_up", "durch",
            "time_per_decision_ms"} <= set(a)
    assert set(a["time_per_decision_ms"]) == {"median", "p95"}
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert [int(r["deal"]) for r in rows] == [0, 1, 2]
    assert {"seed", "score_a", "score_b", "difference", "diff_ABB"} <= set(rows[0])


def test_the_command_names_a_bad_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "genius", "random", "--deals", "1", "--no-progress"]) == 2
    assert "unknown bot 'genius'" in capsys.readouterr().err


def test_the_text_report_names_both_bots() -> None:
    result = run_arena(ArenaConfig(bot_a="heuristic:level=easy", bot_b="random", deals=2,
                                   seed="text"))
    text = summarize(result).text()
    assert "mean difference A - B" in text and "95% CI" in text
    assert "heuristic:level=easy" in text and "random" in text
    buffer = io.StringIO()
    write_csv(result, buffer)
    assert buffer.getvalue().count("\n") == 3


@pytest.mark.skipif(importlib.util.find_spec("matplotlib") is None,
                    reason="matplotlib (the [plot] extra) is not installed")
def test_the_plot_is_a_png(tmp_path: Path) -> None:
    picture = tmp_path / "diff.png"
    assert main(["arena", "random", "random", "--deals", "3", "--plot", str(picture),
                 "--no-progress"]) == 0
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
