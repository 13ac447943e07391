"""Bots across the OpenSpiel border, both ways.

* :class:`PackageBot`: any of the package's computer players (``random``,
  ``heuristic:level=medium``, ``expert`` …) as a ``pyspiel.Bot`` of a rule set's OpenSpiel
  game.  It reads nothing of the state but the acting seat's view.
* :func:`ismcts_bot`: OpenSpiel's own IS-MCTS (``open_spiel.python.algorithms.ismcts``) on a
  rule set's game, with random roll-outs; it runs on :meth:`resample_from_infostate`.
* :func:`spiel_bot`: an OpenSpiel bot by a spec (``ismcts:sims=50``, ``mcts:…`` is not offered:
  plain MCTS needs perfect information), for :func:`binokel.env.evaluate` and ``binokel
  arena``.

>>> import pyspiel
>>> from binokel.env.spiel import load_game
>>> game = load_game("binocle")
>>> bot = PackageBot(game, "heuristic:level=easy", seed=1)
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])
>>> bot.step(state) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from ..bots import make_player


class PackageBot(pyspiel.Bot):  # type: ignore[misc]
    """One of the package's players as an OpenSpiel bot (it sees the acting seat's view)."""

    def __init__(self, game: Any, name: str, *, seed: int | str = 0) -> None:
        pyspiel.Bot.__init__(self)
        self.game = game
        self.codec = game.codec
        self.name = name
        self.bot = make_player(name, game.codec.rules)
        self.rng = random.Random(seed)

    def step(self, state: Any) -> int:
        seat = state.current_player()
        if seat < 0:
            raise ValueError(f"{self.name}: no seat acts in this state (player {seat})")
        action = self.bot.choose(state.engine.view(seat), self.rng)
        return int(self.codec.index(action))

    def restart_at(self, state: Any) -> None:
        pass

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        pass

    def provides_policy(self) -> bool:
        return False


#: The exploration constant of :func:`ismcts_bot`: hand rewards are game points, a few
#: hundred either way, so OpenSpiel's default of 2 would never explore.
UCT_C = 200.0


def ismcts_bot(game: Any, *, sims: int = 50, seed: int = 0, uct_c: float = UCT_C,
               rollouts: int = 1) -> Any:
    """OpenSpiel's IS-MCTS with ``sims`` simulations a move and random roll-outs."""
    if sims < 1 or rollouts < 1:
        raise ValueError(f"ismcts: sims and rollouts must be at least 1 (got {sims}, {rollouts})")
    evaluator = mcts.RandomRolloutEvaluator(rollouts, np.random.RandomState(seed))
    return ismcts.ISMCTSBot(game, evaluator, uct_c, sims,
                            random_state=np.random.RandomState(seed + 1))


def spiel_bot(spec: str, game: Any, *, seed: int = 0) -> Any:
    """An OpenSpiel bot by a spec: ``ismcts`` with options ``sims=N``, ``uct=C``,
    ``rollouts=N`` (``ismcts:sims=20,uct=100``)."""
    kind, _, rest = spec.partition(":")
    options: dict[str, float] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, eq, value = item.partition("=")
        try:
            options[key.strip()] = float(value) if eq else float("nan")
        except ValueError:
            raise ValueError(f"{spec}: {key.strip()}={value} is not a number") from None
    if kind != "ismcts":
        raise ValueError(f"{spec}: the OpenSpiel bots offered are: ismcts")
    unknown = sorted(set(options) - {"sims", "uct", "rollouts"})
    if unknown:
        raise ValueError(f"{spec}: ismcts takes sims, uct and rollouts (not {', '.join(unknown)})")
    return ismcts_bot(game, sims=int(options.get("sims", 50)), seed=seed,
                      uct_c=options.get("uct", UCT_C), rollouts=int(options.get("rollouts", 1)))
