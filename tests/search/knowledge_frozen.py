"""Frozen copies of the two trick-duty readers that issue 48 merged, for the differential test.

Before the merge the heuristic read what the trick duties reveal with ``forbidden_after`` (kind
masks, in ``binokel/bots/knowledge.py``) and the expert with ``inferences`` (a rank ceiling per
seat and suit, in ``binokel/search/sampling.py``); the expert proved meld cards with its own
``_meld_holding``.  They are copied here from commit c09bf26 and must not change: the
differential test in ``test_knowledge_differential.py`` compares the merged module with them.
The heuristic's function is verbatim; the expert's loop body is verbatim but run on one play at
a time (fresh ceilings per play, turned into a kind mask), so a disagreement can be pinned to
the play that caused it.  A seat's ceilings are the minimum over its plays, so the union of the
per-play masks is exactly what the old ``inferences`` ruled out.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from binokel.cards import ABOVE, RANK_SLOTS, SUIT_MASK
from binokel.games.binokel.melds import Meld
from binokel.games.binokel.rules import Rules
from binokel.games.binokel.scoring import side_of
from binokel.games.binokel.tricks import NO_TRUMP, beats
from binokel.games.binokel.views import View


@dataclass(frozen=True, slots=True)
class Play:
    """One card played to a trick after the lead, with what was on the table before it."""

    seat: int
    kind: int
    before: tuple[tuple[int, int], ...]
    """(seat, kind) of the cards already in the trick, the lead first."""
    best: int
    """Index in ``before`` of the card winning the trick so far."""


def plays(view: View) -> Iterator[Play]:
    """Every card played after a lead in this hand so far, as ``view`` shows them."""
    tricks = [list(zip(t.seats(view.active), [c.kind for c in t.cards], strict=False))
              for t in view.tricks]
    if view.trick:
        tricks.append([(s, c.kind) for s, c in view.trick])
    trump = NO_TRUMP if view.trump is None else int(view.trump)
    for trick in tricks:
        best = 0
        for i, (seat, kind) in enumerate(trick):
            if i:
                yield Play(seat, kind, tuple(trick[:i]), best)
                if beats(kind, trick[best][1], trump):
                    best = i


# --- the heuristic's reader (bots/knowledge.py at c09bf26, verbatim) ---------------------------

def old_forbidden_after(rules: Rules, trump: int, before: tuple[int, ...], best: int,
                        played: int, *, must_beat: bool = True) -> int:
    led = before[0] // RANK_SLOTS
    suit = played // RANK_SLOTS
    beat = must_beat and rules.must_beat
    best_suit = best // RANK_SLOTS
    if suit == led:
        if not beat:
            return 0
        if best_suit == led:
            return 0 if played > best else ABOVE[best]
        if rules.beat_suit_when_trumped:
            top = max(k for k in before if k // RANK_SLOTS == led)
            return 0 if played > top else ABOVE[top]
        return 0
    out = SUIT_MASK[led]
    if trump == NO_TRUMP:
        return out
    if suit == trump:
        if beat and best_suit == trump and not played > best:
            out |= ABOVE[best]
        return out
    if beat and best_suit == trump and not rules.must_undertrump:
        return out | ABOVE[best]
    return out | SUIT_MASK[trump]


def old_heuristic_play(view: View, play: Play) -> int:
    """What ``_read_trick`` added to the player's forbidden mask for this play."""
    rules = view.rules
    trump = NO_TRUMP if view.trump is None else int(view.trump)
    must_beat = True
    if rules.partner_need_not_beat and bool(rules.teams):
        best_seat = play.before[play.best][0]
        must_beat = best_seat == play.seat or best_seat not in side_of(rules, play.seat)
    kinds = tuple(k for _, k in play.before)
    return old_forbidden_after(rules, trump, kinds, kinds[play.best], play.kind,
                               must_beat=must_beat)


# --- the expert's reader (search/sampling.py ``inferences`` at c09bf26) ------------------------

NO_LIMIT = RANK_SLOTS


def old_expert_play(view: View, play: Play) -> int:
    """The kinds the old ``inferences`` ruled out for the player because of this play."""
    rules = view.rules
    trump = NO_TRUMP if view.trump is None else int(view.trump)
    team_of = {seat: i for i, team in enumerate(rules.teams) for seat in team}
    played = [*play.before, (play.seat, play.kind)]
    led = played[0][1] // RANK_SLOTS
    best_seat, best = play.before[play.best]
    seat, kind = play.seat, play.kind
    limits = [NO_LIMIT] * 4
    # The loop body of the old inferences(), verbatim from here.
    suit = kind // RANK_SLOTS
    exempt = (rules.partner_need_not_beat and rules.teams
              and team_of[best_seat] == team_of[seat])
    beat = rules.must_beat and not exempt
    if suit != led:
        limits[led] = -1
        if trump != NO_TRUMP and suit != trump:
            limits[trump] = -1
        elif suit == trump and beat and best // RANK_SLOTS == trump and kind < best \
                and rules.must_undertrump:
            limits[trump] = min(limits[trump], best % RANK_SLOTS)
    elif beat:
        if best // RANK_SLOTS == led and kind <= best:
            limits[led] = min(limits[led], best % RANK_SLOTS)
        elif best // RANK_SLOTS != led and rules.beat_suit_when_trumped:
            top = max(k for _, k in played[:played.index((seat, kind))]
                      if k // RANK_SLOTS == led)
            if kind <= top:
                limits[led] = min(limits[led], top % RANK_SLOTS)
    return ceiling_mask(limits)


def ceiling_mask(limits: Sequence[int]) -> int:
    """The kinds above each suit's ceiling, as a kind mask."""
    mask = 0
    for suit, top in enumerate(limits):
        for rank in range(top + 1, RANK_SLOTS):
            mask |= 3 << (2 * (suit * RANK_SLOTS + rank))
    return mask


_SUIT_MELDS = frozenset({"pair", "family", "double family"})
_BINOKEL_MELDS = frozenset({"binokel", "double binokel"})


def old_expert_meld_holding(melds: Sequence[Meld]) -> dict[int, int]:
    """The fewest copies of each card a meld set proves (sampling.py ``_meld_holding``)."""
    by_class: dict[str, dict[int, int]] = {}
    for meld in melds:
        klass = ("suit" if meld.name in _SUIT_MELDS
                 else "binokel" if meld.name in _BINOKEL_MELDS else meld.name)
        counts = by_class.setdefault(klass, {})
        for card in meld.cards:
            counts[card.kind] = counts.get(card.kind, 0) + 1
    held: dict[int, int] = {}
    for counts in by_class.values():
        for kind, n in counts.items():
            held[kind] = max(held.get(kind, 0), n)
    return held
