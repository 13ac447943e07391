#!/usr/bin/env python3
"""Speed of the research environments against the engine, for random play.

Prints, per rule set, the median over repeats of: the engine's own actions per second (legal
actions and apply, as search does; and with a view for every action, as every player gets),
PettingZoo AEC environment steps per second (observation, mask, step), raw and in PettingZoo's
default wrappers, and OpenSpiel player actions per second (chance deals included in the time),
with the ratios to the engine and the microseconds a step spends outside the engine.  A
*floor* runs the same environment with its encoding taken out (every observation a copy of one
zero vector, the masks and the step's bookkeeping as they are): no encoder can make the
environment faster than that, so ``floor/eng`` bounds what ``pz/eng`` can reach.
Times are the process's CPU time (``time.process_time``), steadier than wall time on a shared
machine.  Random choices come from ``random.Random`` in every loop (numpy's scalar draws cost
microseconds, which would be charged to the environment).

Usage: .venv/bin/python scripts/bench/bench_env.py [--rules binokel binocle] [--repeats 5]
       [--actions 20000]
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from binokel.env import aec_env
from binokel.env.aec import BinokelAEC, Observation
from binokel.env.spiel import load_game
from binokel.games import find_game_rules, new_game, random_action

# The wrapped environment is new: a reference checkout may not have it (then "pz+wrap" is raw).
wrapped_env: Callable[..., Any] | None = getattr(importlib.import_module("binokel.env.aec"),
                                                 "env", None)


def engine_raw(name: str, actions: int) -> float:
    """Actions per second: ``legal_actions()`` and ``apply``, a new deal after each hand."""
    rules = find_game_rules(name)
    rng = random.Random(0)
    done, seed = 0, 0
    start = time.process_time()
    while done < actions:
        state = new_game(rules, seed)
        seed += 1
        while not state.is_over and not state.results and done < actions:
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
            done += 1
    return done / (time.process_time() - start)


def engine_views(name: str, actions: int) -> float:
    """Actions per second when the player to act is handed its view, as every player is."""
    rules = find_game_rules(name)
    rng = random.Random(0)
    done, seed = 0, 0
    start = time.process_time()
    while done < actions:
        state = new_game(rules, seed)
        seed += 1
        while not state.is_over and not state.results and done < actions:
            state = state.apply(random_action(state.view(state.to_move), rng))
            done += 1
    return done / (time.process_time() - start)


def pettingzoo(name: str, actions: int, wrapped: bool = False, env: Any = None) -> float:
    """AEC steps per second: ``last()`` (observation and mask), a random choice among the
    mask's nonzero entries, ``step``; episodes of one hand, reset after each."""
    if env is None:
        env = wrapped_env(name) if wrapped and wrapped_env is not None else aec_env(name)
    rng = random.Random(0)
    done = 0
    env.reset(seed=0)
    start = time.process_time()
    while done < actions:
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.reset()
            continue
        # The numbers of the legal actions as Python ints: ``nonzero`` costs a third of
        # ``np.flatnonzero`` (which reshapes first), and an int needs no conversion.
        legal = obs["action_mask"].nonzero()[0].tolist()
        env.step(legal[rng.randrange(len(legal))])
        done += 1
    return done / (time.process_time() - start)


class NoEncoding(BinokelAEC):
    """The environment with its encoding taken out, for the floor: no event log, no catch-up,
    no view; every observation is a copy of one zero vector with the mask the environment
    gives (from the state where its helper can, else from the legal actions)."""

    def __init__(self, rules_name: str) -> None:
        super().__init__(rules_name)
        shape = self._observation_space["observation"].shape
        assert shape is not None
        self._blank = np.zeros(shape, np.float32)
        self._play = None  # ``step`` logs no events

    def observe(self, agent: str) -> Observation:
        # The masks as the end of ``BinokelAEC.observe`` makes them, line for line: the
        # environment inlines them (a shared method cost 0.6% of a Binokel step), and the
        # floor must pay what the environment pays.
        assert self.table is not None
        state = self.table.state
        if state.to_move != self._seat[agent]:
            return {"observation": self._blank.copy(), "action_mask": self._mask_of(())}
        if self._masks is not None:
            mask = self._masks(state.legal_actions())
        else:
            mask = self._state_mask(state) if self._state_mask is not None else None
        if mask is None:
            mask = self._mask_of(state.legal_actions())
        return {"observation": self._blank.copy(), "action_mask": mask}


def floor(name: str, actions: int) -> float:
    """As :func:`pettingzoo`, with the encoding taken out (:class:`NoEncoding`)."""
    return pettingzoo(name, actions, env=NoEncoding(name))


def pettingzoo_wrapped(name: str, actions: int) -> float:
    """As :func:`pettingzoo`, in PettingZoo's default wrappers (``binokel.env.aec.env``)."""
    return pettingzoo(name, actions, wrapped=True)


def openspiel(name: str, actions: int) -> float:
    """OpenSpiel player actions per second; the chance deal of each hand is in the time."""
    game = load_game(name)
    rng = random.Random(0)
    done = 0
    start = time.process_time()
    while done < actions:
        state = game.new_initial_state()
        while not state.is_terminal() and done < actions:
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                done += 1
    return done / (time.process_time() - start)


MEASURES: dict[str, Callable[[str, int], float]] = {
    "engine": engine_raw, "views": engine_views, "pz": pettingzoo, "wrap": pettingzoo_wrapped,
    "spiel": openspiel, "floor": floor,
}


def interleaved(name: str, actions: int, repeats: int) -> dict[str, list[float]]:
    """Each measure once per round, round after round, so that a shared machine's load falls
    on all of them alike; the rates of every round."""
    rates: dict[str, list[float]] = {key: [] for key in MEASURES}
    for _ in range(repeats):
        for key, measure in MEASURES.items():
            rates[key].append(measure(name, actions))
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    # Binocle with automatic claims: a uniform random claim would end most games at once.
    parser.add_argument("--rules", nargs="+",
                        default=["binokel", "kreuzbinokel", "binocle+claim_automatically=true"])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--actions", type=int, default=20000)
    args = parser.parse_args()
    import binokel

    print(f"binokel from {os.path.dirname(binokel.__file__)}")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
          f"{os.cpu_count()} cores; medians of {args.repeats} rounds of {args.actions} actions "
          f"(each round runs every measure once; ratios are medians of the rounds' ratios)")
    width = max(14, *(len(name) for name in args.rules))
    header = (f"{'rule set':<{width}} {'engine':>9} {'eng+view':>9} {'pettingzoo':>11} "
              f"{'pz+wrap':>9} {'openspiel':>10}  {'pz/eng':>6} {'pz/eng+v':>8} "
              f"{'os/eng':>6} {'floor/eng':>9}  {'eng µs':>6} {'pz µs':>6} {'pz-eng':>6} "
              f"{'fl-eng':>6}")
    print(header)
    for name in args.rules:
        rates = interleaved(name, args.actions, args.repeats)
        med = {key: statistics.median(values) for key, values in rates.items()}
        raw, views, pz, wrap, spiel, low = (med[k] for k in MEASURES)

        def ratio(key: str, rates: dict[str, list[float]] = rates) -> float:
            """The median over rounds of the measure's rate over the engine's, same round."""
            return statistics.median(a / b for a, b in zip(rates[key], rates["engine"],
                                                           strict=True))

        print(f"{name:<{width}} {raw:>9.0f} {views:>9.0f} {pz:>11.0f} {wrap:>9.0f} "
              f"{spiel:>10.0f}  {ratio('pz'):>6.0%} {pz / views:>8.0%} {ratio('spiel'):>6.0%} "
              f"{ratio('floor'):>9.0%}  {1e6 / raw:>6.1f} {1e6 / pz:>6.1f} "
              f"{1e6 / pz - 1e6 / raw:>6.1f} {1e6 / low - 1e6 / raw:>6.1f}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("(actions per second, random play; engine = legal_actions + apply, eng+view = with "
          "the mover's view; pz+wrap = in PettingZoo's default wrappers; µs per action or "
          "step, pz-eng = what a step spends outside the engine; floor = the environment with "
          "no encoding, fl-eng = what a step of it spends outside the engine)")


if __name__ == "__main__":
    main()
