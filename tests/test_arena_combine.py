"""binokel/tools/arena_combine.py: arena chunks pooled as one run, deal by deal."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from binokel.tools import arena_combine
from binokel.tools.arena import ArenaConfig, ArenaResult, run_arena
from binokel.tools.arena_stats import mean_ci, summarize, write_csv

HEADER = "deal,seed,dealer,score_a,score_b,difference,diff_AAB,diff_ABA\n"


def _chunk(path: Path, seed: str, diffs: list[float]) -> None:
    rows = "".join(f"{i},{seed}/{i},0,{100 + d:.3f},100.000,{d:.3f},{d},{d}\n"
                   for i, d in enumerate(diffs))
    path.write_text(HEADER + rows, encoding="utf-8")


def test_chunks_pool_into_the_mean_and_interval_of_all_their_deals(tmp_path: Path) -> None:
    combine = arena_combine.combine
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
    module = arena_combine
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


def _summary(path: Path, seed: str, a: tuple[int, int, int, int], b: tuple[int, int, int, int],
             *, bot_b: str = "heuristic:level=medium") -> None:
    def bot(name: str, counts: tuple[int, int, int, int]) -> dict[str, object]:
        declared, made, missed, gave_up = counts
        return {"name": name, "declared": declared, "made": made, "missed": missed,
                "gave_up": gave_up}
    path.write_text(json.dumps({
        "bot_a": "heuristic:level=hard", "bot_b": bot_b, "rules": "binokel", "seed": seed,
        "bots": {"A": bot("heuristic:level=hard", a), "B": bot(bot_b, b)}}), encoding="utf-8")


def test_summaries_pool_each_bots_contracts_into_its_missed_or_given_up_share(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    module = arena_combine
    _summary(tmp_path / "a.json", "s1", (40, 36, 3, 1), (30, 28, 2, 0))
    _summary(tmp_path / "b.json", "s2", (60, 54, 4, 2), (10, 10, 0, 0))
    out = module.combine_shares([str(tmp_path / "a.json"), str(tmp_path / "b.json")])
    assert out["A"] == {"name": "heuristic:level=hard", "declared": 100, "made": 90,
                        "missed": 7, "gave_up": 3, "missed_or_given_up": 0.1}
    assert out["B"]["declared"] == 40 and out["B"]["missed_or_given_up"] == 0.05
    _chunk(tmp_path / "a.csv", "s1", [1.0, 2.0])
    assert module.main([str(tmp_path / "a.csv"), "--summaries", str(tmp_path / "a.json"),
                        str(tmp_path / "b.json")]) == 0
    printed = capsys.readouterr().out
    assert "A heuristic:level=hard: missed or given up 10.0% of 100 contracts" in printed
    assert "B heuristic:level=medium: missed or given up 5.0% of 40 contracts" in printed


def test_summaries_of_another_table_a_seed_twice_or_no_summary_are_refused(
        tmp_path: Path) -> None:
    module = arena_combine
    _summary(tmp_path / "a.json", "s1", (4, 4, 0, 0), (3, 3, 0, 0))
    _summary(tmp_path / "e.json", "s2", (4, 4, 0, 0), (3, 3, 0, 0), bot_b="heuristic:level=easy")
    with pytest.raises(ValueError, match="another table"):
        module.combine_shares([str(tmp_path / "a.json"), str(tmp_path / "e.json")])
    with pytest.raises(ValueError, match="earlier summary"):
        module.combine_shares([str(tmp_path / "a.json"), str(tmp_path / "a.json")])
    (tmp_path / "x.json").write_text('{"deals": 3}', encoding="utf-8")
    with pytest.raises(ValueError, match="not an arena JSON summary"):
        module.combine_shares([str(tmp_path / "x.json")])
    _chunk(tmp_path / "a.csv", "s1", [1.0])
    assert module.main([str(tmp_path / "a.csv"), "--summaries", str(tmp_path / "x.json")]) == 1


def test_the_pooled_split_by_seats_is_the_arenas_own(tmp_path: Path) -> None:
    """Two chunks of a real three-player arena: the split by how many seats A holds, pooled
    from their CSVs, is the one ``binokel arena`` reports for the same deals in one run."""
    combine = arena_combine.combine
    whole = run_arena(ArenaConfig(bot_a="heuristic:level=hard", bot_b="random", deals=6,
                                  seed="split"))
    paths = []
    for i, part in enumerate((whole.deals[:3], whole.deals[3:])):
        buffer = io.StringIO()
        write_csv(ArenaResult(config=whole.config, deals=part, seconds=0.0), buffer)
        path = tmp_path / f"c{i}.csv"
        path.write_text(buffer.getvalue(), encoding="utf-8")
        paths.append(str(path))
    pooled = combine(paths)["by_seats"]
    assert isinstance(pooled, dict)
    own = summarize(whole).by_seats
    assert set(pooled) == {"1", "2"} == {str(k) for k in own}
    for k, (mean, low, high, deals) in own.items():
        assert pooled[str(k)] == {"mean_difference": round(mean, 3),
                                  "ci95": [round(low, 3), round(high, 3)], "deals": deals}


def test_seatings_of_one_kind_give_no_split(tmp_path: Path) -> None:
    combine = arena_combine.combine
    _chunk(tmp_path / "a.csv", "s1", [10.0, -4.0, 7.5])
    assert combine([str(tmp_path / "a.csv")])["by_seats"] == {}


def test_four_seat_tables_are_not_split(tmp_path: Path) -> None:
    """A four-player CSV does not say whether the dealer sat out, so A's seats are unknown."""
    combine = arena_combine.combine
    rows = "".join(f"{i},s/{i},0,10,0,10,{i},{i + 1},{i + 2}\n" for i in range(3))
    path = tmp_path / "four.csv"
    path.write_text("deal,seed,dealer,score_a,score_b,difference,diff_ABBB,diff_AABB,"
                    "diff_AAAB\n" + rows, encoding="utf-8")
    assert combine([str(path)])["by_seats"] == {}
