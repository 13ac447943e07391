"""docs/rules/binokel.md §4 Dabb, discard, trump, giving up."""

from __future__ import annotations

from collections import Counter

import pytest

from binokel import (
    Contract,
    Discard,
    Durch,
    GameState,
    GiveUp,
    NameTrump,
    Phase,
    Rules,
    Suit,
    new_game,
)
from binokel.games.binokel.rules import SEVENS_RANKS
from tests.helpers import (
    D,
    F,
    M,
    card,
    cards,
    game_with,
    hand_of,
    oracle_meld_total,
    play,
    play_out,
    points,
    refused,
)

# Forehand holds a heart family and a spare K♥ Q♥; middlehand a spade pair and nothing else to
# meld; the Dabb brings the Binokel (Q♠ J♦).  The dealer gets the rest of the pack.
FOREHAND = "A♥ 10♥ K♥ Q♥ J♥ K♥ Q♥ A♣ A♣ 10♣ 10♣ K♣"
MIDDLEHAND = "K♠ Q♠ A♠ A♠ 10♠ 10♠ K♦ K♦ 10♦ 10♦ A♦ A♦"
DABB = "Q♠ J♦ J♣ J♣"
GIVE_UP_ANY = {GiveUp(s) for s in Suit}


def start() -> GameState:
    return game_with({F: FOREHAND, M: MIDDLEHAND}, DABB)


def forehand_declares() -> GameState:
    """Both others pass: forehand is declarer at 150 and has taken the Dabb."""
    return play(start(), "pass", "pass")


def test_4_1_the_dabb_is_hidden_during_the_auction() -> None:
    state = start()
    for step in ("pass", None):
        assert all(state.view(seat).dabb is None for seat in (F, M, D))
        assert not state.dabb_shown
        if step:
            state = play(state, step)


def test_4_1_the_declarer_turns_the_dabb_face_up_for_all() -> None:
    state = forehand_declares()
    assert state.dabb_shown
    for seat in (F, M, D):
        shown = state.view(seat).dabb
        assert shown is not None and Counter(shown) == Counter(cards(DABB))


def test_4_1_the_declarer_takes_the_dabb_sixteen_cards() -> None:
    state = forehand_declares()
    assert hand_of(state, F) == Counter(cards(FOREHAND)) + Counter(cards(DABB))
    assert len(state.hand(F)) == 16
    assert [len(state.hand(s)) for s in (M, D)] == [12, 12]
    assert state.phase is Phase.DISCARD and state.to_move == F


def test_4_2_the_declarer_lays_away_four_cards() -> None:
    state = forehand_declares()
    for n, text in enumerate(["A♣", "A♣", "10♣", "10♣"]):
        assert state.phase is Phase.DISCARD and state.to_move == F
        expected = {Discard(c) for c in state.hand(F)} | GIVE_UP_ANY
        assert set(state.legal_actions()) == expected, "any card of the hand, or give up"
        state = play(state, f"lay {text}")
        assert len(state.hand(F)) == 15 - n
    assert state.phase is Phase.TRUMP and state.to_move == F
    assert Counter(state.discard) == Counter(cards("A♣ A♣ 10♣ 10♣"))


def test_4_2_only_a_card_in_the_hand_can_be_laid_away() -> None:
    state = play(forehand_declares(), "lay A♣", "lay A♣")
    assert "You do not hold A♣" in refused(state, "lay A♣")
    assert "You do not hold A♠" in refused(state, "lay A♠")


def test_4_2_the_discard_is_face_down_known_only_to_the_declarer() -> None:
    state = play(forehand_declares(), "lay A♣", "lay A♣", "lay 10♣", "lay 10♣", "trump ♥")
    mine = state.view(F).discard
    assert mine is not None and Counter(mine) == Counter(cards("A♣ A♣ 10♣ 10♣"))
    for seat in (M, D):
        view = state.view(seat)
        assert view.discard is None
        # Both A♣ are in the discard and nowhere public: no other view may mention the card.
        assert str(card("A♣")) not in repr(view) and repr(card("A♣")) not in repr(view)


def test_4_2_discard_points_count_for_the_declarer() -> None:
    state = play(forehand_declares(), "lay A♣", "lay A♣", "lay 10♣", "lay 10♣", "trump ♥")
    melds = sum(m.points for m in state.melds[F])
    result = play_out(state).results[0]
    assert result.discard_points == points(cards("A♣ A♣ 10♣ 10♣")) == 42
    total = result.trick_points[F] + 42 + (melds if result.tricks_won[F] else 0)
    made = total >= 150 and result.tricks_won[F] > 0
    assert result.scores[F] == (total if made else -300)


def test_4_2_laid_away_cards_cannot_be_melded() -> None:
    kept = play(forehand_declares(), "lay A♣", "lay A♣", "lay 10♣", "lay 10♣", "trump ♥")
    assert "binokel" in [m.name for m in kept.melds[F]]
    laid = play(forehand_declares(), "lay J♦", "lay A♣", "lay 10♣", "lay 10♣", "trump ♥")
    assert "binokel" not in [m.name for m in laid.melds[F]], "J♦ was laid away"
    assert oracle_meld_total(laid.hand(F), Suit.HEARTS) == sum(m.points for m in laid.melds[F])


def test_4_3_the_declarer_names_trumps_or_announces_durch() -> None:
    state = play(forehand_declares(), "lay A♣", "lay A♣", "lay 10♣", "lay 10♣")
    assert set(state.legal_actions()) == (
        {NameTrump(s) for s in Suit} | {Durch()} | GIVE_UP_ANY)
    trumps = play(state, "trump ♥")
    assert trumps.contract is Contract.TRUMP and trumps.trump is Suit.HEARTS
    assert trumps.phase is Phase.PLAY
    durch = play(state, "durch")
    assert durch.contract is Contract.DURCH and durch.trump is None
    assert durch.phase is Phase.PLAY


def test_4_3_trumps_are_named_after_the_discard() -> None:
    state = forehand_declares()
    assert not any(isinstance(a, NameTrump | Durch) for a in state.legal_actions())
    assert refused(state, "trump ♥")


def test_4_giving_up_is_open_from_taking_the_dabb_until_trumps_are_named() -> None:
    state = forehand_declares()
    assert set(state.legal_actions()) >= GIVE_UP_ANY, "right after taking the Dabb"
    state = play(state, "lay A♣", "lay A♣")
    assert set(state.legal_actions()) >= GIVE_UP_ANY, "in the middle of the discard"
    state = play(state, "lay 10♣", "lay 10♣")
    assert set(state.legal_actions()) >= GIVE_UP_ANY, "before naming trumps"
    state = play(state, "trump ♥")
    assert not any(isinstance(a, GiveUp) for a in state.legal_actions())
    assert "until trumps are named" in refused(state, "out ♥")


def test_4_giving_up_is_not_open_during_the_auction() -> None:
    assert refused(start(), "out ♥")


@pytest.mark.parametrize(("suit", "middlehand_melds"), [("♠", 40), ("♥", 20), ("♦", 20)])
def test_4_giving_up_names_a_trump_suit_that_sets_the_others_meld_values(
        suit: str, middlehand_melds: int) -> None:
    state = play(forehand_declares(), f"out {suit}")
    result = state.results[0]
    assert result.contract is Contract.GIVE_UP and result.trump is Suit(
        "♣♠♥♦".index(suit))
    assert result.scores[M] == 50 + middlehand_melds


def test_4_giving_up_costs_the_declarer_the_bid_once_not_double() -> None:
    state = play(start(), "160", "pass", "pass")
    assert state.declarer == M and state.bid == 160
    state = play(state, "lay A♠", "out ♠")
    assert state.results[0].scores[M] == -160
    assert state.scores[M] == -160


def test_4_giving_up_the_others_score_50_plus_their_own_melds() -> None:
    before = forehand_declares()
    dealer_hand = before.hand(D)
    result = play(before, "out ♣").results[0]
    assert result.scores[F] == -150
    assert result.scores[M] == 50 + 20
    assert result.scores[D] == 50 + oracle_meld_total(dealer_hand, Suit.CLUBS)
    assert result.meld_points[M] == 20


def test_4_the_declarer_who_gives_up_does_not_meld() -> None:
    result = play(forehand_declares(), "out ♥").results[0]
    assert result.melds[F] == () and result.meld_points[F] == 0, "a heart family unshown"
    assert [m.name for m in result.melds[M]] == ["pair"]


def test_4_giving_up_nobody_plays_a_trick_and_the_next_hand_is_dealt() -> None:
    state = play(forehand_declares(), "lay A♣", "out ♥")
    result = state.results[0]
    assert result.tricks == () and result.tricks_won == (0, 0, 0)
    assert result.trick_points == (0, 0, 0)
    assert state.hand_no == 1 and state.phase is Phase.AUCTION
    assert state.dealer == (D + 1) % 3
    assert [len(state.hand(s)) for s in range(3)] == [12, 12, 12]
    assert state.scores == result.totals == result.scores


def test_4_2_the_declarer_lays_away_as_many_cards_as_the_dabb_held() -> None:
    # With Sevens (§9) the Dabb holds 3 cards, one after each of the first three rounds.
    sevens = Rules(name="sevens", ranks=SEVENS_RANKS, hand_size=15, dabb_size=3,
                   dabb_after_rounds=(1, 2, 3))
    state = play(new_game(sevens, 5), "pass", "pass")
    declarer = state.declarer
    assert declarer is not None and len(state.hand(declarer)) == 18
    for _ in range(3):
        assert state.phase is Phase.DISCARD
        discard = next(a for a in state.legal_actions() if isinstance(a, Discard))
        state = state.apply(discard)
    assert state.phase is Phase.TRUMP and len(state.hand(declarer)) == 15
    assert len(state.discard) == 3
