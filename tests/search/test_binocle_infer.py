"""Binocle and Bézique: the expert's reading of the opponent's melds (search/binocle_infer.py)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from binokel.bots.expert.binokel import ExpertBot
from binokel.bots.heuristic.binocle import BinocleHeuristicBot
from binokel.games.binocle import find_binocle_rules, new_binocle_game, redeal_hidden
from binokel.games.binocle.game import BinocleState
from binokel.games.binocle.sampling import sample_state
from binokel.games.binocle.views import BinocleView
from binokel.search import binocle_infer
from binokel.search.binocle_infer import MISMATCH, likelihood, meld_evidence, weighted_state

RULE_SETS = ["binocle", "binocle-64", "bezique", "bezique-2000"]


def _opportunities(rules_name: str, seed: int) -> list[tuple[BinocleView, BinocleView,
                                                             BinocleState]]:
    """Seat 0's consecutive views around each meld opportunity of its rule-based opponent in
    the first hand, with the true state."""
    rules = find_binocle_rules(rules_name)
    state = new_binocle_game(rules, seed=seed)
    bot = BinocleHeuristicBot(level="hard")
    rng = random.Random(seed)
    before: BinocleView | None = None
    out = []
    while not state.is_over and state.hand_no == 0:
        view = state.view(state.to_move)
        if state.to_move == 0:
            if before is not None and meld_evidence(before, view) is not None:
                out.append((before, view, state))
            before = view
        state = state.apply(bot.choose(view, rng))
    return out


@settings(max_examples=20, deadline=None)
@given(rules_name=st.sampled_from(RULE_SETS), seed=st.integers(0, 10**9),
       pick=st.integers(0, 50), pool=st.integers(2, 6))
def test_weighted_worlds_agree_with_the_view(rules_name: str, seed: int, pick: int,
                                             pool: int) -> None:
    found = _opportunities(rules_name, seed)
    if not found:
        return
    before, view, _ = found[pick % len(found)]
    evidence = meld_evidence(before, view)
    rng = random.Random(seed)
    for _ in range(3):
        world = weighted_state(view, rng, evidence, pool=pool)
        assert world.view(view.seat) == view


def test_the_true_deal_is_likelier_than_the_sampled_ones() -> None:
    # Against the rule-based player (which lays its best meld) the real cards fit its melds
    # better, on average, than deals sampled from the view alone.
    true_total = sampled_total = 0.0
    count = 0
    for seed in range(6):
        for before, view, state in _opportunities("binocle", seed):
            evidence = meld_evidence(before, view)
            assert evidence is not None
            true_total += likelihood(evidence, view, state)
            rng = random.Random(seed)
            weights = [likelihood(evidence, view, sample_state(view, rng)) for _ in range(8)]
            assert all(MISMATCH - 1e-9 <= w <= 1 + 1e-9 for w in weights)
            sampled_total += sum(weights) / 8
            count += 1
    assert count >= 10
    assert true_total / count > sampled_total / count + 0.1


def test_no_evidence_without_a_trick_won_by_the_opponent() -> None:
    state = new_binocle_game(seed=5)
    view = state.view(state.to_move)
    assert meld_evidence(view, view) is None
    # With no evidence the draw is exactly the plain sampler's (same dice, same deal).
    a = weighted_state(view, random.Random(3), None, pool=4)
    b = sample_state(view, random.Random(3))
    assert a.hands == b.hands and a.deal.stock == b.deal.stock
    # With pool=1 (`expert:pool=1`) the evidence is not read: the plain sampler's deal again.
    before, later, _ = _opportunities("binocle", 1)[0]
    evidence = meld_evidence(before, later)
    c = weighted_state(later, random.Random(3), evidence, pool=1)
    d = sample_state(later, random.Random(3))
    assert c.hands == d.hands and c.deal.stock == d.deal.stock


def test_the_expert_reads_melds_and_plays_only_legal_actions_in_every_rule_set(
        monkeypatch: pytest.MonkeyPatch) -> None:
    used = 0
    original = binocle_infer.weighted_state

    def counting(view: BinocleView, rng: random.Random, evidence: object, *,
                 pool: int) -> BinocleState:
        nonlocal used
        used += evidence is not None
        return original(view, rng, evidence, pool=pool)  # type: ignore[arg-type]

    monkeypatch.setattr("binokel.search.binocle.weighted_state", counting)
    for name in RULE_SETS:
        state = new_binocle_game(find_binocle_rules(name), seed=11)
        bots: list[Any] = [ExpertBot("expert:samples=4,exact=3"),
                           BinocleHeuristicBot(level="hard")]
        rng = random.Random(11)
        while not state.is_over and state.hand_no == 0:
            view = state.view(state.to_move)
            action = bots[state.to_move].choose(view, rng)
            assert action in view.legal_actions
            state = state.apply(action)
    assert used > 0


def test_the_expert_reads_no_hidden_card() -> None:
    # Two deals that look the same to the expert (its view before and now) get the same choice:
    # the hidden cards dealt again change nothing it does.
    for before, view, state in _opportunities("binocle", 2)[:4]:
        other = redeal_hidden(state, 0, random.Random(9))
        assert other.view(0) == view
        choices = []
        for now in (view, other.view(0)):
            bot = ExpertBot("expert:samples=4,exact=3")
            bot._binocle.previous(before)
            choices.append(bot.binocle_candidates(now, random.Random(4)))
        assert choices[0] == choices[1]


def test_a_dix_it_could_have_used_makes_a_world_unlikely() -> None:
    # The rule-based player exchanges or shows a dix first: a world in which the opponent kept
    # both dixes in its hand, whatever card it drew last, weighs MISMATCH when a dix was open.
    import dataclasses

    from binokel.cards import BITS, ONE

    checked = 0
    for seed in range(6):
        for before, view, _state in _opportunities("binocle", seed):
            evidence = meld_evidence(before, view)
            assert evidence is not None
            world = sample_state(view, random.Random(seed))
            opp = evidence.seat
            dix = view.dix.kind
            hand = world.hands[opp]
            spare = [k for k in range(32) if (hand >> (k * BITS)) & 3 and k != dix]
            if (hand >> (dix * BITS)) & 3 or len(spare) < 2 or view.known[opp]:
                continue
            two_dixes = hand - ONE[spare[0]] - ONE[spare[1]] + 2 * ONE[dix]
            hands = list(world.hands)
            hands[opp] = two_dixes
            object.__setattr__(world, "_hands", tuple(hands))
            closed = likelihood(dataclasses.replace(evidence, dix_open=False), view, world)
            if closed <= MISMATCH:
                continue
            opened = likelihood(dataclasses.replace(evidence, dix_open=True), view, world)
            assert abs(opened - MISMATCH) < 1e-9
            checked += 1
    assert checked >= 3


def test_a_card_the_opponent_led_from_its_table_is_not_removed_twice() -> None:
    # When the opponent leads from its table the engine takes the card off at once: seat 0's
    # view before the trick ends already lacks it, so the evidence's table is the true table
    # just after the trick (no other copy of that kind removed, the evidence not dropped).
    checked = 0
    for seed in range(40):
        state = new_binocle_game(seed=seed)
        bot = BinocleHeuristicBot(level="hard")
        rng = random.Random(seed)
        before: BinocleView | None = None
        after_trick: BinocleState | None = None
        led_from_table = False
        while not state.is_over and state.hand_no == 0:
            view = state.view(state.to_move)
            if state.to_move == 0:
                if before is not None and after_trick is not None and led_from_table:
                    evidence = meld_evidence(before, view)
                    if (view.tricks[-1].winner == 1 and before.stock_lasts and view.stock_lasts
                            and view.dix_points == before.dix_points
                            and len(view.melds[1]) <= len(before.melds[1]) + 1):
                        assert evidence is not None
                        assert evidence.table == after_trick.view(0).tables[1]
                        checked += 1
                before = view
                after_trick = None
            tricks = len(view.tricks)
            trick_before = view.trick
            following = view.led_from_table
            state = state.apply(bot.choose(view, rng))
            if len(state.view(0).tricks) > tricks:
                after_trick = state
                led_from_table = (len(trick_before) == 1 and trick_before[0][0] == 1
                                  and following)
    assert checked >= 3


def test_another_tables_view_between_two_decisions_changes_nothing() -> None:
    # One expert serves every table of a web worker: a view of another game decided between a
    # seat's two decisions leaves the second one's action and values as without it.
    before, view, _ = _opportunities("binocle", 2)[0]
    other_before, other, _ = _opportunities("binocle", 5)[0]
    alone = ExpertBot("expert:samples=4,exact=3")
    alone.binocle_candidates(before, random.Random(1))
    expected = alone.binocle_candidates(view, random.Random(4))
    shared = ExpertBot("expert:samples=4,exact=3")
    shared.binocle_candidates(before, random.Random(1))
    shared.binocle_candidates(other, random.Random(2))
    assert shared.binocle_candidates(view, random.Random(4)) == expected
    # Deciding the same view again reads the same evidence; a fresh expert has none.
    assert shared.binocle_candidates(view, random.Random(4)) == expected
    fresh = ExpertBot("expert:samples=4,exact=3")
    fresh.binocle_candidates(other_before, random.Random(1))
    assert fresh.binocle_candidates(view, random.Random(4)) == ExpertBot(
        "expert:samples=4,exact=3").binocle_candidates(view, random.Random(4))
