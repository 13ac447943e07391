"""The expert player: search over the deals a seat could be facing (docs/expert.md).

Every decision samples worlds — full deals of the cards the seat cannot see, consistent with its
view (:class:`~binokel.search.sampling.WorldSampler`) — and picks the action with the best mean
result over them, counted in game points (:func:`binokel.games.binokel.scoring.score_hand`) as the
seat's score
against the others' mean, which is what a duplicate arena measures.

* **Card play**: with few tricks left each world is solved exactly with all cards open
  (:mod:`binokel.search.solver`); earlier, each candidate card is followed by a greedy open-card
  rollout (:mod:`binokel.search.rollout`).  In a Durch the solver answers "can the declaring side
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
``search-08``), ``expert:aexact=K`` / ``pexact=K`` (the auction's / the declarer's played-out
games solved exactly from K tricks left; decision ``search-19``).

>>> import random
>>> from binokel import new_game
>>> state = new_game(seed=2)
>>> bot = ExpertBot("expert:samples=4")
>>> view = state.view(state.to_move)
>>> bot.choose(view, random.Random(0)) in view.legal_actions
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, cast

from ...cards import CARD_POINTS, ONE, RANK_SLOTS, points_of
from ...games.binokel import actions as A
from ...games.binokel.game import Phase
from ...games.binokel.melds import meld_total
from ...games.binokel.scoring import Contract, side_of
from ...games.binokel.tricks import NO_TRUMP
from ...games.binokel.views import View
from ...search import native
from ...search.evaluate import (
    after,
    packed_of,
    points_left,
    position_of,
    relative,
    scores_from_side_points,
)
from ...search.knowledge import knowledge_of
from ...search.rollout import hand_scores, make_table, rollout, rollouts
from ...search.sampling import World, WorldSampler
from ...search.solver import SolverStats, best_cards, best_cards_many, solve_durch
from ..base import ActionT, BaseBot, TableView, play_for_game
from ..heuristic.play import ev_values
from ..names import parse_bot_name
from .auction import bid_candidates
from .bidding import BidWorld, bid_worlds, expected, v1_bids
from .binocle import PreviousViews, binocle_candidates
from .budget import Budget, Clock, budget_from
from .plans import (
    Plan,
    fresh_position,
    make_plan,
    plan_action,
    plan_key,
    play_out_with,
)

# --- the bot -----------------------------------------------------------------------------------


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
        self._bidding: dict[tuple[object, ...], list[BidWorld]] = {}
        self._plan_values: dict[tuple[object, ...], list[tuple[A.Action, float, int]]] = {}
        self._pools: dict[tuple[object, ...], Any] = {}
        """Version 2's auction worlds, per hand (:class:`.auction.Pool`)."""
        self._last: tuple[object, list[tuple[Any, float, int]]] | None = None
        self._binocle = PreviousViews()
        """Binocle: the views before, for the opponent's melds (:mod:`.binocle`)."""

    def last_values(self, view: object) -> list[tuple[Any, float, int]] | None:
        """For hints: each candidate of the last decision with its expected value and the
        sampled deals behind it, best first (Binocle: the move played first, decision
        ``search-12``) — if that decision was for ``view`` and had a
        choice (nothing is searched again)."""
        if self._last is None or self._last[0] is not view:
            return None
        return list(self._last[1])

    def recall(self, view: Any) -> None:
        """Binocle: take ``view`` as the seat's previous decision in its hand (the judge shows a
        fresh expert the decision before the one it values, :mod:`binokel.review.judge`)."""
        self._binocle.previous(view)

    def choose(self, view: TableView[ActionT], rng: random.Random) -> ActionT:
        decide = play_for_game(self._PLAYS, view, "expert")
        return cast(ActionT, decide(self, view, rng))

    def _choose_binocle(self, view: Any, rng: random.Random) -> Any:
        found = self.binocle_candidates(view, rng)
        self._last = (view, found) if len(view.legal_actions) > 1 else None
        return found[0][0]

    def binocle_candidates(self, view: Any, rng: random.Random) -> list[tuple[Any, float, int]]:
        """Binocle: every candidate action with its value, best first
        (:func:`.binocle.binocle_candidates`)."""
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
        out = [Candidate(a, v, n) for a, v, n in self._plan_values.get(plan_key(view), [])
               if a in legal]
        chosen = plan_action(view, plan)
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
        clock = Clock(self.budget, self.budget.samples)
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
        budget = self.budget
        if budget.v >= 2:
            found = bid_candidates(self._pools, view, samples=budget.plan_samples,
                                   pool=budget.pool, sigma=budget.sigma,
                                   play_out=play_out_with(budget.aexact),
                                   confidence=budget.conf, also=also, others=budget.oconf,
                                   bias=budget.bias)
        else:
            found = v1_bids(budget, lambda: self._bid_worlds(view, rng), view)
        return [Candidate(a, v, n) for a, v, n in found]

    def _bid_worlds(self, view: View, rng: random.Random) -> list[BidWorld]:
        """Sampled Dabbs and hands, each with the outcome of its best-looking plan (cached)."""
        return bid_worlds(self.budget, self._bidding, view)

    def _dabb(self, view: View, rng: random.Random) -> list[Candidate]:
        """Open Durch without the Dabb, or take the Dabb: the Durch solver on sampled worlds."""
        rules = view.rules
        side = side_of(rules, view.seat)
        sampler = WorldSampler(view)
        clock = Clock(self.budget, self.budget.samples)
        n = made = 0
        while clock.more(n):
            world = sampler.sample(rng)
            n += 1
            position = fresh_position(rules, view.active, world.hands, view.seat, NO_TRUMP)
            made += solve_durch(position, side)
        p = made / n
        value = rules.open_durch_without_dabb_value
        durch = Candidate(A.OPEN_DURCH, p * value - (1 - p) * value, n)
        worlds = self._bid_worlds(view, rng)
        take = sum(w.value_at(view.bid, self.budget.sigma) for w in worlds) / len(worlds)
        return [durch, Candidate(A.TAKE_DABB, take, len(worlds))]

    # --- declaring ---------------------------------------------------------------------------

    def _plan(self, view: View, rng: random.Random) -> Plan:
        key = plan_key(view)
        found = self._plans.get(key)
        if found is None:
            if len(self._plans) > 64:
                self._plans.clear()
            found, values = make_plan(self.budget, view)
            self._plans[key] = found
            if len(self._plan_values) > 64:
                self._plan_values.clear()
            self._plan_values[key] = values
        return found


#: The expert's decision function for each game it plays, by game name.
ExpertBot._PLAYS = {
    "binokel": ExpertBot._choose,
    "binocle": ExpertBot._choose_binocle,
    "bezique": ExpertBot._choose_binocle,
}


def _minus_card(hands: tuple[int, ...], seat: int, kind: int) -> tuple[int, ...]:
    """The hands once ``seat`` has played ``kind``."""
    out = list(hands)
    out[seat] -= ONE[kind]
    return tuple(out)


__all__ = ["Budget", "Candidate", "ExpertBot", "Plan", "budget_from", "expected"]
