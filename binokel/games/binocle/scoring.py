"""Deciding a Binocle or Bézique game (docs/rules/binocle.md §7, docs/rules/bezique.md §6): pure
functions.

The state machine asks these as a hand goes; the score pad (:mod:`binokel.pad`) asks the same
ones for a hand played with real cards.

>>> from binokel.games.binocle.rules import BINOCLE, find_binocle_rules
>>> reached_at_once(before=990, after=1010, target=1000)
True
>>> count_hand(BINOCLE, (1020, 1060), 1000)
(None, 1250)
>>> count_hand(find_binocle_rules("bezique"), (1020, 1060), 1000)
(1, 1000)
"""

from __future__ import annotations

from collections.abc import Sequence

from .rules import BinocleRules


def reached_at_once(*, before: int, after: int, target: int) -> bool:
    """Whether points scored as they go (dix, meld, last trick) take a total to the target:
    that player wins at once (§7).  A total already past it (both passed it and tied at
    Bézique) is decided at the count instead."""
    return after >= target > before


def claim_is_right(claim_total: int, target: int) -> bool:
    """A claim counts score, this hand's dix and melds and the card points taken so far
    (+ the last trick if taken): right if that reaches the target (§7)."""
    return claim_total >= target


def count_hand(rules: BinocleRules, totals: Sequence[int], target: int) -> tuple[int | None, int]:
    """At the count of a hand (card points added): the winner, or ``None`` and the target the
    game goes on to.  Exactly one at the target wins; both: play on to the target raised by
    ``target_step`` (§7), or at Bézique the higher total wins and an exact tie plays on."""
    reached = [s for s in (0, 1) if totals[s] >= target]
    if len(reached) == 1:
        return reached[0], target
    if len(reached) == 2 and rules.both_reach == "higher wins":
        if totals[0] != totals[1]:
            return (0 if totals[0] > totals[1] else 1), target
    elif len(reached) == 2:
        while max(totals) >= target:
            target += rules.target_step
    return None, target
