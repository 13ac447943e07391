"""Deal the cards a seat cannot see, consistently with everything its view shows.

A :class:`World` puts every unseen card somewhere: into the other seats' hands, the hidden
discard, or the Dabb while it is face down.  :func:`sample_world` respects

* the seat's own hand, the played cards, the Dabb once turned up (those cards are in the
  declarer's hand or discard), and the melds shown (those cards are in that player's hand unless
  played since);
* what the trick duties revealed (:func:`inferences`): a player who did not follow suit is void
  in it; who then did not trump holds no trump; who did not beat holds nothing higher.

Sampling assigns the most constrained cards first and restarts on a dead end; when random
restarts fail it falls back to an exhaustive search, so a consistent world is always found.
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

from ..cards import BITS, KIND_COUNT, ONE, RANK_SLOTS, Card, count_of, iter_kinds, pack_ranks
from ..games.binokel.melds import Meld
from ..games.binokel.scoring import Contract
from ..games.binokel.tricks import NO_TRUMP, beats
from ..games.binokel.views import View


@dataclass(frozen=True, slots=True)
class World:
    """One complete assignment of the cards: packed hands per seat, discard, face-down Dabb."""

    hands: tuple[int, ...]
    discard: int
    dabb: int


@dataclass(frozen=True, slots=True)
class Inferences:
    """Per seat and suit, the highest rank the seat may still hold (-1: void; 8: no limit)."""

    ceilings: tuple[tuple[int, ...], ...]

    def allows(self, seat: int, kind: int) -> bool:
        return kind % RANK_SLOTS <= self.ceilings[seat][kind // RANK_SLOTS]


NO_LIMIT = RANK_SLOTS


def inferences(view: View) -> Inferences:
    """What the trick duties of this hand's play reveal about every seat's hand."""
    rules = view.rules
    ceilings = [[NO_LIMIT] * 4 for _ in range(rules.players)]
    trump = NO_TRUMP if view.trump is None else int(view.trump)
    team_of = {seat: i for i, team in enumerate(rules.teams) for seat in team}
    tricks: list[list[tuple[int, int]]] = []
    for trick in view.tricks:
        seats = trick.seats(view.active)
        tricks.append([(s, c.kind) for s, c in zip(seats, trick.cards, strict=True)])
    if view.trick:
        tricks.append([(s, c.kind) for s, c in view.trick])
    for played in tricks:
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
    return Inferences(tuple(tuple(c) for c in ceilings))


#: Melds of one suit, and the melds of Q♠ J♦ (named after the game): each class reuses cards.
_SUIT_MELDS = frozenset({"pair", "family", "double family"})
_BINOKEL_MELDS = frozenset({"binokel", "double binokel"})


def _meld_holding(melds: Sequence[Meld]) -> dict[int, int]:
    """The fewest copies of each card a meld set proves (cards are reused across kinds)."""
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
    found = _search(sorted(cards, key=lambda c: len(c[1])), 0, dict(capacity), {}, rng)
    if found is None:
        raise ValueError("no deal of the unseen cards agrees with this view")
    return found


def _search(cards: list[tuple[int, tuple[str, ...]]], i: int, left: dict[str, int],
            out: dict[str, list[int]], rng: random.Random) -> dict[str, list[int]] | None:
    if i == len(cards):
        return {name: list(out.get(name, [])) for name in left}
    kind, places = cards[i]
    options = [p for p in places if left[p] > 0]
    rng.shuffle(options)
    for place in options:
        left[place] -= 1
        out.setdefault(place, []).append(kind)
        found = _search(cards, i + 1, left, out, rng)
        if found is not None:
            return found
        out[place].pop()
        left[place] += 1
    return None


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
