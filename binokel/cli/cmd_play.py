"""``binokel play``: you against computer players in the terminal (see docs/playing.md).

``--rules binocle`` (or ``binocle-64``) plays Foster's two-handed Binocle against one computer
player (:data:`binokel.games.BINOCLE_BOTS`).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path
from typing import Any

from ..games import game_of, new_game, registered_games, seats_of
from ..games.binokel.definition import BINOKEL_GAME
from ..ui.i18n import LANGUAGES, Lang, Strings, pick_language
from ..ui.session import BaseSession, Player, session_for
from ..ui.storage import latest_record, load_game, new_record_path, save_session
from ..ui.terminal import Table, make_screen
from .common import add_rules_options, fail, rules_from_args

DEFAULT_BOT = BINOKEL_GAME.default_player
#: Names of the computer players, seat by seat (Swabian, as the game).
BOT_NAMES = ("Karle", "Frieda", "Sepp", "Liesel", "Gottlob")
LATEST = "latest"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "play", help="play Binokel, Binocle or Bézique in the terminal against computer "
                     "players",
        description="You (seat 0) against computer players. Type `help` at the table for the "
                    "commands. The game is saved after every move; --resume continues it. "
                    "--rules binocle plays Foster's two-handed Binocle against one computer "
                    "player. Default computer players: " + ", ".join(
                        f"{game.title} {game.default_player}" for game in registered_games())
                    + ".")
    add_rules_options(parser)
    parser.add_argument("--bots", nargs="+", metavar="BOT", default=None,
                        help=f"computer players for the other seats, one for all or one per "
                             "seat (e.g. heuristic:level=hard random); default: the game's own "
                             f"(Binokel: {DEFAULT_BOT})")
    parser.add_argument("--seed", default=None,
                        help="seed of the deals and of the computer players (default: random)")
    parser.add_argument("--name", default=None, help="your name at the table")
    parser.add_argument("--resume", nargs="?", const=LATEST, default=None, metavar="FILE",
                        help="continue a saved game: FILE, or the latest unfinished one")
    parser.add_argument("--lang", choices=LANGUAGES, default=None,
                        help="language of the table (default: the system locale)")
    parser.add_argument("--plain", action="store_true",
                        help="the line mode even on a terminal (for screen readers; pipes "
                             "always get it)")
    parser.add_argument("--mono", action="store_true",
                        help="no colours (also when NO_COLOR is set)")
    parser.set_defaults(func=run)


def _seed(text: str | None) -> int | str:
    if text is None:
        return random.SystemRandom().randrange(1, 1_000_000)
    return int(text) if text.lstrip("-").isdigit() else text


def run(args: argparse.Namespace) -> int:
    lang: Lang = args.lang or pick_language(os.environ)
    if args.resume is not None:
        opened = _resume(args)
        if isinstance(opened, int):
            return opened
        session, path, saved_lang = opened
        if args.lang is None and saved_lang in LANGUAGES:
            lang = "de" if saved_lang == "de" else "en"  # the language the game was begun in
    tr = Strings(lang)
    if args.resume is not None:
        # A game begun as "Du" and resumed in English sits you down as "You", and back.
        session.players = tuple(
            Player(tr("you")) if p.is_person and tr.is_default_name(p.name) else p
            for p in session.players)
    if args.resume is None:
        begun = _new_game(args, tr)
        if isinstance(begun, int):
            return begun
        session, path = begun
    session.on_change = lambda s: save_session(s, path, lang=lang)
    save_session(session, path, lang=lang)
    if full_screen(args):
        from ..ui.tui import run_app

        try:
            return run_app(session, tr, record_path=path,
                           save=lambda s, p: save_session(s, p, lang=lang),
                           mono=args.mono or bool(os.environ.get("NO_COLOR")))
        finally:
            session.close()
    screen = make_screen(sys.stdin, sys.stdout)
    table = Table(session, screen, tr, record_path=path,
                  save=lambda s, p: save_session(s, p, lang=lang))
    try:
        return table.run()
    except KeyboardInterrupt:  # Ctrl-C while the computer players think: the game is saved
        screen.say("")
        screen.say(tr("bye", path=path))
        return 130
    except BrokenPipeError:  # output piped into a reader that stopped (`| head`)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    finally:
        session.close()


def full_screen(args: argparse.Namespace) -> bool:
    """The full-screen game when both ends are a terminal that can draw it and no --plain."""
    term = os.environ.get("TERM", "")
    return (not args.plain and sys.stdin.isatty() and sys.stdout.isatty()
            and term not in ("", "dumb"))


def _new_game(args: argparse.Namespace, tr: Strings) -> tuple[BaseSession[Any], Path] | int:
    if args.name is not None and (not args.name.strip() or "," in args.name):
        return fail("--name: a name must not be empty or hold a comma")
    try:
        rules = rules_from_args(args)
    except ValueError as exc:
        return fail(str(exc))
    bots = args.bots or [game_of(rules).default_player]
    seats = seats_of(rules)
    others = seats - 1
    if len(bots) == 1:
        bots = bots * others
    if len(bots) != others:
        return fail(f"--bots: name one computer player for all seats or one for each of "
                    f"the {others} other seats, not {len(bots)}")
    players = [Player(args.name or tr("you"))]
    players += [Player(BOT_NAMES[i % len(BOT_NAMES)], spec) for i, spec in enumerate(bots)]
    state = new_game(rules, _seed(args.seed))
    session = session_for(state, players)
    try:  # make the computer players now, so a bad --bots name fails before the game
        for seat in range(1, seats):
            session.bot(seat)
    except (ValueError, KeyError) as exc:
        return fail(f"--bots: {exc}")
    return session, new_record_path(state.seed)


def _resume(args: argparse.Namespace) -> tuple[BaseSession[Any], Path, str | None] | int:
    if args.resume == LATEST:
        found = latest_record()
        if found is None:
            return fail("--resume: there is no unfinished saved game; start one with "
                        "`binokel play`")
        path = found
    else:
        path = Path(args.resume).expanduser()
    try:
        saved = load_game(path)
    except OSError as exc:
        return fail(f"--resume: cannot read {path}: {exc.strerror or exc}")
    except ValueError as exc:
        return fail(f"--resume: {path}: {exc}")
    if saved.state.is_over:
        return fail(f"--resume: the game in {path} is over")
    return session_for(saved.state, saved.players), path, saved.lang


__all__ = ["register", "run"]
