"""Bounds on one Binokel hand's return, derived from the rules (issue 47).

A seat's return of a hand is its score minus the mean of the other seats'
(:func:`binokel.env.codec.hand_rewards`): with ``n`` seats and every seat's score ``s``,
``r = (n * s_i - sum(s)) / (n - 1)``.  It grows with the seat's own score and falls with
everyone else's, so each way a hand can end gives a bound from the largest and smallest scores
the rules allow in it (docs/rules/binokel.md §4, §7, §8):

* a trump game missed: the declarer's side scores ``-2 * bid`` (at most the top bid), every other
  side its card points and its members' melds;
* a trump game made: the declarer's side at most all card points and its melds;
* a Durch: plus or minus its value, everyone else nothing;
* giving up: the declarer's side ``-bid``, each opponent the give-up bonus and its melds.

In a trump game the declarer lays away as many cards as the Dabb held, which count for the
declarer alone, so the tricks hold at most the pack's points and the last-trick bonus less that
many of the pack's cheapest cards (where the rules round: one side's up to the next ten, all
sides' 5 more a side).  A seat melds the ``hand_size`` cards it holds when play starts (the
declarer after laying away), so no seat melds more than :func:`max_melds` of that many cards,
and two seats together (two opponents, or partners) no more than :func:`max_meld_pair`: the two
copies of a card cannot both be in each of two hands.

A side that does not declare also loses every trump ranking above all of its own (laid away,
or winning its trick for another seat) and the Dabb's laid-away cards (:func:`trick_loss`), so
its melds and card points together are at most the pack's points and the last trick plus the
most melds less that loss (:func:`side_take`, for one seat or two: ``max_melds`` and
``max_meld_pair`` with ``losing``).

Exact (decision env-18; tests/env/test_bounds.py plays the hands through the engine): the upper
bound of every rule set of three active seats (the best melding hand holding the top trumps
takes every trick; with Sevens, 1900 with diamonds trump: the 1920 hand lacks the top trumps).
The lower bound of those without Sevens is within 1 (three seats; 2/3 dealer out) of a played
hand, binokel-4's upper bound within 6; the rest are valid, with the gaps in the decision.

>>> from binokel.games.binokel.rules import BINOKEL
>>> max_melds(BINOKEL, 12)[0]
1800
>>> max_meld_pair(BINOKEL, 12)[0]
3340
>>> max_meld_pair(BINOKEL, 12, losing=True)[0]
3312
>>> hand_return_bounds(BINOKEL)
(-4781.0, 3542.0)
"""

from __future__ import annotations

import functools
from itertools import product

from ..cards import BITS, CARD_POINTS, RANK_SLOTS, Rank, Suit, count_of
from ..games.binokel.melds import find_melds_packed, meld_total
from ..games.binokel.rules import PRESETS, Rules
from ..games.binokel.scoring import card_points, pack_points

#: The ranks whose presence across the four suits makes a rank meld (four / eight of a kind).
_RANK_MELD_RANKS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)


def trick_loss(rules: Rules, trumps: dict[Rank, int]) -> int:
    """The fewest card points that seats holding ``trumps`` (their trumps' counts by rank, put
    together) and not declaring lose to the declarer in a trump game: every trump ranking above
    all of theirs (both copies of each rank above their highest; every trump if they hold
    none) is laid away by the declarer or wins the trick it falls in for another seat (no
    card of theirs beats it, and of two copies the first played wins), and the declarer lays
    away as many cards as the Dabb held, none worth less than the pack's cheapest.

    >>> from binokel.games.binokel.rules import BINOKEL
    >>> trick_loss(BINOKEL, {Rank.KING: 1}), trick_loss(BINOKEL, {Rank.ACE: 1})
    (42, 8)
    """
    held = [r for r, c in trumps.items() if c]
    above = [r for r in rules.ranks if not held or r > max(held)]
    cheapest = min(CARD_POINTS[r] for r in rules.ranks)
    return (2 * sum(CARD_POINTS[r] for r in above)
            + max(0, rules.dabb_size - 2 * len(above)) * cheapest)


def _counts(packed: int, suit: Suit, ranks: list[Rank]) -> dict[Rank, int]:
    return {r: count_of(packed, suit * RANK_SLOTS + r) for r in ranks}


@functools.lru_cache(maxsize=64)
def max_melds(rules: Rules, cards: int, losing: bool = False) -> tuple[int, int, Suit]:
    """The most meld points a hand of exactly ``cards`` cards scores under any trump, with one
    such hand (packed) and its trump; with ``losing``, the most meld points less
    :func:`trick_loss` (so ``full + max_melds(rules, cards, True)[0]`` bounds what a seat that
    does not declare scores in melds and tricks together).

    Exact: the meld value splits into per-suit melds (family, pair) and melds across suits
    (Binokel, four/eight of a rank, Dissle) that depend only on the least count of a rank over
    the suits, the counts of Q♠ and J♦ and of the trump Seven.  For every level of those, the
    best per-suit melds with that suit's share of the cards is a small knapsack over the four
    suits; the best hand found is scored by the engine's own :func:`find_melds_packed`.
    """
    ranks = sorted(rules.ranks)
    best: tuple[int, int, Suit] | None = None
    for trump in Suit:
        found = _best_for_trump(rules, ranks, trump, cards, losing)
        if found is not None and (best is None or found[0] > best[0]):
            best = (found[0], found[1], trump)
    if best is None:
        raise ValueError(f"{rules.name}: no hand of {cards} cards")
    return best


def _pack(suit: Suit, counts: dict[Rank, int]) -> int:
    return sum(c << ((suit * RANK_SLOTS + r) * BITS) for r, c in counts.items())


#: A suit's share of a hand: the best (suit meld points, packed cards) per number of cards.
_Row = dict[int, tuple[int, int]]


def _suit_rows(rules: Rules, ranks: list[Rank], suit: Suit, trump: Suit,
               losing: bool) -> dict[tuple[tuple[int, ...], int], _Row]:
    """For every floor on the counts of A, K, Q, J and on the suit's Binokel card (Q♠, J♦), the
    best points of melds within the suit (family, pair, the Dissle of trump Sevens) per number
    of cards of the suit meeting those floors."""
    special = {Suit.SPADES: Rank.QUEEN, Suit.DIAMONDS: Rank.JACK}.get(suit)
    rows: dict[tuple[tuple[int, ...], int], _Row] = {}
    for vector in product(range(3), repeat=len(ranks)):
        counts = dict(zip(ranks, vector, strict=True))
        packed = _pack(suit, counts)
        value = sum(m.points for m in find_melds_packed(packed, trump, rules)
                    if m.suit is suit)  # the suit's own melds: nothing across suits here
        if losing and suit is trump:
            value -= trick_loss(rules, counts)
        n = sum(vector)
        top = counts[special] if special is not None else 0
        for floors in product(*(range(counts[r] + 1) for r in _RANK_MELD_RANKS)):
            for b in range(top + 1):
                row = rows.setdefault((floors, b), {})
                if n not in row or row[n][0] < value:
                    row[n] = (value, packed)
    return rows


def _combine(left: _Row, right: _Row, cards: int) -> _Row:
    out: _Row = {}
    for n, (v, p) in left.items():
        for k, (w, q) in right.items():
            if n + k <= cards and (n + k not in out or out[n + k][0] < v + w):
                out[n + k] = (v + w, p | q)
    return out


def _best_for_trump(rules: Rules, ranks: list[Rank], trump: Suit, cards: int,
                    losing: bool) -> tuple[int, int] | None:
    # Every hand has some least count of A, K, Q, J over the suits and some number of Q♠-J♦
    # couples: for each such floor, the best cards meeting it are the best of each suit's
    # cards meeting it, fitted to the hand size; the engine scores the hand so found.
    tables = [_suit_rows(rules, ranks, suit, trump, losing) for suit in Suit]
    best: tuple[int, int] | None = None
    for floors in product(range(3), repeat=len(_RANK_MELD_RANKS)):
        for b in range(3):
            row: _Row = {0: (0, 0)}
            for suit, table in zip(Suit, tables, strict=True):
                need = b if suit in (Suit.SPADES, Suit.DIAMONDS) else 0
                part = table.get((floors, need))
                if part is None:
                    row = {}
                    break
                row = _combine(row, part, cards)
            if cards not in row:
                continue
            packed = row[cards][1]
            value = meld_total(find_melds_packed(packed, trump, rules))
            if losing:
                value -= trick_loss(rules, _counts(packed, trump, ranks))
            if best is None or value > best[0]:
                best = (value, packed)
    return best


#: How two hands share the two copies of a card: (first hand, second hand).
_SPLITS = ((0, 0), (1, 0), (0, 1), (2, 0), (1, 1), (0, 2))
_SUIT_SHIFT = RANK_SLOTS * BITS

_PairRow = dict[tuple[int, int], tuple[int, int, int]]
_Sig = tuple[int, ...]


def _pair_table(rules: Rules, ranks: list[Rank], is_trump: bool,
                losing: bool) -> dict[_Sig, _PairRow]:
    """For one suit (trumps or plain), every way two hands share its cards, by the floors
    they meet: the counts of A, K, Q, J in the first hand then in the second (a floor's row
    holds every split meeting it).  Each row maps the two hands' numbers of cards of the suit
    to the best sum of their melds within the suit, with the two hands' cards packed as
    clubs."""
    trump = Suit.CLUBS if is_trump else Suit.SPADES
    value: dict[tuple[int, ...], tuple[int, int]] = {}
    for vector in product(range(3), repeat=len(ranks)):
        packed = _pack(Suit.CLUBS, dict(zip(ranks, vector, strict=True)))
        value[vector] = (sum(m.points for m in find_melds_packed(packed, trump, rules)
                             if m.suit is Suit.CLUBS), packed)
    meld_ranks = [ranks.index(r) for r in _RANK_MELD_RANKS if r in ranks]
    table: dict[_Sig, _PairRow] = {}
    for split in product(_SPLITS, repeat=len(ranks)):
        a = tuple(s[0] for s in split)
        b = tuple(s[1] for s in split)
        va, pa = value[a]
        vb, pb = value[b]
        if losing and is_trump:  # the two hands' trumps together
            va -= trick_loss(rules, {r: x + y for r, x, y in zip(ranks, a, b, strict=True)})
        sig = tuple(a[i] for i in meld_ranks) + tuple(b[i] for i in meld_ranks)
        row = table.setdefault(sig, {})
        key = (sum(a), sum(b))
        if key not in row or row[key][0] < va + vb:
            row[key] = (va + vb, pa, pb)
    # Upward closure: a floor's row holds the best split meeting it (every count >= floor).
    k = len(meld_ranks)
    for i in range(2 * k):
        j = i + k if i < k else i - k  # the other hand's count of the same rank
        for sig in sorted(table, key=lambda s: -s[i]):
            up = list(sig)
            up[i] += 1
            if up[i] + sig[j] > 2:
                continue
            src = table[tuple(up)]
            row = table[sig]
            for key, entry in src.items():
                if key not in row or row[key][0] < entry[0]:
                    row[key] = entry
    return table


def _pareto(row: _PairRow, cards: int) -> _PairRow:
    """The entries no other entry beats with as many cards or fewer in both hands (a hand
    with fewer cards is filled up from the cards nobody melds with, and melds never fall)."""
    out: _PairRow = {}
    for key, entry in sorted(row.items(), key=lambda kv: -kv[1][0]):
        if key[0] <= cards and key[1] <= cards and not any(
                n <= key[0] and m <= key[1] for n, m in out):
            out[key] = entry
    return out


def _combine_pair(left: _PairRow, right: _PairRow, cards: int) -> _PairRow:
    out: _PairRow = {}
    for (n, m), (v, p, q) in left.items():
        for (k, j), (w, s, t) in right.items():
            key = (n + k, m + j)
            if key[0] <= cards and key[1] <= cards and (key not in out or out[key][0] < v + w):
                out[key] = (v + w, p | s, q | t)
    return _pareto(out, cards)


#: max_meld_pair's answers, by what melds depend on (rule sets that differ only in bidding,
#: targets or play share one answer).
_PAIRS: dict[tuple[object, ...], tuple[int, int, int, Suit]] = {}


def _meld_key(rules: Rules, cards: int, losing: bool) -> tuple[object, ...]:
    return (cards, rules.ranks, rules.doubled_melds_twice, losing and rules.dabb_size,
            *(v for k, v in sorted(rules.fields().items()) if k.startswith("meld_")))


def max_meld_pair(rules: Rules, cards: int, losing: bool = False) -> tuple[int, int, int, Suit]:
    """The most meld points two hands of ``cards`` cards each, dealt from one pack, score
    together under one trump, with two such hands (packed; a hand may be short of ``cards``
    when no more cards would add melds) and the trump; with ``losing``, the most meld points
    less :func:`trick_loss` of the two hands' trumps together (holding more cards never
    raises the loss: a trump that leaves the cards above it was worth at least the cheapest).

    Exact, by :func:`max_melds`'s method for two hands at once: for every pair of floors (the
    least count of A, K, Q, J over the suits in each hand, and each hand's Q♠-J♦ couples) a
    knapsack over the four suits fits each suit's best split between the hands meeting them;
    the engine's :func:`find_melds_packed` scores the hands found.  Floors are tried from the
    most promising down and dropped once even a relaxed knapsack cannot beat the best pair.
    """
    key = _meld_key(rules, cards, losing)
    found = _PAIRS.get(key)
    if found is None:
        found = _PAIRS[key] = _max_meld_pair(rules, cards, losing)
    return found


def _max_meld_pair(rules: Rules, cards: int, losing: bool) -> tuple[int, int, int, Suit]:
    ranks = sorted(rules.ranks)
    # A Seven melds only as the trump Seven (the Dissle): in a plain suit it is filler.
    plain: list[Rank] = [r for r in ranks if r is not Rank.SEVEN]
    tables = {flag: {sig: _pareto(row, cards)
                     for sig, row in _pair_table(rules, ranks if flag else plain, flag,
                                                 losing).items()}
              for flag in (True, False)}
    tops = {flag: {sig: max((v for v, _, _ in row.values()), default=-1) for sig, row in t.items()}
            for flag, t in tables.items()}
    meld_ranks = [r for r in _RANK_MELD_RANKS if r in ranks]
    k = len(meld_ranks)
    q_at = meld_ranks.index(Rank.QUEEN) if Rank.QUEEN in meld_ranks else None
    j_at = meld_ranks.index(Rank.JACK) if Rank.JACK in meld_ranks else None

    @functools.cache
    def across(floors: tuple[int, ...], b: int, trump: Suit) -> int:
        hand = 0
        for suit in Suit:
            for rank, f in zip(meld_ranks, floors, strict=True):
                count = f
                if b and ((suit is Suit.SPADES and rank is Rank.QUEEN)
                          or (suit is Suit.DIAMONDS and rank is Rank.JACK)):
                    count = max(f, b)
                hand += count << ((suit * RANK_SLOTS + rank) * BITS)
        if b and q_at is None:
            hand += b << ((Suit.SPADES * RANK_SLOTS + Rank.QUEEN) * BITS)
        if b and j_at is None:
            hand += b << ((Suit.DIAMONDS * RANK_SLOTS + Rank.JACK) * BITS)
        return sum(m.points for m in find_melds_packed(hand, trump, rules) if m.suit is None)

    combos: list[tuple[int, Suit, list[_Sig], list[bool]]] = []
    for trump in (Suit.CLUBS, Suit.SPADES, Suit.DIAMONDS):  # hearts trump mirrors clubs
        for pairs in product(_SPLITS, repeat=k):
            fa = tuple(p[0] for p in pairs)
            fb = tuple(p[1] for p in pairs)
            if 4 * sum(fa) > cards or 4 * sum(fb) > cards:
                continue
            for ba, bb in _SPLITS:
                if (*fa, ba) < (*fb, bb):
                    continue  # the same pair of hands the other way round
                sigs = []
                for suit in Suit:
                    sa, sb = list(fa), list(fb)
                    if suit is Suit.SPADES and q_at is not None:
                        sa[q_at], sb[q_at] = max(sa[q_at], ba), max(sb[q_at], bb)
                    if suit is Suit.DIAMONDS and j_at is not None:
                        sa[j_at], sb[j_at] = max(sa[j_at], ba), max(sb[j_at], bb)
                    sigs.append(tuple(sa) + tuple(sb))
                if any(s[i] + s[i + k] > 2 for s in sigs for i in range(k)):
                    continue
                flags = [suit is trump for suit in Suit]
                if any(tops[f][s] < 0 for f, s in zip(flags, sigs, strict=True)):
                    continue  # a suit cannot meet its floors within the hand size
                bound = (across(fa, ba, trump) + across(fb, bb, trump)
                         + sum(tops[f][s] for f, s in zip(flags, sigs, strict=True)))
                combos.append((bound, trump, sigs, flags))
    combos.sort(key=lambda c: -c[0])

    @functools.cache
    def pair_of(first: int, sig0: _Sig, flag0: bool, sig1: _Sig, flag1: bool) -> _PairRow:
        rows = [{key: (v, p << (s * _SUIT_SHIFT), q << (s * _SUIT_SHIFT))
                 for key, (v, p, q) in tables[f][sig].items()}
                for s, f, sig in ((first, flag0, sig0), (first + 1, flag1, sig1))]
        return _combine_pair(rows[0], rows[1], cards)

    best: tuple[int, int, int, Suit] | None = None
    total = 2 * cards

    @functools.cache
    def line(sig: _Sig, flag: bool) -> tuple[int, ...]:
        row = tables[flag][sig]
        return tuple(max((v for (n, m), (v, _, _) in row.items() if n + m <= t), default=-1)
                     for t in range(total + 1))

    @functools.cache
    def line2(sig0: _Sig, flag0: bool, sig1: _Sig, flag1: bool) -> tuple[int, ...]:
        a, b = line(sig0, flag0), line(sig1, flag1)
        return tuple(max(a[i] + b[t - i] for i in range(t + 1)) for t in range(total + 1))

    for bound, trump, sigs, flags in combos:
        if best is not None and bound <= best[0]:
            break
        a = line2(sigs[0], flags[0], sigs[1], flags[1])
        b = line2(sigs[2], flags[2], sigs[3], flags[3])
        suits = sum(tops[f][s] for f, s in zip(flags, sigs, strict=True))
        relaxed = bound - suits + max(a[i] + b[total - i] for i in range(total + 1))
        if best is not None and relaxed <= best[0]:
            continue
        left = pair_of(0, sigs[0], flags[0], sigs[1], flags[1])
        right = pair_of(2, sigs[2], flags[2], sigs[3], flags[3])
        top: tuple[int, int, int] | None = None
        for (n, m), (v, p, q) in left.items():
            for (n2, m2), (w, p2, q2) in right.items():
                if n + n2 <= cards and m + m2 <= cards and (top is None or v + w > top[0]):
                    top = (v + w, p | p2, q | q2)
        if top is None:
            continue
        pa, pb = top[1], top[2]
        value = (meld_total(find_melds_packed(pa, trump, rules))
                 + meld_total(find_melds_packed(pb, trump, rules)))
        if losing:
            value -= trick_loss(rules, _counts(pa + pb, trump, ranks))
        if best is None or value > best[0]:
            best = (value, pa, pb, trump)
    if best is None:
        raise ValueError(f"{rules.name}: no two hands of {cards} cards")
    return best


def side_melds(rules: Rules, seats: int) -> int:
    """The most meld points ``seats`` seats of one hand score together: no more than
    :func:`max_meld_pair` a pair of them and :func:`max_melds` a seat left over."""
    size = rules.hand_size
    pairs = seats // 2 * max_meld_pair(rules, size)[0] if seats >= 2 else 0
    return pairs + seats % 2 * max_melds(rules, size)[0]


def side_take(rules: Rules, seats: int) -> int | None:
    """The most ``seats`` seats (one or two) that do not declare score in melds and card points
    of tricks together in a trump game, before rounding: the pack's points and the last trick
    less :func:`trick_loss` of their trumps, plus their melds (None for more seats)."""
    if seats not in (1, 2):
        return None
    size = rules.hand_size
    best = max_melds(rules, size, True)[0] if seats == 1 else max_meld_pair(rules, size, True)[0]
    return pack_points(rules) + best


#: :func:`derive_hand_return_bounds` of the built-in rule sets, so that a game's first load
#: does not run the knapsacks (about a second, two with Sevens); tests/env/test_bounds.py
#: derives every one again and fails if a value here is stale or a built-in rule set is missing.
BUILT_IN_BOUNDS: dict[str, tuple[float, float]] = {
    "binokel": (-4781.0, 3542.0),
    "binokel-4": (-12362 / 3, 2248.0),
    "kreuzbinokel": (-10576 / 3, 10576 / 3),
    "binokel-4-dealer-out": (-12562 / 3, 3042.0),
    "binokel-sevens": (-4880.0, 3650.0),
    **dict.fromkeys(("binokel-to-1000", "binokel-to-2000", "binokel-12-hands", "binokel-bid-200",
                     "binokel-bid-250", "binokel-jumps", "binokel-open-durch",
                     "binokel-eights-graded"), (-4781.0, 3542.0)),
}


def hand_return_bounds(rules: Rules) -> tuple[float, float]:
    """The least and the most a seat's return of one hand can be (valid for every deal and
    play): :data:`BUILT_IN_BOUNDS` for a built-in rule set as shipped, otherwise
    :func:`derive_hand_return_bounds` (cached)."""
    known = BUILT_IN_BOUNDS.get(rules.name)
    if known is not None and rules == _SHIPPED.get(rules.name):
        return known
    return _derived(rules)


#: The built-in rule sets as shipped (a rule set registered later under one of their names,
#: or changed by a field, is derived, not looked up).
_SHIPPED: dict[str, Rules] = {rules.name: rules for rules in PRESETS}


@functools.lru_cache(maxsize=64)
def _derived(rules: Rules) -> tuple[float, float]:
    return derive_hand_return_bounds(rules)


def derive_hand_return_bounds(rules: Rules) -> tuple[float, float]:
    """The least and the most a seat's return of one hand can be, derived from the rules
    (valid for every deal and play; see the module docstring for the derivation)."""
    n = rules.players
    m = len(rules.teams[0]) if rules.teams else 1  # seats sharing a side's score
    active = rules.active_players
    sides = active // m
    others = n - m
    top_bid = rules.max_bid
    full = pack_points(rules)
    # In a trump game the cards laid away count for the declarer alone: the tricks hold the
    # rest, and no card is worth less than the pack's cheapest.
    tricks = full - rules.dabb_size * min(CARD_POINTS[r] for r in rules.ranks)

    def together(points: int, count: int) -> int:  # ``count`` sides', each rounded by 5 at most
        return points + 5 * count if rules.round_trick_points else points

    own = side_melds(rules, m)  # what a seat's side melds
    against = side_melds(rules, active - m)  # what the declaring side's opponents meld
    # What a side that does not declare scores in a trump game: no more than all tricks and
    # its melds, nor than side_take (rounded: 5 more a side).
    own_take = card_points(rules, tricks) + own
    against_take = together(tricks, sides - 1) + against
    take = side_take(rules, m)
    if take is not None:
        own_take = min(own_take, together(take, 1))
    take = side_take(rules, active - m)
    if take is not None:
        against_take = min(against_take, together(take, sides - 1))
    everyone = side_melds(rules, active)
    kept, kept_against = (own, against) if rules.give_up_keeps_melds else (0, 0)
    bonus = rules.give_up_bonus
    durch = [v for on, v in ((rules.durch_allowed, rules.durch_value),
                             (rules.open_durch, rules.open_durch_value),
                             (rules.open_durch_without_dabb,
                              rules.open_durch_without_dabb_value)) if on]
    value = max(durch, default=0)
    highs = [
        (others * own_take + 2 * m * top_bid) / (n - 1),  # against a missed top bid
        others * (card_points(rules, full) + own) / (n - 1),  # a trump game made
        others * value / (n - 1),  # a Durch won
        (others * (m * bonus + kept) + m * top_bid - m * (sides - 2) * m * bonus) / (n - 1),
    ]
    lows = [
        (others * -2 * top_bid - m * against_take) / (n - 1),
        -others * value / (n - 1),  # a Durch lost
        (others * -top_bid - m * ((active - m) * bonus + kept_against)) / (n - 1),  # given up
        # A seat whose side scores nothing or more, against everyone else's points and melds.
        -m * (max(together(full, sides), active * bonus) + everyone) / (n - 1),
    ]
    if active < n:  # a seat sitting out scores nothing
        highs.append(2 * m * top_bid / (n - 1))
    return float(min(lows)), float(max(highs))
