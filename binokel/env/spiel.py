"""OpenSpiel: every rule set as a Python game (``pyspiel.register_game``).

One episode is one hand.  Chance deals it: first the dealer (uniform over the seats), then the
pack one card at a time (outcome = the card kind, probability = copies left / cards left);
the seats take their cards in seat order, then the Dabb (Binokel) or the turned card and the
stock (Binocle).  Returns are the hand rewards of :func:`binokel.env.codec.hand_rewards` (zero
sum).  Observation and information-state tensors are the codec's vector of the seat's view;
the information-state *string* adds the seat's observations since the deal (perfect recall).

>>> game = load_game("binocle")
>>> game.get_type().short_name, game.num_distinct_actions(), game.num_players()
('python_binokel_binocle', 85, 2)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 2)
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import numpy as np
import pyspiel

from ..cards import CARDS, KIND_COUNT
from ..games import find_game_rules
from .codec import Codec, hand_rewards
from .codecs import codec_for
from .parts import SeatEncoder
from .table import hand_lines

PREFIX = "python_binokel_"


def short_name(rules_name: str) -> str:
    """The OpenSpiel name of a rule set: ``python_binokel_`` and the name in ``[a-z0-9_]``.

    >>> short_name("binocle-64")
    'python_binokel_binocle_64'
    """
    return PREFIX + re.sub(r"[^a-z0-9]+", "_", find_game_rules(rules_name).name.lower())


class _Shared:
    """An immutable engine state carried through ``copy.deepcopy`` (OpenSpiel's clone) as is."""

    __slots__ = ("texts", "value")

    def __init__(self, value: Any) -> None:
        self.value = value
        self.texts: dict[int, str] = {}
        """Each seat's observation text of this state, once asked (the state never changes)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class BinokelSpielGame(pyspiel.Game):  # type: ignore[misc]
    """One rule set as an OpenSpiel game (:func:`register` makes a subclass per rule set)."""

    codec: Codec
    game_type: Any
    info: Any

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(self.game_type, self.info, params or {})

    def new_initial_state(self) -> BinokelSpielState:
        return BinokelSpielState(self, self.codec)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> SpielObserver:
        if params:
            raise ValueError(f"observation parameters are not supported (got {params})")
        recall = bool(iig_obs_type.perfect_recall) if iig_obs_type is not None else False
        return SpielObserver(self.codec, perfect_recall=recall)


class BinokelSpielState(pyspiel.State):  # type: ignore[misc]
    """A hand being dealt (chance) or played."""

    def __init__(self, game: BinokelSpielGame, codec: Codec) -> None:
        super().__init__(game)
        self.codec = codec
        self.dealer: int | None = None
        self.cards: list[int] = []
        self.left = Counter(codec.pack())
        self._to_deal = len(codec.pack())
        self._trail: tuple[_Shared, ...] = ()
        self._returns = [0.0] * codec.players

    @property
    def engine(self) -> Any:
        """The engine's state once dealt, else ``None``."""
        return self._trail[-1].value if self._trail else None

    def trail(self) -> list[Any]:
        """The engine states since the deal, first to now."""
        return [s.value for s in self._trail]

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

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.dealer is None:
            n = self.codec.players
            return [(seat, 1.0 / n) for seat in range(n)]
        total = sum(self.left.values())
        return [(kind, count / total) for kind, count in sorted(self.left.items()) if count]

    def _apply_action(self, action: int) -> None:
        if self.engine is None:
            if self.dealer is None:
                self.dealer = int(action)
                return
            if self.left[action] <= 0:
                raise ValueError(f"no {CARDS[action]} is left to deal")
            self.left[action] -= 1
            self.cards.append(int(action))
            if len(self.cards) == self._to_deal:
                self._trail = (_Shared(self.codec.start_hand(self.dealer, self.cards)),)
            return
        engine = self.engine.apply(self.codec.action_of(action))
        self._trail = (*self._trail, _Shared(engine))
        if self._over(engine):
            self._returns = hand_rewards(hand_lines(engine, 0)[0])

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.dealer is None:
                return f"dealer {action}"
            return f"deal {CARDS[action]}"
        return str(self.codec.action_of(action))

    def is_terminal(self) -> bool:
        engine = self.engine
        return engine is not None and self._over(engine)

    def returns(self) -> list[float]:
        return list(self._returns)

    def __str__(self) -> str:
        dealt = " ".join(str(CARDS[k]) for k in self.cards)
        played = " ".join(str(s.value.last_action) for s in self._trail[1:])
        return f"dealer {self.dealer}; dealt {dealt}; played {played}"


class SpielObserver:
    """OpenSpiel's observer: the codec's vector of the seat's view, and its text."""

    def __init__(self, codec: Codec, *, perfect_recall: bool) -> None:
        self.codec = codec
        self._encoders: dict[int, SeatEncoder] = {}
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(codec.layout.size, np.float32)
        self.dict: dict[str, Any] = {}
        for block in codec.layout.blocks:
            at = codec.layout.offset(block.name)
            self.dict[block.name] = self.tensor[at:at + block.size].reshape(block.shape)

    def set_from(self, state: BinokelSpielState, player: int) -> None:
        engine = state.engine
        if engine is None:
            self.tensor.fill(0.0)  # nothing is dealt yet: nothing to see
        else:
            encoder = self._encoders.get(player)
            if encoder is None:
                encoder = self._encoders[player] = self.codec.encoder()
            self.tensor[:] = encoder.update(engine.view(player))

    def string_from(self, state: BinokelSpielState, player: int) -> str:
        if state.engine is None:
            return f"seat {player}: dealing"
        if not self.perfect_recall:
            return self._text(state._trail[-1], player)
        return "\n--\n".join(self._text(shared, player) for shared in state._trail)

    def _text(self, shared: _Shared, player: int) -> str:
        text = shared.texts.get(player)
        if text is None:
            view = shared.value.view(player)
            vector = self.codec.encode(view)
            exact = " ".join(f"{i}:{v:g}" for i, v in enumerate(vector.tolist()) if v)
            text = shared.texts[player] = f"{self.codec.describe(view)}\n{exact}"
        return text


_GAMES: dict[str, Any] = {}


def register(rules_name: str) -> str:
    """Register a rule set's game with OpenSpiel (once); its short name."""
    rules = find_game_rules(rules_name)
    name = short_name(rules.name)
    if name in _GAMES:
        return name
    codec = codec_for(rules)
    n = codec.players
    bound = codec.utility_bound()
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
        parameter_specification={},
    )
    info = pyspiel.GameInfo(
        num_distinct_actions=codec.action_count,
        max_chance_outcomes=max(KIND_COUNT, n),
        num_players=n,
        min_utility=-bound,
        max_utility=bound,
        utility_sum=0.0,
        max_game_length=codec.max_hand_length(),
    )

    # A class, as OpenSpiel's own Python games register: a registered closure made pytest
    # processes abort at exit (pyspiel released it without the GIL).
    game_class = type(f"Game_{name}", (BinokelSpielGame,),
                      {"codec": codec, "game_type": game_type, "info": info})
    pyspiel.register_game(game_type, game_class)
    _GAMES[name] = game_class
    return name


def load_game(rules_name: str) -> BinokelSpielGame:
    """The OpenSpiel game of a rule set (registered on first use)."""
    game: BinokelSpielGame = pyspiel.load_game(register(rules_name))
    return game
