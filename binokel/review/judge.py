"""One judge for hints and reviews: the expert's values of every candidate of one position.

The table's hint (``h``), its review (``v``), ``binokel hint`` and ``binokel review`` all ask
:func:`judge` for a position given as the game's states up to it; so they value the same
position with the same player (:data:`JUDGE`), the same memory and the same sampling, and say
the same.  The best value is the move the judge recommends, so a hint never recommends a move
that its own list values lower, and a review never calls the hinted move a loss.

* The judge is a fresh expert for every position: a review does not depend on the decisions
  judged before it.  At Binocle and Bézique it is shown the seat's previous decision in the hand
  first (the expert reads the opponent's melds from the view before, decision search-09).
* Its sampling is seeded by ``seed`` and the number of actions before the position.
* At Binokel every candidate is valued as a review values it
  (:func:`binokel.bots.expert.review.review_values`): the bids and plans the expert considers,
  and the chosen action too when one is given; the others' values do not depend on it.
* At Binocle and Bézique the values are the expert's own: while the stock lasts a move other than
  the rule-based one counts only the gain the sampled deals show clearly (decision search-24).

>>> from binokel import new_game
>>> state = new_game(seed=3)
>>> found = judge([state], bot="expert:samples=2,plan=4")
>>> found.best in state.legal_actions(), found.values[0][0] == found.best
(True, True)
>>> all(a >= b for (_, a, _), (_, b, _) in zip(found.values, found.values[1:]))
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..bots.expert.binokel import ExpertBot
from ..games import game_of

#: The judge when none is named: the expert at its playing budget.
JUDGE = "expert"

#: The judge's seed when none is given.
JUDGE_SEED = "judge"


@dataclass(frozen=True, slots=True)
class Judgement:
    """The values of one position's legal candidates, best first: (action, value, sampled
    deals); the value is the seat's expected score for the hand against the others' mean."""

    values: tuple[tuple[Any, float, int], ...]

    @property
    def best(self) -> Any:
        """The move the judge recommends: the first, of the best value."""
        return self.values[0][0]

    def value_of(self, action: Any) -> float | None:
        return next((v for a, v, _ in self.values if a == action), None)


def make_judge(spec: str = JUDGE) -> ExpertBot:
    """A fresh expert by name; :class:`ValueError` if ``spec`` is not the expert."""
    from ..bots import make_bot

    bot = make_bot(spec)
    if not isinstance(bot, ExpertBot):
        raise ValueError(f"{spec!r} cannot judge: hints and reviews need expert or "
                         f"expert:OPTIONS")
    return bot


def judge(timeline: Sequence[Any], *, chosen: Any = None, later: Sequence[Any] = (),
          bot: str = JUDGE, seed: int | str = JUDGE_SEED) -> Judgement:
    """The judge's values for the position ``timeline[-1]`` (the game's states oldest first,
    from the start of the game or at least of the hand), for the seat to move there.

    ``chosen`` is the action taken there, if any (a review): it is then valued too.  ``later``
    are the states after it (the seat's own later views tell its whole discard)."""
    state = timeline[-1]
    view = state.view(state.to_move)
    expert = make_judge(bot)
    try:
        previous = _previous_decision(timeline)
        if previous is not None:
            expert.recall(previous)
        rng = random.Random(f"{seed}/{len(timeline) - 1}")
        return values_for(expert, view, rng, chosen=chosen, later=later)
    finally:
        expert.close()


def values_for(expert: ExpertBot, view: Any, rng: random.Random, *, chosen: Any = None,
               later: Sequence[Any] = ()) -> Judgement:
    """What ``expert`` values at ``view`` (see :func:`judge`, which gives it a fresh expert)."""
    found = _VALUERS[game_of(view).name](expert, view, rng, chosen, later)
    legal = set(view.legal_actions)
    # Sorted stably: among equal values the expert's own order stands (its move first).
    ranked = sorted((c for c in found if c[0] in legal), key=lambda c: -c[1])
    if not ranked:  # one legal action, or nothing the expert values: its own move
        ranked = [(expert.choose(view, rng), 0.0, 0)]
    return Judgement(tuple(ranked))


def _values_binokel(expert: ExpertBot, view: Any, rng: random.Random, chosen: Any,
                    later: Sequence[Any]) -> list[tuple[Any, float, int]]:
    """Binokel: every candidate as a review values it, the chosen action too."""
    from ..bots.expert.review import review_values

    return review_values(expert, view, rng, chosen=chosen,
                         completed=_completed_discard(view, later))


def _values_deciding(expert: ExpertBot, view: Any, rng: random.Random, chosen: Any,
                     later: Sequence[Any]) -> list[tuple[Any, float, int]]:
    """What the expert weighs when it decides itself (every candidate, in Binocle)."""
    pick = expert.choose(view, rng)
    return expert.last_values(view) or [(pick, 0.0, 0)]


#: How each game's candidates are valued, by game name.
_VALUERS: dict[str, Callable[[ExpertBot, Any, random.Random, Any, Sequence[Any]],
                             list[tuple[Any, float, int]]]] = {
    "binokel": _values_binokel, "binocle": _values_deciding, "bezique": _values_deciding}

#: Whether the expert reads the seat's previous decision of the hand, by game name (at Binocle
#: and Bézique: the opponent's melds since, decision search-09).
_READS_PREVIOUS: dict[str, bool] = {"binokel": False, "binocle": True, "bezique": True}


def _previous_decision(timeline: Sequence[Any]) -> Any:
    """Where the expert reads it: the seat's view at its previous decision (a choice of more
    than one action) in the same hand, or ``None``."""
    state = timeline[-1]
    if not _READS_PREVIOUS[game_of(state).name]:
        return None
    seat = state.to_move
    for earlier in reversed(timeline[:-1]):
        if earlier.hand_no != state.hand_no:
            return None
        if earlier.to_move == seat and len(earlier.legal_actions()) > 1:
            return earlier.view(seat)
    return None


def _completed_discard(view: Any, later: Sequence[Any]) -> int | None:
    """Binokel: the whole discard the declaring seat laid away (packed), read from its own later
    views in the hand; ``None`` before laying away, or if the record ends first."""
    from ..search.evaluate import packed_of

    if view.phase.value not in ("discard", "trump"):
        return None
    for state in later[: view.rules.dabb_size + 2]:
        if state.hand_no != view.hand_no:
            return None
        seen = state.view(view.seat).discard
        if seen is not None and len(seen) == view.rules.dabb_size:
            return packed_of(seen)
    return None


def timeline_of(state: Any) -> list[Any]:
    """Every state of the game up to ``state``, oldest first."""
    return list(reversed(list(state.states())))


__all__ = ["JUDGE", "JUDGE_SEED", "Judgement", "judge", "make_judge", "timeline_of",
           "values_for"]
