#!/usr/bin/env python3
"""One row of docs/benchmark.md: a policy against an opponent over duplicate deals, per seed.

Runs :func:`binokel.env.evaluate` once per seed and prints each seed's mean difference per hand
with its 95% interval, the pooled figure over every deal of every seed (seeds are independent
deals, so the pooled interval is over all of them), and the seconds taken.  ``--json FILE``
writes the figures as well.

Policies (``--policy``):

* ``random``: uniformly among the legal actions (a numpy generator seeded by the seed);
* ``bot:NAME``: one of the package's players (``bot:heuristic:level=hard``, ``bot:expert``) as
  an OpenSpiel bot (:class:`binokel.env.spiel_bots.PackageBot`);
* ``ismcts:sims=N``: OpenSpiel's IS-MCTS (:func:`binokel.env.spiel_bots.spiel_bot`);
* ``linear:FILE``: the linear policy that examples/train_card_play.py saves (``--save``),
  taking the most likely legal action;
* ``mlp:FILE``: the PPO actor that examples/train_ppo.py saves (``--save``), read by
  :class:`binokel.env.mlp.MlpPolicy` (numpy only), taking the most likely legal action.

Usage: .venv/bin/python scripts/bench/benchmark.py --policy ismcts:sims=10 [--rules binokel]
       [--opponent heuristic:level=medium] [--deals 200] [--seeds b1 b2 b3] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import zlib
from collections.abc import Sequence
from typing import Any

import numpy as np

from binokel.env import evaluate
from binokel.env.mlp import MlpPolicy
from binokel.env.spiel import load_game
from binokel.env.spiel_bots import PackageBot, spiel_bot
from binokel.tools.arena_stats import mean_ci


def make_policy(spec: str, rules: str, seed: str) -> Any:
    """The policy of a spec (see the module's text), its random numbers from ``seed``."""
    number = zlib.crc32(seed.encode())
    if spec == "random":
        rng = np.random.default_rng(number)
        return lambda observation, mask: int(rng.choice(np.flatnonzero(mask)))
    if spec.startswith("bot:"):
        return PackageBot(load_game(rules), spec[4:], seed=number)
    if spec.startswith("linear:"):
        saved = np.load(spec[7:])
        weights, bias = saved["weights"], saved["bias"]

        def linear(observation: Any, mask: Any) -> int:
            logits = weights @ observation.astype(np.float64) + bias
            return int(np.argmax(np.where(mask > 0, logits, -np.inf)))
        return linear
    if spec.startswith("mlp:"):
        return MlpPolicy.load(spec[4:])
    return spiel_bot(spec, load_game(rules), seed=number % (1 << 31))


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--policy", required=True)
    parser.add_argument("--rules", default="binokel")
    parser.add_argument("--opponent", default="heuristic:level=medium")
    parser.add_argument("--deals", type=int, default=200, help="deals per seed")
    parser.add_argument("--seeds", nargs="+", default=["b1", "b2", "b3"])
    parser.add_argument("--seatings", choices=("alone", "all"), default="alone",
                        help="the policy alone against the opponent in each seat (the "
                             "benchmark's protocol), or every seating as the arena plays")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args(argv)
    rows = []
    everything: list[float] = []
    started = time.perf_counter()
    for seed in args.seeds:
        result = evaluate(make_policy(args.policy, args.rules, seed), args.rules,
                          args.opponent, args.deals, seed, seatings=args.seatings)
        print(f"{args.policy} seed {seed}: {result} in {result.seconds:.0f} s", flush=True)
        rows.append({"seed": seed, "mean": result.mean, "low": result.low, "high": result.high,
                     "deals": result.deals, "seconds": result.seconds,
                     "differences": list(result.differences)})
        everything += result.differences
    mean, sd, low, high = mean_ci(everything)
    seeds = [row["mean"] for row in rows]
    spread = float(np.std(seeds, ddof=1)) if len(seeds) > 1 else 0.0
    print(f"{args.policy} pooled: {mean:+.1f} [{low:+.1f}, {high:+.1f}] over {len(everything)} "
          f"deals; seed means {', '.join(f'{m:+.1f}' for m in seeds)} (sd {spread:.1f}); "
          f"{time.perf_counter() - started:.0f} s")
    out = {"policy": args.policy, "rules": args.rules, "opponent": args.opponent,
           "seeds": rows, "pooled": {"mean": mean, "low": low, "high": high, "sd": sd,
                                     "deals": len(everything)}, "seed_sd": spread}
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(out, handle, indent=1)
    return out


if __name__ == "__main__":
    sys.exit(0 if main() else 1)
