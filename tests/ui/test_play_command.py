"""``binokel play`` as a person uses it: a whole game typed into a terminal, and a scripted one
piped through standard input.  Both check the final score sheet against the saved record."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from binokel import Bid, Discard, GiveUp, NameTrump, Pass, Play, Suit
from binokel.bots import make_bot
from binokel.cli.common import rules_from_args
from binokel.cli.main import build_parser
from binokel.games.binokel.game import new_game
from binokel.games.binokel.records import load_record, replay
from binokel.ui.render import hand_order
from binokel.ui.session import Player, Session

try:  # pseudo-terminals are POSIX; elsewhere only the terminal test is skipped
    from .terminal_driver import TerminalProgram, strip_escapes
except ImportError:  # pragma: no cover - Windows
    TerminalProgram = None  # type: ignore[assignment,misc]

COMMAND = [sys.executable, "-m", "binokel", "play"]
SHORT_GAME = ["--set", "fixed_hands=1"]


def environment(data: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    env.update(BINOKEL_DATA_DIR=str(data), LANG="C.UTF-8", PYTHONIOENCODING="utf-8", **extra)
    env.pop("NO_COLOR", None)
    return env


def sheet_rows(screen: str) -> list[list[int]]:
    """The numbers of each hand's row of a printed score sheet: per seat melds, hand, total."""
    rows = []
    for line in screen.splitlines():
        if re.match(r"^\s*\d+ ", line) and line.count("│") >= 3:
            rows.append([int(n) for cell in line.split("│")[1:] for n in cell.split()])
    return rows


def check_against_record(screen: str, path: Path) -> None:
    """The score sheet on the screen is the record's, hand by hand, and so are the totals."""
    state = replay(load_record(path.read_text(encoding="utf-8")))
    assert state.is_over
    expected = [[n for seat in range(3) for n in (r.meld_points[seat], r.scores[seat],
                                                  r.totals[seat])] for r in state.results]
    assert sheet_rows(screen) == expected
    totals = re.search(r"(?:Final totals|Endstand): (.+)", screen)
    assert totals is not None
    assert [int(n) for n in re.findall(r"(-?\d+)(?: ·|$)", totals.group(1).strip())] == \
        list(state.scores)


@pytest.mark.skipif(TerminalProgram is None or not hasattr(os, "openpty"),
                    reason="no pseudo-terminals on this platform")
def test_a_whole_game_typed_into_a_terminal(tmp_path: Path) -> None:
    """Bids, lays away, names Trumpf and plays every card as a person would; tries one card the
    rules forbid, takes one move back, and checks the final sheet against the saved record."""
    # --plain: the line mode on a terminal (without it a terminal gets the full-screen game).
    program = TerminalProgram([*COMMAND, "--plain", "--seed", "2", "--lang", "en", "--name",
                               "Anna", *SHORT_GAME],
                              env=environment(tmp_path, TERM="xterm-256color"))
    tried_illegal = took_back = False
    cards_played = 0
    try:
        while True:
            found = program.expect(r"(> $)|(won the game)", timeout=30)
            if found.group(2):
                break
            screen = program.last
            prompt = screen.rstrip().splitlines()[-1]
            if "Reizen" in prompt:
                match = re.search(r"your bid \((\d+) or pass\)", prompt)
                program.type(match.group(1) if match and int(match.group(1)) <= 400 else "pass")
            elif "Lay away" in prompt:
                program.type("lay 1 2 3 4")
            elif "Name Trumpf" in prompt:
                program.type("herz")
            elif "your card" in prompt:
                hand = screen[screen.rfind("Your hand"):]
                cards = re.findall(r"(\d+) (\S+?)(\*?)(?=\s)", hand)
                playable = [number for number, _, mark in cards if mark] or \
                    [number for number, _, _ in cards]
                forbidden = [number for number, _, mark in cards if not mark]
                if not tried_illegal and len(forbidden) < len(cards) and forbidden:
                    program.type(forbidden[0])
                    program.expect(r"> $")
                    assert re.search(r"You must (follow suit|beat|trump)", program.last)
                    tried_illegal = True
                program.type(playable[0])
                cards_played += 1
                if cards_played == 3 and not took_back:
                    program.expect(r"> $")
                    program.type("undo")
                    program.expect(r"> $")
                    assert "Taken back: your move" in program.last
                    took_back = True
                    program.type(playable[0])
            else:
                raise AssertionError(f"unexpected prompt {prompt!r}")
        assert program.wait() == 0
        final = strip_escapes(program.raw)
        final = final[final.rfind("The game is over."):]
    finally:
        program.close()
    assert tried_illegal and took_back, strip_escapes(program.raw)[-6000:]
    assert "\x1b[" in program.raw  # a terminal gets colours
    record = Path(re.findall(r"The record of this game is at (\S+)", final)[-1])
    assert record.parent == tmp_path / "games"
    check_against_record(final, record)


def typed_moves(seed: int, settings: list[str]) -> list[str]:
    """What a person would type to play seat 0's first legal choice through a whole game with
    random computer players — found by playing the same game here first."""
    args = build_parser().parse_args(["play", *settings])
    rules = rules_from_args(args)
    session = Session(new_game(rules, seed), [Player("You"), Player("Karle", "random"),
                                              Player("Frieda", "random")], bot_factory=make_bot)
    lines: list[str] = []
    while True:
        session.run_bots()
        if session.state.is_over:
            return lines
        view = session.state.view(0)
        action = view.legal_actions[-1] if view.phase.value == "auction" else view.legal_actions[0]
        hand = hand_order(view)
        if isinstance(action, (Bid, Pass)):
            lines.append("pass" if isinstance(action, Pass) else str(action.value))
        elif isinstance(action, Discard):
            lines.append(f"lay {hand.index(action.card) + 1}")
        elif isinstance(action, NameTrump | GiveUp):
            action = NameTrump(Suit.HEARTS)
            lines.append("hearts")
        elif isinstance(action, Play):
            lines.append(str(hand.index(action.card) + 1))
        else:
            lines.append(str(action))
        session.play([action])


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_game_piped_through_standard_input(tmp_path: Path, lang: str) -> None:
    moves = typed_moves(5, SHORT_GAME)
    script = "\n".join(["help", "banana", "score", *moves[:2], "last", *moves[2:]]) + "\n"
    done = subprocess.run([*COMMAND, "--seed", "5", "--bots", "random", "--lang", lang,
                           *SHORT_GAME], input=script, capture_output=True, text=True,
                          env=environment(tmp_path), timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "\x1b" not in out  # no colours, no cursor movement
    word = {"en": ("won the game", "Reizen (auction)"), "de": ("Partie", "Reizen:")}[lang]
    assert word[0] in out and word[1] in out
    records = list((tmp_path / "games").glob("*"))
    assert len(records) == 1
    if lang == "en":
        check_against_record(out[out.rfind("The game is over."):], records[0])


def test_input_that_ends_early_leaves_a_game_to_resume(tmp_path: Path) -> None:
    env = environment(tmp_path)
    moves = typed_moves(6, SHORT_GAME)
    first = subprocess.run([*COMMAND, "--seed", "6", "--bots", "random", "--lang", "de",
                            *SHORT_GAME], input="\n".join(moves[:3]) + "\n", capture_output=True,
                           text=True, env=env, timeout=60, check=False)
    assert first.returncode == 0, first.stderr
    assert "Servus. Die Partie ist gespeichert unter" in first.stdout
    second = subprocess.run([*COMMAND, "--resume"],
                            input="\n".join(moves[3:]) + "\n", capture_output=True, text=True,
                            env=env, timeout=60, check=False)
    assert second.returncode == 0, second.stderr
    assert "Die Partie ist zu Ende." in second.stdout  # in the language the game was begun in
    records = list((tmp_path / "games").glob("*"))
    assert len(records) == 1
    out = second.stdout
    check_against_record(out[out.rfind("Die Partie ist zu Ende."):], records[0])


def test_resume_without_a_saved_game_says_so(tmp_path: Path) -> None:
    done = subprocess.run([*COMMAND, "--resume"], input="", capture_output=True, text=True,
                          env=environment(tmp_path), timeout=60, check=False)
    assert done.returncode == 2
    assert "no unfinished saved game" in done.stderr


def test_bad_bot_names_are_refused_before_the_game(tmp_path: Path) -> None:
    done = subprocess.run([*COMMAND, "--bots", "nobody"], input="", capture_output=True,
                          text=True, env=environment(tmp_path), timeout=60, check=False)
    assert done.returncode == 2
    assert "--bots" in done.stderr and "nobody" in done.stderr


@pytest.mark.parametrize("answer", ["n", "nein", ""])
def test_quit_answered_no_saves_no_copy(tmp_path: Path, answer: str) -> None:
    work = tmp_path / "work"
    work.mkdir()
    done = subprocess.run([*COMMAND, "--seed", "4", "--lang", "en"], input=f"quit\n{answer}\n",
                          capture_output=True, text=True, cwd=work, timeout=120,
                          env=environment(tmp_path / "data"))
    assert done.returncode == 0, done.stderr
    assert "Goodbye" in done.stdout
    assert list(work.iterdir()) == []  # no file called "n" or "nein"
    assert len(list((tmp_path / "data" / "games").iterdir())) == 1


@pytest.mark.parametrize("lang", ["en", "de"])
def test_hint_shows_the_experts_move_and_each_candidates_value(tmp_path: Path,
                                                               lang: str) -> None:
    word = {"en": ("hint", "pass", "Hint (expert): ", "Expected result of each move"),
            "de": ("tipp", "weg", "Tipp (Experte): ", "Erwartetes Ergebnis je Zug")}[lang]
    done = subprocess.run([*COMMAND, "--seed", "21", "--lang", lang],
                          input=f"{word[0]}\n{word[1]}\n{word[0]}\n", capture_output=True,
                          text=True, env=environment(tmp_path), timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    hints = [line for line in done.stdout.splitlines() if line.startswith(word[2])]
    values = [line for line in done.stdout.splitlines() if line.startswith(word[3])]
    assert len(hints) == 2 and len(values) == 2  # in the auction and at the first card
    for hint, listed in zip(hints, values, strict=True):
        advice = hint.removeprefix(word[2]).strip()
        first = listed.split("): ", 1)[1].split(" · ")[0]
        assert first.rsplit(" ", 1)[0] == advice  # the advice is the best-valued candidate
