"""docs/rules/binocle.md §6: the meld table and Foster's laws of melding."""

from __future__ import annotations

import pytest

from binokel.cards import Suit, parse_cards
from binokel.games.binocle import (
    BINOCLE,
    PINOCHLE_MELD_VALUES,
    BinocleIllegalActionError,
    Meld,
    Phase,
    best_meld_plan,
    binocle_melds,
    parse_binocle_action,
)

from .scenarios import PONE, play, written_game

# The dealer's hand in these games holds no meld and gives away each trick: 9♦ 9♦ J♣ J♣ ...
DEALER = "10♣ 10♣ 10♠ 10♠ 10♦ 10♦ J♣ J♣ J♠ J♠ 9♦ 9♦"


def melds_of(cards: str, trump: Suit = Suit.HEARTS, rules: object = BINOCLE) -> dict[str, int]:
    assert rules is BINOCLE or hasattr(rules, "meld_dix")
    return {str(m.meld): m.points for m in binocle_melds(parse_cards(cards), trump,
                                                         rules)}  # type: ignore[arg-type]


def test_6_meld_table_values() -> None:
    assert melds_of("K♠ Q♠") == {"marriage K♠ Q♠": 20}
    assert melds_of("K♥ Q♥") == {"royal marriage K♥ Q♥": 40}
    assert melds_of("A♥ 10♥ K♥ Q♥ J♥")["sequence A♥ 10♥ K♥ Q♥ J♥"] == 150
    assert melds_of("Q♠ J♦") == {"binocle Q♠ J♦": 40}
    assert melds_of("K♠ Q♠ J♦")["grand binocle K♠ Q♠ J♦"] == 80
    assert melds_of("K♠ Q♠ J♦", trump=Suit.SPADES)["grand binocle K♠ Q♠ J♦"] == 80
    assert melds_of("Q♠ Q♠ J♦ J♦")["double binocle Q♠ Q♠ J♦ J♦"] == 80
    assert melds_of("A♣ A♠ A♥ A♦")["four aces A♣ A♠ A♥ A♦"] == 100
    assert melds_of("K♣ K♠ K♥ K♦")["four kings K♣ K♠ K♥ K♦"] == 80
    assert melds_of("Q♣ Q♠ Q♥ Q♦")["four queens Q♣ Q♠ Q♥ Q♦"] == 60
    assert melds_of("J♣ J♠ J♥ J♦")["four jacks J♣ J♠ J♥ J♦"] == 40
    eights = {"A": 200, "K": 160, "Q": 120, "J": 80}
    names = {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks"}
    for rank, value in eights.items():
        cards = " ".join(f"{rank}{s}" for s in "♣♣♠♠♥♥♦♦")
        found = {k: v for k, v in melds_of(cards).items() if k.startswith("eight")}
        assert list(found.values()) == [value]
        assert next(iter(found)).startswith(f"eight {names[rank]}")
    assert melds_of("9♥ 9♥") == {"dix 9♥": 10}


def test_6_pinochle_values_option() -> None:
    rules = BINOCLE.replace(**PINOCHLE_MELD_VALUES)
    assert melds_of("Q♠ Q♠ J♦ J♦", rules=rules)["double binocle Q♠ Q♠ J♦ J♦"] == 300
    for rank, value in {"A": 1000, "K": 800, "Q": 600, "J": 400}.items():
        cards = " ".join(f"{rank}{s}" for s in "♣♣♠♠♥♥♦♦")
        assert value in melds_of(cards, rules=rules).values()


def test_6_grand_binocle_option_off() -> None:
    rules = BINOCLE.replace(grand_binocle=False)
    assert melds_of("K♠ Q♠ J♦", rules=rules) == {"marriage K♠ Q♠": 20, "binocle Q♠ J♦": 40}


def test_6_four_tens_and_plain_sequences_are_not_melds() -> None:
    assert melds_of("10♣ 10♠ 10♥ 10♦") == {}
    assert melds_of("A♠ 10♠ K♠ Q♠ J♠") == {"marriage K♠ Q♠": 20}


def test_6_build_up_royal_marriage_then_sequence_190() -> None:
    state = written_game("A♥ 10♥ K♥ Q♥ J♥ A♣ A♣ A♠ 9♣ 9♣ 9♠ 9♠", DEALER, turned="J♥")
    state = play(state, "A♣", "9♦", "meld royal marriage K♥ Q♥")
    assert state.scores == (40, 0)
    state = play(state, "A♣", "9♦", "meld sequence A♥ 10♥ K♥ Q♥ J♥")
    assert state.scores == (190, 0)
    assert [str(m) for m in state.melds[PONE]] == [
        "royal marriage K♥ Q♥ 40", "sequence A♥ 10♥ K♥ Q♥ J♥ 150"]
    assert sorted(str(c) for c in state.melds[PONE][1].fresh) == ["10♥", "A♥", "J♥"]
    assert best_meld_plan(parse_cards("A♥ 10♥ K♥ Q♥ J♥"), Suit.HEARTS, BINOCLE)[1] == 190


def test_6_build_up_binocle_then_double_120() -> None:
    state = written_game("Q♠ Q♠ J♦ J♦ A♣ A♣ A♠ 9♣ 9♣ 9♠ 9♠ 10♥", DEALER, turned="J♥")
    state = play(state, "A♣", "9♦", "meld binocle")
    state = play(state, "A♣", "9♦", "meld double binocle")
    assert state.scores == (120, 0)
    # Not a binocle again out of the double.
    state = play(state, "A♠", "J♣")
    assert state.phase is Phase.MELD  # the pone drew K♣ Q♣
    assert "meld binocle Q♠ J♦" not in [str(a) for a in state.legal_actions()]
    with pytest.raises(BinocleIllegalActionError, match="at least one card from your hand"):
        state.apply(parse_binocle_action("meld binocle"))


def test_6_build_up_binocle_then_grand_binocle() -> None:
    state = written_game("Q♠ J♦ K♠ A♣ A♣ A♠ 9♣ 9♣ 9♠ 9♠ 10♥ J♥", DEALER, turned="A♥")
    state = play(state, "A♣", "9♦", "meld binocle Q♠ J♦", "A♣", "9♦", "meld grand binocle")
    assert state.scores == (120, 0)
    assert [str(c) for c in state.melds[PONE][1].fresh] == ["K♠"]


def test_6_build_up_four_then_eight_of_a_kind() -> None:
    state = written_game("K♣ K♣ K♠ K♠ K♥ K♥ K♦ K♦ A♣ A♣ 9♣ 9♣", DEALER, turned="A♥")
    state = play(state, "A♣", "9♦", "meld four kings", "A♣", "9♦", "meld eight kings")
    assert state.scores == (240, 0)


def test_6_no_marriage_out_of_scored_sequence() -> None:
    # A second K♥ in the hand is fresh, but the Q♥ has served in the sequence.
    state = written_game("A♥ 10♥ K♥ Q♥ J♥ K♥ A♣ A♣ Q♠ J♦ 9♣ 9♣", DEALER, turned="J♥")
    state = play(state, "A♣", "9♦", "meld sequence ♥", "A♣", "9♦")
    assert state.phase is Phase.MELD  # the binocle could be melded
    before = state.legal_actions()
    with pytest.raises(BinocleIllegalActionError,
                       match=r"^A marriage cannot be taken out of a scored sequence.$"):
        state.apply(parse_binocle_action("meld royal marriage ♥"))
    assert state.legal_actions() == before and state.scores == (150, 0)


def test_6_four_kings_not_again_after_one_replaced() -> None:
    state = written_game("K♣ K♠ K♥ K♦ Q♣ A♣ A♣ 10♥ 9♣ 9♣ 9♠ 9♠", DEALER, turned="A♥",
                         stock_top="Q♥ Q♥ K♠ Q♦")
    state = play(state, "A♣", "9♦", "meld four kings")
    state = play(state, "table K♠", "9♦", "done")  # K♠ played; the pone draws the other K♠
    assert state.hand(PONE).count(parse_cards("K♠")[0]) == 1
    state = play(state, "A♣", "J♠")
    assert state.phase is Phase.MELD  # the club marriage is open
    with pytest.raises(BinocleIllegalActionError,
                       match=r"^These cards have scored four kings already: never an equal meld"):
        state.apply(parse_binocle_action("meld four kings"))
    assert Meld in {type(a) for a in state.legal_actions()}


def test_6_two_separate_marriages_of_one_suit_score_twice() -> None:
    state = written_game("K♠ Q♠ K♠ Q♠ A♣ A♣ 9♣ 9♣ 9♠ 9♠ J♥ J♥", DEALER, turned="A♥")
    state = play(state, "A♣", "9♦", "meld marriage ♠", "A♣", "9♦", "meld marriage ♠")
    assert state.scores == (40, 0)
    assert state.table(PONE) == parse_cards("K♠ K♠ Q♠ Q♠")


def test_6_one_card_in_melds_of_different_classes() -> None:
    # K♠ serves in four kings (C), the spade marriage (A) and grand binocle (B).
    state = written_game("K♣ K♠ K♥ K♦ Q♠ J♦ A♣ A♣ A♠ 9♣ 9♣ 9♠", DEALER, turned="A♥")
    state = play(state, "A♣", "9♦", "meld four kings", "A♣", "9♦", "meld marriage ♠",
                 "A♠", "J♣", "meld grand binocle")
    assert state.scores == (180, 0)
    assert [len(m.fresh) for m in state.melds[PONE]] == [4, 1, 1]


def test_6_meld_needs_a_fresh_card_from_the_hand() -> None:
    state = written_game("K♣ K♠ K♥ K♦ Q♣ Q♠ Q♥ Q♦ A♣ A♣ A♠ J♦", DEALER, turned="A♥")
    state = play(state, "A♣", "9♦", "meld four kings", "A♣", "9♦", "meld four queens",
                 "A♠", "J♣")
    assert state.phase is Phase.MELD  # the binocle (Q♠ on the table, J♦ fresh) is open
    with pytest.raises(BinocleIllegalActionError,
                       match=r"^This meld needs at least one card from your hand.$"):
        state.apply(parse_binocle_action("meld marriage ♠"))


def test_6_several_melds_held_are_scored_one_after_each_trick() -> None:
    state = written_game("K♠ Q♠ K♣ Q♣ A♣ A♣ A♠ 9♣ 9♣ 9♠ 9♠ 10♥", DEALER, turned="A♥")
    state = play(state, "A♣", "9♦")
    assert [str(a) for a in state.legal_actions()] == [
        "meld marriage K♣ Q♣", "meld marriage K♠ Q♠", "done", "claim"]
    state = play(state, "meld marriage ♣")
    with pytest.raises(BinocleIllegalActionError, match="Only one meld may be scored"):
        state.apply(parse_binocle_action("meld marriage ♠"))
    state = play(state, "done")
    with pytest.raises(BinocleIllegalActionError, match="Only the winner of the trick"):
        state.apply(parse_binocle_action("meld marriage ♠"))
    state = play(state, "A♣", "9♦", "meld marriage ♠")
    assert state.scores == (40, 0)


def test_6_marriage_in_trumps_is_royal() -> None:
    state = written_game("K♥ Q♥ A♣ A♣ A♠ 9♣ 9♣ 9♠ 9♠ 10♥ J♥ Q♦", DEALER, turned="A♥")
    state = play(state, "A♣", "9♦")
    with pytest.raises(BinocleIllegalActionError, match="royal marriage"):
        state.apply(parse_binocle_action("meld marriage ♥"))
    assert play(state, "meld royal marriage ♥").scores == (40, 0)


def test_6_no_melds_after_the_stock() -> None:
    state = written_game("K♠ Q♠ A♣ A♣ A♠ 9♣ 9♣ 9♠ 9♠ 10♥ J♥ Q♦", DEALER, turned="A♥")
    while state.stock_lasts:
        legal = [a for a in state.legal_actions() if str(a) not in ("claim",)
                 and not str(a).startswith(("meld", "exchange", "show"))]
        state = state.apply(legal[0])
    assert state.phase is Phase.PLAY
    with pytest.raises(BinocleIllegalActionError, match="No melds or dix once the stock"):
        state.apply(parse_binocle_action("meld marriage ♠"))
