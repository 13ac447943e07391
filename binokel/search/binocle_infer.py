"""Binocle: what the opponent's last meld (or its not melding) says about its hand.

After winning a trick while the stock lasts, the rule-based player
(:class:`binokel.bots.heuristic.binocle.BinocleHeuristicBot`, and the expert's own playouts)
exchanges or shows a dix it holds and lays the highest-scoring meld the laws allow (or, with more
than two cards in the stock, the meld that one builds on: the royal marriage first). So when the
opponent has just won a trick, the meld it laid then (or that it laid none) is evidence about the
cards it held: a world in which it could have laid a better meld, or used a dix, is less likely.
:func:`meld_evidence` reads that opportunity from two of the searching seat's own views — the one
before the trick ended and the one now — and :func:`weighted_state` draws ``pool`` worlds from the
view (:func:`binokel.games.binocle.sampling.sample_state`) and keeps one in proportion to its
likelihood (sampling-importance-resampling). Every world kept is one of the sampled worlds, so it
agrees with the view; the likelihood only changes which of them is kept. Nothing hidden is read:
the evidence comes from views only.

The opponent's hand at the opportunity is rebuilt in each world: its concealed cards now, plus
the fresh cards of the meld it laid and the card it has led from the hand since, minus the one
card it drew after the trick (each of its concealed cards not publicly known is equally likely
to be that one: the likelihood is the mean over them).

>>> import random
>>> from binokel.games.binocle import new_binocle_game
>>> view = new_binocle_game(seed=3).view(0)
>>> meld_evidence(view, view) is None  # no trick between the two views
True
>>> state = weighted_state(view, random.Random(1), None, pool=4)
>>> state.view(0).hand == view.hand
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..cards import BITS, ONE, RANK_SLOTS
from ..games.binocle.game import BinocleState
from ..games.binocle.melds import ScoredMeld, TableCard, legal_melds
from ..games.binocle.sampling import sample_state
from ..games.binocle.views import BinocleView

#: A world's weight when the opponent's meld was not the best the rule-based player would have
#: laid there: the opponent may not be that player, so such worlds are unlikely, not impossible.
MISMATCH = 0.1


@dataclass(frozen=True, slots=True)
class MeldEvidence:
    """The opponent's last chance to meld and what it did with it."""

    seat: int
    """The opponent."""
    table: tuple[TableCard, ...]
    """Its table before it melded."""
    scored: tuple[ScoredMeld, ...]
    """Its melds scored this hand before then."""
    added: int
    """Packed cards in its hand then that are not in it now: the fresh cards of its meld and
    the card it has led from the hand since."""
    points: int | None
    """What the meld it laid scored; None when it laid none."""
    dix_open: bool = False
    """Whether a dix in its hand could have been exchanged or shown then (it used none)."""
    stock: int = 0
    """Face-down cards in the stock then (the rule-based player builds up while more than
    two are left: the royal marriage before the sequence)."""


def meld_evidence(before: BinocleView, now: BinocleView) -> MeldEvidence | None:
    """The opponent's meld opportunity between two views of one seat, or None.

    ``before`` is the seat's view at its previous decision and ``now`` its view at this one. There
    is evidence when exactly one trick was completed in between, the opponent won it while the
    stock lasted, the stock still lasts, and no dix was exchanged or shown (the dix changes the
    hand and, in some rule sets, uses up the meld).
    """
    seat = now.seat
    opp = 1 - seat
    if (before.seat != seat or before.hand_no != now.hand_no or before.cut != now.cut
            or before.start_scores != now.start_scores or not before.stock_lasts
            or not now.stock_lasts or len(now.tricks) != len(before.tricks) + 1
            or now.tricks[:-1] != before.tricks):
        return None
    trick = now.tricks[-1]
    if trick.winner != opp or now.dix_points[opp] != before.dix_points[opp]:
        return None
    old_melds = before.melds[opp]
    new_melds = now.melds[opp][len(old_melds):]
    if now.melds[opp][:len(old_melds)] != old_melds or len(new_melds) > 1:
        return None
    table = list(before.tables[opp])
    index = 0 if trick.leader == opp else 1
    # A card the opponent led from its table left it at once, so it is already gone from
    # ``before`` when the opponent led; only a card it followed with is still there.
    if trick.from_table[index] and all(s != opp for s, _ in before.trick):
        kind = trick.cards[index].kind
        at = next((i for i, e in enumerate(table) if e[0] == kind), None)
        if at is None:
            return None
        del table[at]
    added = 0
    points: int | None = None
    if new_melds:
        meld = new_melds[0]
        points = meld.points
        added += sum(ONE[c.kind] for c in meld.fresh)
    if now.trick and now.trick[0][0] == opp and not now.led_from_table:
        added += ONE[now.trick[0][1].kind]
    dix_open = not before.dix_exchanged or not before.dix_shown
    return MeldEvidence(opp, tuple(table), tuple(old_melds), added, points, dix_open,
                        before.stock_size)


def likelihood(evidence: MeldEvidence, view: BinocleView, state: BinocleState) -> float:
    """How likely the opponent's meld (or none) is in this world under the rule-based player:
    over each card it may have drawn after the trick (equally likely), 1 when its meld was the
    best the laws allowed it (or the one the best builds on, with more than two cards in the
    stock) and it held no dix it could have used, else :data:`MISMATCH`."""
    opp = evidence.seat
    hand = state.hands[opp]
    known = sum(ONE[c.kind] for c in view.known[opp])
    table_bits = sum(ONE[e[0]] for e in evidence.table)
    dix = view.dix.kind
    total = 0.0
    copies_seen = 0
    for kind in range(4 * RANK_SLOTS):
        copies = ((hand >> (kind * BITS)) & 3) - ((known >> (kind * BITS)) & 3)
        if copies <= 0:
            continue
        before = hand - ONE[kind] + evidence.added
        options = legal_melds(before, evidence.table, table_bits, evidence.scored, view.trump,
                              view.rules)
        best = max((need.points for need, _ in options), default=None)
        fits = best is None or (evidence.points is not None and evidence.points >= best)
        if not fits and evidence.points is not None and evidence.stock > 2:
            # The meld a better one builds on, laid first to score both (the rule-based
            # player's royal marriage before the sequence).
            top = next(need for need, _ in options if need.points == best)
            fits = any(need.points == evidence.points and need.meld.kind in
                       top.meld.kind.builds_on for need, _ in options)
        if evidence.dix_open and (before >> (dix * BITS)) & 3:
            fits = False  # it would have exchanged or shown the dix first
        total += copies * (1.0 if fits else MISMATCH)
        copies_seen += copies
    return total / copies_seen if copies_seen else 1.0


def weighted_state(view: BinocleView, rng: random.Random, evidence: MeldEvidence | None, *,
                   pool: int) -> BinocleState:
    """One world for the view: with evidence and ``pool`` > 1, the pick of ``pool`` sampled
    worlds in proportion to :func:`likelihood`; else exactly :func:`sample_state`."""
    if evidence is None or pool <= 1:
        return sample_state(view, rng)
    worlds = [sample_state(view, rng) for _ in range(pool)]
    weights = [likelihood(evidence, view, w) for w in worlds]
    return rng.choices(worlds, weights=weights)[0]


__all__ = ["MISMATCH", "MeldEvidence", "likelihood", "meld_evidence", "weighted_state"]
