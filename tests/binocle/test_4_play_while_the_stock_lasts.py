"""docs/rules/binocle.md §3 (scoring as you go) and §4 (play while the stock lasts)."""

from __future__ import annotations

import pytest

from binokel.cards import ONE, parse_card, parse_cards, unpack
from binokel.errors import IllegalActionError
from binokel.games.binocle import (
    BINOCLE,
    BinocleIllegalActionError,
    BinocleState,
    Done,
    ExchangeDix,
    Phase,
    Play,
    ShowDix,
    new_binocle_game,
    parse_binocle_action,
)

from .scenarios import DEALER, PONE, plain_action, play, run_until, written_game

# Hands without melds, for the trick rules: trumps are ♥ (J♥ turned).
PONE_PLAIN = "A♣ A♣ 9♣ 9♣ 9♠ 9♠ J♠ J♠ Q♦ Q♦ 10♠ 9♥"
DEALER_PLAIN = "10♣ 10♣ 10♦ 10♦ J♣ J♣ 9♦ 9♦ A♠ A♠ 10♠ 9♥"


def plain_game() -> BinocleState:
    return written_game(PONE_PLAIN, DEALER_PLAIN, turned="J♥", stock_top="Q♥ K♥ 10♥ A♥")


def test_4_pone_leads_any_card() -> None:
    state = written_game(PONE_PLAIN, DEALER_PLAIN, turned="J♥")
    assert state.to_move == PONE and state.phase is Phase.PLAY
    plays = {a.card for a in state.legal_actions() if isinstance(a, Play)}
    assert plays == set(parse_cards(PONE_PLAIN))


def test_4_second_player_may_play_any_card() -> None:
    state = play(written_game(PONE_PLAIN, DEALER_PLAIN, turned="J♥"), "A♣")
    plays = {a.card for a in state.legal_actions() if isinstance(a, Play)}
    assert plays == set(parse_cards(DEALER_PLAIN))  # no duty to follow, trump or win


@pytest.mark.parametrize(("lead", "follow", "winner"), [
    ("9♣", "10♣", DEALER),   # a higher card of the suit led wins
    ("A♣", "10♣", PONE),
    ("A♣", "9♥", DEALER),    # a trump beats any plain card
    ("A♣", "A♠", PONE),      # a card of another plain suit loses
])
def test_4_trick_winner(lead: str, follow: str, winner: int) -> None:
    state = play(written_game(PONE_PLAIN, DEALER_PLAIN, turned="J♥"), lead, follow)
    assert state.tricks[-1].winner == winner


def test_4_identical_cards_leader_wins() -> None:
    state = written_game("A♣ 9♣ 9♣ 9♠ 9♠ J♠ J♠ Q♦ Q♦ 10♠ 10♥ 10♦",
                         "A♣ 10♣ 10♣ 10♦ J♣ J♣ 9♦ 9♦ A♠ A♠ 10♠ K♥", turned="J♥")
    state = play(state, "A♣", "A♣")
    assert state.tricks[-1].winner == PONE
    # ... and when the dealer leads, the dealer's copy wins.
    state = play(state, "9♣", "10♣")
    assert state.tricks[-1].winner == DEALER
    state = play(state, "10♦", "10♦")
    assert state.tricks[-1].winner == DEALER


def test_4_winner_draws_first_loser_next() -> None:
    state = written_game(PONE_PLAIN, DEALER_PLAIN, turned="J♥", stock_top="Q♥ K♥ 10♥ A♥")
    before = state.hands
    state = play(state, "9♣", "10♣", "done")  # the dealer wins, draws Q♥; the pone K♥
    assert state.phase is Phase.PLAY and state.to_move == DEALER
    assert state.hands[DEALER] == before[DEALER] - ONE[parse_card("10♣").kind] \
        + ONE[parse_card("Q♥").kind]
    assert state.hands[PONE] == before[PONE] - ONE[parse_card("9♣").kind] \
        + ONE[parse_card("K♥").kind]
    assert state.stock_size == 21


def test_4_only_the_winner_melds_before_drawing() -> None:
    state = written_game("K♠ Q♠ A♣ A♣ 9♣ 9♣ 9♠ 9♠ J♠ J♠ 10♠ 10♦",
                         "10♣ 10♣ 10♦ J♣ J♣ 9♦ 9♦ A♠ A♠ 10♠ K♦ Q♦", turned="J♥")
    with pytest.raises(IllegalActionError, match="Only the winner of the trick just played"):
        state.apply(parse_binocle_action("meld marriage ♠"))
    state = play(state, "A♣", "9♦")
    assert state.phase is Phase.MELD and state.to_move == PONE
    assert state.stock_size == 23  # not drawn yet
    # The loser, holding K♦ Q♦, may not meld.
    state = play(state, "done", "10♦", "9♦")
    assert state.tricks[-1].winner == PONE and state.phase is Phase.MELD
    assert [str(a) for a in state.legal_actions()] == ["meld marriage K♠ Q♠", "done", "claim"]


def test_4_one_meld_per_trick() -> None:
    state = written_game("K♠ Q♠ K♣ Q♣ A♣ A♣ 9♣ 9♣ 9♠ 9♠ J♠ J♠",
                         "10♣ 10♣ 10♦ 10♦ J♣ J♣ 9♦ 9♦ A♠ A♠ 10♠ 10♠", turned="J♥")
    state = play(state, "A♣", "9♦", "meld marriage ♠")
    assert state.scores == (20, 0)
    # Nothing else to do, yet the step stays until done (nobody learns what is left).
    assert state.phase is Phase.MELD and state.nothing_to_declare()
    with pytest.raises(IllegalActionError, match="Only one meld may be scored for each trick"):
        state.apply(parse_binocle_action("meld marriage ♣"))
    state = play(state, "done")
    assert state.phase is Phase.PLAY and state.stock_size == 21
    with pytest.raises(IllegalActionError, match="Only the winner"):
        state.apply(parse_binocle_action("meld marriage ♣"))
    state = play(state, "A♣", "9♦", "meld marriage ♣")
    assert state.scores == (40, 0)


def test_3_melds_score_at_once_card_points_at_the_end() -> None:
    state = written_game("K♠ Q♠ A♣ A♣ 9♣ 9♣ 9♠ 9♠ J♠ J♠ 10♠ 10♦",
                         "10♣ 10♣ 10♦ J♣ J♣ 9♦ 9♦ A♠ A♠ 10♠ K♦ Q♦", turned="J♥")
    state = play(state, "A♣", "10♣", "meld marriage ♠")
    assert state.scores == (20, 0)      # the meld, at once
    assert state.points == (21, 0)      # card points taken, counted at the end of the hand
    end = run_until(state, lambda s: s.hand_no == 1 or s.is_over)
    result = end.results[0]
    assert result.totals == (result.scores[0], result.scores[1])
    assert sum(result.card_points) == 240


def test_4_dix_exchange_scores_10_and_takes_the_turned_card() -> None:
    state = plain_game()
    state = play(state, "A♣", "9♦")
    assert ExchangeDix(parse_card("9♥")) in state.legal_actions()
    with pytest.raises(IllegalActionError, match="Exchange the first dix for the turned card"):
        state.apply(parse_binocle_action("show 9♥"))
    state = play(state, "exchange 9♥")
    assert state.scores == (10, 0) and state.dix_points == (10, 0)
    assert state.turned == parse_card("9♥")
    assert parse_card("J♥") in state.hand(PONE) and parse_card("9♥") not in state.hand(PONE)
    assert unpack(state.known[PONE]) == [parse_card("J♥")]  # everyone saw it taken


def test_4_second_dix_is_shown_for_10() -> None:
    state = play(plain_game(), "A♣", "9♦", "exchange 9♥", "9♣", "10♣")
    assert state.to_move == DEALER and state.phase is Phase.MELD
    assert [str(a) for a in state.legal_actions()] == ["show 9♥", "done", "claim"]
    state = play(state, "show 9♥")
    assert state.scores == (10, 10) and state.dix_shown
    assert parse_card("9♥") in unpack(state.known[DEALER])
    # Each dix scores once: the next trick won leaves done alone.
    state = play(state, "A♠", "9♠")
    assert state.phase is Phase.MELD and [str(a) for a in state.legal_actions()] == [
        "done", "claim"]


def test_4_turned_dix_the_other_can_only_be_shown() -> None:
    state = written_game("9♥ A♣ A♣ 9♣ 9♣ 9♠ 9♠ J♠ J♠ Q♦ Q♦ 10♠",
                         "10♣ 10♣ 10♦ 10♦ J♣ J♣ 9♦ 9♦ A♠ A♠ 10♠ J♥", turned="9♥")
    state = play(state, "A♣", "9♦")
    with pytest.raises(IllegalActionError, match="the other dix can only be shown"):
        state.apply(ExchangeDix(parse_card("9♥")))
    state = play(state, "show 9♥")
    assert state.scores == (10, 10)


def test_4_dix_and_one_meld_after_the_same_trick() -> None:
    state = written_game("9♥ K♠ Q♠ A♣ A♣ 9♣ 9♣ 9♠ 9♠ J♠ J♠ 10♠",
                         "10♣ 10♣ 10♦ 10♦ J♣ J♣ 9♦ 9♦ A♠ A♠ 10♠ Q♦", turned="J♥")
    state = play(state, "A♣", "9♦", "meld marriage ♠", "exchange 9♥")
    assert state.scores == (30, 0)
    assert state.phase is Phase.MELD and state.nothing_to_declare()
    state = play(state, "done")
    assert state.phase is Phase.PLAY and state.stock_size == 21


def test_4_option_dix_uses_up_the_meld() -> None:
    rules = BINOCLE.replace(dix_uses_meld=True)
    state = written_game("9♥ K♠ Q♠ A♣ A♣ 9♣ 9♣ 9♠ 9♠ J♠ J♠ 10♠",
                         "10♣ 10♣ 10♦ 10♦ J♣ J♣ 9♦ 9♦ A♠ A♠ 10♠ Q♦", turned="J♥", rules=rules)
    state = play(state, "A♣", "9♦")
    melded = play(state, "meld marriage ♠")
    # The meld used the turn: done is all that is left.
    assert melded.nothing_to_declare() and melded.scores == (20, 0)
    exchanged = play(state, "exchange 9♥")
    assert exchanged.nothing_to_declare() and exchanged.scores == (10, 0)


def test_4_melded_cards_are_played_from_the_table() -> None:
    state = written_game("K♠ Q♠ A♣ A♣ 9♣ 9♣ 9♠ 9♠ J♠ J♠ 10♠ 10♦",
                         "10♣ 10♣ 10♦ J♣ J♣ 9♦ 9♦ A♠ A♠ 10♠ K♦ Q♦", turned="J♥")
    state = play(state, "A♣", "9♦", "meld marriage ♠")
    assert state.table(PONE) == parse_cards("K♠ Q♠")
    assert parse_card("K♠") not in state.hand(PONE)
    state = play(state, "done")
    assert Play(parse_card("K♠"), from_table=True) in state.legal_actions()
    with pytest.raises(IllegalActionError, match="play it as 'table K♠'"):
        state.apply(parse_binocle_action("K♠"))
    state = play(state, "table K♠", "A♠", "done")
    assert state.table(PONE) == parse_cards("Q♠")
    assert state.tricks[-1].from_table == (True, False)
    # The dealer won; the table card may also be played second.
    state = play(state, "J♣", "table Q♠")
    assert state.table(PONE) == []


def test_4_last_two_cards_of_stock() -> None:
    state = run_until(new_binocle_game(BINOCLE, seed=21),
                      lambda s: s.stock_size == 1 and s.phase is Phase.PLAY
                      and not s.current_trick())
    last_card = state.deal.stock[-1]
    turned = state.turned
    assert turned is not None
    before = [state.hands[s] + state.table_bits[s] for s in (0, 1)]
    leader = state.to_move
    lead = plain_action(state)
    state = state.apply(lead)
    follow = plain_action(state)
    state = state.apply(follow)
    while state.phase is Phase.MELD:
        state = state.apply(Done())
    winner = state.tricks[-1].winner
    assert isinstance(lead, Play) and isinstance(follow, Play)
    played = {leader: lead.card.kind, 1 - leader: follow.card.kind}
    assert state.hands[winner] == before[winner] - ONE[played[winner]] + ONE[last_card]
    loser = 1 - winner
    assert state.hands[loser] == before[loser] - ONE[played[loser]] + ONE[turned.kind]
    assert state.turned is None and state.stock_size == 0 and not state.stock_lasts
    # The seat that drew the turned trump is known to hold it.
    assert turned in state.view(winner).known[loser]


def test_4_exchange_refused_with_the_rule_and_state_unchanged() -> None:
    state = play(plain_game(), "A♣", "9♦")
    snapshot = (state.hands, state.scores, state.phase, state.legal_actions())
    with pytest.raises(BinocleIllegalActionError, match="dix is the trump Nine"):
        state.apply(ShowDix(parse_card("9♠")))
    assert snapshot == (state.hands, state.scores, state.phase, state.legal_actions())
