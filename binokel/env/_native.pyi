"""Types of the environments' compiled catch-up (binokel/env/csrc/); use binokel.env.native."""

from array import array
from typing import Any

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
