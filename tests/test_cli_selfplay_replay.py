"""``binokel selfplay`` writes records of random games; ``binokel replay`` re-checks them and
prints the score sheet, and refuses a broken record with exit status 1 naming hand, action, rule.

selfplay → replay runs the real command (``python -m binokel``) in subprocesses; the smaller
cases call the same entry point in-process, to keep the suite fast.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from binokel.cli.main import main
from binokel.games.binokel.records import load_records, replay

GOLDEN = Path(__file__).parent / "golden"


def binokel(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "binokel", *map(str, args)], capture_output=True,
                          text=True, encoding="utf-8", timeout=120, check=False)


def in_process(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    status = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture(scope="module")
def selfplay_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("selfplay") / "games.binokel"
    done = binokel("selfplay", "--games", "3", "--seed", "5", "--out", out)
    assert done.returncode == 0, done.stderr
    return out, done.stdout


def test_selfplay_prints_one_summary_line_per_game_and_writes_every_record(
        selfplay_file: tuple[Path, str]) -> None:
    out, stdout = selfplay_file
    lines = stdout.splitlines()
    assert [line.split(" (")[0] for line in lines[:3]] == ["game 1", "game 2", "game 3"]
    assert all("hands, winner seat" in line and "totals" in line for line in lines[:3])
    assert lines[3] == f"wrote 3 records to {out}"
    records = load_records(out.read_text(encoding="utf-8"))
    assert [r.seed for r in records] == ["5/0", "5/1", "5/2"]
    assert all(replay(r).is_over for r in records)


def test_selfplay_is_repeatable_and_without_out_prints_the_summary_only(
        selfplay_file: tuple[Path, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, stdout = selfplay_file
    status, out, _ = in_process(capsys, "selfplay", "--games", "3", "--seed", "5")
    assert status == 0
    assert out.splitlines() == stdout.splitlines()[:3]
    assert list(tmp_path.iterdir()) == []


def test_replay_accepts_a_selfplay_file_and_prints_every_score_sheet(
        selfplay_file: tuple[Path, str]) -> None:
    out, _ = selfplay_file
    done = binokel("replay", out)
    assert done.returncode == 0, done.stderr
    text = done.stdout
    assert [line for line in text.splitlines() if line.startswith("Game ")] == [
        f"Game {n}: rules binokel, seed 5/{n - 1}; seats 0 Random 0, 1 Random 1, 2 Random 2"
        for n in (1, 2, 3)]
    header = next(line for line in text.splitlines() if line.lstrip().startswith("hand"))
    assert header.split() == ["hand", "dealer", "declarer", "bid", "game", "result",
                              "melds", "0", "melds", "1", "melds", "2", "points", "0", "points",
                              "1", "points", "2", "total", "0", "total", "1", "total", "2"]
    assert text.count("Winner: seat") == 3


def test_replay_json_gives_the_score_sheet_hand_by_hand(selfplay_file: tuple[Path, str]) -> None:
    out, _ = selfplay_file
    done = binokel("replay", "--json", out)
    assert done.returncode == 0, done.stderr
    games = json.loads(done.stdout)["games"]
    states = [replay(r) for r in load_records(out.read_text(encoding="utf-8"))]
    assert len(games) == 3
    for game, state in zip(games, states, strict=True):
        assert game["totals"] == list(state.scores) and game["over"] is True
        assert game["winners"] == list(state.winners)
        assert [h["hand"] for h in game["hands"]] == list(range(1, len(state.results) + 1))
        last = game["hands"][-1]
        assert last["totals"] == list(state.scores)
        assert set(last) >= {"dealer", "declarer", "bid", "contract", "trump", "melds",
                             "scores", "totals"}


def test_replay_of_a_tampered_record_exits_1_naming_hand_action_and_rule(tmp_path: Path) -> None:
    text = (GOLDEN / "one-hand-d28.binokel").read_text(encoding="utf-8")
    # Seat 0 holds clubs (it plays A♣ to the first trick), so A♠ there breaks §6.1.
    broken = text.replace("Trick 1: 2 A♣, 0 A♣, 1 J♣ → 2 (24)", "Trick 1: 2 A♣, 0 A♠, 1 J♣")
    path = tmp_path / "broken.binokel"
    path.write_text(broken, encoding="utf-8")
    done = binokel("replay", path)
    assert done.returncode == 1
    assert done.stdout == ""
    message = done.stderr.strip()
    assert len(message.splitlines()) == 1
    assert message.startswith(f"binokel: error: {path}: game 1: line ")
    assert "hand 1, action 11 (trick 1, seat 0 'A♠'): You must follow suit: you hold ♣." in message


def test_replay_of_a_wrong_result_exits_1(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    text = (GOLDEN / "one-hand-d28.binokel").read_text(encoding="utf-8")
    path = tmp_path / "lie.binokel"
    path.write_text(text.replace("Totals: 0 122, 1 184, 2 104", "Totals: 0 122, 1 284, 2 104"),
                    encoding="utf-8")
    status, _, err = in_process(capsys, "replay", path)
    assert status == 1
    assert "hand 1: the record writes totals" in err


def test_replay_of_a_partial_record_shows_where_the_game_stands(
        capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = in_process(capsys, "replay", GOLDEN / "one-hand-d28-partial.binokel")
    assert status == 0, err
    assert "Not finished: hand 1, play, seat 2 to move; totals 0, 0, 0" in out


def test_replay_of_a_missing_file_exits_2(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = in_process(capsys, "replay", tmp_path / "nothing.binokel")
    assert status == 2
    assert err.startswith("binokel: error: cannot read")


def test_selfplay_refuses_a_bad_game_count(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = in_process(capsys, "selfplay", "--games", "0")
    assert status == 2 and err == "binokel: error: --games must be at least 1\n"
