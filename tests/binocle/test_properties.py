"""Property tests over random Binocle games: the pack is conserved, every applied action was
legal, the notation round-trips, views leak nothing, sampled states are consistent and play on."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from binokel.cards import ONE, Suit
from binokel.games.binocle import (
    BINOCLE,
    BINOCLE_64,
    PINOCHLE_MELD_VALUES,
    BinocleAction,
    BinocleIllegalActionError,
    BinocleRules,
    BinocleState,
    MeldKind,
    parse_binocle_action,
    random_action,
    redeal_hidden,
    sample_state,
)
from binokel.games.binocle import actions as A
from binokel.games.binocle.game import full_pack
from binokel.games.binocle.melds import meld_of

from .scenarios import random_states

RULE_SETS = [
    BINOCLE,
    BINOCLE_64,
    BINOCLE.replace(**PINOCHLE_MELD_VALUES),
    BINOCLE.replace(dix_uses_meld=True, grand_binocle=False),
    BINOCLE_64.replace(claim_automatically=True),
]
SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
games = st.tuples(st.sampled_from(RULE_SETS), st.integers(0, 10**6))


def every_card(state: BinocleState) -> int:
    """All cards of the hand in play, wherever they are, as a packed multiset."""
    total = state.hands[0] + state.hands[1] + state.table_bits[0] + state.table_bits[1]
    stock = state.deal.stock
    for kind in stock[len(stock) - state.stock_size:]:
        total += ONE[kind]
    if state.turned is not None:
        total += ONE[state.turned.kind]
    for trick in state.tricks:
        for card in trick.cards:
            total += ONE[card.kind]
    for _, card in state.current_trick():
        total += ONE[card.kind]
    return total


def full(rules: BinocleRules) -> int:
    return sum(ONE[k] for k in full_pack(rules))


@SETTINGS
@given(games)
def test_pack_is_conserved_at_every_step(game: tuple[BinocleRules, int]) -> None:
    rules, seed = game
    pack = full(rules)
    for state in random_states(rules, seed):
        if not state.is_over:
            assert every_card(state) == pack, state
            for seat in (0, 1):
                known, hand = state.known[seat], state.hands[seat]
                assert all((known >> (2 * k)) & 3 <= (hand >> (2 * k)) & 3 for k in range(32))


@SETTINGS
@given(games)
def test_every_applied_action_was_legal_and_its_notation_round_trips(
        game: tuple[BinocleRules, int]) -> None:
    rules, seed = game
    states = random_states(rules, seed)
    for state in states[1:]:
        parent, action = state.parent, state.last_action
        assert parent is not None and action is not None
        assert action in parent.legal_actions()
        assert parse_binocle_action(str(action)) == action
    final = states[-1]
    assert final.is_over and final.winner in (0, 1)
    assert len(final.history()) == len(states) - 1


@SETTINGS
@given(games, st.integers(0, 2**32))
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
            assert other.hands[seat] == state.hands[seat]
            # The hidden cards were dealt again, yet the seat sees exactly the same.
            assert other.view(seat) == view
            assert sample_state(view, rng).view(seat) == view


@SETTINGS
@given(games, st.integers(0, 2**32))
def test_sampled_states_play_on_to_the_end(game: tuple[BinocleRules, int], salt: int) -> None:
    rules, seed = game
    rng = random.Random(salt)
    states = random_states(rules, seed)
    state = states[rng.randrange(len(states))]
    if state.is_over:
        return
    sampled = sample_state(state.view(state.to_move), rng)
    assert sampled.legal_actions() == state.legal_actions()
    for _ in range(5000):
        if sampled.is_over:
            break
        sampled = sampled.apply(random_action(sampled, rng))
    assert sampled.is_over


def every_action(rules: BinocleRules) -> list[BinocleAction]:
    """Every action that could ever be written, for the refusal test."""
    out: list[BinocleAction] = [A.DONE, A.CLAIM]
    for kind in full_pack(rules)[::2]:
        out += [A.PLAY[kind], A.PLAY_TABLE[kind], A.EXCHANGE[kind], A.SHOW[kind]]
    for meld_kind in MeldKind:
        if meld_kind is MeldKind.DIX:
            continue
        suits = list(Suit) if meld_kind.needs_suit else [None]
        out += [A.meld_action(meld_of(meld_kind, suit)) for suit in suits]
    return out


@SETTINGS
@given(games)
def test_illegal_actions_are_refused_with_a_reason_and_change_nothing(
        game: tuple[BinocleRules, int]) -> None:
    rules, seed = game
    states = random_states(rules, seed)
    universe = every_action(rules)
    for state in states[:: max(1, len(states) // 8)]:
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
            else:
                raise AssertionError(f"{action} was applied though not legal in {state}")
        assert (state.hands, state.table_bits, state.scores, state.phase,
                state.to_move) == before
        assert set(state.legal_actions()) == legal
