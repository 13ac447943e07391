#!/usr/bin/env python3
"""Train the benchmark's masked PPO baseline, one seed, on CPU; evaluate it; save its weights.

sb3-contrib's ``MaskablePPO`` (Stable-Baselines3, PyTorch) learns one seat of the Gymnasium
single-seat environment (:func:`binokel.env.single_seat`, one hand per episode, reward = the
seat's hand score minus the other seats' mean, divided by 100) against ``--train-opponent``,
with the legal-action mask from the environment (``action_masks()``).  The policy is a small
MLP (``--net 64 64``, tanh).  Every ``--curve-every`` steps the training curve gets a point:
the mean reward per hand of the episodes since the last point.

Afterwards the actor alone (observation -> hidden layers -> action logits) is saved as a
``.npz`` of float32 arrays (``--save``, about 150 KiB at ``--net 64 64``) and scored by the
benchmark's policy API, :func:`binokel.env.evaluate`: ``--eval`` duplicate deals of seed
``ppo/<seed>`` against ``--opponent``, the policy taking the most likely legal action
(docs/benchmark.md).  Evaluating needs numpy only: ``scripts/bench/benchmark.py --policy
mlp:FILE`` reads the saved file.

Needs the ``[ppo]`` extra (``pip install 'binokel[rl,ppo]'``: torch, stable-baselines3,
sb3-contrib).  Torch runs on one thread (``torch.set_num_threads(1)``); the machine's other
cores are left to the game.

Usage: .venv/bin/python examples/train_ppo.py --seed 0 [--steps 16384] [--rules binokel]
       [--train-opponent heuristic:level=medium] [--opponent heuristic:level=medium]
       [--eval 100] [--save ppo-0.npz] [--curve ppo-0.csv]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from binokel.env import evaluate, single_seat
from binokel.env.evaluate import Evaluation
from binokel.env.mlp import MlpPolicy
from binokel.games import find_game_rules, seats_of

#: Hand points are a few dozen to a few hundred; PPO sees them / 100.
REWARD_SCALE = 100.0


class VectorSeat(gymnasium.Wrapper[Any, Any, Any, Any]):
    """The single-seat environment with the observation vector alone (a Box, what
    Stable-Baselines3's MLP policy takes), the reward scaled, and the mask as
    ``action_masks()``."""

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        self.observation_space = env.observation_space["observation"]
        self.hand_rewards: list[float] = []
        self._running = 0.0

    def reset(self, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        obs, info = self.env.reset(**kwargs)
        self._running = 0.0
        return obs["observation"], info

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        obs, reward, done, truncated, info = self.env.step(int(action))
        self._running += float(reward)
        if done or truncated:
            self.hand_rewards.append(self._running)
        return obs["observation"], float(reward) / REWARD_SCALE, done, truncated, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        return np.asarray(self.env.unwrapped.action_masks(), dtype=bool)


def actor_of(model: Any) -> MlpPolicy:
    """The actor of a trained MaskablePPO (its hidden layers and action head) as numpy."""
    import torch

    layers = [module for module in model.policy.mlp_extractor.policy_net
              if isinstance(module, torch.nn.Linear)] + [model.policy.action_net]
    return MlpPolicy([(layer.weight.detach().numpy().astype(np.float32),
                       layer.bias.detach().numpy().astype(np.float32)) for layer in layers])


def train(rules: str, opponent: str, steps: int, *, seed: int, net: Sequence[int],
          curve_every: int, n_steps: int = 2048, batch_size: int = 256
          ) -> tuple[Any, list[tuple[int, int, float]]]:
    """MaskablePPO for ``steps`` decisions (rollouts of ``n_steps``); the trained model and
    the curve, (steps, hands, mean hand reward) per point."""
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    torch.set_num_threads(1)
    others = seats_of(find_game_rules(rules)) - 1
    env = VectorSeat(single_seat(rules, opponents=[opponent] * others))
    curve: list[tuple[int, int, float]] = []

    class Curve(BaseCallback):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.seen = 0

        def _on_step(self) -> bool:
            if self.num_timesteps % curve_every == 0:
                recent = env.hand_rewards[self.seen:]
                self.seen = len(env.hand_rewards)
                mean = float(np.mean(recent)) if recent else float("nan")
                curve.append((self.num_timesteps, self.seen, mean))
                print(f"  {self.num_timesteps:>7} steps {self.seen:>6} hands  {mean:+8.1f}",
                      flush=True)
            return True

    model = MaskablePPO(
        "MlpPolicy", env, seed=seed, device="cpu", verbose=0, n_steps=n_steps,
        batch_size=batch_size, n_epochs=4, learning_rate=3e-4, gamma=1.0, gae_lambda=0.95,
        ent_coef=0.01,
        policy_kwargs={"net_arch": {"pi": list(net), "vf": list(net)},
                       "activation_fn": torch.nn.Tanh})
    model.learn(total_timesteps=steps, callback=Curve())
    env.close()
    return model, curve


def score(rules: str, policy: Any, opponent: str, deals: int, seed: int) -> Evaluation:
    """The policy against ``opponent`` over duplicate deals (docs/benchmark.md)."""
    result: Evaluation = evaluate(policy, rules, opponent, deals, f"ppo/{seed}")
    return result


def main(argv: Sequence[str] | None = None) -> dict[str, object]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="binokel")
    parser.add_argument("--train-opponent", default="heuristic:level=medium",
                        help="the players of the other seats while training")
    parser.add_argument("--opponent", default="heuristic:level=medium",
                        help="the opponent of the evaluation")
    parser.add_argument("--steps", type=int, default=16384, help="training decisions")
    parser.add_argument("--net", type=int, nargs="+", default=[64, 64],
                        help="hidden layer sizes of the actor and of the critic")
    parser.add_argument("--eval", type=int, default=100, help="evaluation deals (0: none)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--curve-every", type=int, default=4096)
    parser.add_argument("--n-steps", type=int, default=2048, help="decisions per rollout")
    parser.add_argument("--batch-size", type=int, default=256)
    parser.add_argument("--curve", help="write the training curve to this CSV file")
    parser.add_argument("--save", help="write the actor's weights to this .npz file")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    print(f"training curve ({args.rules}, MaskablePPO, seed {args.seed}, mean hand reward "
          f"against {args.train_opponent}, each point since the last):", flush=True)
    model, curve = train(args.rules, args.train_opponent, args.steps, seed=args.seed,
                         net=args.net, curve_every=args.curve_every, n_steps=args.n_steps,
                         batch_size=args.batch_size)
    policy = actor_of(model)
    trained_at = time.perf_counter()
    print(f"training {trained_at - start:.0f} s", flush=True)
    if args.save:
        policy.save(args.save)
    if args.curve:
        with open(args.curve, "w", encoding="utf-8") as out:
            out.write("steps,hands,mean_reward\n")
            out.writelines(f"{s},{h},{m:.3f}\n" for s, h, m in curve)
    result: dict[str, object] = {"curve": curve, "policy": policy, "model": model}
    if args.eval:
        learned = score(args.rules, policy, args.opponent, args.eval, args.seed)
        print(f"PPO policy vs {args.opponent}: {learned}")
        print(f"evaluation {time.perf_counter() - trained_at:.0f} s")
        result["trained"] = learned
    return result


if __name__ == "__main__":
    main()
