"""The computer players each game offers, found by the game's name and the player's name.

:func:`make_game_bot` makes a player for a rule set's game: Binokel's players are
:func:`binokel.bots.make_bot`'s; the Binocle family's are ``random`` (claims only when sure),
``heuristic[:level=easy|medium|hard]``, ``search[:samples=N]`` and ``expert``.  A player made
from another name (an outside program, ``cmd:…``) is tried on a position of the game first, so a
player that cannot play the game is refused at once.

>>> from binokel.games import find_game_rules
>>> make_game_bot("heuristic:level=hard", find_game_rules("binocle")).name
'heuristic:level=hard'
>>> make_game_bot("search", find_game_rules("kreuzbinokel"))
Traceback (most recent call last):
...
ValueError: unknown bot 'search'; bots: random, heuristic, expert, cmd (e.g. heuristic:level=easy|medium|hard, cmd:python3 mybot.py)
"""  # noqa: E501

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

from ..games import game_of
from .base import BaseBot, Bot, TableView, play_for_game
from .names import parse_bot_name


class RandomBinocleBot(BaseBot):
    """Random legal Binocle play that claims only when sure."""

    _PLAYS: ClassVar[dict[str, Callable[..., Any]]]

    def __init__(self, name: str = "random") -> None:
        super().__init__(name)

    def choose(self, view: TableView[Any], rng: random.Random) -> Any:
        return play_for_game(self._PLAYS, view, "random Binocle player")(view, rng)


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


def _binocle_random(view: Any, rng: random.Random) -> Any:
    return game_of(view).random_action(view, rng)


RandomBinocleBot._PLAYS = {"binocle": _binocle_random, "bezique": _binocle_random}
SearchBinocleBot._PLAYS = {"binocle": SearchBinocleBot._search, "bezique": SearchBinocleBot._search}


def _build(spec: str, time_limit: float | None) -> Bot:
    from . import make_bot

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
        from .heuristic.binocle import BinocleHeuristicBot

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


def make_game_bot(spec: str, rules: Any, *, time_limit: float | None = None) -> Bot:
    """A computer player for the rule set's game, by name; :class:`ValueError` names what is
    wrong.  ``time_limit`` (seconds per decision) goes to external programs."""
    return MAKERS[game_of(rules).name](spec, rules, time_limit)


__all__ = ["MAKERS", "RandomBinocleBot", "SearchBinocleBot", "make_game_bot"]
