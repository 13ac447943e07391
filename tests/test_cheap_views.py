"""Views built cheaply (pieces carried from state to state, memoised per state) equal views built
from scratch through the state's public reading API, at every step of random games in every rule
set of every game, whatever order the views are asked in: the mover's only (an environment), every
seat in turn (a table), an earlier state again (OpenSpiel's clones) and two games interleaved.
A piece carried forward that went stale (a bid, a meld, a score, the Dabb not seen) fails here."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from binokel.cards import Card, unpack
from binokel.games import all_rule_set_names, find_game_rules, game_for, new_game, random_action
from binokel.games.binocle.views import BinocleView
from binokel.games.binokel.game import GameState
from binokel.games.binokel.scoring import Contract
from binokel.games.binokel.views import View
from tests.helpers import examples

RULE_SETS = all_rule_set_names()
BINOKEL_RULE_SETS = [name for name in RULE_SETS if game_for(name).name == "binokel"]


def binokel_view_from_scratch(state: GameState, seat: int) -> View:
    """A Binokel view field by field from the public properties (what ``view`` promises)."""
    over = state.is_over
    declarer = state.declarer
    open_durch = state.contract in (Contract.OPEN_DURCH, Contract.OPEN_DURCH_NO_DABB)
    n = state.rules.players
    return View(
        rules=state.rules, seat=seat, hand_no=state.hand_no, dealer=state.dealer,
        phase=state.phase, to_move=state.to_move, hand=tuple(state.hand(seat)),
        hand_sizes=tuple(len(state.hand(s)) for s in range(n)), active=state.active,
        bids=state.bids, bid=state.bid, declarer=declarer,
        dabb=tuple(state.dabb) if state.dabb_shown and not over else None,
        discard=tuple(state.discard) if declarer == seat and not over else None,
        contract=state.contract, trump=state.trump, melds=state.melds,
        open_hand=tuple(state.hand(declarer)) if open_durch and declarer is not None else None,
        leader=state.leader, trick=tuple(state.current_trick()),
        tricks=state.tricks if not over else (), tricks_won=state.tricks_won,
        trick_points=state.points, scores=state.scores, results=state.results,
        winners=state.winners,
        legal_actions=state.legal_actions() if state.to_move == seat else (),
        shown_discard=tuple(state.shown_discard) if not over else ())


def check_binokel_view(state: GameState, seat: int) -> None:
    cheap = state.view(seat)
    assert cheap == binokel_view_from_scratch(state, seat), (state, seat)
    # Equal is not enough for the cards: they are the pack's own instances.
    assert all(type(c) is Card for c in cheap.hand)


@settings(max_examples=examples(40), deadline=None)
@given(name=st.sampled_from(BINOKEL_RULE_SETS), other=st.sampled_from(BINOKEL_RULE_SETS),
       seed=st.integers(0, 10**6), short=st.booleans())
def test_binokel_cheap_views_equal_views_from_scratch_in_any_order(
        name: str, other: str, seed: int, short: bool) -> None:
    rng = random.Random(seed)
    # Short games (two hands) reach the end of the game, where views change their rules.
    spec = "+fixed_hands=2" if short else ""
    games = [new_game(find_game_rules(name + spec), seed),
             new_game(find_game_rules(other + spec), seed + 1)]
    seen: list[Any] = []
    for step in range(600):
        g = rng.randrange(2) if step % 5 == 0 else step % 2  # interleaved, now and then at random
        state = games[g]
        if state.is_over:
            continue
        order = rng.randrange(4)
        seats = range(state.rules.players)
        if order == 0:
            check_binokel_view(state, state.to_move)  # the mover only: an environment's step
        elif order == 1:
            for seat in seats:  # every seat in turn: a table
                check_binokel_view(state, seat)
        elif order == 2 and seen:
            earlier = rng.choice(seen)  # an earlier state again: a clone observed later
            check_binokel_view(earlier, rng.randrange(earlier.rules.players))
            check_binokel_view(state, state.to_move)
        else:
            for seat in reversed(seats):
                check_binokel_view(state, seat)
        seen.append(state)
        games[g] = state.apply(random_action(state.view(state.to_move), rng))
    for state in games:  # the end of a game shows no Dabb, discard or tricks of the last hand
        if state.is_over:
            for seat in range(state.rules.players):
                check_binokel_view(state, seat)


BINOCLE_RULE_SETS = [name for name in RULE_SETS if game_for(name).name != "binokel"]


def binocle_view_from_scratch(state: Any, seat: int) -> BinocleView:
    """A Binocle (or Bézique) view field by field from the state's public reading API."""
    return BinocleView(
        rules=state.rules, seat=seat, cut=state.cut, hand_no=state.hand_no,
        dealer=state.dealer, phase=state.phase, to_move=state.to_move,
        hand=tuple(state.hand(seat)), hand_sizes=(len(state.hand(0)), len(state.hand(1))),
        tables=(state.table_cards(0), state.table_cards(1)),
        known=(tuple(unpack(state.known[0])), tuple(unpack(state.known[1]))),
        trump=state.trump, dix=state.dix, turned_up=state.deal.turned_card,
        turned=state.turned, stock_size=state.stock_size, leader=state.leader,
        trick=tuple(state.current_trick()), led_from_table=state.led_from_table,
        tricks=state.tricks, points=state.points, scores=state.scores,
        start_scores=state.start_scores, target=state.target, melds=state.melds,
        dix_points=state.dix_points, dix_exchanged=state.dix_exchanged,
        dix_shown=state.dix_shown, has_melded=state.has_melded,
        has_used_dix=state.has_used_dix, results=state.results, winner=state.winner,
        ending=state.ending,
        legal_actions=state.legal_actions() if state.to_move == seat else ())


@settings(max_examples=examples(30), deadline=None)
@given(name=st.sampled_from(BINOCLE_RULE_SETS), other=st.sampled_from(BINOCLE_RULE_SETS),
       seed=st.integers(0, 10**6), claims=st.booleans())
def test_binocle_cheap_views_equal_views_from_scratch_in_any_order(
        name: str, other: str, seed: int, claims: bool) -> None:
    rng = random.Random(seed)
    # Random claims end most games at once: automatic claims let games run to their end.
    def rules_of(rule_set: str) -> Any:
        rules = find_game_rules(rule_set)
        return rules if claims or not rules.claims else rules.replace(claim_automatically=True)

    games = [new_game(rules_of(name), seed), new_game(rules_of(other), seed + 1)]
    seen: list[Any] = []

    def check(state: Any, seat: int) -> None:
        assert state.view(seat) == binocle_view_from_scratch(state, seat), (state, seat)

    for step in range(500):
        g = rng.randrange(2) if step % 5 == 0 else step % 2
        state = games[g]
        if state.is_over:
            continue
        order = rng.randrange(3)
        if order == 0:
            check(state, state.to_move)
        elif order == 1 and seen:
            earlier = rng.choice(seen)
            check(earlier, rng.randrange(2))
            check(state, state.to_move)
        else:
            for seat in rng.sample((0, 1), 2):
                check(state, seat)
        seen.append(state)
        games[g] = state.apply(random_action(state.view(state.to_move), rng))
    for state in games:
        for seat in (0, 1):
            check(state, seat)
