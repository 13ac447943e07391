"""docs/rules/bezique.md §3 (play while the stock lasts) and §5 (declarations: Bézique's table, one
per trick won, built up but never the other way)."""

from __future__ import annotations

import pytest

from binokel.cards import Suit, parse_cards
from binokel.games.binocle import (
    BinocleIllegalActionError,
    Meld,
    Phase,
    binocle_melds,
    parse_binocle_action,
)
from binokel.games.binocle.melds import MeldKind
from binokel.games.binocle.rules import BEZIQUE

from .scenarios import PONE, play, written_game

NOTHING = "8♣ 8♣ 9♦ 9♦ 8♦ 8♦ 8♠ 9♣"  # the dealer: no trumps, no club above the pone's Aces
STOCK = "7♠ 7♠ 7♣ 7♣"


def _melds_offered(state: object) -> list[str]:
    legal = state.legal_actions()  # type: ignore[attr-defined]
    return [str(a) for a in legal if isinstance(a, Meld)]


def test_3_any_card_may_be_played_while_the_stock_lasts() -> None:
    state = written_game("A♥ 10♥ K♥ Q♥ J♥ A♣ A♣ 9♠", NOTHING, turned="8♥", stock_top=STOCK)
    state = play(state, "A♣")
    # The dealer holds clubs but may throw a diamond: no duty to follow while the stock lasts.
    assert {str(a) for a in state.legal_actions()} == {"8♣", "9♦", "8♦", "8♠", "9♣"}


def test_3_the_trump_seven_is_exchanged_for_the_turned_card_for_10() -> None:
    state = written_game("7♥ A♣ A♣ 9♠ 9♠ J♠ J♠ J♣", NOTHING, turned="K♥", stock_top=STOCK)
    state = play(state, "A♣", "8♣")
    assert state.phase is Phase.MELD and "exchange 7♥" in [str(a) for a in state.legal_actions()]
    state = play(state, "exchange 7♥")
    assert state.scores == (10, 0) and state.turned is not None and str(state.turned) == "7♥"
    assert "K♥" in [str(c) for c in state.hand(PONE)]


def test_5_royal_marriage_then_sequence_scores_290() -> None:
    state = written_game("A♥ 10♥ K♥ Q♥ J♥ A♣ A♣ 9♠", NOTHING, turned="8♥", stock_top=STOCK)
    state = play(state, "A♣", "8♣")
    assert _melds_offered(state) == ["meld royal marriage K♥ Q♥",
                                     "meld sequence A♥ 10♥ K♥ Q♥ J♥"]
    state = play(state, "meld royal marriage ♥", "A♣", "8♣", "meld sequence ♥")
    assert state.scores == (290, 0)
    assert [str(m) for m in state.melds[PONE]] == ["royal marriage K♥ Q♥ 40",
                                                   "sequence A♥ 10♥ K♥ Q♥ J♥ 250"]


def test_5_no_royal_marriage_is_taken_out_of_a_scored_sequence() -> None:
    state = written_game("A♥ 10♥ K♥ Q♥ J♥ K♥ A♣ A♣", NOTHING, turned="8♥", stock_top=STOCK)
    state = play(state, "A♣", "8♣", "meld sequence ♥", "A♣", "8♣")
    # The second K♥ with the Q♥ of the sequence would be a marriage out of the sequence.
    assert _melds_offered(state) == []
    with pytest.raises(BinocleIllegalActionError,
                       match="cannot be taken out of a scored sequence"):
        state.apply(parse_binocle_action("meld royal marriage ♥"))


def test_5_bezique_then_double_bezique_scores_540() -> None:
    state = written_game("Q♠ Q♠ J♦ J♦ A♣ A♣ 9♠ 9♠", NOTHING, turned="8♥", stock_top=STOCK)
    state = play(state, "A♣", "8♣")
    assert _melds_offered(state) == ["meld bézique Q♠ J♦", "meld double bézique Q♠ Q♠ J♦ J♦"]
    state = play(state, "meld bézique", "A♣", "8♣", "meld double bézique")
    assert state.scores == (540, 0)
    assert [str(m) for m in state.melds[PONE]] == ["bézique Q♠ J♦ 40",
                                                   "double bézique Q♠ Q♠ J♦ J♦ 500"]


def test_5_double_bezique_then_never_a_bezique() -> None:
    state = written_game("Q♠ Q♠ J♦ J♦ A♣ A♣ 9♠ 9♠", NOTHING, turned="8♥", stock_top=STOCK)
    state = play(state, "A♣", "8♣", "meld double bezique", "A♣", "8♣")
    assert state.scores == (500, 0)
    assert _melds_offered(state) == []
    with pytest.raises(BinocleIllegalActionError, match="declaration"):
        state.apply(parse_binocle_action("meld bézique"))


def test_5_one_declaration_per_trick_won() -> None:
    state = written_game("Q♠ Q♠ J♦ J♦ A♣ A♣ 9♠ 9♠", NOTHING, turned="8♥", stock_top=STOCK)
    state = play(state, "A♣", "8♣", "meld bézique")
    with pytest.raises(BinocleIllegalActionError):
        state.apply(parse_binocle_action("meld double bézique"))


def test_5_the_table_of_declarations_and_its_names() -> None:
    hand = parse_cards("A♥ 10♥ K♥ Q♥ J♥ K♣ Q♣ Q♠ J♦ 7♥")
    found = {str(m) for m in binocle_melds(hand, Suit.HEARTS, BEZIQUE)}
    assert found == {"royal marriage K♥ Q♥ 40", "sequence A♥ 10♥ K♥ Q♥ J♥ 250",
                     "common marriage K♣ Q♣ 20", "bézique Q♠ J♦ 40", "trump Seven 7♥ 10"}
    fours = parse_cards("A♣ A♠ A♥ A♦ K♣ K♠ K♥ K♦ Q♣ Q♥ Q♦ Q♠ J♣ J♠ J♥ J♦")
    four = {m.name: m.points for m in binocle_melds(fours, Suit.CLUBS, BEZIQUE)
            if m.meld.kind.name.startswith("FOUR")}
    assert four == {"four aces": 100, "four kings": 80, "four queens": 60, "four jacks": 40}


def test_5_no_grand_bezique_no_eight_of_a_kind_no_four_tens() -> None:
    eights = parse_cards("A♣ A♣ A♠ A♠ A♥ A♥ A♦ A♦ K♠ Q♠ J♦ 10♣ 10♠ 10♥ 10♦")
    kinds = {m.meld.kind for m in binocle_melds(eights, Suit.CLUBS, BEZIQUE)}
    assert MeldKind.GRAND_BINOCLE not in kinds and MeldKind.EIGHT_ACES not in kinds
    assert MeldKind.FOUR_ACES in kinds and MeldKind.BINOCLE in kinds
    assert all(not k.name.startswith("FOUR_TENS") for k in kinds)


def test_5_names_written_the_binocle_way_are_the_same_declaration() -> None:
    # A player may type Binocle's or Bézique's word (with or without the accent); the record
    # and the screen show Bézique's.
    assert parse_binocle_action("meld binocle") == parse_binocle_action("meld bézique")
    assert parse_binocle_action("meld bezique") == parse_binocle_action("meld bézique")
    assert parse_binocle_action("meld common marriage ♣") == parse_binocle_action(
        "meld marriage ♣")
    state = written_game("Q♠ Q♠ J♦ J♦ A♣ A♣ 9♠ 9♠", NOTHING, turned="8♥", stock_top=STOCK)
    state = play(state, "A♣", "8♣", "meld binocle")
    assert str(state.last_action) == "meld bézique Q♠ J♦"
