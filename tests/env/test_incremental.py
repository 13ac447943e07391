"""The environments' fast paths say what the plain ones say: a seat's vector kept up to date
view by view equals the vector of that view encoded from scratch (which the leak tests of
test_observations.py decode), masks from the cache equal masks from the definition, and what
an environment returns is the caller's own."""

from __future__ import annotations

import copy
import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test

from binokel.env import aec_env, codec_for, rule_set_names
from binokel.env.aec import BinokelAEC, agent_name, env, raw_env
from binokel.env.cardplay import REFRESH, BinokelCardPlay
from binokel.env.codec import Codec
from binokel.env.parts import Part, SeatEncoder, check_parts
from binokel.games import find_game_rules, new_game, random_action
from tests.helpers import examples

RULE_SETS = rule_set_names()
#: Variants no named rule set has, whose steps take other paths: trumps named before the
#: discard (trumps laid away shown), in three-seat Binokel and in Kreuzbinokel.
VARIANTS = ["binokel+trump_before_discard=true",
            "kreuzbinokel+trump_before_discard=true"]


def plain_mask(codec: Codec, view: Any) -> list[int]:
    """The mask by its definition: 1 at the number of each legal action."""
    out = [0] * codec.action_count
    for action in view.legal_actions:
        out[codec.actions.index(action)] = 1
    return out


@settings(max_examples=examples(40), deadline=None)
@given(name=st.sampled_from(RULE_SETS), seed=st.integers(0, 10**6))
def test_kept_up_to_date_vectors_equal_the_vector_from_scratch_at_every_step(
        name: str, seed: int) -> None:
    rules = find_game_rules(name)
    codec = codec_for(rules)
    encoders = [codec.encoder() for _ in range(codec.players)]
    rng = random.Random(seed)
    state = new_game(rules, seed)
    seen: list[Any] = []
    for _ in range(400):  # a hand or two, to the end of the game in the shorter rule sets
        for seat in range(codec.players):
            view = state.view(seat)
            kept = encoders[seat].update(view)
            assert np.array_equal(kept, codec.encode(view)), (name, seed, seat, len(seen))
            assert np.array_equal(codec.mask(view), plain_mask(codec, view))
        seen.append(state)
        if state.is_over:
            break
        state = state.apply(random_action(state.view(state.to_move), rng))
    # Any view may come next, an earlier one too (OpenSpiel observes clones in any order).
    jumbled = codec.encoder()
    for earlier in rng.sample(seen, min(12, len(seen))):
        view = earlier.view(0)
        assert np.array_equal(jumbled.update(view), codec.encode(view))


def test_an_encoder_rewrites_only_the_parts_whose_fields_changed() -> None:
    writes: list[str] = []

    class View:
        def __init__(self, a: int, b: tuple[int, ...]) -> None:
            self.a, self.b = a, b

    def write_a(buf: Any, view: Any) -> None:
        writes.append("a")
        buf[view.a] = 1.0

    def write_b(buf: Any, view: Any, first: int = 0) -> None:
        writes.append(f"b{first}")
        for item in view.b[first:]:
            buf[2 + item] += 1.0

    encoder = SeatEncoder([Part(("a",), 0, 2, write_a), Part(("b",), 2, 5, write_b, write_b)],
                          5)
    assert encoder.update(View(0, (1,))).tolist() == [1, 0, 0, 1, 0]
    assert encoder.update(View(0, (1, 2))).tolist() == [1, 0, 0, 1, 1]  # b grew: added to
    assert encoder.update(View(1, (0,))).tolist() == [0, 1, 1, 0, 0]  # b changed: written again
    assert writes == ["a", "b0", "b1", "a", "b0"]


def test_parts_must_tile_the_vector() -> None:
    def write(buf: Any, view: Any) -> None:
        pass

    with pytest.raises(ValueError, match="tile"):
        check_parts([Part(("a",), 0, 2, write), Part(("b",), 1, 3, write)], 3)
    with pytest.raises(ValueError, match="cover 2 positions of 3"):
        check_parts([Part(("a",), 0, 2, write)], 3)


def test_a_legal_tuple_of_other_instances_gets_the_right_mask_and_is_not_cached() -> None:
    codec = codec_for(find_game_rules("binokel"))
    legal = tuple(copy.deepcopy(a) for a in codec.actions[5:9])
    assert all(a is not b for a, b in zip(legal, codec.actions[5:9], strict=True))
    before = dict(codec._masks)  # type: ignore[attr-defined]
    assert codec.legal_indices(legal) == [5, 6, 7, 8]

    class Seen:
        legal_actions = legal

    assert np.flatnonzero(codec.mask(Seen())).tolist() == [5, 6, 7, 8]
    assert codec._masks == before  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="no number"):
        codec.legal_indices((object(),))


def test_aec_observations_are_the_callers_own_arrays() -> None:
    e = aec_env("binokel")
    e.reset(seed=4)
    agent = e.agent_selection
    first = e.observe(agent)
    keep = {k: v.copy() for k, v in first.items()}
    first["observation"][:] = 7.0
    first["action_mask"][:] = 0
    again, *_ = e.last()
    for key in keep:
        assert np.array_equal(again[key], keep[key])
    legal = np.flatnonzero(again["action_mask"])
    e.step(int(legal[0]))
    assert np.array_equal(first["observation"], np.full_like(first["observation"], 7.0)), \
        "a step must not write into an observation handed out before"


def test_the_wrapped_and_the_raw_environment() -> None:
    raw = raw_env("binocle")
    assert isinstance(raw, BinokelAEC)
    with pytest.raises(RuntimeError, match="reset"):  # the raw env says so itself
        raw.step(0)
    with pytest.raises(RuntimeError, match="reset"):
        raw.observe("player_0")
    wrapped = env("binocle")
    with pytest.raises(AssertionError, match="reset"):  # the order-enforcing wrapper
        wrapped.observe("player_0")
    api_test(env("binokel"), num_cycles=50)


def run_checked_episodes(name: str, seed: int, every_seat: bool, steps: int = 300,
                         hands: int | None = None) -> tuple[int, int, int, int]:
    """Random play in the AEC env, whole games; after each step some seats (every seat, or a
    random few) are observed and each observation compared with a fresh encode and mask of
    that seat's view; with ``hands``, an episode that ends is followed by a reset (whole
    games otherwise).  The numbers of observations made without a view: caught up from the
    card-play log in the seat's own vector, copied from another seat's vector, written from
    the state in the auction (env-06); and of those from the log or copied, how many caught
    up a step whose blocks are read again from the state (the auction's end, the Dabb, the
    last discard, trumps, Durch: env-07)."""
    e = aec_env(name, hands=hands)
    codec = e.codec
    rng = random.Random(seed)
    e.reset(seed=seed)
    from_log = copied = written = refreshed = 0
    for _ in range(steps):
        assert e.table is not None
        state = e.table.state
        seats = (range(codec.players) if every_seat
                 else rng.sample(range(codec.players), rng.randrange(codec.players + 1)))
        for seat in seats:
            synced = e._synced
            from_log += synced[seat] is not None
            donor = synced[seat] is None and synced.count(None) < len(synced)
            # Where the log is caught up from: the seat's own place, or the donor's (the first
            # other seat in step, as the env picks it).
            held = synced[seat] if synced[seat] is not None else next(
                (h for s, h in enumerate(synced) if h is not None and s != seat), None)
            refreshed += held is not None and any(kind == REFRESH
                                                  for _, kind, _ in e._log[held:])
            fresh = synced[seat] is None and not donor
            obs = e.observe(agent_name(seat))
            copied += donor
            written += fresh and e._by_play[seat]  # the view path leaves it False
            view = state.view(seat)
            assert obs["observation"].tobytes() == codec.encode(view).tobytes(), \
                (name, seed, seat, state)
            assert np.array_equal(obs["action_mask"], plain_mask(codec, view))
        if e.terminations[e.agent_selection]:
            if hands is None:
                break
            e.reset()
            continue
        legal = e.observe(e.agent_selection)["action_mask"].nonzero()[0].tolist()
        e.step(legal[rng.randrange(len(legal))])
    return from_log, copied, written, refreshed


@settings(max_examples=examples(60), deadline=None)
@given(name=st.sampled_from(RULE_SETS + VARIANTS), seed=st.integers(0, 10**6),
       every_seat=st.booleans(), hands=st.sampled_from([None, 1]))
def test_card_play_updates_equal_the_vector_from_scratch_at_every_step(
        name: str, seed: int, every_seat: bool, hands: int | None) -> None:
    run_checked_episodes(name, seed, every_seat, hands=hands)


@pytest.mark.parametrize("name", RULE_SETS + VARIANTS)
def test_card_play_updates_are_exact_in_every_rule_set(name: str) -> None:
    """Seeded games of every rule set; the rule sets with card-play updates must use them, the
    copy from another seat's vector and the blocks read again from the state too (so the
    comparison above is not only of views with views)."""
    counts = [run_checked_episodes(name, seed, seed % 2 == 0, 200, None if seed < 4 else 1)
              for seed in range(6)]
    from_log, copied, written, refreshed = (sum(c[i] for c in counts) for i in range(4))
    if isinstance(codec_for(find_game_rules(name)).card_play(), BinokelCardPlay):
        assert from_log > 100, from_log
        assert copied > 20, copied
        assert written > 5, written
        assert refreshed > 20, refreshed
    else:  # Binocle's helper logs no refresh events (test_incremental_binocle.py)
        assert refreshed == 0, refreshed
