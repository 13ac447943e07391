"""Benchmarks of the engine: random full hands and random card-play playouts, on one core.

Figures are medians of several timed runs (this machine is noisy); nothing here asserts speed.
Binocle rule sets measure Binocle: whole random hands from the deal (melds, dix, draws and the
count included) and, as its search does, playouts of the hand from a sampled deal.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..games import game_of
from ..games.binocle import BinocleRules, new_binocle_game
from ..games.binocle import random_playout as binocle_playout
from ..games.binocle.sampling import sample_state
from ..games.binokel import actions as A
from ..games.binokel.game import GameState, Phase, new_game
from ..games.binokel.playout import Position, random_playout
from ..games.binokel.rules import BINOKEL, Rules

_NOT_TRUMP_GAME = (A.GiveUp, A.Durch, A.OpenDurch)


def play_random_hand(state: GameState, rnd: Callable[[], float]) -> GameState:
    """Play the current hand of ``state`` to its end with uniformly random legal actions.

    In the declarer's trump decision only the suits are drawn from, so every hand plays all its
    tricks (giving up and Durch would end hands early and flatter the figure).
    """
    hand_no = state.hand_no
    play, auction = Phase.PLAY, Phase.AUCTION  # enum members are slow to read through the class
    while True:
        legal = state.legal_actions()
        if not legal:  # the game is over
            return state
        phase = state.phase
        if phase is not play and phase is not auction:
            legal = tuple(a for a in legal if not isinstance(a, _NOT_TRUMP_GAME)) or legal
        state = state.apply(legal[int(rnd() * len(legal))])
        if phase is play and state.hand_no != hand_no:
            return state


def hands_per_second(rules: Rules = BINOKEL, seconds: float = 3.0, seed: int = 0) -> float:
    """Random full hands per second through the public API, deal, melds and scoring included."""
    rnd = random.Random(seed).random
    game = 0
    hands = 0
    state = new_game(rules, seed=f"bench/{seed}/{game}")
    start = time.process_time()
    deadline = start + seconds
    while True:
        state = play_random_hand(state, rnd)
        hands += 1
        if state.is_over:
            game += 1
            state = new_game(rules, seed=f"bench/{seed}/{game}")
        if hands % 16 == 0 and time.process_time() >= deadline:
            break
    return hands / (time.process_time() - start)


def playout_positions(rules: Rules = BINOKEL, count: int = 64, seed: int = 0) -> list[Position]:
    """Dealt positions at the first lead of a trump game, after random auctions and discards."""
    rnd = random.Random(seed).random
    positions = []
    for i in range(count):
        state = new_game(rules, seed=f"positions/{seed}/{i}")
        while state.phase is not Phase.PLAY:
            legal = tuple(a for a in state.legal_actions() if not isinstance(a, _NOT_TRUMP_GAME))
            state = state.apply(legal[int(rnd() * len(legal))])
        positions.append(Position.from_state(state))
    return positions


def playouts_per_second(rules: Rules = BINOKEL, seconds: float = 3.0, seed: int = 0) -> float:
    """Random card-play playouts per second through the compact form, from dealt positions."""
    positions = playout_positions(rules, seed=seed)
    rnd = random.Random(seed).random
    done = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        for position in positions:
            random_playout(position, rnd)
        done += len(positions)
        if time.process_time() >= deadline:
            break
    return done / (time.process_time() - start)


@dataclass(frozen=True, slots=True)
class BenchResult:
    hands_per_second: float
    playouts_per_second: float
    hands_runs: tuple[float, ...]
    playouts_runs: tuple[float, ...]

    def as_dict(self) -> dict[str, object]:
        return {
            "hands_per_second": round(self.hands_per_second, 1),
            "playouts_per_second": round(self.playouts_per_second, 1),
            "hands_runs": [round(x, 1) for x in self.hands_runs],
            "playouts_runs": [round(x, 1) for x in self.playouts_runs],
        }


def binocle_hands_per_second(rules: BinocleRules, seconds: float = 3.0, seed: int = 0) -> float:
    """Random whole Binocle hands per second through the public API, from the deal to the
    count (no claims: every hand is played out)."""
    rng = random.Random(seed)
    game = 0
    hands = 0
    state = new_binocle_game(rules, seed=f"bench/{seed}/{game}")
    start = time.process_time()
    deadline = start + seconds
    while True:
        state = binocle_playout(state, rng)
        hands += 1
        if state.is_over:
            game += 1
            state = new_binocle_game(rules, seed=f"bench/{seed}/{game}")
        if hands % 16 == 0 and time.process_time() >= deadline:
            break
    return hands / (time.process_time() - start)


def binocle_playouts_per_second(rules: BinocleRules, seconds: float = 3.0,
                                seed: int = 0) -> float:
    """Playouts per second as Binocle's search makes them: a deal sampled from the view of the
    player to lead the first trick, then the hand played out at random."""
    views = [new_binocle_game(rules, seed=f"positions/{seed}/{i}") for i in range(64)]
    positions = [state.view(state.to_move) for state in views]
    rng = random.Random(seed)
    done = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        for view in positions:
            binocle_playout(sample_state(view, rng), rng)
        done += len(positions)
        if time.process_time() >= deadline:
            break
    return done / (time.process_time() - start)


Bench = Callable[[Any, float, int], float]
"""A benchmark: (rules, seconds, seed) -> how many per second."""

#: The two benchmarks of each game (random hands/s, playouts/s), by game name.
BENCHES: dict[str, tuple[Bench, Bench]] = {
    "binokel": (hands_per_second, playouts_per_second),
    "binocle": (binocle_hands_per_second, binocle_playouts_per_second),
    "bezique": (binocle_hands_per_second, binocle_playouts_per_second),
}


def run_bench(rules: Any = BINOKEL, *, runs: int = 5, seconds: float = 3.0,
              on_run: Callable[[], None] | None = None) -> BenchResult:
    """Median of ``runs`` timed runs of each benchmark (CPU time of this process, one core);
    ``on_run`` is called after each of the ``2 * runs`` runs (a progress bar)."""
    hand_fn, out_fn = BENCHES[game_of(rules).name]

    def timed(fn: Bench, seed: int) -> float:
        figure = fn(rules, seconds, seed)
        if on_run is not None:
            on_run()
        return figure

    hands = tuple(timed(hand_fn, i) for i in range(runs))
    outs = tuple(timed(out_fn, i) for i in range(runs))
    return BenchResult(statistics.median(hands), statistics.median(outs), hands, outs)
