"""What one seat can work out about the hidden cards, and deals sampled consistent with it.

This is the one place that reads hidden-card knowledge for every Binokel player: the heuristic
(:mod:`binokel.bots.play`) samples deals with :func:`sample_deal`, and the expert's world sampler
(:mod:`binokel.search.sampling`) reads the same trick duties (:func:`duties`), the same proven
meld cards (:func:`meld_cards`) and falls back to the same exhaustive search
(:func:`assign_exhaustive`) when random filling gets stuck.

From a :class:`~binokel.games.binokel.views.View` a bot knows its own hand, every card played, the
Dabb once shown, the melds everyone showed (those cards stay in the hand until played), an open
Durch hand, and what the trick duties reveal (docs/rules/binokel.md §6): a player who did not
follow suit is void in it, one who did not trump then holds no trump, one who did not beat the
best card holds none higher.  Each duty is monotone (holding more cards only adds obligations), so
a played card rules out exactly the kinds that, held beside it, would have made it illegal.

Cards are packed multisets (two bits per kind, see :mod:`binokel.cards`); a *kind mask* has both
bits set for every kind it contains and selects kinds with ``&``.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from ..cards import ABOVE, ONE, RANK_SLOTS, SUIT_MASK, pack, pack_ranks
from ..games.binokel.rules import Rules
from ..games.binokel.scoring import Contract, side_of
from ..games.binokel.tricks import NO_TRUMP, beats
from ..games.binokel.views import View

_Place = TypeVar("_Place", bound=Hashable)
_LOW = int("01" * 32, 2)
_HIGH = _LOW << 1
ASIDE = -1
"""The group of hidden cards that no player holds: the declarer's discard, or an unseen Dabb."""


def size(packed: int) -> int:
    """Number of cards in a packed multiset (fast: two popcounts)."""
    return (packed & _LOW).bit_count() + 2 * (packed & _HIGH).bit_count()


def kind_mask(packed: int) -> int:
    """The kind mask of the kinds present in a packed multiset."""
    return ((packed | (packed >> 1)) & _LOW) * 3


def minus(a: int, b: int) -> int:
    """Per kind ``max(0, a - b)`` of two packed multisets."""
    out = a
    kind = 0
    rest = b
    while rest:
        cb = rest & 3
        if cb:
            ca = (a >> (2 * kind)) & 3
            out -= min(ca, cb) << (2 * kind)
        rest >>= 2
        kind += 1
    return out


def meet(a: int, b: int) -> int:
    """Per kind ``min(a, b)`` of two packed multisets."""
    return a - minus(a, b)


def join(a: int, b: int) -> int:
    """Per kind ``max(a, b)`` of two packed multisets."""
    return a + minus(b, a)


@functools.cache
def full_pack(rules: Rules) -> int:
    """Every card of the rule set's pack, packed."""
    return pack_ranks(rules.ranks)


def kinds_list(packed: int) -> list[int]:
    """Kinds of a packed multiset, each repeated by its count."""
    out: list[int] = []
    kind = 0
    while packed:
        c = packed & 3
        if c:
            out.extend((kind,) * c)
        packed >>= 2
        kind += 1
    return out


_MELD_CATEGORY = {
    "pair": "suit", "family": "suit", "double family": "suit",
    "binokel": "binokel", "double binokel": "binokel", "dissle": "dissle",
}


def meld_cards(melds: tuple[object, ...]) -> int:
    """The fewest cards a seat must hold to show ``melds`` (a card serves once within a kind)."""
    by_category: dict[str, int] = {}
    for meld in melds:
        name = getattr(meld, "name", "")
        category = _MELD_CATEGORY.get(name, "rank")
        cards = pack(getattr(meld, "cards", ()))
        by_category[category] = by_category.get(category, 0) + cards
    out = 0
    for cards in by_category.values():
        out = join(out, cards)
    return out


def forbidden_after(rules: Rules, trump: int, before: tuple[int, ...], best: int, played: int,
                    *, must_beat: bool = True) -> int:
    """Kind mask of the kinds a player cannot have held beside ``played`` (§6 duties).

    ``before`` are the kinds already in the trick (led first), ``best`` the one winning it.
    """
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


@dataclass(slots=True)
class Knowledge:
    """One seat's knowledge of where the cards are, during play (or at its end)."""

    rules: Rules
    seat: int
    trump: int
    declarer: int
    active: tuple[int, ...]
    hand: int
    unknown: int
    """Cards whose holder the seat does not know."""
    known: dict[int, int]
    """Cards the seat knows another seat holds (shown melds not yet played, an open hand)."""
    need: dict[int, int]
    """How many unknown cards each other active seat holds."""
    aside: int
    """How many unknown cards lie aside (the declarer's discard, or an unseen Dabb)."""
    reserved: int
    """Unknown cards that are with the declarer or aside: the shown Dabb."""
    forbidden: dict[int, int]
    """Kind masks of what each other seat cannot hold (from the trick duties)."""
    played: int
    """Every card played in this hand so far."""

    def may_hold(self, seat: int) -> int:
        """A packed superset of the cards ``seat`` holds."""
        if seat == self.seat:
            return self.hand
        pool = self.unknown if seat == self.declarer else self.unknown - self.reserved
        return self.known.get(seat, 0) + (pool & ~self.forbidden.get(seat, 0))

    def p_any(self, seat: int, mask: int) -> float:
        """Estimated probability that ``seat`` holds at least one card of the kind mask."""
        if seat == self.seat:
            return 1.0 if self.hand & mask else 0.0
        if self.known.get(seat, 0) & mask:
            return 1.0
        need = self.need.get(seat, 0)
        if not need:
            return 0.0
        pool = self.unknown if seat == self.declarer else self.unknown - self.reserved
        pool &= ~self.forbidden.get(seat, 0)
        n = size(pool & mask)
        if not n:
            return 0.0
        eligible = size(pool)
        if need >= eligible:
            return 1.0
        return 1.0 - (1.0 - need / eligible) ** n


def duties(view: View) -> dict[int, int]:
    """Kind masks of what each seat cannot hold, from every trick of this hand so far (§6).

    Seats with nothing ruled out are absent.  A seat's own mask is read too (a caller that
    knows the hand ignores it).
    """
    trump = NO_TRUMP if view.trump is None else int(view.trump)
    forbidden: dict[int, int] = {}
    _read_tricks(view, trump, {}, forbidden)
    return forbidden


def _read_tricks(view: View, trump: int, played_by: dict[int, int],
                 forbidden: dict[int, int]) -> None:
    rules = view.rules
    careful = rules.partner_need_not_beat and bool(rules.teams)
    for trick in view.tricks:
        _read_trick(rules, trump, trick.seats(view.active), [c.kind for c in trick.cards],
                    played_by, forbidden, careful)
    if view.trick:
        _read_trick(rules, trump, [s for s, _ in view.trick], [c.kind for _, c in view.trick],
                    played_by, forbidden, careful)


def knowledge_of(view: View) -> Knowledge:
    """Everything ``view.seat`` knows about the cards in the play phase (or when it ends)."""
    rules = view.rules
    me = view.seat
    trump = NO_TRUMP if view.trump is None else int(view.trump)
    declarer = -1 if view.declarer is None else view.declarer
    hand = pack(view.hand)
    played = 0
    played_by: dict[int, int] = {}
    forbidden: dict[int, int] = {}
    _read_tricks(view, trump, played_by, forbidden)
    for cards in played_by.values():
        played += cards
    known: dict[int, int] = {}
    for seat in view.active:
        if seat == me:
            continue
        shown = meld_cards(view.melds[seat]) if seat < len(view.melds) else 0
        if shown:
            known[seat] = minus(shown, played_by.get(seat, 0))
    if view.open_hand is not None and declarer >= 0 and declarer != me:
        known[declarer] = pack(view.open_hand)
    unknown = minus(full_pack(rules), hand + played)
    if view.discard:
        unknown = minus(unknown, pack(view.discard))
    elif view.shown_discard:  # trumps laid away face up (trump_before_discard)
        unknown = minus(unknown, pack(view.shown_discard))
    for cards in known.values():
        unknown = minus(unknown, cards)
    need = {s: max(0, view.hand_sizes[s] - size(known.get(s, 0)))
            for s in view.active if s != me}
    aside = max(0, size(unknown) - sum(need.values()))
    reserved = 0
    if (view.dabb and declarer >= 0 and declarer != me
            and view.contract is not Contract.OPEN_DURCH_NO_DABB):
        reserved = meet(minus(minus(pack(view.dabb), played_by.get(declarer, 0)),
                              known.get(declarer, 0)), unknown)
    return Knowledge(rules=rules, seat=me, trump=trump, declarer=declarer, active=view.active,
                     hand=hand, unknown=unknown, known=known, need=need, aside=aside,
                     reserved=reserved, forbidden=forbidden, played=played)


def _read_trick(rules: Rules, trump: int, seats: list[int], kinds: list[int],
                played_by: dict[int, int], forbidden: dict[int, int], careful: bool) -> None:
    best = 0
    for i, (seat, kind) in enumerate(zip(seats, kinds, strict=False)):
        played_by[seat] = played_by.get(seat, 0) + ONE[kind]
        if i:
            must_beat = True
            if careful:
                best_seat = seats[best]
                must_beat = best_seat == seat or best_seat not in side_of(rules, seat)
            out = forbidden_after(rules, trump, tuple(kinds[:i]), kinds[best], kind,
                                  must_beat=must_beat)
            if out:
                forbidden[seat] = forbidden.get(seat, 0) | out
            if beats(kind, kinds[best], trump):
                best = i


def sample_deal(know: Knowledge, rng: random.Random, *, use_inference: bool = True,
                tries: int = 12) -> dict[int, int]:
    """Hidden hands consistent with ``know``: every other active seat's full hand, and the cards
    aside under the key :data:`ASIDE`.  Up to ``tries`` random fillings (the most constrained
    cards first, shuffled afresh each time) are tried; if all get stuck,
    :func:`assign_exhaustive` finds a deal, so the answer always agrees with every inference
    (``use_inference=False`` ignores the trick duties).
    Raises ``ValueError`` if no deal agrees with ``know`` (never in a real game).
    """
    for _ in range(tries):
        _, capacity, out, plan = _sampling_plan(know, rng, use_inference)
        found = _try_sample(plan, capacity, out, rng)
        if found is not None:
            return found
    _, capacity, out, plan = _sampling_plan(know, rng, use_inference)
    placed = assign_exhaustive([(kind, options) for _, kind, options in plan], capacity, rng)
    if placed is None:
        raise ValueError("no deal of the unseen cards agrees with this view")
    for group, kinds in placed.items():
        for kind in kinds:
            out[group] += ONE[kind]
    return out


_Plan = list[tuple[int, int, list[int]]]


def _sampling_plan(know: Knowledge, rng: random.Random, strict: bool
                   ) -> tuple[list[int], dict[int, int], dict[int, int], _Plan]:
    groups = [s for s in know.need if know.need[s] > 0]
    capacity = {s: know.need[s] for s in groups}
    if know.aside:
        groups.append(ASIDE)
        capacity[ASIDE] = know.aside
    out = {s: know.known.get(s, 0) for s in know.need}
    out[ASIDE] = 0
    allowed = {g: ~know.forbidden.get(g, 0) if strict else -1 for g in groups}
    reserved = kinds_list(know.reserved)
    free = kinds_list(know.unknown - know.reserved)
    rng.shuffle(reserved)
    rng.shuffle(free)
    plan: _Plan = []
    for kind in reserved:
        options = [g for g in (know.declarer, ASIDE)
                   if g in capacity and (allowed[g] >> (2 * kind)) & 1]
        plan.append((len(options), kind, options))
    for kind in free:
        options = [g for g in groups if (allowed[g] >> (2 * kind)) & 1]
        plan.append((len(options), kind, options))
    plan.sort(key=lambda item: item[0])  # the most constrained cards first
    return groups, capacity, out, plan


def _try_sample(plan: _Plan, capacity: dict[int, int], start: dict[int, int],
                rng: random.Random) -> dict[int, int] | None:
    capacity = dict(capacity)
    out = dict(start)
    for _, kind, options in plan:
        open_groups = [g for g in options if capacity[g] > 0]
        if not open_groups:
            return None
        group = open_groups[0]
        if len(open_groups) > 1:
            pick = rng.randrange(sum(capacity[g] for g in open_groups))
            for group in open_groups:
                pick -= capacity[group]
                if pick < 0:
                    break
        capacity[group] -= 1
        out[group] += ONE[kind]
    return out


def assign_exhaustive(cards: Sequence[tuple[int, Sequence[_Place]]], capacity: dict[_Place, int],
                      rng: random.Random) -> dict[_Place, list[int]] | None:
    """Put every card ``(kind, places it may go)`` in one of its places without overfilling any
    place, by depth-first search (the most constrained cards first, places tried in random
    order); ``None`` if no assignment exists.  The fallback of both samplers when random
    filling gets stuck.
    """
    order = sorted(cards, key=lambda c: len(c[1]))
    left = dict(capacity)
    out: dict[_Place, list[int]] = {place: [] for place in capacity}
    return _search(order, 0, left, out, rng)


def _search(cards: list[tuple[int, Sequence[_Place]]], i: int, left: dict[_Place, int],
            out: dict[_Place, list[int]], rng: random.Random) -> dict[_Place, list[int]] | None:
    if i == len(cards):
        return {place: list(kinds) for place, kinds in out.items()}
    kind, places = cards[i]
    options = [p for p in places if left[p] > 0]
    rng.shuffle(options)
    for place in options:
        left[place] -= 1
        out[place].append(kind)
        found = _search(cards, i + 1, left, out, rng)
        if found is not None:
            return found
        out[place].pop()
        left[place] += 1
    return None


__all__ = [
    "ASIDE", "Knowledge", "assign_exhaustive", "duties", "forbidden_after", "full_pack", "join",
    "kind_mask", "kinds_list", "knowledge_of", "meet", "meld_cards", "minus", "sample_deal", "size",
]
