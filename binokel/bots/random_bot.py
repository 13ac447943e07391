"""The random player: a uniform choice among the legal actions (the baseline of the arena)."""

from __future__ import annotations

import random

from .base import ActionT, BaseBot, TableView


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
