#!/usr/bin/env python3
"""Learn one seat's play against random players, on CPU with numpy, in minutes.

A linear softmax policy over the legal actions (logits = W·observation + b, masked) is trained
with REINFORCE and a running-mean baseline on the Gymnasium single-seat environment
(:func:`binokel.env.single_seat`), one hand per episode, reward = the seat's hand score minus
the opponent's.  Then the trained policy (its most likely legal action) and a random one are
each scored by the benchmark's policy API, :func:`binokel.env.evaluate`: duplicate deals
against the random player, the mean difference per hand with its 95% interval
(docs/benchmark.md).  ``--save FILE`` keeps the weights (a .npz file that
``scripts/bench/benchmark.py --policy linear:FILE`` reads).

The default game is Binocle with automatic claims (``binocle+claim_automatically=true``): a
claim decides the whole game, which a one-hand reward cannot weigh, so the claim is left to
the rule.

Usage: .venv/bin/python examples/train_card_play.py [--hands 20000] [--eval 2000]
       [--rules NAME] [--seed 0] [--curve curve.csv] [--save weights.npz]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from binokel.env import evaluate, single_seat
from binokel.env.evaluate import Evaluation
from binokel.games import find_game_rules, seats_of

Array = npt.NDArray[np.float64]

#: Rewards are hand points (a few dozen to a few hundred); the gradient sees them / 100.
REWARD_SCALE = 100.0


@dataclass
class Policy:
    """Masked linear softmax policy."""

    weights: Array
    bias: Array

    @classmethod
    def zeros(cls, actions: int, size: int) -> Policy:
        return cls(np.zeros((actions, size)), np.zeros(actions))

    def probabilities(self, obs: Array, mask: npt.NDArray[np.int8]) -> Array:
        logits = self.weights @ obs + self.bias
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()  # type: ignore[no-any-return]

    def __call__(self, observation: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> int:
        """The policy API of :func:`binokel.env.evaluate`: the most likely legal action."""
        logits = self.weights @ observation.astype(np.float64) + self.bias
        return int(np.argmax(np.where(mask > 0, logits, -np.inf)))


def play_hand(env: object, policy: Policy | None, rng: np.random.Generator,
              seed: int | None = None) -> tuple[float, list[tuple[Array, Array, int]]]:
    """One episode; the reward and the (observation, probabilities, action) of each step.
    ``policy=None`` plays uniformly among the legal actions."""
    obs, _ = env.reset(seed=seed)  # type: ignore[attr-defined]
    steps: list[tuple[Array, Array, int]] = []
    total, done = 0.0, False
    while not done:
        x = obs["observation"].astype(np.float64)
        mask = obs["action_mask"]
        p = mask / mask.sum() if policy is None else policy.probabilities(x, mask)
        action = int(rng.choice(len(p), p=p))
        steps.append((x, p, action))
        obs, reward, done, _, _ = env.step(action)  # type: ignore[attr-defined]
        total += float(reward)
    return total, steps


def train(rules: str, hands: int, *, lr: float, seed: int, report_every: int
          ) -> tuple[Policy, list[tuple[int, float]]]:
    """REINFORCE; the curve is (hands played, mean reward of the last ``report_every``)."""
    others = seats_of(find_game_rules(rules)) - 1
    env = single_seat(rules, opponents=["random"] * others)
    size = env.observation_space["observation"].shape[0]
    policy = Policy.zeros(int(env.action_space.n), size)
    rng = np.random.default_rng(seed)
    baseline = 0.0
    recent: list[float] = []
    curve: list[tuple[int, float]] = []
    for hand in range(1, hands + 1):
        reward, steps = play_hand(env, policy, rng, seed=seed if hand == 1 else None)
        advantage = (reward - baseline) / REWARD_SCALE
        baseline += 0.01 * (reward - baseline)
        for x, p, action in steps:
            grad = -p
            grad[action] += 1.0
            policy.weights += lr * advantage * np.outer(grad, x)
            policy.bias += lr * advantage * grad
        recent.append(reward)
        if hand % report_every == 0:
            curve.append((hand, float(np.mean(recent))))
            print(f"  {hand:>7} hands  {curve[-1][1]:+8.1f}", flush=True)
            recent = []
    env.close()
    return policy, curve


def random_policy(seed: int) -> Any:
    """Uniformly among the legal actions (the check that the seat itself has no edge)."""
    rng = np.random.default_rng(seed)
    return lambda observation, mask: int(rng.choice(np.flatnonzero(mask)))


def score(rules: str, policy: Any, deals: int, seed: int) -> Evaluation:
    """The policy against random players over duplicate deals (docs/benchmark.md)."""
    result: Evaluation = evaluate(policy, rules, "random", deals, f"example/{seed}")
    return result


def main(argv: Sequence[str] | None = None) -> dict[str, object]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="binocle+claim_automatically=true")
    parser.add_argument("--hands", type=int, default=20000, help="training hands")
    parser.add_argument("--eval", type=int, default=2000,
                        help="evaluation deals (each played with the policy in every seat)")
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--report-every", type=int, default=1000)
    parser.add_argument("--curve", help="write the training curve to this CSV file")
    parser.add_argument("--save", help="write the trained weights to this .npz file")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    print(f"training curve ({args.rules}, mean hand reward against random players, "
          f"each point over the last {args.report_every} hands):", flush=True)
    policy, curve = train(args.rules, args.hands, lr=args.lr, seed=args.seed,
                          report_every=args.report_every)
    trained_at = time.perf_counter()
    learned = score(args.rules, policy, args.eval, args.seed)
    untrained = score(args.rules, random_policy(args.seed), args.eval, args.seed)
    done = time.perf_counter()
    print(f"trained policy vs random: {learned}")
    print(f"random policy vs random:  {untrained}")
    print(f"training {trained_at - start:.0f} s, evaluation {done - trained_at:.0f} s")
    if args.save:
        np.savez_compressed(args.save, weights=policy.weights.astype(np.float32),
                            bias=policy.bias.astype(np.float32))
    if args.curve:
        with open(args.curve, "w", encoding="utf-8") as out:
            out.write("hands,mean_reward\n")
            out.writelines(f"{h},{m:.3f}\n" for h, m in curve)
    return {"curve": curve, "trained": learned, "random": untrained}


if __name__ == "__main__":
    main()
