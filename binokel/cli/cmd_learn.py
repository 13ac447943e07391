"""``binokel learn``: a guided first game — one prepared hand of Binokel in which each rule is
explained when it first matters (docs/playing.md, "A guided first game")."""

from __future__ import annotations

import argparse
import os
import random
import sys
from typing import Any

from ..bots import make_bot
from ..bots.base import Bot
from ..games.binokel import actions as A
from ..games.binokel.game import new_game
from ..games.binokel.rules import BINOKEL
from ..ui.coach import Coach
from ..ui.i18n import LANGUAGES, Lang, Strings, pick_language
from ..ui.session import Player, Session
from ..ui.storage import new_record_path, save_session
from ..ui.terminal import Table, make_screen
from .cmd_play import BOT_NAMES, full_screen

#: The prepared deal: you deal, so Karle is forehand and opens; your hand holds three Aces and
#: A 10 K Q of ♣, so that bidding pays off.  Chosen (of seeds 0-199) as one in which the
#: moves the coach suggests, Enter alone, make the bid and bring every lesson: each duty in a
#: Stich (follow, beat, trump, trump below) binds the newcomer's cards at some point.
LEARN_SEED = 151
LEARN_BOT = "heuristic:level=easy"


class LettingBot:
    """A computer player that lets the newcomer have the auction, then plays as ``inner``."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner

    @property
    def name(self) -> str:
        return f"learn({self.inner.name})"

    def choose(self, view: Any, rng: random.Random) -> Any:
        if A.PASS in view.legal_actions:  # forehand's opening is forced, not asked
            return A.PASS
        return self.inner.choose(view, rng)

    def close(self) -> None:
        self.inner.close()


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "learn", help="a guided first game: one hand of Binokel, each rule explained as it "
                      "comes up",
        description="One prepared hand of Binokel against two computer players who let you "
                    "have the auction; the auction, the Dabb, laying away, Trumpf, the melds "
                    "and the Stiche are explained when they first matter.")
    parser.add_argument("--lang", choices=LANGUAGES, default=None,
                        help="language of the table (default: the system locale)")
    parser.add_argument("--plain", action="store_true", help="the line mode even on a terminal")
    parser.add_argument("--mono", action="store_true", help="no colours")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    lang: Lang = args.lang or pick_language(os.environ)
    tr = Strings(lang)
    rules = BINOKEL.replace(name="binokel-learn", fixed_hands=1,
                            description="One guided hand of Binokel")
    state = new_game(rules, LEARN_SEED, dealer=0)
    players = [Player(tr("you")), Player(BOT_NAMES[0], LEARN_BOT),
               Player(BOT_NAMES[1], LEARN_BOT)]
    session = Session(state, players, bot_factory=lambda spec: LettingBot(make_bot(spec)))
    path = new_record_path(state.seed)
    session.on_change = lambda s: save_session(s, path, lang=lang)
    save_session(session, path, lang=lang)
    coach = Coach(tr, session.names)
    try:
        if full_screen(args):
            from ..ui.terminal import presenter_for
            from ..ui.tui.app import PlayApp

            app = PlayApp(session, tr, record_path=path,
                          save=lambda s, p: save_session(s, p, lang=lang),
                          presenter=presenter_for(session),
                          mono=args.mono or bool(os.environ.get("NO_COLOR")))
            app.coach = coach
            app.message = app.message.__class__(tr("learn_welcome"), style="cyan")
            status = app.run()
            print(tr("record_at" if session.state.is_over else "bye", path=path))
            return 0 if status is None else status
        screen = make_screen(sys.stdin, sys.stdout)
        screen.say(tr("learn_welcome"), wrap=True)
        table = Table(session, screen, tr, record_path=path,
                      save=lambda s, p: save_session(s, p, lang=lang))
        table.coach = coach
        return table.run()
    finally:
        session.close()


__all__ = ["LEARN_SEED", "LettingBot", "register", "run"]
