"""The expert's played-out games solved exactly from K tricks left (binokel/bots/expert/exact.py,
``expert:aexact=K`` and ``expert:pexact=K``, decision search-19)."""

from __future__ import annotations

import random

import pytest

from binokel.bots.expert.binokel import ExpertBot
from binokel.bots.expert.budget import budget_from
from binokel.bots.expert.exact import exact_points, greedy_until, shifted
from binokel.bots.expert.plans import play_out, play_out_with
from binokel.cards import ONE
from binokel.games.binokel.game import new_game
from binokel.games.binokel.playout import Position
from binokel.games.binokel.rulefile import find_rules
from binokel.games.binokel.rules import Rules
from binokel.games.binokel.scoring import Contract, side_of
from binokel.search import native
from binokel.search.knowledge import full_pack, kinds_list
from binokel.search.rollout import Table, make_table, rollout
from binokel.search.solver import pure_solve

RULES = ["binokel", "kreuzbinokel", "binokel-sevens", "binokel-4-dealer-out"]


def _deals(rules: Rules, count: int, seed: int) -> list[tuple[tuple[int, ...], list[int], int]]:
    """Random fresh deals: the active seats, every seat's hand (0 out of the hand), a trump."""
    rng = random.Random(seed)
    pack = list(kinds_list(full_pack(rules)))
    out = []
    for _ in range(count):
        active = tuple(range(rules.players))
        if rules.dealer_sits_out:
            dealer = rng.randrange(rules.players)
            active = tuple(s for s in active if s != dealer)
        rng.shuffle(pack)
        size = (len(pack) - rules.dabb_size) // len(active)
        hands = [0] * rules.players
        for i, seat in enumerate(active):
            hands[seat] = sum(ONE[k] for k in pack[i * size:(i + 1) * size])
        out.append((active, hands, rng.randrange(4)))
    return out


def _table(rules: Rules, active: tuple[int, ...], trump: int) -> Table:
    return make_table(rules, trump=trump, active=active, declarer=active[0],
                      contract=Contract.TRUMP, bid=0, melds=(0,) * rules.players)


@pytest.mark.parametrize("name", RULES)
def test_the_greedy_prefix_is_the_rollouts(name: str) -> None:
    """Played trick by trick until K are left and then rolled out, the greedy line is the
    rollout's to the end (the same cards as the compiled core chooses)."""
    rules = find_rules(name)
    for active, hands, trump in _deals(rules, 40, 1):
        t = _table(rules, active, trump)
        points, won = [0] * rules.players, [0] * rules.players
        rollout(t, list(hands), active[0], [], points, won)
        for k in (0, 3, 8):
            hs = list(hands)
            p, w = [0] * rules.players, [0] * rules.players
            leader = greedy_until(t, hs, active[0], p, w, k)
            rollout(t, hs, leader, [], p, w)
            assert (p, w) == (points, won)


@pytest.mark.parametrize("name", RULES)
def test_k_zero_changes_nothing(name: str) -> None:
    rules = find_rules(name)
    assert play_out_with(0) is play_out
    for active, hands, trump in _deals(rules, 30, 2):
        me = active[0]
        assert play_out(rules, active, me, hands, trump, me, 10, 0) == play_out(
            rules, active, me, hands, trump, me, 10)


@pytest.mark.skipif(native.CORE is None, reason="the compiled core is not built")
@pytest.mark.parametrize("name", RULES)
def test_the_exact_end_is_the_solvers_and_agrees_where_greedy_is_optimal(name: str) -> None:
    """The declaring side's card points are the greedy prefix's plus the (pure) solver's value
    of the rest; where that equals the greedy line's, the whole outcome is the greedy one."""
    rules = find_rules(name)
    k = 5
    agreed = differed = 0
    for active, hands, trump in _deals(rules, 40, 3):
        me = active[0]
        side = side_of(rules, me)
        t = _table(rules, active, trump)
        hs = list(hands)
        before, before_won = [0] * rules.players, [0] * rules.players
        leader = greedy_until(t, hs, me, before, before_won, k)
        position = Position(rules, tuple(hs), active, leader, (), trump, tuple(before),
                            tuple(before_won))
        value = pure_solve(position, frozenset(side))
        points, won = exact_points(t, hands, me, k)
        assert sum(points[s] for s in side) == sum(before[s] for s in side) + value
        assert sum(points) == sum(before) + sum(_rest(t, hs, leader, rules.players)[0])
        assert all(w >= b for w, b in zip(won, before_won, strict=True))
        greedy = play_out(rules, active, me, hands, trump, me, 7)
        exact = play_out(rules, active, me, hands, trump, me, 7, k)
        greedy_points, _ = _rest(t, hands, me, rules.players)
        if sum(greedy_points[s] for s in side) == sum(points[s] for s in side):
            agreed += 1
            assert exact == greedy
        else:
            differed += 1
            assert exact.total != greedy.total or exact.others != greedy.others
    assert agreed > 0 and differed > 0


def _rest(t: Table, hands: list[int], leader: int,
          players: int) -> tuple[list[int], list[int]]:
    """The greedy rollout's points and tricks from here."""
    p, w = [0] * players, [0] * players
    rollout(t, list(hands), leader, [], p, w)
    return p, w


def test_shifting_moves_points_between_the_sides() -> None:
    rules = find_rules("binokel")
    t = _table(rules, (0, 1, 2), 0)
    before, before_won = [20, 0, 11], [1, 0, 1]
    points, won = [60, 30, 41], [3, 2, 2]  # greedy end: 40, 30 and 30 from the exact part
    p, w = shifted(t, points, won, before, before_won, 20)
    assert p == [80, 20, 31] and w == won
    p, w = shifted(t, points, won, before, before_won, -40)
    assert p == [20, 50, 61] and w == [1, 2, 2]
    # A seat that took nothing on the greedy line and now takes points took a trick.
    points, won = [120, 0, 11], [5, 0, 1]
    p, w = shifted(t, points, won, before, before_won, -30)
    assert p == [90, 15, 26] and w == [5, 1, 2]
    assert sum(p) == sum(points)


def test_without_the_compiled_core_it_is_the_greedy_rollout(
        monkeypatch: pytest.MonkeyPatch) -> None:
    rules = find_rules("binokel")
    deals = _deals(rules, 10, 4)
    monkeypatch.setattr(native, "CORE", None)
    for active, hands, trump in deals:
        assert play_out(rules, active, 0, hands, trump, 0, 0, 8) == play_out(
            rules, active, 0, hands, trump, 0, 0)


def test_the_options_parse_and_the_expert_plays_legally() -> None:
    budget = budget_from({"aexact": "8", "pexact": "6"})
    assert (budget.aexact, budget.pexact) == (8, 6)
    assert (budget_from({}).aexact, budget_from({}).pexact) == (0, 0)
    with pytest.raises(ValueError):
        budget_from({"aexact": "-1"})
    bot = ExpertBot("expert:samples=2,plan=6,aexact=8,pexact=8")
    rng = random.Random(5)
    declared = 0
    for seed in (3, 4):
        state = new_game(seed=seed)
        while not state.is_over and state.hand_no == 0:
            view = state.view(state.to_move)
            action = bot.choose(view, rng)
            assert action in view.legal_actions
            declared += view.phase.name in ("DISCARD", "TRUMP")
            state = state.apply(action)
        assert state.hand_no == 1 or state.is_over
    assert declared > 0  # the plans were valued too, not only the auction


def test_prank_changes_only_whether_to_give_up() -> None:
    """``prank=1`` keeps ``pexact``'s best playing plan and only judges it against giving up by
    its greedy value."""
    from binokel.bots.expert.plans import make_plan
    from binokel.games.binokel.game import Phase

    exact = budget_from({"samples": "2", "plan": "6", "pexact": "6"})
    ranked = budget_from({"samples": "2", "plan": "6", "pexact": "6", "prank": "1"})
    assert ranked.prank == 1 and budget_from({}).prank == 0
    seen = 0
    for seed in range(8):
        rng = random.Random(seed)
        state = new_game(seed=seed)
        while not state.is_over and state.hand_no == 0:
            if state.phase is Phase.DISCARD:
                view = state.view(state.to_move)
                p, _ = make_plan(exact, view)
                r, _ = make_plan(ranked, view)
                seen += 1
                if p.action != "giveup" and r.action != "giveup":
                    assert (r.action, r.suit, r.discard) == (p.action, p.suit, p.discard)
                break
            state = state.apply(rng.choice(state.legal_actions()))
    assert seen > 0
