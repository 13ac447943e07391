"""binokel/tools/arena_paired.py: two arena runs on the same deals, paired, and split by seats."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from binokel.tools import arena_paired

SCRIPT = ["-m", "binokel.tools.arena_paired"]
SEATINGS = ("AAB", "ABA", "ABB", "BAA", "BAB", "BBA")


def _run(path: Path, seed: str, by_seating: list[dict[str, float]],
         seatings: tuple[str, ...] = SEATINGS) -> None:
    header = "deal,seed,dealer,score_a,score_b,difference," + ",".join(
        f"diff_{s}" for s in seatings)
    lines = [header]
    for i, diffs in enumerate(by_seating):
        edge = sum(diffs.values()) / len(diffs)
        lines.append(f"{i},{seed}/{i},0,0,0,{edge:.3f}," + ",".join(
            str(diffs[s]) for s in seatings))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_the_paired_difference_is_split_by_the_seats_a_holds(tmp_path: Path) -> None:
    # The new bot gains 6 where it sits alone against two B's and loses 4 where it holds two
    # seats, on both deals; the old one scores 10 everywhere.
    new = [{s: (16.0 if s.count("A") == 1 else 6.0) for s in SEATINGS} for _ in range(2)]
    old = [dict.fromkeys(SEATINGS, 10.0) for _ in range(2)]
    _run(tmp_path / "new.csv", "s", new)
    _run(tmp_path / "old.csv", "s", old)
    module = arena_paired
    a, b = module.rows(str(tmp_path / "new.csv")), module.rows(str(tmp_path / "old.csv"))
    split = module.by_seats(a, b, ["s/0", "s/1"])
    assert split == {1: [6.0, 6.0], 2: [-4.0, -4.0]}
    out = subprocess.run([sys.executable, *SCRIPT, str(tmp_path / "new.csv"),
                          str(tmp_path / "old.csv")], capture_output=True, text=True, check=True)
    assert "new - old (paired): +1.0 a hand" in out.stdout
    assert "new - old, A in 1 seat: +6.0 a hand" in out.stdout
    assert "new - old, A in 2 seats: -4.0 a hand" in out.stdout


def test_runs_on_different_deals_are_refused(tmp_path: Path) -> None:
    _run(tmp_path / "new.csv", "s", [dict.fromkeys(SEATINGS, 1.0)])
    _run(tmp_path / "old.csv", "t", [dict.fromkeys(SEATINGS, 1.0)])
    out = subprocess.run([sys.executable, *SCRIPT, str(tmp_path / "new.csv"),
                          str(tmp_path / "old.csv")], capture_output=True, text=True)
    assert out.returncode == 1
    assert "no deal in common" in out.stderr


@pytest.mark.parametrize("k", [1, 2])
def test_a_seat_count_with_one_deal_prints_no_interval(tmp_path: Path, k: int) -> None:
    _run(tmp_path / "new.csv", "s", [dict.fromkeys(SEATINGS, 1.0)])
    _run(tmp_path / "old.csv", "s", [dict.fromkeys(SEATINGS, 0.0)])
    module = arena_paired
    a, b = module.rows(str(tmp_path / "new.csv")), module.rows(str(tmp_path / "old.csv"))
    assert module.by_seats(a, b, ["s/0"])[k] == [1.0]


def test_a_table_of_four_is_not_split(tmp_path: Path) -> None:
    # With four seats a dealer may sit out (binokel-4-dealer-out) and the CSV does not say
    # who played, so counting A's letters would mislead: only the whole difference is paired.
    four = ("AABB", "ABAB", "ABBA", "BAAB", "BABA", "BBAA", "ABBB", "BAAA")
    new = [{s: (16.0 if s.count("A") == 1 else 6.0) for s in four} for _ in range(3)]
    old = [dict.fromkeys(four, 10.0) for _ in range(3)]
    _run(tmp_path / "new.csv", "s", new, four)
    _run(tmp_path / "old.csv", "s", old, four)
    module = arena_paired
    a, b = module.rows(str(tmp_path / "new.csv")), module.rows(str(tmp_path / "old.csv"))
    assert module.by_seats(a, b, ["s/0", "s/1", "s/2"]) == {}
    out = subprocess.run([sys.executable, *SCRIPT, str(tmp_path / "new.csv"),
                          str(tmp_path / "old.csv")], capture_output=True, text=True, check=True)
    assert "new - old (paired): -2.8 a hand" in out.stdout
    assert "A in" not in out.stdout
