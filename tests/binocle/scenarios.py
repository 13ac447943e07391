"""Helpers for the Binocle rulebook tests: deals written out, and quick ways through a game."""

from __future__ import annotations

import random
from collections.abc import Callable

from binokel.cards import CARDS, parse_card, parse_cards
from binokel.games.binocle import (
    BINOCLE,
    BinocleDeal,
    BinocleRules,
    BinocleState,
    Claim,
    Done,
    ExchangeDix,
    Meld,
    Phase,
    Play,
    ShowDix,
    apply_all,
    new_binocle_game,
    random_action,
)
from binokel.games.binocle.game import full_pack

#: Seat 0 is the pone (leads first), seat 1 the dealer, in every written-out game.
PONE, DEALER = 0, 1


def written_game(pone: str, dealer: str, turned: str, stock_top: str = "", *,
                 rules: BinocleRules = BINOCLE, scores: tuple[int, int] = (0, 0),
                 target: int | None = None) -> BinocleState:
    """A game whose first hand is dealt as written: seat 0 the pone, seat 1 the dealer.

    The stock starts with ``stock_top`` (drawn first) and goes on with the rest of the pack in
    card order.
    """
    hands = (parse_cards(pone), parse_cards(dealer))
    top = parse_cards(stock_top)
    rest = list(full_pack(rules))
    for card in [*hands[0], *hands[1], parse_card(turned), *top]:
        rest.remove(card.kind)
    deal = BinocleDeal.from_cards(rules, hands=hands, turned=parse_card(turned),
                                  stock=[*top, *(CARDS[k] for k in rest)])
    return new_binocle_game(rules, seed="written", dealer=DEALER, deal=deal, scores=scores,
                            target=target)


def play(state: BinocleState, *actions: str) -> BinocleState:
    """Apply actions written in the notation."""
    return apply_all(state, list(actions))


def plain_action(state: BinocleState) -> Play | Done:
    """A deterministic action that never melds, shows a dix or claims: the first card, or done."""
    for action in state.legal_actions():
        if isinstance(action, Play | Done):
            return action
    raise AssertionError(f"no plain action in {state}")


def run_until(state: BinocleState, stop: Callable[[BinocleState], bool],
              policy: Callable[[BinocleState], object] = plain_action,
              limit: int = 10_000) -> BinocleState:
    """Apply ``policy`` until ``stop(state)`` holds."""
    for _ in range(limit):
        if stop(state):
            return state
        action = policy(state)
        assert isinstance(action, Play | Meld | ExchangeDix | ShowDix | Done | Claim)
        state = state.apply(action)
    raise AssertionError("did not stop")


def random_states(rules: BinocleRules, seed: int) -> list[BinocleState]:
    """Every state of one random game, oldest first."""
    rng = random.Random(seed)
    state = new_binocle_game(rules, seed)
    out = [state]
    while not state.is_over:
        state = state.apply(random_action(state, rng))
        out.append(state)
    return out


def is_strict_follow(state: BinocleState) -> bool:
    """A follower to play after the stock is exhausted."""
    return (state.phase is Phase.PLAY and not state.stock_lasts
            and bool(state.current_trick()))
