"""The computer players a web table can seat: making one by name, and which ones load here.

>>> from binokel.web.games import game_for_rules
>>> "random" in available_bots(game_for_rules("binokel"))
True
"""

from __future__ import annotations

import contextlib
import random

from ..bots import Bot, make_player
from ..games import AnyGame
from .games import new_state

#: Computer players the lobby may offer, weakest first (those that load are offered).
BOT_CANDIDATES = ("random", "heuristic:level=easy", "heuristic:level=medium",
                  "heuristic:level=hard", "expert")


def make_bot(spec: str, game: AnyGame | None = None) -> Bot:
    """A computer player by name (``random``, ``heuristic:level=medium``, ``expert``) for
    ``game`` (Binokel's when ``None``): :func:`binokel.bots.make_player` for the game's first
    rule set, so each game's own players (Binocle's random player claims only when it is sure)
    come from the one place; :class:`ValueError` names what is wrong."""
    rules = None if game is None else game.find_rules(game.rule_set_names()[0])
    return make_player(spec, rules)


_AVAILABLE: dict[str, list[str]] = {}


def available_bots(game: AnyGame) -> list[str]:
    """The computer players that can play ``game`` here, weakest first: each is tried once on
    the first move of a game (a bot for Binokel views only refuses a Binocle view)."""
    found = _AVAILABLE.get(game.name)
    if found is None:
        found = []
        probe = new_state(game, game.rule_set_names()[0], "probe")
        view = probe.view(probe.to_move)
        for spec in BOT_CANDIDATES:
            try:
                bot = make_bot(spec, game)
                action = bot.choose(view, random.Random(0))
            except Exception:
                continue
            with contextlib.suppress(Exception):
                bot.close()
            if action in view.legal_actions:
                found.append(spec)
        _AVAILABLE[game.name] = found = found or ["random"]
    return list(found)


def offer_only(game: AnyGame, specs: list[str]) -> list[str]:
    """From now on offer only ``specs`` for ``game`` (those of them that play it, else random):
    the lobby's choice, the seats a table may have and the hints' players.  The offline app
    offers the cheaper players and an expert with a budget a phone keeps up with."""
    found = [spec for spec in specs if spec in available_bots(game) or _plays(spec, game)]
    _AVAILABLE[game.name] = found = found or ["random"]
    return list(found)


def forget_offers() -> None:
    """Undo :func:`offer_only`: every player that plays a game is offered again (found anew
    when next asked).  An offline host calls it when it closes, so a process that goes on --
    a test run, a doctest -- does not keep the app's narrower choice."""
    _AVAILABLE.clear()


def _plays(spec: str, game: AnyGame) -> bool:
    probe = new_state(game, game.rule_set_names()[0], "probe")
    view = probe.view(probe.to_move)
    try:
        bot = make_bot(spec, game)
        return bot.choose(view, random.Random(0)) in view.legal_actions
    except Exception:
        return False
