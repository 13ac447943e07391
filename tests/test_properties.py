"""Properties over random games (hypothesis): every action legal by the rulebook, the pack
conserved, 250 points a hand, scores by §7, views that hide what they must.

Each example is a seed: it deals a game and plays it with random legal actions (giving up and
Durch kept rare so that most hands are played out in trumps).  The rulebook referee in
helpers.py checks every step independently of the engine.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from binokel import (
    Card,
    GameState,
    IllegalActionError,
    Phase,
    Play,
    Rank,
    Rules,
    Suit,
    find_melds,
    legal_cards,
    new_game,
    trick_winner,
)
from binokel.cards import pack, size_of
from binokel.games.binokel.rules import BINOKEL
from tests.helpers import (
    check_views,
    examples,
    full_pack,
    oracle_legal_cards,
    oracle_meld_total,
    oracle_trick_winner,
    play_random_game,
    random_action,
)

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
FULL = pack(full_pack(BINOKEL).elements())
ALL_CARDS = sorted(full_pack(BINOKEL).elements(), key=lambda c: (c.suit, c.rank))
DISTINCT_CARDS = sorted(set(ALL_CARDS), key=lambda c: (c.suit, c.rank))


def cards_in_play(state: GameState) -> int:
    """Hands + the Dabb (until taken) + the discard + every card played this hand, packed."""
    total = sum(state.hands)
    if not state.dabb_shown:
        total += state.deal.dabb
    total += pack(state.discard)
    total += pack(c for trick in state.tricks for c in trick.cards)
    total += pack(c for _, c in state.current_trick())
    return total


@settings(max_examples=examples(150))
@given(seed=SEEDS)
def test_property_whole_random_games_follow_the_rulebook(seed: int) -> None:
    # Every applied action legal; legal cards exactly §6; whose turn by §2/§3/§6; melds §5;
    # 250 points in every hand played out in trumps; scores §4/§7/§8; dealer moves right; §10.
    state, referee = play_random_game(seed)
    assert referee is not None
    assert state.is_over, "a game ends"
    assert referee.hands_checked == len(state.results)
    assert list(state.scores) == referee.totals


@settings(max_examples=examples(100))
@given(seed=SEEDS)
def test_property_the_pack_is_conserved_and_illegal_actions_are_refused(seed: int) -> None:
    rng = random.Random(seed)
    state = new_game(seed=seed)
    while not state.is_over:
        in_play = cards_in_play(state)
        assert in_play == FULL and size_of(in_play) == 40
        legal = state.legal_actions()
        if state.phase is Phase.PLAY:
            playable = {a.card for a in legal if isinstance(a, Play)}
            illegal = [c for c in DISTINCT_CARDS if c not in playable]
            if illegal:
                wrong = rng.choice(illegal)
                before = (state.hands, legal, state.to_move, state.current_trick())
                try:
                    state.apply(Play(wrong))
                except IllegalActionError as exc:
                    assert str(exc)
                    if wrong not in state.hand(state.to_move):
                        assert str(exc) == f"You do not hold {wrong}."
                else:
                    raise AssertionError(f"{wrong} was accepted but is not legal")
                assert (state.hands, state.legal_actions(), state.to_move,
                        state.current_trick()) == before
            other = (state.to_move + 1) % 3
            try:
                state.apply(legal[0], seat=other)
            except IllegalActionError:
                pass
            else:
                raise AssertionError("an action out of turn was accepted")
        action = random_action(rng, state)
        assert action in legal
        state = state.apply(action)
    for result in state.results:
        if result.tricks and len(result.tricks) == 12:
            assert sum(result.trick_points) + result.discard_points == 250


@settings(max_examples=examples(60))
@given(seed=SEEDS)
def test_property_no_view_ever_shows_another_seats_hidden_card(seed: int) -> None:
    rng = random.Random(seed)
    state = new_game(seed=seed)
    while state.hand_no < 2 and not state.is_over:
        check_views(state)
        state = state.apply(random_action(rng, state))
    check_views(state)


# --- the pure rule functions against the rulebook restated -----------------------------------

HANDS = st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=16).filter(
    lambda cs: all(cs.count(c) <= 2 for c in cs))
TRUMPS = st.sampled_from([None, *Suit])
DUTY_RULES = st.sampled_from([
    BINOKEL,
    Rules(name="beat when trumped", beat_suit_when_trumped=True),
    Rules(name="no under-trump", must_undertrump=False),
])


@settings(max_examples=examples(600))
@given(hand=HANDS, trick=st.lists(st.sampled_from(ALL_CARDS), max_size=3), trump=TRUMPS,
       rules=DUTY_RULES)
def test_property_legal_cards_are_the_four_duties(hand: list[Card], trick: list[Card],
                                                  trump: Suit | None, rules: Rules) -> None:
    expected = oracle_legal_cards(hand, trick, trump, rules=rules)
    got = legal_cards(hand, trick, trump, rules=rules)
    assert set(got) == expected and len(got) == len(expected)
    assert got, "a player always has a legal card"


@settings(max_examples=examples(600))
@given(trick=st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=4), trump=TRUMPS)
def test_property_the_trick_winner_is_the_highest_trump_else_highest_of_the_suit_led(
        trick: list[Card], trump: Suit | None) -> None:
    assert trick_winner(trick, trump) == oracle_trick_winner(trick, trump)


MELD_RULES = st.sampled_from([
    BINOKEL,
    Rules(name="graded eights", meld_eight_kings=800, meld_eight_queens=600,
          meld_eight_jacks=400),
])


@settings(max_examples=examples(600))
@given(hand=HANDS, trump=TRUMPS, rules=MELD_RULES)
def test_property_melds_are_the_best_by_the_table(hand: list[Card], trump: Suit | None,
                                                  rules: Rules) -> None:
    melds = find_melds(hand, trump, rules)
    assert sum(m.points for m in melds) == oracle_meld_total(hand, trump, rules)
    for meld in melds:
        assert all(hand.count(c) >= meld.cards.count(c) for c in meld.cards)
        assert all(c.rank is not Rank.TEN for c in meld.cards) or meld.name.endswith("family")
