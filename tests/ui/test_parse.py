"""Reading what a person types: moves in the words of the decision at hand, or commands."""

from __future__ import annotations

import pytest

from binokel import Bid, Discard, Durch, GiveUp, NameTrump, Pass, Play, Suit, parse_card
from binokel.ui.i18n import Strings
from binokel.ui.parse import Command, InputError, Moves, parse_input
from binokel.ui.render import hand_order

from .states import auction, discard, play, trump

EN, DE = Strings("en"), Strings("de")


def moves(text: str, state: object, tr: Strings = EN) -> tuple[object, ...]:
    from binokel import GameState

    assert isinstance(state, GameState)
    parsed = parse_input(text, state.view(state.to_move), tr)
    assert isinstance(parsed, Moves)
    return parsed.actions


@pytest.mark.parametrize(("text", "expected"), [
    ("160", Bid(160)), ("  170 ", Bid(170)), ("bid 160", Bid(160)), ("reize 160", Bid(160)),
    ("pass", Pass()), ("P", Pass()), ("passe", Pass()), ("weg", Pass()),
])
def test_bids_are_numbers_or_pass(text: str, expected: object) -> None:
    assert moves(text, auction()) == (expected,)


@pytest.mark.parametrize(("text", "name", "argument"), [
    ("hint", "hint", ""), ("tipp", "hint", ""), ("last", "last", ""), ("letzter", "last", ""),
    ("score", "score", ""), ("stand", "score", ""), ("rules", "rules", ""),
    ("regeln", "rules", ""), ("save my game.txt", "save", "my game.txt"),
    ("speichern x", "save", "x"), ("undo", "undo", ""), ("zurück", "undo", ""),
    ("quit", "quit", ""), ("ende", "quit", ""), ("help", "help", ""), ("?", "help", ""),
    ("HINT", "hint", ""),
])
def test_commands_in_both_languages(text: str, name: str, argument: str) -> None:
    for state in (auction(), play()):
        assert parse_input(text, state.view(state.to_move), EN) == Command(name, argument)


def test_a_card_by_number_or_notation() -> None:
    state = play()
    hand = hand_order(state.view(0))
    assert moves("1", state) == (Play(hand[0]),)
    assert moves(str(len(hand)), state) == (Play(hand[-1]),)
    card = hand[0]
    for text in (str(card), card.ascii, card.ascii.lower(), f"play {card.ascii}"):
        assert moves(text, state) == (Play(card),)


def test_card_numbers_out_of_range_are_refused() -> None:
    state = play()
    size = len(state.view(0).hand)
    with pytest.raises(InputError, match=f"no card number {size + 1}: your hand has {size}"):
        parse_input(str(size + 1), state.view(0), EN)
    with pytest.raises(InputError, match="keine Karte Nummer 0"):
        parse_input("0", state.view(0), DE)


def test_a_card_not_in_hand_is_refused() -> None:
    state = play()
    hand = set(state.view(0).hand)
    missing = next(c for c in map(parse_card, ("AC", "AS", "AH", "AD", "JC", "JS", "JH"))
                   if c not in hand)
    with pytest.raises(InputError, match=f"You do not hold {missing}"):
        parse_input(missing.ascii, state.view(0), EN)


def test_several_cards_are_laid_away_at_once_by_number_or_name() -> None:
    state = discard()
    hand = hand_order(state.view(0))
    assert moves("lay 3 7 9 12", state) == tuple(Discard(hand[i - 1]) for i in (3, 7, 9, 12))
    assert moves("1 2 3 4", state) == tuple(Discard(hand[i]) for i in range(4))
    assert moves("2", state) == (Discard(hand[1]),)  # one at a time is a choice too
    names = f"{hand[0].ascii} {hand[5]} {hand[6]} {hand[7]}"
    assert moves(f"drücken {names}", state) == tuple(Discard(hand[i]) for i in (0, 5, 6, 7))


@pytest.mark.parametrize(("tr", "message"), [
    (EN, "Lay away all 4 cards at once .* not 3: nothing was laid away"),
    (Strings("de"), "Drücke alle 4 Karten auf einmal .* nicht 3: es wurde nichts gedrückt"),
])
def test_a_short_list_of_cards_to_lay_away_is_refused_whole(tr: Strings, message: str) -> None:
    """`lay 1 2 3` when four are due is a slip: it lays nothing and says so."""
    view = discard().view(0)
    with pytest.raises(InputError, match=message):
        parse_input("lay 1 2 3", view, tr)


def test_laying_away_is_checked_before_anything_is_applied() -> None:
    view = discard().view(0)
    with pytest.raises(InputError, match="Lay away 4 more card"):
        parse_input("lay 1 2 3 4 5", view, EN)
    with pytest.raises(InputError, match="named twice"):
        parse_input("lay 1 1", view, EN)
    with pytest.raises(InputError, match="no card number 17"):
        parse_input("lay 1 17", view, EN)


@pytest.mark.parametrize(("text", "suit"), [
    ("H", Suit.HEARTS), ("♥", Suit.HEARTS), ("hearts", Suit.HEARTS), ("Herz", Suit.HEARTS),
    ("trump h", Suit.HEARTS), ("trumpf schellen", Suit.DIAMONDS), ("d", Suit.DIAMONDS),
    ("Karo", Suit.DIAMONDS), ("kreuz", Suit.CLUBS), ("Eichel", Suit.CLUBS),
    ("clubs", Suit.CLUBS), ("S", Suit.SPADES), ("schippen", Suit.SPADES), ("Pik", Suit.SPADES),
    ("laub", Suit.SPADES), ("♠", Suit.SPADES),
])
def test_trumps_by_letter_symbol_or_word(text: str, suit: Suit) -> None:
    assert moves(text, trump()) == (NameTrump(suit),)


def test_durch_and_giving_up() -> None:
    assert moves("durch", trump()) == (Durch(),)
    assert moves("Durch", trump()) == (Durch(),)
    for text in ("out ♦", "out d", "ab schellen", "abgehen Karo", "out diamonds"):
        assert moves(text, trump()) == (GiveUp(Suit.DIAMONDS),)
        assert moves(text, discard()) == (GiveUp(Suit.DIAMONDS),)
    with pytest.raises(InputError, match="names Trumpf"):
        parse_input("out", trump().view(0), EN)


def test_nonsense_says_what_is_expected() -> None:
    with pytest.raises(InputError, match="Bid 160 or pass"):
        parse_input("banana", auction().view(auction().to_move), EN)
    with pytest.raises(InputError, match="Nenne eine Farbe"):
        parse_input("banana", trump().view(0), DE)
    with pytest.raises(InputError, match="Play a card by number or name"):
        parse_input("lay 1", play().view(0), EN)
    with pytest.raises(InputError):
        parse_input("   ", play().view(0), EN)


def test_engine_notation_is_understood_everywhere() -> None:
    assert moves("trump ♣", trump()) == (NameTrump(Suit.CLUBS),)
    card = hand_order(discard().view(0))[0]
    assert moves(f"lay {card}", discard()) == (Discard(card),)
