"""Frozen copies of the two trick-duty readers that issue 48 merged, for the differential test.

Before the merge the heuristic read what the trick duties reveal with ``forbidden_after`` (kind
masks, in ``binokel/bots/knowledge.py``) and the expert with ``inferences`` (a rank ceiling per
seat and suit, in ``binokel/search/sampling.py``).  Both are copied here verbatim as of commit
c09bf26 (only renamed and typed for this file) and must not change: the differential test in
``test_knowledge_differential.py`` compares the merged reader with them.
"""

from __future__ import annotations

from binokel.cards import ABOVE, RANK_SLOTS, SUIT_MASK
from binokel.games.binokel.rules import Rules
from binokel.games.binokel.scoring import side_of
from binokel.games.binokel.tricks import NO_TRUMP, beats
from binokel.games.binokel.views import View


def _tricks(view: View) -> list[list[tuple[int, int]]]:
    tricks = [list(zip(t.seats(view.active), [c.kind for c in t.cards], strict=False))
              for t in view.tricks]
    if view.trick:
        tricks.append([(s, c.kind) for s, c in view.trick])
    return tricks


# --- the heuristic's reader (bots/knowledge.py at c09bf26) -------------------------------------

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


def old_heuristic_forbidden(view: View) -> dict[int, int]:
    """Kind masks of what each seat cannot hold, as ``knowledge_of(view).forbidden`` said."""
    rules = view.rules
    trump = NO_TRUMP if view.trump is None else int(view.trump)
    careful = rules.partner_need_not_beat and bool(rules.teams)
    forbidden: dict[int, int] = {}
    for trick in _tricks(view):
        seats = [s for s, _ in trick]
        kinds = [k for _, k in trick]
        best = 0
        for i, (seat, kind) in enumerate(trick):
            if i:
                must_beat = True
                if careful:
                    best_seat = seats[best]
                    must_beat = best_seat == seat or best_seat not in side_of(rules, seat)
                out = old_forbidden_after(rules, trump, tuple(kinds[:i]), kinds[best], kind,
                                          must_beat=must_beat)
                if out:
                    forbidden[seat] = forbidden.get(seat, 0) | out
                if beats(kind, kinds[best], trump):
                    best = i
    return forbidden


# --- the expert's reader (search/sampling.py ``inferences`` at c09bf26) ------------------------

NO_LIMIT = RANK_SLOTS


def old_expert_ceilings(view: View) -> tuple[tuple[int, ...], ...]:
    """Per seat and suit, the highest rank the seat may still hold (-1: void; 8: no limit)."""
    rules = view.rules
    ceilings = [[NO_LIMIT] * 4 for _ in range(rules.players)]
    trump = NO_TRUMP if view.trump is None else int(view.trump)
    team_of = {seat: i for i, team in enumerate(rules.teams) for seat in team}
    for played in _tricks(view):
        led = played[0][1] // RANK_SLOTS
        best_seat, best = played[0]
        for seat, kind in played[1:]:
            suit = kind // RANK_SLOTS
            limits = ceilings[seat]
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
            if beats(kind, best, trump):
                best_seat, best = seat, kind
    return tuple(tuple(c) for c in ceilings)


def old_expert_forbidden(view: View) -> dict[int, int]:
    """The expert's ceilings as kind masks (both bits of every kind above a ceiling)."""
    out: dict[int, int] = {}
    for seat, limits in enumerate(old_expert_ceilings(view)):
        mask = 0
        for suit, top in enumerate(limits):
            for rank in range(top + 1, RANK_SLOTS):
                mask |= 3 << (2 * (suit * RANK_SLOTS + rank))
        if mask:
            out[seat] = mask
    return out
