"""The post-game review (docs/review.md): planted bad decisions are flagged, the reviewer's own
choices lose nothing, and a decision's review depends only on what the seat could see."""

from __future__ import annotations

import random
from typing import Any

import pytest

from binokel import Bid, Deal, GiveUp, Phase, Play, Rank, Suit, new_game
from binokel.bots import make_bot
from binokel.cards import ONE
from binokel.games import find_game_rules, game_of
from binokel.games.binokel.melds import find_melds_packed, meld_total
from binokel.review.game import THRESHOLDS, classify, review_game
from binokel.review.judge import judge, timeline_of
from binokel.search.evaluate import packed_of

MISTAKE = dict(THRESHOLDS)["mistake"]


def _heuristic_line(state: Any, seed: int, *, stop: Any = None) -> Any:
    """Play the hand on with the heuristic at every seat until it ends or ``stop(state)``
    (its first bidding, ``v=1``, which the scenarios below were written against)."""
    bot = make_bot("heuristic:v=1")
    rng = random.Random(seed)
    hand = state.hand_no
    while not state.is_over and state.hand_no == hand and not (stop and stop(state)):
        state = state.apply(bot.choose(state.view(state.to_move), rng))
    return state


def _last(state: Any, seat: int) -> Any:
    return review_game(state, seats=(seat,), hindsight=False).decisions[-1]


def test_thresholds_class_losses_in_order() -> None:
    assert [classify(x) for x in (0, 4.9, 5, 19.9, 20, 59.9, 60, 500)] == [
        "good", "good", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]


def test_a_bid_far_beyond_a_hopeless_hand_is_flagged() -> None:
    # Seed 14: the first bidder holds no Ace and at most 40 in melds under any trump.
    state = new_game(seed=14)
    seat = state.to_move
    view = state.view(seat)
    assert not any(c.rank is Rank.ACE for c in view.hand)
    assert max(meld_total(find_melds_packed(packed_of(state.view(seat).hand), t, state.rules))
               for t in Suit) <= 40
    # Everybody bids on up to 300, the hopeless hand included.
    while state.phase is Phase.AUCTION:
        bids = sorted((a for a in state.legal_actions() if isinstance(a, Bid)),
                      key=lambda a: a.value)
        if state.to_move == seat and bids[0].value >= 300:
            break
        state = state.apply(bids[0])
    state = state.apply(bids[0])
    decision = _last(state, seat)
    assert decision.kind == "bid" and decision.best == "pass"
    assert decision.loss is not None and decision.loss > MISTAKE


@pytest.mark.parametrize("seed", [10, 14, 18])
def test_giving_up_a_contract_the_melds_alone_make_is_flagged(seed: int) -> None:
    state = _heuristic_line(new_game(seed=seed), seed,
                            stop=lambda s: any(isinstance(a, GiveUp) for a in s.legal_actions()))
    seat = state.to_move
    melds = max(meld_total(find_melds_packed(packed_of(state.view(seat).hand), t, state.rules))
                for t in Suit)
    assert melds >= state.view(seat).bid  # the melds alone reach the bid: a sure contract
    give_up = next(a for a in state.legal_actions() if isinstance(a, GiveUp))
    decision = _last(state.apply(give_up), seat)
    assert decision.kind == "give up"
    assert decision.loss is not None and decision.loss > MISTAKE
    assert decision.grade == "blunder"


def test_throwing_an_ace_onto_the_declarers_trick_is_flagged() -> None:
    # Seed 15, bid 200: a defender plays last to a trick the declarer wins whatever it plays,
    # and may add its Ace or its Jack: the Ace gives the declarer 9 points more towards the bid.
    def at_choice(s: Any) -> bool:
        v = s.view(s.to_move)
        return (s.phase is Phase.PLAY and len(v.hand) <= 6 and v.declarer is not None
                and v.seat != v.declarer and len(v.trick) == len(v.active) - 1)

    state = _heuristic_line(new_game(seed=15), 15, stop=at_choice)
    view = state.view(state.to_move)
    plays = [a for a in view.legal_actions if isinstance(a, Play)]
    ace = next(a for a in plays if a.card.rank is Rank.ACE)
    low = next(a for a in plays if a.card.rank is Rank.JACK)
    assert all(state.apply(a).tricks_won[view.declarer] > state.tricks_won[view.declarer]
               for a in plays)  # the declarer takes the trick whatever is played
    decision = _last(state.apply(ace), view.seat)
    assert decision.chosen == str(ace.card) and decision.best != decision.chosen
    assert decision.loss is not None and decision.loss > MISTAKE
    jack = _last(state.apply(low), view.seat)
    assert jack.loss is not None and jack.loss < decision.loss


@pytest.mark.parametrize("rules_name", ["binokel", "binocle"])
def test_the_reviewers_own_choices_lose_nothing(rules_name: str) -> None:
    # The seat plays the hint (the judge's best value): the review finds nothing lost.
    rules = find_game_rules(rules_name)
    game = game_of(rules)
    state = game.new_game(rules, 5)
    seat, spec = 1, "expert:samples=4,plan=16"
    other = make_bot("heuristic")
    rng = random.Random(2)
    number = 0
    while not state.is_over and not state.results and number < 80:
        view = state.view(state.to_move)
        if state.to_move == seat and len(view.legal_actions) > 1:
            action = judge(timeline_of(state), bot=spec).best  # the hint
        else:
            action = other.choose(view, rng)
        state = state.apply(action)
        number += 1
    review = review_game(state, seats=(seat,), bot=spec, hindsight=False)
    assert len(review.decisions) >= 3
    assert [d.loss for d in review.decisions] == [0.0] * len(review.decisions)
    assert all(d.chosen == d.best for d in review.decisions)


def _swap(deal: Deal, a: int, b: int, x: int, y: int) -> Deal:
    hands = list(deal.hands)
    hands[a] += ONE[y] - ONE[x]
    hands[b] += ONE[x] - ONE[y]
    return Deal(hands=tuple(hands), dabb=deal.dabb)


def _same_views_until(original: list[Any], other_start: Any, seat: int) -> tuple[int, Any]:
    """Re-apply the original actions from ``other_start``; how many states keep the seat's
    view at its decisions unchanged, and the last such state."""
    state = other_start
    for i, old in enumerate(original[:-1]):
        if old.to_move == seat and old.view(seat) != state.view(seat):
            return i, state
        nxt = original[i + 1]
        try:
            following = state.apply(nxt.last_action)
        except ValueError:
            return i, state
        state = following
    return len(original) - 1, state


def test_a_review_never_reads_the_cards_hidden_from_the_seat() -> None:
    seat = 0
    start = new_game(seed=21, dealer=2)
    final = _heuristic_line(start, 3)
    states = list(reversed(list(final.states())))
    deal = start.deal
    others = [s for s in range(3) if s != seat]
    # Exchange one card between the other two hands, the pair that stays hidden longest.
    best: tuple[int, Any, Any, Deal] | None = None
    for x in {c.kind for c in deal.hand(others[0])}:
        for y in {c.kind for c in deal.hand(others[1])}:
            if x == y:
                continue
            other = _swap(deal, others[0], others[1], x, y)
            upto, state = _same_views_until(states, new_game(start.rules, 21, dealer=2,
                                                             deal=other), seat)
            if best is None or upto > best[0]:
                best = (upto, states[upto], state, other)
    assert best is not None
    upto, real, exchanged, other = best
    assert other.hands[seat] == deal.hands[seat] and other.hands != deal.hands
    assert real.phase is Phase.PLAY  # the review reaches into the card play
    one = review_game(real, seats=(seat,), hindsight=False).decisions
    two = review_game(exchanged, seats=(seat,), hindsight=False).decisions
    assert len(one) >= 3
    assert any(d.kind == "card" for d in one)
    assert [(d.number, d.chosen, d.candidates) for d in one] == \
        [(d.number, d.chosen, d.candidates) for d in two]


def test_every_decision_of_the_golden_hand_is_valued() -> None:
    # The declarer lays away card by card (J♥, Q♦, K♥, 10♣) and names ♣: none of these is the
    # expert's own plan, and each must still get a value (the whole discard the seat completed).
    from pathlib import Path

    from binokel.games import load_records, replay

    text = (Path(__file__).parent.parent / "golden" / "one-hand-d28.binokel").read_text("utf-8")
    final = replay(load_records(text)[0])
    review = review_game(final, bot="expert:samples=4,plan=16", hindsight=False)
    decisions = review.decisions
    assert len(decisions) == 32
    assert [d for d in decisions if d.grade == "unvalued" or d.chosen_value is None] == []
    laid = [d.chosen for d in decisions if d.kind == "lay away"]
    assert laid == ["lay J♥", "lay Q♦", "lay K♥", "lay 10♣"]
    trump = next(d for d in decisions if d.kind == "trump")
    assert trump.chosen == "trump ♣"
    assert {c.action for c in trump.candidates} >= {"trump ♣", "trump ♠", "trump ♥", "trump ♦"}
    for d in decisions:
        assert d.loss == 0.0 if d.chosen == d.best else \
            d.loss == pytest.approx(max(0.0, d.best_value - (d.chosen_value or 0.0)), abs=0.01)


def test_a_jump_bid_is_valued() -> None:
    rules = find_game_rules("binokel-jumps")
    state = game_of(rules).new_game(rules, 4)
    bids = sorted((a for a in state.legal_actions() if isinstance(a, Bid)), key=lambda a: a.value)
    jump = bids[10]  # a hundred above the lowest bid: the expert itself weighs only three
    decision = _last(state.apply(jump), state.to_move)
    assert decision.chosen == str(jump.value) and decision.chosen_value is not None
    lowest = next(c for c in decision.candidates if c.action == str(bids[0].value))
    assert decision.chosen_value < lowest.value  # the same hand at a higher contract
