"""The expert's Binocle and Bézique play (:class:`binokel.bots.expert.binokel.ExpertBot`).

Each decision is searched by :func:`binokel.search.binocle.binocle_values`: sampled deals and
playouts while the stock lasts, exact alpha-beta once it is gone and few tricks are left. The
opponent's last meld is read as evidence about its hand
(:func:`binokel.search.binocle_infer.meld_evidence`), from the seat's view at its previous
decision of the same hand and its view now: :class:`PreviousViews` keeps those views, per hand of
each game, so an expert serving many tables (a web worker) reads each table's own.

>>> import random
>>> from binokel.games.binocle import new_binocle_game
>>> view = new_binocle_game(seed=3).view(0)
>>> views = PreviousViews()
>>> views.previous(view) is None  # nothing decided before
True
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from ...games.binocle import actions as BA
from ...games.binocle.hand import Phase
from ...games.binocle.scoring import claim_is_right

#: How many hands (of any games) the expert remembers its previous view of.
HANDS_KEPT = 8


class SearchBudget(Protocol):
    """The parts of the expert's budget (:class:`binokel.bots.expert.budget.Budget`) Binocle
    uses."""

    @property
    def samples(self) -> int: ...
    @property
    def exact(self) -> int: ...
    @property
    def time(self) -> float: ...
    @property
    def min_samples(self) -> int: ...
    @property
    def greedy(self) -> int: ...
    @property
    def pool(self) -> int: ...
    @property
    def anchor(self) -> float: ...


def hand_key(view: Any) -> tuple[object, ...]:
    """What identifies one seat in one hand of one Binocle game in its views."""
    return (view.seat, view.rules, view.cut, view.hand_no, view.dealer, view.start_scores,
            view.turned_up, view.results)


def continues(before: Any, now: Any) -> bool:
    """Whether ``now`` can be the seat's next decision after ``before`` in the same hand: the
    tricks and melds so far continue, with at most one more trick."""
    played = len(before.tricks)
    return (now.tricks[:played] == before.tricks and len(now.tricks) <= played + 1
            and all(now.melds[s][:len(before.melds[s])] == before.melds[s] for s in (0, 1)))


class PreviousViews:
    """Per hand of one game and seat (:func:`hand_key`), the latest view decided and the view
    before it (for the opponent's melds); only the newest :data:`HANDS_KEPT` hands are kept."""

    def __init__(self) -> None:
        self.kept: dict[tuple[object, ...], tuple[Any, Any]] = {}

    def previous(self, view: Any) -> Any:
        """This seat's view at its previous decision of the same hand of the same game, or
        None; ``view`` is remembered as the latest. A view decided again gets the same
        ``before`` as the first time, and a view that does not continue the latest one (another
        table's, or one further on) gets none."""
        key = hand_key(view)
        kept = self.kept.pop(key, None)
        before = None
        if kept is not None:
            earlier, latest = kept
            if latest == view:
                before = earlier
            elif continues(latest, view):
                before = latest
        self.kept[key] = (before, view)
        while len(self.kept) > HANDS_KEPT:
            del self.kept[next(iter(self.kept))]
        return before


def binocle_candidates(budget: SearchBudget, views: PreviousViews, view: Any,
                       rng: random.Random) -> list[tuple[Any, float, int]]:
    """Every candidate action with its value, the one to play first, then best first
    (:func:`binokel.search.binocle.binocle_choice`). While the stock lasts the one to play is
    the hard rule-based player's move unless the search shows another clearly better
    (``budget.anchor`` standard errors; 0: the best value)."""
    from ...search.binocle import binocle_choice
    from ...search.binocle_infer import meld_evidence

    before = views.previous(view)
    legal = view.legal_actions
    if len(legal) == 1:
        return [(legal[0], 0.0, 0)]
    if view.phase is Phase.MELD and all(isinstance(a, BA.Done | BA.Claim) for a in legal):
        # A trick won with nothing to declare: claim if the claim is right (the seat knows its
        # own total), else done — no search (decision binocle-06).
        sure = BA.CLAIM in legal and claim_is_right(view.claim_total(view.seat), view.target)
        return [(BA.CLAIM if sure else BA.DONE, 0.0, 0)]
    evidence = meld_evidence(before, view) if before is not None else None
    anchor = _rule_based(view) if budget.anchor > 0 and view.stock_lasts else None
    chosen, found = binocle_choice(view, rng, samples=max(2, budget.samples // 2),
                                   exact=budget.exact, seconds=budget.time,
                                   min_samples=min(budget.min_samples, 2),
                                   greedy=bool(budget.greedy), evidence=evidence,
                                   pool=budget.pool, anchor=anchor, z=budget.anchor)
    return sorted(found, key=lambda c: (c[0] != chosen, -c[1]))


def _rule_based(view: Any) -> Any:
    """The hard rule-based player's move (it draws no dice while the stock lasts)."""
    from ..heuristic.binocle import BinocleHeuristicBot

    return BinocleHeuristicBot(level="hard").choose(view, random.Random(0))
