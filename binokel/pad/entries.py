"""What a table tells the pad about one hand: frozen values, one per game family, and a void hand.

* :class:`BinokelHand` - declarer and bid, the contract (trump suit, Durch, open Durch, giving
  up), each player's melds (a number or the cards shown), the trick points of each side
  (discards counted with the declarer's) and who took no trick.
* :class:`BinocleHand` - Binocle and Bézique: the trump suit, whether the turned card was the
  dix, each meld as it was made (``(seat, meld)`` in order, the dix as a meld), and the end:
  card points (brisques) and the last trick, or a claim.
* :class:`VoidHand` - a misdeal: nothing scores, the same dealer deals again.

Entries say only what was said at the table; the pad checks and scores them
(:mod:`binokel.pad.binokel_hand`, :mod:`binokel.pad.binocle_hand`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card, Suit
from ..games.binocle.melds import BinocleMeld
from ..games.binokel.scoring import Contract

#: A player's melds as entered: points, the cards shown (the meld calculator counts them), or
#: ``None`` for a player who sits the hand out.
MeldEntry = int | tuple[Card, ...] | None


@dataclass(frozen=True, slots=True, kw_only=True)
class BinokelHand:
    """One Binokel hand as the table reports it.

    ``melds`` has one entry per seat.  ``side_points`` has one entry per side in the order of
    :func:`binokel.pad.binokel_hand.sides`: the declarer's side first (tricks, last trick and
    discards), then each other side; ``None`` for the one side whose points are derived so
    that the hand adds up to 250.  Durch and giving up need no trick points.
    """

    declarer: int
    bid: int
    contract: Contract = Contract.TRUMP
    trump: Suit | None = None
    melds: tuple[MeldEntry, ...] = ()
    side_points: tuple[int | None, ...] = ()
    no_trick: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True, kw_only=True)
class MeldMade:
    """One meld (or dix) scored by ``seat`` as it was made."""

    seat: int
    meld: BinocleMeld


@dataclass(frozen=True, slots=True, kw_only=True)
class BinocleHand:
    """One Binocle or Bézique hand: dix, melds in the order made, and how it ended.

    ``card_points`` are the points (brisques at Bézique) each player counted from the tricks,
    without the last trick's 10; ``None`` for one player's, derived.  With ``claim`` the hand
    stopped at a claim: ``card_points`` then holds the claimant's points taken so far and
    ``last_trick`` is set only if the claimant had taken it.
    """

    trump: Suit
    turned_dix: bool = False
    melds: tuple[MeldMade, ...] = ()
    card_points: tuple[int | None, ...] = (None, None)
    last_trick: int | None = None
    claim: int | None = None


@dataclass(frozen=True, slots=True)
class VoidHand:
    """A void hand (a misdeal, Foster's laws): nothing scores and the same dealer deals again."""


Entry = BinokelHand | BinocleHand | VoidHand

__all__ = ["BinocleHand", "BinokelHand", "Entry", "MeldEntry", "MeldMade", "VoidHand"]
