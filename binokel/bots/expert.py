"""The expert player: search over the deals a seat could be facing (docs/expert.md).

Every decision samples worlds — full deals of the cards the seat cannot see, consistent with its
view (:class:`~binokel.search.sampling.WorldSampler`) — and picks the action with the best mean
result over them, counted in game points (:func:`binokel.games.binokel.scoring.score_hand`) as the
seat's score
against the others' mean, which is what a duplicate arena measures.

* **Card play**: with few tricks left each world is solved exactly with all cards open
  (:mod:`binokel.search.solver`); earlier, each candidate card is followed by a greedy open-card
  rollout (:mod:`binokel.bots.rollout`).  In a Durch the solver answers "can the declaring side
  still take every trick?".
* **Discard, trump, Durch, giving up**: candidate plans (for each trump, a few discards that
  keep the best melds; a Durch discard; giving up in each suit) are played out on the same
  sampled deals of the opponents' hands; Durch by the Durch solver.
* **Binocle**: sampled deals and playouts while the stock lasts, exact alpha-beta once it is
  gone and few tricks are left (:mod:`binokel.search.binocle`).
* **Bidding**: sampled Dabbs and hands; for each, the best-looking plan is played out; the
  expected score at the next bid (per world the better of playing — with the spread of the
  estimate — and giving up) must stay above ``tau``.

Budget: ``expert:samples=N`` (worlds per card decision; the other decisions scale from it),
``expert:time=SECONDS`` (stop sampling when the time is spent, keeping at least a few worlds),
``expert:exact=K`` (solve exactly from K tricks left), ``expert:tau=T``, ``expert:conf=P``
(version 2: bid only what the auction's worlds make at least that often; decision
``search-08``).

>>> import random
>>> from binokel import new_game
>>> state = new_game(seed=2)
>>> bot = ExpertBot("expert:samples=4")
>>> view = state.view(state.to_move)
>>> bot.choose(view, random.Random(0)) in view.legal_actions
True
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, cast

from ..cards import CARD_POINTS, ONE, RANK_SLOTS, SUIT_MASK, Suit, points_of
from ..games.binokel import actions as A
from ..games.binokel.game import Phase
from ..games.binokel.melds import find_melds_packed, meld_total
from ..games.binokel.playout import Position
from ..games.binokel.rules import FirstLead, Rules
from ..games.binokel.scoring import Contract, side_of
from ..games.binokel.tricks import NO_TRUMP
from ..games.binokel.views import View
from ..search import native
from ..search.evaluate import (
    after,
    give_up_scores,
    packed_of,
    points_left,
    position_of,
    relative,
    scores_from_side_points,
)
from ..search.sampling import World, WorldSampler
from ..search.solver import SolverStats, best_cards, best_cards_many, solve_durch
from .base import ActionT, BaseBot, TableView, play_for_game
from .evaluate import best_option, durch_discard, leads_first, make_chance
from .expert_binocle import PreviousViews, binocle_candidates
from .knowledge import kinds_list, knowledge_of, meld_cards, minus, size
from .names import parse_bot_name
from .play import ev_values
from .rollout import hand_scores, make_table, rollout, rollouts

# --- budget ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Budget:
    """How much the expert searches; every field can be set in the bot's name."""

    samples: int = 16
    """Sampled worlds per card decision (Binocle: half as many, each played out for every
    candidate)."""
    plan: int = 64
    """Sampled worlds for bidding and declaring (0: twice ``samples``); cheap, once a hand."""
    time: float = 0.0
    """Seconds per decision (0: no limit); sampling stops when spent, after ``min_samples``."""
    min_samples: int = 4
    exact: int = 6
    """Tricks left from which card play is solved exactly in each world."""
    tau: float = -30.0
    """Expected score (against the others' mean) a bid must keep: what passing is worth."""
    sigma: float = 10.0
    """Spread of a played-out hand's result around what it really brings, for bidding."""
    greedy: int = 1
    """Binocle: play the sampled deals out with the rule-based player (1) or at random (0)."""
    v: int = 2
    """Version: 1 is the first expert (bids against ``tau``, reads nothing from the bids);
    2 values passing by the defence and reads the auction (:mod:`.expert_auction`)."""
    pool: int = 4
    """Version 2: worlds sampled per world valued, for weighting by the auction (1: none)."""
    conf: float = 0.6
    """Version 2: the least chance of making a bid, over the auction's worlds, at which the
    expert still bids it (0: no floor; decision ``search-08``: 0.6 keeps the edge over the hard
    heuristic and halves the contracts missed or given up)."""

    anchor: float = 1.5
    """Binocle: keep the rule-based player's move while the stock lasts unless another gains
    on it by more than this many standard errors over the played-out deals (0: the best mean;
    decision ``search-12``)."""

    @property
    def plan_samples(self) -> int:
        return self.plan or 2 * self.samples


def budget_from(options: dict[str, str]) -> Budget:
    """A budget with fields set from text (``{"samples": "8"}``); unknown keys are refused."""
    types = {f.name: f.type for f in dataclasses.fields(Budget)}
    changes: dict[str, Any] = {}
    for key, text in options.items():
        if key not in types:
            raise ValueError(f"unknown expert option {key!r}; options: {', '.join(types)}")
        try:
            value: float = int(text) if types[key] in ("int", int) else float(text)
        except ValueError:
            raise ValueError(f"expert option {key}={text!r}: not a {types[key]}") from None
        if not math.isfinite(value):
            raise ValueError(f"expert option {key}={text!r} must be a finite number")
        if value < 0 and key != "tau":
            raise ValueError(f"expert option {key}={text!r} must not be negative")
        changes[key] = value
    budget = dataclasses.replace(Budget(), **changes)
    if budget.samples < 1:
        raise ValueError("expert option samples must be at least 1")
    if budget.v not in (1, 2):
        raise ValueError(f"expert option v={budget.v}: versions are 1 and 2")
    if budget.pool < 1:
        raise ValueError("expert option pool must be at least 1")
    if budget.conf > 1.0:
        raise ValueError(f"expert option conf={budget.conf}: a chance, at most 1")
    return budget


class _Clock:
    """Counts samples against the budget: ``more(i)`` says whether to draw sample ``i``."""

    def __init__(self, budget: Budget, samples: int) -> None:
        self.samples = samples
        self.minimum = min(samples, budget.min_samples)
        self.deadline = time.perf_counter() + budget.time if budget.time else 0.0

    def more(self, i: int) -> bool:
        if i >= self.samples:
            return False
        if self.deadline and i >= self.minimum:
            return time.perf_counter() < self.deadline
        return True


# --- the bot -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Plan:
    """The declarer's decision after taking the Dabb, and what the search expects of it."""

    action: str
    """``trump``, ``durch``, ``open`` or ``giveup``."""
    suit: int
    discard: int
    value: float


@dataclass(frozen=True, slots=True)
class Candidate:
    """One action and its expected value (score against the others' mean) over the worlds."""

    action: A.Action
    value: float
    worlds: int


class ExpertBot(BaseBot):
    """The expert player; see the module docstring."""

    _PLAYS: ClassVar[dict[str, Callable[..., Any]]]

    def __init__(self, name: str = "expert", *, options: dict[str, str] | None = None) -> None:
        super().__init__(name)
        if options is None and ":" in name:
            options = parse_bot_name(name)[1]
        self.budget = budget_from(options or {})
        self._plans: dict[tuple[object, ...], Plan] = {}
        self._bidding: dict[tuple[object, ...], list[_BidWorld]] = {}
        self._plan_values: dict[tuple[object, ...], list[tuple[A.Action, float, int]]] = {}
        self._pools: dict[tuple[object, ...], Any] = {}
        """Version 2's auction worlds, per hand (:class:`.expert_auction.Pool`)."""
        self._last: tuple[object, list[tuple[Any, float, int]]] | None = None
        self._binocle = PreviousViews()
        """Binocle: the views before, for the opponent's melds (:mod:`.expert_binocle`)."""

    def last_values(self, view: object) -> list[tuple[Any, float, int]] | None:
        """For hints: each candidate of the last decision with its expected value and the
        sampled deals behind it, best first (Binocle: the move played first, decision
        ``search-12``) — if that decision was for ``view`` and had a
        choice (nothing is searched again)."""
        if self._last is None or self._last[0] is not view:
            return None
        return list(self._last[1])

    def choose(self, view: TableView[ActionT], rng: random.Random) -> ActionT:
        decide = play_for_game(self._PLAYS, view, "expert")
        return cast(ActionT, decide(self, view, rng))

    def _choose_binocle(self, view: Any, rng: random.Random) -> Any:
        found = self.binocle_candidates(view, rng)
        self._last = (view, found) if len(view.legal_actions) > 1 else None
        return found[0][0]

    def binocle_candidates(self, view: Any, rng: random.Random) -> list[tuple[Any, float, int]]:
        """Binocle: every candidate action with its value, best first
        (:func:`.expert_binocle.binocle_candidates`)."""
        return binocle_candidates(self.budget, self._binocle, view, rng)

    def _choose(self, view: View, rng: random.Random) -> A.Action:
        legal = view.legal_actions
        self._last = None
        if len(legal) == 1:
            return legal[0]
        found = sorted(self.candidates(view, rng), key=lambda c: -c.value)
        self._last = (view, [(c.action, c.value, c.worlds) for c in found])
        return found[0].action

    def candidates(self, view: View, rng: random.Random) -> list[Candidate]:
        """Every legal action the expert considers, with its expected value (for hints)."""
        phase = view.phase
        legal = view.legal_actions
        if phase is Phase.PLAY:
            return self._play(view, rng)
        if phase is Phase.AUCTION:
            return self._bid(view, rng)
        if phase is Phase.DABB:
            return self._dabb(view, rng)
        plan = self._plan(view, rng)
        out = [Candidate(a, v, n) for a, v, n in self._plan_values.get(_plan_key(view), [])
               if a in legal]
        chosen = _plan_action(view, plan)
        if not any(c.action == chosen for c in out):
            out.append(Candidate(chosen, plan.value, 0))
        best = max(c.value for c in out)
        # The plan's action goes first whatever rounding says (a discard step has no own value).
        return [Candidate(c.action, best + 1e-6 if c.action == chosen else c.value, c.worlds)
                for c in out]

    # --- card play ---------------------------------------------------------------------------

    def _play(self, view: View, rng: random.Random) -> list[Candidate]:
        rules = view.rules
        me = view.seat
        kinds = [a.card.kind for a in view.legal_actions if isinstance(a, A.Play)]
        if len(kinds) == 1:
            return [Candidate(A.PLAY[kinds[0]], 0.0, 0)]
        declarer = view.declarer if view.declarer is not None else view.active[0]
        contract = view.contract or Contract.TRUMP
        side = side_of(rules, declarer)
        melds = tuple(meld_total(m) for m in view.melds)
        if len(melds) < rules.players:
            melds = (0,) * rules.players
        trump = NO_TRUMP if view.trump is None else int(view.trump)
        table = make_table(rules, trump=trump, active=view.active, declarer=declarer,
                           contract=contract, bid=view.bid, melds=melds)
        sampler = WorldSampler(view)
        totals = dict.fromkeys(kinds, 0.0)
        tricks_left = len(view.hand)
        exact = tricks_left <= self.budget.exact
        my_discard = packed_of(view.discard) if view.discard else -1
        trick0 = [c.kind for _, c in view.trick]
        clock = _Clock(self.budget, self.budget.samples)
        # Without a time limit the worlds are known in advance: the compiled core solves or
        # plays them out on every core at once (the same worlds, values and sums as one by one).
        worlds: list[World] = []
        solved: list[dict[int, int]] | None = None
        played: list[tuple[tuple[int, ...], tuple[int, ...]]] | None = None
        if native.CORE is not None and not self.budget.time and not contract.is_durch:
            worlds = [sampler.sample(rng) for _ in range(self.budget.samples)]
            if exact:
                solved = best_cards_many([position_of(view, w.hands) for w in worlds], side)
            else:
                played = rollouts(table, [(_minus_card(w.hands, me, k), view.leader,
                                           (*trick0, k), view.trick_points, view.tricks_won)
                                          for w in worlds for k in kinds])
        n = 0
        while clock.more(n):
            world = worlds[n] if worlds else sampler.sample(rng)
            n += 1
            discard_points = points_of(my_discard if my_discard >= 0 else world.discard)
            if contract.is_durch:
                self._durch_play(view, world, kinds, side, totals)
            elif exact:
                position = position_of(view, world.hands)
                values = (solved[n - 1] if solved is not None
                          else best_cards(position, side, SolverStats()))
                rest = points_left(position)
                for k in kinds:
                    if k not in values:  # the solver's duties are the engine's: never happens
                        raise AssertionError(f"solver lost card {k}")
                    scores = scores_from_side_points(
                        rules, active=view.active, declarer=declarer, bid=view.bid,
                        contract=contract, melds=melds, points=view.trick_points,
                        won=view.tricks_won, side_gain=values[k], rest=rest,
                        discard_points=discard_points)
                    totals[k] += relative(rules, view.active, me, scores)
            else:
                for j, k in enumerate(kinds):
                    if played is not None:
                        points, won = map(list, played[(n - 1) * len(kinds) + j])
                    else:
                        hands = list(world.hands)
                        hands[me] -= ONE[k]
                        points = list(view.trick_points)
                        won = list(view.tricks_won)
                        rollout(table, hands, view.leader, [*trick0, k], points, won)
                    scores = hand_scores(table, points, won, discard_points)
                    totals[k] += relative(rules, view.active, me, scores)
        # Near-equal values (common: a card often changes nothing in most worlds) go to the
        # card the heuristic's expected-value rule prefers, as the heuristic's search does.
        prior = ev_values(view, knowledge_of(view), table, kinds)
        return [Candidate(A.PLAY[k], totals[k] / n + 0.01 * prior[k]
                          - 1e-6 * CARD_POINTS[k % RANK_SLOTS], n) for k in kinds]

    def _durch_play(self, view: View, world: World, kinds: list[int], side: tuple[int, ...],
                    totals: dict[int, float]) -> None:
        rules = view.rules
        value = {Contract.DURCH: rules.durch_value, Contract.OPEN_DURCH: rules.open_durch_value,
                 Contract.OPEN_DURCH_NO_DABB: rules.open_durch_without_dabb_value}.get(
                     view.contract or Contract.DURCH, rules.durch_value)
        mine = view.seat in side
        position = position_of(view, world.hands)
        for k in kinds:
            nxt = after(position, k)
            if not nxt.trick and sum(nxt.tricks_won[s] for s in view.active
                                     if s not in side) > 0:
                made = False
            else:
                made = solve_durch(nxt, side)
            totals[k] += value if made == mine else -value

    # --- bidding -----------------------------------------------------------------------------

    def _bid(self, view: View, rng: random.Random,
             also: Sequence[A.Bid] = ()) -> list[Candidate]:
        """Pass and the three lowest bids (and ``also``'s, in version 2) with their values."""
        if self.budget.v >= 2:
            from .expert_auction import bid_candidates

            budget = self.budget
            return [Candidate(a, v, n) for a, v, n in bid_candidates(
                self._pools, view, samples=budget.plan_samples, pool=budget.pool,
                sigma=budget.sigma, play_out=_play_out, confidence=budget.conf, also=also)]
        bids = [a for a in view.legal_actions if isinstance(a, A.Bid)]
        if not bids:
            return [Candidate(A.PASS, 0.0, 0)]
        worlds = self._bid_worlds(view, rng)
        out = [Candidate(A.PASS, self.budget.tau, len(worlds))]
        for action in sorted(bids, key=lambda a: a.value)[:3]:
            value = sum(w.value_at(action.value, self.budget.sigma) for w in worlds)
            out.append(Candidate(action, value / len(worlds), len(worlds)))
        return out

    def _bid_worlds(self, view: View, rng: random.Random) -> list[_BidWorld]:
        """Sampled Dabbs and hands, each with the outcome of its best-looking plan (cached)."""
        key = (view.rules, view.hand_no, view.dealer, view.seat, view.hand, view.scores)
        found = self._bidding.get(key)
        if found is not None:
            return found
        if len(self._bidding) > 64:
            self._bidding.clear()
        rules = view.rules
        me = view.seat
        hand = packed_of(view.hand)
        sampler = WorldSampler(view)
        # The valuation is a function of the cards: the same in every seating of a duplicate deal.
        local = random.Random(f"expert-bid/{rules.name}/{hand}/{me}/{view.active}")
        clock = _Clock(self.budget, self.budget.plan_samples)
        worlds: list[_BidWorld] = []
        while clock.more(len(worlds)):
            worlds.append(bid_world(view, sampler.sample(local)))
        self._bidding[key] = worlds
        return worlds

    def _dabb(self, view: View, rng: random.Random) -> list[Candidate]:
        """Open Durch without the Dabb, or take the Dabb: the Durch solver on sampled worlds."""
        rules = view.rules
        side = side_of(rules, view.seat)
        sampler = WorldSampler(view)
        clock = _Clock(self.budget, self.budget.samples)
        n = made = 0
        while clock.more(n):
            world = sampler.sample(rng)
            n += 1
            position = _fresh_position(rules, view.active, world.hands, view.seat, NO_TRUMP)
            made += solve_durch(position, side)
        p = made / n
        value = rules.open_durch_without_dabb_value
        durch = Candidate(A.OPEN_DURCH, p * value - (1 - p) * value, n)
        worlds = self._bid_worlds(view, rng)
        take = sum(w.value_at(view.bid, self.budget.sigma) for w in worlds) / len(worlds)
        return [durch, Candidate(A.TAKE_DABB, take, len(worlds))]

    # --- declaring ---------------------------------------------------------------------------

    def _plan(self, view: View, rng: random.Random) -> Plan:
        key = _plan_key(view)
        found = self._plans.get(key)
        if found is None:
            if len(self._plans) > 64:
                self._plans.clear()
            found = self._plans[key] = self._make_plan(view, key)
        return found

    def _declaring_worlds(self, view: View, sampler: WorldSampler,
                          local: random.Random) -> list[World]:
        """Version 2's worlds for declaring: the opponents' hands as their bids and passes
        make them likely (empty in version 1, which samples them one by one as it goes)."""
        if self.budget.v < 2 or self.budget.pool <= 1:
            return []
        from .expert_auction import weighted_worlds

        return weighted_worlds(view, sampler, local, self.budget.plan_samples,
                               self.budget.pool)

    def _make_plan(self, view: View, key: tuple[object, ...]) -> Plan:
        rules = view.rules
        me = view.seat
        laid = packed_of(view.discard) if view.discard else 0
        full = packed_of(view.hand) + laid
        discards = rules.dabb_size
        leads = leads_first(rules, forehand=me == view.active[0])
        leader = me if rules.first_lead is FirstLead.DECLARER else view.active[0]
        plans: list[Plan] = []
        named = int(view.trump) if view.trump is not None else NO_TRUMP
        if view.contract is Contract.TRUMP:
            suits = [named]
        elif view.contract is not None and view.contract.is_durch:
            suits = []
        else:
            suits = list(range(4))
        # The model's two best trumps get three discards each, the others their best one:
        # fewer candidates, less luck in picking the best of many noisy estimates.
        ranked = sorted(suits, key=lambda t: -_model_value(full, laid, t, rules, discards, leads))
        for i, suit in enumerate(ranked):
            options = _discard_candidates(full, laid, suit, rules, discards, leads)
            for option in options if i < 2 else options[:1]:
                plans.append(Plan("trump", suit, option, 0.0))
        durch_ok = view.contract is None or view.contract.is_durch
        if durch_ok and (rules.durch_allowed or rules.open_durch):
            discard: int | None = _durch_candidate(full, laid, rules, discards)
            if discard is None and view.contract is not None:
                discard = _lowest(full, laid, discards)
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
        clock = _Clock(self.budget, self.budget.plan_samples)
        totals = [0.0] * len(plans)
        give_up = [0.0] * 4
        drawn = self._declaring_worlds(view, sampler, local)
        n = 0
        while clock.more(n):
            world = drawn[n] if drawn else sampler.sample(local)
            n += 1
            hands = list(world.hands)
            for i, plan in enumerate(plans):
                hands[me] = full - plan.discard
                points = points_of(plan.discard)
                if plan.action == "trump":
                    outcome = _play_out(rules, view.active, me, hands, plan.suit, leader, points)
                    totals[i] += outcome.value_at(view.bid)
                else:
                    position = _fresh_position(rules, view.active, hands, me, NO_TRUMP)
                    made = solve_durch(position, side_of(rules, me))
                    value = rules.durch_value if plan.action == "durch" else \
                        rules.open_durch_value
                    totals[i] += value if made else -value
            if can_give_up:
                hands[me] = full
                for suit in range(4):
                    give_up[suit] += _give_up_value(rules, view.active, me, hands, suit,
                                                    view.bid)
        scored = [dataclasses.replace(p, value=t / n) for p, t in zip(plans, totals, strict=True)]
        if can_give_up:
            suit = max(range(4), key=lambda s: give_up[s])
            scored.append(Plan("giveup", suit, 0, give_up[suit] / n))
        values: dict[A.Action, tuple[float, int]] = {}
        for plan in scored:
            action = _first_action(view, plan)
            if action not in values or values[action][0] < plan.value:
                values[action] = (plan.value, n)
        if len(self._plan_values) > 64:
            self._plan_values.clear()
        self._plan_values[key] = [(a, v, k) for a, (v, k) in values.items()]
        return max(scored, key=lambda p: p.value)


# --- plans and outcomes ------------------------------------------------------------------------


#: The expert's decision function for each game it plays, by game name.
ExpertBot._PLAYS = {
    "binokel": ExpertBot._choose,
    "binocle": ExpertBot._choose_binocle,
    "bezique": ExpertBot._choose_binocle,
}


def _plan_key(view: View) -> tuple[object, ...]:
    laid = packed_of(view.discard) if view.discard else 0
    return (view.rules, view.hand_no, view.seat, packed_of(view.hand) + laid, view.bid,
            view.contract, view.trump, view.scores)


def _first_action(view: View, plan: Plan) -> A.Action:
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


def _plan_action(view: View, plan: Plan) -> A.Action:
    action = _first_action(view, plan)
    if action in view.legal_actions:
        return action
    return view.legal_actions[0]


def _discard_candidates(full: int, laid: int, trump: int, rules: Rules, n: int,
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


def _model_value(full: int, laid: int, trump: int, rules: Rules, n: int, leads: bool) -> float:
    """The heuristic model's value of the best discard for a trump (melds + tricks + discard)."""
    rest = n - size(laid)
    if rest <= 0:
        return 0.0
    return best_option(full - laid, trump, rules, leads=leads, discards=rest).value


def _unguarded(hand: int, kind: int) -> int:
    """1 if a card below the Ace of a suit whose Aces this hand lacks, else 0."""
    ace = (kind // RANK_SLOTS) * RANK_SLOTS + 7
    return 1 if kind % RANK_SLOTS != 7 and not (hand >> (2 * ace)) & 3 else 0


def _durch_candidate(full: int, laid: int, rules: Rules, n: int) -> int | None:
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
    return _lowest(full, laid, n)


def _lowest(full: int, laid: int, n: int) -> int:
    rest = sorted(kinds_list(full - laid), key=lambda k: (k % RANK_SLOTS, k))
    return sum(ONE[k] for k in rest[: n - size(laid)]) + laid


def _full(rules: Rules) -> int:
    from .knowledge import full_pack

    return full_pack(rules)


def _minus_card(hands: tuple[int, ...], seat: int, kind: int) -> tuple[int, ...]:
    """The hands once ``seat`` has played ``kind``."""
    out = list(hands)
    out[seat] -= ONE[kind]
    return tuple(out)


def _fresh_position(rules: Rules, active: tuple[int, ...], hands: Sequence[int], leader: int,
                    trump: int) -> Position:
    zeros = (0,) * rules.players
    return Position(rules, tuple(hands), active, leader, (), trump, zeros, zeros)


@dataclass(frozen=True, slots=True)
class _Outcome:
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


def _play_out(rules: Rules, active: tuple[int, ...], me: int, hands: list[int], trump: int,
              leader: int, discard_points: int) -> _Outcome:
    melds = tuple(meld_total(find_melds_packed(h, Suit(trump), rules)) if h else 0
                  for h in hands)
    table = make_table(rules, trump=trump, active=active, declarer=me, contract=Contract.TRUMP,
                       bid=0, melds=melds)
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
    return _Outcome(rules, active, me, total, sum(won[s] for s in side) > 0, scores)


def _give_up_value(rules: Rules, active: tuple[int, ...], me: int, hands: list[int], suit: int,
                   bid: int) -> float:
    return relative(rules, active, me, give_up_scores(rules, active, me, hands, suit, bid))


def _give_up_outcome(rules: Rules, active: tuple[int, ...], me: int, hands: list[int],
                     full: int) -> Callable[[int], float]:
    """The declarer's value of giving up at a bid, naming the suit that costs least."""
    h = list(hands)
    h[me] = full
    # Only the declaring side's minus-the-bid depends on the bid.
    best = max(_give_up_value(rules, active, me, h, suit, 0) for suit in range(4))

    def at(bid: int) -> float:
        return best - bid

    return at


@dataclass(frozen=True, slots=True)
class _BidWorld:
    """One sampled deal seen from the auction: its plans' outcomes and the give-up value."""

    outcomes: tuple[_Outcome, ...]
    give_up: Callable[[int], float]
    durch: bool
    durch_value: int

    def value_at(self, bid: int, sigma: float) -> float:
        best = max(o.value_smooth(bid, sigma) for o in self.outcomes)
        best = max(best, self.give_up(bid))
        if self.durch:
            best = max(best, float(self.durch_value))
        return best


def bid_world(view: View, world: World) -> _BidWorld:
    """A world seen from the auction: the model's two best trumps for the hand and the
    world's Dabb played out, giving up, and a sure Durch."""
    rules = view.rules
    me = view.seat
    leads = leads_first(rules, forehand=me == view.active[0])
    leader = me if rules.first_lead is FirstLead.DECLARER else view.active[0]
    full = packed_of(view.hand) + world.dabb
    hands = list(world.hands)
    outcomes: list[_Outcome] = []
    ranked = sorted((best_option(full, s, rules, leads=leads) for s in range(4)),
                    key=lambda o: -o.value)
    for option in ranked[:2]:
        hands[me] = option.kept
        outcomes.append(_play_out(rules, view.active, me, hands, option.trump, leader,
                                  option.discard_points))
    give_up = _give_up_outcome(rules, view.active, me, hands, full)
    durch = rules.durch_allowed and durch_discard(full, rules) is not None
    return _BidWorld(tuple(outcomes), give_up, durch, rules.durch_value)


def expected(values: list[float]) -> tuple[float, float]:
    """Mean and half-width of a 95% interval (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


__all__ = ["Budget", "Candidate", "ExpertBot", "Plan", "budget_from", "expected"]
