"""``binokel review``: the command a player runs after a game (docs/review.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from binokel.cli.main import main

GOLDEN = Path(__file__).parent.parent / "golden"
ONE_HAND = GOLDEN / "one-hand-d28.binokel"
FAST = "expert:samples=4,plan=16"


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    status = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return status, out, err


def test_review_prints_each_decision_and_the_summaries(capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    status, out, err = run(capsys, "review", ONE_HAND, "--seat", "0", "--bot", FAST)
    assert status == 0, err
    assert out.startswith("Binokel review of seat 0")
    assert "hand 1, seat 0:" in out
    assert "hindsight, it knows the cards" in out
    assert "game: " in out and "per decision" in out
    assert "reviewed in " in out


def test_review_json_has_every_documented_field(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "review", ONE_HAND, "--all", "--bot", FAST, "--json")
    assert status == 0
    data = json.loads(out)
    assert set(data) == {"game", "reviewer", "players", "complete", "thresholds", "seconds",
                         "hands", "summary"}
    assert data["thresholds"] == {"blunder": 60.0, "mistake": 20.0, "inaccuracy": 5.0}
    assert sorted({h["seat"] for h in data["hands"]}) == [0, 1, 2]
    hand = data["hands"][0]
    assert set(hand) == {"hand", "seat", "lost", "decisions_count", "lost_per_decision",
                         "costliest", "actual", "hindsight", "decisions"}
    decision = hand["decisions"][0]
    assert set(decision) == {"number", "hand", "seat", "phase", "kind", "chosen", "best",
                             "chosen_value", "best_value", "loss", "grade", "seconds",
                             "candidates"}
    for h in data["hands"]:
        for d in h["decisions"]:
            values = {c["action"]: c["value"] for c in d["candidates"]}
            assert values[d["best"]] == d["best_value"]
            if d["chosen_value"] is not None:
                assert d["loss"] == pytest.approx(max(0.0, d["best_value"] - d["chosen_value"]),
                                                  abs=0.02)
    summary = data["summary"]
    assert summary["decisions"] == sum(h["decisions_count"] for h in data["hands"])
    losses = sorted((d["loss"] or 0 for h in data["hands"] for d in h["decisions"]),
                    reverse=True)
    assert [c["loss"] for c in summary["costliest"]] == [x for x in losses[:3] if x >= 0.5]


def test_review_of_an_unfinished_hand_reviews_what_exists(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = ONE_HAND.read_text(encoding="utf-8").splitlines()
    cut = next(i for i, line in enumerate(lines) if line.startswith("Trick 3"))
    kept = [line for line in lines[:cut] if not line.startswith(("[Result", "[Totals"))]
    path = tmp_path / "partial.binokel"
    path.write_text("\n".join(kept) + "\n", encoding="utf-8")
    status, out, err = run(capsys, "review", path, "--all", "--bot", FAST, "--json")
    assert status == 0, err
    data = json.loads(out)
    assert data["complete"] is False
    assert all(h["actual"] is None for h in data["hands"])
    assert data["summary"]["decisions"] > 0


@pytest.mark.parametrize(("args", "message"), [
    (["--seat", "3"], "--seat 3: a game of Binokel (binokel+fixed_hands=1) has seats 0 to 2"),
    (["--game", "2"], "--game 2: "),
    (["--bot", "heuristic"], "cannot review: reviews need expert"),
])
def test_review_refuses_bad_options_with_a_clear_error(
        capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    status, out, err = run(capsys, "review", ONE_HAND, *args)
    assert status == 2 and out == ""
    assert message in err


def test_review_of_a_broken_record_gives_replays_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = ONE_HAND.read_text(encoding="utf-8")
    broken = text.replace("Trick 1: 2 A♣, 0 A♣, 1 J♣ → 2 (24)", "Trick 1: 2 A♣, 0 A♠, 1 J♣")
    path = tmp_path / "broken.binokel"
    path.write_text(broken, encoding="utf-8")
    status, _, replay_err = run(capsys, "replay", path)
    assert status == 1
    status, out, err = run(capsys, "review", path)
    assert status == 1 and out == ""
    assert err == replay_err
    assert "You must follow suit: you hold ♣." in err


def test_review_plot_writes_a_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "review.png"
    status, _, err = run(capsys, "review", ONE_HAND, "--bot", FAST, "--plot", path)
    assert status == 0, err
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
