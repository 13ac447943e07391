"""Research environments: PettingZoo, Gymnasium and OpenSpiel adapters for every rule set.

A shell like the terminal and the web server: it plays the games through their views and
nothing imports it.  Needs the ``[rl]`` extra (``pip install 'binokel[rl]'``).  See
``docs/research.md``.  Importing it registers every rule set with OpenSpiel
(``pyspiel.load_game("python_binokel_binokel")``) and Gymnasium
(``gymnasium.make("binokel/binokel-v0")``).

>>> env = aec_env("binokel")
>>> env.reset(seed=0)
>>> env.possible_agents
['player_0', 'player_1', 'player_2']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .aec import BinokelAEC, aec_env
from .codec import Codec
from .codecs import codec_for, rule_set_names

# Loaded now, before ``def evaluate`` below: a submodule's first import binds its name in the
# package, so importing ``binokel.env.evaluate`` later would replace the function with the
# module (``from binokel.env import evaluate`` then gave a module).
from .evaluate import evaluate as _evaluate_deals

if TYPE_CHECKING:
    from .single import SingleSeatEnv


def single_seat(rules_name: str = "binokel", **options: Any) -> SingleSeatEnv:
    """A Gymnasium environment of one learning seat (see :mod:`binokel.env.single`)."""
    from .single import SingleSeatEnv

    return SingleSeatEnv(rules_name, **options)


def openspiel_game(rules_name: str = "binokel", params: dict[str, Any] | None = None) -> Any:
    """The rule set's OpenSpiel game with ``params`` (rule fields; see
    :mod:`binokel.env.spiel`)."""
    from .spiel import load_game

    return load_game(rules_name, params)


def evaluate(policy: Any, rules: str = "binokel", opponents: str = "heuristic:level=medium",
             deals: int = 200, seed: str = "bench", **options: Any) -> Any:
    """A policy's mean difference per hand against built-in players over duplicate deals, with
    its 95% interval (:func:`binokel.env.evaluate.evaluate`; docs/benchmark.md)."""
    return _evaluate_deals(policy, rules, opponents, deals, seed, **options)


def _register() -> None:
    """Every rule set in OpenSpiel's and Gymnasium's registries."""
    from .gym_registry import register_gymnasium
    from .spiel import register_all

    register_all()
    register_gymnasium()


_register()


__all__ = ["BinokelAEC", "Codec", "aec_env", "codec_for", "evaluate", "openspiel_game",
           "rule_set_names", "single_seat"]
