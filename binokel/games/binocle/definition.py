"""Foster's two-handed Binocle as a :class:`~binokel.games.protocol.Game` object.

One engine plays the whole family; each rule set says which game of the family it plays (its
``game`` field: ``binocle`` or ``bezique``), and the registry holds one object per game.

>>> game = BINOCLE_GAME
>>> game.name, game.seats(game.find_rules("binocle")), game.has_rule_set("binocle-64+target=1500")
('binocle', 2, True)
>>> state = game.new_game(game.find_rules("binocle"), seed=3)
>>> game.why_illegal(state, game.parse_action("claim")) is None
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ...errors import RulesError
from ..protocol import Game
from .actions import BinocleAction, parse_binocle_action
from .explain import why_illegal
from .game import BinocleState, new_binocle_game
from .random_play import random_action
from .records import (
    GAME_TAGS,
    BinocleRecord,
    dump_binocle_record,
    parse_binocle_record,
    replay_binocle,
)
from .rulefile import binocle_fields_text, find_binocle_spec, resolve_binocle_rules
from .rules import BINOCLE_RULESETS, BinocleRules
from .views import BinocleView

#: The protocol as the Binocle family's games answer it.
BinocleGame = Game[BinocleRules, BinocleState, BinocleAction, BinocleView, BinocleRecord]


class BinocleFamilyGame:
    """One game of the Binocle family: the rule sets whose ``game`` is :attr:`name`."""

    player_names = ("random", "heuristic", "search", "expert")
    default_player = "search"
    strongest_player = "search:samples=64"

    def __init__(self, name: str, title: str) -> None:
        self._name = name
        self._title = title
        self._tag = GAME_TAGS[name]

    @property
    def name(self) -> str:
        return self._name

    @property
    def title(self) -> str:
        return self._title

    @property
    def record_tag(self) -> str:
        return self._tag

    def rule_set_names(self) -> tuple[str, ...]:
        return tuple(n for n, r in BINOCLE_RULESETS.items() if r.game == self._name)

    def has_rule_set(self, name: str) -> bool:
        return name.partition("+")[0].strip() in self.rule_set_names()

    def find_rules(self, name: str) -> BinocleRules:
        if not self.has_rule_set(name):
            known = ", ".join(self.rule_set_names())
            raise RulesError(f"unknown {self._title} rule set {name.partition('+')[0]!r}; "
                             f"known: {known}")
        return find_binocle_spec(name)

    def resolve_rules(self, name: str | None, settings: Sequence[str] = (),
                      data: Mapping[str, Any] | None = None,
                      source: str = "rules file") -> BinocleRules:
        if name is None and data is None:
            name = self.rule_set_names()[0]
        return resolve_binocle_rules(name, settings, data, source)

    def rules_fields(self, rules: BinocleRules) -> dict[str, str]:
        return binocle_fields_text(rules)

    def seats(self, rules: BinocleRules) -> int:
        return 2

    def new_game(self, rules: BinocleRules, seed: int | str = 0, *,
                 dealer: int | None = None) -> BinocleState:
        return new_binocle_game(rules, seed, dealer=dealer)

    def parse_action(self, text: str) -> BinocleAction:
        return parse_binocle_action(text)

    def format_action(self, action: BinocleAction) -> str:
        return str(action)

    def why_illegal(self, state: BinocleState, action: object) -> str | None:
        if action in state.legal_actions():
            return None
        return why_illegal(state, action)

    def winners(self, state: BinocleState) -> tuple[int, ...]:
        return () if state.winner is None else (state.winner,)

    def hands_played(self, state: BinocleState) -> int:
        # A Binocle game may end within a hand (a claim, or 1000 reached as points are made).
        return state.hand_no + 1 if state.is_over else len(state.results)

    def random_action(self, view: BinocleView, rng: random.Random) -> BinocleAction:
        return random_action(view, rng)

    def dump_record(self, state: BinocleState, *, players: Sequence[str] | None = None,
                    tags: Mapping[str, str] | None = None) -> str:
        return dump_binocle_record(state, players=players, tags=dict(tags) if tags else None)

    def parse_record(self, lines: list[str], first: int) -> BinocleRecord:
        return parse_binocle_record(lines, first)

    def replay(self, record: BinocleRecord) -> BinocleState:
        return replay_binocle(record)

    def owns(self, thing: object) -> bool:
        if isinstance(thing, BinocleRules):
            return thing.game == self._name
        if isinstance(thing, BinocleState | BinocleView | BinocleRecord):
            return thing.rules.game == self._name
        return False

    def __repr__(self) -> str:
        return f"{self._name.upper()}_GAME"


#: Foster's two-handed Binocle, 48 and 64 cards.
BINOCLE_GAME: BinocleGame = BinocleFamilyGame("binocle", "Binocle")
#: Bézique: Foster's eight-card form of 64-card Binocle (docs/rules/bezique.md), on the same engine.
BEZIQUE_GAME: BinocleGame = BinocleFamilyGame("bezique", "Bézique")

__all__ = ["BEZIQUE_GAME", "BINOCLE_GAME", "BinocleFamilyGame"]
