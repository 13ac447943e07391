"""Card counting and the inferences from the trick duties are sound: they never rule out a card
a player really holds, and sampled deals respect them (issue 5)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from binokel import GameState, GiveUp, Phase, new_game
from binokel.cards import ONE, pack
from binokel.games.binokel.rulefile import find_rules
from binokel.games.binokel.rules import rule_set_names
from binokel.games.binokel.tricks import NO_TRUMP, beats, legal_mask
from binokel.search.knowledge import (
    ASIDE,
    forbidden_after,
    full_pack,
    kind_mask,
    knowledge_of,
    minus,
    sample_deal,
    size,
)

# Every rule set, and trumps named before the discard (trumps laid away are shown).
RULES = {name: find_rules(name) for name in rule_set_names()}
RULES["trump-first"] = find_rules("binokel").replace(name="trump-first",
                                                     trump_before_discard=True)


def play_walk(rules_name: str, seed: int, cards: int) -> GameState | None:
    """A random game walked into the card play, ``cards`` cards deep (None if it ended)."""
    rng = random.Random(seed)
    state = new_game(RULES[rules_name], seed=seed)
    played = 0
    while not state.results:
        if state.phase is Phase.PLAY:
            if played == cards:
                return state
            played += 1
        legal = state.legal_actions()
        state = state.apply(rng.choice([a for a in legal if not isinstance(a, GiveUp)]
                                       or list(legal)))
    return None


@settings(max_examples=150)
@given(rules_name=st.sampled_from(sorted(RULES)), seed=st.integers(0, 100_000),
       cards=st.integers(0, 40))
def test_what_a_seat_infers_is_true_of_the_real_hands(rules_name: str, seed: int,
                                                      cards: int) -> None:
    state = play_walk(rules_name, seed, cards)
    if state is None:
        return
    for seat in state.active:
        know = knowledge_of(state.view(seat))
        assert know.hand == state.hands[seat]
        for other in state.active:
            if other == seat:
                continue
            real = state.hands[other]
            assert not real & know.forbidden.get(other, 0), "ruled out a card the seat holds"
            assert minus(know.known.get(other, 0), real) == 0, "'known' card not in the hand"
            assert minus(real, know.may_hold(other)) == 0
            assert know.need[other] == size(real) - size(know.known.get(other, 0))
        if state.declarer is not None and seat != state.declarer:
            with_declarer = state.hands[state.declarer] + pack(state.discard)
            assert minus(know.reserved, with_declarer) == 0


@settings(max_examples=100)
@given(rules_name=st.sampled_from(sorted(RULES)), seed=st.integers(0, 100_000),
       cards=st.integers(0, 40), tries=st.sampled_from([12, 0]))
def test_sampled_deals_respect_every_inference(rules_name: str, seed: int, cards: int,
                                               tries: int) -> None:
    """``tries=0`` goes straight to the exhaustive fallback (before issue 48 the fallback
    dropped the inferences instead)."""
    state = play_walk(rules_name, seed, cards)
    if state is None:
        return
    seat = state.to_move
    know = knowledge_of(state.view(seat))
    deal = sample_deal(know, random.Random(seed), tries=tries)
    hidden = 0
    for other, cards_held in deal.items():
        if other == ASIDE:
            assert size(cards_held) == know.aside
            hidden += cards_held
            continue
        assert size(cards_held) == size(state.hands[other])
        assert not cards_held & know.forbidden.get(other, 0)
        assert minus(know.known.get(other, 0), cards_held) == 0
        hidden += cards_held - know.known.get(other, 0)
    assert hidden == know.unknown
    # Every card is somewhere exactly once: my hand, played, my discard, known, sampled.
    total = know.hand + know.played + hidden + sum(know.known.values())
    if state.declarer == seat:
        total += pack(state.discard)
    else:
        total += pack(state.view(seat).shown_discard)
    assert total == full_pack(state.rules)


@settings(max_examples=300)
@given(trump=st.sampled_from([NO_TRUMP, 0, 1, 2, 3]),
       trick=st.lists(st.integers(0, 31).filter(lambda k: k % 8 >= 3), min_size=1, max_size=3),
       played=st.integers(0, 31).filter(lambda k: k % 8 >= 3),
       rules_name=st.sampled_from(rule_set_names()))
def test_a_forbidden_kind_is_exactly_one_that_would_have_made_the_card_illegal(
        trump: int, trick: list[int], played: int, rules_name: str) -> None:
    rules = find_rules(rules_name)
    best = trick[0]
    for kind in trick[1:]:
        if beats(kind, best, trump):
            best = kind
    alone = legal_mask(ONE[played], trick, best, trump, rules=rules)
    assert alone  # a single card is always playable
    forbidden = forbidden_after(rules, trump, tuple(trick), best, played)
    for other in range(32):
        if other % 8 < 3:
            continue
        held = ONE[played] + ONE[other]
        mask = legal_mask(held, trick, best, trump, rules=rules)
        still_legal = bool(mask & kind_mask(ONE[played]))
        assert still_legal == (not forbidden & kind_mask(ONE[other])), (other, forbidden)
