#!/usr/bin/env python3
"""Play WARM+N random Binokel hands with the bench's loop, for counting instructions a hand.

Run it twice under cachegrind and take the difference (load-proof, unlike timings):

    for n in 1500 2500; do PYTHONHASHSEED=0 BINOKEL_PURE=1 valgrind --tool=cachegrind \
        --cache-sim=no --cachegrind-out-file=/dev/null .venv/bin/python \
        scripts/hand_instructions.py $n; done    # (I refs 2nd - 1st) / 1000

``NOGC=1`` disables the cyclic garbage collector after the imports (speed-05).
"""
from __future__ import annotations

import gc
import os
import random
import sys
from collections.abc import Callable

from binokel.games.binokel import actions as A
from binokel.games.binokel.game import GameState, Phase, new_game
from binokel.games.binokel.rules import BINOKEL

_NOT = (A.GiveUp, A.Durch, A.OpenDurch)


def play_random_hand(state: GameState, rnd: Callable[[], float]) -> GameState:
    """The loop of ``binokel.bench.play_random_hand``, copied so that old checkouts run it too."""
    hand_no = state.hand_no
    play, auction = Phase.PLAY, Phase.AUCTION
    while True:
        legal = state.legal_actions()
        if not legal:
            return state
        phase = state.phase
        if phase is not play and phase is not auction:
            legal = tuple(a for a in legal if not isinstance(a, _NOT)) or legal
        state = state.apply(legal[int(rnd() * len(legal))])
        if phase is play and state.hand_no != hand_no:
            return state


def run(total: int, seed: int = 0) -> None:
    rnd = random.Random(seed).random
    game = 0
    state = new_game(BINOKEL, seed=f"bench/{seed}/{game}")
    for _ in range(total):
        state = play_random_hand(state, rnd)
        if state.is_over:
            game += 1
            state = new_game(BINOKEL, seed=f"bench/{seed}/{game}")


if __name__ == "__main__":
    if os.environ.get("NOGC"):
        gc.disable()
    run(int(sys.argv[1]))
