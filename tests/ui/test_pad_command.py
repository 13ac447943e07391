"""``binokel pad`` as a table uses it: a whole game typed into a pseudo-terminal (line mode),
the final sheet compared with one computed from the model, the saved pad record with the
model's, and resuming a saved pad."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from binokel.cards import Suit, parse_cards
from binokel.games.binokel.scoring import Contract
from binokel.pad import BinokelHand, Pad, VoidHand, dump_pad, load_pad
from binokel.ui.i18n_pad import PadStrings
from binokel.ui.pad_render import sheet_text

try:  # pseudo-terminals are POSIX
    from .terminal_driver import TerminalProgram
except ImportError:  # pragma: no cover - Windows
    TerminalProgram = None  # type: ignore[assignment,misc]

COMMAND = [sys.executable, "-m", "binokel", "pad"]
PLAYERS = ["Anna", "Berta", "Karle"]
H, C, D, S = Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES

#: What the table says, question by question: (the question's start, the answer typed).
GAME: list[tuple[str, str]] = [
    # hand 1, Karle deals: Anna plays hearts and makes it.
    ("Declarer and bid", "a 300"), ("Trumps", "h"), ("Melds of Anna", "190"),
    ("Melds of Berta", "KS QS"), ("Melds of Karle", ""), ("Trick points of Anna", "128"),
    ("Trick points of Berta", "80"), ("Who took no trick", ""),
    # hand 2, Anna deals: Berta gives up in diamonds.
    ("Declarer and bid", "berta 250"), ("Trumps", "give up d"), ("Melds of Karle", "60"),
    ("Melds of Anna", "40"),
    # hand 3, Berta deals: a misdeal.
    ("Declarer and bid", "void"),
    # hand 3 again, Berta deals: a bid off the step is refused, then Karle's Durch wins.
    ("Declarer and bid", "k 405"), ("Declarer and bid", "k 400"), ("Trumps", "durch"),
    ("Did Karle take every trick", "y"),
    # hand 4, Karle deals: a wrong hand, taken back, entered again.
    ("Declarer and bid", "a 150"), ("Trumps", "c"), ("Melds of Anna", "20"),
    ("Melds of Berta", "1000"), ("Melds of Karle", "40"), ("Trick points of Anna", "100"),
    ("Trick points of Berta", "60"), ("Who took no trick", ""),
    ("Declarer and bid", "undo"),
    ("Declarer and bid", "a 150"), ("Trumps", "c"), ("Melds of Anna", "20"),
    ("Melds of Berta", "1000"), ("Melds of Karle", "40"), ("Trick points of Anna", "170"),
    ("Trick points of Berta", "300"), ("Trick points of Berta", "60"),
    ("Who took no trick", ""),
    # hand 1 was wrong: Berta had two spade pairs.
    ("Declarer and bid", "edit 1"), ("Declarer and bid", "a 300"), ("Trumps", "h"),
    ("Melds of Anna", "190"), ("Melds of Berta", "KS QS KS QS"), ("Melds of Karle", ""),
    ("Trick points of Anna", "128"), ("Trick points of Berta", "80"),
    ("Who took no trick", ""),
    # hand 5, Anna deals: Karle's double Binokel wins the game.
    ("Declarer and bid", "karle 200"), ("Trumps", "s"), ("Melds of Karle", "300"),
    ("Melds of Anna", ""), ("Melds of Berta", ""), ("Trick points of Karle", "200"),
    ("Trick points of Anna", "50"), ("Who took no trick", "berta"),
]


def reference() -> Pad:
    """The same game entered through the model."""
    pad = Pad.new("binokel", PLAYERS, first_dealer=2)
    for entry in (
        BinokelHand(declarer=0, bid=300, trump=H, side_points=(128, 80, None),
                    melds=(190, tuple(parse_cards("K♠ Q♠ K♠ Q♠")), 0)),
        BinokelHand(declarer=1, bid=250, contract=Contract.GIVE_UP, trump=D, melds=(40, 0, 60)),
        VoidHand(),
        BinokelHand(declarer=2, bid=400, contract=Contract.DURCH, melds=(0, 0, 0),
                    no_trick=frozenset({0, 1})),
        BinokelHand(declarer=0, bid=150, trump=C, melds=(20, 1000, 40),
                    side_points=(170, 60, None)),
        BinokelHand(declarer=2, bid=200, trump=S, melds=(0, 0, 300),
                    side_points=(200, 50, None), no_trick=frozenset({1})),
    ):
        pad = pad.add(entry)
    return pad


def environment(data: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    env.update(BINOKEL_DATA_DIR=str(data), LANG="C.UTF-8", PYTHONIOENCODING="utf-8", **extra)
    return env


def test_the_reference_game_is_won_by_the_declarer() -> None:
    sheet = reference().sheet()
    assert sheet.winners == (2,) and sheet.totals == (648, 930, 1712)


@pytest.mark.skipif(TerminalProgram is None or not hasattr(os, "openpty"),
                    reason="needs a POSIX pseudo-terminal")
def test_a_whole_game_typed_into_a_terminal(tmp_path: Path) -> None:
    out = tmp_path / "game.pad"
    program = TerminalProgram([*COMMAND, "--plain", "--lang", "en", "--players",
                               ",".join(PLAYERS), "--dealer", "Karle", "--out", str(out)],
                              env=environment(tmp_path, TERM="xterm-256color"))
    try:
        for number, (question, answer) in enumerate(GAME):
            program.expect(rf"^{question}.*\n> ")
            if number == 0:
                assert "Hand 1 - Karle deals, Anna is forehand." in program.last
            program.type(answer)
        program.expect(r"^The game is over.*\n> ")
        screen = program.last
        assert "Karle won the game!" in screen
        program.type("quit")
        assert program.wait() == 0
    finally:
        program.close()
    assert "Refused, nothing changed: bid 405: bids go up by 10 from 150 (bid_step, §3)" in \
        program.raw.replace("\r", "")
    assert "trick points: 300 is not between 0 and 250" in program.raw
    expected = reference()
    assert sheet_text(expected, PadStrings("en")) in screen.replace("\r", "")
    saved = out.read_text(encoding="utf-8")
    assert saved == dump_pad(expected)
    assert load_pad(saved) == expected


def test_a_saved_pad_resumes_where_it_stopped(tmp_path: Path) -> None:
    out = tmp_path / "pad.pad"
    first = "a 300\nh\n190\n20\n\n128\n80\n\nquit\n"
    args = [*COMMAND, "--players", "Anna,Berta,Karle", "--dealer", "3", "--out", str(out),
            "--lang", "de"]
    done = subprocess.run(args, input=first, capture_output=True, text=True, timeout=60,
                          env=environment(tmp_path), check=False)
    assert done.returncode == 0, done.stderr
    assert "Spiel 1: Anna hat 318 von 300 geschafft" in done.stdout
    assert "Spiel 2 - Anna gibt, Berta ist Vorhand." in done.stdout
    more = "berta 250\nab d\n60\n40\nende\n"
    again = subprocess.run([*COMMAND, "--resume", str(out), "--lang", "de"], input=more,
                           capture_output=True, text=True, timeout=60,
                           env=environment(tmp_path), check=False)
    assert again.returncode == 0, again.stderr
    pad = load_pad(out.read_text(encoding="utf-8"))
    assert pad.sheet().totals == (318 + 90, 100 - 250, 42 + 110)


def test_bad_options_are_refused_in_one_line(tmp_path: Path) -> None:
    done = subprocess.run([*COMMAND, "--rules", "kreuzbinokel", "--players", "A,B"],
                          capture_output=True, text=True, timeout=60,
                          env=environment(tmp_path), check=False)
    assert done.returncode == 2
    assert "binokel: error: players: 4 seats need 4 player names, not 2" in done.stderr
