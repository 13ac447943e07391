"""The games a web table can hold: the registry's games, asked directly.

The server knows a game only through the :class:`~binokel.games.protocol.Game` protocol (rule
sets, a new game from a seed, the action notation, the record) and a state only through its
one door (:class:`~binokel.games.protocol.PlayState`: ``to_move``, ``legal_actions()``,
``apply(action, seat=)``, ``view(seat)``, ``is_over``).  Binokel is always here, and so is every
other game of the registry (:mod:`binokel.games`); the few questions the server asks by a rule
set's name are the functions below.

>>> game = game_for_rules("binokel")
>>> game.name, seat_count(game, "binokel")
('binokel', 3)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ..errors import IllegalActionError
from ..games import AnyGame, PlayState, registered_games, replay_actions
from .protocol import JSON, to_json


def game_kinds() -> tuple[AnyGame, ...]:
    """Every game the server can hold: every registered game."""
    return registered_games()


def all_rule_sets() -> dict[str, AnyGame]:
    """Rule set name -> the game it belongs to, over every game."""
    out: dict[str, AnyGame] = {}
    for game in registered_games():
        for name in game.rule_set_names():
            out.setdefault(name, game)
    return out


def game_for_rules(rules_name: str) -> AnyGame:
    """The game a rule set belongs to; :class:`KeyError` for an unknown name."""
    found = all_rule_sets().get(rules_name)
    if found is None:
        raise KeyError(rules_name)
    return found


def seat_count(game: AnyGame, rules_name: str) -> int:
    """How many seats a table of the rule set has."""
    return game.seats(game.find_rules(rules_name))


def describe(game: AnyGame, rules_name: str) -> dict[str, JSON]:
    """The rule set's fields as JSON (for the rules page and the table)."""
    rules = game.find_rules(rules_name)
    fields = {f.name: to_json(getattr(rules, f.name)) for f in dataclasses.fields(rules)
              if f.init}
    fields["players"] = game.seats(rules)
    fields["pack_size"] = int(getattr(rules, "pack_size", 0))
    fields["game"] = game.name
    return fields


def new_state(game: AnyGame, rules_name: str, seed: str) -> PlayState:
    """A new game of the rule set, dealt from ``seed``."""
    state: PlayState = game.new_game(game.find_rules(rules_name), seed)
    return state


def replay(game: AnyGame, rules_name: str, seed: str, actions: Sequence[str]) -> PlayState:
    """The state after the stored actions (the log is the record; replay is a fold,
    :func:`binokel.games.replay_actions`)."""
    state: PlayState = replay_actions(game.find_rules(rules_name), seed, actions)
    return state


#: What an action refused by the rules raises, in every game (Binocle's error subclasses it).
RuleError = IllegalActionError
