"""No seat learns a card it cannot see: twin deals (issue 43).

For every game and rule set, two deals that look alike from one seat — every card that seat
cannot see dealt again (the other hands, the Dabb, the stock and its order) — are played on with
the same public actions.  As long as the seat has seen the same cards in both, it must be shown
the same: its view (whose turn, which phase, how many cards where, its legal actions), the
research environments' observation of it (the codec's vector, PettingZoo's ``observe()`` also
off turn, OpenSpiel's information-state string and tensor).  Whose turn it is, the phase, the
hand sizes and the stock must agree even at the step where a card the seat sees first differs:
they follow from the public actions alone.

The twins part when an action of one twin is not legal in the other (the other seat plays or
declares a card that the twin does not hold) or when the seat sees a card that differs.
``BINOKEL_PROPERTY_SCALE`` scales the number of deals.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from binokel.cards import ONE, unpack
from binokel.env import codec_for, rule_set_names
from binokel.env.table import Table
from binokel.games import find_game_rules, game_of, new_game, random_action, seats_of
from binokel.games.binocle import BinocleDeal, BinocleState, new_binocle_game, redeal_hidden
from binokel.games.binokel.game import Deal
from binokel.games.binokel.game import new_game as new_binokel_game
from binokel.games.binokel.state import active_seats
from tests.helpers import examples

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from binokel.env import openspiel_game  # noqa: E402
from binokel.env.aec import BinokelAEC, agent_name  # noqa: E402

RULE_SETS = rule_set_names()

#: The fields of each game's view that hold cards the seat has seen; the others (phase, whose
#: turn, hand sizes, stock, scores, legal actions ...) follow from those and the public actions.
SEEN = {
    "binocle": ("hand", "tables", "known", "turned_up", "turned", "trick", "tricks", "melds",
                "results", "cut"),
    "binokel": ("hand", "dabb", "discard", "melds", "open_hand", "trick", "tricks", "results",
                "shown_discard"),
}


def _kinds(packed: int) -> list[int]:
    return [c.kind for c in unpack(packed)]


def _pack(kinds: list[int]) -> int:
    return sum(ONE[k] for k in kinds)


def twin_deal(rules: Any, seed: int, seat: int) -> tuple[Any, Any, list[int], list[int]]:
    """A first hand and its twin as ``seat`` sees them alike, and the order OpenSpiel deals
    each in (after the dealer)."""
    first = new_game(rules, seed)
    rng = random.Random(f"twin/{seed}/{seat}")
    deal = first.deal
    if isinstance(first, BinocleState):
        other = 1 - seat
        pool = _kinds(deal.hands[other]) + list(deal.stock)
        rng.shuffle(pool)
        size = len(_kinds(deal.hands[other]))
        hands = list(deal.hands)
        hands[other] = _pack(pool[:size])
        twin_deal_ = BinocleDeal((hands[0], hands[1]), deal.turned, tuple(pool[size:]))
        twin = new_binocle_game(rules, seed, dealer=first.dealer, deal=twin_deal_)

        def order(d: BinocleDeal) -> list[int]:
            pone = 1 - first.dealer
            return (_kinds(d.hands[pone]) + _kinds(d.hands[first.dealer]) + [d.turned]
                    + list(d.stock))

        return first, twin, order(deal), order(twin_deal_)
    kdeal: Deal = first.deal
    others = [s for s in range(rules.players) if s != seat and kdeal.hands[s]]
    pool = [k for s in others for k in _kinds(kdeal.hands[s])] + _kinds(kdeal.dabb)
    rng.shuffle(pool)
    khands = list(kdeal.hands)
    at = 0
    for s in others:
        size = len(_kinds(kdeal.hands[s]))
        khands[s] = _pack(pool[at:at + size])
        at += size
    ktwin_deal = Deal(tuple(khands), _pack(pool[at:]))
    ktwin = new_binokel_game(rules, seed, dealer=first.dealer, deal=ktwin_deal)

    def order_k(d: Deal) -> list[int]:
        return ([k for s in active_seats(rules, first.dealer) for k in _kinds(d.hands[s])]
                + _kinds(d.dabb))

    return first, ktwin, order_k(kdeal), order_k(ktwin_deal)


def shape(view: Any) -> tuple[Any, ...]:
    """What follows from the public actions alone, whatever the cards."""
    return (view.phase, view.to_move, tuple(view.hand_sizes), getattr(view, "stock_size", None))


def seen(view: Any, game: str) -> tuple[Any, ...]:
    return tuple(getattr(view, name) for name in SEEN[game])


class Shells:
    """One twin's environments, fed the same actions as its engine state."""

    def __init__(self, name: str, state: Any, order: list[int] | None) -> None:
        self.codec = codec_for(state.rules)
        self.aec = BinokelAEC(name)
        self.aec.reset(seed=0)
        self.aec.table = Table(state.rules, seed=0, state=state, seats=self.codec.players)
        self.aec.agent_selection = agent_name(state.to_move)
        self.spiel: Any = None
        if order is not None:
            self.spiel = openspiel_game(name).new_initial_state()
            self.spiel.apply_action(state.dealer)
            for kind in order:
                self.spiel.apply_action(kind)

    def apply(self, action: Any) -> None:
        index = self.codec.index(action)
        self.aec.step(index)
        if self.spiel is not None:
            self.spiel.apply_action(index)

    def observed(self, seat: int) -> tuple[Any, ...]:
        obs = self.aec.observe(agent_name(seat))
        out: tuple[Any, ...] = (obs["observation"].tolist(), obs["action_mask"].tolist())
        if self.spiel is not None and not self.spiel.is_terminal():
            out += (self.spiel.information_state_string(seat),
                    self.spiel.information_state_tensor(seat))
        return out


def walk(name: str, first: Any, twin: Any, seat: int, rng: random.Random,
         orders: tuple[list[int], list[int]] | None = None) -> int:
    """Play the twins on alike; the number of steps at which the seat saw the same."""
    game = game_of(first).name
    game = "binocle" if game in ("binocle", "bezique") else game
    codec = codec_for(first.rules)
    shells = (Shells(name, first, orders[0] if orders else None),
              Shells(name, twin, orders[1] if orders else None))
    hand_no = first.hand_no
    alike = 0
    while not first.is_over and first.hand_no == hand_no:
        view, other = first.view(seat), twin.view(seat)
        assert shape(view) == shape(other), (
            f"{name}, seat {seat}, after {alike} alike steps: whose turn, the phase or the "
            f"card counts tell a hidden card: {shape(view)} against {shape(other)}")
        if seen(view, game) != seen(other, game):
            break  # the seat sees a card that differs: the twins part here
        assert view == other, f"{name}, seat {seat}: the views differ after {alike} steps"
        assert np.array_equal(codec.encode(view), codec.encode(other))
        assert shells[0].observed(seat) == shells[1].observed(seat), (
            f"{name}, seat {seat}: an environment's observation differs after {alike} steps")
        alike += 1
        action = random_action(first.view(first.to_move), rng)
        if action not in twin.legal_actions():
            break  # a card the twin does not hold: the seat will see it differ
        first, twin = first.apply(action), twin.apply(action)
        for shell in shells:
            shell.apply(action)
    return alike


@pytest.mark.parametrize("name", RULE_SETS)
def test_twins_alike_from_a_seat_show_it_the_same(name: str) -> None:
    rules = find_game_rules(name)
    steps = 0
    for seed in range(examples(6)):
        for seat in range(seats_of(rules)):
            first, twin, order, twin_order = twin_deal(rules, seed, seat)
            assert first.view(seat) == twin.view(seat)
            rng = random.Random(f"{name}/{seed}/{seat}")
            steps += walk(name, first, twin, seat, rng, (order, twin_order))
    assert steps > 10 * seats_of(rules), "the twins were compared beyond their deal"


@pytest.mark.parametrize("name", [n for n in RULE_SETS
                                  if isinstance(new_game(find_game_rules(n), 0), BinocleState)])
def test_binocle_twins_dealt_again_in_the_middle_of_a_hand(name: str) -> None:
    """Twins dealt again at a random point of the hand: the stock's order and the opponent's
    unknown cards are shuffled anew (deeper positions than the deal reaches)."""
    rules = find_game_rules(name)
    for seed in range(examples(8)):
        rng = random.Random(f"{name}/middle/{seed}")
        state = new_game(rules, seed)
        for _ in range(rng.randrange(2, 40)):
            if state.is_over or state.hand_no:
                break
            state = state.apply(random_action(state.view(state.to_move), rng))
        if state.is_over or state.hand_no:
            continue
        for seat in (0, 1):
            twin = redeal_hidden(state, seat, rng)
            walk(name, state, twin, seat, random.Random(f"{name}/{seed}/{seat}"))
