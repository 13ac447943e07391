"""Computer players found by name: ``random``, ``heuristic``, ``heuristic:level=hard``, ``cmd:…``.

A name is the bot's kind, then optionally ``:`` and ``key=value`` options separated by commas.
``cmd:PROGRAM ARGS`` runs an external program that speaks the bot protocol
(docs/bot-protocol.md).  :func:`make_player` makes any game's player for a rule set;
:func:`make_bot` is Binokel's (:mod:`binokel.bots.registry`).

>>> make_bot("heuristic:level=easy").name
'heuristic:level=easy'
>>> sorted(bot_names())
['cmd', 'expert', 'heuristic', 'random']
"""

from __future__ import annotations

from .base import BaseBot, Bot, BotError, TableView, ask
from .external.bot import ExternalBot
from .heuristic.binokel import HeuristicBot
from .names import parse_bot_name
from .random_bot import RandomBot
from .registry import bot_names, make_bot, make_player, register_bot

__all__ = [
    "BaseBot", "Bot", "BotError", "ExternalBot", "HeuristicBot", "RandomBot", "TableView", "ask",
    "bot_names", "make_bot", "make_player", "parse_bot_name", "register_bot",
]
