"""Game records (docs/records.md): load and dump round-trip, partial records resume, and a
record that lies about a deal, an action or a result is refused naming the hand, the action
and the rule.

The golden records in tests/golden/ were written by the program::

    binokel selfplay --games 1 --seed g163 --out tests/golden/selfplay-g163.binokel
    binokel selfplay --rules binokel+fixed_hands=1 --games 1 --seed d28 \\
        --out tests/golden/one-hand-d28.binokel

and ``one-hand-d28-partial.binokel`` is the latter cut after the second card of trick 5.  If a
golden test fails, the engine no longer deals or scores those games as it did: every record
ever written would stop replaying, so change the engine back rather than the files.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from binokel import IllegalActionError, Phase, Play, Rank, Rules, new_game, parse_action
from binokel.games.binokel.game import GameState
from binokel.games.binokel.records import (
    Record,
    RecordError,
    dump_record,
    dump_records,
    load_record,
    load_records,
    replay,
)
from binokel.games.binokel.rulefile import find_rules
from binokel.games.binokel.rules import FirstLead, rule_set_names
from tests.helpers import examples

GOLDEN = Path(__file__).parent / "golden"
DOCS = Path(__file__).parent.parent / "docs" / "records.md"


def random_game(rules: Rules, seed: int | str, *, stop: int | None = None,
                rng_seed: int = 0) -> GameState:
    """A game between random players, cut after ``stop`` actions (or played to the end)."""
    rng = random.Random(rng_seed)
    state = new_game(rules, seed)
    steps = 0
    while not state.is_over and (stop is None or steps < stop) and len(state.results) < 300:
        state = state.apply(rng.choice(state.legal_actions()))
        steps += 1
    return state


def round_trip(state: GameState, **kwargs: object) -> tuple[str, GameState, Record]:
    text = dump_record(state, **kwargs)  # type: ignore[arg-type]
    record = load_record(text)
    again = replay(record)
    return text, again, record


def lines_of(text: str) -> list[str]:
    return text.splitlines()


def edit(text: str, prefix: str, change: str, *, occurrence: int = 0) -> str:
    """The record with the ``occurrence``-th line starting with ``prefix`` replaced."""
    lines = lines_of(text)
    hits = [i for i, line in enumerate(lines) if line.startswith(prefix)]
    lines[hits[occurrence]] = change
    return "\n".join(lines) + "\n"


def refusal(text: str) -> str:
    with pytest.raises(RecordError) as caught:
        replay(load_record(text))
    return str(caught.value)


@pytest.fixture(scope="module")
def finished() -> str:
    return (GOLDEN / "selfplay-g163.binokel").read_text(encoding="utf-8")


# --- round trip ------------------------------------------------------------------------------

@settings(max_examples=examples(30))
@given(seed=st.integers(0, 10**9), stop=st.integers(0, 700), rng_seed=st.integers(0, 10**6))
def test_records_round_trip_random_games(seed: int, stop: int, rng_seed: int) -> None:
    state = random_game(find_rules("binokel"), seed, stop=stop, rng_seed=rng_seed)
    text, again, _ = round_trip(state)
    assert dump_record(again) == text
    assert again.history() == state.history()
    assert again.scores == state.scores and again.phase is state.phase


BREAKS = set("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")
one_line = st.text(min_size=1, max_size=12).filter(lambda s: not set(s) & BREAKS)
names = one_line.filter(lambda s: "," not in s and s.strip() == s)


@settings(max_examples=examples(10))
@given(seed=one_line, names=st.lists(names, min_size=3, max_size=3))
def test_records_round_trip_any_seed_text_and_player_names(seed: str, names: list[str]) -> None:
    state = random_game(find_rules("binokel"), seed, stop=40)
    tags = {"Date": "2025.01.31", "Event": 'Stammtisch "Ochsen"'}
    text, again, record = round_trip(state, players=names, tags=tags)
    assert record.players == tuple(names) and record.tags == tags
    assert str(record.seed) == str(seed)
    assert dump_record(again, players=list(record.players), tags=record.tags) == text


@pytest.mark.parametrize("name", rule_set_names())
def test_records_round_trip_every_rule_set(name: str) -> None:
    rules = find_rules(name)
    state = random_game(rules, f"variant/{name}", stop=400)
    text, again, record = round_trip(state)
    assert record.rules == rules and record.rules.name == rules.name
    assert dump_record(again) == text


def test_record_holds_every_rule_field_so_changed_rules_replay() -> None:
    rules = Rules(name="house", description='Ochsen "Dienstag", with Sevens', players=4,
                  teams=((0, 2), (1, 3)), ranks=(Rank.SEVEN, Rank.JACK, Rank.QUEEN, Rank.KING,
                                                 Rank.TEN, Rank.ACE),
                  hand_size=9, dabb_size=12, dabb_after_rounds=(1, 2),
                  first_lead=FirstLead.DECLARER, min_bid=200, target=1000)
    state = random_game(rules, 5, stop=200)
    text, again, record = round_trip(state)
    assert record.rules == rules
    assert '[Rule teams "0 2, 1 3"]' in text and '[Rule ranks "7 J Q K 10 A"]' in text
    assert '[Rule first_lead "declarer"]' in text
    assert dump_record(again) == text


def test_record_keeps_a_first_dealer_not_drawn_by_lot() -> None:
    state = new_game(seed=9, dealer=1).apply(parse_action("pass"))
    text, again, record = round_trip(state)
    assert record.first_dealer == 1 and again.dealer == 1
    assert '[FirstDealer "1"]' in text


def test_golden_records_replay_byte_for_byte() -> None:
    for path in sorted(GOLDEN.glob("*.binokel")):
        text = path.read_text(encoding="utf-8")
        record = load_record(text)
        state = replay(record)
        assert dump_record(state, players=list(record.players), tags=record.tags) == text, path


def test_golden_full_game_is_over_with_the_written_totals(finished: str) -> None:
    state = replay(load_record(finished))
    assert state.is_over and state.winners == (1,)
    assert state.scores == (-2384, 1556, 581)
    assert len(state.results) == 13


def test_docs_example_is_a_record_that_replays() -> None:
    blocks = re.findall(r"```text\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.S)
    examples = [b for b in blocks if b.startswith('[Game "Binokel"]')]
    assert examples, "docs/records.md shows no complete record"
    for example in examples:
        state = replay(load_record(example))
        assert dump_record(state, players=list(load_record(example).players),
                           tags=load_record(example).tags) == example


def test_several_records_in_one_text_load_in_order() -> None:
    states = [random_game(find_rules("binokel"), seed, stop=60 * seed) for seed in (1, 2, 3)]
    text = dump_records(states)
    records = load_records(text)
    assert [r.seed for r in records] == [1, 2, 3]
    assert [replay(r).history() for r in records] == [s.history() for s in states]
    with pytest.raises(RecordError, match="3 records"):
        load_record(text)


def test_record_gives_actions_and_deals_per_hand(finished: str) -> None:
    record = load_record(finished)
    state = replay(record)
    assert record.actions == state.history()
    assert len(record.deals) == len(state.results)
    assert record.deals[0] == list(state.states())[-1].deal


def test_letter_notation_is_read_as_well() -> None:
    text = dump_record(random_game(find_rules("binokel"), 4, stop=25))
    ascii_text = text.replace("♣", "C").replace("♠", "S").replace("♥", "H").replace("♦", "D")
    ascii_text = re.sub(r"\bpass\b", "p", ascii_text)
    body = ascii_text.split("\n\n", 1)[1]
    body = "\n".join(line for line in body.splitlines() if not line.startswith(("Melds", "Result",
                                                                                    "Scores")))
    state = replay(load_record(text.split("\n\n", 1)[0] + "\n\n" + body))
    assert dump_record(state) == text


# --- partial records resume ------------------------------------------------------------------

@pytest.mark.parametrize("where", ["auction", "discard", "trump", "mid-trick", "hand-start"])
def test_partial_record_resumes_the_game(where: str) -> None:
    rules = find_rules("binokel")
    full = random_game(rules, 77, rng_seed=3)
    chain = list(full.states())[::-1]

    def found(state: GameState) -> bool:
        if where == "auction":
            return state.phase is Phase.AUCTION and len(state.bids) == 3
        if where == "discard":
            return state.phase is Phase.DISCARD and len(state.discard) == 2
        if where == "trump":
            return state.phase is Phase.TRUMP
        if where == "mid-trick":
            return len(state.tricks) == 3 and len(state.current_trick()) == 1
        return state.hand_no == 2 and state.phase is Phase.AUCTION and len(state.bids) == 1

    cut = next(s for s in chain if found(s))
    resumed = replay(load_record(dump_record(cut)))
    assert resumed.history() == cut.history()
    assert resumed.to_move == cut.to_move and resumed.legal_actions() == cut.legal_actions()
    assert resumed.hand(resumed.to_move) == cut.hand(cut.to_move)
    # Playing the rest of the original game from the resumed state gives the same game.
    for action in full.history()[len(cut.history()):]:
        resumed = resumed.apply(action)
    assert dump_record(resumed) == dump_record(full)


def test_partial_golden_record_resumes_mid_trick() -> None:
    text = (GOLDEN / "one-hand-d28-partial.binokel").read_text(encoding="utf-8")
    state = replay(load_record(text))
    assert '[Result "*"]' in text
    assert state.phase is Phase.PLAY and state.to_move == 2
    assert [str(c) for _, c in state.current_trick()] == ["K♣", "A♥"]
    whole = (GOLDEN / "one-hand-d28.binokel").read_text(encoding="utf-8")
    for action in replay(load_record(whole)).history()[len(state.history()):]:
        state = state.apply(action)
    record = load_record(whole)
    assert dump_record(state, players=list(record.players), tags=record.tags) == whole


# --- tampered records are refused ------------------------------------------------------------

def test_tampered_record_with_an_illegal_card_names_hand_action_and_rule(finished: str) -> None:
    record = load_record(finished)
    state = new_game(record.rules, record.seed, dealer=record.first_dealer)
    # Find the first card play that had an illegal alternative in the player's hand.
    count, illegal = 0, []
    for action in record.actions:
        count += 1
        if isinstance(action, Play) and state.current_trick():
            illegal = [c for c in state.hand(state.to_move) if Play(c) not in
                       state.legal_actions()]
            if illegal:
                break
        state = state.apply(action)
    assert illegal, "no trick with an illegal card in the golden game"
    with pytest.raises(IllegalActionError) as rule:
        state.apply(Play(illegal[0]))
    hand = state.hand_no + 1
    trick = len(state.tricks) + 1
    seat = state.to_move
    old = f"{seat} {action}"
    lines = lines_of(finished)
    first = next(i for i, line in enumerate(lines) if line == f"Hand {hand}: dealer {state.dealer}")
    at = next(i for i in range(first, len(lines)) if lines[i].startswith(f"Trick {trick}:"))
    lines[at] = lines[at].replace(old, f"{seat} {illegal[0]}").split(" → ")[0]
    message = refusal("\n".join(lines) + "\n")
    assert f"line {at + 1}: hand {hand}, action {count} (trick {trick}, seat {seat} " \
           f"'{illegal[0]}')" in message
    assert str(rule.value) in message


def test_tampered_record_with_an_illegal_bid_names_the_bidding_rule(finished: str) -> None:
    auction = next(line for line in lines_of(finished) if line.startswith("Auction:"))
    jumped = re.sub(r", (\d) (\d+)", lambda m: f", {m.group(1)} {int(m.group(2)) + 20}",
                    auction, count=1)
    message = refusal(finished.replace(auction, jumped, 1))
    assert "hand 1, action 1 (auction" in message and "Bids go up by 10" in message


def test_tampered_record_with_an_action_out_of_turn_is_refused(finished: str) -> None:
    auction = next(line for line in lines_of(finished) if line.startswith("Auction:"))
    head, first, *rest = auction.split(", ")
    seat, action = first.split(" ", 1)
    swapped = ", ".join([head, f"{(int(seat) + 1) % 3} {action}", *rest])
    message = refusal(finished.replace(auction, swapped, 1))
    assert "hand 1, action 1" in message and "It is not your turn" in message


def test_tampered_record_with_a_wrong_deal_names_hand_and_seat(finished: str) -> None:
    line = [x for x in lines_of(finished) if x.startswith("Cards 1:")][2]
    swapped = line.replace("♣", "♦", 1) if "♣" in line else line.replace("♠", "♦", 1)
    message = refusal(finished.replace(line, swapped, 1))
    assert "hand 3: seat 1's cards are written as" in message and "the seed deals" in message


def test_tampered_record_with_a_wrong_dabb_is_refused(finished: str) -> None:
    line = next(x for x in lines_of(finished) if x.startswith("Dabb:"))
    message = refusal(finished.replace(line, "Dabb: A♣ A♣ A♠ A♠", 1))
    assert "hand 1: the Dabb is written as [A♣ A♣ A♠ A♠]" in message


def test_tampered_record_with_a_wrong_result_is_refused(finished: str) -> None:
    line = [x for x in lines_of(finished) if x.startswith("Scores:")][1]
    wrong = re.sub(r"([+-])(\d+)", lambda m: f"{m.group(1)}{int(m.group(2)) + 10}", line, count=1)
    message = refusal(finished.replace(line, wrong, 1))
    assert "hand 2: the record writes scores" in message and "but the actions give" in message


@pytest.mark.parametrize("prefix", ["Melds 0:", "Totals:", "Result:", "Trick 1:"])
def test_tampered_record_with_a_wrong_derived_line_is_refused(finished: str, prefix: str) -> None:
    line = next(x for x in lines_of(finished) if x.startswith(prefix))
    wrong = re.sub(r"→ (\d)", lambda m: f"→ {(int(m.group(1)) + 1) % 3}", line) + "0"
    message = refusal(finished.replace(line, wrong, 1))
    assert "the record writes" in message and "but the actions give" in message


def test_tampered_record_with_a_wrong_result_tag_is_refused(finished: str) -> None:
    message = refusal(finished.replace('[Result "0-1-0"]', '[Result "1-0-0"]'))
    assert "Result tag" in message and "'0-1-0'" in message


@pytest.mark.parametrize(("line", "reason"), [
    ("[Seed 42]", "malformed header line"),
    ('[Rule min_bid "lots"]', "rule min_bid"),
    ('[Rule no_such_rule "1"]', "no rule field 'no_such_rule'"),
    ('[Rule hand_size "13"]', "hand_size"),
    ('[Rule bid_jumps "maybe"]', "true or false"),
    ('[Game "Skat"]', "not a Binokel record"),
])
def test_malformed_header_is_refused_naming_the_line(finished: str, line: str,
                                                     reason: str) -> None:
    lines = lines_of(finished)
    key = line.split(" ")[0] + " " + line.split(" ")[1] if line.startswith("[Rule") else \
        line.split(" ")[0]
    at = next((i for i, x in enumerate(lines) if x.startswith(key)), 3)
    lines[at] = line
    with pytest.raises(RecordError) as caught:
        replay(load_record("\n".join(lines) + "\n"))
    assert reason in str(caught.value)
    assert str(caught.value).startswith("line ")


@pytest.mark.parametrize(("change", "reason"), [
    ("Hand 3: dealer 1", "hand 3 follows hand 1"),
    ("Trick 7: 0 A♣", "trick 7 follows trick 0"),
    ("Auction: 2 150, 1 quadruple", "not an action"),
    ("Cards 0: Q♠ Q♠ Q♠", "more than two Q♠"),
    ("Bidding: 0 150", "cannot read the line"),
])
def test_malformed_body_is_refused_naming_line_and_hand(change: str, reason: str) -> None:
    text = dump_record(new_game(seed=1)) + change + "\n"
    with pytest.raises(RecordError) as caught:
        replay(load_record(text))
    assert reason in str(caught.value) and str(caught.value).startswith("line ")


def test_record_claiming_a_finished_hand_that_is_not_is_refused() -> None:
    text = dump_record(random_game(find_rules("binokel"), 12, stop=5))
    message = refusal(text + "Totals: 0 0, 1 0, 2 0\n")
    assert "the record writes totals" in message and "there is none" in message


def test_dump_refuses_names_and_tags_a_record_cannot_hold() -> None:
    state = new_game(seed=1)
    with pytest.raises(ValueError, match="comma"):
        dump_record(state, players=["Anna, Berta", "B", "C"])
    with pytest.raises(ValueError, match="3 player names"):
        dump_record(state, players=["A", "B"])
    with pytest.raises(ValueError, match="'Result'"):
        dump_record(state, tags={"Result": "1-0-0"})
    with pytest.raises(ValueError, match="line break"):
        dump_record(state, tags={"Event": "a\nb"})


def test_cards_written_in_the_wrong_trick_line_are_refused() -> None:
    text = (GOLDEN / "one-hand-d28.binokel").read_text(encoding="utf-8")
    moved = text.replace("Trick 1: 2 A♣, 0 A♣, 1 J♣ → 2 (24)\nTrick 2: 2 J♠, 0 10♠, 1 J♠ → 0 (14)",
                         "Trick 1: 2 A♣, 0 A♣, 1 J♣, 2 J♠\nTrick 2: 0 10♠, 1 J♠ → 0 (14)")
    message = refusal(moved)
    assert message == ("line 70: hand 1, action 13 (trick 1, seat 2 'J♠'): written on the "
                       "Trick 1 line, but the hand is at trick 2")
