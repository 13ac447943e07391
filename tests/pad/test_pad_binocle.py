"""The score pad at Binocle and Bézique (docs/rules/binocle.md §2-§7, docs/rules/bezique.md): dix or
Seven, melds as they are made, card points or brisques, claims checked, the last trick, Foster's
counters and the cribbage board."""

from __future__ import annotations

import pytest

from binokel.cards import Suit
from binokel.pad import BinocleHand, MeldMade, Pad, PadError, counters, parse_meld, pegs

H, C, S = Suit.HEARTS, Suit.CLUBS, Suit.SPADES


def binocle(first_dealer: int = 1, rules: str = "binocle") -> Pad:
    return Pad.new(rules, ["Anna", "Karle"], first_dealer=first_dealer)


def made(pad: Pad, seat: int, text: str, trump: Suit = H) -> MeldMade:
    return MeldMade(seat=seat, meld=parse_meld(pad.rules, text, trump))


def test_a_played_out_hand_scores_melds_dix_last_trick_and_card_points() -> None:
    pad = binocle()
    hand = BinocleHand(trump=H, turned_dix=True, melds=(
        made(pad, 0, "royal marriage"), made(pad, 1, "binocle"), made(pad, 0, "sequence"),
        made(pad, 1, "dix"), made(pad, 1, "marriage ♠")), card_points=(130, None), last_trick=0)
    sheet = pad.add(hand).sheet()
    line = sheet.lines[0]
    assert line.scored is not None
    # Anna: 40 + 150 + 130 + 10 last; Karle, the dealer: 10 turned dix + 40 + 10 + 20 + 110.
    assert line.scored.scores == (330, 190)
    assert line.scored.meld_points == (190, 80)
    assert line.entry.card_points == (130, 110)  # type: ignore[union-attr]
    assert sheet.dealer == 0  # the deal alternates


def test_bezique_counts_brisques_and_its_own_declarations() -> None:
    pad = binocle(rules="bezique")
    hand = BinocleHand(trump=C, melds=(made(pad, 0, "bézique", C), made(pad, 1, "sequence", C),
                                       made(pad, 0, "trump seven", C)),
                       card_points=(None, 90), last_trick=1)
    scored = pad.add(hand).sheet().lines[0].scored
    assert scored is not None and scored.scores == (40 + 10 + 70, 250 + 90 + 10)
    with pytest.raises(PadError, match=r"card points: 95 is not between 0 and 160 in steps of 10"):
        pad.add(BinocleHand(trump=C, card_points=(95, None), last_trick=1))


def test_card_points_must_add_up_and_the_last_trick_be_named() -> None:
    pad = binocle()
    with pytest.raises(PadError, match=r"130 \+ 120 = 250, but the tricks hold 240 \(§1\)"):
        pad.add(BinocleHand(trump=H, card_points=(130, 120), last_trick=0))
    with pytest.raises(PadError, match=r"last trick: who took it"):
        pad.add(BinocleHand(trump=H, card_points=(130, None)))
    assert pad.entries == ()


@pytest.mark.parametrize(("text", "message"), [
    ("marriage ♥", r"a marriage in trumps \(♥\) is a royal marriage"),
    ("royal marriage ♠", r"only in trumps"),
    ("sequence ♠", r"only in trumps"),
    ("four tens", r"not a meld"),
])
def test_melds_that_are_not_melds_here_are_refused(text: str, message: str) -> None:
    pad = binocle()
    with pytest.raises(PadError, match=message):
        pad.add(BinocleHand(trump=H, melds=(made(pad, 0, text),), card_points=(120, None),
                            last_trick=0))


def test_the_pack_allows_each_meld_only_as_often_as_its_copies() -> None:
    pad = binocle()
    twice = (made(pad, 0, "double binocle"), made(pad, 1, "double binocle"))
    with pytest.raises(PadError, match=r"double binocle: scored 2 times in one hand.*allow 1"):
        pad.add(BinocleHand(trump=H, melds=twice, card_points=(120, None), last_trick=0))
    dix = (made(pad, 0, "dix"), made(pad, 1, "dix"))
    with pytest.raises(PadError, match=r"dix: scored 3 times"):
        pad.add(BinocleHand(trump=H, turned_dix=True, melds=dix, card_points=(120, None),
                            last_trick=0))


def test_bezique_has_no_eight_of_a_kind() -> None:
    pad = binocle(rules="bezique")
    with pytest.raises(PadError, match=r"eight_of_a_kind is off"):
        pad.add(BinocleHand(trump=H, melds=(made(pad, 0, "eight aces"),),
                            card_points=(80, None), last_trick=0))


def _at_900() -> Pad:
    pad = binocle()
    melds = tuple(made(pad, 0, "sequence") for _ in range(2)) + tuple(
        made(pad, 0, text) for text in ("eight aces", "eight kings", "double binocle"))
    pad = pad.add(BinocleHand(trump=H, melds=melds, card_points=(240, 0), last_trick=1))
    assert pad.sheet().totals == (300 + 360 + 80 + 240, 10)
    return pad


def test_a_right_claim_wins_and_a_wrong_claim_loses() -> None:
    pad = _at_900()  # Anna 980
    right = pad.add(BinocleHand(trump=S, card_points=(20, None), claim=0))
    assert right.sheet().winners == (0,)
    assert "Anna claimed 1000 with 1000: rightly" in right.sheet().lines[-1].scored.note  # type: ignore[union-attr]
    wrong = pad.add(BinocleHand(trump=S, card_points=(15, None), claim=0))
    assert wrong.sheet().winners == (1,)


def test_reaching_the_target_by_a_meld_wins_at_once_and_nothing_after_counts() -> None:
    pad = _at_900()
    won = pad.add(BinocleHand(trump=S, melds=(made(pad, 0, "marriage ♥", S),)))
    assert won.sheet().winners == (0,) and won.sheet().totals[0] == 1000
    with pytest.raises(PadError, match=r"the game ended there"):
        pad.add(BinocleHand(trump=S, melds=(made(pad, 0, "marriage ♥", S),
                                            made(pad, 1, "binocle", S))))


def test_both_passing_1000_at_the_count_play_on_to_1250() -> None:
    pad = _at_900()
    pad = pad.add(BinocleHand(trump=C, melds=tuple(made(pad, 1, t, C) for t in (
        "sequence", "sequence", "eight aces", "eight kings")),
        card_points=(0, 240), last_trick=0))
    assert pad.sheet().totals == (990, 910)
    pad = pad.add(BinocleHand(trump=C, card_points=(100, 140), last_trick=1))
    sheet = pad.sheet()
    assert sheet.totals == (1090, 1060) and sheet.winners == () and sheet.target == 1250
    assert "play on to 1250" in sheet.lines[-1].scored.note  # type: ignore[union-attr]


def test_bezique_both_passing_the_higher_wins() -> None:
    pad = binocle(rules="bezique")
    pad = pad.add(BinocleHand(trump=C, melds=tuple(made(pad, 0, t, C) for t in (
        "sequence", "sequence", "bézique")) + tuple(made(pad, 1, t, C) for t in (
            "four aces", "four aces", "four kings", "four kings")), card_points=(80, 80),
        last_trick=1))
    assert pad.sheet().totals == (620, 450)
    pad = pad.add(BinocleHand(trump=S, melds=(made(pad, 0, "sequence", S), made(
        pad, 0, "bézique", S), made(pad, 1, "double bézique", S)), card_points=(100, 60),
        last_trick=0))
    sheet = pad.sheet()
    assert sheet.totals == (1020, 1010)
    assert sheet.winners == (0,) and "Anna reached 1000 at the count" in (
        sheet.lines[-1].scored.note)  # type: ignore[union-attr]


def test_a_void_hand_is_dealt_again_by_the_same_dealer() -> None:
    pad = binocle(first_dealer=1).void()
    assert pad.sheet().dealer == 1
    pad = pad.add(BinocleHand(trump=H, card_points=(120, None), last_trick=0))
    assert pad.sheet().dealer == 0


def test_foster_counters_and_the_cribbage_board() -> None:
    assert (counters(680).copper, counters(680).blue, counters(680).red,
            counters(680).white) == (1, 1, 1, 3)
    assert str(counters(437)) == "4 blue, 3 white, +7"
    assert str(pegs(0)) == "round 1, hole 21"
    assert str(pegs(990)) == "round 2, hole 60"
    assert str(pegs(1000)) == "game hole"
    pad = binocle()
    assert pad.tallies(680) == {"counters": "1 copper, 1 blue, 1 red, 3 white",
                                "pegs": "round 2, hole 29"}
    assert set(binocle(rules="bezique").tallies(0)) == {"counters"}
    assert Pad.new("binokel", ["A", "B", "C"]).tallies(100) == {}
