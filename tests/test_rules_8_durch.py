"""docs/rules/binokel.md §8 Durch: no trumps, no melds, the declarer leads and must win every
trick."""

from __future__ import annotations

from binokel import (
    Contract,
    Durch,
    GameState,
    OpenDurch,
    Phase,
    Play,
    Rules,
    TakeDabb,
)
from binokel.games.binokel.rules import BINOKEL
from tests.helpers import (
    SWEEP,
    SWEEP_DABB,
    SWEEP_DISCARD,
    D,
    F,
    M,
    cards,
    game_with,
    play,
    play_out,
    points,
    refused,
)

# Middlehand holds seven hearts without an Ace and five spades below the Ace; the Dabb brings
# both A♥ and an A♠.  Forehand holds the other A♠, the dealer no hearts.
HANDS = {F: "10♥ A♣ A♣ 10♣ 10♣ K♣ K♣ Q♣ Q♣ J♣ J♣ A♠",
         M: "10♥ K♥ K♥ Q♥ Q♥ J♥ J♥ 10♠ 10♠ K♠ K♠ Q♠"}
DABB = "A♥ A♥ A♠ A♦"
MIDDLEHAND_DURCH = ("160", "pass", "pass", "lay A♦", "lay J♥", "lay J♥", "lay Q♠", "durch")


def plays(state: GameState) -> set[str]:
    return {str(a.card) for a in state.legal_actions() if isinstance(a, Play)}


def test_8_durch_is_announced_after_the_discard_instead_of_trumps() -> None:
    state = play(game_with(HANDS, DABB), "160", "pass", "pass")
    assert Durch() not in state.legal_actions(), "not before the discard"
    state = play(state, "lay A♦", "lay J♥", "lay J♥", "lay Q♠")
    assert Durch() in state.legal_actions()
    state = play(state, "durch")
    assert state.contract is Contract.DURCH and state.trump is None
    assert state.phase is Phase.PLAY


def test_8_the_declarer_leads() -> None:
    state = play(game_with(HANDS, DABB), *MIDDLEHAND_DURCH)
    assert state.declarer == M and state.forehand == F
    assert state.to_move == M == state.leader


def test_8_no_melds_for_anyone() -> None:
    state = play(game_with(HANDS, DABB), *MIDDLEHAND_DURCH)
    assert state.melds == ((), (), ())
    for seat in (F, M, D):
        assert state.view(seat).melds == ((), (), ())
    result = play_out(state).results[0]
    assert result.melds == ((), (), ()) and result.meld_points == (0, 0, 0)


def first_legal(state: GameState) -> GameState:
    return state.apply(state.legal_actions()[0])


def test_8_no_trumps_so_a_void_player_may_play_any_card() -> None:
    state = play(game_with(HANDS, DABB), *MIDDLEHAND_DURCH, "A♥")
    # The dealer (next to the right of middlehand) has no hearts; with no trump suit, rule 2
    # never applies, though the dealer holds clubs.
    assert state.to_move == D
    assert plays(state) == {str(c) for c in state.hand(D)}


def test_8_following_and_beating_still_apply() -> None:
    state = first_legal(play(game_with(HANDS, DABB), *MIDDLEHAND_DURCH, "A♥"))
    assert state.to_move == F and plays(state) == {"10♥"}, "forehand must follow hearts"
    state = play(state, "10♥")
    assert state.tricks[-1].winner == M and state.to_move == M
    state = play(state, "K♠")
    assert plays(state) == {"Q♠", "J♠"}, "the dealer follows spades, none beats K♠"
    state = first_legal(state)
    assert plays(state) == {"A♠"}, "forehand must beat K♠"
    assert "You must follow suit" in refused(state, "A♣")


def lost_durch() -> GameState:
    state = first_legal(play(game_with(HANDS, DABB), *MIDDLEHAND_DURCH, "A♥"))
    state = first_legal(play(state, "10♥", "K♠"))
    return play(state, "A♠")


def test_8_the_hand_ends_as_soon_as_another_player_wins_a_trick() -> None:
    state = lost_durch()
    result = state.results[0]
    assert len(result.tricks) == 2 and result.tricks[-1].winner == F
    assert result.contract is Contract.DURCH
    assert result.scores == (0, -1000, 0)
    assert state.hand_no == 1 and state.phase is Phase.AUCTION, "the next hand is dealt"


def test_8_opponents_score_nothing_in_a_durch_hand() -> None:
    result = lost_durch().results[0]
    assert result.tricks_won[F] == 1 and result.trick_points[F] > 0
    assert result.scores[F] == 0 and result.scores[D] == 0


def test_8_winning_every_trick_scores_1000() -> None:
    state = play(game_with(SWEEP, SWEEP_DABB), "pass", "pass", *SWEEP_DISCARD, "durch")
    assert state.to_move == F
    result = play_out(state).results[0]
    assert result.tricks_won == (12, 0, 0)
    assert result.scores == (1000, 0, 0)


def test_8_durch_can_be_switched_off() -> None:
    rules = Rules(name="no durch", durch_allowed=False)
    state = play(game_with(SWEEP, SWEEP_DABB, rules=rules), "pass", "pass", *SWEEP_DISCARD)
    assert Durch() not in state.legal_actions()
    assert "Durch" in refused(state, "durch")


def test_8_open_durch_is_an_option_off_by_default() -> None:
    assert BINOKEL.open_durch is False and BINOKEL.open_durch_without_dabb is False
    state = play(game_with(SWEEP, SWEEP_DABB), "pass", "pass", *SWEEP_DISCARD)
    assert OpenDurch() not in state.legal_actions()
    assert refused(state, "open")


def test_8_open_durch_after_the_discard_face_up_for_1500() -> None:
    rules = Rules(name="open durch", open_durch=True)
    state = play(game_with(SWEEP, SWEEP_DABB, rules=rules), "pass", "pass", *SWEEP_DISCARD)
    assert OpenDurch() in state.legal_actions() and Durch() in state.legal_actions()
    state = play(state, "open")
    assert state.contract is Contract.OPEN_DURCH and state.to_move == F
    for seat in (F, M, D):
        shown = state.view(seat).open_hand
        assert shown is not None and sorted(map(str, shown)) == sorted(map(str, state.hand(F)))
    state = play(state, "J♣")
    assert all(len(state.view(seat).open_hand or ()) == 11 for seat in (F, M, D))
    result = play_out(state).results[0]
    assert result.scores == (1500, 0, 0)


def test_8_open_durch_without_the_dabb_face_up_for_2000() -> None:
    rules = Rules(name="open durch without Dabb", open_durch=True, open_durch_without_dabb=True)
    state = play(game_with(SWEEP, SWEEP_DABB, rules=rules), "pass", "pass")
    # Announced by the auction's winner before the Dabb is turned.
    assert state.phase is Phase.DABB and state.to_move == F
    assert set(state.legal_actions()) == {TakeDabb(), OpenDurch()}
    assert all(state.view(seat).dabb is None for seat in (F, M, D))
    state = play(state, "open")
    assert state.contract is Contract.OPEN_DURCH_NO_DABB and state.to_move == F
    assert sorted(map(str, state.hand(F))) == sorted(SWEEP[F].split()), "without the Dabb"
    for seat in (F, M, D):
        view = state.view(seat)
        assert view.dabb is None, "the Dabb stays aside unseen"
        assert view.open_hand is not None and len(view.open_hand) == 12
    result = play_out(state).results[0]
    assert result.scores[F] == 2000
    # Its points count for nobody: the tricks hold the other 36 cards.
    assert sum(result.trick_points) == 240 - points(cards(SWEEP_DABB)) + 10
    assert result.discard_points == 0


def test_8_taking_the_dabb_keeps_the_ordinary_choices() -> None:
    rules = Rules(name="open durch without Dabb", open_durch=True, open_durch_without_dabb=True)
    state = play(game_with(SWEEP, SWEEP_DABB, rules=rules), "pass", "pass", "dabb")
    assert state.phase is Phase.DISCARD and len(state.hand(F)) == 16
    assert all(state.view(seat).dabb is not None for seat in (F, M, D))
