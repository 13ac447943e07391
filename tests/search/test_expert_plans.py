"""The expert's declaring helpers (binokel/bots/expert/plans.py): what a declaring decision
starts from is read from the view the same way for the expert's plans and for reviews."""

from __future__ import annotations

import random

import pytest

from binokel.bots.expert.binokel import ExpertBot
from binokel.bots.expert.plans import declaring_cards, make_plan
from binokel.bots.expert.review import review_values
from binokel.games.binokel import actions as A
from binokel.games.binokel.game import GameState, Phase, new_game
from binokel.games.binokel.rulefile import find_rules
from binokel.games.binokel.rules import FirstLead, rule_set_names
from binokel.search.evaluate import packed_of

SMALL = "expert:samples=2,plan=4"


def _declaring_views(rules_name: str, seed: int) -> list[tuple[GameState, A.Action]]:
    """Every discard and trump decision of the first hand, with the action then taken (random
    legal actions, never giving up, so the declarer goes through the whole discard)."""
    rng = random.Random(seed)
    state = new_game(find_rules(rules_name), seed=seed)
    out: list[tuple[GameState, A.Action]] = []
    while not state.is_over and state.hand_no == 0:
        legal = state.legal_actions()
        keep = [a for a in legal if not isinstance(a, A.GiveUp)] or legal
        action = rng.choice(keep)
        if state.phase in (Phase.DISCARD, Phase.TRUMP):
            out.append((state, action))
        state = state.apply(action)
    return out


@pytest.mark.parametrize("rules_name", rule_set_names())
def test_declaring_cards_follow_the_discard_in_every_rule_set(rules_name: str) -> None:
    seen = 0
    for seed in range(6):
        fulls = set()
        for state, _ in _declaring_views(rules_name, seed):
            view = state.view(state.to_move)
            cards = declaring_cards(view)
            laid = packed_of(view.discard) if view.discard else 0
            assert cards.laid == laid
            assert cards.full == packed_of(view.hand) + laid
            fulls.add(cards.full)
            rules = view.rules
            expected_leader = (view.seat if rules.first_lead is FirstLead.DECLARER
                               else view.active[0])
            assert cards.leader == expected_leader
            assert cards.leads == (view.seat == view.active[0]
                                   or rules.first_lead is FirstLead.DECLARER)
            if view.contract is None:
                assert cards.suits == [0, 1, 2, 3]
            elif view.contract.is_durch:
                assert cards.suits == []
            else:
                assert view.trump is not None
                assert cards.suits == [int(view.trump)]
            seen += 1
        # The hand with the Dabb is the same however many cards are laid away.
        assert len(fulls) <= 1
    assert seen > 0


def test_the_plan_and_the_review_start_from_the_same_cards() -> None:
    """The expert's own plan and a review of the same discard view value the same actions:
    the review's candidates include the expert's chosen first card with the same value."""
    views = [s for s, _ in _declaring_views("binokel", 3) if s.phase is Phase.DISCARD]
    assert views
    view = views[0].view(views[0].to_move)
    bot = ExpertBot(SMALL)
    plan, values = make_plan(bot.budget, view)
    chosen = bot.choose(view, random.Random(0))
    reviewed = dict((a, v) for a, v, _ in review_values(ExpertBot(SMALL), view,
                                                         random.Random(0), chosen=chosen))
    assert chosen in reviewed
    own = dict((a, v) for a, v, _ in values)
    # Every candidate the expert valued is valued identically by the review (same worlds,
    # same cards, same plans among the review's).
    for action, value in own.items():
        if action in reviewed and not isinstance(action, A.GiveUp):
            assert reviewed[action] >= value - 1e-9
    assert plan.value == max(v for _, v, _ in values)
