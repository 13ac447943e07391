"""What bidding on instead of passing really brings the expert: counterfactual labels.

The expert plays one seat, ``heuristic:level=hard`` the others, the first hand of many deals.
At each of the expert's auction turns with a bid legal, its own valuation is read (passing's
value, the lowest bid's value, the gain of the one over the other and the chance of making the
bid, as :func:`binokel.bots.expert.auction.bid_candidates` and ``forecast`` give them, before
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

``--two`` seats a second expert and labels both; each label then also carries ``team_gain``,
what the arena scores the seating (the experts' mean score minus the hard player's), and the
one-step grid is printed for both gains (decision ``search-22``: a bolder rule gains the
deciding expert and costs the seating).

    .venv/bin/python -m binokel.tools.expert_bid_labels --deals 4000 --seed lab1 --out lab1.jsonl
    .venv/bin/python -m binokel.tools.expert_bid_labels --read lab1.jsonl,lab2.jsonl
    .venv/bin/python -m binokel.tools.expert_bid_labels --two --deals 3000 --seed tlab1 --band 150
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ..bots.expert.auction import bid_candidates, forecast
from ..bots.expert.binokel import ExpertBot
from ..bots.expert.plans import play_out
from ..bots.heuristic.binokel import HeuristicBot
from ..games import find_game_rules
from ..games.binokel import actions as A
from ..games.binokel.game import GameState, Phase, active_seats, new_game
from ..search.evaluate import relative
from .arena_stats import mean_ci

Row = dict[str, Any]

CONFS = (0.0, 0.4, 0.45, 0.5, 0.55, 0.6, 0.7)
BIASES = (-40.0, -20.0, 0.0, 20.0, 40.0, 80.0)


def final_result(state: GameState, bots: dict[int, Any],
                 rngs: Sequence[random.Random]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Play the hand to its result: the seats in it and every seat's score."""
    while not state.results and not state.is_over:
        seat = state.to_move
        state = state.apply(bots[seat].choose(state.view(seat), rngs[seat]))
    result = state.results[0]
    return active_seats(state.rules, result.dealer), tuple(result.scores)


def finish_hand(state: GameState, bots: dict[int, Any], rngs: Sequence[random.Random],
                me: int) -> float:
    """Play the hand to its result; the expert's score against the others' mean."""
    active, scores = final_result(state, bots, rngs)
    return relative(state.rules, active, me, scores)


def seating_score(scores: Sequence[int], experts: Sequence[int]) -> float:
    """What an arena scores a seating: the experts' mean score minus the others'."""
    others = [s for s in range(len(scores)) if s not in experts]
    return (sum(scores[s] for s in experts) / len(experts)
            - sum(scores[s] for s in others) / len(others))


def copied(rngs: Sequence[random.Random]) -> list[random.Random]:
    out = []
    for rng in rngs:
        copy = random.Random()
        copy.setstate(rng.getstate())
        out.append(copy)
    return out


def second_seat(deal: int, players: int) -> int:
    """With ``--two``, the second expert's seat: next to or across from the first by deal."""
    return (deal + 1 + (deal // players) % (players - 1)) % players


def seat_table(deal: int, seed: str, bot_name: str, rules_name: str, two: bool = False,
               ) -> tuple[GameState, tuple[int, ...], dict[int, Any], list[random.Random]]:
    """A deal's first hand, ready to play: the state, the experts' seats (the first in seat
    ``deal % players``, with ``two`` a second in :func:`second_seat`), every seat's bot (hard
    where no expert sits) and every seat's random stream."""
    rules = find_game_rules(rules_name)
    state = new_game(rules, f"{seed}/{deal}", dealer=deal % rules.players)
    me = deal % rules.players
    experts = (me, second_seat(deal, rules.players)) if two else (me,)
    bots: dict[int, Any] = {s: ExpertBot(bot_name) if s in experts
                            else HeuristicBot("heuristic:level=hard")
                            for s in range(rules.players)}
    rngs = [random.Random(f"{seed}/{deal}/{s}") for s in range(rules.players)]
    return state, experts, bots, rngs


def label_deal(deal: int, seed: str, bot_name: str, rules_name: str, band: float,
               two: bool = False) -> list[Row]:
    """One deal's first hand with the expert in seat ``deal % players`` (and with ``two`` a
    second one in :func:`second_seat`; hard in the others): a row per auction turn of an
    expert's with a bid legal (labelled when its gain is within ``band``: ``after_pass`` and
    ``after_bid``, and ``true_gain``, the deciding expert's score against the others' mean;
    with ``two`` also ``team_gain``, what the arena scores the seating); ``scored`` is what
    the hand as played brought the deciding expert."""
    state, experts, bots, rngs = seat_table(deal, seed, bot_name, rules_name, two)
    rules = state.rules
    rows: list[Row] = []
    while not state.results and not state.is_over:
        seat = state.to_move
        view = state.view(seat)
        bids = ([a for a in view.legal_actions if isinstance(a, A.Bid)]
                if seat in experts and view.phase is Phase.AUCTION else [])
        if bids:
            expert = bots[seat]
            budget = expert.budget
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
            row: Row = {"seed": seed, "deal": deal, "seat": seat, "bid": lowest.value,
                        "passing": passing, "gain": bid_value - passing, "chance": chance,
                        "choice": "pass" if choice == A.PASS else "bid",
                        "chosen": choice.value if isinstance(choice, A.Bid) else 0}
            if abs(bid_value - passing) < band:
                team: dict[str, float] = {}
                for name, action in (("pass", A.PASS), ("bid", lowest)):
                    active, scores = final_result(state.apply(action), bots, copied(rngs))
                    row[f"after_{name}"] = relative(rules, active, seat, scores)
                    team[name] = seating_score(scores, experts)
                row["true_gain"] = row["after_bid"] - row["after_pass"]
                if two:
                    row["team_gain"] = team["bid"] - team["pass"]
            rows.append(row)
        state = state.apply(bots[seat].choose(view, rngs[seat]))
    result = state.results[0]
    for row in rows:
        row["scored"] = relative(rules, active_seats(rules, result.dealer), row["seat"],
                                 result.scores)
    return rows


def _label_chunk(args: tuple[list[int], str, str, str, float, bool]) -> list[Row]:
    deals, seed, bot_name, rules_name, band, two = args
    return [row for deal in deals
            for row in label_deal(deal, seed, bot_name, rules_name, band, two)]


def mean_half(values: list[float]) -> tuple[float, float]:
    """Mean and the 95% interval's half-width (:func:`binokel.tools.arena_stats.mean_ci`)."""
    mean, _, _, high = mean_ci(values)
    return mean, high - mean


def print_bands(rows: Sequence[Row], key: str, edges: Sequence[float], columns: str,
                predicted: str, choice: str) -> None:
    """The labelled ``rows`` binned by ``key`` over ``edges`` as a table under the header row
    ``columns`` (bins of fewer than five rows left out): each bin's rows, mean ``predicted``,
    true gain with its 95% interval, and the share whose choice was ``choice``."""
    print(f"\n{columns}")
    print("|---|---:|---:|---|---:|")
    for low, high in itertools.pairwise(edges):
        inside = [r for r in rows if low <= r[key] < high]
        if len(inside) < 5:
            continue
        mean, half = mean_half([r["true_gain"] for r in inside])
        share = sum(r["choice"] == choice for r in inside) / len(inside)
        guess = sum(r[predicted] for r in inside) / len(inside)
        print(f"| {low:g} … {high:g} | {len(inside)} | {guess:+.1f} "
              f"| {mean:+.1f} ± {half:.1f} | {share:.0%} |")


def _bands(rows: list[Row], key: str, edges: Sequence[float], label: str) -> None:
    print_bands(rows, key, edges,
                f"| {label} | turns | predicted gain | true gain (95% CI) | the expert bid |",
                "gain", "bid")


def one_step(rows: list[Row], deals: int, conf: float, bias: float,
             key: str = "true_gain") -> tuple[float, float]:
    """Per deal, what the rule ``gain + bias > 0 and chance >= conf`` on the labelled turns
    gains against the expert's own choices there (mean, 95% half-width over deals); ``key``:
    the gain to count (``team_gain``: what the arena scores a seating of two experts)."""
    def change(r: Row) -> float:
        rule = r["gain"] + bias > 0 and r["chance"] >= conf
        return float((r[key] if rule else 0.0) - (r[key] if r["choice"] == "bid" else 0.0))

    return per_deal_mean(rows, deals, change)


def per_deal_mean(rows: Iterable[Row], deals: int,
                  change: Callable[[Row], float]) -> tuple[float, float]:
    """Mean and 95% half-width over ``deals`` deals of each deal's summed ``change`` over its
    rows (a deal without a row counts 0): what a rule gains a deal, one step."""
    per_deal: dict[tuple[str, int], float] = {}
    for r in rows:
        name = (r["seed"], r["deal"])
        per_deal[name] = per_deal.get(name, 0.0) + change(r)
    return mean_half(list(per_deal.values()) + [0.0] * (deals - len(per_deal)))


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
    keys = [("true_gain", "the deciding expert's score against the others' mean")]
    if any("team_gain" in r for r in labelled):
        keys.append(("team_gain", "the seating's arena score (two experts)"))
    for key, what in keys:
        print("\nOne step: what `gain + bias > 0 and chance >= conf` gains a deal against the "
              f"expert's own choice, in {what} (95% CI)\n")
        print("| conf | " + " | ".join(f"bias {b:+g}" for b in BIASES) + " |")
        print("|---|" + "---|" * len(BIASES))
        for conf in CONFS:
            cells = [one_step(labelled, deals, conf, bias, key) for bias in BIASES]
            print(f"| {conf:g} | " + " | ".join(f"{m:+.2f} ± {h:.2f}" for m, h in cells)
                  + " |")


def read_rows(paths: Iterable[str]) -> list[Row]:
    rows: list[Row] = []
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            rows += [json.loads(line) for line in handle if line.strip()]
    return rows


def label_arguments(parser: argparse.ArgumentParser, *, seed: str, band: float,
                    what: str) -> None:
    """The options both label scripts take; ``what``: the labelled decisions' name."""
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", default=seed)
    parser.add_argument("--bot", default="expert")
    parser.add_argument("--rules", default="binokel")
    parser.add_argument("--band", type=float, default=band,
                        help=f"label the {what} whose predicted gain is within this of zero")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", help=f"write every one of the {what} as a JSON line here")
    parser.add_argument("--read", help="comma-separated JSON-lines files: report, play nothing")


def run_labels(chunk: Callable[[Any], list[Row]], args: argparse.Namespace,
               *extra: object) -> list[Row]:
    """Label ``args.deals`` deals in chunks of ten on ``args.workers`` processes, each task
    ``(deals, seed, bot, rules, band, *extra)``; the rows in deal order, written as JSON lines
    to ``args.out`` too."""
    size = 10
    tasks = [(list(range(i, min(args.deals, i + size))), args.seed, args.bot, args.rules,
              args.band, *extra) for i in range(0, args.deals, size)]
    with ProcessPoolExecutor(args.workers) as pool:
        rows = [row for part in pool.map(chunk, tasks) for row in part]
    if args.out:
        with open(args.out, "w", encoding="utf-8") as handle:
            handle.writelines(json.dumps(r) + "\n" for r in rows)
    return rows


def label_main(args: argparse.Namespace, chunk: Callable[[Any], list[Row]],
               report_on: Callable[[list[Row]], None], who: str, *extra: object) -> int:
    """A label script's run: report on saved labels (``--read``), or label the deals
    (:func:`run_labels`, ``extra`` added to each task) and report on them."""
    if args.read:
        report_on(read_rows(args.read.split(",")))
        return 0
    started = time.perf_counter()
    rows = run_labels(chunk, args, *extra)
    print(f"{who} against hard ({args.rules}, seed {args.seed}), "
          f"{time.perf_counter() - started:.0f} s")
    report_on(rows)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    label_arguments(parser, seed="lab1", band=200.0, what="turns")
    parser.add_argument("--two", action="store_true",
                        help="seat a second expert (three-player rule sets); label both")
    args = parser.parse_args()
    if args.two and not args.read and find_game_rules(args.rules).players != 3:
        parser.error("--two: a three-player rule set")
    return label_main(args, _label_chunk, report,
                      f"{'two of ' if args.two else ''}{args.bot}", args.two)


if __name__ == "__main__":
    sys.exit(main())
