"""``binokel melds``: each meld with its cards and points and the total (docs/rules/binokel.md §5),
as text or JSON; a malformed card or an impossible hand is refused on one line with exit status 2.

The worked example, JSON and one refusal run the real command (``python -m binokel``) in a
subprocess; the other cases call the same entry point in-process, to keep the suite fast.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from binokel.cli.main import main
from binokel.games.binokel.rules import rule_set_names

WORKED_EXAMPLE = "K♠ Q♠ Q♥ Q♣ Q♦ J♦"


def binokel(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "binokel", *args], capture_output=True,
                          text=True, encoding="utf-8", timeout=60, check=False)


def test_worked_example_of_the_spec_totals_120() -> None:
    done = binokel("melds", WORKED_EXAMPLE, "--trump", "H")
    assert done.returncode == 0, done.stderr
    rows = [line.split() for line in done.stdout.splitlines()]
    assert rows[0] == ["Melds", "with", "♥", "trumps", "(binokel)"]
    assert rows[1:] == [["Pair", "♠", "K♠", "Q♠", "20"], ["Binokel", "Q♠", "J♦", "40"],
                        ["Four", "queens", "Q♣", "Q♠", "Q♥", "Q♦", "60"], ["Total", "120"]]


def test_melds_json_lists_name_cards_points_and_total() -> None:
    done = binokel("melds", "KS QS QH QC QD JD", "--trump", "h", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {
        "melds": [{"name": "pair", "cards": ["K♠", "Q♠"], "points": 20},
                  {"name": "binokel", "cards": ["Q♠", "J♦"], "points": 40},
                  {"name": "four queens", "cards": ["Q♣", "Q♠", "Q♥", "Q♦"], "points": 60}],
        "total": 120}


def in_process(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_impossible_hand_exits_2_from_the_real_command() -> None:
    done = binokel("melds", "Q♠ Q♠ Q♠ J♦")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == ("binokel: error: impossible hand: more than two Q♠ "
                           "(the pack has two of each)\n")


def test_melds_without_trump_and_trump_pair_values_differ(
        capsys: pytest.CaptureFixture[str]) -> None:
    _, plain, _ = in_process(capsys, "melds", "K♥", "Q♥", "--json")
    _, trump, _ = in_process(capsys, "melds", "K♥", "Q♥", "--trump", "♥", "--json")
    assert (json.loads(plain)["total"], json.loads(trump)["total"]) == (20, 40)


def test_hand_without_melds_totals_0(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = in_process(capsys, "melds", "A♣ 10♠ J♥")
    assert status == 0 and "no melds" in out and out.split()[-2:] == ["Total", "0"]


@pytest.mark.parametrize(("cards", "extra", "reason"), [
    ("K♠ X♠", [], "not a card: 'X♠'"),
    ("Q♠ Q♠ Q♠", [], "impossible hand: more than two Q♠"),
    ("9♠ K♠", [], "impossible hand: 9♠ is not in the binokel pack"),
    ("A♣ A♣ 10♣ 10♣ K♣ K♣ Q♣ Q♣ J♣ J♣ A♥ A♥ K♥", [],
     "impossible hand: 13 cards, but a hand holds at most 12"),
    ("K♠ Q♠", ["--trump", "X"], "not a suit: 'X'"),
    ("K♠ Q♠", ["--rules", "no-such-rules"], "unknown rule set 'no-such-rules'"),
])
def test_bad_input_is_one_line_on_stderr_with_status_2(
        capsys: pytest.CaptureFixture[str], cards: str, extra: list[str], reason: str) -> None:
    status, out, err = in_process(capsys, "melds", cards, *extra)
    assert status == 2
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("binokel: error: ") and reason in lines[0]


@pytest.mark.skipif("binokel-sevens" not in rule_set_names(), reason="no Sevens rule set")
def test_sevens_rule_set_knows_the_dissle(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = in_process(capsys, "melds", "7♥ 7♥ K♠", "--trump", "H", "--rules",
                                  "binokel-sevens", "--json")
    assert status == 0, err
    assert json.loads(out)["total"] == 20
