"""Three-player Binokel and its variants as one :class:`~binokel.games.protocol.Game` object.

>>> game = BINOKEL_GAME
>>> game.name, game.seats(game.find_rules("kreuzbinokel")), game.rule_set_names()[0]
('binokel', 4, 'binokel')
>>> state = game.new_game(game.find_rules("binokel"), seed=7)
>>> game.why_illegal(state, game.parse_action("200"))
'Bids go up by 10: the next bid is 160, no jumps.'
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..protocol import Game
from .actions import Action, parse_action
from .explain import why_illegal
from .game import GameState, new_game
from .records import Record, dump_record, parse_record, replay
from .rulefile import (
    apply_settings,
    find_rules,
    format_value,
    rules_from_mapping,
)
from .rules import ALIASES, Rules, rule_set_names
from .views import View


class BinokelGame:
    """Binokel: three players (four in the team and dealer-out variants), a Dabb, bidding."""

    name = "binokel"
    title = "Binokel"
    record_tag = "Binokel"
    player_names = ("random", "heuristic", "expert")
    default_player = "heuristic:level=medium"
    strongest_player = "expert"

    def rule_set_names(self) -> tuple[str, ...]:
        return tuple(rule_set_names())

    def has_rule_set(self, name: str) -> bool:
        key = name.partition("+")[0].strip().lower().replace("_", "-")
        return key in rule_set_names() or key in ALIASES

    def find_rules(self, name: str) -> Rules:
        return find_rules(name)

    def resolve_rules(self, name: str | None, settings: Sequence[str] = (),
                      data: Mapping[str, Any] | None = None,
                      source: str = "rules file") -> Rules:
        rules = find_rules(name) if name is not None else None
        if data is not None:
            rules = rules_from_mapping(data, base=rules, source=source)
        rules = rules or find_rules("binokel")
        return apply_settings(rules, settings) if settings else rules

    def rules_fields(self, rules: Rules) -> dict[str, str]:
        return {name: format_value(name, value) for name, value in rules.fields().items()}

    def seats(self, rules: Rules) -> int:
        return rules.players

    def new_game(self, rules: Rules, seed: int | str = 0, *,
                 dealer: int | None = None) -> GameState:
        return new_game(rules, seed, dealer=dealer)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def format_action(self, action: Action) -> str:
        return str(action)

    def why_illegal(self, state: GameState, action: object) -> str | None:
        if action in state.legal_actions():
            return None
        if not isinstance(action, Action):
            return f"{action!r} is not a Binokel action."
        return why_illegal(state, action)

    def winners(self, state: GameState) -> tuple[int, ...]:
        return state.winners

    def hands_played(self, state: GameState) -> int:
        return len(state.results)

    def random_action(self, view: View, rng: random.Random) -> Action:
        return view.legal_actions[rng.randrange(len(view.legal_actions))]

    def dump_record(self, state: GameState, *, players: Sequence[str] | None = None,
                    tags: Mapping[str, str] | None = None) -> str:
        return dump_record(state, players=players, tags=dict(tags) if tags else None)

    def parse_record(self, lines: list[str], first: int) -> Record:
        return parse_record(lines, first)

    def replay(self, record: Record) -> GameState:
        return replay(record)

    def owns(self, thing: object) -> bool:
        return isinstance(thing, Rules | GameState | View | Action | Record)

    def __repr__(self) -> str:
        return "BINOKEL_GAME"


#: The one object of the game; the registry holds it.
BINOKEL_GAME: Game[Rules, GameState, Action, View, Record] = BinokelGame()

__all__ = ["BINOKEL_GAME", "BinokelGame"]
