"""The score pad at Binokel: the rules' own examples (docs/rules/binokel.md §4, §7, §8, §9, §10),
bad input refused with the rule named and nothing changed, edit/undo and void hands."""

from __future__ import annotations

import pytest

from binokel.cards import Suit, parse_cards
from binokel.games.binokel.rules import BINOKEL
from binokel.games.binokel.scoring import Contract
from binokel.pad import BinocleHand, BinokelHand, Pad, PadError, VoidHand, possible_meld_totals

H, C, D, S = Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES
NAMES = ["Anna", "Berta", "Karle"]


def pad3(**kwargs: object) -> Pad:
    return Pad.new("binokel", NAMES, first_dealer=2)


def trump(declarer: int, bid: int, melds: tuple[object, ...], points: tuple[int | None, ...],
          suit: Suit = H, no_trick: frozenset[int] = frozenset()) -> BinokelHand:
    return BinokelHand(declarer=declarer, bid=bid, trump=suit, melds=melds,  # type: ignore[arg-type]
                       side_points=points, no_trick=no_trick)


def test_7_source_example_bid_300_melds_190_tricks_and_discards_128_scores_318() -> None:
    pad = pad3().add(trump(0, 300, (190, 0, 0), (128, 80, None)))
    line = pad.sheet().lines[0]
    assert line.scored is not None
    assert line.scored.scores == (318, 80, 42)
    assert line.entry == trump(0, 300, (190, 0, 0), (128, 80, 42))  # derived to make 250
    assert line.scored.note == "Anna made 318 of 300"


def test_7_with_280_instead_the_declarer_scores_minus_600() -> None:
    pad = pad3().add(trump(0, 300, (190, 0, 0), (90, 80, None)))
    assert pad.sheet().totals == (-600, 80, 80)


def test_5_melds_count_only_with_a_trick_and_the_declarer_needs_one_too() -> None:
    hand = trump(0, 150, (150, 60, 40), (140, 110, None), no_trick=frozenset({2}))
    assert pad3().add(hand).sheet().totals == (290, 170, 0)
    # The declarer without a trick: minus twice the bid, even with discards enough.
    hand = trump(0, 150, (150, 60, 40), (20, 130, None), no_trick=frozenset({0}))
    assert pad3().add(hand).sheet().totals == (-300, 190, 140)


def test_4_giving_up_costs_the_bid_once_and_pays_50_and_melds_to_the_others() -> None:
    hand = BinokelHand(declarer=1, bid=250, contract=Contract.GIVE_UP, trump=D,
                       melds=(60, 0, 40))
    sheet = pad3().add(hand).sheet()
    assert sheet.totals == (110, -250, 90)
    assert sheet.lines[0].scored is not None
    assert "gave up" in sheet.lines[0].scored.note


def test_8_a_durch_won_and_a_durch_lost() -> None:
    won = BinokelHand(declarer=0, bid=200, contract=Contract.DURCH, melds=(0, 0, 0),
                      no_trick=frozenset({1, 2}))
    lost = BinokelHand(declarer=1, bid=200, contract=Contract.DURCH, melds=(0, 0, 0),
                       no_trick=frozenset({0}))
    pad = pad3().add(won).add(lost)
    assert [line.totals for line in pad.sheet().lines] == [(1000, 0, 0), (1000, -1000, 0)]


def test_9_kreuzbinokel_partners_add_their_points_and_share_the_total() -> None:
    pad = Pad.new("kreuzbinokel", ["Anna", "Berta", "Karle", "Dieter"], first_dealer=3)
    # Anna (seat 0) and Karle (seat 2) against Berta and Dieter; Karle took no trick, so his
    # melds are lost, but the team's tricks count together.
    hand = BinokelHand(declarer=0, bid=200, trump=C, melds=(100, 40, 60, 20),
                       side_points=(150, None), no_trick=frozenset({2}))
    sheet = pad.add(hand).sheet()
    assert sheet.totals == (250, 160, 250, 160)
    assert pad.add(hand).sheet().lines[0].entry.side_points == (150, 100)  # type: ignore[union-attr]


def test_9_kreuzbinokel_team_wins_together() -> None:
    pad = Pad.new("kreuzbinokel", ["Anna", "Berta", "Karle", "Dieter"], first_dealer=3)
    # 1500 (a double family) takes ten cards: not in a hand of nine.
    hand = BinokelHand(declarer=0, bid=200, trump=C, melds=(1500, 0, 0, 0),
                       side_points=(150, None))
    with pytest.raises(PadError, match="no hand of 9 cards melds 1500"):
        pad.add(hand)
    hand = BinokelHand(declarer=0, bid=200, trump=C, melds=(1000, 0, 300, 0),
                       side_points=(200, None))
    pad = pad.add(hand)
    assert pad.sheet().totals == (1500, 50, 1500, 50)
    assert pad.sheet().winners == (0, 2)
    assert pad.winner_text() == "Anna and Karle won"


def _near_the_end() -> Pad:
    """Berta and Karle at 1050 each after one hand."""
    return pad3().add(trump(0, 150, (0, 1000, 1000), (150, 50, None)))


def test_10_two_pass_1500_in_one_hand_the_declarer_wins_though_lower() -> None:
    pad = _near_the_end().add(trump(2, 150, (0, 1000, 400), (100, 80, None), suit=C))
    sheet = pad.sheet()
    assert sheet.totals == (150 + 80, 1050 + 1070, 1550)  # sides: Karle, Anna, Berta
    assert sheet.winners == (2,)


def test_10_two_pass_1500_without_the_declarer_the_higher_total_wins() -> None:
    pad = _near_the_end().add(trump(0, 150, (0, 1000, 400), (100, 80, None), suit=C))
    assert pad.sheet().winners == (1,)


def test_10_an_exact_tie_plays_another_hand() -> None:
    pad = _near_the_end().add(trump(0, 150, (0, 400, 400), (150, 50, None), suit=C))
    sheet = pad.sheet()
    assert sheet.totals[1] == sheet.totals[2] == 1500 and sheet.winners == ()
    pad = pad.add(trump(1, 150, (0, 0, 0), (150, 50, None)))
    assert pad.sheet().winners == (1,)


def test_a_finished_game_takes_no_more_hands() -> None:
    pad = pad3().add(trump(0, 150, (1500, 0, 0), (150, 50, None)))
    with pytest.raises(PadError, match="the game is over: Anna won"):
        pad.add(trump(1, 150, (0, 0, 0), (150, 50, None)))


def test_2_the_deal_passes_to_the_right_and_a_void_hand_is_dealt_again() -> None:
    pad = pad3()
    assert pad.sheet().dealer == 2
    pad = pad.add(trump(0, 150, (0, 0, 0), (150, 50, None)))
    assert pad.sheet().dealer == 0
    pad = pad.void()
    assert pad.sheet().dealer == 0 and pad.sheet().lines[-1].scored is None
    assert pad.entries[-1] == VoidHand()
    pad = pad.add(trump(1, 150, (0, 0, 0), (150, 50, None)))
    assert pad.sheet().dealer == 1


# --- refused, with the rule named, nothing changed --------------------------------------------

@pytest.mark.parametrize(("hand", "message"), [
    (trump(0, 300, (190, 0, 0), (128, 80, 60)), r"128 \+ 80 \+ 60 = 268, but a hand's tricks "
                                                 r"add up to 250 with the last trick \(§1\)"),
    (trump(0, 300, (190, 0, 0), (200, 80, None)), r"more than the 250"),
    (trump(0, 300, (195, 0, 0), (128, 80, None)), r"Anna's melds: 195 is not a meld total; "
                                                   r"melds count in tens \(§5\)"),
    (trump(0, 300, (10, 0, 0), (128, 80, None)), r"no hand of 12 cards melds 10"),
    (trump(0, 300, (9000, 0, 0), (128, 80, None)), r"no hand of 12 cards melds 9000"),
    (trump(0, 140, (0, 0, 0), (128, 80, None)), r"bid 140: the lowest bid is 150 \(min_bid, §3\)"),
    (trump(0, 305, (0, 0, 0), (128, 80, None)), r"bids go up by 10 from 150 \(bid_step, §3\)"),
    (BinokelHand(declarer=0, bid=200, contract=Contract.DURCH, trump=H, melds=(0, 0, 0)),
     r"a Durch has no trumps"),
    (BinokelHand(declarer=0, bid=200, contract=Contract.DURCH, melds=(40, 0, 0)),
     r"nobody melds in a Durch \(§8\)"),
    (BinokelHand(declarer=0, bid=200, contract=Contract.OPEN_DURCH, melds=(0, 0, 0)),
     r"open_durch is off"),
    (BinokelHand(declarer=0, bid=200, contract=Contract.GIVE_UP, trump=H, melds=(40, 0, 0)),
     r"the declarer's side does not meld when the declarer gives up \(§4\)"),
    (trump(0, 300, (0, 0, 0), (128, 80, None), no_trick=frozenset({1})),
     r"Berta took no trick but 80 points"),
    (trump(0, 300, (tuple(parse_cards("Q♠ Q♠ Q♠")), 0, 0), (128, 80, None)),
     r"two of each card"),
    (trump(0, 300, (tuple(parse_cards("Q♠ Q♠ J♦")), tuple(parse_cards("Q♠ J♦")), 0),
           (128, 80, None)), r"Q♠ shown more than twice"),
])
def test_bad_input_is_refused_naming_the_rule_and_nothing_changes(hand: BinokelHand,
                                                                   message: str) -> None:
    pad = pad3().add(trump(1, 150, (0, 0, 0), (150, 50, None)))
    before = pad.sheet()
    with pytest.raises(PadError, match=message):
        pad.add(hand)
    assert pad.sheet() == before and len(pad.entries) == 1


def test_the_dealer_who_sits_out_cannot_be_the_declarer() -> None:
    pad = Pad.new("binokel-4-dealer-out", ["Anna", "Berta", "Karle", "Dieter"], first_dealer=3)
    bad = BinokelHand(declarer=3, bid=150, trump=H, melds=(0, 0, 0, None),
                      side_points=(150, 50, None))
    with pytest.raises(PadError, match=r"Dieter dealt and sits this hand out "
                                       r"\(dealer_sits_out\)"):
        pad.add(bad)
    good = BinokelHand(declarer=0, bid=150, trump=H, melds=(20, 0, 0, None),
                       side_points=(150, 50, None))
    assert pad.add(good).sheet().totals == (170, 50, 50, 0)


def test_a_claim_in_a_three_player_game_is_refused() -> None:
    claim = BinocleHand(trump=H, card_points=(100, None), claim=0)
    with pytest.raises(PadError, match=r"nobody claims at Binokel with 3 players.*"
                                       r"docs/rules/binocle.md §7"):
        pad3().add(claim)


def test_melds_as_cards_are_counted_by_the_meld_calculator() -> None:
    cards = tuple(parse_cards("K♠ Q♠ Q♥ Q♣ Q♦ J♦"))
    pad = pad3().add(trump(0, 150, (cards, 0, 0), (128, 80, None)))
    assert pad.sheet().lines[0].scored.meld_points == (120, 0, 0)  # type: ignore[union-attr]


def test_sevens_the_dissle_makes_melds_of_ten_possible() -> None:
    pad = Pad.new("binokel-sevens", NAMES, first_dealer=2)
    assert pad.add(trump(0, 150, (10, 0, 0), (150, 50, None))).sheet().totals[0] == 160


def test_possible_meld_totals_include_the_worked_example_and_doubles() -> None:
    totals = possible_meld_totals(BINOKEL, H, 12)
    assert {0, 20, 40, 120, 150, 190, 300, 1500, 1000} <= totals
    assert not {10, 30, 50} & totals


# --- edit and undo ----------------------------------------------------------------------------

def test_edit_recomputes_every_later_total_and_undo_takes_the_last_hand_back() -> None:
    pad = pad3().add(trump(0, 300, (190, 0, 0), (90, 80, None)))
    pad = pad.add(trump(1, 150, (0, 60, 0), (150, 50, None)))
    assert pad.sheet().totals == (-550, 290, 130)
    edited = pad.edit(1, trump(0, 300, (190, 0, 0), (128, 80, None)))
    assert [line.totals for line in edited.sheet().lines] == [(318, 80, 42), (368, 290, 92)]
    assert pad.sheet().totals == (-550, 290, 130)  # the old pad is unchanged
    assert edited.undo().sheet().totals == (318, 80, 42)
    with pytest.raises(PadError, match="there is no hand 3"):
        pad.edit(3, VoidHand())
    with pytest.raises(PadError, match="no hand to take back"):
        pad3().undo()


def test_an_edit_that_makes_a_later_hand_impossible_is_refused() -> None:
    pad = pad3().add(trump(0, 150, (0, 0, 0), (150, 50, None)))
    pad = pad.add(trump(1, 150, (0, 0, 0), (150, 50, None)))  # Anna dealt hand 2
    # Making hand 1 void keeps Karle dealing hand 2 ... still fine; a wrong edit is refused:
    with pytest.raises(PadError, match="hand 1: bid 145"):
        pad.edit(1, trump(0, 145, (0, 0, 0), (150, 50, None)))


def test_trick_points_check_is_the_one_the_dialogue_uses() -> None:
    from binokel.pad.binokel_hand import check_trick_points

    check_trick_points(250, [128, 80, 42], every_side=True)
    check_trick_points(250, [200, 50], every_side=False)
    with pytest.raises(PadError, match=r"200 \+ 60 = 260 is more than the 250"):
        check_trick_points(250, [200, 60], every_side=False)
    with pytest.raises(PadError, match="-1 is not between 0 and 250"):
        check_trick_points(250, [-1, 251], every_side=False)
    with pytest.raises(PadError, match=r"128 \+ 80 = 208, but a hand's tricks add up to 250"):
        check_trick_points(250, [128, 80], every_side=True)


def test_each_hand_is_checked_once_when_added(monkeypatch: pytest.MonkeyPatch) -> None:
    from binokel.pad import binokel_hand

    calls = []
    check = binokel_hand.check

    def counted(*args: object) -> BinokelHand:
        calls.append(args)
        return check(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(binokel_hand, "check", counted)
    pad = Pad.new("binokel", ["Anna", "Berta", "Karle"], first_dealer=2)
    pad = pad.add(BinokelHand(declarer=0, bid=300, trump=Suit.HEARTS, melds=(190, 0, 40),
                              side_points=(128, 80, None)))
    assert pad.sheet().totals == (318, 80, 82)
    assert len(calls) == 1
