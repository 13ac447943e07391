"""What playing on instead of giving up really brings the expert: counterfactual labels.

The expert plays one seat, ``heuristic:level=hard`` the others, the first hand of many deals.
When the expert has won the auction and taken the Dabb, its plans are read at its first
decision (:func:`binokel.bots.expert.plans.scored_plans`): the best plan that plays, the best
way of giving up, and the gap between their values.  Where the gap is within ``--band`` points
of zero the hand is then played on **twice** from there with the true cards: once giving up
(naming the suit the expert's plan names) and once with the best playing plan, which the expert
then keeps to.  Every seat keeps its own policy, with the same random streams in both, so the
difference of the expert's scores (its score against the others' mean) is what playing there
really gained over giving up.

The printout bins the decisions by the predicted gap and evaluates the rules ``gap + bias >
0`` one step (the default expert is ``bias=0``): per deal, what changing only these choices
would have gained against the expert's own, with a 95% interval over deals.  As with the bid
labels (``expert_bid_labels.py``), a rule still has to win a duplicate arena.

    .venv/bin/python -m binokel.tools.expert_giveup_labels --deals 4000 --seed glab1 \
        --out glab1.jsonl
    .venv/bin/python -m binokel.tools.expert_giveup_labels --read glab1.jsonl
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from ..bots.expert.binokel import ExpertBot
from ..bots.expert.plans import plan_key, scored_plans
from ..games.binokel import actions as A
from ..games.binokel.game import Phase, active_seats
from ..search.evaluate import relative
from .expert_bid_labels import (
    Row,
    copied,
    finish_hand,
    label_arguments,
    label_main,
    per_deal_mean,
    print_bands,
    seat_table,
)

BIASES = (-60.0, -40.0, -20.0, 0.0, 20.0, 40.0, 60.0, 100.0)


def label_deal(deal: int, seed: str, bot_name: str, rules_name: str, band: float) -> list[Row]:
    """One deal's first hand with the expert in seat ``deal % players``: a row when the expert
    declares and may give up, labelled when its plans' gap is within ``band`` (the expert's
    score ``after_give_up`` and ``after_play``, and ``true_gain`` of playing), else one row
    with the deal's name only; ``scored`` is what the hand as played brought it."""
    state, (me,), bots, rngs = seat_table(deal, seed, bot_name, rules_name)
    rules = state.rules
    expert = bots[me]
    rows: list[Row] = []
    while not state.results and not state.is_over:
        seat = state.to_move
        view = state.view(seat)
        if (seat == me and view.phase is Phase.DISCARD and not view.discard and not rows
                and any(isinstance(a, A.GiveUp) for a in view.legal_actions)):
            plans, _ = scored_plans(expert.budget, view)
            giving = next(p for p in plans if p.action == "giveup")
            playing = [p for p in plans if p.action != "giveup"]
            choice = expert.choose(view, random.Random(0))
            row: Row = {"seed": seed, "deal": deal, "bid": view.bid,
                        "choice": "give up" if isinstance(choice, A.GiveUp) else "play"}
            if playing:
                best = max(playing, key=lambda p: p.value)
                row.update(give_up=giving.value, play=best.value, plan=best.action,
                           gap=best.value - giving.value)
                if abs(row["gap"]) < band:
                    row["after_give_up"] = finish_hand(state.apply(A.GIVE_UP[giving.suit]),
                                                       bots, copied(rngs), me)
                    # A second expert that keeps to the best playing plan; the same
                    # policy otherwise (its card play reads only the view and its stream).
                    player = ExpertBot(bot_name)
                    player._plans[plan_key(view)] = best
                    player._plan_values[plan_key(view)] = []
                    row["after_play"] = finish_hand(state, {**bots, me: player},
                                                    copied(rngs), me)
                    row["true_gain"] = row["after_play"] - row["after_give_up"]
            rows.append(row)
        state = state.apply(bots[seat].choose(view, rngs[seat]))
    result = state.results[0]
    scored = relative(rules, active_seats(rules, result.dealer), me, result.scores)
    for row in rows:
        row["scored"] = scored
    # A deal the expert did not declare still counts in the per-deal means.
    return rows or [{"seed": seed, "deal": deal, "scored": scored}]


def _label_chunk(args: tuple[list[int], str, str, str, float]) -> list[Row]:
    deals, seed, bot_name, rules_name, band = args
    return [row for deal in deals for row in label_deal(deal, seed, bot_name, rules_name, band)]


def one_step(rows: list[Row], deals: int, bias: float) -> tuple[float, float]:
    """Per deal, what the rule ``gap + bias > 0`` (play, else give up) on the labelled
    decisions gains against the expert's own choices there (mean, 95% half-width)."""
    def change(r: Row) -> float:
        plays = r["gap"] + bias > 0
        return float((r["true_gain"] if plays else 0.0)
                     - (r["true_gain"] if r["choice"] == "play" else 0.0))

    return per_deal_mean(rows, deals, change)


def _bands(rows: Sequence[Row], edges: Sequence[float]) -> None:
    print_bands(rows, "gap", edges, "| predicted gap (play − give up) | decisions | predicted "
                "| true gain of playing (95% CI) | the expert gave up |", "gap", "give up")


def report(rows: list[Row]) -> None:
    deals = len({(r["seed"], r["deal"]) for r in rows})
    decided = [r for r in rows if "gap" in r]
    labelled = [r for r in decided if "true_gain" in r]
    gave = sum(r["choice"] == "give up" for r in decided)
    print(f"{deals} deals, {len(decided)} declarations the expert could give up "
          f"({gave} given up), {len(labelled)} labelled")
    if not labelled:
        return
    _bands(labelled, [-300.0, -150.0, -100.0, -50.0, -25.0, 0.0, 25.0, 50.0, 100.0, 150.0,
                      300.0])
    print("\nOne step: what `gap + bias > 0` (play, else give up) gains a deal against the "
          "expert's own choice (95% CI)\n")
    print("| bias | gain a deal |")
    print("|---:|---|")
    for bias in BIASES:
        mean, half = one_step(labelled, deals, bias)
        print(f"| {bias:+g} | {mean:+.2f} ± {half:.2f} |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    label_arguments(parser, seed="glab1", band=150.0, what="decisions")
    args = parser.parse_args()
    return label_main(args, _label_chunk, report, args.bot)


if __name__ == "__main__":
    sys.exit(main())
