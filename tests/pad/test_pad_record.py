"""The pad record (docs/records.md, pad records), CSV and JSON: every entry round-trips, a bad
line is refused naming it, and random valid pads round-trip whole (hypothesis)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from binokel.cards import Suit, parse_cards
from binokel.games.binokel.scoring import Contract
from binokel.pad import (
    BinocleHand,
    BinokelHand,
    MeldMade,
    Pad,
    PadError,
    dump_pad,
    entry_from_json,
    load_pad,
    pad_from_json,
    pad_to_json,
    parse_meld,
    sheet_csv,
)
from binokel.record_text import RecordError

H, C, D, S = Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES


def binokel_pad() -> Pad:
    pad = Pad.new("binokel", ["Anna", "Berta", "Karle Maier"], first_dealer=2)
    pad = pad.add(BinokelHand(declarer=0, bid=300, trump=H, melds=(190, 0, 40),
                              side_points=(128, 80, None)))
    pad = pad.add(BinokelHand(declarer=2, bid=250, contract=Contract.GIVE_UP, trump=D,
                              melds=(60, 40, 0)))
    pad = pad.void()
    pad = pad.add(BinokelHand(declarer=1, bid=400, contract=Contract.DURCH, melds=(0, 0, 0),
                              no_trick=frozenset({0, 2})))
    return pad.add(BinokelHand(declarer=2, bid=160, trump=S, melds=(
        0, tuple(parse_cards("K♠ Q♠ Q♥ Q♣ Q♦ J♦")), 20), side_points=(100, 150, 0),
        no_trick=frozenset({1})))


def binocle_pad() -> Pad:
    pad = Pad.new("binocle", ["Anna", "Karle"], first_dealer=1)
    meld = parse_meld(pad.rules, "royal marriage", H)
    pad = pad.add(BinocleHand(trump=H, turned_dix=True, melds=(
        MeldMade(seat=0, meld=meld), MeldMade(seat=1, meld=parse_meld(pad.rules, "dix", H)),
        MeldMade(seat=1, meld=parse_meld(pad.rules, "marriage ♠", H))),
        card_points=(130, None), last_trick=1))
    return pad.add(BinocleHand(trump=C, card_points=(None, 30), claim=1))


def test_a_binokel_pad_record_reads_back_to_the_same_pad() -> None:
    pad = binokel_pad()
    text = dump_pad(pad)
    assert text.startswith('[Pad "Binokel"]\n[Rules "binokel"]\n')
    assert "2. Karle Maier 250 give up ♦; melds Anna 60, Berta 40, Karle Maier 0" in text
    assert "3. void (Berta deals again)" in text
    assert "4. Berta 400 durch; no trick Anna, Karle Maier" in text
    assert "Berta K♠ Q♠ Q♥ Q♣ Q♦ J♦" in text
    assert load_pad(text) == pad
    assert load_pad(text).sheet() == pad.sheet()


def test_a_binocle_pad_record_reads_back_to_the_same_pad() -> None:
    pad = binocle_pad()
    text = dump_pad(pad)
    assert "1. trump ♥, dix turned; melds Anna royal marriage ♥, Karle dix, Karle marriage ♠;" \
        in text
    assert "2. trump ♣; claim Karle 30" in text and '[Winner "Anna"]' in text
    assert load_pad(text) == pad


@pytest.mark.parametrize(("change", "message"), [
    (("1. Anna 300 ♥", "1. Anna 305 ♥"), r"line 7: hand 1: bid 305"),
    (("2. Karle", "3. Karle"), r"line 8: expected hand 2"),
    (('[Rules "binokel"]', '[Rules "binokl"]'), r"unknown rule set 'binokl'"),
    (("; tricks Anna 128", "; claim Anna 128"), r"nobody claims at Binokel"),
])
def test_a_bad_record_line_is_refused_naming_it(change: tuple[str, str], message: str) -> None:
    text = dump_pad(binokel_pad()).replace(*change, 1)
    with pytest.raises(RecordError, match=message):
        load_pad(text)


def test_csv_has_a_row_per_hand_with_scores_and_totals() -> None:
    rows = sheet_csv(binokel_pad()).splitlines()
    assert rows[0] == ("hand,dealer,declarer,bid,contract,Anna,Berta,Karle Maier,Anna total,"
                       "Berta total,Karle Maier total,note")
    assert rows[1] == "1,Karle Maier,Anna,300,trump ♥,318,80,82,318,80,82,Anna made 318 of 300"
    assert rows[3].startswith("3,Berta,,,void,,,,")
    assert len(rows) == 6


def test_json_round_trips_and_carries_the_sheet() -> None:
    for pad in (binokel_pad(), binocle_pad()):
        data = json.loads(json.dumps(pad_to_json(pad)))
        assert pad_from_json(data) == pad
        assert data["sheet"]["totals"] == list(pad.sheet().totals)
    tallies = pad_to_json(binocle_pad())["sheet"]["tallies"]
    assert tallies[0] == {"counters": "1 blue, 1 red, 2 white", "pegs": "round 1, hole 38"}


def test_json_entries_are_checked_by_shape_and_then_by_the_rules() -> None:
    pad = Pad.new("binokel", ["Anna", "Berta", "Karle"])
    with pytest.raises(PadError, match="bid: a whole number"):
        entry_from_json(pad, {"declarer": 0, "bid": "lots", "trump": "H"})
    with pytest.raises(PadError, match="nobody claims at Binokel"):
        entry_from_json(pad, {"claim": 0, "trump": "H"})
    entry = entry_from_json(pad, {"declarer": 1, "bid": 150, "trump": "C", "melds": [0, 0, 0],
                                  "side_points": [260, None]})
    with pytest.raises(PadError, match="trick points: one number per side"):
        pad.add(entry)


# --- random valid pads round-trip --------------------------------------------------------------

@st.composite
def binokel_hands(draw: st.DrawFn) -> BinokelHand:
    declarer = draw(st.integers(0, 2))
    contract = draw(st.sampled_from([Contract.TRUMP, Contract.TRUMP, Contract.GIVE_UP,
                                     Contract.DURCH]))
    bid = 150 + 10 * draw(st.integers(0, 30))
    if contract is Contract.DURCH:
        return BinokelHand(declarer=declarer, bid=bid, contract=contract, melds=(0, 0, 0),
                           no_trick=frozenset(draw(st.sets(st.integers(0, 2)))))
    melds = tuple(draw(st.sampled_from([0, 20, 40, 60, 100, 120, 150, 190, 300]))
                  for _ in range(3))
    suit = draw(st.sampled_from(list(Suit)))
    if contract is Contract.GIVE_UP:
        melds = tuple(0 if s == declarer else m for s, m in enumerate(melds))
        return BinokelHand(declarer=declarer, bid=bid, contract=contract, trump=suit,
                           melds=melds)
    first = draw(st.integers(0, 250))
    second = draw(st.integers(0, 250 - first))
    return BinokelHand(declarer=declarer, bid=bid, trump=suit, melds=melds,
                       side_points=(first, second, None))


@settings(max_examples=20, deadline=None)
@given(st.lists(binokel_hands(), max_size=6), st.integers(0, 2))
def test_random_pads_round_trip_through_the_record_and_json(hands: list[BinokelHand],
                                                             dealer: int) -> None:
    pad = Pad.new("binokel", ["Anna", "Berta", "Karle"], first_dealer=dealer)
    for hand in hands:
        try:
            pad = pad.add(hand)
        except PadError:
            continue  # the game may be over, or 0 points with a trick refused: pad unchanged
    sheet = pad.sheet()
    assert load_pad(dump_pad(pad)) == pad
    assert pad_from_json(pad_to_json(pad)) == pad
    # Every total is the sum of the scores above it, and 250 was shared in every trump hand.
    for seat in range(3):
        assert sheet.totals[seat] == sum(line.scored.scores[seat] for line in sheet.lines
                                         if line.scored is not None)
    for line in sheet.lines:
        entry = line.entry
        if isinstance(entry, BinokelHand) and entry.contract is Contract.TRUMP:
            assert sum(p or 0 for p in entry.side_points) == 250
    # Editing a hand into itself changes nothing; undo after add is the pad before.
    if pad.entries:
        assert pad.edit(1, pad.entries[0]) == pad
        assert pad.undo().add(pad.entries[-1]) == pad


def test_team_and_dealer_out_pads_round_trip() -> None:
    teams = Pad.new("kreuzbinokel", ["Anna", "Berta", "Karle", "Dieter"], first_dealer=3)
    teams = teams.add(BinokelHand(declarer=0, bid=200, trump=C, melds=(100, 40, 60, 20),
                                  side_points=(150, None), no_trick=frozenset({2})))
    text = dump_pad(teams)
    assert "tricks Anna+Karle 150, Berta+Dieter 100; no trick Karle" in text
    assert load_pad(text) == teams
    out = Pad.new("binokel-4-dealer-out", ["Anna", "Berta", "Karle", "Dieter"], first_dealer=3)
    out = out.add(BinokelHand(declarer=0, bid=150, trump=H, melds=(20, 0, 0, None),
                              side_points=(150, 50, None)))
    text = dump_pad(out)
    assert "melds Anna 20, Berta 0, Karle 0; tricks" in text  # Dieter sat out
    assert load_pad(text) == out
