"""``binokel dataset``: every row is a decision as its seat saw it, and the records replay."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from binokel.cli.main import main
from binokel.env.codecs import codec_for
from binokel.env.dataset import play_games
from binokel.games import find_game_rules, load_records


@pytest.mark.parametrize("name", ["binokel", "binocle"])
def test_rows_are_legal_decisions_with_their_hands_return(name: str) -> None:
    data = play_games(name, games=3, seed="t", player="heuristic:level=easy")
    arrays = data.arrays
    rows = data.rows
    assert rows > 0 and all(len(a) == rows for a in arrays.values())
    assert (arrays["mask"][np.arange(rows), arrays["action"]] == 1).all()
    codec = codec_for(find_game_rules(name))
    low, high = codec.layout.bounds()
    assert ((arrays["obs"] >= low) & (arrays["obs"] <= high)).all()
    by_seat: dict[tuple[int, int, int], set[float]] = {}
    for g, h, s, r in zip(arrays["game"], arrays["hand"], arrays["seat"], arrays["ret"],
                          strict=True):
        by_seat.setdefault((int(g), int(h), int(s)), set()).add(float(r))
    # One return per seat and hand: the hand's reward, the same for each of its decisions.
    assert all(len(values) == 1 for values in by_seat.values())
    assert len(data.records) == 3


def test_the_command_writes_arrays_and_records(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    stem = tmp_path / "games"
    assert main(["dataset", "--rules", "binocle", "--games", "2", "--player", "random",
                 "--out", str(stem)]) == 0
    out = capsys.readouterr().out
    assert "2 games" in out and "decisions/s" in out
    saved = np.load(stem.with_suffix(".npz"))
    assert set(saved.files) == {"obs", "mask", "action", "ret", "seat", "game", "hand"}
    records = load_records(stem.with_suffix(".txt").read_text(encoding="utf-8"))
    assert len(records) == 2


def test_the_command_refuses_a_bad_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["dataset", "--games", "0", "--out", "x"]) != 0
    assert "--games must be at least 1" in capsys.readouterr().err
