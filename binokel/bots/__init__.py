"""Computer players found by name: ``random``, ``heuristic``, ``heuristic:level=hard``, ``cmd:…``.

A name is the bot's kind, then optionally ``:`` and ``key=value`` options separated by commas.
``cmd:PROGRAM ARGS`` runs an external program that speaks the bot protocol
(docs/bot-protocol.md).

>>> make_bot("heuristic:level=easy").name
'heuristic:level=easy'
>>> sorted(bot_names())
['cmd', 'expert', 'heuristic', 'random']
"""

from __future__ import annotations

from collections.abc import Callable

from .base import BaseBot, Bot, BotError, TableView, ask
from .expert.binokel import ExpertBot
from .external.bot import DEFAULT_TIME_LIMIT, ExternalBot
from .heuristic.binokel import LEVELS, HeuristicBot
from .names import parse_bot_name
from .random_bot import RandomBot

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
    """The bot a name stands for; raises :class:`ValueError` naming what is wrong.

    ``time_limit`` (seconds per decision) applies to external programs.
    """
    if name.startswith("cmd:"):
        return ExternalBot(name[4:], name=name, time_limit=time_limit)
    kind, options = parse_bot_name(name)
    factory = _REGISTRY.get(kind)
    if factory is None:
        raise ValueError(f"unknown bot {kind!r}; bots: {', '.join(bot_names())} "
                         f"(e.g. heuristic:level={'|'.join(LEVELS)}, cmd:python3 mybot.py)")
    return factory(name, options)


__all__ = [
    "BaseBot", "Bot", "BotError", "ExternalBot", "HeuristicBot", "RandomBot", "TableView", "ask",
    "bot_names", "make_bot", "parse_bot_name", "register_bot",
]
