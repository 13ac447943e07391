"""Masks made from the state (decision env-08) say what the legal actions say: at every step of
random games in every rule set, the mover's mask equals the mask built the plain way from its
view's legal actions, and it is a new writable int8 array, the caller's own."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from binokel.env import aec_env, codec_for, rule_set_names
from binokel.env.cardplay import BinokelCardPlay
from binokel.games import find_game_rules
from tests.env.test_incremental import VARIANTS, plain_mask

RULE_SETS = rule_set_names()


def checked_masks(name: str, seed: int, steps: int, hands: int | None) -> Counter[str]:
    """Random play; at every step the mover's mask compared with the plain one (and the
    helper's own answer, where it gives one).  How many masks the helper made, by phase."""
    e = aec_env(name, hands=hands)
    codec = e.codec
    play = e._play
    rng = random.Random(seed)
    e.reset(seed=seed)
    made: Counter[str] = Counter()
    for _ in range(steps):
        assert e.table is not None
        agent = e.agent_selection
        if e.terminations[agent]:
            if hands is None:
                break
            e.reset()
            continue
        state = e.table.state
        seat = state.to_move
        plain = np.array(plain_mask(codec, state.view(seat)), np.int8)
        if isinstance(play, BinokelCardPlay):
            own = play.mask(state)
            if own is not None:
                made[state.phase.name] += 1
                assert own.dtype == np.int8 and own.flags.writeable, name
                assert np.array_equal(own, plain), (name, seed, state.phase, state)
        mask = e.observe(agent)["action_mask"]
        assert mask.dtype == np.int8 and mask.shape == plain.shape and mask.flags.writeable
        assert np.array_equal(mask, plain), (name, seed, state.phase, state)
        mask[:] = 1 - mask  # the caller's own: the next mask is not changed by it
        again = e.observe(agent)["action_mask"]
        assert np.array_equal(again, plain), (name, seed, state.phase)
        legal = again.nonzero()[0].tolist()
        e.step(legal[rng.randrange(len(legal))])
    return made


@pytest.mark.parametrize("name", RULE_SETS + VARIANTS)
def test_every_mask_of_every_step_equals_the_plain_mask(name: str) -> None:
    """Whole games and one-hand episodes; Binokel's helper must make the discards' and the
    auction's masks (so the comparison is not only of the action map's masks)."""
    made: Counter[str] = Counter()
    for seed in range(4):
        made += checked_masks(name, seed, 300, None if seed < 2 else 1)
    if isinstance(codec_for(find_game_rules(name)).card_play(), BinokelCardPlay):
        assert made["DISCARD"] > 20 and made["AUCTION"] > 20, made
        assert made["TRUMP"] > 0, made
        assert "PLAY" not in made, made
    else:  # Binocle's helper (decision env-09) makes no masks: the action map's cache does
        assert not made, made


def test_the_helper_refuses_an_action_map_without_the_discards_in_order() -> None:
    codec = codec_for(find_game_rules("binokel"))
    at, slot = codec._at, codec.slot  # type: ignore[attr-defined]
    size = codec.layout.size
    actions = list(codec.actions)
    i = next(i for i, a in enumerate(actions) if type(a).__name__ == "Discard")
    actions[i], actions[i + 1] = actions[i + 1], actions[i]
    with pytest.raises(ValueError, match="Discard"):
        BinokelCardPlay(at, slot, codec.players, size, actions, codec.mask_of)
    # Without an action map the helper makes no masks: the action map's own are used.
    assert BinokelCardPlay(at, slot, codec.players, size).mask(codec.start_hand(0, codec.pack())) \
        is None
