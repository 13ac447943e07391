"""What every game's encoder answers, and the shared pieces (the lookup by game name is
:mod:`binokel.env.codecs`).

A codec turns one seat's view into a fixed-length vector (:attr:`Codec.layout`), numbers every
action of a rule set (:attr:`Codec.actions`, the fixed discrete action space), and knows how to
start a hand from a dealt card sequence (OpenSpiel's chance nodes).  The adapters
(:mod:`binokel.env.aec`, :mod:`binokel.env.single`, :mod:`binokel.env.spiel`) hold a codec and
never look at which game they play; the codec is found by the game's name
(:func:`binokel.games.game_of`).

>>> from binokel.env.codecs import codec_for
>>> from binokel.games import find_game_rules
>>> codec = codec_for(find_game_rules("binokel"))
>>> codec.game, codec.players, codec.action_count
('binokel', 3, 188)
>>> codec.action_of(codec.index(codec.action_of(7)))
Bid(value=180)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from .layout import Layout, Vector

#: Points are divided by this in observations (a Binokel hand moves a few hundred points).
POINT_SCALE = 1000.0

Mask = npt.NDArray[np.int8]


class Codec(Protocol):
    """One rule set's observation encoder and action map."""

    game: str
    rules: Any
    players: int
    layout: Layout
    actions: tuple[Any, ...]

    @property
    def action_count(self) -> int: ...

    def index(self, action: Any) -> int:
        """The number of an action (raises ``ValueError`` for one outside the map)."""
        ...

    def action_of(self, index: int) -> Any:
        """The action of a number (raises ``ValueError`` naming the range)."""
        ...

    def encode(self, view: Any) -> Vector:
        """The seat's view as a vector; reads nothing but the view."""
        ...

    def mask(self, view: Any) -> Mask:
        """1 for each action the view's seat may take now, else 0."""
        ...

    def describe(self, view: Any) -> str:
        """The view as a few lines of text (``render``)."""
        ...

    def pack(self) -> tuple[int, ...]:
        """The card kinds of the pack, one entry per copy (what chance deals from)."""
        ...

    def start_hand(self, dealer: int, cards: Sequence[int]) -> Any:
        """A first hand dealt by ``dealer`` from the pack in the order ``cards``."""
        ...

    def utility_bound(self) -> float:
        """A bound on the absolute hand reward (for OpenSpiel's utility range)."""
        ...

    def max_hand_length(self) -> int:
        """A bound on the actions of one hand, deal excluded."""
        ...


class ActionMap:
    """The shared half of a codec: actions numbered in a fixed order."""

    actions: tuple[Any, ...]

    def __init__(self, actions: Sequence[Any]) -> None:
        self.actions = tuple(actions)
        self._index = {a: i for i, a in enumerate(self.actions)}
        if len(self._index) != len(self.actions):
            raise ValueError("an action appears twice in the action map")
        # The engines hand out shared action instances; looking them up by identity skips
        # hashing a dataclass (the map holds them, so their ids stay theirs).
        self._by_id = {id(a): i for i, a in enumerate(self.actions)}

    @property
    def action_count(self) -> int:
        return len(self.actions)

    def __deepcopy__(self, memo: dict[int, Any]) -> ActionMap:
        # A codec never changes after it is built: copies of a game state (OpenSpiel clones
        # them with deepcopy) share it.
        return self

    def index(self, action: Any) -> int:
        found = self._by_id.get(id(action))
        if found is None:
            found = self._index.get(action)
        if found is None:
            raise ValueError(f"{action} has no number in this action map")
        return found

    def action_of(self, index: int) -> Any:
        if not isinstance(index, int | np.integer) or not 0 <= index < len(self.actions):
            raise ValueError(f"action {index!r} is not a number from 0 to "
                             f"{len(self.actions) - 1}")
        return self.actions[int(index)]

    def mask(self, view: Any) -> Mask:
        by_id = self._by_id
        found = [by_id.get(id(a)) for a in view.legal_actions]
        at = [i for i in found if i is not None]
        if len(at) < len(found):
            at = [self.index(a) for a in view.legal_actions]
        out = np.zeros(len(self.actions), np.int8)
        out[at] = 1
        return out


#: An observation being written: only its non-zero entries, by position.
Sparse = dict[int, float]


def one_hot(out: Sparse, at: int, index: int | None) -> None:
    """Set ``out[at + index]`` to 1 (nothing for ``None`` or a negative index)."""
    if index is not None and index >= 0:
        out[at + index] = 1.0


def add(out: Sparse, at: int, value: float = 1.0) -> None:
    """Add to ``out[at]``."""
    out[at] = out.get(at, 0.0) + value


def dense(out: Sparse, size: int) -> Vector:
    """The vector of the entries written (numpy converts a few positions far quicker than a
    whole list of Python floats)."""
    vector = np.zeros(size, np.float32)
    if out:
        vector[list(out)] = list(out.values())
    return vector


def hand_rewards(scores: Sequence[int]) -> list[float]:
    """Each seat's hand score minus the mean of the other seats' (sums to zero).

    >>> hand_rewards([120, -300, 60])
    [240.0, -390.0, 150.0]
    """
    total = sum(scores)
    n = len(scores)
    return [s - (total - s) / (n - 1) for s in scores]
