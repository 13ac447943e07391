"""Types of the compiled search core (binokel/search/_native.c); use binokel.search.native."""

from collections.abc import Sequence
from typing import NewType

Spec = NewType("Spec", object)
MAX_SEATS: int

Job = tuple[int, Spec, Sequence[int], int, Sequence[int], int]
Start = tuple[Sequence[int], int, Sequence[int], Sequence[int], Sequence[int]]

def spec(players: int, order: Sequence[int], trump: int, bonus: int, must_beat: int,
         beat_when_trumped: int, undertrump: int, exempt: int, team_of: Sequence[int],
         on_side: Sequence[int], team01: Sequence[int], durch: int, /) -> Spec: ...
def solve(job: Job, /) -> tuple[object, int, int]: ...
def solve_batch(jobs: Sequence[Job], threads: int, /) -> list[tuple[object, int, int]]: ...
def rollout(spec: Spec, hands: list[int], leader: int, trick: list[int], points: list[int],
            won: list[int], /) -> None: ...
def rollouts(spec: Spec, starts: Sequence[Start], threads: int,
             /) -> list[tuple[tuple[int, ...], tuple[int, ...]]]: ...
def random_playouts(spec: Spec, hands: Sequence[int], leader: int, trick: Sequence[int],
                    points: Sequence[int], count: int, mt: tuple[int, ...],
                    /) -> tuple[list[list[int]], tuple[int, ...]]: ...
