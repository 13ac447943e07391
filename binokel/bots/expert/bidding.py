"""The first expert's bidding (``expert:v=1``; version 2's is :mod:`.auction`).

Sampled Dabbs and hands (:func:`bid_worlds`, once a hand); in each the model's two best trumps
are played out (:func:`bid_world`); the expected score of a bid — per world the better of
playing, with the spread of the estimate, giving up and a sure Durch — must stay above ``tau``,
the fixed value of passing (:func:`v1_bids`).  Kept unchanged: its choices are pinned by
``tests/golden/expert-v1-choices.json``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from ...games.binokel import actions as A
from ...games.binokel.rules import FirstLead, Rules
from ...games.binokel.views import View
from ...search.evaluate import packed_of
from ...search.sampling import World, WorldSampler
from ..heuristic.evaluate import best_option, durch_discard, leads_first
from .budget import Budget, Clock
from .plans import Outcome, Valued, give_up_value, play_out


def give_up_outcome(rules: Rules, active: tuple[int, ...], me: int, hands: list[int],
                     full: int) -> Callable[[int], float]:
    """The declarer's value of giving up at a bid, naming the suit that costs least."""
    h = list(hands)
    h[me] = full
    # Only the declaring side's minus-the-bid depends on the bid.
    best = max(give_up_value(rules, active, me, h, suit, 0) for suit in range(4))

    def at(bid: int) -> float:
        return best - bid

    return at


@dataclass(frozen=True, slots=True)
class BidWorld:
    """One sampled deal seen from the auction: its plans' outcomes and the give-up value."""

    outcomes: tuple[Outcome, ...]
    give_up: Callable[[int], float]
    durch: bool
    durch_value: int

    def value_at(self, bid: int, sigma: float) -> float:
        best = max(o.value_smooth(bid, sigma) for o in self.outcomes)
        best = max(best, self.give_up(bid))
        if self.durch:
            best = max(best, float(self.durch_value))
        return best


def bid_world(view: View, world: World) -> BidWorld:
    """A world seen from the auction: the model's two best trumps for the hand and the
    world's Dabb played out, giving up, and a sure Durch."""
    rules = view.rules
    me = view.seat
    leads = leads_first(rules, forehand=me == view.active[0])
    leader = me if rules.first_lead is FirstLead.DECLARER else view.active[0]
    full = packed_of(view.hand) + world.dabb
    hands = list(world.hands)
    outcomes: list[Outcome] = []
    ranked = sorted((best_option(full, s, rules, leads=leads) for s in range(4)),
                    key=lambda o: -o.value)
    for option in ranked[:2]:
        hands[me] = option.kept
        outcomes.append(play_out(rules, view.active, me, hands, option.trump, leader,
                                  option.discard_points))
    give_up = give_up_outcome(rules, view.active, me, hands, full)
    durch = rules.durch_allowed and durch_discard(full, rules) is not None
    return BidWorld(tuple(outcomes), give_up, durch, rules.durch_value)


def expected(values: list[float]) -> tuple[float, float]:
    """Mean and half-width of a 95% interval (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def bid_worlds(budget: Budget, cache: dict[tuple[object, ...], list[BidWorld]],
               view: View) -> list[BidWorld]:
    """Sampled Dabbs and hands, each with the outcome of its best-looking plan (kept in
    ``cache`` for the hand)."""
    key = (view.rules, view.hand_no, view.dealer, view.seat, view.hand, view.scores)
    found = cache.get(key)
    if found is not None:
        return found
    if len(cache) > 64:
        cache.clear()
    rules = view.rules
    me = view.seat
    hand = packed_of(view.hand)
    sampler = WorldSampler(view)
    # The valuation is a function of the cards: the same in every seating of a duplicate deal.
    local = random.Random(f"expert-bid/{rules.name}/{hand}/{me}/{view.active}")
    clock = Clock(budget, budget.plan_samples)
    worlds: list[BidWorld] = []
    while clock.more(len(worlds)):
        worlds.append(bid_world(view, sampler.sample(local)))
    cache[key] = worlds
    return worlds


def v1_bids(budget: Budget, sample: Callable[[], list[BidWorld]], view: View) -> list[Valued]:
    """Pass at ``tau`` and the three lowest bids, each valued over the worlds ``sample`` gives
    (asked only when there is a bid to make)."""
    bids = [a for a in view.legal_actions if isinstance(a, A.Bid)]
    if not bids:
        return [(A.PASS, 0.0, 0)]
    worlds = sample()
    out: list[Valued] = [(A.PASS, budget.tau, len(worlds))]
    for action in sorted(bids, key=lambda a: a.value)[:3]:
        value = sum(w.value_at(action.value, budget.sigma) for w in worlds)
        out.append((action, value / len(worlds), len(worlds)))
    return out


__all__ = ["BidWorld", "bid_world", "bid_worlds", "expected", "give_up_outcome", "v1_bids"]
