"""The Binocle engine's contract: rule sets as data, notation, one door, errors, views."""

from __future__ import annotations

import dataclasses
import random

import pytest

from binokel.cards import Rank, Suit, parse_card
from binokel.errors import IllegalActionError, NotationError, RulesError
from binokel.games.binocle import (
    BINOCLE,
    BINOCLE_64,
    BINOCLE_RULESETS,
    BinocleIllegalActionError,
    BinocleRules,
    Claim,
    Done,
    ExchangeDix,
    Meld,
    MeldKind,
    Play,
    ShowDix,
    apply_all,
    find_binocle_rules,
    new_binocle_game,
    parse_binocle_action,
    play_random_game,
)
from binokel.games.binocle.melds import meld_of


def test_presets_and_lookup() -> None:
    assert set(BINOCLE_RULESETS) == {"binocle", "binocle-64", "bezique", "bezique-2000"}
    assert find_binocle_rules("binocle") is BINOCLE
    assert find_binocle_rules("binocle-64") is BINOCLE_64
    assert BINOCLE.pack_size == 48 and BINOCLE.hand_size == 12 and BINOCLE.deal_packet == 4
    assert BINOCLE_64.dix_rank is Rank.SEVEN and Rank.EIGHT in BINOCLE_64.ranks
    assert (BINOCLE.target, BINOCLE.target_step, BINOCLE.last_trick_bonus) == (1000, 250, 10)
    with pytest.raises(RulesError, match="unknown Binocle rule set 'pinocle'; "
                                         "known: bezique, bezique-2000, binocle"):
        find_binocle_rules("pinocle")


def test_rules_are_frozen_keyword_only_and_hashable() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        BINOCLE.target = 500  # type: ignore[misc]
    with pytest.raises(TypeError):
        BinocleRules("x")  # type: ignore[call-arg]
    assert hash(BINOCLE.replace()) == hash(BINOCLE) and BINOCLE.replace() == BINOCLE
    assert BINOCLE.replace(dix_uses_meld=True) != BINOCLE


@pytest.mark.parametrize(("changes", "message"), [
    ({"hand_size": 10}, "^deal_packet: 10 cards cannot be dealt in packets of 4"),
    ({"hand_size": 24}, "^hand_size: 2 players x 24 cards"),
    ({"meld_sequence": 40}, r"^meld_sequence: must be worth more than meld_royal_marriage \(40\)"),
    ({"meld_eight_kings": 80}, "^meld_eight_kings: must be worth more than meld_four_kings"),
    ({"meld_double_binocle": 40}, "^meld_double_binocle: must be worth more than meld_binocle"),
    ({"dix_rank": Rank.KING}, "^dix_rank: must be a rank below the Jack"),
    ({"dix_rank": Rank.SEVEN}, "^dix_rank: must be a rank of the pack"),
    ({"ranks": (Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)}, "^ranks: must include"),
    ({"target": 0}, "^target: must be positive"),
    ({"target_step": True}, "^target_step: must be a whole number"),
    ({"meld_dix": -10}, "^meld_dix: must not be negative"),
    ({"grand_binocle": 1}, "^grand_binocle: must be true or false"),
])
def test_rules_that_do_not_add_up_are_refused_naming_the_field(
        changes: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        BINOCLE.replace(**changes)


@pytest.mark.parametrize(("text", "action"), [
    ("QS", Play(parse_card("Q♠"))),
    ("play q♠", Play(parse_card("Q♠"))),
    ("table qs", Play(parse_card("Q♠"), from_table=True)),
    ("meld marriage s", Meld(meld_of(MeldKind.MARRIAGE, Suit.SPADES))),
    ("meld marriage KS QS", Meld(meld_of(MeldKind.MARRIAGE, Suit.SPADES))),
    ("Meld Royal Marriage H", Meld(meld_of(MeldKind.ROYAL_MARRIAGE, Suit.HEARTS))),
    ("meld sequence ah th kh qh jh", Meld(meld_of(MeldKind.SEQUENCE, Suit.HEARTS))),
    ("meld four kings", Meld(meld_of(MeldKind.FOUR_KINGS))),
    ("meld binocle", Meld(meld_of(MeldKind.BINOCLE))),
    ("meld grand binocle", Meld(meld_of(MeldKind.GRAND_BINOCLE))),
    ("meld double binocle QS QS JD JD", Meld(meld_of(MeldKind.DOUBLE_BINOCLE))),
    ("exchange 9h", ExchangeDix(parse_card("9♥"))),
    ("show 7c", ShowDix(parse_card("7♣"))),
    ("done", Done()),
    ("CLAIM", Claim()),
])
def test_notation_is_read_and_round_trips(text: str, action: object) -> None:
    parsed = parse_binocle_action(text)
    assert parsed == action
    assert parse_binocle_action(str(parsed)) == parsed


@pytest.mark.parametrize("text", [
    "", "meld", "meld foo", "meld marriage", "meld marriage K♠ Q♥", "meld binocle Q♠ J♠",
    "exchange K♥", "table", "trump ♥", "Z♠",
])
def test_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        parse_binocle_action(text)


def test_it_is_not_your_turn() -> None:
    state = new_binocle_game(BINOCLE, seed=1)
    action = state.legal_actions()[0]
    with pytest.raises(IllegalActionError, match="It is not your turn: seat"):
        state.apply(action, seat=1 - state.to_move)
    assert state.apply(action, seat=state.to_move).parent is state


def test_illegal_actions_raise_an_illegal_action_error_and_change_nothing() -> None:
    state = new_binocle_game(BINOCLE, seed=1)
    missing = next(c for c in BINOCLE.ranks if parse_card(f"{c.label}♣") not in
                   state.hand(state.to_move))
    before = (state.hands, state.scores, state.legal_actions(), state.history())
    with pytest.raises(BinocleIllegalActionError) as error:
        state.apply(Play(parse_card(f"{missing.label}♣")))
    assert isinstance(error.value, IllegalActionError) and isinstance(error.value, ValueError)
    assert str(error.value) == f"You do not hold {missing.label}♣."
    assert (state.hands, state.scores, state.legal_actions(), state.history()) == before
    with pytest.raises(BinocleIllegalActionError, match="ends melding after a trick won"):
        state.apply(Done())


def test_game_over_refuses_everything() -> None:
    state = play_random_game(BINOCLE, seed=2)
    assert state.is_over and state.legal_actions() == () and state.to_move == -1
    with pytest.raises(IllegalActionError, match=r"The game is over\."):
        state.apply(Claim())


def test_history_replays_to_the_same_game() -> None:
    final = play_random_game(BINOCLE_64, seed=4)
    notation = [str(a) for a in final.history()]
    again = apply_all(new_binocle_game(BINOCLE_64, seed=4), notation)
    assert again.scores == final.scores and again.winner == final.winner
    assert again.results == final.results and again.history() == final.history()
    assert sum(1 for _ in final.states()) == len(notation) + 1


def test_view_shows_own_hand_tables_and_scores_but_not_the_seed() -> None:
    state = play_random_game(BINOCLE, seed=5, max_actions=100_000)
    while state.parent is not None and state.is_over:
        state = state.parent
    view = state.view(0)
    assert view.hand == tuple(state.hand(0))
    assert view.hand_sizes == (len(state.hand(0)), len(state.hand(1)))
    assert view.scores == state.scores and view.stock_size == state.stock_size
    assert "seed" not in {f.name for f in dataclasses.fields(view)}
    assert not hasattr(view, "stock")
    with pytest.raises(ValueError, match="no seat 2"):
        state.view(2)


def test_random_games_end() -> None:
    rng = random.Random(0)
    for seed in range(5):
        for rules in (BINOCLE, BINOCLE_64):
            state = play_random_game(rules, seed, rng)
            assert state.is_over and state.winner in (0, 1) and state.ending is not None
