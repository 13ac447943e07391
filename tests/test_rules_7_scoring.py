"""docs/rules/binokel.md §7 Scoring a hand: the declarer's target, the opponents' tricks, the
source's example (target 300: +318 or -600)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from binokel import Contract, Rules, Suit, new_game
from binokel.games.binokel.rules import BINOKEL
from binokel.games.binokel.scoring import score_hand
from tests.helpers import (
    SWEEP,
    SWEEP_DABB,
    SWEEP_DISCARD,
    D,
    F,
    M,
    game_with,
    oracle_meld_total,
    oracle_scores,
    play,
    play_out,
    points,
)


def scores(*, bid: int, melds: Sequence[int], won: Sequence[int], taken: Sequence[int],
           discard: int, declarer: int = F, rules: Rules = BINOKEL,
           contract: Contract = Contract.TRUMP) -> tuple[int, ...]:
    active = list(range(rules.players))
    got, _ = score_hand(rules, active=active, declarer=declarer, bid=bid, contract=contract,
                        meld_points=melds, tricks_won=won, trick_points=taken,
                        discard_points=discard)
    return got


def test_7_source_example_target_300_melds_190_tricks_and_discards_128_scores_318() -> None:
    got = scores(bid=300, melds=[190, 0, 0], won=[7, 3, 2], taken=[100, 80, 42], discard=28)
    assert got[F] == 318


def test_7_source_example_with_280_the_declarer_loses_600() -> None:
    got = scores(bid=300, melds=[190, 0, 0], won=[5, 4, 3], taken=[62, 100, 60], discard=28)
    assert 190 + 62 + 28 == 280
    assert got[F] == -600


def test_7_the_declarer_counts_tricks_discards_and_melds() -> None:
    got = scores(bid=150, melds=[40, 0, 0], won=[4, 4, 4], taken=[100, 60, 70], discard=20)
    assert got[F] == 100 + 20 + 40


def test_7_reaching_the_target_exactly_is_enough() -> None:
    got = scores(bid=200, melds=[100, 0, 0], won=[4, 4, 4], taken=[80, 90, 60], discard=20)
    assert got[F] == 200


def test_7_one_point_short_costs_twice_the_target() -> None:
    got = scores(bid=200, melds=[100, 0, 0], won=[4, 4, 4], taken=[79, 91, 60], discard=20)
    assert got[F] == -400


def test_7_a_declarer_without_a_trick_loses_even_with_enough_points() -> None:
    # Melds and discards alone reach the target, but the declarer won no trick.
    got = scores(bid=300, melds=[300, 0, 0], won=[0, 6, 6], taken=[0, 120, 110], discard=20)
    assert got[F] == -600


def test_7_each_opponent_scores_own_tricks_and_own_melds() -> None:
    got = scores(bid=150, melds=[0, 60, 140], won=[6, 4, 2], taken=[120, 70, 40], discard=20)
    assert got[M] == 70 + 60 and got[D] == 40 + 140


def test_7_an_opponent_without_a_trick_scores_nothing() -> None:
    got = scores(bid=150, melds=[0, 300, 60], won=[8, 0, 4], taken=[160, 0, 70], discard=20)
    assert got[M] == 0, "not even the melds"
    assert got[D] == 70 + 60


def test_7_scores_can_go_below_zero() -> None:
    # Middlehand is pushed to 400 with a hand that cannot make it: -800 on the score sheet.
    bids: list[str] = []
    for value in range(160, 400, 20):
        bids += [str(value), str(value + 10)]
    state = play(game_with(SWEEP, SWEEP_DABB), *bids, "400", "pass", "pass")
    assert state.declarer == M and state.bid == 400
    state = play(state, "lay 10♠", "lay 10♠", "lay 10♥", "lay 10♥", "trump ♦")
    result = play_out(state).results[0]
    assert result.scores[M] == -800
    assert state.scores == (0, 0, 0)
    assert play_out(state).scores[M] == -800 < 0


def test_7_a_whole_hand_is_scored_by_the_rulebook() -> None:
    state = play(game_with(SWEEP, SWEEP_DABB), "160", "pass", "pass",
                 "lay 10♠", "lay 10♠", "lay J♦", "lay J♦", "trump ♦")
    hands = {s: state.hand(s) for s in (F, M, D)}
    melds = [oracle_meld_total(hands[s], Suit.DIAMONDS) for s in (F, M, D)]
    result = play_out(state).results[0]
    won = [sum(1 for t in result.tricks if t.winner == s) for s in (F, M, D)]
    taken = [sum(points(t.cards) for t in result.tricks if t.winner == s) for s in (F, M, D)]
    taken[result.tricks[-1].winner] += 10
    expected = oracle_scores(active=(F, M, D), declarer=M, bid=160, contract=Contract.TRUMP,
                             melds=melds, tricks_won=won, trick_points=taken,
                             discard_points=20 + 4)
    assert result.discard_points == 24
    assert result.scores == expected
    assert sum(taken) + result.discard_points == 250


def test_7_a_sweeping_declarer_scores_the_whole_total() -> None:
    state = play(game_with(SWEEP, SWEEP_DABB), "pass", "pass", *SWEEP_DISCARD, "trump ♣")
    melds = sum(m.points for m in state.melds[F])
    result = play_out(state).results[0]
    assert result.tricks_won == (12, 0, 0)
    assert result.trick_points[F] == 250 - 44
    assert result.scores == (250 - 44 + 44 + melds, 0, 0)


def test_7_hand_scores_add_up_to_the_game_totals() -> None:
    state = new_game(seed=8)
    state = play(state, "pass", "pass", *[f"lay {c}" for c in state.hand(state.forehand)[:4]])
    state = play_out(play(state, "trump ♥"))
    first = state.results[0].scores
    state = play(state, "pass", "pass", "out ♥")
    second = state.results[1].scores
    assert state.scores == tuple(a + b for a, b in zip(first, second, strict=True))
    assert state.results[1].totals == state.scores


def test_7_with_teams_the_rules_apply_to_the_teams_total() -> None:
    # §7 with the team rule sets of §9: partners add up; each player's melds need that
    # player's own trick.  Seats 0 and 2 play against 1 and 3.
    rules = Rules(name="teams", players=4, teams=((0, 2), (1, 3)), hand_size=9)
    got = scores(bid=200, melds=[60, 0, 100, 40], won=[5, 4, 0, 0], taken=[150, 80, 0, 0],
                 discard=20, declarer=0, rules=rules)
    # The declaring team: 150 tricks + 20 discards + 60 melds (seat 2's 100 need a trick).
    assert got[0] == got[2] == 230
    assert got[1] == got[3] == 80, "seat 3's melds need seat 3's own trick"


# Middlehand holds only Queens and Jacks: with the Dabb, a double Binokel, four Queens and four
# Jacks (400), but no card that can win a trick; the others hold every Ace, Ten and King.
NO_TRICK = {F: "A♣ K♣ A♠ A♠ 10♠ K♠ K♠ A♥ K♥ A♦ 10♦ 10♦",
            M: "Q♠ Q♠ J♦ J♦ Q♣ Q♥ Q♦ J♣ J♥ J♠ Q♣ Q♥",
            D: "A♣ 10♣ 10♣ K♣ 10♠ A♥ 10♥ 10♥ K♥ A♦ K♦ K♦"}
NO_TRICK_PLAY = (
    "K♥ J♥ 10♥ K♣ A♣ Q♣ 10♦ J♦ A♦ A♥ A♥ Q♥ K♥ 10♠ J♠ A♠ J♠ 10♠ 10♦ Q♦ K♦ A♦ J♦ K♦ A♠ Q♠ "
    "10♣ K♠ Q♠ 10♥ K♣ J♣ A♣ 10♣ K♠ Q♦")


def test_7_a_declarer_without_a_trick_loses_in_play_though_melds_reach_the_target() -> None:
    state = play(game_with(NO_TRICK, "Q♦ J♣ J♥ J♠"), "160", "pass", "pass",
                 "lay J♣", "lay J♥", "lay Q♣", "lay Q♥", "trump ♠")
    assert sum(m.points for m in state.melds[M]) == 300 + 60 + 40
    state = play(state, *NO_TRICK_PLAY.split())
    result = state.results[0]
    assert result.tricks_won[M] == 0
    assert result.discard_points + 400 >= 160, "the points alone would make the bid"
    assert result.meld_points[M] == 0
    assert result.scores[M] == -320


def test_7_the_engines_written_out_trump_score_agrees_with_score_hand() -> None:
    # The engine scores a trump hand without teams through score_trump_alone (speed-04); it
    # must give score_hand's scores and counted melds for every hand, whoever declared,
    # however the tricks fell (no tricks, a bid just made or just missed, rounding on or off).
    from binokel.games.binokel.rules import BINOKEL_4_DEALER_OUT, PRESETS
    from binokel.games.binokel.scoring import score_trump_alone

    rng = random.Random(16)
    rule_sets = [r for r in (*PRESETS, BINOKEL_4_DEALER_OUT) if not r.teams]
    rule_sets += [r.replace(round_trick_points=not r.round_trick_points) for r in rule_sets]
    checked = 0
    for _ in range(4000):
        rules = rng.choice(rule_sets)
        active = list(range(rules.players))
        if rules.dealer_sits_out:
            active.remove(rng.randrange(rules.players))
        declarer = rng.choice(active)
        won = [rng.choice((0, 0, 1, 3, 6)) if s in active else 0 for s in range(rules.players)]
        taken = [rng.randrange(0, 150) if won[s] else 0 for s in range(rules.players)]
        melds = [rng.choice((0, 20, 40, 150)) if s in active else 0
                 for s in range(rules.players)]
        discard = rng.randrange(0, 45)
        bid = rng.choice((rules.min_bid, rules.min_bid + 10,
                          max(rules.min_bid, taken[declarer] + discard + melds[declarer])))
        expected = score_hand(rules, active=active, declarer=declarer, bid=bid,
                              contract=Contract.TRUMP, meld_points=melds, tricks_won=won,
                              trick_points=taken, discard_points=discard)
        got = score_trump_alone(rules, active, declarer, bid, melds, won, taken, discard)
        assert got == expected, (rules.name, active, declarer, bid, melds, won, taken, discard)
        checked += expected[0][declarer] > 0
    assert checked > 100  # bids made as well as lost were tried
