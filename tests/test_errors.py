"""Illegal actions: the error names the rule, speaks to the player, and changes nothing."""

from __future__ import annotations

import pytest

from binokel import (
    Bid,
    Discard,
    GameState,
    IllegalActionError,
    NameTrump,
    Pass,
    Play,
    Suit,
    new_game,
)
from tests.helpers import (
    SWEEP,
    SWEEP_DABB,
    SWEEP_DISCARD,
    D,
    F,
    M,
    card,
    game_with,
    play,
    play_out,
    refused,
    snapshot,
)

# Trumps are spades.  Forehand leads Q♥; middlehand holds A♥, 10♥ and J♥ (must beat); the
# dealer holds no hearts.
HANDS = {F: "Q♥ K♥ K♥ A♣ A♣ 10♣ 10♣ K♣ K♣ Q♣ Q♣ J♣",
         M: "A♥ J♥ 10♥ K♠ Q♠ J♠ A♦ A♦ 10♦ 10♦ K♦ K♦"}
DABB = "A♥ 10♥ Q♥ J♥"
TRUMP_SPADES = ("pass", "pass", "lay A♥", "lay 10♥", "lay Q♥", "lay J♥", "trump ♠")


@pytest.fixture
def trick_started() -> GameState:
    return play(game_with(HANDS, DABB), *TRUMP_SPADES, "Q♥")


def test_illegal_action_error_is_a_value_error() -> None:
    assert issubclass(IllegalActionError, ValueError)


def test_you_must_follow_suit(trick_started: GameState) -> None:
    message = refused(trick_started, "K♠")
    assert message.startswith("You must follow suit") and "♥" in message


def test_you_must_beat_the_best_card_in_the_trick(trick_started: GameState) -> None:
    message = refused(trick_started, "J♥")
    assert message.startswith("You must beat Q♥")
    assert "A♥" in message and "10♥" in message, "names the cards that would beat it"


# Trumps are spades again.  Forehand leads K♥; middlehand has no heart and one trump, J♠; the
# dealer has no heart and every other spade.
VOID_HANDS = {F: "K♥ K♥ Q♥ Q♥ J♥ J♥ A♣ A♣ 10♣ 10♣ K♣ K♣",
              M: "J♠ A♦ A♦ 10♦ 10♦ K♦ K♦ Q♦ Q♦ J♦ J♦ J♣",
              D: "A♠ A♠ 10♠ 10♠ K♠ K♠ Q♠ Q♠ J♠ Q♣ Q♣ J♣"}
VOID_DABB = "A♥ A♥ 10♥ 10♥"
VOID_TRUMP_SPADES = ("pass", "pass", "lay A♥", "lay A♥", "lay 10♥", "lay 10♥", "trump ♠")


def test_you_must_trump_when_void() -> None:
    state = play(game_with(VOID_HANDS, VOID_DABB), *VOID_TRUMP_SPADES, "K♥")
    assert state.to_move == M
    message = refused(state, "A♦")
    assert message.startswith("You must trump") and "♠" in message and "♥" in message


def test_you_must_overtrump() -> None:
    state = play(game_with(VOID_HANDS, VOID_DABB), *VOID_TRUMP_SPADES, "K♥", "J♠")
    assert state.to_move == D
    message = refused(state, "J♠")
    assert message.startswith("You must beat J♠"), "an identical trump does not beat it"
    assert "Q♠" in message and "A♠" in message
    assert refused(state, "Q♣").startswith("You must trump")


def test_bids_go_up_by_10() -> None:
    state = new_game(seed=1, dealer=D)
    message = refused(state, Bid(180))
    assert message.startswith("Bids go up by 10") and "160" in message


def test_a_bid_must_be_higher() -> None:
    state = new_game(seed=1, dealer=D)
    assert "more than 150" in refused(state, Bid(150))


def test_you_do_not_hold_that_card(trick_started: GameState) -> None:
    assert refused(trick_started, "A♣") == "You do not hold A♣."


def test_an_action_of_the_wrong_phase_is_refused(trick_started: GameState) -> None:
    for action in (Pass(), Bid(160), Discard(card("A♥")), NameTrump(Suit.HEARTS)):
        assert refused(trick_started, action)
    auction = new_game(seed=2)
    assert refused(auction, Play(auction.hand(auction.to_move)[0]))
    assert "auction" in refused(auction, "trump ♥").lower()


def test_out_of_turn_is_refused() -> None:
    state = new_game(seed=1, dealer=D)
    assert state.to_move == M
    message = refused(state, Pass(), seat=F)
    assert "not your turn" in message and str(M) in message
    assert refused(state, Bid(160), seat=D)
    assert state.apply(Pass(), seat=M).to_move == D, "the right seat may act"


def test_out_of_turn_card_play_is_refused(trick_started: GameState) -> None:
    assert trick_started.to_move == M
    assert "not your turn" in refused(trick_started, "A♥", seat=D)
    assert "not your turn" in refused(trick_started, "Q♥", seat=F)


def test_a_refused_action_leaves_the_state_unchanged(trick_started: GameState) -> None:
    before = snapshot(trick_started)
    for action in ("K♠", "J♥", "A♣", "pass", "lay A♥", "out ♥", "durch"):
        with pytest.raises(IllegalActionError):
            play(trick_started, action)
    assert snapshot(trick_started) == before
    after = play(trick_started, "A♥")
    assert after.current_trick() == [(F, card("Q♥")), (M, card("A♥"))]


def test_the_game_over_refuses_everything() -> None:
    state = play_out(play(game_with(SWEEP, SWEEP_DABB), "pass", "pass", *SWEEP_DISCARD,
                          "trump ♣"))
    assert state.is_over
    assert refused(state, "pass") == "The game is over."
    assert refused(state, "pass", seat=0) == "The game is over."
