"""What bidding on instead of passing really brings the expert: counterfactual labels.

The expert plays one seat, ``heuristic:level=hard`` the others, the first hand of many deals.
At each of the expert's auction turns with a bid legal, its own valuation is read (passing's
value, the lowest bid's value, the gain of the one over the other and the chance of making the
bid, as :func:`binokel.bots.expert_auction.bid_candidates` and ``forecast`` give them, before
the confidence floor).  Where the gain is within ``--band`` points of zero the hand is then
played on **twice** from that turn with the true cards: once after a pass and once after the
lowest legal bid.  Every seat keeps its own policy, with the same random streams in both, so
the difference of the expert's scores (its score against the others' mean) is what bidding
there really gained on that deal.

The printout bins the turns by predicted chance and by predicted gain, and evaluates bidding
rules one step (``gain + bias > 0`` and ``chance >= conf``; the default expert is ``conf=0.5``,
``bias=0``): per deal, what changing only these turns' choices would have gained against the
expert's own choice, with a 95% interval over deals (a rare jump bid of the expert's is scored
as the lowest bid).  A rule that looks better here still has
to win a duplicate arena: the later turns of a hand stay the expert's, and the labels seat one
expert among hard players, while an arena seats it twice at half of its tables, where two
bidders of the new rule meet (decision ``search-21``: ``conf=0.4,bias=50`` looked +2.7 a deal
better here and lost in the arena, gaining alone at a table and losing where it sat twice).

    .venv/bin/python scripts/expert_bid_labels.py --deals 4000 --seed lab1 --out lab1.jsonl
    .venv/bin/python scripts/expert_bid_labels.py --read lab1.jsonl,lab2.jsonl
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from binokel.arena_stats import mean_ci
from binokel.bots.expert import ExpertBot
from binokel.bots.expert_auction import bid_candidates, forecast
from binokel.bots.expert_plans import play_out
from binokel.bots.heuristic import HeuristicBot
from binokel.games import find_game_rules
from binokel.games.binokel import actions as A
from binokel.games.binokel.game import GameState, Phase, active_seats, new_game
from binokel.search.evaluate import relative

Row = dict[str, Any]

CONFS = (0.0, 0.4, 0.45, 0.5, 0.55, 0.6, 0.7)
BIASES = (-40.0, -20.0, 0.0, 20.0, 40.0, 80.0)


def _finish(state: GameState, bots: dict[int, Any], rngs: Sequence[random.Random],
            me: int) -> float:
    """Play the hand to its result; the expert's score against the others' mean."""
    while not state.results and not state.is_over:
        seat = state.to_move
        state = state.apply(bots[seat].choose(state.view(seat), rngs[seat]))
    result = state.results[0]
    return relative(state.rules, active_seats(state.rules, result.dealer), me, result.scores)


def _copies(rngs: Sequence[random.Random]) -> list[random.Random]:
    out = []
    for rng in rngs:
        copy = random.Random()
        copy.setstate(rng.getstate())
        out.append(copy)
    return out


def label_deal(deal: int, seed: str, bot_name: str, rules_name: str, band: float) -> list[Row]:
    """One deal's first hand with the expert in seat ``deal % players``: a row per auction
    turn of the expert's with a bid legal (labelled when its gain is within ``band``: the
    expert's score ``after_pass`` and ``after_bid``, and ``true_gain``); ``scored`` is what
    the hand as played brought it."""
    rules = find_game_rules(rules_name)
    state = new_game(rules, f"{seed}/{deal}", dealer=deal % rules.players)
    me = deal % rules.players
    expert = ExpertBot(bot_name)
    budget = expert.budget
    bots: dict[int, Any] = {s: expert if s == me else HeuristicBot("heuristic:level=hard")
                            for s in range(rules.players)}
    rngs = [random.Random(f"{seed}/{deal}/{s}") for s in range(rules.players)]
    rows: list[Row] = []
    while not state.results and not state.is_over:
        seat = state.to_move
        view = state.view(seat)
        bids = ([a for a in view.legal_actions if isinstance(a, A.Bid)]
                if seat == me and view.phase is Phase.AUCTION else [])
        if bids:
            lowest = min(bids, key=lambda a: a.value)
            values = bid_candidates(expert._pools, view, samples=budget.plan_samples,
                                    pool=budget.pool, sigma=budget.sigma, play_out=play_out,
                                    others=budget.oconf)
            passing = values[0][1]
            bid_value = next(v for a, v, _ in values if a == lowest)
            chance, _ = forecast(expert._pools, view, lowest.value, samples=budget.plan_samples,
                                 pool=budget.pool, sigma=budget.sigma, play_out=play_out,
                                 others=budget.oconf)
            choice = expert.choose(view, random.Random(0))
            row: Row = {"seed": seed, "deal": deal, "bid": lowest.value, "passing": passing,
                        "gain": bid_value - passing, "chance": chance,
                        "choice": "pass" if choice == A.PASS else "bid",
                        "chosen": choice.value if isinstance(choice, A.Bid) else 0}
            if abs(bid_value - passing) < band:
                row["after_pass"] = _finish(state.apply(A.PASS), bots, _copies(rngs), me)
                row["after_bid"] = _finish(state.apply(lowest), bots, _copies(rngs), me)
                row["true_gain"] = row["after_bid"] - row["after_pass"]
            rows.append(row)
        state = state.apply(bots[seat].choose(view, rngs[seat]))
    result = state.results[0]
    scored = relative(rules, active_seats(rules, result.dealer), me, result.scores)
    for row in rows:
        row["scored"] = scored
    return rows


def _label_chunk(args: tuple[list[int], str, str, str, float]) -> list[Row]:
    deals, seed, bot_name, rules_name, band = args
    return [row for deal in deals for row in label_deal(deal, seed, bot_name, rules_name, band)]


def _mean_ci(values: list[float]) -> tuple[float, float]:
    """Mean and the 95% interval's half-width (:func:`binokel.arena_stats.mean_ci`)."""
    mean, _, _, high = mean_ci(values)
    return mean, high - mean


def _bands(rows: list[Row], key: str, edges: Sequence[float], label: str) -> None:
    print(f"\n| {label} | turns | predicted gain | true gain (95% CI) | the expert bid |")
    print("|---|---:|---:|---|---:|")
    for low, high in itertools.pairwise(edges):
        inside = [r for r in rows if low <= r[key] < high]
        if len(inside) < 5:
            continue
        mean, half = _mean_ci([r["true_gain"] for r in inside])
        bid = sum(r["choice"] == "bid" for r in inside) / len(inside)
        predicted = sum(r["gain"] for r in inside) / len(inside)
        print(f"| {low:g} … {high:g} | {len(inside)} | {predicted:+.1f} "
              f"| {mean:+.1f} ± {half:.1f} | {bid:.0%} |")


def one_step(rows: list[Row], deals: int, conf: float, bias: float) -> tuple[float, float]:
    """Per deal, what the rule ``gain + bias > 0 and chance >= conf`` on the labelled turns
    gains against the expert's own choices there (mean, 95% half-width over deals)."""
    per_deal: dict[tuple[str, int], float] = {}
    for r in rows:
        rule = r["gain"] + bias > 0 and r["chance"] >= conf
        change = (r["true_gain"] if rule else 0.0) - (
            r["true_gain"] if r["choice"] == "bid" else 0.0)
        key = (r["seed"], r["deal"])
        per_deal[key] = per_deal.get(key, 0.0) + change
    values = list(per_deal.values()) + [0.0] * (deals - len(per_deal))
    return _mean_ci(values)


def report(rows: list[Row]) -> None:
    deals = len({(r["seed"], r["deal"]) for r in rows})
    labelled = [r for r in rows if "true_gain" in r]
    print(f"{deals} deals, {len(rows)} auction turns with a bid legal, {len(labelled)} labelled")
    if not labelled:
        return
    _bands(labelled, "chance", [0.0, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.01],
           "predicted chance")
    _bands(labelled, "gain", [-200.0, -100.0, -50.0, -25.0, 0.0, 25.0, 50.0, 100.0, 200.0],
           "predicted gain")
    print("\nOne step: what `gain + bias > 0 and chance >= conf` gains a deal against the "
          "expert's own choice (95% CI)\n")
    print("| conf | " + " | ".join(f"bias {b:+g}" for b in BIASES) + " |")
    print("|---|" + "---|" * len(BIASES))
    for conf in CONFS:
        cells = [one_step(labelled, deals, conf, bias) for bias in BIASES]
        print(f"| {conf:g} | " + " | ".join(f"{m:+.2f} ± {h:.2f}" for m, h in cells) + " |")


def _read(paths: Iterable[str]) -> list[Row]:
    rows: list[Row] = []
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            rows += [json.loads(line) for line in handle if line.strip()]
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", default="lab1")
    parser.add_argument("--bot", default="expert")
    parser.add_argument("--rules", default="binokel")
    parser.add_argument("--band", type=float, default=200.0,
                        help="label the turns whose predicted gain is within this of zero")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", help="write every turn as a JSON line here")
    parser.add_argument("--read", help="comma-separated JSON-lines files: report, play nothing")
    args = parser.parse_args()
    if args.read:
        report(_read(args.read.split(",")))
        return 0
    started = time.perf_counter()
    size = 10
    tasks = [(list(range(i, min(args.deals, i + size))), args.seed, args.bot, args.rules,
              args.band) for i in range(0, args.deals, size)]
    with ProcessPoolExecutor(args.workers) as pool:
        rows = [row for chunk in pool.map(_label_chunk, tasks) for row in chunk]
    if args.out:
        with open(args.out, "w", encoding="utf-8") as handle:
            handle.writelines(json.dumps(r) + "\n" for r in rows)
    print(f"{args.bot} against hard ({args.rules}, seed {args.seed}), "
          f"{time.perf_counter() - started:.0f} s")
    report(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
