"""Observations encode exactly the seat's view: decoded block by block they say what the view
says, the own hand is the seat's own, and nothing hidden from the seat changes them."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from binokel.cards import Card, unpack
from binokel.env import codec_for, rule_set_names
from binokel.env.codec import POINT_SCALE, Codec
from binokel.games import find_game_rules, game_of, new_game, random_action
from binokel.games.binocle import sample_state
from binokel.games.binokel.game import Deal
from binokel.games.binokel.game import new_game as new_binokel_game
from tests.helpers import examples

RULE_SETS = rule_set_names()


def counts(codec: Codec, block: Any) -> Counter[Card]:
    """A decoded card block as a multiset of cards."""
    from binokel.cards import CARDS

    kinds: tuple[int, ...] = codec.kinds  # type: ignore[attr-defined]
    out: Counter[Card] = Counter()
    for i, value in enumerate(np.asarray(block).tolist()):
        if value:
            assert value == int(value), f"a card count must be whole, not {value}"
            out[CARDS[kinds[i]]] = int(value)
    return out


def cards(items: Iterable[Card] | None) -> Counter[Card]:
    return Counter(items or ())


def one_hot_index(block: Any) -> int | None:
    hot = [i for i, v in enumerate(np.asarray(block).tolist()) if v]
    assert len(hot) <= 1 and all(np.asarray(block)[hot] == 1), f"not one-hot: {block}"
    return hot[0] if hot else None


def points(block: Any) -> list[int]:
    return [round(v * POINT_SCALE) for v in np.asarray(block).tolist()]


def check_binokel(codec: Codec, state: Any, seat: int) -> None:
    view = state.view(seat)
    d = codec.layout.decode(codec.encode(view))
    assert one_hot_index(d["seat"]) == seat
    assert counts(codec, d["hand"]) == cards(unpack(state.hands[seat])) == cards(view.hand)
    assert d["hand_sizes"].tolist() == list(view.hand_sizes)
    assert counts(codec, d["dabb"]) == cards(view.dabb)
    assert counts(codec, d["discard"]) == cards(view.discard)
    if view.declarer != seat:
        assert not d["discard"].any(), "the laid-away cards are the declarer's to know"
    assert counts(codec, d["shown_discard"]) == cards(view.shown_discard)
    assert counts(codec, d["open_hand"]) == cards(view.open_hand)
    for other in range(codec.players):
        trick = [c for s, c in view.trick if s == other]
        assert counts(codec, d["trick"][other]) == cards(trick)
        played = [c for t in view.tricks for s, c in zip(t.seats(view.active), t.cards,
                                                          strict=True) if s == other]
        assert counts(codec, d["played"][other]) == cards(played)
        shown: Counter[Card] = Counter()
        for meld in view.melds[other]:
            shown |= Counter(meld.cards)
        assert counts(codec, d["melded"][other]) == shown
    assert points(d["scores"]) == list(view.scores)
    assert points(d["trick_points"]) == list(view.trick_points)
    assert d["tricks_won"].tolist() == list(view.tricks_won)
    assert one_hot_index(d["declarer"]) == view.declarer
    assert points(d["bid"]) == [view.bid]
    assert one_hot_index(d["to_move"]) == (view.to_move if view.to_move >= 0 else None)


def check_binocle(codec: Codec, state: Any, seat: int) -> None:
    view = state.view(seat)
    d = codec.layout.decode(codec.encode(view))
    assert one_hot_index(d["seat"]) == seat
    assert counts(codec, d["hand"]) == cards(unpack(state.hands[seat])) == cards(view.hand)
    assert d["hand_sizes"].tolist() == list(view.hand_sizes)
    for other in (0, 1):
        assert counts(codec, d["known"][other]) == cards(view.known[other])
        # What the view says a seat is known to hold, it holds.
        assert not counts(codec, d["known"][other]) - cards(unpack(state.hands[other]))
        assert counts(codec, d["table"][other]) == cards(view.table(other))
        assert counts(codec, d["trick"][other]) == cards(c for s, c in view.trick if s == other)
        played = [c for t in view.tricks for s, c in zip(t.seats(), t.cards, strict=True)
                  if s == other]
        assert counts(codec, d["played"][other]) == cards(played)
    assert counts(codec, d["turned_up"]) == cards([view.turned_up])
    assert counts(codec, d["turned"]) == cards([view.turned] if view.turned else [])
    assert round(float(d["stock_size"][0]) * codec.rules.pack_size) == view.stock_size
    assert points(d["scores"]) == list(view.scores)
    assert points(d["points"]) == list(view.points)
    assert one_hot_index(d["trump"]) == int(view.trump)


CHECKS = {"binokel": check_binokel, "binocle": check_binocle, "bezique": check_binocle}


def random_states(rules: Any, seed: int, steps: int) -> list[Any]:
    rng = random.Random(seed)
    state = new_game(rules, seed)
    states = [state]
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(random_action(state.view(state.to_move), rng))
        states.append(state)
    return states


@settings(max_examples=examples(40))
@given(name=st.sampled_from(RULE_SETS), seed=st.integers(0, 10**6),
       steps=st.integers(0, 160))
def test_observation_decodes_to_the_seats_view_and_nothing_else(name: str, seed: int,
                                                                steps: int) -> None:
    rules = find_game_rules(name)
    codec = codec_for(rules)
    check = CHECKS[game_of(rules).name]
    for state in random_states(rules, seed, steps)[-8:]:
        for seat in range(codec.players):
            check(codec, state, seat)
            vector = codec.encode(state.view(seat))
            low, high = codec.layout.bounds()
            assert np.all(vector >= low) and np.all(vector <= high)


def twin_binokel_deal(rules: Any, seed: int, seat: int) -> tuple[Any, Any]:
    """Two first hands that look alike from ``seat``: the other seats' cards and the Dabb
    dealt again among them."""
    first = new_game(rules, seed)
    deal = first.deal
    others = [s for s in range(rules.players) if s != seat and deal.hands[s]]
    pool = [k for s in others for k in _kinds(deal.hands[s])] + _kinds(deal.dabb)
    random.Random(seed).shuffle(pool)
    hands = list(deal.hands)
    at = 0
    for s in others:
        size = len(_kinds(deal.hands[s]))
        hands[s] = _pack(pool[at:at + size])
        at += size
    twin = new_binokel_game(rules, seed, dealer=first.dealer,
                            deal=Deal(tuple(hands), _pack(pool[at:])))
    return first, twin


def _kinds(packed: int) -> list[int]:
    return [c.kind for c in unpack(packed)]


def _pack(kinds: list[int]) -> int:
    from binokel.cards import ONE

    return sum(ONE[k] for k in kinds)


BINOKEL_SETS = [n for n in RULE_SETS if game_of(find_game_rules(n)).name == "binokel"]
BINOCLE_SETS = [n for n in RULE_SETS if game_of(find_game_rules(n)).name != "binokel"]


@settings(max_examples=examples(30))
@given(name=st.sampled_from(BINOKEL_SETS), seed=st.integers(0, 10**6), seat=st.integers(0, 3))
def test_binokel_hidden_cards_dealt_otherwise_leave_the_observation_alone(
        name: str, seed: int, seat: int) -> None:
    rules: Any = find_game_rules(name)
    seat %= rules.players
    codec = codec_for(rules)
    first, twin = twin_binokel_deal(rules, seed, seat)
    rng = random.Random(seed)
    alike = 0
    while not first.is_over and not first.results:
        view, twin_view = first.view(seat), twin.view(seat)
        if view == twin_view:
            alike += 1
            assert np.array_equal(codec.encode(view), codec.encode(twin_view))
        action = random_action(first.view(first.to_move), rng)
        if action not in twin.legal_actions():
            break
        first, twin = first.apply(action), twin.apply(action)
    assert alike >= 1, "the twins looked alike at the deal at least"


@settings(max_examples=examples(30))
@given(name=st.sampled_from(BINOCLE_SETS), seed=st.integers(0, 10**6),
       steps=st.integers(0, 120), seat=st.integers(0, 1))
def test_binocle_hidden_cards_dealt_otherwise_leave_the_observation_alone(
        name: str, seed: int, steps: int, seat: int) -> None:
    rules = find_game_rules(name)
    codec = codec_for(rules)
    state = random_states(rules, seed, steps)[-1]
    view = state.view(seat)
    other = 1 - seat
    moved = False
    for i in range(8):
        twin_state = sample_state(view, random.Random(i))
        moved |= twin_state.hands[other] != state.hands[other]
        twin = twin_state.view(seat)
        assert twin.hand == view.hand
        assert np.array_equal(codec.encode(twin), codec.encode(view))
    unknown = view.hand_sizes[other] - len(view.known[other])
    if unknown and view.stock_size >= 4 and len(set(view.unseen())) >= 4:
        assert moved, "the other seat's hidden cards were dealt otherwise at least once"
