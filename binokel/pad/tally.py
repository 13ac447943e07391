"""The other ways Foster's Binocle keeps the score: counters and the cribbage board.

Foster: each player has four white counters worth 10, one red worth 50, four blue worth 100
and a copper (a cent or a button) worth 500, moved from left to right as points accrue; or
the game is kept on a cribbage board, each player starting at 21 and going twice round to the
game hole, a peg for 10 points.

>>> counters(980)
Counters(copper=1, blue=4, red=1, white=3, rest=0)
>>> str(counters(1010)), str(pegs(1010))
('2 copper, 1 white', 'game hole')
>>> str(pegs(0)), str(pegs(395)), str(pegs(450))
('round 1, hole 21', 'round 1, hole 60 (+5)', 'round 2, hole 6')
"""

from __future__ import annotations

from dataclasses import dataclass

#: Counter values, highest first (Foster).
COUNTER_VALUES = (("copper", 500), ("blue", 100), ("red", 50), ("white", 10))
#: The cribbage board: 60 holes a round, twice round from hole 21 to the game hole.
HOLES_PER_ROUND = 60
START_HOLE = 21
POINTS_PER_PEG = 10


@dataclass(frozen=True, slots=True)
class Counters:
    """A total as counters (fewest of each, highest first) and the points below 10."""

    copper: int
    blue: int
    red: int
    white: int
    rest: int = 0

    def __str__(self) -> str:
        parts = [f"{n} {name}" for name, n in (("copper", self.copper), ("blue", self.blue),
                                                ("red", self.red), ("white", self.white)) if n]
        if self.rest:
            parts.append(f"+{self.rest}")
        return ", ".join(parts) or "none"


def counters(total: int) -> Counters:
    """A total in Foster's counters (white 10, red 50, blue 100, copper 500)."""
    left = max(total, 0)
    counts = []
    for _, value in COUNTER_VALUES:
        counts.append(left // value)
        left %= value
    return Counters(copper=counts[0], blue=counts[1], red=counts[2], white=counts[3],
                    rest=left)


@dataclass(frozen=True, slots=True)
class Pegs:
    """Where a total's front peg stands on the cribbage board."""

    round: int
    hole: int
    """1-60 within the round; 0 for the game hole."""
    rest: int = 0
    """Points below a peg's 10, not yet pegged."""

    def __str__(self) -> str:
        where = "game hole" if self.hole == 0 else f"round {self.round}, hole {self.hole}"
        return where + (f" (+{self.rest})" if self.rest and self.hole else "")


def pegs(total: int) -> Pegs:
    """A total on the cribbage board: from hole 21, a peg for 10, twice round to the game
    hole (hole 121 counted from the start of the first round: 1000 points)."""
    position = START_HOLE + max(total, 0) // POINTS_PER_PEG
    if position > 2 * HOLES_PER_ROUND:
        return Pegs(round=2, hole=0)
    return Pegs(round=(position - 1) // HOLES_PER_ROUND + 1,
                hole=(position - 1) % HOLES_PER_ROUND + 1, rest=max(total, 0) % POINTS_PER_PEG)


__all__ = ["COUNTER_VALUES", "Counters", "Pegs", "counters", "pegs"]
