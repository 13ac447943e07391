"""Deal the cards a seat cannot see, consistently with everything its view shows.

A :class:`World` puts every unseen card somewhere: into the other seats' hands, the hidden
discard, or the Dabb while it is face down.  :func:`sample_world` respects

* the seat's own hand, the played cards, the Dabb once turned up (those cards are in the
  declarer's hand or discard), and the melds shown (those cards are in that player's hand unless
  played since);
* what the trick duties revealed (:func:`inferences`, read by
  :func:`binokel.search.knowledge.duties`, the reader the heuristic uses too): a player who did
  not follow suit is void in it; who then did not trump holds no trump; who did not beat holds
  nothing higher.

Sampling assigns the most constrained cards first and restarts on a dead end; when random
restarts fail it falls back to the exhaustive search the heuristic's sampler shares
(:func:`binokel.search.knowledge.assign_exhaustive`), so a consistent world is always found.
The distribution is close to, not exactly, uniform over consistent worlds.

>>> import random
>>> from binokel import new_game
>>> view = new_game(seed=4).view(0)
>>> world = sample_world(view, random.Random(1))
>>> world.hands[0] == sum(1 << (2 * c.kind) for c in view.hand)
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..cards import BITS, KIND_COUNT, ONE, Card, count_of, iter_kinds, pack_ranks
from ..games.binokel.melds import Meld
from ..games.binokel.scoring import Contract
from ..games.binokel.views import View
from .knowledge import assign_exhaustive, duties, meld_cards


@dataclass(frozen=True, slots=True)
class World:
    """One complete assignment of the cards: packed hands per seat, discard, face-down Dabb."""

    hands: tuple[int, ...]
    discard: int
    dabb: int


@dataclass(frozen=True, slots=True)
class Inferences:
    """Per seat, the kind mask of the cards the trick duties rule out (:func:`duties`)."""

    forbidden: tuple[int, ...]

    def allows(self, seat: int, kind: int) -> bool:
        return not (self.forbidden[seat] >> (2 * kind)) & 1


def inferences(view: View) -> Inferences:
    """What the trick duties of this hand's play reveal about every seat's hand."""
    ruled_out = duties(view)
    return Inferences(tuple(ruled_out.get(seat, 0) for seat in range(view.rules.players)))


def _meld_holding(melds: Sequence[Meld]) -> dict[int, int]:
    """The fewest copies of each card a meld set proves (:func:`meld_cards`, as counts)."""
    proven = meld_cards(tuple(melds))
    return {kind: n for kind in range(KIND_COUNT) if (n := count_of(proven, kind))}


def _counts(cards: Iterable[Card]) -> list[int]:
    counts = [0] * KIND_COUNT
    for card in cards:
        counts[card.kind] += 1
    return counts


def sample_world(view: View, rng: random.Random) -> World:
    """A random deal of the unseen cards consistent with ``view``."""
    return WorldSampler(view).sample(rng)


class WorldSampler:
    """Everything :func:`sample_world` works out from a view, done once for many samples.

    >>> import random
    >>> from binokel import new_game
    >>> sampler = WorldSampler(new_game(seed=4).view(1))
    >>> len({sampler.sample(random.Random(i)) for i in range(5)})
    5
    """

    def __init__(self, view: View) -> None:
        rules = view.rules
        me = view.seat
        self.view = view
        full = pack_ranks(rules.ranks)
        remaining = [count_of(full, k) for k in range(KIND_COUNT)]
        for kind, n in enumerate(_counts(view.hand)):
            remaining[kind] -= n
        played = [0] * rules.players
        played_counts: list[list[int]] = [[0] * KIND_COUNT for _ in range(rules.players)]
        for trick in view.tricks:
            for seat, card in zip(trick.seats(view.active), trick.cards, strict=True):
                played_counts[seat][card.kind] += 1
                played[seat] += 1
        for seat, card in view.trick:
            played_counts[seat][card.kind] += 1
            played[seat] += 1
        for counts in played_counts:
            for kind, n in enumerate(counts):
                remaining[kind] -= n
        if view.discard is not None:
            for kind, n in enumerate(_counts(view.discard)):
                remaining[kind] -= n

        # Slots to fill: the other seats' hands, the hidden discard, the face-down Dabb.
        declarer = view.declarer
        sizes: dict[str, int] = {}
        for seat in view.active:
            if seat != me:
                sizes[f"h{seat}"] = view.hand_sizes[seat]
        if declarer is not None and declarer != me and view.dabb is not None:
            # Cards the declarer took in but no longer holds or has played were laid away.
            discarded = (rules.hand_size + rules.dabb_size - view.hand_sizes[declarer]
                         - played[declarer])
            if discarded:
                sizes["discard"] = discarded
        face_down = view.phase.value in ("auction", "dabb") \
            or view.contract is Contract.OPEN_DURCH_NO_DABB
        if view.dabb is None and rules.dabb_size and face_down:
            sizes["dabb"] = rules.dabb_size
        fixed: dict[str, list[int]] = {name: [] for name in sizes}

        # Trumps laid away in the open (trumps named before the discard) are in the discard.
        shown_discard: tuple[Card, ...] = tuple(getattr(view, "shown_discard", None) or ())
        if view.discard is None and "discard" in sizes:
            for card in shown_discard:
                fixed["discard"].append(card.kind)
                remaining[card.kind] -= 1

        # Cards proven to be in a hand: shown melds not played since; the open Durch hand.
        for seat in view.active:
            if seat == me or f"h{seat}" not in sizes:
                continue
            proven = dict(_meld_holding(view.melds[seat])) if view.melds else {}
            if view.open_hand is not None and seat == declarer:
                proven = {k: n for k, n in enumerate(_counts(view.open_hand)) if n}
                for kind in list(proven):
                    proven[kind] += played_counts[seat][kind]
            for kind, n in proven.items():
                n -= played_counts[seat][kind]
                for _ in range(max(0, n)):
                    fixed[f"h{seat}"].append(kind)
                    remaining[kind] -= 1
        # The turned-up Dabb is in the declarer's hand or discard.
        dabb_pending: list[int] = []
        if view.dabb is not None and declarer is not None and declarer != me:
            dabb_counts = _counts(view.dabb)
            for kind, n in enumerate(dabb_counts):
                in_fixed = (fixed.get(f"h{declarer}", []).count(kind)
                            + fixed.get("discard", []).count(kind))
                extra = n - in_fixed - played_counts[declarer][kind]
                for _ in range(max(0, extra)):
                    dabb_pending.append(kind)
                    remaining[kind] -= 1

        free = [kind for kind in range(KIND_COUNT) for _ in range(max(0, remaining[kind]))]
        rule_of = inferences(view)
        self.inferences = rule_of
        capacity = {name: sizes[name] - len(fixed[name]) for name in sizes}
        cards: list[tuple[int, tuple[str, ...]]] = []
        for kind in dabb_pending:
            assert declarer is not None
            places = tuple(n for n in (f"h{declarer}", "discard") if n in capacity
                           and (n == "discard" or rule_of.allows(declarer, kind)))
            cards.append((kind, places))
        for kind in free:
            places = tuple(n for n in capacity
                           if not n.startswith("h") or rule_of.allows(int(n[1:]), kind))
            cards.append((kind, places))
        self._cards = cards
        self._capacity = capacity
        self._fixed = fixed
        self._players = rules.players
        self._my_hand = sum(ONE[c.kind] for c in view.hand)
        self._my_discard = (sum(ONE[c.kind] for c in view.discard)
                            if view.discard is not None else 0)
        self._places = {name: (2 if name == "discard" else 1 if name == "dabb" else 0,
                               int(name[1:]) if name.startswith("h") else -1)
                        for name in capacity}

    def sample(self, rng: random.Random) -> World:
        """One random world."""
        assignment = _assign(self._cards, self._capacity, rng)
        hands = [0] * self._players
        hands[self.view.seat] = self._my_hand
        discard = self._my_discard
        dabb = 0
        for name, kinds in self._fixed.items():
            assignment.setdefault(name, []).extend(kinds)
        for name, kinds in assignment.items():
            packed = 0
            for k in kinds:
                packed += ONE[k]
            where, seat = self._places[name]
            if where == 2:
                discard += packed
            elif where == 1:
                dabb += packed
            else:
                hands[seat] += packed
        return World(tuple(hands), discard, dabb)


def resample(weights: Sequence[float], count: int, rng: random.Random) -> list[int]:
    """``count`` indices drawn in proportion to ``weights`` (systematic resampling: one random
    offset, evenly spaced pointers), for weighting sampled worlds by a likelihood.

    >>> resample([0.0, 1.0, 3.0], 4, random.Random(0))
    [1, 2, 2, 2]
    """
    total = sum(weights)
    if count <= 0 or not weights:
        return []
    if total <= 0 or not all(w >= 0 for w in weights):
        raise ValueError("weights must be non-negative with a positive sum")
    step = total / count
    pointer = rng.random() * step
    out: list[int] = []
    cumulative = 0.0
    for i, w in enumerate(weights):
        cumulative += w
        while pointer < cumulative and len(out) < count:
            out.append(i)
            pointer += step
    while len(out) < count:  # rounding at the very end
        out.append(max(range(len(weights)), key=lambda j: weights[j]))
    return out


def _assign(cards: list[tuple[int, tuple[str, ...]]], capacity: dict[str, int],
            rng: random.Random) -> dict[str, list[int]]:
    """Put each card in one of its allowed places without overfilling any place."""
    for _ in range(64):
        order = sorted(cards, key=lambda c: (len(c[1]), rng.random()))
        left = dict(capacity)
        out: dict[str, list[int]] = {name: [] for name in capacity}
        for kind, places in order:
            open_places = [p for p in places if left[p] > 0]
            if not open_places:
                break
            weights = [left[p] for p in open_places]
            place = rng.choices(open_places, weights)[0]
            left[place] -= 1
            out[place].append(kind)
        else:
            return out
    found = assign_exhaustive(cards, capacity, rng)
    if found is None:
        raise ValueError("no deal of the unseen cards agrees with this view")
    return found


def consistent(view: View, world: World) -> bool:
    """Whether ``world`` agrees with everything ``view`` shows (for tests and assertions)."""
    rules = view.rules
    full = pack_ranks(rules.ranks)
    played = 0
    for trick in view.tricks:
        for card in trick.cards:
            played += ONE[card.kind]
    for _, card in view.trick:
        played += ONE[card.kind]
    total = sum(world.hands) + world.discard + world.dabb + played
    if total != full or any(count_of(total, k) > 2 for k in range(KIND_COUNT)):
        return False
    if world.hands[view.seat] != sum(ONE[c.kind] for c in view.hand):
        return False
    for seat in view.active:
        if _size(world.hands[seat]) != view.hand_sizes[seat]:
            return False
    rule_of = inferences(view)
    played_by: list[int] = [0] * rules.players
    for trick in view.tricks:
        for seat, card in zip(trick.seats(view.active), trick.cards, strict=True):
            played_by[seat] += ONE[card.kind]
    for seat, card in view.trick:
        played_by[seat] += ONE[card.kind]
    for seat in view.active:
        if seat == view.seat:
            continue
        hand = world.hands[seat]
        if any(not rule_of.allows(seat, k) for k in iter_kinds(hand)):
            return False
        if view.melds:
            for kind, n in _meld_holding(view.melds[seat]).items():
                if count_of(hand + played_by[seat], kind) < n:
                    return False
    face_down = view.phase.value in ("auction", "dabb") \
        or view.contract is Contract.OPEN_DURCH_NO_DABB
    if view.dabb is None and face_down and _size(world.dabb) != rules.dabb_size:
        return False
    for card in getattr(view, "shown_discard", None) or ():
        if count_of(world.discard, card.kind) < 1:
            return False
    declarer = view.declarer
    if view.dabb is not None and declarer is not None:
        held = world.hands[declarer] + world.discard + played_by[declarer]
        if any(count_of(held, c.kind) < n for c, n in
               ((c, view.dabb.count(c)) for c in view.dabb)):
            return False
    return True


def _size(packed: int) -> int:
    return sum((packed >> (k * BITS)) & 3 for k in range(KIND_COUNT))


__all__ = ["Inferences", "World", "WorldSampler", "consistent", "inferences", "resample",
           "sample_world"]
