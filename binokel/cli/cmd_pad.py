"""``binokel pad``: the score pad for a game played with real cards (see docs/pad.md).

The table says what happened in each hand; the pad checks it by the rule set, scores it and
keeps the sheet, saved as a pad record after every hand (``--resume FILE`` goes on).  On a
terminal it is full-screen; ``--plain`` (or a pipe) asks line by line.
"""

from __future__ import annotations

import argparse
import os
import sys
from datetime import datetime
from pathlib import Path

from ..pad import Pad, PadError, dump_pad, load_pad
from ..record_text import RecordError
from ..ui.i18n import LANGUAGES, Lang, pick_language
from ..ui.i18n_pad import PadStrings
from ..ui.pad_dialogue import PadDialogue
from ..ui.storage import data_dir
from .common import fail

PAD_SUFFIX = ".pad"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "pad", help="keep the score of a game played with real cards",
        description="A score pad: enter each hand as the table says it (declarer and bid, "
                    "trumps, melds, trick points; at Binocle and Bézique the melds as they "
                    "are made, card points, claims). The pad checks and scores it by the "
                    "rule set, keeps the sheet and saves it after every hand. Type help at "
                    "any question for the commands.")
    parser.add_argument("--rules", default="binokel", metavar="NAME",
                        help="the rule set (`binokel rules` lists them), e.g. kreuzbinokel, "
                             "binocle, bezique, or binokel+min_bid=200")
    parser.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE",
                        dest="rule_settings", help="change one field of the rule set "
                                                   "(repeatable)")
    parser.add_argument("--players", default=None, metavar="A,B,C",
                        help="the players' names, in seat order (the deal passes from each "
                             "to the next)")
    parser.add_argument("--dealer", default=None, metavar="NAME",
                        help="who deals the first hand (default: the first player)")
    parser.add_argument("--resume", default=None, metavar="FILE",
                        help="go on with a saved pad record")
    parser.add_argument("--out", default=None, metavar="FILE",
                        help="where the pad is saved (default: a new file in the data folder)")
    parser.add_argument("--lang", choices=LANGUAGES, default=None,
                        help="language of the questions (default: the system locale)")
    parser.add_argument("--plain", action="store_true",
                        help="line mode even on a terminal (pipes always get it)")
    parser.set_defaults(func=run)


def new_pad_path(now: datetime | None = None) -> Path:
    """A fresh file for a new pad, e.g. ``pads/2026-12-01-183005.pad`` in the data folder."""
    folder = data_dir() / "pads"
    stamp = (now or datetime.now()).strftime("%Y-%m-%d-%H%M%S")
    path, n = folder / f"{stamp}{PAD_SUFFIX}", 2
    while path.exists():
        path, n = folder / f"{stamp}-{n}{PAD_SUFFIX}", n + 1
    return path


def _open(args: argparse.Namespace) -> tuple[Pad, Path] | int:
    if args.resume is not None:
        path = Path(args.resume).expanduser()
        try:
            pad = load_pad(path.read_text(encoding="utf-8"))
        except OSError as exc:
            return fail(f"--resume: cannot read {path}: {exc.strerror or exc}")
        except RecordError as exc:
            return fail(f"--resume: {path}: {exc}")
        return pad, Path(args.out).expanduser() if args.out else path
    spec = args.rules + "".join(f"+{s}" for s in args.rule_settings)
    players = [p.strip() for p in args.players.split(",")] if args.players else None
    try:
        pad = Pad.new(spec, players)
        if args.dealer is not None:
            pad = Pad.new(spec, pad.players, first_dealer=_dealer(pad, args.dealer))
    except PadError as exc:
        return fail(str(exc))
    return pad, Path(args.out).expanduser() if args.out else new_pad_path()


def _dealer(pad: Pad, text: str) -> int:
    for seat, name in enumerate(pad.players):
        if name.lower() == text.strip().lower():
            return seat
    if text.isdigit() and 1 <= int(text) <= pad.seats:
        return int(text) - 1
    raise PadError(f"--dealer: no player {text!r}; the players are {', '.join(pad.players)}")


def _saver(path: Path) -> object:
    def save(pad: Pad) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(path.suffix + ".tmp")
        temporary.write_text(dump_pad(pad), encoding="utf-8")
        temporary.replace(path)  # a crash mid-write leaves the last pad whole
        return path
    return save


def run(args: argparse.Namespace) -> int:
    lang: Lang = args.lang or pick_language(os.environ)
    opened = _open(args)
    if isinstance(opened, int):
        return opened
    pad, path = opened
    save = _saver(path)
    assert callable(save)
    tr = PadStrings(lang)
    save(pad)
    dialogue = PadDialogue(pad, tr, save=save)
    term = os.environ.get("TERM", "")
    if not args.plain and sys.stdin.isatty() and sys.stdout.isatty() and term not in ("",
                                                                                        "dumb"):
        from ..ui.tui.pad_app import PadApp

        PadApp(dialogue).run()
    else:
        _line_mode(dialogue)
    print(tr("bye", path=path))
    return 0


def _line_mode(dialogue: PadDialogue) -> None:
    for text in dialogue.opening:
        print(text)
    while not dialogue.finished:
        print(dialogue.prompt)
        try:
            line = input("> ")
        except EOFError:
            dialogue.answer("quit")
            print()
            break
        except KeyboardInterrupt:
            dialogue.answer("quit")
            print()
            break
        for text in dialogue.answer(line):
            print(text)


__all__ = ["new_pad_path", "register", "run"]
