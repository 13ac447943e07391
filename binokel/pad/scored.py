"""What the pad works out for a hand: the shared result value of every game's scorer."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True, kw_only=True)
class Before:
    """Where the game stands when a hand is dealt."""

    totals: tuple[int, ...]
    dealer: int
    hands_played: int
    target: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Scored:
    """One hand scored: each seat's score and new total, the melds as they counted, the
    winners if the hand ended the game, the target play goes on to, and a line saying why."""

    scores: tuple[int, ...]
    totals: tuple[int, ...]
    meld_points: tuple[int, ...]
    winners: tuple[int, ...] = ()
    target: int
    note: str = ""


__all__ = ["Before", "Scored"]
