"""Helpers for the Bézique rulebook tests (docs/rules/bezique.md): Binocle's, on Bézique's rule
set."""

from __future__ import annotations

from binokel.games.binocle import BinocleState
from binokel.games.binocle.rules import BEZIQUE
from tests.binocle.scenarios import (
    DEALER,
    PONE,
    is_strict_follow,
    plain_action,
    play,
    random_states,
    run_until,
)
from tests.binocle.scenarios import written_game as _written_game

__all__ = ["DEALER", "PONE", "is_strict_follow", "plain_action", "play", "random_states",
           "run_until", "written_game"]


def written_game(pone: str, dealer: str, turned: str, stock_top: str = "", *,
                 scores: tuple[int, int] = (0, 0), target: int | None = None) -> BinocleState:
    """A Bézique game whose first hand is dealt as written (seat 0 the pone, seat 1 the
    dealer; the stock begins with ``stock_top``, then the rest of the pack in card order)."""
    return _written_game(pone, dealer, turned, stock_top, rules=BEZIQUE, scores=scores,
                         target=target)
