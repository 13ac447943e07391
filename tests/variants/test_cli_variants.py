"""The command line and the rule sets: ``binokel rules``, the shared ``--rules``, ``--set`` and
``--rules-file`` options, refusals as one-line errors, and ``binokel selfplay --rules NAME``
for every rule set with ``binokel replay`` accepting its output."""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from binokel import find_rules, rule_set_names
from binokel.cli.main import main
from binokel.games.binokel.rulefile import parse_rules_toml, rules_from_mapping
from binokel.games.binokel.rules import FIELD_HELP

BINOKEL_CMD = [sys.executable, "-m", "binokel"]


def is_built(command: str) -> bool:
    """Whether a command exists yet (colleagues build them alongside)."""
    return importlib.util.find_spec(f"binokel.cli.cmd_{command.replace('-', '_')}") is not None


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_rules_lists_every_rule_set_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_main(capsys, "rules")
    assert status == 0
    for name in rule_set_names():
        line = next(ln for ln in out.splitlines() if ln.split()[:1] == [name])
        assert find_rules(name).description in line


def test_rules_json_lists_name_and_description(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_main(capsys, "rules", "--json")
    assert status == 0
    rows = json.loads(out)
    assert [r["name"] for r in rows if r["game"] == "binokel"] == rule_set_names()
    assert all(r["description"] for r in rows)


def test_rules_name_prints_every_field(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_main(capsys, "rules", "kreuzbinokel")
    assert status == 0
    assert out.startswith("kreuzbinokel: ")
    for field in FIELD_HELP:
        if field not in ("name", "description"):
            assert re.search(rf"^ [ *]{field} ", out, re.M), field
    assert "*teams" in out and "0,2/1,3" in out, "what differs from binokel is marked"


def test_rules_name_json_is_the_whole_rule_set(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_main(capsys, "rules", "kreuzbinokel", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["teams"] == [[0, 2], [1, 3]] and set(data) == set(FIELD_HELP)
    assert rules_from_mapping(data) == find_rules("kreuzbinokel")


def test_rules_toml_is_a_rules_file_and_reads_back(capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Path) -> None:
    status, out, _ = run_main(capsys, "rules", "binokel-sevens", "--set", "target=1000",
                              "--toml")
    assert status == 0
    rules = parse_rules_toml(out)
    assert rules == find_rules("binokel-sevens+target=1000")
    path = tmp_path / "club.toml"
    path.write_text(out)
    status, out, _ = run_main(capsys, "rules", "--rules-file", str(path), "--json")
    assert status == 0 and json.loads(out)["target"] == 1000


def test_rules_shows_a_changed_rule_set_by_its_spec(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_main(capsys, "rules", "--set", "min_bid=200", "--set",
                              "give_up_bonus=40")
    assert status == 0
    assert out.startswith("binokel+min_bid=200+give_up_bonus=40: ")


@pytest.mark.parametrize(("argv", "message"), [
    (["rules", "--set", "teams=0,2/1"], "teams: must be of equal size, not of sizes [2, 1]"),
    (["rules", "--set", "hand_size=13"],
     "hand_size: 3 players x 13 cards + Dabb 4 = 43, but the pack has 40 cards"),
    (["rules", "nope"], "unknown rule set 'nope'"),
    (["rules", "--set", "min_bid=abc"], "min_bid: must be a whole number, not 'abc'"),
    (["rules", "--set", "first_lead=left"], "first_lead: must be 'forehand' or 'declarer'"),
    (["rules", "--set", "colour=red"], "colour: not a field of a Binokel rule set"),
    (["selfplay", "--rules", "kreuzbinokel", "--set", "teams=0,1,2/3"],
     "teams: must be of equal size"),
    (["bench", "--set", "dealer_sits_out=true", "--rules", "kreuzbinokel"],
     "teams: a team game cannot have the dealer sit out"),
    (["melds", "KS QS", "--set", "players=4"], "hand_size: 4 players x 12 cards"),
    (["arena", "random", "random", "--set", "bid_jumps=maybe"],
     "bid_jumps: must be true or false"),
    (["play", "--rules-file", "/nonexistent/club.toml"], "cannot read the rules file"),
])
def test_a_refused_rule_set_is_a_one_line_error_with_status_2(
        capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    if not is_built(argv[0]):
        pytest.skip(f"binokel {argv[0]} is not built yet")
    status, _, err = run_main(capsys, *argv)
    assert status == 2
    assert err.count("\n") == 1 and err.startswith("binokel: error: "), err
    assert message in err


def test_a_club_file_with_a_bad_field_is_refused_naming_the_file(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text('base = "binokel"\ngive_up_bonus = "forty"\n')
    status, _, err = run_main(capsys, "rules", "--rules-file", str(path))
    assert status == 2
    assert err.strip() == (f"binokel: error: {path}: give_up_bonus: must be a whole number, "
                           f"not 'forty'")


# --- selfplay and replay, as a user runs them -------------------------------------------------

def _selfplay(tmp_path: Path, tag: str, *options: str) -> subprocess.Popen[str]:
    out = tmp_path / f"{tag}.txt"
    return subprocess.Popen(
        [*BINOKEL_CMD, "selfplay", "--games", "1", "--seed", "5", "--max-hands", "3",
         "--out", str(out), *options],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_selfplay_plays_every_rule_set_and_replay_accepts_every_record(tmp_path: Path) -> None:
    if not (is_built("selfplay") and is_built("replay")):
        pytest.skip("binokel selfplay is not built yet")
    club = tmp_path / "club.toml"
    club.write_text('base = "kreuzbinokel"\ntrump_before_discard = true\n'
                    'partner_need_not_beat = true\n')
    runs = {name: _selfplay(tmp_path, name, "--rules", name) for name in rule_set_names()}
    runs["club"] = _selfplay(tmp_path, "club", "--rules-file", str(club), "--set",
                             "round_trick_points=true")
    expected = {**{name: name for name in rule_set_names()},
                "club": "kreuzbinokel+partner_need_not_beat=true+round_trick_points=true"
                        "+trump_before_discard=true"}
    texts = []
    for tag, proc in runs.items():
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, f"selfplay --rules {tag}: {err}"
        assert "wrote 1 record" in out
        text = (tmp_path / f"{tag}.txt").read_text(encoding="utf-8")
        assert f'[Rules "{expected[tag]}"]' in text
        texts.append(text)
    together = tmp_path / "all.txt"
    together.write_text("\n".join(texts), encoding="utf-8")
    done = subprocess.run([*BINOKEL_CMD, "replay", "--json", str(together)],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    games = json.loads(done.stdout)["games"]
    assert [g["rules"] for g in games] == list(expected.values())
    assert all(g["hands"] for g in games)
