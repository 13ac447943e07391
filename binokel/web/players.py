"""The computer players a web table can seat: making one by name, and which ones load here.

>>> from binokel.web.games import game_for_rules
>>> "random" in available_bots(game_for_rules("binokel"))
True
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

from .games import GameKind

#: Computer players the lobby may offer, weakest first (those that load are offered).
BOT_CANDIDATES = ("random", "heuristic:level=easy", "heuristic:level=medium",
                  "heuristic:level=hard", "expert")


class BotError(ValueError):
    """A computer player that cannot be had here; the text says why."""


class _RandomBot:
    """Stands in when :mod:`binokel.bots` is not there: a random legal action."""

    name = "random"

    def choose(self, view: Any, rng: random.Random) -> Any:
        return rng.choice(list(view.legal_actions))

    def close(self) -> None:
        pass


def make_bot(spec: str, game: GameKind | None = None) -> Any:
    """A computer player by name (``random``, ``heuristic:level=medium``, ``expert``); a game
    may bring its own player of a name (Binocle's random player claims only when it is sure)."""
    if game is not None and spec in game.bots:
        return game.bots[spec]()
    try:
        from ..bots import make_bot as make
    except ImportError:
        if spec == "random":
            return _RandomBot()
        raise BotError(f"no computer player {spec!r} here (only random)") from None
    try:
        return make(spec)
    except Exception as exc:  # the bots package names what it lacks
        raise BotError(f"no computer player {spec!r}: {exc}") from None


_AVAILABLE: dict[str, list[str]] = {}


def available_bots(game: GameKind) -> list[str]:
    """The computer players that can play ``game`` here, weakest first: each is tried once on
    the first move of a game (a bot for Binokel views only refuses a Binocle view)."""
    found = _AVAILABLE.get(game.name)
    if found is None:
        found = []
        probe = game.new(next(iter(game.rule_sets())), "probe")
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
