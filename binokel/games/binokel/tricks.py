"""Trick duties and the trick winner (docs/rules/binokel.md §6): pure functions.

The functions ending in ``_mask`` work on packed multisets (see :mod:`binokel.cards`) and are
what the engine and playouts call; :func:`legal_cards` and :func:`trick_winner` are the same
rules on :class:`~binokel.cards.Card` values, for people and tests.

>>> from binokel.cards import parse_cards, Suit
>>> hand = parse_cards("A♥ J♥ K♠")
>>> [str(c) for c in legal_cards(hand, parse_cards("Q♥"), trump=Suit.SPADES)]
['A♥']
>>> trick_winner(parse_cards("10♥ 10♥ A♥"), trump=Suit.SPADES)
2
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...cards import ABOVE, RANK_SLOTS, SUIT_MASK, Card, Suit, iter_kinds, pack
from .rules import BINOKEL, Rules

NO_TRUMP = -1



def beats(card: int, best: int, trump: int) -> bool:
    """Whether kind ``card`` played later beats kind ``best`` (identical cards: the first wins)."""
    card_suit = card // RANK_SLOTS
    best_suit = best // RANK_SLOTS
    if card_suit == best_suit:
        return card > best
    return card_suit == trump


def legal_mask(
    hand: int,
    trick: Sequence[int],
    best: int,
    trump: int,
    rules: Rules = BINOKEL,
    must_beat: bool = True,
) -> int:
    """Mask of the kinds in ``hand`` that may be played to ``trick`` (kinds in playing order).

    ``best`` is the kind winning the trick so far; ``must_beat=False`` frees the player from the
    duty to beat (a partner's winning card where the rule set allows it).
    """
    if not trick:
        return hand
    led = trick[0] // RANK_SLOTS
    best_suit = best // RANK_SLOTS
    beat = must_beat and rules.must_beat
    follow = hand & SUIT_MASK[led]
    if follow:
        if not beat:
            return follow
        if best_suit == led:
            higher = follow & ABOVE[best]
            return higher or follow
        # The trick is already trumped: no card of the led suit can win it.
        if rules.beat_suit_when_trumped:
            top_led = max(k for k in trick if k // RANK_SLOTS == led)
            higher = follow & ABOVE[top_led]
            return higher or follow
        return follow
    if trump != NO_TRUMP:
        trumps = hand & SUIT_MASK[trump]
        if trumps:
            if best_suit != trump or not beat:
                return trumps
            higher = trumps & ABOVE[best]
            if higher:
                return higher
            return trumps if rules.must_undertrump else hand
    return hand


def legal_cards(
    hand: Sequence[Card], trick: Sequence[Card], trump: Suit | None, *, rules: Rules = BINOKEL
) -> list[Card]:
    """The distinct cards of ``hand`` that may be played to ``trick``."""
    from ...cards import CARDS

    kinds = [c.kind for c in trick]
    t = NO_TRUMP if trump is None else int(trump)
    best = kinds[trick_winner(trick, trump)] if kinds else 0
    mask = legal_mask(pack(hand), kinds, best, t, rules)
    return [CARDS[k] for k in iter_kinds(mask)]


def trick_winner(trick: Sequence[Card], trump: Suit | None) -> int:
    """Index of the card winning ``trick``: the highest trump, else the highest of the led suit."""
    t = NO_TRUMP if trump is None else int(trump)
    best = 0
    for i in range(1, len(trick)):
        if beats(trick[i].kind, trick[best].kind, t):
            best = i
    return best


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: who led, the cards in playing order, who won."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def seats(self, active: Sequence[int]) -> list[int]:
        """The seat that played each card."""
        i = active.index(self.leader)
        return [active[(i + j) % len(active)] for j in range(len(self.cards))]
