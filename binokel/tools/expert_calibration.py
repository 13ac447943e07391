"""Calibration of the expert's bidding: what it expects of a contract against what it brings.

The expert (one seat, the others ``heuristic:level=hard``) plays the first hand of many deals.
Whenever it ends up declaring, its auction valuation at the contract's bid is read from the
view of its last bid or pass (:func:`binokel.bots.expert.auction.forecast`: the chance of making
it and the expected score against the others' mean), next to what the hand really brought.
The tables bin the contracts by predicted chance and by predicted value: an honest valuation
has each bin's made share near its predicted chance and its mean score near its prediction.

    .venv/bin/python -m binokel.tools.expert_calibration --deals 200 --bot expert --seed cal1

The expert's seat rotates with the deal number; the figures are deterministic for a seed.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import sys
import time
from dataclasses import dataclass

from ..bots.expert.auction import forecast
from ..bots.expert.binokel import ExpertBot
from ..bots.expert.plans import make_plan, play_out
from ..bots.heuristic.binokel import HeuristicBot
from ..games import find_game_rules
from ..games.binokel import actions as A
from ..games.binokel.game import Phase, active_seats, new_game
from ..games.binokel.scoring import Contract
from ..games.binokel.views import View
from ..search.evaluate import relative
from .arena_stats import mean_ci


@dataclass(frozen=True, slots=True)
class Row:
    bid: int
    chance: float
    predicted: float
    scored: float
    made: bool
    gave_up: bool
    play: float
    """After the Dabb: the search's value of the best plan that plays (nan: none valued)."""
    give_up: float
    """After the Dabb: the search's value of giving up (nan: not valued)."""


@dataclass(frozen=True, slots=True)
class Passed:
    """A hand the expert passed out of: passing's value at its last pass, and what it brought."""

    predicted: float
    scored: float
    declarer_made: bool


def play(deal: int, seed: str, bot_name: str, rules_name: str) -> Row | Passed | None:
    """One hand with the expert in seat ``deal % players``: its contract's row if it declared,
    passing's forecast against the result if it passed (``None``: a Durch, or no choice)."""
    rules = find_game_rules(rules_name)
    state = new_game(rules, f"{seed}/{deal}", dealer=deal % rules.players)
    me = deal % rules.players
    expert = ExpertBot(bot_name)
    others = {s: HeuristicBot("heuristic:level=hard") for s in range(rules.players) if s != me}
    rngs = [random.Random(f"{seed}/{deal}/{s}") for s in range(rules.players)]
    last: View | None = None
    passed: float | None = None
    planned: View | None = None
    while not state.results and not state.is_over:
        seat = state.to_move
        view = state.view(seat)
        if seat == me:
            bidding = view.phase is Phase.AUCTION and any(isinstance(a, A.Bid)
                                                          for a in view.legal_actions)
            if bidding:
                last = view
            if planned is None and view.phase in (Phase.DISCARD, Phase.TRUMP):
                planned = view
            action = expert.choose(view, rngs[seat])
            if bidding and action == A.PASS:
                values = expert.last_values(view) or []
                passed = next((v for a, v, _ in values if a == A.PASS), None)
        else:
            action = others[seat].choose(view, rngs[seat])
        state = state.apply(action)
    result = state.results[0]
    active = active_seats(rules, result.dealer)
    scored = relative(rules, active, me, result.scores)
    if result.declarer != me:
        return Passed(passed, scored, result.made) if passed is not None else None
    if last is None or result.contract.is_durch:
        return None
    budget = expert.budget
    play_value = give_up = math.nan
    if planned is not None:
        _, values = make_plan(budget, planned)
        give_up = max((v for a, v, _ in values if isinstance(a, A.GiveUp)), default=math.nan)
        play_value = max((v for a, v, _ in values if not isinstance(a, A.GiveUp)),
                         default=math.nan)
    chance, predicted = forecast(expert._pools, last, result.bid, samples=budget.plan_samples,
                                 pool=budget.pool, sigma=budget.sigma, play_out=play_out,
                                 others=budget.oconf)
    return Row(result.bid, chance, predicted, scored, bool(result.made),
               result.contract is Contract.GIVE_UP, play_value, give_up)


def table(rows: list[Row], key: str, label: str, edges: list[float]) -> None:
    print(f"\n| {label} | hands | predicted chance | made | missed | given up "
          "| predicted score | scored (95% CI) |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    for low, high in itertools.pairwise(edges):
        inside = [r for r in rows if low <= getattr(r, key) < high]
        if not inside:
            continue
        n = len(inside)
        made = sum(r.made for r in inside)
        given = sum(r.gave_up for r in inside)
        mean, _, lo, hi = mean_ci([r.scored for r in inside])
        print(f"| {low:g} … {high:g} | {n} | {sum(r.chance for r in inside) / n:.2f} "
              f"| {made / n:.0%} | {(n - made - given) / n:.0%} | {given / n:.0%} "
              f"| {sum(r.predicted for r in inside) / n:+.1f} "
              f"| {mean:+.1f} [{lo:+.1f}, {hi:+.1f}] |")


def endings(rows: list[Row]) -> None:
    """By how the contract ended: what the auction and the plan after the Dabb expected."""
    print("\n| ended | hands | auction's chance | auction's score | plan: play | plan: give up "
          "| scored (95% CI) |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for name, test in (("made", lambda r: r.made), ("missed", lambda r: not r.made
                                                    and not r.gave_up),
                       ("given up", lambda r: r.gave_up)):
        inside = [r for r in rows if test(r)]
        if not inside:
            continue
        n = len(inside)
        plays = [r.play for r in inside if not math.isnan(r.play)]
        gives = [r.give_up for r in inside if not math.isnan(r.give_up)]
        mean, _, lo, hi = mean_ci([r.scored for r in inside])
        print(f"| {name} | {n} | {sum(r.chance for r in inside) / n:.2f} "
              f"| {sum(r.predicted for r in inside) / n:+.1f} "
              f"| {sum(plays) / max(1, len(plays)):+.1f} | {sum(gives) / max(1, len(gives)):+.1f} "
              f"| {mean:+.1f} [{lo:+.1f}, {hi:+.1f}] |")


def passing(rows: list[Passed]) -> None:
    """Passing's forecast against what the hands the expert passed brought it."""
    if not rows:
        return
    print("\n| passed, the declarer | hands | passing's forecast | scored (95% CI) |")
    print("|---|---:|---:|---|")
    for name, group in (("made", [r for r in rows if r.declarer_made]),
                        ("failed or gave up", [r for r in rows if not r.declarer_made]),
                        ("all", rows)):
        if not group:
            continue
        mean, _, lo, hi = mean_ci([r.scored for r in group])
        print(f"| {name} | {len(group)} | {sum(r.predicted for r in group) / len(group):+.1f} "
              f"| {mean:+.1f} [{lo:+.1f}, {hi:+.1f}] |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--bot", default="expert")
    parser.add_argument("--seed", default="cal1")
    parser.add_argument("--rules", default="binokel")
    args = parser.parse_args()
    started = time.perf_counter()
    found = [play(d, args.seed, args.bot, args.rules) for d in range(args.deals)]
    rows = [r for r in found if isinstance(r, Row)]
    passes = [r for r in found if isinstance(r, Passed)]
    print(f"{args.bot} in {args.deals} hands against hard ({args.rules}, seed {args.seed}): "
          f"declared {len(rows)} (Durch left out), passed {len(passes)}, "
          f"{time.perf_counter() - started:.0f} s")
    passing(passes)
    if not rows:
        return 0
    endings(rows)
    table(rows, "chance", "predicted chance", [0.0, 0.5, 0.7, 0.8, 0.9, 0.95, 1.01])
    table(rows, "predicted", "predicted score",
          [-1000.0, -100.0, 0.0, 50.0, 100.0, 150.0, 200.0, 1000.0])
    return 0


if __name__ == "__main__":
    sys.exit(main())
