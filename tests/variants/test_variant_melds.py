"""docs/rules/binokel.md §5 options and §9 Sevens: eight of a kind graded, doubled melds worth twice
the single, and the Dissle (the trump Seven) with its place below the Jack."""

from __future__ import annotations

import pytest

from binokel import Rules, Suit, find_melds, find_rules, parse_cards, trick_winner
from binokel.games.binokel.rules import BINOKEL
from tests.helpers import game_with

from .variant_tools import play

GRADED = find_rules("binokel-eights-graded")
SEVENS = find_rules("binokel-sevens")
TWICE = BINOKEL.replace(name="twice", doubled_melds_twice=True)

EIGHT = {"aces": "A♣ A♣ A♠ A♠ A♥ A♥ A♦ A♦", "kings": "K♣ K♣ K♠ K♠ K♥ K♥ K♦ K♦",
         "queens": "Q♣ Q♣ Q♠ Q♠ Q♥ Q♥ Q♦ Q♦", "jacks": "J♣ J♣ J♠ J♠ J♥ J♥ J♦ J♦"}


def value(cards: str, trump: Suit | None, rules: Rules, meld: str) -> int:
    melds = find_melds(parse_cards(cards), trump, rules)
    return sum(m.points for m in melds if m.name == meld)


@pytest.mark.parametrize(("kind", "default", "graded", "twice"), [
    ("aces", 1000, 1000, 200), ("kings", 1000, 800, 160),
    ("queens", 1000, 600, 120), ("jacks", 1000, 400, 80),
])
def test_5_eight_of_a_kind_values(kind: str, default: int, graded: int, twice: int) -> None:
    cards = EIGHT[kind]
    assert value(cards, Suit.HEARTS, BINOKEL, f"eight {kind}") == default
    assert value(cards, Suit.HEARTS, GRADED, f"eight {kind}") == graded
    assert value(cards, Suit.HEARTS, TWICE, f"eight {kind}") == twice
    assert value(cards, Suit.HEARTS, TWICE, f"four {kind}") == 0, "eight replaces the four"


def test_5_house_rule_doubled_melds_are_twice_the_single_meld() -> None:
    family = "A♥ 10♥ K♥ Q♥ J♥ A♥ 10♥ K♥ Q♥ J♥"
    assert value(family, Suit.HEARTS, BINOKEL, "double family") == 1500
    assert value(family, Suit.HEARTS, TWICE, "double family") == 300, "twice the trump family"
    assert value(family, Suit.SPADES, TWICE, "double family") == 200, "twice a plain family"
    binokels = "Q♠ Q♠ J♦ J♦"
    assert value(binokels, Suit.HEARTS, BINOKEL, "double binokel") == 300
    assert value(binokels, Suit.HEARTS, TWICE, "double binokel") == 80


def test_5_graded_eights_count_in_a_played_hand() -> None:
    # Forehand holds all eight Kings; the engine shows the meld at the rule set's value.
    state = game_with({0: EIGHT["kings"] + " A♣ A♠ A♥ A♦"}, "J♣ J♠ J♥ J♦", rules=GRADED)
    state = play(state, "pass", "pass", "lay J♣", "lay J♠", "lay J♥", "lay J♦", "trump ♣")
    melds = {m.name: m.points for m in state.melds[0]}
    assert melds["eight kings"] == 800 and melds["four aces"] == 100


# --- Sevens ----------------------------------------------------------------------------------

def test_9_the_dissle_is_the_trump_seven_worth_10_and_both_20() -> None:
    assert value("7♥ K♠", Suit.HEARTS, SEVENS, "dissle") == 10
    assert value("7♥ 7♥", Suit.HEARTS, SEVENS, "dissle") == 20
    assert value("7♥ 7♥", Suit.HEARTS, SEVENS.replace(name="s2", doubled_melds_twice=True),
                 "dissle") == 20
    assert value("7♠ 7♠", Suit.HEARTS, SEVENS, "dissle") == 0, "a plain Seven is no meld"
    assert value("7♥ 7♥", None, SEVENS, "dissle") == 0, "no trumps, no Dissle"


def test_9_a_family_needs_no_seven() -> None:
    assert value("A♥ 10♥ K♥ Q♥ J♥", Suit.HEARTS, SEVENS, "family") == 150


def test_9_the_seven_ranks_below_the_jack_and_a_trump_seven_beats_a_plain_ace() -> None:
    assert trick_winner(parse_cards("7♥ J♥"), trump=None) == 1
    assert trick_winner(parse_cards("J♥ 7♥"), trump=None) == 0
    assert trick_winner(parse_cards("A♠ 7♥"), trump=Suit.HEARTS) == 1


def test_9_the_dissle_is_shown_with_the_other_melds_in_a_sevens_hand() -> None:
    hand = "7♥ 7♥ A♥ 10♥ K♥ Q♥ J♥ A♣ A♠ A♦ 10♣ 10♠ 10♦ K♣ K♠"
    state = game_with({0: hand}, "7♣ 7♠ 7♦", rules=SEVENS)
    state = play(state, "pass", "pass", "lay 7♣", "lay 7♠", "lay 7♦", "trump ♥")
    melds = {m.name: m.points for m in state.melds[0]}
    assert melds == {"family": 150, "four aces": 100, "dissle": 20}
    for seat in (1, 2):
        assert {m.name for m in state.view(seat).melds[0]} == set(melds), "shown to all"
