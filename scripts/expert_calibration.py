"""Calibration of the expert's bidding: what it expects of a contract against what it brings.

The expert (one seat, the others ``heuristic:level=hard``) plays the first hand of many deals.
Whenever it ends up declaring, its auction valuation at the contract's bid is read from the
view of its last bid or pass (:func:`binokel.bots.expert_auction.forecast`: the chance of making
it and the expected score against the others' mean), next to what the hand really brought.
The tables bin the contracts by predicted chance and by predicted value: an honest valuation
has each bin's made share near its predicted chance and its mean score near its prediction.

    .venv/bin/python scripts/expert_calibration.py --deals 200 --bot expert --seed cal1

The expert's seat rotates with the deal number; the figures are deterministic for a seed.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from dataclasses import dataclass

from binokel.arena_stats import mean_ci
from binokel.bots.expert import ExpertBot
from binokel.bots.expert_auction import forecast
from binokel.bots.expert_plans import play_out
from binokel.bots.heuristic import HeuristicBot
from binokel.games import find_game_rules
from binokel.games.binokel import actions as A
from binokel.games.binokel.game import Phase, active_seats, new_game
from binokel.games.binokel.scoring import Contract
from binokel.games.binokel.views import View
from binokel.search.evaluate import relative


@dataclass(frozen=True, slots=True)
class Row:
    bid: int
    chance: float
    predicted: float
    scored: float
    made: bool
    gave_up: bool


def play(deal: int, seed: str, bot_name: str, rules_name: str) -> Row | None:
    """One hand with the expert in seat ``deal % players``; its contract's row, if it declared."""
    rules = find_game_rules(rules_name)
    state = new_game(rules, f"{seed}/{deal}", dealer=deal % rules.players)
    me = deal % rules.players
    expert = ExpertBot(bot_name)
    others = {s: HeuristicBot("heuristic:level=hard") for s in range(rules.players) if s != me}
    rngs = [random.Random(f"{seed}/{deal}/{s}") for s in range(rules.players)]
    last: View | None = None
    while not state.results and not state.is_over:
        seat = state.to_move
        view = state.view(seat)
        if seat == me:
            if view.phase is Phase.AUCTION and any(isinstance(a, A.Bid)
                                                   for a in view.legal_actions):
                last = view
            action = expert.choose(view, rngs[seat])
        else:
            action = others[seat].choose(view, rngs[seat])
        state = state.apply(action)
    result = state.results[0]
    if result.declarer != me or last is None or result.contract.is_durch:
        return None
    budget = expert.budget
    chance, predicted = forecast(expert._pools, last, result.bid, samples=budget.plan_samples,
                                 pool=budget.pool, sigma=budget.sigma, play_out=play_out)
    active = active_seats(rules, result.dealer)
    return Row(result.bid, chance, predicted, relative(rules, active, me, result.scores),
               bool(result.made), result.contract is Contract.GIVE_UP)


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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--bot", default="expert")
    parser.add_argument("--seed", default="cal1")
    parser.add_argument("--rules", default="binokel")
    args = parser.parse_args()
    started = time.perf_counter()
    rows = [r for d in range(args.deals) if (r := play(d, args.seed, args.bot, args.rules))]
    print(f"{args.bot} in {args.deals} hands against hard ({args.rules}, seed {args.seed}): "
          f"declared {len(rows)} (Durch left out), {time.perf_counter() - started:.0f} s")
    if not rows:
        return 0
    table(rows, "chance", "predicted chance", [0.0, 0.5, 0.7, 0.8, 0.9, 0.95, 1.01])
    table(rows, "predicted", "predicted score",
          [-1000.0, -100.0, 0.0, 50.0, 100.0, 150.0, 200.0, 1000.0])
    return 0


if __name__ == "__main__":
    sys.exit(main())
