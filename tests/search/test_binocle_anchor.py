"""The Binocle expert keeps the rule-based player's move while the stock lasts unless the
played-out deals show another clearly better (decisions ``search-12`` and ``search-24``)."""

from __future__ import annotations

import random

import pytest

from binokel.bots.expert.binokel import ExpertBot
from binokel.bots.heuristic.binocle import BinocleHeuristicBot
from binokel.games.binocle import Claim, new_binocle_game
from binokel.games.binocle.rules import find_binocle_rules
from binokel.games.binocle.views import BinocleView
from binokel.search.binocle import binocle_choice, clearly_better


def _stock_views(name: str, seed: int, count: int) -> list[BinocleView]:
    """Views with a choice while the stock lasts, along a hand of random play."""
    rng = random.Random(seed)
    state = new_binocle_game(find_binocle_rules(name), seed=seed)
    out: list[BinocleView] = []
    while not state.is_over and state.hand_no == 0 and state.stock_lasts and len(out) < count:
        view = state.view(state.to_move)
        legal = [a for a in view.legal_actions if not isinstance(a, Claim)]
        if len(legal) > 1:
            out.append(view)
        state = state.apply(rng.choice(legal))
    return out


def test_clearly_better_asks_for_a_mean_gain_beyond_its_standard_errors() -> None:
    assert clearly_better([10.0, 12.0, 11.0, 9.0], 3.0)
    assert not clearly_better([10.0, -12.0, 11.0, -9.0], 0.5)  # mean 0
    assert not clearly_better([40.0, -30.0, 35.0, -20.0], 1.0)  # mean 6.25, error 17.6
    assert clearly_better([40.0, -30.0, 35.0, -20.0], 0.3)
    assert not clearly_better([-5.0, -6.0, -7.0], 0.0)  # a loss is never better
    assert not clearly_better([50.0], 0.0)  # one deal shows no spread


@pytest.mark.parametrize("name", ["binocle", "bezique"])
def test_the_anchor_is_kept_unless_another_move_is_clearly_better(name: str) -> None:
    kept = switched = 0
    for view in _stock_views(name, 5, 12):
        legal = [a for a in view.legal_actions if not isinstance(a, Claim)]
        best, found = binocle_choice(view, random.Random(1), samples=4, greedy=True)
        assert best == max(found, key=lambda c: c[1])[0]  # without an anchor: the best mean
        worst = min((c for c in found if c[0] in legal), key=lambda c: c[1])[0]
        if worst == best:
            continue
        # The same deals and dice: a huge z keeps the anchor, z = 0 takes the best mean.
        held, again = binocle_choice(view, random.Random(1), samples=4, greedy=True,
                                     anchor=worst, z=1e6)
        assert held == worst
        # Kept, the anchor is the best value: a gain on it the deals do not show clearly
        # counts nothing, losses stay (decision search-24).
        means = {a: v for a, v, _ in found}
        assert [(a, v) for a, v, _ in again] == [(a, min(v, means[worst])) for a, v, _ in found]
        free, _ = binocle_choice(view, random.Random(1), samples=4, greedy=True,
                                 anchor=worst, z=0.0)
        assert free == best and free in legal
        kept += 1
        # With a moderate z the anchor goes only where the gains are clear.
        moderate, _ = binocle_choice(view, random.Random(1), samples=4, greedy=True,
                                     anchor=worst, z=1.5)
        switched += moderate != worst
    assert kept >= 3
    assert switched <= kept


@pytest.mark.parametrize("name", ["binocle", "bezique"])
def test_the_expert_plays_the_hard_players_move_unless_another_is_clearly_better(
        name: str) -> None:
    anchored = ExpertBot("expert:samples=4,anchor=1000000")
    free = ExpertBot("expert:samples=4,anchor=0")
    hard = BinocleHeuristicBot(level="hard")
    views = _stock_views(name, 7, 10)
    agree = agree_free = 0
    for view in views:
        rule_based = hard.choose(view, random.Random(0))
        chosen = anchored.choose(view, random.Random(2))
        assert chosen in view.legal_actions
        agree += chosen == rule_based
        agree_free += free.choose(view, random.Random(2)) == rule_based
        values = anchored.last_values(view)
        assert values is not None and values[0][0] == chosen  # the move played comes first
    # A gain the same on every deal (e.g. a lower meld first, the higher one still to come)
    # has no spread and is clear at any z; all else keeps the rule-based move.
    assert agree >= len(views) - 2
    assert agree > agree_free


def test_the_anchor_option_is_checked() -> None:
    with pytest.raises(ValueError, match="anchor"):
        ExpertBot("expert:anchor=-1")


def test_the_review_names_the_move_the_expert_plays_as_best() -> None:
    from binokel.games import game_of
    from binokel.review.game import weigh

    spec = "expert:samples=4,anchor=1000000"
    not_best_mean = 0
    for view in _stock_views("bezique", 7, 10):
        played = ExpertBot(spec).choose(view, random.Random(3))
        decision = weigh(ExpertBot(spec), view, view.legal_actions[0], random.Random(3),
                         number=1)
        assert decision.best == game_of(view).format_action(played)
        top = max(decision.candidates, key=lambda c: c.value)
        assert top.value == decision.best_value  # the move played is the best value
        free = weigh(ExpertBot("expert:samples=4,anchor=0"), view, view.legal_actions[0],
                     random.Random(3), number=1)
        not_best_mean += free.best != decision.best
    assert not_best_mean > 0  # the anchored move was not always the best mean
