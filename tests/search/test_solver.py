"""The open-card solver agrees with plain minimax on small endgames."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from binokel.cards import ONE, RANK_SLOTS, iter_kinds
from binokel.games.binokel.playout import Position
from binokel.games.binokel.rules import BINOKEL, Rules
from binokel.games.binokel.tricks import NO_TRUMP, legal_mask
from binokel.search.solver import SolverStats, best_cards, pure_solve, solve

POINTS = (0, 0, 0, 2, 3, 4, 10, 11)


def brute_force(pos: Position, side: frozenset[int]) -> int:
    """Minimax over every legal card with the rule set's duty options and team exemption."""
    rules = pos.rules
    n = len(pos.order)
    nxt = {pos.order[i]: pos.order[(i + 1) % n] for i in range(n)}
    trump = pos.trump
    team_of = {s: i for i, t in enumerate(rules.teams) for s in t}

    def winner_index(trick: list[int]) -> int:
        best = 0
        for i in range(1, len(trick)):
            k, b = trick[i], trick[best]
            if (k // 8 == b // 8 and k > b) or (k // 8 == trump and b // 8 != trump):
                best = i
        return best

    def value(hands: list[int], leader: int, trick: list[int]) -> int:
        seat = leader
        for _ in trick:
            seat = nxt[seat]
        if not trick and not hands[seat]:
            return 0
        if trick:
            bi = winner_index(trick)
            best_seat = leader
            for _ in range(bi):
                best_seat = nxt[best_seat]
            must_beat = True
            if rules.partner_need_not_beat and rules.teams:
                must_beat = team_of[best_seat] != team_of[seat] or best_seat == seat
            mask = legal_mask(hands[seat], trick, trick[bi], trump, rules, must_beat)
        else:
            mask = hands[seat]
        results = []
        for kind in iter_kinds(mask):
            hands[seat] -= ONE[kind]
            trick.append(kind)
            if len(trick) == n:
                w = leader
                for _ in range(winner_index(trick)):
                    w = nxt[w]
                gained = sum(POINTS[k % RANK_SLOTS] for k in trick)
                if not hands[w]:
                    gained += rules.last_trick_bonus
                results.append((gained if w in side else 0) + value(hands, w, []))
            else:
                results.append(value(hands, leader, trick))
            trick.pop()
            hands[seat] += ONE[kind]
        return max(results) if seat in side else min(results)

    return value(list(pos.hands), pos.leader, list(pos.trick))


def random_endgame(rules: Rules, seed: int, tricks: int) -> Position:
    rng = random.Random(seed)
    kinds = [s * RANK_SLOTS + r for s in range(4) for r in rules.ranks for _ in range(2)]
    rng.shuffle(kinds)
    hands = [0, 0, 0]
    for seat in range(3):
        for kind in kinds[seat * tricks:(seat + 1) * tricks]:
            hands[seat] += ONE[kind]
    trump = rng.choice([NO_TRUMP, 0, 1, 2, 3])
    return Position(rules, tuple(hands), (0, 1, 2), rng.randrange(3), (), trump, (0, 0, 0),
                    (0, 0, 0))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), tricks=st.integers(1, 4), declarer=st.integers(0, 2))
def test_solver_agrees_with_brute_force_on_small_endgames(seed: int, tricks: int,
                                                          declarer: int) -> None:
    pos = random_endgame(BINOKEL, seed, tricks)
    side = frozenset({declarer})
    assert solve(pos, side) == brute_force(pos, side)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**9), tricks=st.integers(1, 3))
def test_solver_agrees_with_brute_force_with_sevens(seed: int, tricks: int) -> None:
    from binokel.games.binokel.rules import SEVENS_RANKS

    rules = BINOKEL.replace(name="sevens-test", ranks=SEVENS_RANKS, hand_size=15, dabb_size=3,
                            dabb_after_rounds=(1, 2, 3))
    pos = random_endgame(rules, seed, tricks)
    assert solve(pos, frozenset({0})) == brute_force(pos, frozenset({0}))


def test_best_cards_values_match_solve() -> None:
    pos = random_endgame(BINOKEL, 11, 3)
    values = best_cards(pos, frozenset({pos.leader}))
    assert max(values.values()) == solve(pos, frozenset({pos.leader}))


def test_transposition_table_is_used() -> None:
    # Whichever core runs (compiled or pure) answers positions it has seen from its table.
    stats = SolverStats()
    solve(random_endgame(BINOKEL, 5, 5), frozenset({0}), stats)
    assert stats.nodes > 0 and stats.table_hits > 0
    pure = SolverStats()
    pure_solve(random_endgame(BINOKEL, 5, 5), frozenset({0}), pure)
    assert pure.nodes > 0 and pure.table_hits > 0 and len(pure.table) > 0


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), tricks=st.integers(1, 3), played=st.integers(1, 2))
def test_solver_agrees_with_brute_force_mid_trick(seed: int, tricks: int, played: int) -> None:
    pos = random_endgame(BINOKEL, seed, tricks)
    rng = random.Random(seed)
    hands = list(pos.hands)
    trick: list[int] = []
    seat = pos.leader
    for _ in range(played):
        if trick:
            best = trick[0]
            for k in trick[1:]:
                if (k // 8 == best // 8 and k > best) or (k // 8 == pos.trump
                                                        and best // 8 != pos.trump):
                    best = k
            mask = legal_mask(hands[seat], trick, best, pos.trump, pos.rules)
        else:
            mask = hands[seat]
        kind = rng.choice(list(iter_kinds(mask)))
        hands[seat] -= ONE[kind]
        trick.append(kind)
        seat = (seat + 1) % 3
    mid = Position(pos.rules, tuple(hands), pos.order, pos.leader, tuple(trick), pos.trump,
                   pos.points, pos.tricks_won)
    for side in (frozenset({0}), frozenset({1, 2})):
        assert solve(mid, side) == brute_force(mid, side)


def _four_hand_endgame(rules: Rules, seed: int, tricks: int) -> Position:
    rng = random.Random(seed)
    kinds = [s * RANK_SLOTS + r for s in range(4) for r in rules.ranks for _ in range(2)]
    rng.shuffle(kinds)
    hands = [0, 0, 0, 0]
    for seat in range(4):
        for kind in kinds[seat * tricks:(seat + 1) * tricks]:
            hands[seat] += ONE[kind]
    trump = rng.choice([NO_TRUMP, 0, 1, 2, 3])
    return Position(rules, tuple(hands), (0, 1, 2, 3), rng.randrange(4), (), trump,
                    (0, 0, 0, 0), (0, 0, 0, 0))


TEAMS = BINOKEL.replace(name="teams-test", players=4, teams=((0, 2), (1, 3)), hand_size=9,
                        partner_need_not_beat=True)
DUTIES = BINOKEL.replace(name="duties-test", beat_suit_when_trumped=True, must_undertrump=False)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), tricks=st.integers(1, 3))
def test_solver_agrees_with_brute_force_for_teams_free_to_let_a_partner_win(
        seed: int, tricks: int) -> None:
    pos = _four_hand_endgame(TEAMS, seed, tricks)
    for side in (frozenset({0, 2}), frozenset({1, 3})):
        assert solve(pos, side) == brute_force(pos, side)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), tricks=st.integers(1, 4))
def test_solver_agrees_with_brute_force_with_other_trick_duties(seed: int, tricks: int) -> None:
    pos = random_endgame(DUTIES, seed, tricks)
    side = frozenset({pos.leader})
    assert solve(pos, side) == brute_force(pos, side)
    values = best_cards(pos, side)
    assert max(values.values()) == solve(pos, side)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), tricks=st.integers(1, 3))
def test_durch_solver_agrees_with_brute_force(seed: int, tricks: int) -> None:
    from binokel.search.solver import solve_durch

    pos = random_endgame(BINOKEL, seed, tricks)
    pos = Position(pos.rules, pos.hands, pos.order, pos.leader, (), NO_TRUMP, pos.points,
                   pos.tricks_won)
    side = frozenset({pos.leader})
    total = sum(POINTS[k % RANK_SLOTS] for h in pos.hands for k in iter_kinds(h)
                for _ in range((h >> (2 * k)) & 3)) + BINOKEL.last_trick_bonus
    # Taking every trick is taking every point.
    assert solve_durch(pos, side) == (brute_force(pos, side) == total)
