"""The expert's auction (``expert``, version 2; ``expert:v=1`` keeps the first one).

Three things the first version did not do (decision ``search-06``):

* **Reading the bids.** Every bid and pass says something about the bidder's hand.  A seat's
  *limit* — the highest bid the heuristic's own valuation (:func:`binokel.bots.heuristic.evaluate.
  expected_score` over sampled Dabbs) would make with a hand — is estimated cheaply from the
  hand's strength (:func:`strength`: best melds plus the trick model's estimate, for the twelve
  cards without a Dabb), by a line fitted per rule set on the heuristic itself
  (:func:`bidder_model`).  A seat that bid ``v`` has a limit of at least ``v``; one that passed
  at ``b`` has a limit below ``b + step``; with the fit's spread this gives each sampled world
  a likelihood (:func:`auction_weight`), and the worlds the expert values are drawn from a
  larger pool in proportion to it (:func:`binokel.search.sampling.resample`).
* **The value of passing.** In each world the seats still in the auction after a pass bid up
  to their limits: the one with the highest limit declares, at the price the second-highest
  limit forces (:func:`auction_winner`); its best-looking trump is played out, and it gives up
  when that costs it less.  What the expert's seat (its team's, in a team game) scores against
  the others then is the value of passing in that world — a partner who keeps the bid brings
  the team points too, so raising a partner has to beat that.
* The bid stops where declaring's expected score falls below passing's.

>>> from binokel.games.binokel.rules import BINOKEL
>>> model = bidder_model(BINOKEL)
>>> 200 < model.limit(150.0) < 320
True
>>> round(auction_weight(((0, 150), (1, 200), (2, 0)), 0, BINOKEL, [0.0, 300.0, 150.0],
...                      model.spread), 3) > 0.5
True
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from ...cards import ONE, Suit
from ...games.binokel import actions as A
from ...games.binokel.melds import find_melds_packed, meld_total
from ...games.binokel.rules import FirstLead, Rules
from ...games.binokel.scoring import side_of
from ...games.binokel.views import View
from ...search.evaluate import give_up_scores, packed_of, relative
from ...search.knowledge import full_pack, kinds_list
from ...search.sampling import World, WorldSampler, resample
from ..heuristic.evaluate import (
    best_option,
    bid_outcomes,
    durch_discard,
    expected_score,
    leads_first,
    make_chance,
    make_share,
    model_for,
    play_ev,
)

#: The heuristic's bidding threshold and caution (its medium and hard levels): what the
#: fitted limits imitate.
_HEURISTIC_TAU = 30.0
_HEURISTIC_SHRINK = 1.0
#: Hands and Dabbs per hand the per-rule-set fit uses (about half a second, once a process).
_FIT_HANDS = 40
_FIT_DABBS = 10
#: The spread of a limit is wider than the fit's: the other players need not be the heuristic.
_SPREAD_FACTOR = 1.3
_MIN_SPREAD = 20.0
#: Standard errors by which a bid over a partner must beat passing.
_PARTNER_MARGIN = 2.0


class PlayedOut(Protocol):
    """A trump game played out (:class:`.plans.Outcome`): the declaring side's total, whether
    it took a trick, and every other seat's score."""

    @property
    def total(self) -> int: ...
    @property
    def won(self) -> bool: ...
    @property
    def others(self) -> tuple[int, ...]: ...


PlayOut = Callable[[Rules, tuple[int, ...], int, list[int], int, int, int], PlayedOut]
"""Plays a trump game out: (rules, active, declarer, hands, trump, leader, discard points)."""

Valued = tuple[A.Action, float, int]
"""An action, its expected value and the worlds behind it."""


@dataclass(frozen=True, slots=True)
class BidderModel:
    """A seat's bidding limit as a line in its hand's :func:`strength`, with a spread."""

    intercept: float
    slope: float
    spread: float

    def limit(self, strength: float) -> float:
        return self.intercept + self.slope * strength


def strength(hand: int, rules: Rules, *, leads: bool) -> float:
    """Best melds plus estimated trick points of a hand as dealt (no Dabb, no discard)."""
    model = model_for(rules)
    return max(meld_total(find_melds_packed(hand, Suit(s), rules))
               + model.estimate(hand, s, leads=leads) for s in range(4))


def heuristic_limit(hand: int, rules: Rules, rng: random.Random, dabbs: int, *,
                    leads: bool, confidence: float = 0.0) -> int:
    """The highest bid the heuristic's valuation keeps above its threshold (the minimum bid
    when it would not bid at all); ``confidence``: the least share of the sampled Dabbs that
    must make a bid too (the heuristic's medium level bids with 0.8, hard with none)."""
    outcomes = bid_outcomes(hand, rules, rng, dabbs, leads=leads)
    sigma = model_for(rules).sigma
    bid = rules.min_bid
    while bid + rules.bid_step <= rules.max_bid and expected_score(
            outcomes, bid + rules.bid_step, rules, sigma,
            shrink=_HEURISTIC_SHRINK) >= _HEURISTIC_TAU and (
                confidence <= 0.0
                or make_share(outcomes, bid + rules.bid_step, sigma) >= confidence):
        bid += rules.bid_step
    return bid


@functools.cache
def bidder_model(rules: Rules, confidence: float = 0.0) -> BidderModel:
    """The line from :func:`strength` to :func:`heuristic_limit` (at ``confidence``), fitted
    by least squares on hands dealt from a generator seeded by the rule set (the same fit in
    every process)."""
    rng = random.Random(f"expert-bidder-model/{rules.name}")
    pack = kinds_list(full_pack(rules))
    xs: list[float] = []
    ys: list[float] = []
    for i in range(_FIT_HANDS):
        hand = sum(ONE[k] for k in rng.sample(pack, rules.hand_size))
        leads = i % 2 == 0
        xs.append(strength(hand, rules, leads=leads))
        ys.append(float(heuristic_limit(hand, rules, rng, _FIT_DABBS, leads=leads,
                                        confidence=confidence)))
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx if sxx else 0.0
    intercept = my - slope * mx
    residual = math.sqrt(sum((y - intercept - slope * x) ** 2
                             for x, y in zip(xs, ys, strict=True)) / max(1, n - 2))
    return BidderModel(intercept, slope, max(_MIN_SPREAD, residual * _SPREAD_FACTOR))


def _phi(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


def bid_ranges(bids: Sequence[tuple[int, int]], rules: Rules) -> dict[int, tuple[float, float]]:
    """Per seat, what its own bids and passes say of its limit: ``(at least, below)``.

    The first entry is the forehand's opening at the minimum, which is forced and says nothing.
    """
    ranges: dict[int, tuple[float, float]] = {}
    current = rules.min_bid
    for i, (seat, value) in enumerate(bids):
        if i == 0:
            current = value
            continue
        low, high = ranges.get(seat, (-math.inf, math.inf))
        if value:
            ranges[seat] = (max(low, value), high)
            current = value
        else:
            ranges[seat] = (low, min(high, current + rules.bid_step))
    return ranges


def auction_weight(bids: Sequence[tuple[int, int]], me: int, rules: Rules,
                   limits: Sequence[float], spread: float) -> float:
    """The likelihood of the other seats' bids and passes, given each seat's estimated limit."""
    weight = 1.0
    for seat, (low, high) in bid_ranges(bids, rules).items():
        if seat == me:
            continue
        limit = limits[seat]
        upper = _phi((high - limit) / spread) if high < math.inf else 1.0
        lower = _phi((low - limit) / spread) if low > -math.inf else 0.0
        weight *= max(upper - lower, 1e-9)
    return weight


def auction_winner(bids: Sequence[tuple[int, int]], active: Sequence[int], me: int,
                   rules: Rules, limits: Sequence[float]) -> tuple[int, int]:
    """Who declares, and at what bid, if ``me`` passes now: the seats still in the auction
    (the one holding the bid and those yet to enter) bid up to their limits."""
    holder = active[0]
    bid = rules.min_bid
    entered = {active[0]}
    for seat, value in bids:
        entered.add(seat)
        if value:
            holder, bid = seat, value
    contenders = [holder] + [s for s in active if s not in entered and s != me]
    # The holder is committed to the bid; ties stay with the holder.
    reach = {s: max(limits[s], float(bid)) if s == holder else limits[s] for s in contenders}
    winner = max(contenders, key=lambda s: (reach[s], s == holder))
    step = rules.bid_step
    least = bid if winner == holder else bid + step
    second = max((reach[s] for s in contenders if s != winner), default=-math.inf)
    price = least
    if second >= least:
        price = max(least, bid + (int((second - bid) // step) + 1) * step)
    # The winner goes no further than its own limit allows (it has to bid at least ``least``).
    own = bid + int(max(0.0, reach[winner] - bid) // step) * step
    price = min(price, max(least, own))
    return winner, min(price, rules.max_bid)


# --- the auction's worlds -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Declared:
    """One sampled deal declared by one seat, as that seat decides it knowing only its hand and
    the Dabb: the trick model's best trump and discard, played out; giving up when the model
    says playing loses more than the bid; a Durch that cannot fail.  (No choice is made with
    hindsight of the other hands, which would overvalue declaring.)"""

    rules: Rules
    active: tuple[int, ...]
    declarer: int
    outcome: PlayedOut
    believed: float
    """What the model expects the declarer's total to be."""
    give_up: tuple[int, ...]
    """Every seat's scores when the declarer gives up at a bid of 0 (the cheapest suit)."""
    durch: bool

    def course(self, bid: int) -> Literal["durch", "give up", "play"]:
        """What the declarer does at ``bid``: a Durch that cannot fail, giving up (the model
        says playing loses more than the bid), or playing it out.  :meth:`value` and
        :meth:`chance` both go by it."""
        if self.durch:
            return "durch"
        if play_ev(self.believed, bid, model_for(self.rules).sigma) < -bid:
            return "give up"
        return "play"

    def value(self, seat: int, bid: int, sigma: float) -> float:
        """``seat``'s score (its side's) against the others' mean when this is played at
        ``bid``; ``sigma``: the spread of a played-out total around what it really brings."""
        rules = self.rules
        side = side_of(rules, self.declarer)

        def scored(scores: Sequence[int], value: float) -> float:
            out = [float(x) for x in scores]
            for s in side:
                out[s] = value
            return relative(rules, self.active, seat, out)

        course = self.course(bid)
        if course == "durch":
            return scored([0] * rules.players, float(rules.durch_value))
        if course == "give up":
            return scored(self.give_up, -float(bid))
        outcome = self.outcome
        p = make_chance(outcome.total, bid, sigma) if outcome.won else 0.0
        made = scored(outcome.others, float(max(outcome.total, bid)))
        failed = scored(outcome.others, -2.0 * bid)
        return p * made + (1.0 - p) * failed

    def chance(self, bid: int, sigma: float) -> float:
        """The chance that the declarer makes ``bid`` in this world (giving up counts as not
        making it; a Durch that cannot fail as making it)."""
        course = self.course(bid)
        if course == "durch":
            return 1.0
        if course == "give up":
            return 0.0
        return make_chance(self.outcome.total, bid, sigma) if self.outcome.won else 0.0


def declared(view: View, world: World, declarer: int, play_out: PlayOut) -> Declared:
    """``world`` declared by ``declarer`` (see :class:`Declared`)."""
    rules = view.rules
    full = world.hands[declarer] + world.dabb
    leads = leads_first(rules, forehand=declarer == view.active[0])
    option = max((best_option(full, s, rules, leads=leads) for s in range(4)),
                 key=lambda o: o.value)
    hands = list(world.hands)
    hands[declarer] = option.kept
    leader = declarer if rules.first_lead is FirstLead.DECLARER else view.active[0]
    outcome = play_out(rules, view.active, declarer, hands, option.trump, leader,
                       option.discard_points)
    hands[declarer] = full
    give_up = max((give_up_scores(rules, view.active, declarer, hands, suit, 0)
                   for suit in range(4)),
                  key=lambda scores: relative(rules, view.active, declarer, scores))
    durch = rules.durch_allowed and durch_discard(full, rules) is not None
    return Declared(rules, view.active, declarer, outcome, option.value, give_up, durch)


@dataclass(slots=True)
class Pool:
    """Worlds sampled once a hand for the auction, each with every seat's estimated limit;
    each world declared by a seat is worked out when a draw first needs it."""

    worlds: list[World]
    limits: list[list[float]]
    play_out: PlayOut
    games: dict[tuple[int, int], Declared]

    def game(self, view: View, i: int, declarer: int) -> Declared:
        found = self.games.get((i, declarer))
        if found is None:
            found = self.games[(i, declarer)] = declared(view, self.worlds[i], declarer,
                                                          self.play_out)
        return found


def seat_limits(world: World, view: View, model: BidderModel) -> list[float]:
    """Every other active seat's estimated limit in ``world`` (0 for the seat itself and seats
    not in the hand); the hands are as dealt (no card played yet)."""
    rules = view.rules
    out = [0.0] * rules.players
    for seat in view.active:
        if seat != view.seat:
            leads = leads_first(rules, forehand=seat == view.active[0])
            out[seat] = model.limit(strength(world.hands[seat], rules, leads=leads))
    return out


def weighted_worlds(view: View, sampler: WorldSampler, rng: random.Random, count: int,
                    pool: int, others: float = 0.0) -> list[World]:
    """``count`` worlds drawn from ``count * pool`` sampled ones in proportion to how likely
    the other seats' bids and passes are with their hands (``pool`` 1: as sampled);
    ``others``: the confidence floor the other seats' bidding is modelled with."""
    worlds = [sampler.sample(rng) for _ in range(count * pool)]
    if pool <= 1:
        return worlds
    model = bidder_model(view.rules, others)
    weights = [auction_weight(view.bids, view.seat, view.rules,
                              seat_limits(w, view, model), model.spread) for w in worlds]
    return [worlds[i] for i in resample(weights, count, rng)]


def auction_pool(pools: dict[tuple[object, ...], Pool], view: View, count: int,
                 play_out: PlayOut, others: float = 0.0) -> Pool:
    """The hand's pool of ``count`` auction worlds (sampled once a hand, kept in ``pools``);
    ``others``: the confidence floor the other seats' limits are modelled with."""
    key = (view.rules, view.hand_no, view.dealer, view.seat, view.hand, view.scores, others)
    found = pools.get(key)
    if found is None:
        if len(pools) > 16:
            pools.clear()
        rules = view.rules
        hand = packed_of(view.hand)
        sampler = WorldSampler(view)
        local = random.Random(f"expert-auction/{rules.name}/{hand}/{view.seat}/{view.active}")
        worlds = [sampler.sample(local) for _ in range(count)]
        model = bidder_model(rules, others)
        found = pools[key] = Pool(worlds, [seat_limits(w, view, model) for w in worlds],
                                  play_out, {})
    return found


def _draw(pool: Pool, view: View, count: int, spread: float, weighting: bool) -> list[int]:
    if not weighting:
        return list(range(min(count, len(pool.worlds))))
    weights = [auction_weight(view.bids, view.seat, view.rules, limits, spread)
               for limits in pool.limits]
    rng = random.Random(f"expert-draw/{view.bids}/{view.seat}")
    return resample(weights, count, rng)


def pass_value(pool: Pool, i: int, view: View, sigma: float) -> float:
    """What passing brings the expert's seat (its side) against the others in world ``i``:
    the seat that wins the auction then declares (:func:`auction_winner`)."""
    declarer, price = auction_winner(view.bids, view.active, view.seat, view.rules,
                                     pool.limits[i])
    return pool.game(view, i, declarer).value(view.seat, price, sigma)


def bid_candidates(pools: dict[tuple[object, ...], Pool], view: View, *, samples: int,
                   pool: int, sigma: float, play_out: PlayOut,
                   confidence: float = 0.0, also: Sequence[A.Bid] = (),
                   others: float = 0.0, bias: float = 0.0) -> list[Valued]:
    """Version 2's bid or pass: on ``samples`` worlds drawn by the auction's likelihood from
    ``samples * pool``, passing is valued by the defence (:func:`pass_value`) and each of the
    next bids by declaring at it; ``sigma``: the spread of a played-out total.

    ``confidence``: a bid whose chance of being made over those worlds (:meth:`Declared.
    chance`) is below it is valued just under passing, so the bid stops there (decision
    ``search-08``): a bid that only a lucky Dabb makes is not worth its expected score.
    ``also``: legal bids beyond the three lowest to value on the same worlds (for reviews);
    ``others``: the confidence floor the other seats' bidding is modelled with
    (:func:`bidder_model`); ``bias``: points added to each bid's gain over passing (the
    calibration's measured pessimism of declaring against passing, decision ``search-14``)."""
    bids = [a for a in view.legal_actions if isinstance(a, A.Bid)]
    if not bids:
        return [(A.PASS, 0.0, 0)]
    found = auction_pool(pools, view, samples * pool, play_out, others)
    model = bidder_model(view.rules, others)
    chosen = _draw(found, view, samples, model.spread, pool > 1)
    n = len(chosen)
    passes = [pass_value(found, i, view, sigma) for i in chosen]
    passing = sum(passes) / n
    out: list[Valued] = [(A.PASS, passing, n)]
    # Raising a partner only costs the team the raise unless the expert's own game is
    # clearly better: over a partner, a bid must beat passing by two standard errors of the
    # difference (the same worlds on both sides).
    holder = next((s for s, v in reversed(view.bids) if v), view.active[0])
    partner = holder != view.seat and holder in side_of(view.rules, view.seat)
    valued = sorted(bids, key=lambda a: a.value)[:3]
    valued += [b for b in also if b in bids and b not in valued]
    for action in valued:
        gains = [found.game(view, i, view.seat).value(view.seat, action.value, sigma) - p
                 for i, p in zip(chosen, passes, strict=True)]
        gain = sum(gains) / n + bias
        if partner and n > 1:
            spread = math.sqrt(sum((g - gain) ** 2 for g in gains) / (n - 1))
            gain -= _PARTNER_MARGIN * spread / math.sqrt(n)
        value = passing + gain
        if confidence > 0.0:
            chance = _chance(found, view, chosen, action.value, sigma)
            if chance < confidence:
                value = min(value, passing - (confidence - chance))
        out.append((action, value, n))
    return out


def _chance(found: Pool, view: View, chosen: Sequence[int], bid: int, sigma: float) -> float:
    return sum(found.game(view, i, view.seat).chance(bid, sigma) for i in chosen) / len(chosen)


def forecast(pools: dict[tuple[object, ...], Pool], view: View, bid: int, *, samples: int,
             pool: int, sigma: float, play_out: PlayOut,
             others: float = 0.0) -> tuple[float, float]:
    """What version 2 expects of declaring at ``bid`` from this auction view, on the same
    worlds :func:`bid_candidates` draws: the chance of making it and the seat's score against
    the others' mean (for calibration: ``binokel/tools/expert_calibration.py``)."""
    found = auction_pool(pools, view, samples * pool, play_out, others)
    chosen = _draw(found, view, samples, bidder_model(view.rules, others).spread, pool > 1)
    value = sum(found.game(view, i, view.seat).value(view.seat, bid, sigma)
                for i in chosen) / len(chosen)
    return _chance(found, view, chosen, bid, sigma), value


__all__ = [
    "BidderModel",
    "Declared",
    "PlayOut",
    "PlayedOut",
    "Pool",
    "Valued",
    "auction_pool",
    "auction_weight",
    "auction_winner",
    "bid_candidates",
    "bid_ranges",
    "bidder_model",
    "declared",
    "forecast",
    "heuristic_limit",
    "pass_value",
    "seat_limits",
    "strength",
    "weighted_worlds",
]
