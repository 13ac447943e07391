"""docs/rules/binokel.md §3 options (minimum bid 200 or 250, jumps) and §8 Durch: its value, open
Durch after the discard (±1500), open Durch without the Dabb (±2000), and tables without Durch.

Seats of the set deals: the dealer is seat 2, seat 0 forehand, seat 1 middlehand.
"""

from __future__ import annotations

import pytest

from binokel import (
    Contract,
    GameState,
    IllegalActionError,
    Phase,
    find_rules,
    new_game,
    parse_action,
)
from binokel.games.binokel.rules import BINOKEL
from tests.helpers import game_with

from .variant_tools import play

# --- bidding ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "minimum"), [("binokel-bid-200", 200),
                                               ("binokel-bid-250", 250)])
def test_3_forehand_opens_at_the_rule_sets_minimum(name: str, minimum: int) -> None:
    state = new_game(find_rules(name), 1)
    assert state.bids == ((state.forehand, minimum),)
    assert [str(a) for a in state.legal_actions()] == ["pass", str(minimum + 10)]
    state = play(state, "pass", "pass")
    assert state.declarer == state.forehand and state.bid == minimum


def test_3_option_bids_may_jump_in_steps_of_ten() -> None:
    state = new_game(find_rules("binokel-jumps"), 1)
    bids = [a for a in state.legal_actions() if str(a) != "pass"]
    assert [str(b) for b in bids[:3]] == ["160", "170", "180"]
    assert str(bids[-1]) == "1500", "up to the highest bid"
    state = play(state, "300")
    assert state.bid == 300
    with pytest.raises(IllegalActionError, match="Bids go up in steps of 10"):
        state.apply(parse_action("315"))
    with pytest.raises(IllegalActionError, match="You must bid more than 300"):
        state.apply(parse_action("300"))


def test_3_without_jumps_a_jump_is_refused() -> None:
    state = new_game(BINOKEL, 1)
    with pytest.raises(IllegalActionError, match="Bids go up by 10: the next bid is 160"):
        state.apply(parse_action("200"))


# --- Durch -----------------------------------------------------------------------------------

OPEN = find_rules("binokel-open-durch")
#: Eight Aces and four Tens: nobody can beat them, so the declarer wins every trick.
SWEEP = "A♣ A♣ A♠ A♠ A♥ A♥ A♦ A♦ 10♣ 10♠ 10♥ 10♦"
SWEEP_ORDER = [*SWEEP.split()]
DABB = "J♣ J♠ J♥ J♦"


def play_as_declarer(state: GameState, declarer_cards: list[str]) -> GameState:
    """Play the hand out: the declarer plays the given cards in order, the others their first
    legal card."""
    cards = list(declarer_cards)
    hand_no = state.hand_no
    while state.hand_no == hand_no and not state.is_over:
        if state.to_move == state.declarer:
            state = play(state, cards.pop(0))
        else:
            state = state.apply(state.legal_actions()[0])
    return state


def test_8_durch_wins_and_loses_the_durch_value() -> None:
    state = play(game_with({0: SWEEP}, DABB, rules=BINOKEL), "pass", "pass")
    state = play(state, *(f"lay {c}" for c in DABB.split()), "durch")
    assert state.contract is Contract.DURCH and state.to_move == 0
    done = play_as_declarer(state, SWEEP_ORDER)
    assert done.results[0].scores == (1000, 0, 0)
    rules = BINOKEL.replace(name="durch 500", durch_value=500)
    state = play(game_with({0: SWEEP}, DABB, rules=rules), "pass", "pass",
                 *(f"lay {c}" for c in ["A♣", "A♠", "A♥", "A♦"]), "durch")
    lost = play_as_declarer(state, ["J♣"])
    assert len(lost.results[0].tricks) == 1, "the first trick lost ends the hand"
    assert lost.results[0].scores == (-500, 0, 0)


def test_8_option_open_durch_without_the_dabb_is_announced_before_it_is_turned() -> None:
    state = play(game_with({0: SWEEP}, DABB, rules=OPEN), "pass", "pass")
    assert state.phase is Phase.DABB and state.declarer == 0
    assert {str(a) for a in state.legal_actions()} == {"dabb", "open"}
    state = play(state, "open")
    assert state.contract is Contract.OPEN_DURCH_NO_DABB and state.to_move == 0
    assert len(state.hand(0)) == 12, "the Dabb stays aside"
    for seat in (0, 1, 2):
        view = state.view(seat)
        assert view.dabb is None, "the Dabb is never turned"
        assert view.open_hand is not None and sorted(map(str, view.open_hand)) == \
            sorted(SWEEP.split()), "the declarer's hand lies face up"
    done = play_as_declarer(state, SWEEP_ORDER)
    result = done.results[0]
    assert result.scores == (2000, 0, 0)
    assert sum(result.trick_points) == 250 - 8, "the Dabb's points count for nobody"


def test_8_option_open_durch_after_the_discard_is_worth_1500() -> None:
    state = play(game_with({0: SWEEP}, DABB, rules=OPEN), "pass", "pass", "dabb")
    assert state.dabb_shown and state.phase is Phase.DISCARD
    state = play(state, *(f"lay {c}" for c in DABB.split()))
    assert "open" in {str(a) for a in state.legal_actions()}
    state = play(state, "open")
    assert state.contract is Contract.OPEN_DURCH
    assert state.view(1).open_hand is not None
    assert play_as_declarer(state, SWEEP_ORDER).results[0].scores == (1500, 0, 0)


def test_8_a_lost_open_durch_costs_its_value() -> None:
    state = play(game_with({0: SWEEP}, DABB, rules=OPEN), "pass", "pass", "dabb",
                 *(f"lay {c}" for c in ["A♣", "A♠", "A♥", "A♦"]), "open")
    assert play_as_declarer(state, ["J♥"]).results[0].scores == (-1500, 0, 0)
    state = play(game_with({1: SWEEP}, DABB, rules=OPEN), "160", "pass", "pass", "open")
    assert state.declarer == 1 and state.to_move == 1, "in Durch the declarer leads"


def test_8_without_the_options_there_is_no_open_durch() -> None:
    state = play(game_with({0: SWEEP}, DABB, rules=BINOKEL), "pass", "pass")
    assert state.phase is Phase.DISCARD, "the Dabb is taken at once"
    state = play(state, *(f"lay {c}" for c in DABB.split()))
    assert "open" not in {str(a) for a in state.legal_actions()}
    with pytest.raises(IllegalActionError, match="open_durch is off"):
        state.apply(parse_action("open"))


def test_8_house_rule_no_durch() -> None:
    rules = BINOKEL.replace(name="no durch", durch_allowed=False)
    state = play(game_with({0: SWEEP}, DABB, rules=rules), "pass", "pass",
                 *(f"lay {c}" for c in DABB.split()))
    assert state.phase is Phase.TRUMP
    assert "durch" not in {str(a) for a in state.legal_actions()}
    with pytest.raises(IllegalActionError, match="Durch is not played under these rules"):
        state.apply(parse_action("durch"))
    with pytest.raises(IllegalActionError, match=r"^Name trumps or give up\.$"):
        state.apply(parse_action("lay A♣"))
