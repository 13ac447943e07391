"""Property tests over random hands of every registered Binokel rule set, with house rules.

For every rule set (and random house-rule fields on top of it), random legal play must keep:
the pack conserved; every card play exactly the legal cards of §6 under the rule set's options;
illegal actions refused without a change; each seat's view free of hidden cards; trick points
+ last trick + discards = 250 in every fully played trump hand; and every hand scored as §4,
§7, §8 and §9 say.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from binokel import Contract, GameState, IllegalActionError, Phase, Play, Rules, new_game
from binokel.games.binokel import actions as A
from binokel.games.binokel.rulefile import derive_rules, find_rules
from binokel.games.binokel.rules import FirstLead, rule_set_names

from .variant_tools import (
    cards_of_state,
    check_view,
    expected_scores,
    full_pack,
    legal_cards,
    points,
)

HOUSE_RULES = st.fixed_dictionaries({}, optional={
    "trump_before_discard": st.booleans(),
    "give_up_bonus": st.sampled_from([40, 50]),
    "give_up_keeps_melds": st.booleans(),
    "round_trick_points": st.booleans(),
    "doubled_melds_twice": st.booleans(),
    "beat_suit_when_trumped": st.booleans(),
    "must_undertrump": st.booleans(),
    "partner_need_not_beat": st.booleans(),
    "durch_allowed": st.booleans(),
    "first_lead": st.sampled_from(list(FirstLead)),
})

_NOT_TRUMP_GAME = (A.GiveUp, A.Durch, A.OpenDurch)
#: Examples per rule set; ``BINOKEL_PROPERTY_SCALE=10`` (see tests/conftest.py) for a long run.
EXAMPLES = max(1, round(10 * float(os.environ.get("BINOKEL_PROPERTY_SCALE", "1"))))


def with_house_rules(base: Rules, house: dict[str, Any]) -> Rules:
    changes = dict(house)
    if not base.teams:
        changes.pop("partner_need_not_beat", None)
    if base.open_durch or base.open_durch_without_dabb:
        changes.pop("durch_allowed", None)
    return derive_rules(base, changes)


def action_universe(state: GameState) -> list[A.Action]:
    """Every action the notation can name in this rule set (a few bids)."""
    rules = state.rules
    kinds = sorted({c.kind for c in full_pack(rules)})
    bids = [A.bid(state.bid + k * rules.bid_step) for k in (-1, 0, 1, 2, 5)]
    return [A.PASS, A.TAKE_DABB, A.DURCH, A.OPEN_DURCH, *A.NAME_TRUMP, *A.GIVE_UP, *bids,
            *(A.PLAY[k] for k in kinds), *(A.DISCARD[k] for k in kinds)]


def check_refusals(state: GameState, rng: random.Random) -> None:
    legal = state.legal_actions()
    illegal = [a for a in action_universe(state) if a not in legal]
    for action in rng.sample(illegal, min(3, len(illegal))):
        hands = state.hands
        with pytest.raises(IllegalActionError) as refused:
            state.apply(action)
        assert str(refused.value)
        assert state.legal_actions() == legal and state.hands == hands


def check_hand_result(before: GameState, after: GameState) -> None:
    """``before`` is the last state of a hand, ``after`` the state once it was scored."""
    rules = before.rules
    result = after.results[-1]
    assert len(after.results) == len(before.results) + 1
    discard_points = points(before.discard)
    assert result.discard_points == discard_points
    assert result.scores == expected_scores(rules, result, before.active, discard_points)
    assert result.totals == tuple(t + s for t, s in zip(before.scores, result.scores,
                                                         strict=True))
    if result.contract is Contract.TRUMP:
        # Every fully played trump hand: tricks + last trick + discards = the pack's 240 + 10.
        assert len(result.tricks) == rules.hand_size
        assert sum(result.tricks_won) == rules.hand_size
        assert sum(result.trick_points) + discard_points == 240 + rules.last_trick_bonus
    if result.contract is Contract.GIVE_UP:
        assert result.tricks == ()
    if result.contract.is_durch:
        assert all(m == () for m in result.melds)


def play_checked(rules: Rules, seed: int, choices: random.Random, *, hands: int,
                 trump_only: bool) -> GameState:
    state = new_game(rules, seed)
    pack = full_pack(rules)
    while not state.is_over and state.hand_no < hands:
        assert cards_of_state(state) == pack, "the pack is conserved"
        for seat in range(rules.players):
            check_view(state, seat)
        legal = state.legal_actions()
        assert legal, "a player to move always has an action"
        if state.phase is Phase.PLAY:
            seat = state.to_move
            expected = legal_cards(rules, state.hand(seat), state.current_trick(), state.trump,
                                   seat)
            assert {a.card for a in legal if isinstance(a, Play)} == expected
            assert all(isinstance(a, Play) for a in legal)
        check_refusals(state, choices)
        options = legal
        if trump_only and state.phase is not Phase.PLAY:
            options = tuple(a for a in legal if not isinstance(a, _NOT_TRUMP_GAME)) or legal
        action = options[choices.randrange(len(options))]
        after = state.apply(action)
        if len(after.results) > len(state.results):
            check_hand_result(state, after)
        state = after
    if state.is_over:
        for seat in range(rules.players):
            check_view(state, seat)
    return state


@pytest.mark.parametrize("name", rule_set_names())
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), house=HOUSE_RULES, trump_only=st.booleans())
def test_random_hands_of_every_rule_set_keep_the_rules(name: str, seed: int,
                                                        house: dict[str, Any],
                                                        trump_only: bool) -> None:
    rules = with_house_rules(find_rules(name), house)
    play_checked(rules, seed, random.Random(seed), hands=2, trump_only=trump_only)


@pytest.mark.parametrize("name", rule_set_names())
def test_plain_rule_sets_play_many_random_hands(name: str) -> None:
    # Without house rules, more hands of each rule set, every contract included.
    rules = find_rules(name)
    for seed in range(3):
        play_checked(rules, seed, random.Random(seed), hands=3, trump_only=seed == 0)
