"""docs/rules/binokel.md §9 Kreuzbinokel: two fixed teams of partners sitting opposite.

Partners add their points; each player's melds count only if that player wins a trick; the team
meets the bid if the team total reaches it; the declaring team must win every trick in Durch; on
giving up neither the declarer nor the partner melds and each opponent scores 50 + own melds for
the team; the game is won by a team.  And §6's team option: a player need not beat the partner.

Seats of the set deals: the dealer is seat 3, seat 0 is forehand; teams are 0+2 and 1+3.
"""

from __future__ import annotations

import pytest

from binokel import Contract, GameState, Phase, Rules, Suit, find_rules
from binokel.games.binokel.scoring import game_winners, score_hand, side_of
from tests.helpers import game_with

from .variant_tools import play, play_out, random_game

KREUZ = find_rules("kreuzbinokel")
HEARTS = "A♥ A♥ 10♥ 10♥ K♥ K♥ Q♥ Q♥ J♥"
SPADES = "A♠ A♠ 10♠ 10♠ K♠ K♠ Q♠ Q♠ J♠"
DIAMONDS = "A♦ A♦ 10♦ 10♦ K♦ K♦ Q♦ Q♦ J♦"
CLUBS_AND_J_HEARTS = "J♥ A♣ A♣ 10♣ 10♣ K♣ K♣ Q♣ Q♣"
DABB = "J♣ J♣ J♠ J♦"


def test_9_partners_sit_opposite() -> None:
    assert side_of(KREUZ, 0) == (0, 2) and side_of(KREUZ, 3) == (1, 3)
    state = random_game(KREUZ, 1, hands=1)
    view = state.view(1)
    assert view.side == (1, 3)


def test_9_kreuzbinokel_deals_nine_cards_to_each_of_four() -> None:
    state = game_with({0: CLUBS_AND_J_HEARTS, 1: SPADES, 2: HEARTS, 3: DIAMONDS}, DABB, rules=KREUZ)
    assert state.active == (0, 1, 2, 3)
    assert state.view(0).hand_sizes == (9, 9, 9, 9)


def _durch(partner_holds_hearts: bool) -> GameState:
    hands = {0: CLUBS_AND_J_HEARTS, 1: SPADES, 2: HEARTS, 3: DIAMONDS}
    if not partner_holds_hearts:
        hands[1], hands[2] = HEARTS, SPADES
    state = game_with(hands, DABB, rules=KREUZ)
    # Partners bid against each other like anyone else; all three pass forehand's 150.
    state = play(state, "pass", "pass", "pass")
    assert state.declarer == 0 and state.phase is Phase.DISCARD
    state = play(state, "lay J♣", "lay J♣", "lay J♠", "lay J♦", "durch")
    assert state.to_move == 0, "in Durch the declarer leads"
    return play(state, "J♥")


def test_9_in_durch_the_partner_may_win_a_trick_for_the_declaring_team() -> None:
    state = _durch(partner_holds_hearts=True)
    state = play(state, state.legal_actions()[0], "A♥")
    state = play(state, state.legal_actions()[0])
    assert state.hand_no == 0 and state.phase is Phase.PLAY, "the hand goes on"
    assert state.tricks[0].winner == 2
    state = play_out(state)
    result = state.results[0]
    assert result.contract is Contract.DURCH and sum(result.tricks_won[s] for s in (0, 2)) == 9
    assert result.scores == (1000, 0, 1000, 0)


def test_9_in_durch_the_hand_ends_when_an_opponent_wins_a_trick() -> None:
    state = _durch(partner_holds_hearts=False)
    assert {str(a) for a in state.legal_actions()} == {"A♥", "10♥", "K♥", "Q♥"}, \
        "seat 1 must beat J♥"
    state = play(state, "A♥")
    state = play(state, state.legal_actions()[0])
    state = play(state, state.legal_actions()[0])
    assert state.hand_no == 1, "the first trick lost ends the hand"
    result = state.results[0]
    assert len(result.tricks) == 1
    assert result.scores == (-1000, 0, -1000, 0)
    assert state.scores == (-1000, 0, -1000, 0)


def test_9_on_giving_up_only_the_opponents_meld_and_each_scores_50_for_the_team() -> None:
    state = game_with({0: CLUBS_AND_J_HEARTS, 1: SPADES, 2: HEARTS, 3: DIAMONDS}, DABB, rules=KREUZ)
    state = play(state, "pass", "pass", "pass", "out ♦")
    result = state.results[0]
    assert result.contract is Contract.GIVE_UP and result.trump is Suit.DIAMONDS
    assert result.melds[0] == () and result.melds[2] == (), "declarer and partner do not meld"
    # Seat 1: spade family 100 + pair 20; seat 3: trump family 150 + trump pair 40.
    assert result.meld_points == (0, 120, 0, 190)
    team = 50 + 120 + 50 + 190
    assert result.scores == (-150, team, -150, team)


def test_7_team_scores_add_partners_points_and_melds_need_own_tricks() -> None:
    # Declarer 0 with partner 2 against 1 and 3; seat 2 won no trick, so its 80 do not count.
    kwargs = dict(active=[0, 1, 2, 3], declarer=0, contract=Contract.TRUMP,
                  meld_points=[100, 60, 80, 40], tricks_won=[3, 3, 0, 3],
                  trick_points=[90, 70, 0, 90], discard_points=30)
    scores, counted = score_hand(KREUZ, bid=200, **kwargs)  # type: ignore[arg-type]
    assert counted == (100, 60, 0, 40)
    assert scores == (220, 260, 220, 260)
    scores, _ = score_hand(KREUZ, bid=300, **kwargs)  # type: ignore[arg-type]
    assert scores == (-600, 260, -600, 260), "the team missed 300"


def test_7_the_team_meets_the_bid_even_when_only_the_partner_took_tricks() -> None:
    scores, counted = score_hand(
        KREUZ, active=[0, 1, 2, 3], declarer=0, bid=150, contract=Contract.TRUMP,
        meld_points=[100, 0, 40, 0], tricks_won=[0, 2, 7, 0], trick_points=[0, 30, 200, 0],
        discard_points=20)
    assert counted == (0, 0, 40, 0), "the declarer's own melds need the declarer's trick"
    assert scores == (260, 30, 260, 30)


def test_7_an_opposing_team_without_a_trick_scores_nothing() -> None:
    scores, _ = score_hand(
        KREUZ, active=[0, 1, 2, 3], declarer=0, bid=150, contract=Contract.TRUMP,
        meld_points=[0, 80, 0, 60], tricks_won=[5, 0, 4, 0], trick_points=[150, 0, 90, 0],
        discard_points=10)
    assert scores == (250, 0, 250, 0)


def test_10_the_game_is_won_by_a_team() -> None:
    assert game_winners(KREUZ, (1500, 800, 1500, 800), declarer=1, hands_played=5) == (0, 2)
    both = (1600, 1550, 1600, 1550)
    assert game_winners(KREUZ, both, declarer=1, hands_played=5) == (1, 3), "declarer's team"
    assert game_winners(KREUZ, both, declarer=0, hands_played=5) == (0, 2)


@pytest.mark.parametrize("seed", range(3))
def test_10_partners_keep_equal_totals_and_win_together(seed: int) -> None:
    state = random_game(KREUZ.replace(name="short", target=600), seed, trump_only=True)
    assert state.is_over
    for result in state.results:
        assert result.scores[0] == result.scores[2] and result.scores[1] == result.scores[3]
    assert state.winners in ((0, 2), (1, 3))


# --- §6 team option: a player need not beat the partner's winning card ----------------------

PNB = KREUZ.replace(name="partner-need-not-beat", partner_need_not_beat=True)
TRICK_DEAL = {0: "10♥ A♣ A♣ 10♣ 10♣ K♣ K♣ Q♣ Q♣", 1: "J♥ A♠ A♠ 10♠ 10♠ K♠ K♠ Q♠ Q♠",
              2: "A♥ K♥ A♦ A♦ 10♦ 10♦ K♦ K♦ Q♦"}


def _first_trick(rules: Rules) -> GameState:
    state = game_with(TRICK_DEAL, "J♥ Q♦ J♦ J♦", rules=rules)
    state = play(state, "pass", "pass", "pass", "lay J♥", "lay Q♦", "lay J♦", "lay J♦",
                 "trump ♣", "10♥", "J♥")
    assert state.to_move == 2
    return state


def test_6_by_default_a_player_must_beat_the_partner_too() -> None:
    state = _first_trick(KREUZ)
    assert [str(a) for a in state.legal_actions()] == ["A♥"]


def test_6_option_a_player_need_not_beat_the_partners_winning_card() -> None:
    state = _first_trick(PNB)
    assert {str(a) for a in state.legal_actions()} == {"A♥", "K♥"}
    state = play(state, "K♥")
    # Seat 3's partner is not winning: seat 3 must still beat 10♥.
    assert [str(a) for a in state.legal_actions()] == ["A♥"]
