"""Types of the environments' compiled catch-up (binokel/env/csrc/); use binokel.env.native."""

from array import array
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

CONFIG: tuple[str, ...]
RANK_LIMIT: int
KIND_COUNT: int
BIDDING: int

def binokel_catch_up(config: array[int], buf: array[float], seat: int,
                     events: list[tuple[int, int, Any]], state: Any, /) -> int: ...
def binocle_catch_up(config: array[int], buf: array[float], seat: int,
                     events: list[tuple[int, int, Any]], state: Any, /) -> int: ...
def binokel_auction(config: array[int], buf: array[float], seat: int, state: Any,
                    phase: int, /) -> None: ...
def binokel_refresh(config: array[int], buf: array[float], seat: int, groups: int, state: Any,
                    phase: int, leader: int, contract: int, trump: int, melds: array[float],
                    /) -> None: ...
def counts(config: array[int], buf: array[float], at: int, packed: int, /) -> None: ...
def binocle_write(config: array[int], buf: array[float], seat: int, groups: int, state: Any,
                  to_move: int, /) -> int: ...
def binocle_whole(config: array[int], buf: array[float], seat: int, state: Any, over: bool,
                  /) -> int: ...
def binokel_event(consts: tuple[Any, ...], before: Any, action: Any, after: Any,
                  /) -> tuple[int, int, Any] | None: ...
def binocle_event(consts: tuple[Any, ...], before: Any, action: Any, after: Any,
                  /) -> tuple[int, int, Any] | None: ...

class Masks:
    """Masks(actions, zeros): a new int8 array of legal actions by their identity, or None."""

    def __init__(self, actions: tuple[Any, ...], zeros: npt.NDArray[np.int8], /) -> None: ...
    def __call__(self, legal: Sequence[Any], /) -> npt.NDArray[np.int8] | None: ...
