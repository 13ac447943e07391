"""Property tests over random Bézique games: the 64 cards are conserved, every applied action
was legal, views leak nothing, records round-trip, claims never appear."""

from __future__ import annotations

import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from binokel import games
from binokel.games.binocle import (
    BinocleIllegalActionError,
    BinocleRules,
    Claim,
    parse_binocle_action,
    redeal_hidden,
    sample_state,
)
from binokel.games.binocle.records import (
    dump_binocle_record,
    load_binocle_record,
    replay_binocle,
)
from binokel.games.binocle.rules import BEZIQUE, BEZIQUE_2000
from tests.binocle.test_properties import every_action, every_card, full

from .scenarios import random_states

RULE_SETS = [BEZIQUE, BEZIQUE_2000, BEZIQUE.replace(dix_uses_meld=True)]
SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
bezique_games = st.tuples(st.sampled_from(RULE_SETS), st.integers(0, 10**6))


@SETTINGS
@given(bezique_games)
def test_the_64_cards_are_conserved_at_every_step(game: tuple[BinocleRules, int]) -> None:
    rules, seed = game
    pack = full(rules)
    assert sum((pack >> (2 * k)) & 3 for k in range(32)) == 64
    for state in random_states(rules, seed):
        if not state.is_over:
            assert every_card(state) == pack, state


@SETTINGS
@given(bezique_games)
def test_every_applied_action_was_legal_and_no_claim_is_ever_offered(
        game: tuple[BinocleRules, int]) -> None:
    rules, seed = game
    states = random_states(rules, seed)
    for state in states[1:]:
        parent, action = state.parent, state.last_action
        assert parent is not None and action is not None
        assert action in parent.legal_actions()
        assert parse_binocle_action(str(action)) == action
        assert not any(isinstance(a, Claim) for a in parent.legal_actions())
    final = states[-1]
    assert final.is_over and final.winner in (0, 1)
    assert max(final.scores) >= rules.target


@SETTINGS
@given(bezique_games, st.integers(0, 2**32))
def test_views_leak_nothing_of_the_opponents_hand_or_the_stock(
        game: tuple[BinocleRules, int], salt: int) -> None:
    rules, seed = game
    rng = random.Random(salt)
    states = random_states(rules, seed)
    for state in states[:: max(1, len(states) // 12)]:
        for seat in (0, 1):
            view = state.view(seat)
            other = redeal_hidden(state, seat, rng)
            assert every_card(other) == every_card(state)
            # The hidden cards were dealt again, yet the seat sees exactly the same.
            assert other.view(seat) == view
            assert sample_state(view, rng).view(seat) == view


@SETTINGS
@given(bezique_games)
def test_records_round_trip_and_load_through_the_games_facade(
        game: tuple[BinocleRules, int]) -> None:
    rules, seed = game
    state = random_states(rules, seed)[-1]
    text = dump_binocle_record(state)
    assert text.startswith(f'[Game "Bezique"]\n[Rules "{rules.name}"]\n')
    replayed = replay_binocle(load_binocle_record(text))
    assert dump_binocle_record(replayed) == text
    assert (replayed.winner, replayed.scores) == (state.winner, state.scores)
    facade = games.replay(games.load_record(text))
    assert games.dump_record(facade) == text


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(bezique_games)
def test_illegal_actions_are_refused_with_a_reason_and_change_nothing(
        game: tuple[BinocleRules, int]) -> None:
    rules, seed = game
    states = random_states(rules, seed)
    universe = every_action(rules)
    for state in states[:: max(1, len(states) // 6)]:
        legal = set(state.legal_actions())
        before = (state.hands, state.table_bits, state.scores, state.phase, state.to_move)
        for action in universe:
            if action in legal:
                continue
            try:
                state.apply(action)
            except BinocleIllegalActionError as error:
                message = str(error)
                assert message and not message[0].islower() and message.endswith("."), message
                # Bézique's own words (a rule field may be named in brackets).
                words = re.sub(r"\([a-z_]+ is (on|off)\)", "", message)
                assert "binocle" not in words.lower() and " dix" not in words, message
            else:
                raise AssertionError(f"{action} was applied though not legal in {state}")
        assert (state.hands, state.table_bits, state.scores, state.phase,
                state.to_move) == before
