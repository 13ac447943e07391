"""The command line plays Binocle too: ``selfplay``, ``replay``, ``bench``, ``melds``, ``rules``
and ``--set`` with ``--rules binocle`` / ``binocle-64`` (the real command, in subprocesses)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from binokel.games import load_records, replay
from binokel.games.binocle import BinocleState


def binokel(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "binokel", *map(str, args)], capture_output=True,
                          text=True, encoding="utf-8", timeout=120, check=False)


@pytest.fixture(scope="module", params=["binocle", "binocle-64"])
def selfplay_file(request: pytest.FixtureRequest,
                  tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path, str]:
    rules = str(request.param)
    out = tmp_path_factory.mktemp("selfplay") / f"{rules}.binocle"
    done = binokel("selfplay", "--rules", rules, "--games", "2", "--seed", "7", "--out", out)
    assert done.returncode == 0, done.stderr
    return rules, out, done.stdout


def test_selfplay_writes_binocle_records_that_replay(selfplay_file: tuple[str, Path, str]
                                                     ) -> None:
    rules, out, printed = selfplay_file
    lines = printed.splitlines()
    assert lines[0].startswith("game 1 (seed 7/0): ") and "winner seat" in lines[0]
    assert lines[-1] == f"wrote 2 records to {out}"
    text = out.read_text(encoding="utf-8")
    assert text.count('[Game "Binocle"]') == 2 and f'[Rules "{rules}"]' in text
    for record in load_records(text):
        state = replay(record)
        assert isinstance(state, BinocleState) and state.is_over


def test_replay_prints_the_binocle_score_sheet(selfplay_file: tuple[str, Path, str]) -> None:
    rules, out, _ = selfplay_file
    done = binokel("replay", out)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == f"Game 1: rules {rules}, seed 7/0; seats 0 Random 0, 1 Random 1"
    assert lines[1].split() == ["hand", "dealer", "turned", "melds", "0", "melds", "1", "tricks",
                                "0", "tricks", "1", "last", "points", "0", "points", "1",
                                "total", "0", "total", "1"]
    assert sum(line.startswith("Winner: seat ") for line in lines) == 2
    sheet = json.loads(binokel("replay", out, "--json").stdout)["games"][0]
    assert sheet["game"] == "binocle" and sheet["over"] and len(sheet["winners"]) == 1
    for row in sheet["hands"]:
        assert row["card_points"][0] + row["card_points"][1] == 240
        for seat in (0, 1):
            last = row["last_trick_bonus"] if row["last_trick"] == seat else 0
            assert row["scores"][seat] == (row["melds"][seat] + row["dix"][seat]
                                           + row["card_points"][seat] + last)


def test_replay_refuses_a_broken_binocle_record(tmp_path: Path,
                                               selfplay_file: tuple[str, Path, str]) -> None:
    _, out, _ = selfplay_file
    text = out.read_text(encoding="utf-8")
    first_trick = next(line for line in text.splitlines() if line.startswith("Trick 1: "))
    seat, card = first_trick.split(": ")[1].split(",")[0].split()
    wrong = "9♣" if card != "9♣" else "9♦"
    broken = tmp_path / "broken.binocle"
    broken.write_text(text.replace(first_trick, f"Trick 1: {seat} {wrong}", 1), encoding="utf-8")
    done = binokel("replay", broken)
    assert done.returncode == 1
    assert "hand 1" in done.stderr
    assert done.stderr.startswith(f"binokel: error: {broken}: game 1: line ")


def test_one_replay_reads_records_of_both_games(tmp_path: Path,
                                                selfplay_file: tuple[str, Path, str]) -> None:
    _, out, _ = selfplay_file
    both = tmp_path / "both.txt"
    assert binokel("selfplay", "--games", "1", "--seed", "1", "--out", both).returncode == 0
    both.write_text(both.read_text(encoding="utf-8") + "\n" + out.read_text(encoding="utf-8"),
                    encoding="utf-8")
    done = binokel("replay", both, "--json")
    assert done.returncode == 0, done.stderr
    assert [g["game"] for g in json.loads(done.stdout)["games"]] == \
        ["binokel", "binocle", "binocle"]


def test_selfplay_takes_set_for_binocle_rules(tmp_path: Path) -> None:
    out = tmp_path / "short.binocle"
    done = binokel("selfplay", "--rules", "binocle", "--set", "target=300", "--set",
                   "dix_uses_meld=true", "--seed", "3", "--out", out)
    assert done.returncode == 0, done.stderr
    text = out.read_text(encoding="utf-8")
    assert '[Rules "binocle+dix_uses_meld=true+target=300"]' in text
    assert '[Rule target "300"]' in text and '[Rule dix_uses_meld "true"]' in text
    assert binokel("replay", out).returncode == 0
    bad = binokel("selfplay", "--rules", "binocle", "--set", "target=lots")
    assert bad.returncode == 2 and "target: must be a whole number" in bad.stderr
    unknown = binokel("selfplay", "--rules", "binocle", "--set", "min_bid=200")
    assert unknown.returncode == 2 and "min_bid: not a field of a Binocle" in unknown.stderr


def test_bench_measures_binocle_with_the_same_keys() -> None:
    done = binokel("bench", "--rules", "binocle", "--runs", "1", "--seconds", "0.2", "--json")
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert set(figures) == {"hands_per_second", "playouts_per_second", "hands_runs",
                            "playouts_runs"}
    assert figures["hands_per_second"] > 0 and figures["playouts_per_second"] > 0
    plain = binokel("bench", "--rules", "binocle-64", "--runs", "1", "--seconds", "0.1")
    assert plain.stdout.splitlines()[0].split() == ["rules", "binocle-64"]


def test_melds_lists_each_binocle_meld_and_the_best_order() -> None:
    done = binokel("melds", "A♥ 10♥ K♥ Q♥ J♥ Q♠ J♦ 9♥", "--rules", "binocle", "--trump", "H")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("Binocle melds with ♥ trumps (binocle)")
    assert [line.split()[:2] for line in lines[1:5]] == [
        ["Royal", "marriage"], ["Sequence", "♥"], ["Binocle", "Q♠"], ["Dix", "♥"]]
    assert lines[5] == "Best order, one meld per trick won (230 in 3 tricks won):"
    assert lines[7].split()[:3] == ["2.", "Sequence", "♥"] and lines[7].endswith("150")
    assert lines[-1].endswith("240 in all")
    data = json.loads(binokel("melds", "AH TH KH QH JH QS JD 9H", "--rules", "binocle",
                              "--trump", "H", "--json").stdout)
    assert [m["name"] for m in data["best"]] == ["royal marriage", "sequence", "binocle"]
    assert (data["best_total"], data["dix"], data["total"]) == (230, 10, 240)
    assert {"name": "dix", "cards": ["9♥"], "points": 10} in data["melds"]


@pytest.mark.parametrize(("args", "message"), [
    (["A♥ 7♥", "--rules", "binocle", "--trump", "H"], "7♥ is not in the binocle pack"),
    (["A♥", "--rules", "binocle"], "Binocle melds need the trump suit"),
    (["Q♠ Q♠ Q♠", "--rules", "binocle", "--trump", "H"], "impossible hand"),
])
def test_melds_refuses_what_binocle_cannot_hold(args: list[str], message: str) -> None:
    done = binokel("melds", *args)
    assert done.returncode == 2 and message in done.stderr


def test_melds_of_the_64_card_game_know_the_seven_as_dix() -> None:
    data = json.loads(binokel("melds", "7♥ 7♥ K♠ Q♠", "--rules", "binocle-64", "--trump", "H",
                              "--json").stdout)
    assert data["dix"] == 20 and data["best_total"] == 20


def test_rules_lists_and_shows_binocle_rule_sets() -> None:
    listing = binokel("rules").stdout
    assert "Binocle rule sets (two-handed):" in listing and "binocle-64" in listing
    shown = binokel("rules", "binocle").stdout
    assert shown.startswith("binocle: Foster's two-handed Binocle")
    assert "  dix_rank " in shown and "  claim_automatically " in shown
    data = json.loads(binokel("rules", "binocle-64", "--json").stdout)
    assert data["dix_rank"] == "7" and data["ranks"][0] == "7"
    changed = binokel("rules", "binocle", "--set", "target=1500").stdout
    assert changed.startswith("binocle+target=1500: ")
    assert any(line.split() == ["target", "1500"] for line in changed.splitlines())
    rows = json.loads(binokel("rules", "--json").stdout)
    assert {"name": "binocle", "game": "binocle"}.items() <= next(
        r for r in rows if r["name"] == "binocle").items()


def test_a_rules_file_may_start_from_binocle(tmp_path: Path) -> None:
    club = tmp_path / "club.toml"
    club.write_text('base = "binocle"\ntarget = 1500\ngrand_binocle = false\n', encoding="utf-8")
    shown = binokel("rules", "--rules-file", club, "--json")
    assert shown.returncode == 0, shown.stderr
    data = json.loads(shown.stdout)
    assert (data["name"], data["target"], data["grand_binocle"]) == \
        ("binocle+grand_binocle=false+target=1500", 1500, False)


def test_melds_of_bezique_are_titled_bezique() -> None:
    """``binokel melds --rules bezique`` lists Bézique's melds under Bézique's name."""
    done = binokel("melds", "K♠ Q♠ J♦ Q♠", "--rules", "bezique", "--trump", "S")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0].startswith("Bézique melds with ♠ trumps (bezique)")
    assert "Binocle" not in done.stdout
    refused = binokel("melds", "K♠", "--rules", "bezique")
    assert refused.returncode == 2 and "Bézique melds need the trump suit" in refused.stderr
