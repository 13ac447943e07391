"""scripts/arena_combine.py: arena chunks pooled as one run, deal by deal."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from binokel.arena_stats import mean_ci

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "arena_combine.py"
HEADER = "deal,seed,dealer,score_a,score_b,difference,diff_AAB,diff_ABA\n"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("arena_combine", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _chunk(path: Path, seed: str, diffs: list[float]) -> None:
    rows = "".join(f"{i},{seed}/{i},0,{100 + d:.3f},100.000,{d:.3f},{d},{d}\n"
                   for i, d in enumerate(diffs))
    path.write_text(HEADER + rows, encoding="utf-8")


def test_chunks_pool_into_the_mean_and_interval_of_all_their_deals(tmp_path: Path) -> None:
    combine = _script().combine
    _chunk(tmp_path / "a.csv", "s1", [10.0, -4.0, 7.5])
    _chunk(tmp_path / "b.csv", "s2", [0.0, 22.0])
    out = combine([str(tmp_path / "a.csv"), str(tmp_path / "b.csv")])
    mean, sd, low, high = mean_ci([10.0, -4.0, 7.5, 0.0, 22.0])
    assert out["deals"] == 5 and out["files"] == 2
    assert out["mean_difference"] == round(mean, 3) == 7.1
    assert out["ci95"] == [round(low, 3), round(high, 3)]
    assert out["stdev"] == round(sd, 3)
    assert out["score_a"] == 107.1 and out["score_b"] == 100.0


def test_a_chunk_given_twice_or_another_table_is_refused(tmp_path: Path) -> None:
    module = _script()
    _chunk(tmp_path / "a.csv", "s1", [1.0, 2.0])
    with pytest.raises(ValueError, match="earlier file"):
        module.combine([str(tmp_path / "a.csv"), str(tmp_path / "a.csv")])
    (tmp_path / "c.csv").write_text("deal,seed,dealer,score_a,score_b,difference\n",
                                    encoding="utf-8")
    with pytest.raises(ValueError, match="columns differ"):
        module.combine([str(tmp_path / "a.csv"), str(tmp_path / "c.csv")])
    (tmp_path / "d.csv").write_text("x,y\n1,2\n", encoding="utf-8")
    with pytest.raises(ValueError, match="not an arena CSV"):
        module.combine([str(tmp_path / "d.csv")])
    assert module.main([str(tmp_path / "a.csv"), str(tmp_path / "a.csv")]) == 1
