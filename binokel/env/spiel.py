"""OpenSpiel: every rule set as a Python game (``pyspiel.register_game``).

One episode is one hand.  Chance deals it: first the dealer (uniform over the seats), then the
pack one card at a time (outcome = the card kind, probability = copies left / cards left);
the seats take their cards in seat order, then the Dabb (Binokel) or the turned card and the
stock (Binocle).  Returns are the hand rewards of :func:`binokel.env.codec.hand_rewards` (zero
sum).  Every rule set is registered when :mod:`binokel.env` is imported; the fields of a rule
set are the game's parameters (``pyspiel.load_game("python_binokel_binokel", {"target": 300})``).

Observations (:mod:`binokel.env.spiel_observer`) honour the requested type: public, private
or both, and perfect recall.  States pickle, deep-copy and serialize as their chance outcomes
and actions (:class:`History`), and :meth:`BinokelSpielState.resample_from_infostate` deals a
history the seat cannot tell from the real one with the package's world samplers
(:mod:`binokel.env.spiel_resample`), which is what OpenSpiel's IS-MCTS asks for.

>>> game = load_game("binocle")
>>> game.get_type().short_name, game.num_distinct_actions(), game.num_players()
('python_binokel_binocle', 85, 2)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 2)
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pyspiel

from ..cards import CARDS, KIND_COUNT
from ..games import find_game_rules
from .codec import Codec, hand_rewards
from .codecs import codec_for
from .spiel_history import History
from .spiel_observer import SpielObserver, observation_type
from .spiel_resample import resample_history
from .table import hand_lines

PREFIX = "python_binokel_"

#: Fields of a rule set that are not game parameters (names and texts, tuples, enums).
_NOT_PARAMETERS = frozenset({"name", "description", "game"})


def short_name(rules_name: str) -> str:
    """The OpenSpiel name of a rule set: ``python_binokel_`` and the name in ``[a-z0-9_]``.

    >>> short_name("binocle-64")
    'python_binokel_binocle_64'
    """
    return PREFIX + re.sub(r"[^a-z0-9]+", "_", find_game_rules(rules_name).name.lower())


def parameters_of(rules: Any) -> dict[str, Any]:
    """The rule set's fields OpenSpiel can carry as parameters (ints, bools, texts)."""
    found: dict[str, Any] = {}
    for name, value in rules.fields().items():
        if name in _NOT_PARAMETERS or type(value) not in (int, bool, str):
            continue
        found[name] = value
    return found


def rules_with(base: Any, params: dict[str, Any]) -> Any:
    """The rule set ``base`` with the fields of ``params`` changed (a ``NAME+field=value``
    spec, so the game's own checks refuse a bad value, naming the field)."""
    defaults = parameters_of(base)
    unknown = sorted(set(params) - set(defaults))
    if unknown:
        raise ValueError(f"{base.name}: no parameter {', '.join(unknown)} (parameters: "
                         f"{', '.join(sorted(defaults))})")
    spec = base.name
    for name, value in sorted(params.items()):
        if value == defaults[name]:
            continue
        text = str(value).lower() if isinstance(value, bool) else str(value)
        spec += f"+{name}={text}"
    return find_game_rules(spec)


def game_info(codec: Codec) -> Any:
    """OpenSpiel's sizes and bounds of a rule set's game."""
    low, high = codec.utility_range()
    return pyspiel.GameInfo(
        num_distinct_actions=codec.action_count,
        max_chance_outcomes=max(KIND_COUNT, codec.players),
        num_players=codec.players,
        min_utility=low,
        max_utility=high,
        utility_sum=0.0,
        max_game_length=codec.max_hand_length(),
    )


class BinokelSpielGame(pyspiel.Game):  # type: ignore[misc]
    """One rule set as an OpenSpiel game (:func:`register` makes a subclass per rule set)."""

    base_rules: Any
    game_type: Any

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.rules = rules_with(self.base_rules, dict(params or {}))
        self.codec = codec_for(self.rules)
        super().__init__(self.game_type, game_info(self.codec), params or {})

    def new_initial_state(self) -> BinokelSpielState:
        return BinokelSpielState(self, self.codec)

    def max_chance_nodes_in_history(self) -> int:
        """The dealer and every card of the pack: exactly the chance nodes of every hand."""
        return 1 + len(self.codec.pack())

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> SpielObserver:
        if params:
            raise ValueError(f"observation parameters are not supported (got {params})")
        return SpielObserver(self.codec, observation_type(iig_obs_type))


class BinokelSpielState(pyspiel.State):  # type: ignore[misc]
    """A hand being dealt (chance) or played."""

    def __init__(self, game: BinokelSpielGame, codec: Codec) -> None:
        super().__init__(game)
        self.codec = codec
        self.history = History(codec)
        self._returns = [0.0] * codec.players

    @property
    def dealer(self) -> int | None:
        return self.history.dealer

    @property
    def cards(self) -> list[int]:
        return self.history.cards

    @property
    def engine(self) -> Any:
        """The engine's state once dealt, else ``None``."""
        engines = self.history.engines
        return engines[-1] if engines else None

    def trail(self) -> list[Any]:
        """The engine states since the deal, first to now."""
        return list(self.history.engines)

    def current_player(self) -> int:
        engine = self.engine
        if engine is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self._over(engine):
            return int(pyspiel.PlayerId.TERMINAL)
        return int(engine.to_move)

    @staticmethod
    def _over(engine: Any) -> bool:
        return bool(engine.is_over) or len(engine.results) >= 1

    def _legal_actions(self, player: int) -> list[int]:
        engine = self.engine
        if player != engine.to_move:
            return []
        # The mover's legal actions are what its view carries; the state gives them without
        # making the rest of the view (nothing here is an observation).
        return self.codec.legal_indices(engine.legal_actions())

    def _left(self) -> Counter[int]:
        left = Counter(self.codec.pack())
        left.subtract(self.history.cards)
        return left

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.history.dealer is None:
            n = self.codec.players
            return [(seat, 1.0 / n) for seat in range(n)]
        left = self._left()
        total = sum(left.values())
        return [(kind, count / total) for kind, count in sorted(left.items()) if count > 0]

    def _apply_action(self, action: int) -> None:
        history = self.history
        if self.engine is None:
            if history.dealer is None:
                if not 0 <= action < self.codec.players:
                    raise ValueError(f"dealer {action}: a seat from 0 to "
                                     f"{self.codec.players - 1}")
                history.dealer = int(action)
                return
            if self._left()[action] <= 0:
                raise ValueError(f"no {CARDS[action]} is left to deal")
            history.deal(int(action))
            return
        engine = history.play(int(action))
        if self._over(engine):
            self._returns = hand_rewards(hand_lines(engine, 0)[0])

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.history.dealer is None:
                return f"dealer {action}"
            return f"deal {CARDS[action]}"
        return str(self.codec.action_of(action))

    def is_terminal(self) -> bool:
        engine = self.engine
        return engine is not None and self._over(engine)

    def returns(self) -> list[float]:
        return list(self._returns)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state whose history ``player_id`` cannot tell from this one's, the unseen cards
        dealt by the package's world sampler (:mod:`binokel.env.spiel_resample`).

        The sampler's random numbers seed the deal (OpenSpiel's ``UniformProbabilitySampler``
        or any callable answering a number in [0, 1)); before the deal is complete nothing is
        hidden yet and the state itself is answered (a clone).
        """
        clone = self.clone()
        if self.engine is None:
            return clone
        draw = probability_sampler() if callable(probability_sampler) else random.random()
        rng = random.Random(int(float(draw) * (1 << 53)))
        clone.history = resample_history(self.history, int(player_id), rng)
        clone._returns = list(self._returns)
        if self.is_terminal():
            clone._returns = hand_rewards(hand_lines(clone.engine, 0)[0])
        return clone

    def __str__(self) -> str:
        dealt = " ".join(str(CARDS[k]) for k in self.history.cards)
        played = " ".join(str(self.codec.action_of(a)) for a in self.history.actions)
        return f"dealer {self.history.dealer}; dealt {dealt}; played {played}"


_GAMES: dict[str, Any] = {}


def register(rules_name: str) -> str:
    """Register a rule set's game with OpenSpiel (once); its short name."""
    rules = find_game_rules(rules_name)
    name = short_name(rules.name)
    if name in _GAMES:
        return name
    codec = codec_for(rules)
    n = codec.players
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"binokel: {rules.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=n,
        min_num_players=n,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters_of(rules),
    )

    # A class, as OpenSpiel's own Python games register: a registered closure made pytest
    # processes abort at exit (pyspiel released it without the GIL).
    game_class = type(f"Game_{name}", (BinokelSpielGame,),
                      {"base_rules": rules, "game_type": game_type})
    pyspiel.register_game(game_type, game_class)
    _GAMES[name] = game_class
    return name


def register_all() -> list[str]:
    """Register every named rule set (what importing :mod:`binokel.env` does); the names."""
    from .codecs import rule_set_names

    return [register(name) for name in rule_set_names()]


def load_game(rules_name: str, params: dict[str, Any] | None = None) -> BinokelSpielGame:
    """The OpenSpiel game of a rule set (registered on first use), with ``params``."""
    game: BinokelSpielGame = pyspiel.load_game(register(rules_name), dict(params or {}))
    return game
