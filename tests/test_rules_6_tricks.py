"""docs/rules/binokel.md §6 Tricks: the four duties, the options, the trick winner, the lead."""

from __future__ import annotations

import pytest

from binokel import Phase, Play, Rules, Suit, legal_cards, trick_winner
from binokel.games.binokel.rules import BINOKEL
from tests.helpers import D, F, M, card, cards, game_with, play, play_out, points, refused

SPADES, HEARTS, CLUBS = Suit.SPADES, Suit.HEARTS, Suit.CLUBS


def legal(hand: str, trick: str, trump: Suit | None, rules: Rules = BINOKEL) -> set[str]:
    return {str(c) for c in legal_cards(cards(hand), cards(trick), trump, rules=rules)}


def winner(trick: str, trump: Suit | None) -> int:
    return trick_winner(cards(trick), trump)


# --- the four duties -------------------------------------------------------------------------

def test_6_the_leader_may_play_any_card() -> None:
    assert legal("A♥ J♥ K♠ A♣", "", SPADES) == {"A♥", "J♥", "K♠", "A♣"}


def test_6_1_must_follow_suit() -> None:
    assert legal("J♥ K♠ A♣", "Q♥", SPADES) == {"J♥"}, "even a card that cannot win"
    assert legal("J♥ J♥ K♠", "Q♥", SPADES) == {"J♥"}


def test_6_2_void_in_the_suit_led_must_trump() -> None:
    assert legal("K♠ J♠ A♣", "Q♥", SPADES) == {"K♠", "J♠"}
    assert legal("J♠ A♣ A♦", "A♥ 10♥", SPADES) == {"J♠"}


def test_6_3_following_must_beat_every_card_already_in_the_trick() -> None:
    assert legal("A♥ 10♥ J♥", "Q♥", SPADES) == {"A♥", "10♥"}
    assert legal("A♥ K♥ J♥", "Q♥ K♥", SPADES) == {"A♥"}, "beat the K♥, not just the Q♥"
    assert legal("K♥ A♥", "Q♥ A♥", SPADES) == {"K♥", "A♥"}, "nothing beats A♥: any heart"


def test_6_3_an_identical_card_does_not_beat() -> None:
    assert legal("K♥ J♥ A♥", "K♥", SPADES) == {"A♥"}
    assert legal("K♥ J♥", "K♥", SPADES) == {"K♥", "J♥"}


def test_6_3_trumping_must_beat_every_trump_already_in_the_trick() -> None:
    assert legal("Q♠ J♠ A♣", "Q♥ K♠", SPADES) == {"Q♠", "J♠"}, "none beats K♠: under-trump"
    assert legal("A♠ J♠ A♣", "Q♥ K♠", SPADES) == {"A♠"}, "overtrump"
    assert legal("10♠ K♠", "Q♥ K♠ A♥", SPADES) == {"10♠"}


def test_6_3_the_duty_to_beat_holds_only_for_a_card_that_can() -> None:
    assert legal("J♥ Q♥", "A♥", SPADES) == {"J♥", "Q♥"}


def test_6_4_with_neither_suit_nor_trump_any_card() -> None:
    assert legal("A♣ J♦ 10♦", "Q♥", SPADES) == {"A♣", "J♦", "10♦"}
    assert legal("A♣ J♦", "Q♥ A♠", SPADES) == {"A♣", "J♦"}


def test_6_when_the_trick_is_trumped_follow_suit_with_any_card_of_it() -> None:
    # Default: no card of the suit led can beat a trump, so any card of the suit will do.
    assert legal("A♥ J♥ A♠", "Q♥ J♠", SPADES) == {"A♥", "J♥"}
    assert BINOKEL.beat_suit_when_trumped is False


def test_6_option_when_the_trick_is_trumped_still_beat_the_suit_led() -> None:
    rules = Rules(name="beat when trumped", beat_suit_when_trumped=True)
    assert legal("A♥ J♥ A♠", "Q♥ J♠", SPADES, rules) == {"A♥"}
    assert legal("J♥ J♥ A♠", "Q♥ J♠", SPADES, rules) == {"J♥"}


def test_6_void_with_only_lower_trumps_must_still_under_trump() -> None:
    assert legal("J♠ A♣", "Q♥ A♠", SPADES) == {"J♠"}
    assert BINOKEL.must_undertrump is True


def test_6_option_no_under_trump_duty() -> None:
    rules = Rules(name="no under-trump", must_undertrump=False)
    assert legal("J♠ A♣", "Q♥ A♠", SPADES, rules) == {"J♠", "A♣"}
    assert legal("A♠ J♠ A♣", "Q♥ K♠", SPADES, rules) == {"A♠"}, "overtrumping stays a duty"


def test_6_partners_winning_card_must_be_beaten_by_default() -> None:
    # The team variant's freedom (§9) is an option, off in the default rule set.
    assert BINOKEL.partner_need_not_beat is False


# --- the trick winner ------------------------------------------------------------------------

def test_6_the_highest_trump_wins() -> None:
    assert winner("A♥ J♠ Q♠", SPADES) == 2
    assert winner("A♥ K♠ Q♠", SPADES) == 1
    assert winner("J♠ A♥ A♥", SPADES) == 0, "a led trump beats every plain card"


def test_6_without_a_trump_the_highest_card_of_the_suit_led_wins() -> None:
    assert winner("K♥ A♣ Q♥", SPADES) == 0, "A♣ does not follow suit and cannot win"
    assert winner("K♥ A♣ A♥", SPADES) == 2
    assert winner("J♥ 10♥ K♥", None) == 1


def test_6_of_two_identical_winning_cards_the_first_played_wins() -> None:
    assert winner("10♥ 10♥ K♥", SPADES) == 0
    assert winner("Q♥ A♥ A♥", SPADES) == 1
    assert winner("Q♥ K♠ K♠", SPADES) == 1


# --- in the game -----------------------------------------------------------------------------

# Forehand holds all ten clubs, 10♥ and A♠; middlehand seven hearts without an Ace; the dealer
# neither hearts nor clubs.  The Dabb (both A♥, A♠, A♦) is laid away again.
HANDS = {F: "10♥ A♣ A♣ 10♣ 10♣ K♣ K♣ Q♣ Q♣ J♣ J♣ A♠",
         M: "10♥ K♥ K♥ Q♥ Q♥ J♥ J♥ 10♠ 10♠ K♠ K♠ Q♠"}
DABB = "A♥ A♥ A♠ A♦"
DECLARE = ("pass", "pass", "lay A♥", "lay A♥", "lay A♠", "lay A♦", "trump ♣")


def test_6_forehand_leads_to_the_first_trick() -> None:
    state = play(game_with(HANDS, DABB), *DECLARE)
    assert state.phase is Phase.PLAY and state.to_move == F == state.leader


def test_6_forehand_leads_even_when_another_player_is_declarer() -> None:
    state = play(game_with(HANDS, DABB), "160", "pass", "pass", "lay 10♠", "lay 10♠",
                 "lay K♠", "lay K♠", "trump ♥")
    assert state.declarer == M and state.to_move == F


def test_6_the_others_play_one_card_each_to_the_right() -> None:
    state = play(game_with(HANDS, DABB), *DECLARE, "10♥")
    assert state.to_move == M
    state = play(state, "10♥")
    assert state.to_move == D
    assert state.current_trick() == [(F, card("10♥")), (M, card("10♥"))]


def test_6_identical_cards_first_played_wins_and_the_winner_leads_next() -> None:
    state = play(game_with(HANDS, DABB), *DECLARE, "10♥", "10♥")
    state = state.apply(state.legal_actions()[0])  # the dealer has no heart and no trump
    (trick,) = state.tricks
    assert trick.winner == F, "forehand's 10♥ came first"
    assert state.to_move == F and state.leader == F
    assert state.tricks_won == (1, 0, 0)
    assert state.points[F] == 20 + trick.cards[2].points


def test_6_the_winner_leads_the_next_trick() -> None:
    state = play(game_with(HANDS, DABB), *DECLARE, "A♠")
    state = play(state, "K♠")  # middlehand must follow spades; cannot beat A♠
    state = state.apply(state.legal_actions()[0])
    winner_seat = state.tricks[-1].winner
    assert state.to_move == winner_seat == state.leader


def test_6_each_player_keeps_their_own_tricks_and_the_last_trick_adds_10() -> None:
    state = play(game_with(HANDS, DABB), *DECLARE)
    result = play_out(state).results[0]
    assert len(result.tricks) == 12
    for seat in (F, M, D):
        mine = [t for t in result.tricks if t.winner == seat]
        bonus = 10 if result.tricks[-1].winner == seat else 0
        assert result.tricks_won[seat] == len(mine)
        assert result.trick_points[seat] == sum(points(t.cards) for t in mine) + bonus
    assert sum(result.trick_points) == 240 + 10 - result.discard_points


def test_6_the_trick_duties_bind_in_the_game() -> None:
    state = play(game_with(HANDS, DABB), *DECLARE, "10♥")
    # Middlehand holds hearts but none beats 10♥ (both A♥ are laid away): any heart.
    assert {a.card for a in state.legal_actions() if isinstance(a, Play)} == set(
        cards("K♥ Q♥ J♥ 10♥"))
    assert "You must follow suit" in refused(state, "K♠")
    state = play(state, "K♥")
    # The dealer has no hearts and no clubs (trumps): any card.
    assert {a.card for a in state.legal_actions() if isinstance(a, Play)} == set(state.hand(D))


def test_6_a_card_not_in_the_hand_cannot_be_played() -> None:
    state = play(game_with(HANDS, DABB), *DECLARE)
    assert "You do not hold A♥" in refused(state, "A♥")


@pytest.mark.parametrize("lead", ["A♣", "J♣"])
def test_6_4_void_in_a_led_trump_suit_any_card(lead: str) -> None:
    # Forehand leads a trump; middlehand holds no clubs at all, so duty 4 leaves it free.
    state = play(game_with(HANDS, DABB), *DECLARE, lead)
    assert {a.card for a in state.legal_actions() if isinstance(a, Play)} == set(state.hand(M))


def test_6_the_engines_written_out_duties_agree_with_legal_mask() -> None:
    # ``GameState.legal_actions`` writes the standard duties out (speed-05). At every card of
    # random hands, in every rule set, the cards it offers must be those ``legal_mask`` allows,
    # for the mover's real hand and for random other hands put in its place (so that rare
    # duties, such as undertrumping a trumped trick, come up thousands of times).
    import random

    from binokel.games.binokel.game import new_game
    from binokel.games.binokel.rules import BINOKEL_4_DEALER_OUT, PRESETS
    from binokel.games.binokel.tricks import legal_mask

    rng = random.Random(6)
    rule_sets = [*PRESETS, BINOKEL_4_DEALER_OUT]
    rule_sets += [r.replace(must_undertrump=False) for r in PRESETS]
    rule_sets += [r.replace(beat_suit_when_trumped=True) for r in PRESETS]
    checked = 0
    for game_no in range(80):
        rules = rule_sets[game_no % len(rule_sets)]
        state = new_game(rules, seed=f"duties/{game_no}")
        hand_no = state.hand_no
        while not state.is_over and state.hand_no < hand_no + 3:
            legal = state.legal_actions()
            if state.phase is Phase.PLAY and not rules.teams:
                trick = [c.kind for _, c in state.current_trick()]
                best = trick[trick_winner([c for _, c in state.current_trick()], state.trump)] \
                    if trick else 0
                trump = -1 if state.trump is None else int(state.trump)
                for other in range(6):
                    probe = state
                    if other:  # another hand for the mover, one copy of each kind at most
                        probe = state._copy(state.last_action)  # type: ignore[arg-type]
                        hand = sum(1 << (2 * k) for k in rng.sample(range(32), rng.randint(1, 9)))
                        hands = list(state.hands)
                        hands[state.to_move] = hand
                        probe._hands = tuple(hands)
                    mask = legal_mask(probe.hands[probe.to_move], trick, best, trump, rules)
                    offered = {a.card.kind for a in probe.legal_actions() if isinstance(a, Play)}
                    assert offered == {k for k in range(32) if (mask >> (2 * k)) & 3}, (
                        rules.name, trick, probe.hands[probe.to_move])
                    checked += 1
            state = state.apply(rng.choice(legal))
    assert checked > 5000
