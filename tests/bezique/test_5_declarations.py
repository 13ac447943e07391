"""docs/rules/bezique.md §5: "Four Aces / Kings / Queens / Jacks — any four of the rank".  Two
of one suit will do: such a four is declared, scored, its cards built up in another class, and
never declared again as an equal declaration.  Binocle keeps its one of each suit
(docs/rules/binocle.md §6)."""

from __future__ import annotations

import random

import pytest

from binokel.cards import Suit, parse_cards
from binokel.games.binocle import (
    BINOCLE,
    BinocleIllegalActionError,
    Meld,
    Phase,
    binocle_melds,
    parse_binocle_action,
    play_random_game,
)
from binokel.games.binocle.records import dump_binocle_record, load_binocle_record, replay_binocle
from binokel.games.binocle.rules import BEZIQUE
from binokel.record_text import RecordError
from tests.binocle.scenarios import written_game as binocle_game

from .scenarios import DEALER, PONE, play, written_game

NOTHING = "8♣ 8♣ 9♦ 9♦ 8♦ 8♦ 8♠ 9♣"  # the dealer: low cards, no hearts
#: Two Aces of clubs and two of spades (the hand of issue 43), and a trump Ten to win with.
ACES = "A♣ A♣ A♠ A♠ 9♠ 8♠ 8♥ 10♣"


def _offered(state: object) -> list[str]:
    return [str(a) for a in state.legal_actions()  # type: ignore[attr-defined]
            if isinstance(a, Meld)]


def test_5_four_aces_of_two_suits_are_a_declaration() -> None:
    found = binocle_melds(parse_cards("A♣ A♣ A♠ A♠ 9♠ 8♠ 8♥"), Suit.CLUBS, BEZIQUE)
    assert [str(m) for m in found] == ["four aces A♣ A♣ A♠ A♠ 100"]
    queens = binocle_melds(parse_cards("Q♥ Q♥ Q♦ Q♦"), Suit.CLUBS, BEZIQUE)
    assert [str(m) for m in queens] == ["four queens Q♥ Q♥ Q♦ Q♦ 60"]


def test_5_four_aces_with_two_of_one_suit_are_declared_after_a_trick_won() -> None:
    state = written_game(ACES, NOTHING, turned="K♣", stock_top="A♥ 7♠")
    state = play(state, "10♣", "8♣")
    assert state.phase is Phase.MELD and state.to_move == PONE
    assert _offered(state) == ["meld four aces A♣ A♣ A♠ A♠"]


def test_5_four_aces_with_two_of_one_suit_score_100() -> None:
    state = written_game(ACES, NOTHING, turned="K♣", stock_top="A♥ 7♠")
    state = play(state, "10♣", "8♣", "meld four aces")
    assert state.scores == (100, 0)
    assert [str(m) for m in state.melds[PONE]] == ["four aces A♣ A♣ A♠ A♠ 100"]
    assert str(state.last_action) == "meld four aces A♣ A♣ A♠ A♠"
    # Laid face up: the other seat sees the same four.
    assert state.view(DEALER).table(PONE) == parse_cards("A♣ A♣ A♠ A♠")


def test_5_a_four_with_two_of_one_suit_is_written_with_its_cards_and_replays() -> None:
    state = play_random_game(BEZIQUE, seed=0, rng=random.Random(0))
    text = dump_binocle_record(state)
    assert ": 1 meld four jacks J♠ J♠ J♥ J♦ → 1 +40 = " in text
    assert dump_binocle_record(replay_binocle(load_binocle_record(text))) == text
    # Other cards than the engine lays are refused on replay, naming the rule.
    with pytest.raises(RecordError, match="laid with the fewest cards from the hand"):
        replay_binocle(load_binocle_record(text.replace("four jacks J♠ J♠ J♥ J♦",
                                                        "four jacks J♠ J♥ J♥ J♦")))


def test_5_four_aces_named_with_other_cards_than_laid_are_refused() -> None:
    state = written_game("A♣ A♣ A♠ A♠ A♥ 8♠ 8♥ 10♣", NOTHING, turned="K♣", stock_top="A♥ 7♠")
    state = play(state, "10♣", "8♣")
    # The fewest cards from the hand, spread over the suits: one Club, Spade, Heart, then Club.
    assert _offered(state) == ["meld four aces A♣ A♣ A♠ A♥"]
    with pytest.raises(BinocleIllegalActionError, match="laid with the fewest cards"):
        state.apply(parse_binocle_action("meld four aces A♣ A♣ A♠ A♠"))
    assert play(state, "meld four aces A♣ A♣ A♠ A♥").scores == (100, 0)


def test_5_four_aces_with_two_of_one_suit_are_never_an_equal_declaration_again() -> None:
    state = written_game(ACES, NOTHING, turned="K♣", stock_top="A♥ 7♠")
    state = play(state, "10♣", "8♣", "meld four aces", "done")
    assert "A♥" in [str(c) for c in state.hand(PONE)]  # drawn: a fifth Ace
    state = play(state, "9♠", "8♦")
    assert state.phase is Phase.MELD and state.to_move == PONE
    # A♥ and three Aces of the scored four would be four Aces again: never an equal one.
    assert _offered(state) == []
    for text in ("meld four aces", "meld four aces A♣ A♠ A♠ A♥"):
        with pytest.raises(BinocleIllegalActionError,
                           match="scored four aces already: never an equal declaration again"):
            state.apply(parse_binocle_action(text))
    assert state.nothing_to_declare()


def test_5_four_kings_with_two_of_one_suit_are_built_up_into_marriage_and_sequence() -> None:
    # Kings of hearts (trumps) and spades; the trump King of the four serves again in the royal
    # marriage (another class), which is built up into the sequence: 80 + 40 + 250.
    state = written_game("K♥ K♥ K♠ K♠ 10♣ 10♣ 9♣ J♥", NOTHING, turned="8♥",
                         stock_top="Q♥ 7♠ A♥ 7♠ 10♥ 7♣")
    state = play(state, "10♣", "8♣")
    assert _offered(state) == ["meld four kings K♠ K♠ K♥ K♥"]
    state = play(state, "meld four kings", "done", "10♣", "8♣")
    assert _offered(state) == ["meld royal marriage K♥ Q♥"]
    state = play(state, "meld royal marriage ♥", "done", "9♣", "8♦")
    assert _offered(state) == []  # the Ten of trumps is still to come
    state = play(state, "done", "table K♠", "9♦")
    assert _offered(state) == ["meld sequence A♥ 10♥ K♥ Q♥ J♥"]
    state = play(state, "meld sequence ♥")
    assert state.scores == (370, 0)
    assert [str(m) for m in state.melds[PONE]] == [
        "four kings K♠ K♠ K♥ K♥ 80", "royal marriage K♥ Q♥ 40", "sequence A♥ 10♥ K♥ Q♥ J♥ 250"]


def test_5_four_queens_with_two_of_one_suit_serve_again_in_a_double_bezique() -> None:
    state = written_game("Q♠ Q♠ Q♥ Q♥ 10♣ 10♣ 9♣ J♥", NOTHING, turned="8♥",
                         stock_top="J♦ 7♠ J♦ 7♠")
    state = play(state, "10♣", "8♣", "meld four queens", "done", "10♣", "8♣")
    assert _offered(state) == ["meld bézique Q♠ J♦"]
    state = play(state, "done", "9♣", "8♦")
    assert _offered(state) == ["meld bézique Q♠ J♦", "meld double bézique Q♠ Q♠ J♦ J♦"]
    state = play(state, "meld double bézique")
    assert state.scores == (560, 0)


def test_binocle_keeps_one_of_each_suit() -> None:
    assert BINOCLE.fours == "one of each suit" and BEZIQUE.fours == "any four"
    assert binocle_melds(parse_cards("A♣ A♣ A♠ A♠ 9♠ J♠ K♥"), Suit.CLUBS, BINOCLE) == []
    state = binocle_game("A♣ A♣ A♠ A♠ A♥ A♦ 9♠ 9♠ J♠ J♠ 10♣ 10♣",
                         "9♣ 9♣ 9♦ 9♦ J♦ J♦ Q♦ Q♦ K♦ K♦ 10♦ 10♦", turned="J♥")
    state = play(state, "10♣", "9♣")
    assert _offered(state) == ["meld four aces A♣ A♠ A♥ A♦"]
    with pytest.raises(BinocleIllegalActionError,
                       match=r"one card of each suit \(fours is 'one of each suit'\)"):
        state.apply(parse_binocle_action("meld four aces A♣ A♣ A♠ A♠"))
