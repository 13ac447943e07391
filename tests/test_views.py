"""A view holds exactly what one seat may know: own hand, bids, the shown Dabb, shown melds,
played cards, scores.  Nothing else ever leaves the engine for a player."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from binokel import GameState, Phase, View, new_game
from tests.helpers import (
    SWEEP,
    SWEEP_DABB,
    SWEEP_DISCARD,
    D,
    F,
    M,
    card,
    cards,
    check_views,
    game_with,
    hidden_cards,
    play,
    play_out,
)

FOREHAND = "A♥ 10♥ K♥ Q♥ J♥ K♥ Q♥ A♣ A♣ 10♣ 10♣ J♣"
MIDDLEHAND = "K♠ Q♠ K♣ K♦ A♠ A♠ 10♠ 10♠ 10♦ 10♦ A♦ A♦"
DABB = "Q♠ J♦ J♣ Q♣"


def start() -> GameState:
    return game_with({F: FOREHAND, M: MIDDLEHAND}, DABB)


def test_view_holds_the_seats_own_hand_and_only_hand_sizes_of_others() -> None:
    state = start()
    for seat in (F, M, D):
        view = state.view(seat)
        assert isinstance(view, View)
        assert Counter(view.hand) == Counter(state.hand(seat))
        assert view.hand_sizes == (12, 12, 12)
    check_views(state)


def test_view_hides_other_hands_even_in_its_text() -> None:
    state = start()
    text = repr(state.view(M))
    # Both A♥ are forehand's: middlehand's view may not name the card anywhere.
    assert "A♥" not in text and repr(card("A♥")) not in text
    assert card("A♥") in hidden_cards(state, M)
    assert card("A♥") not in hidden_cards(state, F)


def test_view_hides_the_dabb_until_it_is_turned_up() -> None:
    state = start()
    for seat in (F, M, D):
        assert state.view(seat).dabb is None
    assert card("J♦") in hidden_cards(state, M), "J♦ is in the Dabb and the dealer's hand"
    state = play(state, "pass", "pass")
    for seat in (F, M, D):
        dabb = state.view(seat).dabb
        assert dabb is not None and Counter(dabb) == Counter(cards(DABB))
    check_views(state)


def test_view_shows_the_discard_to_the_declarer_alone() -> None:
    state = play(start(), "pass", "pass", "lay A♣", "lay A♣", "lay 10♣", "lay 10♣")
    mine = state.view(F).discard
    assert mine is not None and Counter(mine) == Counter(cards("A♣ A♣ 10♣ 10♣"))
    assert state.view(M).discard is None and state.view(D).discard is None
    assert card("A♣") in hidden_cards(state, M)
    check_views(state)


def test_view_shows_everyones_melds_once_trumps_are_named() -> None:
    state = play(start(), "pass", "pass", "lay A♣", "lay A♣", "lay 10♣", "lay 10♣", "trump ♥")
    for seat in (F, M, D):
        assert state.view(seat).melds == state.melds
    # Forehand's family cards are public now: they no longer count as hidden.
    assert card("A♥") not in hidden_cards(state, M)
    check_views(state)


def test_view_shows_played_cards_and_the_trick() -> None:
    state = play(start(), "pass", "pass", "lay A♣", "lay A♣", "lay 10♣", "lay 10♣", "trump ♥",
                 "J♣")
    for seat in (F, M, D):
        assert state.view(seat).trick == ((F, card("J♣")),)
    state = state.apply(state.legal_actions()[0])
    state = state.apply(state.legal_actions()[0])
    for seat in (F, M, D):
        view = state.view(seat)
        assert view.tricks == state.tricks and view.trick == ()
        assert view.last_trick == state.tricks[-1]
        assert view.tricks_won == state.tricks_won and view.trick_points == state.points
    check_views(state)


def test_view_lists_legal_actions_only_for_the_seat_to_move() -> None:
    state = play(start(), "pass", "pass", "lay A♣", "lay A♣", "lay 10♣", "lay 10♣", "trump ♥")
    assert state.view(F).legal_actions == state.legal_actions()
    assert state.view(F).is_my_turn
    assert state.view(M).legal_actions == () and state.view(D).legal_actions == ()


def test_view_shows_bids_scores_and_the_score_sheet() -> None:
    state = play(start(), "160", "pass", "pass", "out ♥")
    for seat in (F, M, D):
        view = state.view(seat)
        assert view.scores == state.scores and view.results == state.results
        assert view.phase is Phase.AUCTION and view.hand_no == 1
        assert view.bids == state.bids
    check_views(state)


def test_views_never_show_a_hidden_card_in_a_whole_set_hand() -> None:
    state = play(start(), "pass", "pass")
    check_views(state)
    for action in ("lay A♣", "lay A♣", "lay 10♣", "lay 10♣", "trump ♥"):
        state = play(state, action)
        check_views(state)
    while state.hand_no == 0:
        state = state.apply(state.legal_actions()[-1])
        check_views(state)


def test_view_at_the_end_of_the_game() -> None:
    state = play_out(play(game_with(SWEEP, SWEEP_DABB), "pass", "pass", *SWEEP_DISCARD,
                          "trump ♣"))
    assert state.is_over
    for seat in (F, M, D):
        view = state.view(seat)
        assert view.winners == (F,) and view.legal_actions == ()
        assert view.dabb is None and view.discard is None
    check_views(state)


def test_view_of_a_seat_not_at_the_table_is_refused() -> None:
    with pytest.raises(ValueError, match="seat"):
        new_game(seed=1).view(3)
    with pytest.raises(ValueError, match="seat"):
        new_game(seed=1).view(-1)


def test_view_is_a_frozen_value() -> None:
    view = new_game(seed=1).view(0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.seat = 1  # type: ignore[misc]
    assert view == new_game(seed=1).view(0)


def test_views_of_states_taken_in_turns_each_show_their_own_state() -> None:
    # Views share their public part per state (the last state viewed): asking for views of two
    # positions in turns, and of a replayed copy of one, must never mix the two.
    before = play(start(), "pass", "pass", "lay A♣", "lay A♣", "lay 10♣", "lay 10♣", "trump ♥")
    after = play(before, "J♣")
    twin = play(start(), "pass", "pass", "lay A♣", "lay A♣", "lay 10♣", "lay 10♣", "trump ♥")
    for _ in range(2):
        for state in (before, after, twin, after):
            for seat in (F, M, D):
                view = state.view(seat)
                assert view.to_move == state.to_move and view.trick == tuple(state.current_trick())
                assert view.hand_sizes == tuple(len(state.hand(s)) for s in (F, M, D))
                assert Counter(view.hand) == Counter(state.hand(seat))
                assert view.legal_actions == (state.legal_actions() if seat == state.to_move
                                              else ())
    assert before.view(M) == twin.view(M) and before.view(M) != after.view(M)
    check_views(after)
