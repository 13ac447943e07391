"""Records §5 ("the log is the record"): every dealt hand is written, also the one whose
turned dix ends the game as it is dealt, and replay refuses a record whose end it cannot derive
from what is written (issue 12's record bug)."""

from __future__ import annotations

import random

import pytest

from binokel.games.binocle import BINOCLE_64, BinocleRules, BinocleState, play_random_game
from binokel.games.binocle.hand import Ending
from binokel.games.binocle.records import (
    dump_binocle_record,
    load_binocle_record,
    replay_binocle,
)
from binokel.games.binocle.rules import BEZIQUE
from binokel.record_text import RecordError

#: Random games (``play_random_game(rules, seed, Random(seed))``) that end the moment a new
#: hand is dealt: its turned dix (Binocle's trump Seven here; Bézique's trump Seven) takes the
#: dealer to the target.  Found by a search over seeds; each test checks it still holds.
ENDED_BY_THE_TURNED_DIX = [(BINOCLE_64, 385), (BINOCLE_64, 799), (BEZIQUE, 9), (BEZIQUE, 227)]


def _game(rules: BinocleRules, seed: int) -> BinocleState:
    state = play_random_game(rules, seed=seed, rng=random.Random(seed))
    assert state.parent is not None
    # The game ended as a hand was dealt: no action of that hand was played.
    assert state.hand_no == state.parent.hand_no + 1 and state.ending is Ending.REACHED
    assert state.deal.turned == state.dix.kind and state.winner == state.dealer
    return state


def _last_block(text: str) -> str:
    return text[text.rindex("\nHand "):]


@pytest.mark.parametrize(("rules", "seed"), ENDED_BY_THE_TURNED_DIX)
def test_the_hand_whose_turned_dix_wins_is_written_with_its_deal(rules: BinocleRules,
                                                                 seed: int) -> None:
    state = _game(rules, seed)
    text = dump_binocle_record(state)
    block = _last_block(text).strip().splitlines()
    word = "the dix" if rules.game == "binocle" else "the trump Seven"
    assert block[0] == f"Hand {state.hand_no + 1}: dealer {state.dealer}"
    assert block[1].startswith("Cards 0: ") and block[2].startswith("Cards 1: ")
    assert block[3] == f"Turned: {state.dix} → {state.dealer} +10 ({word})"
    assert block[4].startswith("Stock: ")
    assert block[-1] == (f"End: {state.dealer} reaches {state.target} with "
                         f"{state.scores[state.dealer]}; {state.dealer} wins")
    # The hand before ends with its count, not with the end of the game.
    before = text[:text.rindex("\nHand ")].rstrip().splitlines()
    assert before[-1].startswith("Totals: ")
    # Replayed, the record gives the same end, and dumps to the same text.
    replayed = replay_binocle(load_binocle_record(text))
    assert (replayed.winner, replayed.ending, replayed.scores) == (
        state.winner, state.ending, state.scores)
    assert replayed.hand_no == state.hand_no
    assert dump_binocle_record(replayed) == text


@pytest.mark.parametrize(("rules", "seed"), ENDED_BY_THE_TURNED_DIX)
def test_a_record_without_that_hand_is_refused(rules: BinocleRules, seed: int) -> None:
    text = dump_binocle_record(_game(rules, seed))
    cut = text[:text.rindex("\nHand ")] + "\n"
    with pytest.raises(RecordError, match=r"hand \d+ is dealt after the last hand written .* "
                                          r"no block for it"):
        replay_binocle(load_binocle_record(cut))


@pytest.mark.parametrize(("rules", "seed"), ENDED_BY_THE_TURNED_DIX)
def test_the_end_written_in_the_hand_before_is_refused(rules: BinocleRules,
                                                       seed: int) -> None:
    # What the program wrote before the fix: the End line at the end of the hand before, and
    # no block for the hand that was dealt.
    text = dump_binocle_record(_game(rules, seed))
    end = text.rstrip().splitlines()[-1]
    old = text[:text.rindex("\nHand ")].rstrip() + "\n" + end + "\n"
    with pytest.raises(RecordError, match=r"the record writes end .* but after its actions "
                                          r"there is none"):
        replay_binocle(load_binocle_record(old))
