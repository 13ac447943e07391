"""The Binocle family's plain search player (``search[:samples=N]``): the action of best mean
value over sampled deals, without the expert's reading of the opponent's melds."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

from .base import BaseBot, TableView, play_for_game


class SearchBinocleBot(BaseBot):
    """Plays the action of best mean value over sampled deals
    (:func:`binokel.search.binocle.binocle_values`); claims when the claim is right."""

    _PLAYS: ClassVar[dict[str, Callable[..., Any]]]

    def __init__(self, name: str = "search", *, samples: int = 24) -> None:
        if samples < 1:
            raise ValueError("search: samples must be at least 1")
        super().__init__(name)
        self.samples = samples

    def choose(self, view: TableView[Any], rng: random.Random) -> Any:
        return play_for_game(self._PLAYS, view, "Binocle search player")(self, view, rng)

    def _search(self, view: Any, rng: random.Random) -> Any:
        from ..search.binocle import binocle_values

        values = binocle_values(view, rng, samples=self.samples)
        return max(values, key=lambda item: item[1])[0]


SearchBinocleBot._PLAYS = {"binocle": SearchBinocleBot._search, "bezique": SearchBinocleBot._search}
