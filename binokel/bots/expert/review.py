"""The expert's values for a decision somebody else made, for reviews (docs/review.md).

Deciding for itself the expert values only what it would consider: the three lowest bids, and
when declaring, the first card of each of its own discard plans and their contracts.  A review
must value what a person did too; these functions reuse the expert's search (its sampled
auction worlds, its plans, its playouts) and add plans built around the chosen action, without
changing how the expert plays.
"""

from __future__ import annotations

import math
import random

from ...cards import ONE, points_of
from ...games.binokel import actions as A
from ...games.binokel.game import Phase
from ...games.binokel.scoring import Contract, side_of
from ...games.binokel.tricks import NO_TRUMP
from ...games.binokel.views import View
from ...search.knowledge import kinds_list, minus, size
from ...search.sampling import WorldSampler
from ...search.solver import solve_durch
from .binokel import ExpertBot
from .budget import Clock
from .plans import (
    declaring_cards,
    declaring_worlds,
    discard_candidates,
    durch_candidate,
    fresh_position,
    give_up_value,
    lowest,
    play_out,
)


def review_values(bot: ExpertBot, view: View, rng: random.Random, *, chosen: A.Action,
                  completed: int | None = None) -> list[tuple[A.Action, float, int]]:
    """The expert's value of each candidate of a Binokel decision, best first, the ``chosen``
    action always among them (for :mod:`binokel.review.game`).

    Deciding for itself the expert values only what it would consider; a review must also
    value what a person did: a bid above the three lowest, a card laid away that is not the
    first of one of the expert's plans, a trump outside its plans.  ``completed`` is the whole
    discard (packed) the seat went on to lay away, if known: a card laid away is then also
    valued as part of that discard.

    >>> from binokel import new_game
    >>> from binokel.bots.expert.binokel import ExpertBot
    >>> state = new_game(seed=2)
    >>> view = state.view(state.to_move)
    >>> found = review_values(ExpertBot("expert:samples=2,plan=4"), view, random.Random(0),
    ...                       chosen=view.legal_actions[-1])
    >>> view.legal_actions[-1] in [a for a, _, _ in found]
    True
    """
    if view.phase is Phase.AUCTION:
        # Version 2 values a bid above the three lowest on its own auction worlds, as the rest.
        also = [chosen] if isinstance(chosen, A.Bid) and bot.budget.v >= 2 else []
        found = [(c.action, c.value, c.worlds) for c in bot._bid(view, rng, also)]
        if isinstance(chosen, A.Bid) and chosen in view.legal_actions \
                and all(a != chosen for a, _, _ in found):
            worlds = bot._bid_worlds(view, rng)
            value = sum(w.value_at(chosen.value, bot.budget.sigma) for w in worlds)
            found.append((chosen, value / len(worlds), len(worlds)))
    elif view.phase in (Phase.DISCARD, Phase.TRUMP):
        found = _review_declaring(bot, view, chosen, completed)
    else:
        bot.choose(view, rng)
        found = bot.last_values(view) or [(chosen, 0.0, 0)]
    return sorted(found, key=lambda c: -c[1])


def _review_declaring(bot: ExpertBot, view: View, chosen: A.Action,
                      completed: int | None) -> list[tuple[A.Action, float, int]]:
    """Laying away and declaring: the expert's own plans, played out on sampled deals, value
    every card of their discards and their contracts; plans that lay away the chosen card (the
    seat's completed discard, and the model's best completions after the chosen card) value
    the chosen action only, so the other candidates' values do not depend on what was chosen."""
    rules = view.rules
    cards = declaring_cards(view)
    laid, full, leads, suits = cards.laid, cards.full, cards.leads, cards.suits
    n = rules.dabb_size
    if view.contract is None:
        kinds = [k for k, allowed in (("durch", rules.durch_allowed), ("open", rules.open_durch))
                 if allowed]
    elif view.contract.is_durch:  # named before the discard
        kinds = ["durch" if view.contract is Contract.DURCH else "open"]
    else:
        kinds = []
    extra: list[int] = []  # discards that value only the chosen action
    if completed is not None and not minus(laid, completed) and size(completed) == n:
        extra.append(completed)
    if isinstance(chosen, A.Discard):
        after_chosen = laid + ONE[chosen.card.kind]
        extra.extend(d for suit in suits
                     for d in discard_candidates(full, after_chosen, suit, rules, n, leads))
        durch = durch_candidate(full, after_chosen, rules, n)
        extra.append(lowest(full, after_chosen, n) if durch is None else durch)
    plans: dict[tuple[str, int, int], bool] = {}  # plan -> whether it values only the chosen
    for suit in suits:
        for d in discard_candidates(full, laid, suit, rules, n, leads):
            plans[("trump", suit, d)] = False
    if kinds:
        durch = durch_candidate(full, laid, rules, n)
        for k in kinds:
            plans[(k, NO_TRUMP, lowest(full, laid, n) if durch is None else durch)] = False
    for d in extra:
        for plan in [*(("trump", suit, d) for suit in suits), *((k, NO_TRUMP, d) for k in kinds)]:
            plans.setdefault(plan, True)
    return _play_plans(bot, view, chosen, full, laid, plans)


def _play_plans(bot: ExpertBot, view: View, chosen: A.Action, full: int, laid: int,
                plans: dict[tuple[str, int, int], bool]) -> list[tuple[A.Action, float, int]]:
    """The plans (and giving up in each suit) played out on the same sampled deals, as
    :func:`.plans.make_plan` does; each action gets its best plan's value."""
    rules = view.rules
    me = view.seat
    leader = declaring_cards(view).leader
    can_give_up = any(isinstance(a, A.GiveUp) for a in view.legal_actions)
    sampler = WorldSampler(view)
    local = random.Random(f"expert-plan/{rules.name}/{full}/{laid}/{view.bid}/{me}")
    clock = Clock(bot.budget, bot.budget.plan_samples)
    totals = [0.0] * len(plans)
    give_up = [0.0] * 4
    drawn = declaring_worlds(bot.budget, view, sampler, local)  # as the expert's own plans
    worlds = 0
    while clock.more(worlds):
        hands = list((drawn[worlds] if drawn else sampler.sample(local)).hands)
        worlds += 1
        for i, (kind, suit, discard) in enumerate(plans):
            hands[me] = full - discard
            if kind == "trump":
                totals[i] += play_out(rules, view.active, me, hands, suit, leader,
                                       points_of(discard)).value_at(view.bid)
            else:
                made = solve_durch(fresh_position(rules, view.active, hands, me, NO_TRUMP),
                                   side_of(rules, me))
                value = rules.open_durch_value if kind == "open" else rules.durch_value
                totals[i] += value if made else -value
        if can_give_up:
            hands[me] = full
            for suit in range(4):
                give_up[suit] += give_up_value(rules, view.active, me, hands, suit, view.bid)
    values: dict[A.Action, float] = {}

    def offer(action: A.Action, value: float) -> None:
        if action in view.legal_actions and values.get(action, -math.inf) < value:
            values[action] = value

    for ((kind, suit, discard), only_chosen), total in zip(plans.items(), totals,
                                                           strict=True):
        if view.phase is Phase.DISCARD:
            actions: list[A.Action] = [A.DISCARD[c]
                                       for c in sorted(set(kinds_list(minus(discard, laid))))]
        else:
            actions = [A.NAME_TRUMP[suit] if kind == "trump" else
                       A.DURCH if kind == "durch" else A.OPEN_DURCH]
        for action in actions:
            if not only_chosen or action == chosen:
                offer(action, total / worlds)
    if can_give_up:
        for suit in range(4):
            offer(A.GIVE_UP[suit], give_up[suit] / worlds)
    return [(a, v, worlds) for a, v in values.items()]


__all__ = ["review_values"]
