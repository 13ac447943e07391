"""The expert's declaring: the candidate plans after taking the Dabb (for each trump a few
discards that keep the best melds, a Durch discard, giving up in each suit), played out on the
same sampled deals of the opponents' hands (docs/expert.md).

:func:`declaring_cards` is what a declaring decision starts from, for the expert's own plans and
for the reviews' (:mod:`.review`); :func:`play_out` plays a trump game out greedily with
all cards open, also for the auction (:mod:`.auction`, :mod:`.bidding`).
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...cards import CARD_POINTS, ONE, RANK_SLOTS, SUIT_MASK, Suit, points_of
from ...games.binokel import actions as A
from ...games.binokel.game import Phase
from ...games.binokel.melds import find_melds_packed, meld_total
from ...games.binokel.playout import Position
from ...games.binokel.rules import FirstLead, Rules
from ...games.binokel.scoring import Contract, side_of
from ...games.binokel.tricks import NO_TRUMP
from ...games.binokel.views import View
from ...search.evaluate import give_up_scores, packed_of, relative
from ...search.knowledge import kinds_list, meld_cards, minus, size
from ...search.rollout import hand_scores, make_table, rollout
from ...search.sampling import World, WorldSampler
from ...search.solver import solve_durch
from ..heuristic.evaluate import best_option, durch_discard, leads_first, make_chance
from .auction import Valued, weighted_worlds
from .budget import Budget, Clock
from .exact import exact_points


@dataclass(frozen=True, slots=True)
class Plan:
    """The declarer's decision after taking the Dabb, and what the search expects of it."""

    action: str
    """``trump``, ``durch``, ``open`` or ``giveup``."""
    suit: int
    discard: int
    value: float


@dataclass(frozen=True, slots=True)
class DeclaringCards:
    """What a declaring decision (the discard, trump, giving up) starts from."""

    laid: int
    """The cards laid away so far (packed)."""
    full: int
    """The hand with the Dabb, before anything is laid away (packed)."""
    suits: list[int]
    """The trumps still open: the one named, none in a Durch, else all four."""
    leads: bool
    """Whether the declaring seat leads the first trick (for the trick model)."""
    leader: int
    """The seat that leads the first trick."""


def declaring_cards(view: View) -> DeclaringCards:
    """The declarer's cards and open choices in a discard or trump view.

    >>> from binokel import new_game
    >>> from binokel.games.binokel import actions as A
    >>> state = new_game(seed=2)
    >>> while state.phase.name == "AUCTION":
    ...     state = state.apply(A.PASS if A.PASS in state.legal_actions()
    ...                         else state.legal_actions()[0])
    >>> state = state.apply(A.TAKE_DABB) if A.TAKE_DABB in state.legal_actions() else state
    >>> cards = declaring_cards(state.view(state.to_move))
    >>> cards.laid, len(cards.suits), bin(cards.full).count("1") > 0
    (0, 4, True)
    """
    rules = view.rules
    me = view.seat
    laid = packed_of(view.discard) if view.discard else 0
    if view.contract is Contract.TRUMP:
        suits = [int(view.trump) if view.trump is not None else NO_TRUMP]
    elif view.contract is not None and view.contract.is_durch:
        suits = []
    else:
        suits = list(range(4))
    leader = me if rules.first_lead is FirstLead.DECLARER else view.active[0]
    return DeclaringCards(laid, packed_of(view.hand) + laid, suits,
                          leads_first(rules, forehand=me == view.active[0]), leader)


def declaring_worlds(budget: Budget, view: View, sampler: WorldSampler,
                     local: random.Random) -> list[World]:
    """Version 2's worlds for declaring: the opponents' hands as their bids and passes make them
    likely (empty in version 1, which samples them one by one as it goes)."""
    if budget.v < 2 or budget.pool <= 1:
        return []
    return weighted_worlds(view, sampler, local, budget.plan_samples, budget.pool,
                           budget.oconf)


def make_plan(budget: Budget, view: View) -> tuple[Plan, list[Valued]]:
    """The declarer's best plan after taking the Dabb (a contract, a discard, giving up), and
    every first action of the plans with its value (:func:`scored_plans`)."""
    scored, n = scored_plans(budget, view)
    values: dict[A.Action, tuple[float, int]] = {}
    for plan in scored:
        action = first_action(view, plan)
        if action not in values or values[action][0] < plan.value:
            values[action] = (plan.value, n)
    return (max(scored, key=lambda p: p.value),
            [(a, v, k) for a, (v, k) in values.items()])


def scored_plans(budget: Budget, view: View) -> tuple[list[Plan], int]:
    """Every candidate plan after taking the Dabb with its value, giving up last where it is
    open, and the worlds behind them: each plan is played out on the same sampled deals of
    the opponents' hands (:func:`declaring_worlds`), a Durch by the Durch solver."""
    rules = view.rules
    me = view.seat
    cards = declaring_cards(view)
    laid, full, leads, leader = cards.laid, cards.full, cards.leads, cards.leader
    discards = rules.dabb_size
    plans: list[Plan] = []
    suits = cards.suits
    # The model's two best trumps get three discards each, the others their best one:
    # fewer candidates, less luck in picking the best of many noisy estimates.
    ranked = sorted(suits, key=lambda t: -model_value(full, laid, t, rules, discards, leads))
    for i, suit in enumerate(ranked):
        options = discard_candidates(full, laid, suit, rules, discards, leads)
        for option in options if i < 2 else options[:1]:
            plans.append(Plan("trump", suit, option, 0.0))
    durch_ok = view.contract is None or view.contract.is_durch
    if durch_ok and (rules.durch_allowed or rules.open_durch):
        discard: int | None = durch_candidate(full, laid, rules, discards)
        if discard is None and view.contract is not None:
            discard = lowest(full, laid, discards)
        if discard is not None:
            if view.contract is not None and view.contract.is_durch:
                plans.append(Plan("durch", NO_TRUMP, discard, 0.0))
            else:
                if rules.durch_allowed:
                    plans.append(Plan("durch", NO_TRUMP, discard, 0.0))
                if rules.open_durch:
                    plans.append(Plan("open", NO_TRUMP, discard, 0.0))
    can_give_up = view.contract is None or any(isinstance(a, A.GiveUp)
                                               for a in view.legal_actions)
    sampler = WorldSampler(view)
    local = random.Random(f"expert-plan/{rules.name}/{full}/{laid}/{view.bid}/{me}")
    clock = Clock(budget, budget.plan_samples)
    playing = play_out_with(budget.pexact)
    # ``prank``: the exact values only rank the plans; giving up is judged by the greedy ones.
    judging = budget.prank > 0 and budget.pexact > 0
    totals = [0.0] * len(plans)
    greedy_totals = [0.0] * len(plans)
    give_up = [0.0] * 4
    # Per world, each plan's value and giving up's best (for ``budget.gmargin``).
    per_world: list[list[float]] = [[] for _ in plans]
    given: list[float] = []
    drawn = declaring_worlds(budget, view, sampler, local)
    n = 0
    while clock.more(n):
        world = drawn[n] if drawn else sampler.sample(local)
        n += 1
        hands = list(world.hands)
        for i, plan in enumerate(plans):
            hands[me] = full - plan.discard
            points = points_of(plan.discard)
            if plan.action == "trump":
                outcome = playing(rules, view.active, me, hands, plan.suit, leader, points)
                value = outcome.value_at(view.bid)
                if judging:
                    greedy_totals[i] += play_out(rules, view.active, me, hands, plan.suit,
                                                 leader, points).value_at(view.bid)
                else:
                    greedy_totals[i] += value
            else:
                position = fresh_position(rules, view.active, hands, me, NO_TRUMP)
                made = solve_durch(position, side_of(rules, me))
                value = rules.durch_value if plan.action == "durch" else \
                    rules.open_durch_value
                value = value if made else -value
                greedy_totals[i] += value
            totals[i] += value
            per_world[i].append(value)
        if can_give_up:
            hands[me] = full
            by_suit = [give_up_value(rules, view.active, me, hands, suit, view.bid)
                       for suit in range(4)]
            for suit in range(4):
                give_up[suit] += by_suit[suit]
            given.append(max(by_suit))
    scored = [dataclasses.replace(p, value=t / n) for p, t in zip(plans, totals, strict=True)]
    if can_give_up:
        suit = max(range(4), key=lambda s: give_up[s])
        giving = Plan("giveup", suit, 0, give_up[suit] / n)
        if budget.gmargin > 0.0 and plans:
            best = max(range(len(plans)), key=lambda i: scored[i].value)
            if not _clearly_better(per_world[best], given, budget.gmargin):
                # Playing is not clearly worth more than giving up: the best of many noisy
                # plans looks better than it is (decision search-14).
                giving = dataclasses.replace(giving, value=scored[best].value + 1e-6)
        if judging and plans:
            best = max(range(len(plans)), key=lambda i: scored[i].value)
            if giving.value >= greedy_totals[best] / n:
                giving = dataclasses.replace(giving, value=scored[best].value + 1e-6)
            else:
                giving = dataclasses.replace(giving, value=min(giving.value,
                                                               scored[best].value - 1e-6))
        scored.append(giving)
    return scored, n


def _clearly_better(values: Sequence[float], others: Sequence[float], margin: float) -> bool:
    """Whether ``values`` beat ``others`` (the same worlds) by more than ``margin`` standard
    errors of the mean paired difference."""
    gains = [a - b for a, b in zip(values, others, strict=True)]
    n = len(gains)
    mean = sum(gains) / n
    if n < 2:
        return mean > 0.0
    spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1))
    return mean - margin * spread / math.sqrt(n) > 0.0


def plan_key(view: View) -> tuple[object, ...]:
    laid = packed_of(view.discard) if view.discard else 0
    return (view.rules, view.hand_no, view.seat, packed_of(view.hand) + laid, view.bid,
            view.contract, view.trump, view.scores)


def first_action(view: View, plan: Plan) -> A.Action:
    """The action a plan takes now (the next discard, or the contract)."""
    legal = view.legal_actions
    if plan.action == "giveup":
        return A.GIVE_UP[plan.suit]
    if view.phase is Phase.DISCARD:
        laid = packed_of(view.discard) if view.discard else 0
        for kind in kinds_list(minus(plan.discard, laid)):
            if A.DISCARD[kind] in legal:
                return A.DISCARD[kind]
        return next(a for a in legal if isinstance(a, A.Discard))
    if plan.action == "open":
        return A.OPEN_DURCH
    if plan.action == "durch":
        return A.DURCH
    return A.NAME_TRUMP[plan.suit]


def plan_action(view: View, plan: Plan) -> A.Action:
    action = first_action(view, plan)
    if action in view.legal_actions:
        return action
    return view.legal_actions[0]


def discard_candidates(full: int, laid: int, trump: int, rules: Rules, n: int,
                        leads: bool) -> list[int]:
    """A few discards for a trump suit: the model's best, and two simple alternatives."""
    rest = n - size(laid)
    if rest <= 0:
        return [laid]
    hand = full - laid
    out = []
    best = best_option(hand, trump, rules, leads=leads, discards=rest)
    out.append(best.discard + laid)
    keep = meld_cards(find_melds_packed(hand, Suit(trump), rules))
    free = minus(hand, keep)
    side = free & ~SUIT_MASK[trump]
    pool = side if size(side) >= rest else free
    if size(pool) >= rest:
        kinds = kinds_list(pool)
        # Points to the discard: Tens and Kings that are not backed by the Ace.
        risky = sorted(kinds, key=lambda k: (-(_unguarded(hand, k) * CARD_POINTS[k % 8]), k))
        out.append(sum(ONE[k] for k in risky[:rest]) + laid)
        # Voids: the shortest side suits first, low cards first.
        lengths = {s: size(hand & SUIT_MASK[s]) for s in range(4)}
        short = sorted(kinds, key=lambda k: (lengths[k // RANK_SLOTS], k % RANK_SLOTS))
        out.append(sum(ONE[k] for k in short[:rest]) + laid)
    unique: list[int] = []
    for d in out:
        if d not in unique:
            unique.append(d)
    return unique


def model_value(full: int, laid: int, trump: int, rules: Rules, n: int, leads: bool) -> float:
    """The heuristic model's value of the best discard for a trump (melds + tricks + discard)."""
    rest = n - size(laid)
    if rest <= 0:
        return 0.0
    return best_option(full - laid, trump, rules, leads=leads, discards=rest).value


def _unguarded(hand: int, kind: int) -> int:
    """1 if a card below the Ace of a suit whose Aces this hand lacks, else 0."""
    ace = (kind // RANK_SLOTS) * RANK_SLOTS + 7
    return 1 if kind % RANK_SLOTS != 7 and not (hand >> (2 * ace)) & 3 else 0


def durch_candidate(full: int, laid: int, rules: Rules, n: int) -> int | None:
    """The Durch discard: the sure one if there is one, else the lowest cards, for a hand close
    enough (at most two cards below an unseen higher card beyond what can be laid away)."""
    safe = durch_discard(full - laid, rules, discards=n - size(laid))
    if safe is not None:
        return safe + laid
    out = minus(_full(rules), full)
    losers = 0
    for suit in range(4):
        out_suit = out & SUIT_MASK[suit]
        if not out_suit:
            continue
        top = max(kinds_list(out_suit))
        losers += sum(1 for k in kinds_list(full & SUIT_MASK[suit]) if k < top)
    if losers > n + 2:
        return None
    return lowest(full, laid, n)


def lowest(full: int, laid: int, n: int) -> int:
    rest = sorted(kinds_list(full - laid), key=lambda k: (k % RANK_SLOTS, k))
    return sum(ONE[k] for k in rest[: n - size(laid)]) + laid


def _full(rules: Rules) -> int:
    from ...search.knowledge import full_pack

    return full_pack(rules)


def fresh_position(rules: Rules, active: tuple[int, ...], hands: Sequence[int], leader: int,
                    trump: int) -> Position:
    zeros = (0,) * rules.players
    return Position(rules, tuple(hands), active, leader, (), trump, zeros, zeros)


@dataclass(frozen=True, slots=True)
class Outcome:
    """A trump game played out: the declarer's total and the others' scores."""

    rules: Rules
    active: tuple[int, ...]
    declarer: int
    total: int
    """Declarer's side: tricks + discard + melds (melds only if it won a trick)."""
    won: bool
    others: tuple[int, ...]
    """Every seat's score except the declaring side's (which depends on the bid)."""

    def score_at(self, bid: int) -> int:
        return self.total if self.won and self.total >= bid else -2 * bid

    def value_at(self, bid: int) -> float:
        """The declarer's score against the others' mean."""
        scores = list(self.others)
        for seat in side_of(self.rules, self.declarer):
            scores[seat] = self.score_at(bid)
        return relative(self.rules, self.active, self.declarer, scores)

    def value_smooth(self, bid: int, sigma: float) -> float:
        """As :meth:`value_at`, allowing for the spread of the total around this estimate."""
        others = [self.others[s] for s in self.active
                  if s not in side_of(self.rules, self.declarer)]
        mean = sum(others) / len(others) if others else 0.0
        if not self.won:
            return -2.0 * bid - mean
        p = make_chance(self.total, bid, sigma) if sigma > 0 else float(self.total >= bid)
        return p * max(self.total, bid) - (1.0 - p) * 2 * bid - mean


def play_out(rules: Rules, active: tuple[int, ...], me: int, hands: list[int], trump: int,
              leader: int, discard_points: int, exact: int = 0) -> Outcome:
    """A trump game played out greedily with all cards open; with ``exact`` above 0, greedily
    until that many tricks are left and the rest solved exactly (:mod:`.exact`)."""
    melds = tuple(meld_total(find_melds_packed(h, Suit(trump), rules)) if h else 0
                  for h in hands)
    table = make_table(rules, trump=trump, active=active, declarer=me, contract=Contract.TRUMP,
                       bid=0, melds=melds)
    if exact > 0:
        points, won = exact_points(table, hands, leader, exact)
    else:
        points = [0] * rules.players
        won = [0] * rules.players
        rollout(table, list(hands), leader, [], points, won)
    scores = hand_scores(table, points, won, discard_points)
    side = side_of(rules, me)
    total = sum(points[s] for s in side) + discard_points
    total += sum(melds[s] for s in side if won[s])
    if rules.round_trick_points:
        total = (sum(points[s] for s in side) + discard_points + 5) // 10 * 10 + sum(
            melds[s] for s in side if won[s])
    return Outcome(rules, active, me, total, sum(won[s] for s in side) > 0, scores)


PlayOutcome = Callable[[Rules, tuple[int, ...], int, list[int], int, int, int], Outcome]
"""A :data:`.auction.PlayOut` that gives an :class:`Outcome`."""


def play_out_with(exact: int) -> PlayOutcome:
    """:func:`play_out` solving exactly from ``exact`` tricks left (0: :func:`play_out`)."""
    if exact <= 0:
        return play_out

    def played(rules: Rules, active: tuple[int, ...], me: int, hands: list[int], trump: int,
               leader: int, discard_points: int) -> Outcome:
        return play_out(rules, active, me, hands, trump, leader, discard_points, exact)

    return played


def give_up_value(rules: Rules, active: tuple[int, ...], me: int, hands: list[int], suit: int,
                   bid: int) -> float:
    return relative(rules, active, me, give_up_scores(rules, active, me, hands, suit, bid))



__all__ = [
    "DeclaringCards",
    "Outcome",
    "Plan",
    "PlayOutcome",
    "Valued",
    "declaring_cards",
    "declaring_worlds",
    "discard_candidates",
    "durch_candidate",
    "first_action",
    "fresh_position",
    "give_up_value",
    "lowest",
    "make_plan",
    "model_value",
    "plan_action",
    "plan_key",
    "play_out",
    "play_out_with",
    "scored_plans",
]
