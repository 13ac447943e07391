"""docs/rules/binocle.md §5: play after the stock is exhausted (follow and win, else trump, else
any)."""

from __future__ import annotations

import functools
import itertools

import pytest

from binokel.cards import ONE, Card, count_of
from binokel.errors import IllegalActionError
from binokel.games.binocle import BINOCLE, BINOCLE_64, BinocleState, Phase, Play

from .scenarios import is_strict_follow, random_states


@functools.cache
def strict_follows() -> tuple[BinocleState, ...]:
    """Followers to play after the stock, from a few random games."""
    return tuple(s for seed in range(12) for s in random_states(BINOCLE, seed)
                 if is_strict_follow(s))


def allowed(hand: list[Card], led: Card, trump: int) -> set[Card]:
    """The duty of §5, written the plain way."""
    follow = [c for c in hand if c.suit == led.suit]
    if follow:
        higher = [c for c in follow if c.rank > led.rank]
        return set(higher or follow)
    trumps = [c for c in hand if c.suit == trump]
    return set(trumps or hand)


def test_5_strict_play_follows_the_rule() -> None:
    assert len(strict_follows()) > 100
    for state in strict_follows():
        led = state.current_trick()[0][1]
        plays = {a.card for a in state.legal_actions() if isinstance(a, Play)}
        assert plays == allowed(state.hand(state.to_move), led, state.trump)
        assert not any(isinstance(a, Play) and a.from_table for a in state.legal_actions())


def _find(predicate: object) -> tuple[BinocleState, Card, Card]:
    for state in strict_follows():
        led = state.current_trick()[0][1]
        hand = state.hand(state.to_move)
        found = predicate(state, led, hand)  # type: ignore[operator]
        if found is not None:
            return state, led, found
    raise AssertionError("no such position in the sample")


def test_5_must_follow_suit_and_win_the_trick() -> None:
    def pick(state: BinocleState, led: Card, hand: list[Card]) -> Card | None:
        higher = [c for c in hand if c.suit == led.suit and c.rank > led.rank]
        lower = [c for c in hand if c.suit == led.suit and c.rank <= led.rank]
        return lower[0] if higher and lower else None

    state, led, card = _find(pick)
    higher = " ".join(str(c) for c in dict.fromkeys(state.hand(state.to_move))
                      if c.suit == led.suit and c.rank > led.rank)
    hand_before = state.hands
    with pytest.raises(IllegalActionError) as error:
        state.apply(Play(card))
    assert str(error.value) == f"You must follow suit and win the trick: you hold {higher}."
    assert state.hands == hand_before


def test_5_must_follow_suit_when_unable_to_win() -> None:
    def pick(state: BinocleState, led: Card, hand: list[Card]) -> Card | None:
        follow = [c for c in hand if c.suit == led.suit]
        other = [c for c in hand if c.suit != led.suit]
        if follow and other and not any(c.rank > led.rank for c in follow):
            return other[0]
        return None

    state, _led, card = _find(pick)
    with pytest.raises(IllegalActionError, match=r"^You must follow suit: you hold"):
        state.apply(Play(card))


def test_5_void_in_the_suit_led_must_trump() -> None:
    def pick(state: BinocleState, led: Card, hand: list[Card]) -> Card | None:
        if any(c.suit == led.suit for c in hand) or not any(c.suit == state.trump for c in hand):
            return None
        other = [c for c in hand if c.suit != state.trump]
        return other[0] if other else None

    state, led, card = _find(pick)
    with pytest.raises(IllegalActionError,
                       match=f"^You must trump: you have no {led.suit.symbol} but hold"):
        state.apply(Play(card))


def test_5_otherwise_any_card() -> None:
    def pick(state: BinocleState, led: Card, hand: list[Card]) -> Card | None:
        if any(c.suit in (led.suit, state.trump) for c in hand) or len(set(hand)) < 2:
            return None
        return hand[0]

    state, _, _ = _find(pick)
    plays = {a.card for a in state.legal_actions() if isinstance(a, Play)}
    assert plays == set(state.hand(state.to_move))


def test_5_melded_cards_go_back_to_the_hands() -> None:
    """The draw that empties the stock takes every melded card off the table, for the engine
    and in both seats' views; each seat then holds its 12 cards, the melded ones known to both."""
    returned = 0
    for seed in range(6):
        states = random_states(BINOCLE, seed)
        for before, after in itertools.pairwise(states):
            if not (before.stock_lasts and not after.stock_lasts
                    and after.hand_no == before.hand_no):
                continue
            returned += any(before.table_bits)
            assert after.table_bits == (0, 0)
            assert after.table_cards(0) == after.table_cards(1) == ()
            for seat in (0, 1):
                assert after.view(seat).tables == ((), ())
                assert len(after.hand(seat)) == BINOCLE.hand_size
                back = before.table_bits[seat]  # melded cards, less one played just now
                last = after.last_action
                if before.to_move == seat and isinstance(last, Play) and last.from_table:
                    back -= ONE[last.card.kind]
                known = after.known[seat]
                assert all(count_of(known, k) >= count_of(back, k) for k in range(32))
                assert all(count_of(after.hands[seat], k) >= count_of(back, k)
                           for k in range(32))
    assert returned >= 20  # the six games empty the stock with melds on the table 29 times


def test_5_last_trick_scores_10_and_card_points_come_to_240() -> None:
    for rules in (BINOCLE, BINOCLE_64):
        for seed in range(8):
            final = random_states(rules, seed)[-1]
            for result in final.results:
                assert len(result.tricks) == rules.pack_size // 2
                assert sum(result.card_points) == 240
                melds = [sum(m.points for m in result.melds[s]) for s in (0, 1)]
                assert sum(result.scores) == 240 + 10 + sum(melds) + sum(result.dix)
                last = result.tricks[-1].winner
                assert result.last_trick == last
                assert result.scores[last] == (result.card_points[last] + melds[last]
                                               + result.dix[last] + 10)


def test_5_no_table_plays_after_the_stock() -> None:
    for state in strict_follows()[:50]:
        assert state.phase is Phase.PLAY
        assert state.table_bits == (0, 0)
