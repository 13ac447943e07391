"""Every computer player, made from its name: one door, :func:`make_player`.

A name is the player's kind, then optionally ``:`` and ``key=value`` options separated by
commas; ``cmd:PROGRAM ARGS`` runs an outside program that speaks the bot protocol
(docs/bot-protocol.md).  :func:`make_player` makes a player for a rule set's game: Binokel's
players are the registry's (:func:`make_bot`: ``random``, ``heuristic[:level=…]``, ``expert``,
and kinds added by :func:`register_bot`); the Binocle family's are ``random`` (claims only when
sure), ``heuristic[:level=easy|medium|hard]``, ``search[:samples=N]`` and ``expert``.  A player
made from another name (an outside program, ``cmd:…``) is tried on a position of the game
first, so a player that cannot play the game is refused at once.

>>> from binokel.games import find_game_rules
>>> make_player("heuristic:level=hard", find_game_rules("binocle")).name
'heuristic:level=hard'
>>> make_player("search", find_game_rules("kreuzbinokel"))
Traceback (most recent call last):
...
ValueError: unknown bot 'search'; bots: random, heuristic, expert, cmd (e.g. heuristic:level=easy|medium|hard, cmd:python3 mybot.py)
"""  # noqa: E501

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..games import game_of
from .base import Bot
from .expert.binokel import ExpertBot
from .external.bot import DEFAULT_TIME_LIMIT, ExternalBot
from .heuristic.binocle import BinocleHeuristicBot
from .heuristic.binokel import LEVELS, HeuristicBot
from .names import parse_bot_name
from .random_bot import RandomBinocleBot, RandomBot
from .searcher import SearchBinocleBot

Factory = Callable[[str, dict[str, str]], Bot]
"""Makes a bot from its full name and its options."""


def _random(name: str, options: dict[str, str]) -> Bot:
    if options:
        raise ValueError(f"the random bot takes no options (got {', '.join(options)})")
    return RandomBot(name)


def _heuristic(name: str, options: dict[str, str]) -> Bot:
    rest = dict(options)
    level = rest.pop("level", "medium")
    return HeuristicBot(name, level=level, options=rest)


_REGISTRY: dict[str, Factory] = {"random": _random, "heuristic": _heuristic}
_REGISTRY["expert"] = lambda name, options: ExpertBot(name, options=options)


def register_bot(kind: str, factory: Factory) -> None:
    """Add a kind of bot, made by ``factory(name, options)``."""
    _REGISTRY[kind] = factory


def bot_names() -> list[str]:
    """The kinds of bot that can be named (``cmd`` for external programs)."""
    return [*_REGISTRY, "cmd"]


def make_bot(name: str, *, time_limit: float = DEFAULT_TIME_LIMIT) -> Bot:
    """The Binokel player a name stands for; raises :class:`ValueError` naming what is wrong.

    ``time_limit`` (seconds per decision) applies to external programs.  For any game's
    players use :func:`make_player`.
    """
    if name.startswith("cmd:"):
        return ExternalBot(name[4:], name=name, time_limit=time_limit)
    kind, options = parse_bot_name(name)
    factory = _REGISTRY.get(kind)
    if factory is None:
        raise ValueError(f"unknown bot {kind!r}; bots: {', '.join(bot_names())} "
                         f"(e.g. heuristic:level={'|'.join(LEVELS)}, cmd:python3 mybot.py)")
    return factory(name, options)


def _build(spec: str, time_limit: float | None) -> Bot:
    return make_bot(spec) if time_limit is None else make_bot(spec, time_limit=time_limit)


def _make_binokel_bot(spec: str, rules: Any, time_limit: float | None) -> Bot:
    return _build(spec, time_limit)


def _make_binocle_bot(spec: str, rules: Any, time_limit: float | None) -> Bot:
    kind, options = ("cmd", {}) if spec.startswith("cmd:") else parse_bot_name(spec)
    if kind == "random" and not options:
        return RandomBinocleBot(spec)
    if kind == "search":
        rest = dict(options)
        samples = rest.pop("samples", "24")
        if rest or not samples.isdigit():
            raise ValueError(f"search takes samples=N only (got {spec!r})")
        return SearchBinocleBot(spec, samples=int(samples))
    if kind == "heuristic":
        rest = dict(options)
        level = rest.pop("level", "medium")
        if rest:
            raise ValueError(f"the Binocle heuristic takes level=easy|medium|hard only "
                             f"(got {spec!r})")
        return BinocleHeuristicBot(spec, level=level)
    bot = _build(spec, time_limit)
    game = game_of(rules)
    probe = game.new_game(rules, "probe")
    view = probe.view(probe.to_move)
    try:
        action = bot.choose(view, random.Random(0))
        ok = action in view.legal_actions
    except Exception:
        ok = False
    if not ok:
        bot.close()
        raise ValueError(f"{spec!r} does not play {game.title}; {game.title} players: "
                         f"{', '.join(game.player_names)} (e.g. search:samples=48)")
    return bot


Maker = Callable[[str, Any, "float | None"], Bot]

#: How to make a computer player of each game, by game name.
MAKERS: dict[str, Maker] = {
    "binokel": _make_binokel_bot,
    "binocle": _make_binocle_bot,
    "bezique": _make_binocle_bot,
}


def make_player(spec: str, rules: Any = None, *, time_limit: float | None = None) -> Bot:
    """The computer player ``spec`` names, for the game of the rule set ``rules`` (Binokel's
    when ``None``); :class:`ValueError` names what is wrong.  ``time_limit`` (seconds per
    decision) goes to outside programs."""
    if rules is None:
        return _make_binokel_bot(spec, rules, time_limit)
    return MAKERS[game_of(rules).name](spec, rules, time_limit)


__all__ = ["MAKERS", "bot_names", "make_bot", "make_player", "register_bot"]
