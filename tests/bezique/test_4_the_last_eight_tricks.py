"""docs/rules/bezique.md §4 (the last eight tricks): declared cards go back to the hands, no more
declarations; the second player must follow and win if able, void: trump if able."""

from __future__ import annotations

import pytest

from binokel.cards import Card
from binokel.games.binocle import BinocleIllegalActionError, BinocleState, Phase, Play
from binokel.games.binocle.rules import BEZIQUE

from .scenarios import is_strict_follow, random_states


def _expected(state: BinocleState) -> set[Card]:
    """The follower's cards the duties allow, worked out from the spec's words."""
    led = state.current_trick()[0][1]
    hand = state.hand(state.to_move)
    follow = [c for c in hand if c.suit == led.suit]
    if follow:
        higher = [c for c in follow if c.rank > led.rank]
        return set(higher or follow)
    trumps = [c for c in hand if c.suit == state.trump]
    return set(trumps or hand)


@pytest.mark.parametrize("seed", range(8))
def test_4_the_last_eight_tricks_follow_win_or_trump(seed: int) -> None:
    states = random_states(BEZIQUE, seed)
    checked = 0
    for state in states:
        if is_strict_follow(state):
            played = {a.card for a in state.legal_actions() if isinstance(a, Play)}
            assert played == _expected(state)
            checked += 1
    assert checked >= 8  # at least the first hand's last eight tricks


@pytest.mark.parametrize("seed", range(4))
def test_4_eight_tricks_after_the_stock_with_eight_cards_each_and_no_declarations(
        seed: int) -> None:
    states = random_states(BEZIQUE, seed)
    first = next(s for s in states if not s.stock_lasts)
    assert first.stock_size == 0 and first.hand_no == 0
    assert len(first.hand(0)) == len(first.hand(1)) == 8
    assert first.table(0) == [] and first.table(1) == []
    assert len(first.tricks) == 24  # 47 face-down cards and the turned one: 24 tricks before
    after = [s for s in states if s.hand_no == 0 and not s.stock_lasts and not s.is_over]
    assert all(s.phase is Phase.PLAY for s in after)


def test_4_a_card_against_the_duties_is_refused_naming_the_rule() -> None:
    for seed in range(20):
        for state in random_states(BEZIQUE, seed):
            if not is_strict_follow(state):
                continue
            allowed = _expected(state)
            wrong = [c for c in state.hand(state.to_move) if c not in allowed]
            if wrong:
                with pytest.raises(BinocleIllegalActionError, match="You must"):
                    state.apply(Play(wrong[0]))
                return
    raise AssertionError("no follower with a card the duties forbid in 20 games")
