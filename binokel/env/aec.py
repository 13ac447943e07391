"""PettingZoo AEC environment: every seat an agent, every rule set of every game.

Agents are ``player_0`` ... ``player_{n-1}`` (the seats).  Each observation is a dict with
``observation`` (the codec's vector of that seat's view) and ``action_mask`` (1 for each legal
action of the fixed action space); both are new arrays, the caller's own to keep or change.
Rewards come at the end of each hand (see :mod:`binokel.env.table`); ``render`` gives the seat
to act's view as text.

Each seat's vector is kept up to date from view to view
(:class:`~binokel.env.parts.SeatEncoder`: only the parts of the vector whose fields of the view
changed are written again), and the mover's mask is made from its legal actions: by the action
instances' addresses in C where the compiled module is built (decision env-12), else from a
cache keyed by their ids.  Where the codec has card-play updates (Binokel), the steps whose
effect is public and simple (a card played, a bid or a pass, a card laid away) are logged and
applied to each seat's vector when it is next observed, with no view built
(:mod:`binokel.env.cardplay`, decision env-05), and so are the other steps within a hand but an
open Durch's, whose blocks the catch-up reads again from the state (the auction's end, the Dabb,
the last discard, trumps, Durch: decision env-07); a seat whose vector is not up to date takes
another seat's exact vector with its own blocks (seat, hand, discard) rewritten from the state,
or, in the auction, has its vector written from the state's public fields and its own hand
(decision env-06).

:func:`aec_env` (and :func:`raw_env`, PettingZoo's name for it) is the environment itself: it
refuses a number outside the action space, an illegal action, and a step or an observation
before ``reset``, each with a clear error, so it needs no wrapper.  :func:`env` adds
PettingZoo's default wrappers (``AssertOutOfBoundsWrapper``, ``OrderEnforcingWrapper``), as
PettingZoo's classic games do; they add about 40% to the instructions of a step
(``scripts/bench/bench_env.py`` measures both).

>>> env = aec_env("binocle", render_mode="ansi")
>>> env.reset(seed=1)
>>> env.agent_selection, int(env.action_space("player_0").n)
('player_0', 85)
>>> obs, reward, terminated, truncated, info = env.last()
>>> int(obs["action_mask"].sum()) > 0, reward, terminated
(True, 0.0, False)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any, ClassVar

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..games import find_game_rules
from .codec import POINT_SCALE, CardPlay, Codec, Event, Mask
from .codecs import codec_for
from .layout import Vector
from .parts import SeatEncoder
from .table import Reward, Table, check_options

Observation = dict[str, Any]


def agent_name(seat: int) -> str:
    return f"player_{seat}"


def observation_bounds(codec: Codec, hands: int | None = 1) -> tuple[Any, Any]:
    """Per-element bounds of the observation vector in an episode of ``hands`` hands.

    Counts and one-hot blocks are bounded by their layout.  Points of one hand (bids, melds,
    card points) are bounded by the codec's bound on a hand's score; the score sheet (and a
    Binocle target) moves by at most that much a hand, so an episode of ``hands`` hands bounds
    it too.  Over a whole game (``hands=None``) the score sheet has no bound (a Binokel game
    can go on while every declarer goes down): those blocks stay at plus and minus infinity.
    """
    low, high = codec.layout.bounds()
    hand = codec.utility_bound() / POINT_SCALE
    game = math.inf if hands is None else hands * hand
    for block in codec.layout.blocks:
        start, stop = codec.layout.span(block.name)
        if block.name == "scores":
            low[start:stop], high[start:stop] = -game, game
        elif block.name == "target":
            high[start:stop] = codec.rules.target / POINT_SCALE + game
        elif block.name == "melds":  # how many of each meld: one a trick at most
            high[start:stop] = codec.max_tricks()
        elif math.isinf(block.high):
            high[start:stop] = hand
    return low, high


def observation_space(codec: Codec, hands: int | None = 1) -> gymnasium.spaces.Dict:
    """The Dict space of an observation and its action mask (:func:`observation_bounds`)."""
    low, high = observation_bounds(codec, hands)
    return gymnasium.spaces.Dict({
        "observation": gymnasium.spaces.Box(low, high, dtype=np.float32),
        "action_mask": gymnasium.spaces.Box(0, 1, (codec.action_count,), dtype=np.int8),
    })


def new_seed_source(seed: int | None) -> random.Random:
    """Where an environment draws game seeds from: ``seed`` fixes every later episode."""
    return random.Random(seed) if seed is not None else random.Random()


class BinokelAEC(AECEnv[str, Observation, int]):  # type: ignore[misc]
    """A table of one rule set as a PettingZoo AEC environment."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi", "human"],
                                          "name": "binokel_v0", "is_parallelizable": False}

    # Every field in a slot.  CPython 3.11 reads an instance's dict fastest while its class's
    # dict keys are shared, which stops at 30 keys: a 30th key cost every step 1.9k
    # instructions (decision env-12).  Slots have no such limit, and are as fast to read.
    __slots__ = (  # PettingZoo's fields and the environment's own, in one sorted tuple
        "_action_space", "_buffers", "_by_play", "_cumulative_rewards", "_encoders", "_log",
        "_mask_of", "_masks", "_observation_space", "_play", "_rewarded", "_seat", "_seeds",
        "_state_mask", "_synced", "_vectors", "_views", "agent_selection", "agents", "codec",
        "hands", "infos", "possible_agents", "render_mode", "reward_kind", "rewards", "rules",
        "table", "terminations", "truncations",
    )

    def __init__(self, rules_name: str = "binokel", *, hands: int | None = 1,
                 reward: Reward = "hand", render_mode: str | None = None) -> None:
        super().__init__()
        check_options(hands, reward)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode: one of ansi, human or None (not {render_mode!r})")
        self.rules = find_game_rules(rules_name)
        self.codec = codec_for(self.rules)
        self.hands = hands
        self.reward_kind: Reward = reward
        self.render_mode = render_mode
        self.possible_agents = [agent_name(s) for s in range(self.codec.players)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        self._observation_space = observation_space(self.codec, hands)
        self._action_space = gymnasium.spaces.Discrete(self.codec.action_count)
        self._seeds = new_seed_source(None)
        self._views: dict[int, Any] = {}
        self._encoders = [self.codec.encoder() for _ in self.possible_agents]
        # Each encoder's buffer and array (the same objects for the encoder's life).
        self._buffers = [encoder.buffer for encoder in self._encoders]
        self._vectors = [encoder.vector for encoder in self._encoders]
        self._mask_of = self.codec.mask_of
        self._masks = self.codec.compiled_masks
        self._play = self.codec.card_play()
        # On the pure path a helper may also make the mover's mask from the state (not part of
        # the CardPlay protocol: Binokel's discards, auction, Dabb and trumps, decision env-08);
        # the compiled masks by the actions' identity are faster than those (env-12).
        self._state_mask: Callable[[Any], Mask | None] | None = (
            getattr(self._play, "mask", None) if self._masks is None else None)
        self._log: list[Event] = []
        """The simple plays since the last other step (decision env-05)."""
        self._synced: list[int | None] = [None] * self.codec.players
        """Per seat, how much of the log its vector holds (None: it needs its view)."""
        self._by_play = [False] * self.codec.players
        """Per seat, whether its vector was updated from the log since its view was encoded
        (then its encoder must forget that view before the next one)."""
        self.table: Table | None = None
        self._rewarded = False
        """Whether ``rewards`` holds a step's rewards rather than zeros."""

    def observation_space(self, agent: str) -> gymnasium.spaces.Dict:
        return self._observation_space

    def action_space(self, agent: str) -> gymnasium.spaces.Discrete:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = new_seed_source(seed)
        self.table = Table(self.rules, seed=self._seeds.getrandbits(63), hands=self.hands,
                           reward=self.reward_kind, seats=self.codec.players)
        self._views = {}
        self._log = []
        self._synced = [None] * self.codec.players
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = agent_name(self.table.to_move)
        self._rewarded = False

    def _view(self, seat: int) -> Any:
        view = self._views.get(seat)
        if view is None:
            assert self.table is not None
            view = self._views[seat] = self.table.state.view(seat)
        return view

    def observe(self, agent: str) -> Observation:
        """The seat's observation of the state now (new arrays; asking again is cheap: the
        view is kept until the next step and nothing in the vector changed)."""
        table = self.table
        if table is None:
            raise RuntimeError("Call reset() before observe().")
        seat = self._seat[agent]
        play = self._play
        state = table.state
        synced = self._synced[seat]
        if synced is not None and play is not None:
            # Only logged steps since this seat's last observation: no view (env-05, env-07).
            self._catch_up(play, seat, synced, state)
        else:
            encoder = self._encoders[seat]
            if play is None or not (self._log_donor(seat)
                                    or self._written(play, encoder, seat, state)):
                return self._from_view(seat, encoder)
        # (else another seat's vector is exact: copied, with this seat's own blocks; or the
        # auction's vector written from the state's public fields and the own hand, env-06)
        if state.to_move != seat:
            return {"observation": self._vectors[seat].copy(), "action_mask": self._mask_of(())}
        if self._masks is not None:  # None again for an action that is not the map's own
            mask = self._masks(state.legal_actions())
        else:
            mask = self._state_mask(state) if self._state_mask is not None else None
        if mask is None:
            mask = self._mask_of(state.legal_actions())
        return {"observation": self._vectors[seat].copy(), "action_mask": mask}

    def _from_view(self, seat: int, encoder: SeatEncoder) -> Observation:
        """``seat``'s observation from its view (built once per step) and its encoder."""
        view = self._view(seat)
        if self._by_play[seat]:
            encoder.forget()
            self._by_play[seat] = False
        vector: Vector = encoder.update(view).copy()
        if self._play is not None:
            self._synced[seat] = len(self._log)
        return {"observation": vector, "action_mask": self.codec.mask_of(view.legal_actions)}

    def _catch_up(self, play: CardPlay, seat: int, synced: int, state: Any) -> None:
        """Bring ``seat``'s vector, exact up to ``synced`` (its place in the log), to the end
        of the log (``state``, the table's)."""
        log = self._log
        if synced < len(log):
            play.catch_up(self._buffers[seat], seat, log[synced:], state)
            self._synced[seat] = len(log)
            self._by_play[seat] = True

    def _log_donor(self, seat: int) -> bool:
        """Write ``seat``'s vector from another seat's that the log keeps exact, if there is
        one (brought up to the end of the log first); whether there was (decision env-06)."""
        for donor, held in enumerate(self._synced):
            if held is None or donor == seat:
                continue
            assert self._play is not None and self.table is not None
            self._catch_up(self._play, donor, held, self.table.state)
            self._play.copy_seat(self._buffers[seat], seat, self._buffers[donor],
                                 self.table.state)
            self._synced[seat] = len(self._log)
            self._by_play[seat] = True
            return True
        return False

    def _written(self, play: CardPlay, encoder: SeatEncoder, seat: int, state: Any) -> bool:
        """Write ``seat``'s vector of ``state`` without a view if the helper can (an auction
        state); whether it did."""
        if not play.auction(encoder.buffer, seat, state):
            return False
        self._synced[seat] = len(self._log)
        self._by_play[seat] = True
        return True

    def step(self, action: int | None) -> None:
        table = self.table
        if table is None:
            raise RuntimeError("Call reset() before step().")
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: give an action number, not None")
        before = table.state
        move = self.codec.action_of(action)
        rewards = table.apply(move)  # an illegal move raises
        if self._views:
            self._views = {}
        play = self._play
        if play is not None:
            event = play.event(before, move, table.state)
            if event is not None:
                self._log.append(event)
            elif self._log or self._synced.count(None) != len(self._synced):
                self._log = []
                self._synced = [None] * len(self._synced)
        self._cumulative_rewards[agent] = 0.0
        names = self.possible_agents
        nothing = rewards is table.no_rewards
        if not nothing or self._rewarded:
            # Most steps reward nobody: the rewards are written only when they change.
            for seat, value in enumerate(rewards):
                self.rewards[names[seat]] = value
            self._rewarded = not nothing
            if any(rewards):  # adding zeros changes nothing
                self._accumulate_rewards()
        if table.done:
            for a in self.agents:
                self.terminations[a] = True
        else:
            self.agent_selection = names[table.state.to_move]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: pass render_mode='ansi'")
            return None
        if self.table is None:
            return None
        seat = self.table.to_move
        text = self.codec.describe(self._view(seat if seat >= 0 else 0))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self._views = {}
        self._log = []
        self._synced = [None] * len(self._synced)
        for encoder in self._encoders:
            encoder.forget()


def aec_env(rules_name: str = "binokel", **options: Any) -> BinokelAEC:
    """The AEC environment of a rule set (name, alias or spec ``NAME+field=value``).

    Options: ``hands`` (hands per episode, ``None`` for the whole game), ``reward``
    (``"hand"`` or ``"game"``), ``render_mode`` (``"ansi"`` or ``"human"``).
    """
    return BinokelAEC(rules_name, **options)


def raw_env(rules_name: str = "binokel", **options: Any) -> BinokelAEC:
    """The environment without wrappers (PettingZoo's name; the same as :func:`aec_env`)."""
    return BinokelAEC(rules_name, **options)


def env(rules_name: str = "binokel", **options: Any) -> AECEnv[str, Observation, int]:
    """The environment in PettingZoo's default wrappers (out-of-bounds assertion, order
    enforcing), as PettingZoo's classic games are made; the options of :func:`aec_env`."""
    wrapped = wrappers.AssertOutOfBoundsWrapper(BinokelAEC(rules_name, **options))
    return wrappers.OrderEnforcingWrapper(wrapped)
