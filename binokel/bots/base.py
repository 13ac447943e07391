"""The bot interface: a bot sees one seat's view and a seeded generator and returns an action.

Every decision of the game goes through the same call, ``bot.choose(view, rng)``: bidding or
passing, giving up, each discard, naming trumps or Durch, and each card.  A bot never sees a
:class:`~binokel.games.binokel.game.GameState`; the view holds exactly what its seat may know,
including the
legal actions (``view.legal_actions``), and the bot must return one of them.

The interface asks nothing of the view but ``seat`` and ``legal_actions``, so the same bots can sit
at other tables (Binocle) whose views and actions look alike.

>>> import random
>>> from binokel import new_game
>>> from binokel.bots.random_bot import RandomBot
>>> state = new_game(seed=3)
>>> view = state.view(state.to_move)
>>> action = ask(RandomBot(), view, random.Random(0))
>>> action in view.legal_actions
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from ..games import find_game, game_of

ActionT = TypeVar("ActionT")
ActionT_co = TypeVar("ActionT_co", covariant=True)


class TableView(Protocol[ActionT_co]):
    """What every view offers a bot: its seat and the actions it may take now."""

    @property
    def seat(self) -> int: ...

    @property
    def legal_actions(self) -> Sequence[ActionT_co]: ...


class Bot(Protocol):
    """A computer player. ``choose`` is called only when the view's seat is to act."""

    @property
    def name(self) -> str:
        """The name it was made from, e.g. ``heuristic:level=hard``."""
        ...

    def choose(self, view: TableView[ActionT], rng: random.Random) -> ActionT:
        """One of ``view.legal_actions``."""
        ...

    def close(self) -> None:
        """Release what the bot holds (an external program); called once, at the end."""
        ...


class BaseBot:
    """Convenience base: a name and a ``close`` that does nothing."""

    def __init__(self, name: str) -> None:
        self._name = name

    @property
    def name(self) -> str:
        return self._name

    def close(self) -> None:
        return None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self._name!r}>"


class BotError(RuntimeError):
    """A bot failed to give a legal answer: it crashed, timed out or answered nonsense.

    The message names the bot, the seat and what went wrong; the game state is untouched (the
    caller applies nothing).
    """

    def __init__(self, bot: str, seat: int, problem: str) -> None:
        super().__init__(bot, seat, problem)
        self.bot = bot
        self.seat = seat
        self.problem = problem

    def __str__(self) -> str:
        return f"bot {self.bot!r} at seat {self.seat}: {self.problem}"


def ask(bot: Bot, view: TableView[ActionT], rng: random.Random) -> ActionT:
    """Ask ``bot`` for its action and check that it is legal; raise :class:`BotError` if not.

    Exceptions raised inside an in-process bot are reported as a :class:`BotError` too, so that a
    table or arena has one kind of failure to handle.
    """
    legal = view.legal_actions
    if not legal:
        raise BotError(bot.name, view.seat, "was asked to act with no legal actions")
    try:
        action = bot.choose(view, rng)
    except BotError:
        raise
    except Exception as exc:  # any failure of a bot is reported as its own
        raise BotError(bot.name, view.seat, f"failed: {type(exc).__name__}: {exc}") from exc
    if action not in legal:
        shown = " ".join(str(a) for a in legal)
        raise BotError(bot.name, view.seat,
                       f"answered {str(action)!r}, which is not legal here (legal: {shown})")
    return action


__all__ = ["ActionT", "BaseBot", "Bot", "BotError", "TableView", "ask"]


def game_name_of(view: object) -> str | None:
    """The name of the game a view (or rule set, state, record) belongs to; ``None`` if none."""
    try:
        return game_of(view).name
    except TypeError:
        return None


def play_for_game(plays: Mapping[str, Callable[..., Any]], view: object, player: str) -> Any:
    """The decision function of ``plays`` (keyed by game name) for the game of ``view``.

    A player that plays several games keeps one function per game and finds it by the view's
    game, never by testing the view's type; a view of any other game (or no view at all) is
    refused with a :class:`TypeError` naming the games it plays.
    """
    found = plays.get(game_name_of(view) or "")
    if found is None:
        titles = " views and ".join(find_game(name).title for name in plays)
        raise TypeError(f"the {player} plays {titles} views only")
    return found
