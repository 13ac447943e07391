"""The random player: a uniform choice among the legal actions (the baseline of the arena)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

from ..games import game_of
from .base import ActionT, BaseBot, TableView, play_for_game


class RandomBot(BaseBot):
    """Picks uniformly among ``view.legal_actions``; works at any table.

    >>> import random
    >>> from binokel import new_game
    >>> state = new_game(seed=1)
    >>> view = state.view(state.to_move)
    >>> RandomBot().choose(view, random.Random(5)) in view.legal_actions
    True
    """

    def __init__(self, name: str = "random") -> None:
        super().__init__(name)

    def choose(self, view: TableView[ActionT], rng: random.Random) -> ActionT:
        legal = view.legal_actions
        return legal[rng.randrange(len(legal))]


class RandomBinocleBot(BaseBot):
    """Random legal Binocle play that claims only when sure."""

    _PLAYS: ClassVar[dict[str, Callable[..., Any]]]

    def __init__(self, name: str = "random") -> None:
        super().__init__(name)

    def choose(self, view: TableView[Any], rng: random.Random) -> Any:
        return play_for_game(self._PLAYS, view, "random Binocle player")(view, rng)


def _binocle_random(view: Any, rng: random.Random) -> Any:
    return game_of(view).random_action(view, rng)


RandomBinocleBot._PLAYS = {"binocle": _binocle_random, "bezique": _binocle_random}
