"""Gymnasium environment of one learning seat; the other seats are binokel players.

>>> env = SingleSeatEnv("binokel", opponents=["random", "random"])
>>> obs, info = env.reset(seed=3)
>>> obs["observation"].shape, int(env.action_space.n)
((335,), 188)

An episode ends with the seat's view of the last position of the hand just finished (the
engine deals the next hand at once; that deal is not shown), an all-zero action mask, and each
finished hand's score line in ``info["hand_scores"]``.  The observation space is bounded
(:func:`binokel.env.aec.observation_bounds`) for episodes of a number of hands.

With ``illegal="raise"`` (the default) an illegal action raises the engine's error, which
names the rule, and changes nothing; with ``illegal="end"`` it ends the episode instead, with
``-illegal_penalty`` and the rule in ``info["illegal"]`` (what Gymnasium's ``check_env``, which
steps unmasked random actions, needs).

The opponents are computer players by name (:func:`binokel.bots.make_player`), each given
only its seat's view.  An episode whose hands end before the learning seat has anything to
decide (a dealer sitting out at four) is played on to the next deal, so every episode starts
with a decision of the learning seat.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np

from ..bots import make_player
from ..games import find_game_rules
from .aec import new_seed_source, observation_space
from .codec import Mask
from .codecs import codec_for
from .table import Reward, Table, check_options, hand_lines

Observation = dict[str, Any]


class SingleSeatEnv(gymnasium.Env[Observation, np.int64]):
    """One seat learns; ``opponents`` (one name per other seat) play the rest."""

    metadata = {"render_modes": ["ansi", "human"]}  # noqa: RUF012 (Env declares it so)

    def __init__(self, rules_name: str = "binokel", *, opponents: Sequence[str] | None = None,
                 seat: int = 0, hands: int | None = 1, reward: Reward = "hand",
                 render_mode: str | None = None, illegal: str = "raise",
                 illegal_penalty: float = 1000.0) -> None:
        check_options(hands, reward)
        if illegal not in ("raise", "end"):
            raise ValueError(f"illegal: 'raise' or 'end' (not {illegal!r})")
        self.illegal = illegal
        self.illegal_penalty = float(illegal_penalty)
        self.rules = find_game_rules(rules_name)
        self.codec = codec_for(self.rules)
        n = self.codec.players
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat: a seat from 0 to {n - 1} (not {seat!r})")
        names = list(opponents) if opponents is not None else ["random"] * (n - 1)
        if len(names) != n - 1:
            raise ValueError(f"opponents: {n - 1} names for the other seats of "
                             f"{self.rules.name} (got {len(names)})")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode: one of ansi, human or None (not {render_mode!r})")
        self.seat = seat
        self.hands = hands
        self.reward_kind: Reward = reward
        self.render_mode = render_mode
        self.opponent_names = names
        self._bots = {s: make_player(name, self.rules)
                      for s, name in zip((s for s in range(n) if s != seat), names, strict=True)}
        self.observation_space = observation_space(self.codec, hands)
        self.action_space = gymnasium.spaces.Discrete(self.codec.action_count)
        self._seeds = new_seed_source(None)
        self._bot_rng = random.Random()
        self._encoder = self.codec.encoder()
        self.table: Table | None = None
        self.hands_started = 0

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = new_seed_source(seed)
            self._bot_rng = random.Random(seed + 1)
        while True:
            self.table = Table(self.rules, seed=self._seeds.getrandbits(63), hands=self.hands,
                               reward=self.reward_kind)
            self.hands_started = len(self.table.state.results)
            self._play_others()
            if not self.table.done:
                return self._observe(), {}

    def step(self, action: np.int64 | int
             ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        if self.table is None:
            raise RuntimeError("Call reset() before step().")
        if self.table.done:
            raise ValueError("The episode is over: reset the environment.")
        move = self.codec.action_of(int(action))
        try:
            reward = self.table.apply(move)[self.seat]  # an illegal move raises, naming the rule
        except ValueError as exc:
            if self.illegal == "raise":
                raise
            self.table.end()
            return self._observe(), -self.illegal_penalty, True, False, {"illegal": str(exc)}
        reward += self._play_others()
        if self.render_mode == "human":
            print(self.render())
        if self.table.done:
            return (*self._final(), reward, True, False, self._result())
        return self._observe(), reward, False, False, {}

    def _play_others(self) -> float:
        """Let the opponents act until the learning seat must; the rewards meanwhile."""
        table = self.table
        assert table is not None
        total = 0.0
        while not table.done and table.to_move != self.seat:
            seat = table.to_move
            action = self._bots[seat].choose(table.state.view(seat), self._bot_rng)
            total += table.apply(action)[self.seat]
        return total

    def _observe(self) -> Observation:
        assert self.table is not None
        view = self.table.state.view(self.seat)
        return {"observation": self._encoder.update(view).copy(),
                "action_mask": self.codec.mask(view)}

    def _final(self) -> tuple[Observation]:
        """The observation that ends an episode: the seat's view of the last position of the
        hand just finished, not the next hand's deal (the engine deals it at once)."""
        assert self.table is not None
        state = self.table.state
        view = state.view(self.seat)
        if self.hands is not None:
            last = self.hands_started + self.hands - 1
            while view.hand_no > last and state.parent is not None:
                state = state.parent
                view = state.view(self.seat)
        self._encoder.forget()
        return ({"observation": self._encoder.update(view).copy(),
                 "action_mask": np.zeros(self.codec.action_count, np.int8)},)

    def _result(self) -> dict[str, Any]:
        """``info`` at the end of an episode: each finished hand's score line (a game decided
        in the middle of a hand: that hand's points so far)."""
        assert self.table is not None
        return {"hand_scores": hand_lines(self.table.state, self.hands_started)}

    def action_masks(self) -> Mask:
        """The legal actions now (the name MaskablePPO looks for)."""
        assert self.table is not None
        return self.codec.mask(self.table.state.view(self.seat))

    def render(self) -> str | None:
        if self.table is None or self.render_mode is None:
            return None
        return self.codec.describe(self.table.state.view(self.seat))

    def close(self) -> None:
        for bot in self._bots.values():
            bot.close()
