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

Card points of all tricks together are at most the pack's points plus the last-trick bonus
(where the rules round: one side's up to the next ten, all sides' 5 more a side).  A seat melds
the ``hand_size`` cards it holds when play starts (the declarer after laying away), so no seat
melds more than :func:`max_melds` of that many cards; several seats together meld at most that
much each.

These bounds are valid for every rule set; how close a dealt and played hand comes to them is
measured in tests/env/test_bounds.py (decision env-18): they are not exact.

>>> from binokel.games.binokel.rules import BINOKEL
>>> max_melds(BINOKEL, 12)[0]
1800
>>> hand_return_bounds(BINOKEL)
(-4925.0, 3550.0)
"""

from __future__ import annotations

import functools
from itertools import product

from ..cards import BITS, CARD_POINTS, RANK_SLOTS, Rank, Suit
from ..games.binokel.melds import find_melds_packed, meld_total
from ..games.binokel.rules import Rules

#: The ranks whose presence across the four suits makes a rank meld (four / eight of a kind).
_RANK_MELD_RANKS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)


@functools.lru_cache(maxsize=64)
def max_melds(rules: Rules, cards: int) -> tuple[int, int, Suit]:
    """The most meld points a hand of exactly ``cards`` cards scores under any trump, with one
    such hand (packed) and its trump.

    Exact: the meld value splits into per-suit melds (family, pair) and melds across suits
    (Binokel, four/eight of a rank, Dissle) that depend only on the least count of a rank over
    the suits, the counts of Q♠ and J♦ and of the trump Seven.  For every level of those, the
    best per-suit melds with that suit's share of the cards is a small knapsack over the four
    suits; the best hand found is scored by the engine's own :func:`find_melds_packed`.
    """
    ranks = sorted(rules.ranks)
    best: tuple[int, int, Suit] | None = None
    for trump in Suit:
        found = _best_for_trump(rules, ranks, trump, cards)
        if found is not None and (best is None or found[0] > best[0]):
            best = (found[0], found[1], trump)
    if best is None:
        raise ValueError(f"{rules.name}: no hand of {cards} cards")
    return best


def _pack(suit: Suit, counts: dict[Rank, int]) -> int:
    return sum(c << ((suit * RANK_SLOTS + r) * BITS) for r, c in counts.items())


#: A suit's share of a hand: the best (suit meld points, packed cards) per number of cards.
_Row = dict[int, tuple[int, int]]


def _suit_rows(rules: Rules, ranks: list[Rank], suit: Suit,
               trump: Suit) -> dict[tuple[tuple[int, ...], int], _Row]:
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


def _best_for_trump(rules: Rules, ranks: list[Rank], trump: Suit,
                    cards: int) -> tuple[int, int] | None:
    # Every hand has some least count of A, K, Q, J over the suits and some number of Q♠-J♦
    # couples: for each such floor, the best cards meeting it are the best of each suit's
    # cards meeting it, fitted to the hand size; the engine scores the hand so found.
    tables = [_suit_rows(rules, ranks, suit, trump) for suit in Suit]
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
            if best is None or value > best[0]:
                best = (value, packed)
    return best


def _round10(points: int) -> int:
    return (points + 5) // 10 * 10


def hand_return_bounds(rules: Rules) -> tuple[float, float]:
    """The least and the most a seat's return of one hand can be (valid for every deal and
    play; see the module docstring for the derivation)."""
    n = rules.players
    m = len(rules.teams[0]) if rules.teams else 1  # seats sharing a side's score
    active = rules.active_players
    top_bid = rules.max_bid
    points = 2 * sum(CARD_POINTS[r] for r in rules.ranks) * 4 + rules.last_trick_bonus
    cards = _round10(points) if rules.round_trick_points else points
    # Rounded side by side, the sides' card points together may pass the pack's by 5 a side.
    shared = points + 5 * (active // m) if rules.round_trick_points else points
    melds = max_melds(rules, rules.hand_size)[0]
    kept = melds if rules.give_up_keeps_melds else 0
    bonus = rules.give_up_bonus
    durch = [v for on, v in ((rules.durch_allowed, rules.durch_value),
                             (rules.open_durch, rules.open_durch_value),
                             (rules.open_durch_without_dabb,
                              rules.open_durch_without_dabb_value)) if on]
    value = max(durch, default=0)
    others = n - m
    side = cards + m * melds  # the most one side scores in a trump game
    highs = [
        (others * side + 2 * m * top_bid) / (n - 1),  # against a missed top bid
        others * value / (n - 1),  # a Durch won
        (others * m * (bonus + kept) + m * top_bid - (active // m - 2) * m * bonus) / (n - 1),
    ]
    lows = [
        (others * -2 * top_bid - m * (shared + (active - m) * melds)) / (n - 1),  # top bid missed
        -others * value / (n - 1),  # a Durch lost
        (others * -top_bid - m * (active - m) * (bonus + kept)) / (n - 1),  # given up
    ]
    if active < n:  # a seat sitting out scores nothing
        highs.append(2 * top_bid / (n - 1))
        lows.append(-(shared + active * melds) / (n - 1))
    return float(min(lows)), float(max(highs))
