"""Binocle records (docs/records.md, "Binocle records"): a whole game as text that replays,
checks every deal, action and written result, names the hand, the action and the rule when
something is wrong, round-trips exactly, and resumes when the game is not over."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from binokel import games
from binokel.games.binocle import (
    BINOCLE,
    BINOCLE_64,
    PINOCHLE_MELD_VALUES,
    BinocleRules,
    BinocleState,
    Ending,
    apply_all,
    new_binocle_game,
    play_random_game,
    random_playout,
)
from binokel.games.binocle import actions as A
from binokel.games.binocle.records import (
    dump_binocle_record,
    load_binocle_record,
    load_binocle_records,
    replay_binocle,
)
from binokel.games.binocle.rules import BEZIQUE_FIELDS
from binokel.games.binokel.records import RecordError, dump_record, load_record

from .scenarios import random_states

RULE_SETS = [
    BINOCLE,
    BINOCLE_64,
    BINOCLE.replace(name="pinochle-values", **PINOCHLE_MELD_VALUES),
    BINOCLE.replace(name="dix-meld", dix_uses_meld=True, grand_binocle=False),
    BINOCLE_64.replace(name="auto", claim_automatically=True),
]
SETTINGS = settings(max_examples=25, deadline=None)


def round_trip(state: BinocleState, *, players: list[str] | None = None,
               tags: dict[str, str] | None = None) -> str:
    text = dump_binocle_record(state, players=players, tags=tags)
    record = load_binocle_record(text)
    again = replay_binocle(record)
    assert dump_binocle_record(again, players=list(record.players), tags=record.tags) == text
    assert again.history() == state.history()
    assert again.scores == state.scores and again.phase is state.phase
    return text


@SETTINGS
@given(st.sampled_from(RULE_SETS), st.integers(0, 10**6))
def test_records_of_random_games_round_trip_exactly(rules: BinocleRules, seed: int) -> None:
    states = random_states(rules, seed)
    round_trip(states[-1], players=["Anna", "Karle"], tags={"Event": "test"})


@SETTINGS
@given(st.sampled_from(RULE_SETS[:2]), st.integers(0, 10**6), st.floats(0, 1))
def test_a_partial_record_round_trips_and_resumes(rules: BinocleRules, seed: int,
                                                   at: float) -> None:
    states = random_states(rules, seed)
    state = states[int(at * (len(states) - 1))]
    text = round_trip(state)
    resumed = replay_binocle(load_binocle_record(text))
    assert resumed.legal_actions() == state.legal_actions()
    assert ('[Result "*"]' in text) == (not state.is_over)
    if not resumed.is_over:
        # The game goes on from the record, and the longer record replays as well.
        later = resumed.apply(resumed.legal_actions()[0])
        round_trip(later)


def test_the_record_writes_the_deal_card_by_card_and_every_rule_field() -> None:
    state = play_random_game(BINOCLE_64, seed=8, rng=random.Random(8))
    text = dump_binocle_record(state)
    assert text.startswith('[Game "Binocle"]\n[Rules "binocle-64"]\n[Seed "8"]\n')
    for name in BINOCLE_64.fields():
        # The fields Bézique added are left out at Binocle's values (old records stay as
        # they were); every other field is written.
        assert (f"[Rule {name} " in text) == (name not in BEZIQUE_FIELDS)
    first = text.split("\n\n")[2].splitlines()
    assert first[0].startswith("Hand 1: dealer ")
    assert [len(first[i].split(":")[1].split()) for i in (1, 2)] == [12, 12]
    assert first[3].startswith("Turned: ")
    assert first[4].startswith("Stock: ") and len(first[4].split()) == 1 + 39
    assert re.search(r"^Cut: 0 \S+ 1 \S+.* → [01] cuts higher$", text, re.M)


def test_the_stock_written_is_the_order_of_the_draws() -> None:
    state = play_random_game(BINOCLE, seed=2, rng=random.Random(2))
    text = dump_binocle_record(state)
    block = text.split("\n\nHand 2:")[0]
    stock = re.search(r"^Stock: (.+)$", block, re.M)
    assert stock is not None
    draws = re.findall(r"^Draw \d+: \d (\S+), \d (\S+)$", block, re.M)
    drawn = [card for pair in draws for card in pair]
    assert len(draws) == 12
    # Every draw takes the next two face-down cards; the loser of the last takes the trump card.
    assert drawn[:23] == stock.group(1).split()


def test_replay_names_the_line_the_hand_the_action_and_the_rule() -> None:
    state = apply_all(new_binocle_game(seed=3), ["10♣", "A♣", "meld royal marriage ♣", "A♦"])
    text = dump_binocle_record(state)
    broken = text.replace("Trick 2: 1 A♦", "Trick 2: 1 9♦")
    line = broken.splitlines().index("Trick 2: 1 9♦") + 1
    with pytest.raises(RecordError) as error:
        replay_binocle(load_binocle_record(broken))
    assert str(error.value) == (f"line {line}: hand 1, action 4 (trick 2, seat 1 '9♦'): "
                                f"You do not hold 9♦.")


def test_a_meld_the_laws_forbid_is_refused_with_its_law() -> None:
    state = apply_all(new_binocle_game(seed=3), ["10♣", "A♣", "meld royal marriage ♣"])
    text = dump_binocle_record(state).replace("meld royal marriage K♣ Q♣ → 1 +40 = 50",
                                              "meld marriage K♣ Q♣")
    with pytest.raises(RecordError, match=r"hand 1, action 3 \(meld 1, seat 1 'meld marriage "
                                          r"K♣ Q♣'\): K♣ Q♣ of trumps are a royal marriage\."):
        replay_binocle(load_binocle_record(text))


def test_an_action_on_the_wrong_line_is_refused() -> None:
    state = apply_all(new_binocle_game(seed=3), ["10♣", "A♣", "meld royal marriage ♣", "A♦"])
    text = dump_binocle_record(state)
    moved = re.sub(r"Trick 2: 1 A♦", "Meld 1: 1 done, 1 A♦",
                   text.replace("Draw 1: 1 A♦, 0 J♥\n", ""))
    with pytest.raises(RecordError, match=r"written on the Meld 1 line, but the hand is at "
                                          r"trick 2"):
        replay_binocle(load_binocle_record(moved))


@pytest.mark.parametrize(("old", "new", "message"), [
    ("Turned: 9♣", "Turned: 9♦",
     r"hand 1: the turned card is written as \[9♦\] but the seed deals \[9♣\]"),
    ("Stock: A♦ J♥", "Stock: J♥ A♦",
     r"hand 1: the stock is written as \[J♥ A♦ .*\] but the seed deals \[A♦ J♥ .*\]"),
    ("Cards 0: 10♣ 9♣", "Cards 0: 10♣ 10♣",
     r"hand 1: seat 0's cards are written as \[10♣ 10♣ .*\] but the seed deals"),
    ("→ 1 +40 = 50", "→ 1 +40 = 40",
     r"hand 1: the record writes meld 1 '1 \+40 = 40', but the actions give '1 \+40 = 50'"),
    ("Draw 1: 1 A♦, 0 J♥", "Draw 1: 1 J♥, 0 A♦",
     r"hand 1: the record writes draw 1 '1 J♥, 0 A♦', but the actions give '1 A♦, 0 J♥'"),
    ("→ 0 cuts higher", "→ 1 cuts higher", r"the record writes the cut"),
    ('[Totals "0 50"]', '[Totals "0 60"]',
     r"the Totals tag says '0 60', but the actions give '0 50'"),
    ("Hand 1: dealer 1", "Hand 1: dealer 0",
     r"hand 1: the record says dealer 0, but the deal passes to seat 1"),
    ("[Rule meld_sequence \"150\"]", "[Rule meld_sequence \"lots\"]",
     r"line \d+: rule meld_sequence: write a whole number, not 'lots'"),
    ("[Rule meld_sequence \"150\"]", "[Rule meld_sequence \"30\"]",
     r"the rules do not add up: meld_sequence: must be worth more than meld_royal_marriage"),
])
def test_a_record_that_disagrees_with_the_seed_or_the_actions_is_refused(
        old: str, new: str, message: str) -> None:
    state = apply_all(new_binocle_game(seed=3), ["10♣", "A♣", "meld royal marriage ♣", "done"])
    text = dump_binocle_record(state)
    assert old in text
    with pytest.raises(RecordError, match=message):
        replay_binocle(load_binocle_record(text.replace(old, new, 1)))


def test_hand_end_lines_count_melds_dix_tricks_and_the_last_trick() -> None:
    state = play_random_game(BINOCLE, seed=1, rng=random.Random(1))
    text = dump_binocle_record(state)
    result = state.results[0]
    for seat in (0, 1):
        melds = sum(m.points for m in result.melds[seat])
        line = re.search(rf"^Melds {seat}: (.+)$", text, re.M)
        assert line is not None
        assert line.group(1).endswith(f"= {melds + result.dix[seat]}") or \
            line.group(1) == "none"
    totals = re.search(r"^Totals: 0 (\d+), 1 (\d+)$", text, re.M)
    assert totals is not None
    assert (int(totals.group(1)), int(totals.group(2))) == result.totals


def test_a_claim_ends_the_record_with_the_claim_checked() -> None:
    state = new_binocle_game(BINOCLE, seed=5)
    wrong = state.apply(A.CLAIM)
    text = round_trip(wrong)
    claimant = state.to_move
    assert wrong.ending is Ending.WRONG_CLAIM
    assert f"Trick 1: {claimant} claim" in text
    assert f"End: {claimant} claims 1000 with 0 + tricks 0 = 0: wrong; {1 - claimant} wins" \
        in text
    assert f'[Result "{"1-0" if claimant == 1 else "0-1"}"]' in text


def test_a_game_played_on_past_the_target_writes_the_new_target() -> None:
    rules = BINOCLE.replace(name="short", target=100)
    for seed in range(100):
        state = random_playout(new_binocle_game(rules, seed), random.Random(seed))
        if not state.is_over and state.target > 100:
            text = round_trip(state)
            assert f"Target: both passed 100: play on to {state.target}" in text
            return
    pytest.fail("no random hand passed the target on both sides")


def test_the_front_door_writes_binocle_games_and_binokel_records_point_to_it() -> None:
    state = apply_all(new_binocle_game(seed=3), ["10♣", "A♣"])
    text = games.dump_record(state, players=["Anna", "Karle"])
    assert text == dump_binocle_record(state, players=["Anna", "Karle"])
    with pytest.raises(RecordError,
                       match=r"a Binocle record, not a Binokel record .*binokel\.games\.load_"):
        load_record(text)
    record = games.load_record(text)
    assert games.replay(record).history() == state.history()


def test_one_file_may_hold_records_of_both_games() -> None:
    from binokel.games.binokel.game import new_game

    binocle = dump_binocle_record(new_binocle_game(seed=1))
    binokel = dump_record(new_game(seed=1))
    records = games.load_records(binocle + "\n" + binokel + "\n" + binocle)
    assert [games.game_of(r).name for r in records] == ["binocle", "binokel", "binocle"]
    assert len(load_binocle_records(binocle + "\n" + binocle)) == 2


def test_a_hand_written_record_may_leave_out_the_lines_that_follow() -> None:
    state = apply_all(new_binocle_game(seed=3), ["10♣", "A♣", "meld royal marriage ♣", "A♦"])
    text = dump_binocle_record(state)
    short = "\n".join(line.split(" → ")[0] for line in text.splitlines()
                      if not line.startswith(("[Rule ", "Draw", "Cut", "[Totals", "[Result")))
    assert replay_binocle(load_binocle_record(short)).history() == state.history()


def test_a_record_needs_the_whole_deal() -> None:
    text = dump_binocle_record(new_binocle_game(seed=3))
    no_stock = "\n".join(line for line in text.splitlines() if not line.startswith("Stock"))
    with pytest.raises(RecordError, match="hand 1: the stock is not written out"):
        load_binocle_record(no_stock)


def test_a_game_with_a_deal_set_by_hand_cannot_be_written() -> None:
    other = new_binocle_game(seed=4)
    state = new_binocle_game(seed=3, deal=other.deal)
    with pytest.raises(ValueError, match="not dealt from the seed"):
        dump_binocle_record(state)


def test_the_example_in_docs_records_replays_and_round_trips() -> None:
    from pathlib import Path

    docs = (Path(__file__).parents[2] / "docs" / "records.md").read_text(encoding="utf-8")
    example = docs.split("## Binocle records")[1].split("```text\n")[1].split("```")[0]
    record = load_binocle_record(example)
    state = replay_binocle(record)
    assert state.is_over and state.ending is Ending.CLAIMED
    assert dump_binocle_record(state, players=list(record.players), tags=record.tags) == example
