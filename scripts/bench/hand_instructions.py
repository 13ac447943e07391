#!/usr/bin/env python3
"""Play WARM+N random Binokel hands with the bench's loop, for counting instructions a hand.

Run it twice under cachegrind and take the difference (load-proof, unlike timings):

    for n in 1500 2500; do PYTHONHASHSEED=0 BINOKEL_PURE=1 valgrind --tool=cachegrind \
        --cache-sim=no --cachegrind-out-file=/dev/null .venv/bin/python \
        scripts/bench/hand_instructions.py $n; done    # (I refs 2nd - 1st) / 1000

``NOGC=1`` disables the cyclic garbage collector after the imports (speed-05).
"""
from __future__ import annotations

import gc
import os
import random
import sys

from binokel.games.binokel.game import new_game
from binokel.games.binokel.rules import BINOKEL
from binokel.tools.bench import play_random_hand  # the same loop in every checkout since 441c9c9


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
