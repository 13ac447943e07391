"""Research environments: PettingZoo, Gymnasium and OpenSpiel adapters for every rule set.

A shell like the terminal and the web server: it plays the games through their views and
nothing imports it.  Needs the ``[rl]`` extra (``pip install 'binokel[rl]'``).  See
``docs/research.md``.

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

if TYPE_CHECKING:
    from .single import SingleSeatEnv


def single_seat(rules_name: str = "binokel", **options: Any) -> SingleSeatEnv:
    """A Gymnasium environment of one learning seat (see :mod:`binokel.env.single`)."""
    from .single import SingleSeatEnv

    return SingleSeatEnv(rules_name, **options)


def openspiel_game(rules_name: str = "binokel") -> Any:
    """The rule set's OpenSpiel game, registered on first use (see :mod:`binokel.env.spiel`)."""
    from .spiel import load_game

    return load_game(rules_name)


__all__ = ["BinokelAEC", "Codec", "aec_env", "codec_for", "openspiel_game", "rule_set_names",
           "single_seat"]
