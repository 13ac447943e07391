"""The compiled catch-up (binokel/env/csrc/) writes what the pure-Python one writes.

Two environments of one rule set take the same random actions, one on the compiled path and
one with :data:`binokel.env.native.CORE` set to None (the pure path, as ``BINOKEL_PURE=1`` or an
install without a C compiler has it); after every step some seats observe, chosen at random, so
that a seat catches up one event or many, and every observation is compared bit for bit.  The
compiled functions refuse a malformed config, buffer or event with a ValueError instead of
writing outside the vector.  (CI also runs tests/env on the pure path.)
"""

from __future__ import annotations

import copy
import random
from array import array
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from binokel.env import aec_env, codec_for, native, rule_set_names
from binokel.env.aec import BinokelAEC, agent_name
from binokel.env.binocle_cardplay import BinocleCardPlay
from binokel.env.cardplay import BinokelCardPlay
from binokel.games import find_game_rules
from tests.helpers import examples

pytestmark = pytest.mark.skipif(native.CORE is None, reason="the compiled catch-up is not built")

#: Every named rule set, and the variants whose steps take other paths (trumps before the
#: discard; Binocle's claims made for the players).
RULE_SETS = [*rule_set_names(), "binokel+trump_before_discard=true",
             "kreuzbinokel+trump_before_discard=true", "binocle+claim_automatically=true"]


def pure_env(name: str) -> BinokelAEC:
    """The environment as it is without the compiled catch-up (and its own codec, whose
    action map has no compiled masks: the codecs are cached by rule set)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(native, "CORE", None)
        codec_for.cache_clear()
        made = aec_env(name, hands=None)
    codec_for.cache_clear()
    play: Any = made._play
    assert play is None or play.core is None
    assert made.codec.compiled_masks is None
    return made


def play_both(name: str, seed: int, steps: int) -> int:
    """Random steps in both environments (at most ``steps``, to the game's end), some seats
    observing before each; the observations compared.  How many steps were taken."""
    fast, pure = aec_env(name, hands=None), pure_env(name)
    play: Any = fast._play
    assert play is None or play.core is native.CORE
    assert fast.codec.compiled_masks is not None
    rng = random.Random(seed)
    fast.reset(seed=seed)
    pure.reset(seed=seed)
    compared = taken = 0
    for taken in range(steps):  # noqa: B007 (the count is the answer)
        if all(fast.terminations.values()):
            break
        seats = [s for s in range(len(fast.possible_agents)) if rng.random() < 0.4]
        for seat in {*seats, fast.possible_agents.index(fast.agent_selection)}:
            agent = agent_name(seat)
            a, b = fast.observe(agent), pure.observe(agent)
            assert np.array_equal(a["observation"], b["observation"]), (name, seed, seat)
            assert np.array_equal(a["action_mask"], b["action_mask"]), (name, seed, seat)
            compared += 1
        mask = fast.observe(fast.agent_selection)["action_mask"]
        action = rng.choice(mask.nonzero()[0].tolist())
        fast.step(action)
        pure.step(action)
        assert fast.agent_selection == pure.agent_selection
    assert compared >= taken  # the mover at every step, and others
    return taken


@settings(max_examples=examples(30), deadline=None)
@given(name=st.sampled_from(RULE_SETS), seed=st.integers(0, 10**6))
def test_the_compiled_catch_up_writes_what_the_pure_one_writes(name: str, seed: int) -> None:
    assert play_both(name, seed, 300) > 0


@pytest.mark.parametrize("name", ["binokel", "kreuzbinokel", "binocle+claim_automatically=true",
                                  "bezique"])
def test_whole_games_agree(name: str) -> None:
    assert 100 < play_both(name, 7, 5000) < 5000  # to the game's end


def test_interleaved_environments_agree() -> None:
    """The compiled events keep the fields of the states they last saw (by identity): two
    tables stepped in turn, each against its pure twin, still agree at every step."""
    names = ["binokel", "bezique"]
    fast = [aec_env(name, hands=None) for name in names]
    pure = [pure_env(name) for name in names]
    rng = random.Random(11)
    for i, (a, b) in enumerate(zip(fast, pure, strict=True)):
        a.reset(seed=i)
        b.reset(seed=i)
    for _ in range(400):
        for a, b in zip(fast, pure, strict=True):
            if all(a.terminations.values()):
                continue
            agent = a.agent_selection
            obs_a, obs_b = a.observe(agent), b.observe(agent)
            assert np.array_equal(obs_a["observation"], obs_b["observation"])
            assert np.array_equal(obs_a["action_mask"], obs_b["action_mask"])
            action = rng.choice(obs_a["action_mask"].nonzero()[0].tolist())
            a.step(action)
            b.step(action)


def binokel_helper() -> BinokelCardPlay:
    play: Any = aec_env("binokel")._play
    assert isinstance(play, BinokelCardPlay)
    return play


def test_a_malformed_config_buffer_or_event_is_refused_and_nothing_is_written() -> None:
    core = native.CORE
    assert core is not None
    play = binokel_helper()
    env = aec_env("binokel")
    env.reset(seed=3)
    assert env.table is not None
    state = env.table.state
    size = len(play.zero_all)
    buf = array("f", [0.5] * size)
    event = (state.to_move, 0, None)
    with pytest.raises(ValueError, match="config"):
        core.binokel_catch_up(array("i", [0] * 3), buf, 0, [event], state)
    with pytest.raises(ValueError, match="array\\('f'\\)"):
        core.binokel_catch_up(play.config, array("d", [0.0] * size), 0, [event], state)
    with pytest.raises(ValueError, match="at least one event"):
        core.binokel_catch_up(play.config, buf, 0, [], state)
    with pytest.raises(ValueError, match="3-tuple"):
        core.binokel_catch_up(play.config, buf, 0, [(0, 0)], state)
    with pytest.raises(ValueError, match="seat 7"):
        core.binokel_catch_up(play.config, buf, 7, [event], state)
    with pytest.raises(ValueError, match="outside the vector"):  # a buffer too short
        core.binokel_catch_up(play.config, array("f", [0.0] * 10), 0, [event], state)
    with pytest.raises(ValueError, match="outside the vector"):
        core.counts(play.config, buf, size - 3, 0)
    assert list(buf) == [0.5] * size  # every refusal came before a write
    with pytest.raises(ValueError, match="no field"):
        native.config({"nonsense": 1}, [0], {})


def test_counts_write_a_packed_multiset_as_the_pure_writer_does() -> None:
    core = native.CORE
    assert core is not None
    rng = random.Random(5)
    for name in ("binokel", "binocle", "bezique"):
        play: Any = aec_env(name)._play
        assert isinstance(play, BinokelCardPlay | BinocleCardPlay)
        k = play.k
        ranks = play.suit_counts.ranks
        for _ in range(200):
            packed = sum(rng.randrange(3) << (2 * (suit * 8 + rank))
                         for suit in range(4) for rank in ranks)
            a, b = array("f", bytes(4 * (k + 2))), array("f", bytes(4 * (k + 2)))
            core.counts(play.config, a, 1, packed)
            play.suit_counts.write(b, 1, packed)
            assert a == b, (name, packed)


def test_compiled_masks_mark_the_map_s_own_instances_and_refuse_what_is_not() -> None:
    """A mask by the actions' identity: 1 at each legal action's number; None for an equal
    action of another instance (the action map then finds it by value); bad input refused."""
    core = native.CORE
    assert core is not None
    codec = codec_for(find_game_rules("binokel"))
    masks = codec.compiled_masks
    assert masks is not None
    first, last = codec.actions[0], codec.actions[-1]
    made = masks((first, last))
    assert made is not None and made.dtype == np.int8 and made.flags.writeable
    assert made.nonzero()[0].tolist() == [0, len(codec.actions) - 1]
    made[:] = 1  # the caller's own: the next mask is unchanged by it
    again = masks([last])
    assert again is not None and again.nonzero()[0].tolist() == [len(codec.actions) - 1]
    twin = copy.deepcopy(last)  # equal, not the same instance
    assert twin == last and twin is not last
    assert masks((first, twin)) is None
    assert codec.mask_of((first, twin)).nonzero()[0].tolist() == [0, len(codec.actions) - 1]
    nothing = masks(())
    assert nothing is not None and not nothing.any()
    with pytest.raises(TypeError, match="tuple or a list"):
        masks(42)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="one argument"):
        masks((), ())  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="int8 array, one per action"):
        core.Masks(codec.actions, np.zeros(len(codec.actions), np.float32))
    with pytest.raises(ValueError, match="int8 array, one per action"):
        core.Masks(codec.actions, np.zeros(3, np.int8))
    with pytest.raises(ValueError, match="appears twice"):
        core.Masks((first, last, first), np.zeros(3, np.int8))


@pytest.mark.parametrize("name", ["binokel", "kreuzbinokel", "binocle", "bezique"])
def test_compiled_masks_equal_the_masks_by_value_at_every_step(name: str) -> None:
    """Random whole games: the mover's compiled mask equals the action map's mask built by
    value from its view's legal actions (``index``), at every step; where the engine made a
    legal action anew (Bézique's melds), the compiled mask is None and ``mask_of`` finds it."""
    env = aec_env(name, hands=None)
    codec = env.codec
    masks = codec.compiled_masks
    assert masks is not None
    own = {id(a) for a in codec.actions}
    rng = random.Random(11)
    env.reset(seed=11)
    answered = 0
    for _ in range(600):
        if all(env.terminations.values()):
            env.reset()
            continue
        assert env.table is not None
        legal = env.table.state.view(env.table.to_move).legal_actions
        by_value = np.zeros(codec.action_count, np.int8)
        by_value[[codec.index(copy.deepcopy(a)) for a in legal]] = 1
        made = masks(legal)
        if made is None:
            assert any(id(a) not in own for a in legal), (name, legal)
            made = codec.mask_of(legal)
        else:
            answered += 1
        assert np.array_equal(made, by_value), (name, legal)
        env.step(rng.choice(made.nonzero()[0].tolist()))
    assert answered > 250, answered
