"""Binocle melds (docs/rules/binocle.md §6) and Foster's laws of melding: pure functions.

A meld is scored one at a time, after a trick won.  Its cards lie face up on the table (they
still belong to the hand); a table card remembers, for each of the three classes, the scored
meld it last served in.  Foster's laws then read:

* every meld needs at least one fresh card from the hand;
* a card may serve in melds of different classes;
* within one class, cards of a scored meld may serve again only in a *higher* meld that is built
  on it and takes in all of its cards still on the table (royal marriage then sequence, binocle
  then double or grand binocle, four then eight of a kind); never in an equal or lower one.

Copies of a card are interchangeable, so a meld names only its kind and suit; the engine lays
it with as few cards from the hand as the laws allow (the fewest revealed, the most kept fresh).

>>> from binokel.cards import parse_cards, Suit
>>> from binokel.games.binocle.rules import BINOCLE
>>> [str(m) for m in binocle_melds(parse_cards("A♥ 10♥ K♥ Q♥ J♥ Q♠ J♦ 9♥"), Suit.HEARTS, BINOCLE)]
['royal marriage K♥ Q♥ 40', 'sequence A♥ 10♥ K♥ Q♥ J♥ 150', 'binocle Q♠ J♦ 40', 'dix 9♥ 10']
"""

from __future__ import annotations

import enum
import functools
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ...cards import BITS, CARDS, ONE, RANK_SLOTS, Card, Rank, Suit, pack
from .rules import BinocleRules

#: The three classes of §6; a card may serve once in each (besides building up).
CLASS_A, CLASS_B, CLASS_C = 0, 1, 2
CLASS_NAMES = ("marriages and sequence", "binocles", "four and eight of a kind")


class MeldKind(enum.Enum):
    """The melds of Foster's table; the value is the meld's name in the notation."""

    MARRIAGE = "marriage"
    ROYAL_MARRIAGE = "royal marriage"
    SEQUENCE = "sequence"
    BINOCLE = "binocle"
    GRAND_BINOCLE = "grand binocle"
    DOUBLE_BINOCLE = "double binocle"
    FOUR_ACES = "four aces"
    FOUR_KINGS = "four kings"
    FOUR_QUEENS = "four queens"
    FOUR_JACKS = "four jacks"
    EIGHT_ACES = "eight aces"
    EIGHT_KINGS = "eight kings"
    EIGHT_QUEENS = "eight queens"
    EIGHT_JACKS = "eight jacks"
    DIX = "dix"

    @property
    def meld_class(self) -> int:
        """:data:`CLASS_A`, :data:`CLASS_B` or :data:`CLASS_C` (-1 for the dix)."""
        return _CLASS[self]

    @property
    def builds_on(self) -> tuple[MeldKind, ...]:
        """The scored melds this one may be built on (§6: royal marriage then sequence ...)."""
        return _BUILDS_ON.get(self, ())

    @property
    def value_field(self) -> str:
        """The :class:`~binokel.games.binocle.rules.BinocleRules` field holding its value."""
        return "meld_" + self.name.lower()

    @property
    def needs_suit(self) -> bool:
        return self in (MeldKind.MARRIAGE, MeldKind.ROYAL_MARRIAGE, MeldKind.SEQUENCE,
                        MeldKind.DIX)


_CLASS = {k: CLASS_A for k in (MeldKind.MARRIAGE, MeldKind.ROYAL_MARRIAGE, MeldKind.SEQUENCE)}
_CLASS.update({k: CLASS_B for k in (MeldKind.BINOCLE, MeldKind.GRAND_BINOCLE,
                                    MeldKind.DOUBLE_BINOCLE)})
_CLASS.update({k: CLASS_C for k in MeldKind if k.name.startswith(("FOUR", "EIGHT"))})
_CLASS[MeldKind.DIX] = -1
_BUILDS_ON = {
    MeldKind.SEQUENCE: (MeldKind.ROYAL_MARRIAGE,),
    MeldKind.DOUBLE_BINOCLE: (MeldKind.BINOCLE,),
    MeldKind.GRAND_BINOCLE: (MeldKind.BINOCLE,),
    MeldKind.EIGHT_ACES: (MeldKind.FOUR_ACES,),
    MeldKind.EIGHT_KINGS: (MeldKind.FOUR_KINGS,),
    MeldKind.EIGHT_QUEENS: (MeldKind.FOUR_QUEENS,),
    MeldKind.EIGHT_JACKS: (MeldKind.FOUR_JACKS,),
}
_OF_A_KIND = {
    MeldKind.FOUR_ACES: Rank.ACE, MeldKind.FOUR_KINGS: Rank.KING,
    MeldKind.FOUR_QUEENS: Rank.QUEEN, MeldKind.FOUR_JACKS: Rank.JACK,
    MeldKind.EIGHT_ACES: Rank.ACE, MeldKind.EIGHT_KINGS: Rank.KING,
    MeldKind.EIGHT_QUEENS: Rank.QUEEN, MeldKind.EIGHT_JACKS: Rank.JACK,
}
#: Each game's own words for the melds whose names differ from Binocle's (the MeldKind value,
#: which is also what the notation reads); the value is a meld's name shown to players.
MELD_WORDS: dict[str, dict[MeldKind, str]] = {
    "binocle": {},
    "bezique": {
        MeldKind.MARRIAGE: "common marriage",
        MeldKind.BINOCLE: "bézique",
        MeldKind.DOUBLE_BINOCLE: "double bézique",
        MeldKind.GRAND_BINOCLE: "grand bézique",
        MeldKind.DIX: "trump Seven",
    },
}


def meld_word(kind: MeldKind, game: str = "binocle") -> str:
    """A meld's name in a game's own words.

    >>> meld_word(MeldKind.DOUBLE_BINOCLE, "bezique"), meld_word(MeldKind.SEQUENCE, "bezique")
    ('double bézique', 'sequence')
    """
    return MELD_WORDS.get(game, {}).get(kind, kind.value)


_SEQUENCE_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
_QS = Suit.SPADES * RANK_SLOTS + Rank.QUEEN
_JD = Suit.DIAMONDS * RANK_SLOTS + Rank.JACK
_KS = Suit.SPADES * RANK_SLOTS + Rank.KING


def _kinds_of(kind: MeldKind, suit: Suit | None, dix_rank: Rank) -> tuple[int, ...]:
    """Card kinds of a meld, with repeats, in the order the notation writes them."""
    if kind is MeldKind.MARRIAGE or kind is MeldKind.ROYAL_MARRIAGE:
        assert suit is not None
        return (suit * RANK_SLOTS + Rank.KING, suit * RANK_SLOTS + Rank.QUEEN)
    if kind is MeldKind.SEQUENCE:
        assert suit is not None
        return tuple(suit * RANK_SLOTS + r for r in _SEQUENCE_RANKS)
    if kind is MeldKind.BINOCLE:
        return (_QS, _JD)
    if kind is MeldKind.GRAND_BINOCLE:
        return (_KS, _QS, _JD)
    if kind is MeldKind.DOUBLE_BINOCLE:
        return (_QS, _QS, _JD, _JD)
    if kind is MeldKind.DIX:
        assert suit is not None
        return (suit * RANK_SLOTS + dix_rank,)
    rank = _OF_A_KIND[kind]
    copies = 2 if kind.name.startswith("EIGHT") else 1
    return tuple(s * RANK_SLOTS + rank for s in Suit for _ in range(copies))


@dataclass(frozen=True, slots=True)
class BinocleMeld:
    """One meld of Foster's table: its kind and, for marriages and the sequence, its suit.

    >>> str(BinocleMeld(MeldKind.MARRIAGE, Suit.SPADES))
    'marriage K♠ Q♠'
    """

    kind: MeldKind
    suit: Suit | None = None
    dix_rank: Rank = Rank.NINE
    """Only for the dix: the rank that is the dix (Nine, or Seven with 64 cards)."""
    game: str = field(default="binocle", compare=False, repr=False)
    """The game whose words name the meld (:data:`MELD_WORDS`); melds of the same cards are
    equal whatever their words."""
    laid: tuple[int, ...] = field(default=(), compare=False, repr=False)
    """Only for four of a kind under ``fours = "any four"`` (docs/rules/bezique.md §5): the
    card kinds the four is laid with (two of one suit will do).  Empty: the meld's own cards.
    Melds of the same kind are equal whatever cards they were laid with."""

    def __post_init__(self) -> None:
        if self.kind.needs_suit != (self.suit is not None):
            raise ValueError(f"{self.kind.value}: "
                             + ("needs a suit" if self.kind.needs_suit else "takes no suit"))

    @property
    def name(self) -> str:
        """The meld's name in its game's words (``binocle``, or ``bézique`` at Bézique)."""
        return meld_word(self.kind, self.game)

    @property
    def kinds(self) -> tuple[int, ...]:
        """Card kind indices, with repeats."""
        return self.laid or _kinds_of(self.kind, self.suit, self.dix_rank)

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(CARDS[k] for k in self.kinds)

    @property
    def meld_class(self) -> int:
        return self.kind.meld_class

    def points(self, rules: BinocleRules) -> int:
        value: int = getattr(rules, self.kind.value_field)
        return value

    def __str__(self) -> str:
        return f"{self.name} {' '.join(str(c) for c in self.cards)}"


@dataclass(frozen=True, slots=True)
class ScoredMeld:
    """A meld as scored: the meld, its points and the fresh cards it took from the hand."""

    meld: BinocleMeld
    points: int
    fresh: tuple[Card, ...] = ()

    @property
    def name(self) -> str:
        return self.meld.name

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.meld.cards

    def __str__(self) -> str:
        return f"{self.meld} {self.points}"


#: A card on the table: ``(kind, label A, label B, label C)``; a label is the index, among the
#: seat's melds of this hand, of the meld of that class the card last served in, or -1.
TableCard = tuple[int, int, int, int]
NO_MELD = -1
_LOW = sum(1 << (k * BITS) for k in range(4 * RANK_SLOTS))  # the low bit of every kind


@functools.cache
def meld_of(kind: MeldKind, suit: Suit | None = None, dix_rank: Rank = Rank.NINE,
            game: str = "binocle") -> BinocleMeld:
    """The shared instance of a meld (named in ``game``'s words)."""
    return BinocleMeld(kind, suit, dix_rank if kind is MeldKind.DIX else Rank.NINE, game)


@dataclass(frozen=True, slots=True)
class _Need:
    meld: BinocleMeld
    counts: tuple[tuple[int, int], ...]  # (kind, copies) in notation order
    ones: int  # low bit of each kind needed at least once
    twos: int  # low bit of each kind needed twice
    meld_class: int
    points: int


@functools.cache
def candidate_melds(trump: Suit, rules: BinocleRules) -> tuple[_Need, ...]:
    """Every meld that could be made with ``trump``, in the order they are listed."""
    game = rules.game
    melds = [meld_of(MeldKind.ROYAL_MARRIAGE, trump, game=game),
             meld_of(MeldKind.SEQUENCE, trump, game=game)]
    melds += [meld_of(MeldKind.MARRIAGE, s, game=game) for s in Suit if s != trump]
    melds += [meld_of(MeldKind.BINOCLE, game=game), meld_of(MeldKind.DOUBLE_BINOCLE, game=game)]
    if rules.grand_binocle:
        melds.append(meld_of(MeldKind.GRAND_BINOCLE, game=game))
    for rank in ("ACES", "KINGS", "QUEENS", "JACKS"):
        melds.append(meld_of(MeldKind[f"FOUR_{rank}"], game=game))
        if rules.eight_of_a_kind:
            melds.append(meld_of(MeldKind[f"EIGHT_{rank}"], game=game))
    out = []
    for meld in melds:
        kinds = meld.kinds
        counts = tuple((k, kinds.count(k)) for k in dict.fromkeys(kinds))
        ones = sum(ONE[k] for k, _ in counts)
        twos = sum(ONE[k] for k, c in counts if c == 2)
        out.append(_Need(meld, counts, ones, twos, meld.meld_class, meld.points(rules)))
    return tuple(out)


def _present(packed: int) -> int:
    """The low bit of every kind a packed multiset holds at least once."""
    return (packed | (packed >> 1)) & _LOW


@dataclass(frozen=True, slots=True)
class Placement:
    """How a meld is laid: the fresh cards from the hand, the table cards it takes in."""

    hand: int  # packed multiset of fresh cards
    table: tuple[int, ...]  # indices into the seat's table
    builds_on: tuple[int, ...]  # labels of the scored melds it is built on


def place_meld(need: _Need, hand: int, table: Sequence[TableCard],
               scored: Sequence[ScoredMeld], *, laws: bool = True,
               fresh: bool = True) -> Placement | None:
    """The placement of a meld with the fewest fresh cards, or None when the laws forbid it.

    ``laws=False`` ignores the reuse laws and ``fresh=False`` the fresh-card law (to explain
    a refusal).
    """
    cls = need.meld_class
    needed = dict(need.counts)
    free: dict[int, list[int]] = {k: [] for k in needed}
    builds: dict[int, list[int]] = {}
    for i, entry in enumerate(table):
        kind = entry[0]
        if kind not in needed:
            continue
        label = entry[1 + cls]
        if label == NO_MELD or not laws:
            free[kind].append(i)
        else:
            builds.setdefault(label, [])
    usable: list[tuple[int, list[int]]] = []
    for label in builds:
        members = [i for i, e in enumerate(table) if e[1 + cls] == label]
        if scored[label].meld.kind not in need.meld.kind.builds_on:
            continue
        kinds = [table[i][0] for i in members]
        if all(kinds.count(k) <= needed.get(k, 0) for k in kinds):
            usable.append((label, members))
    best: Placement | None = None
    best_fresh = 99
    for size in range(len(usable), -1, -1):
        for subset in itertools.combinations(usable, size):
            used = {k: 0 for k in needed}
            taken: list[int] = []
            for _, members in subset:
                for i in members:
                    used[table[i][0]] += 1
                    taken.append(i)
            if any(used[k] > needed[k] for k in needed):
                continue
            from_table: dict[int, int] = {}
            from_hand: dict[int, int] = {}
            ok = True
            for kind, copies in need.counts:
                rest = copies - used[kind]
                on_table = min(rest, len(free[kind]))
                from_table[kind] = on_table
                from_hand[kind] = rest - on_table
                if (hand >> (kind * BITS)) & 3 < from_hand[kind]:
                    ok = False
                    break
            if not ok:
                continue
            if fresh and not any(from_hand.values()):
                # Lay one card from the hand instead of one from the table, if the hand has it.
                for kind, _ in need.counts:
                    if from_table[kind] and (hand >> (kind * BITS)) & 3 > from_hand[kind]:
                        from_table[kind] -= 1
                        from_hand[kind] += 1
                        break
                else:
                    continue
            count = sum(from_hand.values())
            if count < best_fresh:
                for kind in needed:
                    taken.extend(free[kind][:from_table[kind]])
                best_fresh = count
                best = Placement(sum(ONE[k] * c for k, c in from_hand.items()),
                                 tuple(sorted(taken)), tuple(label for label, _ in subset))
        if best is not None:
            break  # larger build-ups first: a meld takes in what it is built on
    return best


def is_any_four(need: _Need, rules: BinocleRules) -> bool:
    """Whether ``need`` is a four of a kind that any four cards of its rank make."""
    return rules.fours == "any four" and need.meld.kind in _FOURS


_FOURS = frozenset({MeldKind.FOUR_ACES, MeldKind.FOUR_KINGS, MeldKind.FOUR_QUEENS,
                    MeldKind.FOUR_JACKS})


def place_any_four(need: _Need, hand: int, table: Sequence[TableCard],
                   *, laws: bool = True) -> tuple[_Need, Placement] | None:
    """Four of a kind as docs/rules/bezique.md §5 counts it: any four cards of the rank.

    Laid with the fewest fresh cards the laws allow: table cards of the rank that have served
    in no four of a kind yet (``laws=False``: any table card of the rank) are taken first, at
    most three (one card must be fresh); then cards from the hand.  Each pick goes to a suit
    not yet in the four if it can, in suit order.  Returns the need with its cards and the
    placement, or None when the cards are not there.
    """
    rank = need.meld.kinds[0] % RANK_SLOTS
    kinds = [s * RANK_SLOTS + rank for s in Suit]
    free = [i for i, e in enumerate(table)
            if e[0] in kinds and (not laws or e[1 + CLASS_C] == NO_MELD)]
    held = [k for k in kinds for _ in range((hand >> (k * BITS)) & 3)]
    if not held or len(free) + len(held) < 4:
        return None
    chosen: list[int] = []
    taken = [free[j] for j in _spread([table[i][0] for i in free], min(len(free), 3), chosen)]
    _spread(held, 4 - len(chosen), chosen)
    fresh = sum(ONE[k] for k in chosen[len(taken):])
    laid = tuple(sorted(chosen))
    counts = tuple((k, laid.count(k)) for k in dict.fromkeys(laid))
    meld = BinocleMeld(need.meld.kind, None, Rank.NINE, need.meld.game, laid)
    ones = sum(ONE[k] for k, _ in counts)
    twos = sum(ONE[k] for k, c in counts if c == 2)
    return (_Need(meld, counts, ones, twos, need.meld_class, need.points),
            Placement(fresh, tuple(sorted(taken)), ()))


def _spread(keys: Sequence[int], count: int, chosen: list[int]) -> list[int]:
    """Positions in ``keys`` of ``count`` picks, each of a kind (a suit, the rank being one)
    not yet in ``chosen`` if there is one; the picks are added to ``chosen``."""
    picked: list[int] = []
    for _ in range(count):
        at = next((j for j, k in enumerate(keys) if j not in picked and k not in chosen),
                  None)
        if at is None:
            at = next(j for j in range(len(keys)) if j not in picked)
        picked.append(at)
        chosen.append(keys[at])
    return picked


def legal_melds(hand: int, table: Sequence[TableCard], table_bits: int,
                scored: Sequence[ScoredMeld], trump: Suit,
                rules: BinocleRules) -> list[tuple[_Need, Placement | None]]:
    """The melds the laws allow now, each with its placement (None: only fresh cards needed)."""
    any_four = rules.fours == "any four"
    combined = hand + table_bits
    present = _present(combined)
    twos = (combined >> 1) & _LOW
    in_hand = _present(hand)
    labelled = [0, 0, 0]
    for entry in table:
        for cls in range(3):
            if entry[1 + cls] != NO_MELD:
                labelled[cls] |= ONE[entry[0]]
    out: list[tuple[_Need, Placement | None]] = []
    for need in candidate_melds(trump, rules):
        if any_four and need.meld.kind in _FOURS:
            # ``need.ones`` is the low bit of each card of the rank: count them first (cheap).
            rank = need.ones
            if (not in_hand & rank or (combined & rank).bit_count()
                    + 2 * ((combined >> 1) & rank).bit_count() < 4):
                continue
            found = place_any_four(need, hand, table)
            if found is not None:
                out.append(found)
            continue
        if present & need.ones != need.ones or twos & need.twos != need.twos:
            continue
        if not in_hand & need.ones:
            continue
        if not labelled[need.meld_class] & need.ones:
            out.append((need, None))  # no law in the way: fresh cards fill what the table lacks
            continue
        placement = place_meld(need, hand, table, scored)
        if placement is not None:
            out.append((need, placement))
    return out


def binocle_melds(cards: Iterable[Card], trump: Suit, rules: BinocleRules) -> list[ScoredMeld]:
    """What a hand could meld, one meld at a time, with values (and each dix it holds).

    Raises :class:`~binokel.cards.CardError` for an impossible hand (three Q♠).
    """
    hand = pack(cards)
    out = [ScoredMeld(need.meld, need.points, need.meld.cards)
           for need, _ in legal_melds(hand, (), 0, (), trump, rules)]
    dix = trump * RANK_SLOTS + rules.dix_rank
    dix_meld = meld_of(MeldKind.DIX, trump, rules.dix_rank, rules.game)
    out += [ScoredMeld(dix_meld, rules.meld_dix, dix_meld.cards)] * ((hand >> (dix * BITS)) & 3)
    return out


def lay_meld(need: _Need, placement: Placement | None, hand: int,
             table: tuple[TableCard, ...], label: int) -> tuple[int, tuple[TableCard, ...], int]:
    """Lay a meld: the new hand, the new table and the packed fresh cards.

    ``label`` is the index the new meld gets among the seat's melds of the hand.
    """
    cls = need.meld_class
    if placement is None:
        # No labelled card of this class is involved: take free table cards first.
        wanted = dict(need.counts)
        used: list[int] = []
        for i, entry in enumerate(table):
            if wanted.get(entry[0], 0) > 0:
                wanted[entry[0]] -= 1
                used.append(i)
        fresh = sum(ONE[k] * c for k, c in wanted.items())
        if not fresh:
            # Every card is on the table: one must come from the hand (the first the hand has).
            for kind, _ in need.counts:
                if (hand >> (kind * BITS)) & 3:
                    fresh = ONE[kind]
                    used.remove(next(i for i in used if table[i][0] == kind))
                    break
        taken = set(used)
    else:
        fresh = placement.hand
        taken = set(placement.table)
    new_table = []
    for i, entry in enumerate(table):
        if i in taken:
            labels = list(entry)
            labels[1 + cls] = label
            new_table.append((labels[0], labels[1], labels[2], labels[3]))
        else:
            new_table.append(entry)
    for kind, copies in need.counts:
        for _ in range((fresh >> (kind * BITS)) & 3):
            labels = [kind, NO_MELD, NO_MELD, NO_MELD]
            labels[1 + cls] = label
            new_table.append((labels[0], labels[1], labels[2], labels[3]))
        del copies
    return hand - fresh, tuple(new_table), fresh


def best_meld_plan(cards: Iterable[Card], trump: Suit,
                   rules: BinocleRules) -> tuple[tuple[ScoredMeld, ...], int]:
    """The order of melds (one per trick won) that scores most from a hand, and its total.

    The dix is not included.

    >>> from binokel.cards import parse_cards
    >>> from binokel.games.binocle.rules import BINOCLE
    >>> plan, total = best_meld_plan(parse_cards("A♥ 10♥ K♥ Q♥ J♥"), Suit.HEARTS, BINOCLE)
    >>> [m.name for m in plan], total
    (['royal marriage', 'sequence'], 190)
    """
    memo: dict[tuple[int, tuple[tuple[int, str, str, str], ...]],
               tuple[tuple[ScoredMeld, ...], int]] = {}

    def search(hand: int, table: tuple[TableCard, ...],
               scored: tuple[ScoredMeld, ...]) -> tuple[tuple[ScoredMeld, ...], int]:
        # Labels name melds by index; the memo keys on the kinds of meld they point to.
        key = (hand, tuple((e[0], *(scored[x].meld.kind.value if x >= 0 else "" for x in e[1:]))
                           for e in table))
        found = memo.get(key)  # type: ignore[arg-type]
        if found is not None:
            return found
        best: tuple[tuple[ScoredMeld, ...], int] = ((), 0)
        bits = sum(ONE[e[0]] for e in table)
        for need, placement in legal_melds(hand, table, bits, scored, trump, rules):
            hand2, table2, fresh = lay_meld(need, placement, hand, table, len(scored))
            meld = ScoredMeld(need.meld, need.points, cards_of(fresh))
            rest, points = search(hand2, table2, (*scored, meld))
            if points + need.points > best[1]:
                best = ((meld, *rest), points + need.points)
        memo[key] = best  # type: ignore[index]
        return best

    return search(pack(cards), (), ())


def cards_of(packed: int) -> tuple[Card, ...]:
    """The cards of a packed multiset, in kind order."""
    out = []
    for kind in range(4 * RANK_SLOTS):
        out.extend([CARDS[kind]] * ((packed >> (kind * BITS)) & 3))
    return tuple(out)
