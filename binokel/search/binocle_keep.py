"""What a Binocle card is worth holding while the stock lasts: one table, shared by the
rule-based player (:mod:`binokel.bots.heuristic.binocle`) and the expert's playouts
(:mod:`binokel.search.binocle`), so that both keep the same cards.

>>> from binokel.cards import Suit, Rank
>>> table = meld_keep_values(int(Suit.HEARTS), int(Rank.NINE), True)
>>> len(table), table[int(Suit.SPADES) * 8 + int(Rank.QUEEN)]
(32, 19.0)
"""

from __future__ import annotations

import functools

from ..cards import Rank, Suit
from ..games.binocle.rules import BINOCLE, BinocleRules

_SPADE_QUEEN = (Suit.SPADES, Rank.QUEEN)
_DIAMOND_JACK = (Suit.DIAMONDS, Rank.JACK)


@functools.cache
def meld_keep_values(trump: int, dix_rank: int, dix_free: bool,
                     rules: BinocleRules = BINOCLE) -> tuple[float, ...]:
    """While the stock lasts, what each card kind (``suit * 8 + rank``) is worth holding: its
    card points (the rule set's), trumps (Jack and up 12 more, lower 4), the dix while it may
    still be exchanged (what it scores, 10), Q♠ and J♦ (10), Kings and Queens (6), Aces and
    Jacks (3)."""
    out = []
    for kind in range(4 * 8):
        suit, rank = divmod(kind, 8)
        value = float(rules.kind_points[kind])
        if suit == trump:
            value += 12.0 if rank >= Rank.JACK else 4.0
            if rank == dix_rank and dix_free:
                value += float(rules.meld_dix)
        if (suit, rank) in (_SPADE_QUEEN, _DIAMOND_JACK):
            value += 10.0
        if rank in (Rank.KING, Rank.QUEEN):
            value += 6.0
        elif rank in (Rank.ACE, Rank.JACK):
            value += 3.0
        out.append(value)
    return tuple(out)


__all__ = ["meld_keep_values"]
