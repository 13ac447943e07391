"""The search commands: ``binokel hint RECORD`` and ``binokel bench-search``."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from binokel import Phase, new_game
from binokel.bots import make_bot
from binokel.cli.main import main
from binokel.games.binokel.records import dump_record


def _record_in_play(tmp_path: Path) -> Path:
    state = new_game(seed=8)
    bot = make_bot("heuristic")
    rng = random.Random(2)
    while state.phase is not Phase.PLAY or len(state.tricks) < 8:
        state = state.apply(bot.choose(state.view(state.to_move), rng))
    path = tmp_path / "game.txt"
    path.write_text(dump_record(state), encoding="utf-8")
    return path


def test_hint_names_a_legal_choice_with_a_value_per_candidate(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _record_in_play(tmp_path)
    assert main(["hint", str(path), "--bot", "expert:samples=3", "--json"]) == 0
    hint = json.loads(capsys.readouterr().out)
    assert hint["phase"] == "play"
    actions = [c["action"] for c in hint["candidates"]]
    assert hint["choice"] == actions[0]
    values = [c["value"] for c in hint["candidates"]]
    assert values == sorted(values, reverse=True)


def test_hint_refuses_what_is_not_a_record(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("hello\n", encoding="utf-8")
    assert main(["hint", str(path)]) == 2
    assert "binokel: error:" in capsys.readouterr().err
    assert main(["hint", str(tmp_path / "missing.txt")]) == 2


def test_bench_search_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench-search", "--tricks", "3,4", "--positions", "2", "--hands", "1",
                 "--binocle-hands", "1",
                 "--bot", "expert:samples=2", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert set(figures["solver"]) == {"3", "4"}
    assert figures["expert"]["decisions"] > 0
    assert figures["expert_binocle"]["decisions"] > 0


def test_hint_works_on_a_binocle_record(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    from binokel.games import dump_record as dump_any
    from binokel.games.binocle import new_binocle_game

    state = new_binocle_game(seed=6)
    rng = random.Random(6)
    for _ in range(30):
        state = state.apply(rng.choice(state.legal_actions()[:-1] or state.legal_actions()))
    path = tmp_path / "binocle.txt"
    path.write_text(dump_any(state), encoding="utf-8")
    assert main(["hint", str(path), "--bot", "expert:samples=2", "--json"]) == 0
    hint = json.loads(capsys.readouterr().out)
    assert hint["choice"] in [str(a) for a in state.legal_actions()]
