"""The games a web table can hold, behind one small adapter each.

The server knows a game only through :class:`GameKind` (rule sets, a new game from a seed, the
action notation, the record) and through the game state's one door (``to_move``,
``legal_actions()``, ``apply(action, seat=)``, ``view(seat)``, ``is_over``).  Binokel is always
here, and so is every other game of the registry (:mod:`binokel.games`).

>>> kind = game_for_rules("binokel")
>>> kind.name, kind.players("binokel")
('binokel', 3)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..errors import IllegalActionError
from ..games import AnyGame, registered_games
from .protocol import JSON, to_json


class GameLike(Protocol):
    """The one door every game state offers (see :class:`binokel.games.binokel.game.GameState`)."""

    @property
    def to_move(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self) -> Sequence[Any]: ...

    def apply(self, action: Any, *, seat: int | None = None) -> Any: ...

    def view(self, seat: int) -> Any: ...


@dataclass(frozen=True)
class GameKind:
    """How the server makes, reads and records one game."""

    name: str
    rule_sets: Callable[[], dict[str, Any]]
    """Rule set name -> rule set value."""
    new_game: Callable[[Any, str], GameLike]
    parse_action: Callable[[str], Any]
    dump_record: Callable[[GameLike, list[str], dict[str, str]], str] | None = None

    def rules(self, name: str) -> Any:
        return self.rule_sets()[name]

    def players(self, rules_name: str) -> int:
        rules = self.rules(rules_name)
        return int(getattr(rules, "players", 2))

    def describe(self, rules_name: str) -> dict[str, JSON]:
        """The rule set's fields as JSON (for the rules page and the table)."""
        rules = self.rules(rules_name)
        fields = {f.name: to_json(getattr(rules, f.name)) for f in dataclasses.fields(rules)
                  if f.init}
        fields["players"] = self.players(rules_name)
        fields["pack_size"] = int(getattr(rules, "pack_size", 0))
        fields["game"] = self.name
        return fields

    def new(self, rules_name: str, seed: str) -> GameLike:
        return self.new_game(self.rules(rules_name), seed)

    def replay(self, rules_name: str, seed: str, actions: Sequence[str]) -> GameLike:
        """The state after the stored actions (the log is the record; replay is a fold)."""
        state = self.new(rules_name, seed)
        for text in actions:
            # A game may read its old logs its own way (Binocle's: a winner's done with
            # nothing to declare was not logged before decision binocle-06).
            apply = getattr(state, "apply_logged", state.apply)
            state = apply(self.parse_action(text))
        return state


def _kind(game: AnyGame) -> GameKind:
    """The server's adapter of a registered game."""
    names = game.rule_set_names()

    def rule_sets() -> dict[str, Any]:
        return {name: game.find_rules(name) for name in names}

    def new(rules: Any, seed: str) -> GameLike:
        state: GameLike = game.new_game(rules, seed)
        return state

    def dump(state: GameLike, players: list[str], tags: dict[str, str]) -> str:
        return game.dump_record(state, players=players, tags=tags)

    return GameKind(name=game.name, rule_sets=rule_sets, new_game=new,
                    parse_action=game.parse_action, dump_record=dump)


def game_kinds() -> list[GameKind]:
    """Every game the server can hold: every registered game."""
    return [_kind(game) for game in registered_games()]


def all_rule_sets() -> dict[str, GameKind]:
    """Rule set name -> the game it belongs to, over every game."""
    out: dict[str, GameKind] = {}
    for kind in game_kinds():
        for name in kind.rule_sets():
            out.setdefault(name, kind)
    return out


def game_for_rules(rules_name: str) -> GameKind:
    """The game a rule set belongs to; :class:`KeyError` for an unknown name."""
    found = all_rule_sets().get(rules_name)
    if found is None:
        raise KeyError(rules_name)
    return found


#: What an action refused by the rules raises, in every game (Binocle's error subclasses it).
RuleError = IllegalActionError
