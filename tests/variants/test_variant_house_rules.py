"""House rules that Swabian tables commonly play, each a field of the rule set
(docs/rules/binokel.md §4, §6, §7 options): trump named before the discard, the give-up bonus, trick
points rounded to ten, the trick duties when a trick is trumped, and who leads the first trick.

Seats of the set deals: the dealer is seat 2, seat 0 forehand, seat 1 middlehand.
"""

from __future__ import annotations

import pytest

from binokel import Contract, IllegalActionError, Phase, Rules, Suit, parse_action
from binokel.games.binokel.rules import BINOKEL, FirstLead
from binokel.games.binokel.scoring import score_hand
from tests.helpers import game_with

from .variant_tools import play

FOREHAND = "10♥ A♥ A♥ K♥ K♥ Q♥ Q♥ J♥ J♥ 10♥ A♣ A♣"
MIDDLEHAND = "A♠ A♠ 10♠ 10♠ K♠ K♠ Q♠ Q♠ J♠ A♦ A♦ 10♦"
DEALER = "J♠ 10♣ 10♣ K♣ K♣ Q♣ Q♣ J♣ J♣ 10♦ K♦ K♦"
DABB = "Q♦ Q♦ J♦ J♦"


def rules_with(**changes: object) -> Rules:
    return BINOKEL.replace(name="house", **changes)


# --- trump named before the discard ----------------------------------------------------------

def test_4_house_rule_trump_before_the_discard_and_laid_away_trumps_are_shown() -> None:
    state = game_with({0: FOREHAND}, DABB, rules=rules_with(trump_before_discard=True))
    state = play(state, "pass", "pass")
    assert state.phase is Phase.TRUMP and len(state.hand(0)) == 16
    legal = {str(a) for a in state.legal_actions()}
    assert {"trump ♥", "durch", "out ♥"} <= legal and not any(a.startswith("lay") for a in legal)
    state = play(state, "trump ♥")
    assert state.phase is Phase.DISCARD and state.trump is Suit.HEARTS
    assert not any(str(a).startswith("out") for a in state.legal_actions()), \
        "giving up ends when trumps are named"
    with pytest.raises(IllegalActionError, match="until trumps are named"):
        state.apply(parse_action("out ♥"))
    state = play(state, "lay J♥", "lay Q♦")
    for seat in (1, 2):
        assert [str(c) for c in state.view(seat).shown_discard] == ["J♥"], \
            "the trump laid away is shown; the Q♦ is not"
        assert state.view(seat).discard is None
    assert sorted(map(str, state.view(0).discard or ())) == ["J♥", "Q♦"]
    state = play(state, "lay J♥", "lay Q♦")
    assert state.phase is Phase.PLAY and state.contract is Contract.TRUMP
    assert [str(c) for c in state.view(1).shown_discard] == ["J♥", "J♥"]
    assert len(state.hand(0)) == 12


def test_4_by_default_trumps_are_named_after_the_discard_and_nothing_is_shown() -> None:
    state = game_with({0: FOREHAND}, DABB, rules=BINOKEL)
    state = play(state, "pass", "pass")
    assert state.phase is Phase.DISCARD
    state = play(state, "lay J♥", "lay J♥", "lay Q♦", "lay Q♦", "trump ♥")
    assert state.phase is Phase.PLAY
    assert state.view(1).shown_discard == () and state.view(1).discard is None


# --- giving up -------------------------------------------------------------------------------

@pytest.mark.parametrize(("bonus", "keeps", "middlehand", "dealer"), [
    (50, True, 50 + 120, 50 + 80),
    (40, True, 40 + 120, 40 + 80),
    (50, False, 50, 50),
    (40, False, 40, 40),
])
def test_4_house_rule_the_give_up_bonus_with_or_without_melds(
        bonus: int, keeps: bool, middlehand: int, dealer: int) -> None:
    rules = rules_with(give_up_bonus=bonus, give_up_keeps_melds=keeps)
    state = game_with({0: FOREHAND, 1: MIDDLEHAND, 2: DEALER}, DABB, rules=rules)
    state = play(state, "pass", "pass", "out ♣")
    result = state.results[0]
    assert result.contract is Contract.GIVE_UP
    # Middlehand: spade family 100 + spade pair 20; the dealer: two trump pairs K♣ Q♣, 2 x 40.
    assert result.scores == (-150, middlehand, dealer)
    if not keeps:
        assert result.melds == ((), (), ()), "melds that do not count are not shown"


def test_4_giving_up_scores_each_opponent_the_bonus_plus_own_melds() -> None:
    state = game_with({0: FOREHAND, 1: MIDDLEHAND, 2: DEALER}, DABB, rules=BINOKEL)
    state = play(state, "pass", "pass", "out ♦")
    result = state.results[0]
    melds_1 = sum(m.points for m in result.melds[1])
    melds_2 = sum(m.points for m in result.melds[2])
    assert result.scores == (-150, 50 + melds_1, 50 + melds_2)
    assert result.melds[0] == ()


# --- trick points rounded to ten -------------------------------------------------------------

ROUND = rules_with(round_trick_points=True)


@pytest.mark.parametrize(("tricks", "melds", "bid", "expected"), [
    (126, 150, 300, 300),   # 126 + 20 discarded = 146, rounded 150: the bid is met
    (124, 150, 300, -600),  # 144 rounds to 140: 290 misses it
    (105, 0, 120, 130),     # 125: a five rounds up
])
def test_7_house_rule_trick_points_are_rounded_to_the_nearest_ten(
        tricks: int, melds: int, bid: int, expected: int) -> None:
    scores, _ = score_hand(
        ROUND, active=[0, 1, 2], declarer=0, bid=bid, contract=Contract.TRUMP,
        meld_points=[melds, 60, 0], tricks_won=[6, 3, 3],
        trick_points=[tricks, 64, 230 - 64 - tricks], discard_points=20)
    assert scores[0] == expected
    assert scores[1] == 60 + 60, "opponents' trick points are rounded too (64 -> 60)"


def test_7_without_the_house_rule_points_are_exact() -> None:
    scores, _ = score_hand(
        BINOKEL, active=[0, 1, 2], declarer=0, bid=300, contract=Contract.TRUMP,
        meld_points=[150, 60, 0], tricks_won=[6, 3, 3], trick_points=[126, 64, 40],
        discard_points=20)
    assert scores == (-600, 124, 40), "296 misses 300"


# --- trick duties ----------------------------------------------------------------------------

BEAT_DEAL = {0: "10♥ A♣ A♣ 10♣ 10♣ K♣ K♣ Q♣ Q♣ J♣ J♣ K♦",
             1: "J♠ A♠ A♠ 10♠ 10♠ K♠ K♠ Q♠ Q♠ A♦ A♦ 10♦"}
UNDER_DEAL = {0: FOREHAND, 1: MIDDLEHAND, 2: DEALER}


def _after_two_cards(rules: Rules, deal: dict[int, str], second: str) -> list[str]:
    state = game_with(deal, DABB, rules=rules)
    state = play(state, "pass", "pass", "lay Q♦", "lay Q♦", "lay J♦", "lay J♦", "trump ♠",
                 "10♥", second)
    assert state.to_move == 2
    return sorted(str(a) for a in state.legal_actions())


def test_6_by_default_a_follower_of_a_trumped_trick_plays_any_card_of_the_suit() -> None:
    legal = _after_two_cards(BINOKEL, BEAT_DEAL, "J♠")
    assert legal == sorted(["A♥", "K♥", "Q♥", "J♥", "10♥"])


def test_6_option_a_follower_must_beat_the_best_card_of_the_suit_even_when_trumped() -> None:
    legal = _after_two_cards(rules_with(beat_suit_when_trumped=True), BEAT_DEAL, "J♠")
    assert legal == ["A♥"], "only A♥ beats the 10♥ led"


def test_6_by_default_a_player_void_in_the_suit_must_undertrump() -> None:
    assert _after_two_cards(BINOKEL, UNDER_DEAL, "A♠") == ["J♠"]


def test_6_option_without_the_undertrump_duty_any_card_may_be_played() -> None:
    legal = _after_two_cards(rules_with(must_undertrump=False), UNDER_DEAL, "A♠")
    assert len(legal) == len(set(DEALER.split()))


# --- who leads the first trick ---------------------------------------------------------------

@pytest.mark.parametrize(("first_lead", "leader"), [(FirstLead.FOREHAND, 0),
                                                    (FirstLead.DECLARER, 1)])
def test_6_house_rule_who_leads_the_first_trick(first_lead: FirstLead, leader: int) -> None:
    rules = rules_with(first_lead=first_lead)
    state = game_with({0: FOREHAND, 1: MIDDLEHAND}, DABB, rules=rules)
    state = play(state, "160", "pass", "pass", "lay Q♦", "lay Q♦", "lay J♦", "lay J♦",
                 "trump ♠")
    assert state.declarer == 1
    assert state.phase is Phase.PLAY and state.to_move == leader and state.leader == leader


def test_8_in_durch_the_declarer_leads_whoever_leads_trump_games() -> None:
    state = game_with({0: FOREHAND, 1: MIDDLEHAND}, DABB, rules=BINOKEL)
    state = play(state, "160", "pass", "pass", "lay Q♦", "lay Q♦", "lay J♦", "lay J♦", "durch")
    assert state.to_move == 1
