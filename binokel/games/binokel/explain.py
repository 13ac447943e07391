"""Why an action is illegal, in words a player understands (names the rule that forbids it)."""

from __future__ import annotations

from ...cards import ABOVE, CARDS, RANK_SLOTS, SUIT_MASK, count_of, iter_kinds
from . import actions as A
from .actions import Action
from .state import Phase, StateReader
from .tricks import NO_TRUMP, trick_winner

_EXPECTED = {
    "auction": "It is the auction (Reizen): bid or pass.",
    "dabb": "Take the Dabb or announce open Durch without it.",
    "discard": "Lay away (drücken) a card from your hand, or give up.",
    "trump": "Name trumps, announce Durch, or give up.",
    "play": "Play a card.",
}


def why_illegal(state: StateReader, action: Action) -> str:
    """A sentence naming the rule that forbids ``action`` in ``state``."""
    phase = state.phase
    rules = state.rules
    if phase is Phase.GAME_OVER:
        return "The game is over."
    if phase is Phase.AUCTION:
        if isinstance(action, A.Bid):
            step = rules.bid_step
            if action.value <= state.bid:
                return f"You must bid more than {state.bid}."
            if action.value > rules.max_bid:
                return f"Bids go no higher than {rules.max_bid}."
            if rules.bid_jumps:
                return f"Bids go up in steps of {step}."
            return f"Bids go up by {step}: the next bid is {state.bid + step}, no jumps."
        return _EXPECTED["auction"]
    if phase is Phase.DABB:
        return _EXPECTED["dabb"]
    if isinstance(action, A.GiveUp):
        return "Giving up is only possible from taking the Dabb until trumps are named."
    if phase is Phase.DISCARD:
        if isinstance(action, A.Discard):
            return f"You do not hold {action.card}."
        return "Lay away (drücken) a card from your hand first." if state.contract else \
            _EXPECTED["discard"]
    if phase is Phase.TRUMP:
        if isinstance(action, A.Durch):
            return "Durch is not played under these rules (durch_allowed is off)."
        if isinstance(action, A.OpenDurch):
            return "Open Durch is not played under these rules (open_durch is off)."
        if not rules.durch_allowed:
            return "Name trumps or give up."
        if rules.open_durch:
            return "Name trumps, announce Durch or open Durch, or give up."
        return _EXPECTED["trump"]
    if not isinstance(action, A.Play):
        return _EXPECTED["play"]
    return _why_card(state, action.card.kind)


def _why_card(state: StateReader, kind: int) -> str:
    hand = state.hands[state.to_move]
    card = CARDS[kind]
    if not count_of(hand, kind):
        return f"You do not hold {card}."
    # Read the trick through the public API: the engine's internals are free to change.
    played = [c for _, c in state.current_trick()]
    trick = [c.kind for c in played]
    led = trick[0] // RANK_SLOTS
    led_symbol = CARDS[trick[0]].suit.symbol
    best = trick[trick_winner(played, state.trump)]
    trump = NO_TRUMP if state.trump is None else int(state.trump)
    suit = kind // RANK_SLOTS
    follow = hand & SUIT_MASK[led]
    if follow:
        if suit != led:
            return f"You must follow suit: you hold {led_symbol}."
        if best // RANK_SLOTS == led:
            higher = follow & ABOVE[best]
            return f"You must beat {CARDS[best]}: you hold {_names(higher)}."
        top_led = max(k for k in trick if k // RANK_SLOTS == led)
        higher = follow & ABOVE[top_led]
        return f"You must beat {CARDS[top_led]} (the best {led_symbol}): you hold {_names(higher)}."
    trumps = hand & SUIT_MASK[trump] if trump != NO_TRUMP else 0
    if trumps:
        trump_symbol = CARDS[trump * RANK_SLOTS].suit.symbol
        if suit != trump:
            return f"You must trump: you have no {led_symbol} but hold {trump_symbol}."
        higher = trumps & ABOVE[best]
        return f"You must beat {CARDS[best]} (overtrump): you hold {_names(higher)}."
    return f"{card} may not be played here."


def _names(mask: int) -> str:
    return " ".join(str(CARDS[k]) for k in iter_kinds(mask))
