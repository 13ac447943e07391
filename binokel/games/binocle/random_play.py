"""A random legal player and whole random games, for tests, benchmarks and self-play.

>>> import random
>>> from binokel.games.binocle import play_random_game
>>> state = play_random_game(seed=3, rng=random.Random(3))
>>> state.is_over, state.winner in (0, 1)
(True, True)
"""

from __future__ import annotations

import random

from . import actions as A
from .actions import BinocleAction
from .game import BinocleState, new_binocle_game
from .rules import BINOCLE, BinocleRules
from .views import BinocleView


def random_action(state: BinocleState | BinocleView, rng: random.Random, *,
                  claim_when_sure: bool = True) -> BinocleAction:
    """A legal action chosen uniformly at random.

    With ``claim_when_sure`` (the default) the player claims exactly when the claim is right,
    and otherwise chooses uniformly among the other actions; without it, a claim is one more
    action to choose at random (and is mostly wrong).
    """
    legal = state.legal_actions() if isinstance(state, BinocleState) else state.legal_actions
    if not legal:
        raise ValueError("no legal action: the game is over or it is not this seat's turn")
    only_done = len(legal) == 1 or (len(legal) == 2 and legal[1] is A.CLAIM
                                    and claim_when_sure and not _sure(state))
    if legal[0] is A.DONE and only_done:
        # A trick's winner with nothing to declare says done; no number is drawn for it, so
        # random games go as they went before the winner had that step (decision binocle-06).
        return A.DONE
    if claim_when_sure and legal[-1] is A.CLAIM:
        if state.claim_total(state.to_move) >= state.target:
            return A.CLAIM
        if len(legal) > 1:
            return legal[rng.randrange(len(legal) - 1)]
    return legal[rng.randrange(len(legal))]


def _sure(state: BinocleState | BinocleView) -> bool:
    return state.claim_total(state.to_move) >= state.target


def play_random_game(rules: BinocleRules = BINOCLE, seed: int | str = 0,
                     rng: random.Random | None = None, *, claim_when_sure: bool = True,
                     max_actions: int = 100_000) -> BinocleState:
    """A whole game between two random legal players; the final state (its history holds
    every action)."""
    if rng is None:
        rng = random.Random(f"binocle-random/{seed}")
    state = new_binocle_game(rules, seed)
    for _ in range(max_actions):
        if state.is_over:
            return state
        state = state.apply(random_action(state, rng, claim_when_sure=claim_when_sure))
    raise RuntimeError(f"the game did not end within {max_actions} actions")


def random_playout(state: BinocleState, rng: random.Random) -> BinocleState:
    """Play the hand in progress to its end with uniform random actions and no claims.

    Returns the first state of the next hand (its ``results[-1]`` is the finished hand) or the
    final state if the game ended; for search and benchmarks.
    """
    hand_no = state.hand_no
    claim = A.CLAIM
    while state.hand_no == hand_no and not state.is_over:
        legal = state.legal_actions()
        n = len(legal)
        if legal[-1] is claim:
            n -= 1
        state = state.apply(legal[rng.randrange(n)] if n > 1 else legal[0])
    return state
