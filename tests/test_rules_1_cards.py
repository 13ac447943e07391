"""docs/rules/binokel.md §1 Cards: suits, ranks, two copies of every card, card points, notation."""

from __future__ import annotations

from collections import Counter

import pytest

from binokel import (
    Card,
    CardError,
    Phase,
    Play,
    Rank,
    Suit,
    find_rules,
    format_cards,
    new_game,
    parse_action,
    parse_card,
    parse_cards,
    trick_winner,
)
from binokel.cards import pack
from binokel.games.binokel.game import deal_hand
from tests.helpers import F, card, cards, full_pack, game_with, play

HIGH_TO_LOW = ["A", "10", "K", "Q", "J"]


def test_1_suits_are_clubs_spades_hearts_diamonds() -> None:
    assert [s.symbol for s in Suit] == ["♣", "♠", "♥", "♦"]
    assert {s.name for s in Suit} == {"CLUBS", "SPADES", "HEARTS", "DIAMONDS"}
    assert [parse_card(f"A{s}").suit for s in "CSHD"] == list(Suit)


@pytest.mark.parametrize("suit", list(Suit))
def test_1_ranks_high_to_low_ace_ten_king_queen_jack(suit: Suit) -> None:
    # Whatever order two cards of one suit come in, the higher rank takes the trick.
    ranked = [card(f"{r}{suit.symbol}") for r in HIGH_TO_LOW]
    for i, high in enumerate(ranked):
        for low in ranked[i + 1:]:
            assert trick_winner([low, high], trump=None) == 1
            assert trick_winner([high, low], trump=None) == 0
    assert sorted(ranked, key=lambda c: c.rank, reverse=True) == ranked


def test_1_default_pack_has_no_sevens() -> None:
    assert set(find_rules("binokel").ranks) == {Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN,
                                                Rank.JACK}


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_1_two_copies_of_every_card_forty_in_all(seed: int) -> None:
    rules = find_rules("binokel")
    deal = deal_hand(rules, seed, 0, 0)
    dealt = Counter(deal.dabb_cards())
    for seat in range(3):
        dealt += Counter(deal.hand(seat))
    assert sum(dealt.values()) == 40
    assert len(dealt) == 20 and set(dealt.values()) == {2}
    assert dealt == full_pack(rules)


def test_1_a_hand_is_a_multiset_and_an_action_names_a_card_not_a_copy() -> None:
    state = game_with({F: "A♥ A♥ 10♥ K♥ Q♥ J♥ A♠ 10♠ K♠ Q♠ J♠ A♣"})
    state = play(state, "pass", "pass", "lay A♣", "lay J♠", "lay Q♠", "lay K♠", "trump ♥")
    assert state.phase is Phase.PLAY and state.to_move == F
    plays = [a for a in state.legal_actions() if isinstance(a, Play)]
    assert plays.count(Play(card("A♥"))) == 1, "two copies of A♥ are one action"
    after = state.apply(Play(card("A♥")))
    assert Counter(after.hand(F))[card("A♥")] == 1, "playing A♥ removes one copy"
    assert after.current_trick() == [(F, card("A♥"))]
    assert card("A♥") == Card(suit=Suit.HEARTS, rank=Rank.ACE)
    assert hash(card("A♥")) == hash(Card(suit=Suit.HEARTS, rank=Rank.ACE))


def test_1_three_copies_of_a_card_are_impossible() -> None:
    with pytest.raises(CardError, match="two"):
        pack(cards("QS QS QS"))


@pytest.mark.parametrize(("rank", "points"), [("A", 11), ("10", 10), ("K", 4), ("Q", 3),
                                               ("J", 2)])
def test_1_card_points_ace_11_ten_10_king_4_queen_3_jack_2(rank: str, points: int) -> None:
    for suit in "♣♠♥♦":
        assert card(rank + suit).points == points


def test_1_card_points_240_in_the_pack_250_with_the_last_trick() -> None:
    rules = find_rules("binokel")
    pack_points = sum(c.points * n for c, n in full_pack(rules).items())
    assert pack_points == 240
    assert pack_points + rules.last_trick_bonus == 250


def test_1_seven_scores_nothing() -> None:
    assert card("7♥").points == 0


@pytest.mark.parametrize("text", ["Q♠", "QS", "qs", "Qs", "q♠", " QS "])
def test_1_notation_accepts_queen_of_spades_in_every_spelling(text: str) -> None:
    assert parse_card(text) == Card(suit=Suit.SPADES, rank=Rank.QUEEN)


@pytest.mark.parametrize("text", ["10♥", "TH", "th", "10h", "T♥", "10H"])
def test_1_notation_accepts_ten_as_10_or_t(text: str) -> None:
    assert parse_card(text) == Card(suit=Suit.HEARTS, rank=Rank.TEN)


def test_1_notation_accepts_symbols_and_letters_alike_in_one_list() -> None:
    assert parse_cards("A♠ 10♥ KC QD JS") == [
        Card(suit=Suit.SPADES, rank=Rank.ACE), Card(suit=Suit.HEARTS, rank=Rank.TEN),
        Card(suit=Suit.CLUBS, rank=Rank.KING), Card(suit=Suit.DIAMONDS, rank=Rank.QUEEN),
        Card(suit=Suit.SPADES, rank=Rank.JACK)]
    assert parse_cards("KS, q♠") == cards("K♠ Q♠")


def test_1_display_uses_symbols() -> None:
    assert str(parse_card("TH")) == "10♥"
    assert str(parse_card("qs")) == "Q♠"
    assert format_cards(parse_cards("A♠ 10♥ KC QD JS")) == "A♠ 10♥ K♣ Q♦ J♠"
    assert str(Suit.CLUBS) == "♣"


EVERY_CARD: list[Card] = sorted(full_pack(find_rules("binokel")), key=lambda c: (c.suit, c.rank))


@pytest.mark.parametrize("c", EVERY_CARD, ids=str)
def test_1_notation_round_trips_for_every_card(c: Card) -> None:
    assert parse_card(str(c)) == c
    assert parse_card(c.ascii) == c
    assert parse_card(c.ascii.lower()) == c
    assert eval(repr(c), {"Card": Card, "Suit": Suit, "Rank": Rank}) == c


@pytest.mark.parametrize("text", ["", "Q", "QX", "X♠", "11♠", "♠Q", "Q♠♠"])
def test_1_malformed_card_is_refused_clearly(text: str) -> None:
    with pytest.raises(CardError, match="card"):
        parse_card(text)
    with pytest.raises(ValueError):
        parse_card(text)


def test_1_actions_name_cards_in_any_notation() -> None:
    assert parse_action("qs") == parse_action("Q♠") == Play(card("Q♠"))
    assert parse_action("th") == Play(card("10♥"))
    assert str(parse_action("lay ts")) == "lay 10♠"


def test_1_cards_in_a_state_are_shown_with_symbols() -> None:
    state = new_game(seed=3)
    assert all(str(c)[-1] in "♣♠♥♦" for c in state.hand(state.to_move))
    assert [str(a) for a in state.legal_actions()] == ["pass", "160"]
