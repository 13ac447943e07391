"""The auction's own declaring valued by the plan the expert will really play (``expert:aplan=K``,
decision ``search-15``).

Version 2's auction (:mod:`.expert_auction`) values declaring in each sampled world by the
heuristic model's single best trump and discard, and gives up where the model says so.  After
the Dabb the expert does something else: it plays several candidate plans (trumps, discards,
giving up) out on sampled deals of the opponents' hands and keeps the best
(:func:`.expert_plans.make_plan`).  With ``aplan=K`` the expert's own declaring in an auction
world is valued that way: the world's hand and Dabb give the candidate plans
(:func:`.expert_plans.discard_candidates` for the model's two best trumps, the best discard for
the others); each is played out on ``K`` fresh deals of the cards the declarer does not hold
(drawn from ``2K`` by how likely the other seats' bids and passes make them); the plan with the
best mean at the bid — or giving up, where that is better — is chosen on those deals, and then
scored on the auction world itself, which took no part in the choice (so the value carries no
hindsight of the world's hidden cards).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..cards import ONE, points_of
from ..games.binokel.rules import FirstLead, Rules
from ..games.binokel.scoring import side_of
from ..games.binokel.views import View
from ..search.evaluate import give_up_scores, relative
from ..search.sampling import World, resample
from .evaluate import durch_discard, leads_first, make_chance
from .expert_auction import OwnGame, auction_weight, bidder_model, seat_limits
from .expert_plans import Outcome, discard_candidates, model_value, play_out
from .knowledge import full_pack, kinds_list, minus, size


@dataclass(slots=True)
class Searched:
    """One auction world declared by the expert's own seat with its searched plan."""

    rules: Rules
    active: tuple[int, ...]
    declarer: int
    outcomes: list[Outcome]
    """Each candidate plan played out in the auction world itself."""
    trials: list[list[Outcome]]
    """Each candidate plan played out on the fresh deals that choose between them."""
    give_up: list[tuple[int, ...]]
    """The auction world's scores when giving up at a bid of 0, per suit."""
    give_up_trials: list[list[tuple[int, ...]]]
    """Per fresh deal, the scores when giving up at a bid of 0, per suit."""
    durch: bool
    _chosen: dict[int, tuple[str, int]] = field(default_factory=dict)

    def choice(self, bid: int) -> tuple[str, int]:
        """``("play", plan)``, ``("give up", suit)`` or ``("durch", 0)`` at ``bid``: the best
        mean over the fresh deals (the auction world takes no part)."""
        found = self._chosen.get(bid)
        if found is not None:
            return found
        if self.durch:
            found = ("durch", 0)
        else:
            n = len(self.give_up_trials)
            play = [sum(o.value_at(bid) for o in trial) / n for trial in self.trials]
            give = [sum(self._give_up_value(g[suit], bid) for g in self.give_up_trials) / n
                    for suit in range(4)]
            best = max(range(len(play)), key=lambda i: play[i]) if play else -1
            suit = max(range(4), key=lambda s: give[s])
            found = ("give up", suit) if best < 0 or give[suit] > play[best] else ("play", best)
        self._chosen[bid] = found
        return found

    def _give_up_value(self, scores: Sequence[int], bid: int) -> float:
        out = [float(x) for x in scores]
        for s in side_of(self.rules, self.declarer):
            out[s] = -float(bid)
        return relative(self.rules, self.active, self.declarer, out)

    def value(self, seat: int, bid: int, sigma: float) -> float:
        """As :meth:`.expert_auction.Declared.value`, for the searched plan."""
        rules = self.rules
        side = side_of(rules, self.declarer)

        def scored(scores: Sequence[int], value: float) -> float:
            out = [float(x) for x in scores]
            for s in side:
                out[s] = value
            return relative(rules, self.active, seat, out)

        course, which = self.choice(bid)
        if course == "durch":
            return scored([0] * rules.players, float(rules.durch_value))
        if course == "give up":
            return scored(self.give_up[which], -float(bid))
        outcome = self.outcomes[which]
        p = make_chance(outcome.total, bid, sigma) if outcome.won else 0.0
        made = scored(outcome.others, float(max(outcome.total, bid)))
        failed = scored(outcome.others, -2.0 * bid)
        return p * made + (1.0 - p) * failed

    def chance(self, bid: int, sigma: float) -> float:
        """The chance of making ``bid`` with the searched plan in the auction world."""
        course, which = self.choice(bid)
        if course == "durch":
            return 1.0
        if course == "give up":
            return 0.0
        outcome = self.outcomes[which]
        return make_chance(outcome.total, bid, sigma) if outcome.won else 0.0


def _fresh_deals(view: View, world: World, full: int, count: int,
                 rng: random.Random) -> list[list[int]]:
    """``count`` deals of the cards the declarer does not hold (hand and Dabb) to the other
    seats, in the auction world's hand sizes, drawn from ``2 * count`` by the likelihood of the
    other seats' bids and passes."""
    rules = view.rules
    me = view.seat
    unseen = kinds_list(minus(full_pack(rules), full))
    others = [s for s in range(rules.players) if s != me and world.hands[s]]
    sizes = [size(world.hands[s]) for s in others]
    deals: list[list[int]] = []
    for _ in range(2 * count):
        rng.shuffle(unseen)
        hands = [0] * rules.players
        at = 0
        for seat, n in zip(others, sizes, strict=True):
            hands[seat] = sum(ONE[k] for k in unseen[at:at + n])
            at += n
        deals.append(hands)
    model = bidder_model(rules)
    weights = [auction_weight(view.bids, me, rules,
                              seat_limits(World(tuple(h), world.discard, 0), view, model),
                              model.spread) for h in deals]
    return [deals[i] for i in resample(weights, count, rng)]


def searched(view: View, world: World, count: int) -> Searched:
    """``world`` declared by the expert's seat with the plan it would choose on ``count``
    fresh deals (see the module docstring)."""
    rules = view.rules
    me = view.seat
    full = world.hands[me] + world.dabb
    leads = leads_first(rules, forehand=me == view.active[0])
    leader = me if rules.first_lead is FirstLead.DECLARER else view.active[0]
    n = rules.dabb_size
    ranked = sorted(range(4), key=lambda t: -model_value(full, 0, t, rules, n, leads))
    plans: list[tuple[int, int]] = []
    for i, suit in enumerate(ranked):
        options = discard_candidates(full, 0, suit, rules, n, leads)
        plans += [(suit, d) for d in (options if i < 2 else options[:1])]
    rng = random.Random(f"expert-aplan/{rules.name}/{full}/{me}/{view.active}")
    deals = _fresh_deals(view, world, full, count, rng)
    everything = [list(world.hands), *deals]
    played: list[list[Outcome]] = [[] for _ in plans]
    gave: list[list[tuple[int, ...]]] = []
    for hands in everything:
        for j, (suit, discard) in enumerate(plans):
            hands[me] = full - discard
            played[j].append(play_out(rules, view.active, me, hands, suit, leader,
                                      points_of(discard)))
        hands[me] = full
        gave.append([give_up_scores(rules, view.active, me, hands, suit, 0)
                     for suit in range(4)])
    durch = rules.durch_allowed and durch_discard(full, rules) is not None
    return Searched(rules, view.active, me, [p[0] for p in played], [p[1:] for p in played],
                    gave[0], gave[1:], durch)


def own_game(count: int) -> OwnGame | None:
    """For :func:`.expert_auction.bid_candidates`: the expert's own declaring in an auction
    world valued by its searched plan on ``count`` fresh deals (``None`` when 0: the model)."""
    if count <= 0:
        return None

    def game(view: View, world: World) -> Searched:
        return searched(view, world, count)

    return game


__all__ = ["Searched", "own_game", "searched"]
