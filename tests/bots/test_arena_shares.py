"""The arena's contract statistics (issue 17): each bot's declared, made, missed and given-up
hands and their shares, counted from a known list of hand outcomes and from a real run."""

from __future__ import annotations

import json

import pytest

from binokel.cli.main import main
from binokel.games.binokel.rulefile import find_rules
from binokel.tools.arena import ArenaConfig, ArenaResult, DealResult, HandOutcome, run_arena
from binokel.tools.arena_stats import summarize


def hand(seating: str, declarer: int, *, made: bool = False, gave_up: bool = False,
         bid: int = 200) -> HandOutcome:
    return HandOutcome(seating=seating, active=(0, 1, 2), scores=(0, 0, 0), declarer=declarer,
                       bid=bid, contract="give up" if gave_up else "trump", made=made,
                       gave_up=gave_up)


def known_result() -> ArenaResult:
    """Two deals.  A declares 5 hands: 2 made, 2 missed, 1 given up.  B declares 4: 3 made,
    1 given up.  One hand of deal 1 is declared by nobody's seat of interest (seat 1 of "ABA"
    is B's).  A declared hand in a seating with only one label would not count; all do here."""
    deal0 = DealResult(deal=0, seed="k/0", dealer=0, hands=(
        hand("ABB", 0, made=True),             # A made
        hand("BAB", 1),                        # A missed
        hand("BBA", 2, gave_up=True),          # A gave up
        hand("AAB", 2, made=True),             # B made
        hand("ABA", 1, gave_up=True),          # B gave up
        hand("BAA", 0, made=True),             # B made
    ))
    deal1 = DealResult(deal=1, seed="k/1", dealer=1, hands=(
        hand("ABB", 0, made=True),             # A made
        hand("BAB", 1),                        # A missed
        hand("BBA", 0, made=True),             # B made
    ))
    config = ArenaConfig(bot_a="a", bot_b="b", deals=2, seed="k")
    return ArenaResult(config=config, deals=[deal0, deal1], seconds=0.0)


def test_shares_of_the_contracts_from_known_outcomes() -> None:
    summary = summarize(known_result())
    a, b = summary.a, summary.b
    assert (a.declared, a.made, a.missed, a.gave_up) == (5, 2, 2, 1)
    assert (a.missed_share, a.given_up_share, a.failed_share) == pytest.approx((0.4, 0.2, 0.6))
    assert (b.declared, b.made, b.missed, b.gave_up) == (4, 3, 0, 1)
    assert (b.missed_share, b.given_up_share, b.failed_share) == pytest.approx((0.0, 0.25, 0.25))
    shares = summary.to_json()["bots"]["A"]["contract_shares"]
    assert shares == {"made": 0.4, "missed": 0.4, "given_up": 0.2, "missed_or_given_up": 0.6}
    assert summary.to_json()["bots"]["B"]["missed"] == 0
    text = summary.text()
    assert "A: declared 5, made 2 (40.0%), missed 2 (40.0%), given up 1 (20.0%); " \
           "missed or given up 60.0%" in text
    assert "B: declared 4, made 3 (75.0%), missed 0 (0.0%), given up 1 (25.0%); " \
           "missed or given up 25.0%" in text


def test_no_contracts_give_zero_shares_and_no_contract_lines() -> None:
    empty = DealResult(deal=0, seed="e/0", dealer=0, hands=(hand("ABB", -1),))
    result = ArenaResult(config=ArenaConfig(bot_a="a", bot_b="b", deals=1), deals=[empty],
                         seconds=0.0)
    summary = summarize(result)
    assert summary.a.declared == 0 and summary.a.failed_share == 0.0
    assert "contracts (share" not in summary.text()


def test_a_real_run_counts_every_contract_once() -> None:
    """Over real hands: declared = made + missed + given up, and the given-up hands are exactly
    those whose result is a give-up."""
    result = run_arena(ArenaConfig(bot_a="heuristic:level=medium", bot_b="random", deals=4,
                                   seed="shares"))
    summary = summarize(result)
    hands = [h for d in result.deals for h in d.compared() if h.declarer >= 0]
    for label, bot in (("A", summary.a), ("B", summary.b)):
        mine = [h for h in hands if h.seating[h.declarer] == label]
        assert bot.declared == len(mine)
        assert bot.gave_up == sum(h.contract == "give up" for h in mine)
        assert bot.missed == sum(not h.made and h.contract != "give up" for h in mine)
        assert bot.made + bot.missed + bot.gave_up == bot.declared
    assert summary.a.declared + summary.b.declared == len(hands)


def test_the_command_reports_the_shares(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "heuristic:level=easy", "random", "--deals", "2", "--json",
                 "--no-progress", "--rules", "kreuzbinokel"]) == 0
    report = json.loads(capsys.readouterr().out)
    for label in "AB":
        bot = report["bots"][label]
        shares = bot["contract_shares"]
        assert set(shares) == {"made", "missed", "given_up", "missed_or_given_up"}
        assert shares["missed_or_given_up"] == pytest.approx(
            shares["missed"] + shares["given_up"], abs=2e-4)
    assert find_rules("kreuzbinokel").teams  # the team game reports its contracts too


def _scored(seating: str, scores: tuple[int, int, int]) -> HandOutcome:
    return HandOutcome(seating=seating, active=(0, 1, 2), scores=scores, declarer=-1, bid=0,
                       contract="", made=False)


def test_the_difference_is_split_by_how_many_seats_a_holds() -> None:
    """A alone at the table gains 30 a hand on deal 0 and 10 on deal 1; where A sits twice
    its copies score 0 and -20 against B's on deal 0, and 20 on deal 1."""
    deal0 = DealResult(deal=0, seed="s/0", dealer=0, hands=(
        _scored("ABB", (30, 0, 0)), _scored("BAB", (0, 30, 0)), _scored("BBA", (0, 0, 30)),
        _scored("AAB", (10, -10, 0)), _scored("ABA", (-20, 0, -20)), _scored("BAA", (0, 0, 0))))
    deal1 = DealResult(deal=1, seed="s/1", dealer=1, hands=(
        _scored("ABB", (10, 0, 0)), _scored("BAB", (5, 15, 5)), _scored("BBA", (0, 0, 10)),
        _scored("AAB", (20, 20, 0)), _scored("ABA", (20, 0, 20)), _scored("BAA", (0, 20, 20))))
    assert deal0.difference_by_seats() == {1: 30.0, 2: pytest.approx(-20 / 3)}
    assert deal1.difference_by_seats() == {1: 10.0, 2: 20.0}
    result = ArenaResult(config=ArenaConfig(bot_a="a", bot_b="b", deals=2, seed="s"),
                         deals=[deal0, deal1], seconds=0.0)
    summary = summarize(result)
    one, two = summary.by_seats[1], summary.by_seats[2]
    assert one[0] == pytest.approx(20.0) and one[1] < 20.0 < one[2] and one[3] == 2
    assert two[0] == pytest.approx((20 - 20 / 3) / 2)
    # The whole difference is the mean of the two halves here (three seatings each).
    assert summary.mean_difference == pytest.approx((one[0] + two[0]) / 2)
    report = summary.to_json()["by_seats"]
    assert report["1"]["mean_difference"] == 20.0 and report["2"]["deals"] == 2
    assert "where A holds 1 seat: +20.0" in summary.text()
    assert "where A holds 2 seats: +6.7" in summary.text()


def test_two_players_have_no_split() -> None:
    deals = [DealResult(deal=i, seed=f"t/{i}", dealer=0, hands=(
        HandOutcome(seating="AB", active=(0, 1), scores=(10 * i, 0), declarer=-1, bid=0,
                    contract="", made=False),
        HandOutcome(seating="BA", active=(0, 1), scores=(0, 5), declarer=-1, bid=0,
                    contract="", made=False))) for i in range(3)]
    summary = summarize(ArenaResult(config=ArenaConfig(bot_a="a", bot_b="b", deals=3),
                                    deals=deals, seconds=0.0))
    assert summary.by_seats == {} and summary.to_json()["by_seats"] == {}
    assert "where A holds" not in summary.text()
