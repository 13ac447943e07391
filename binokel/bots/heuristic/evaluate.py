"""What a hand is worth to its declarer: melds, estimated trick points and discards, per trump.

The declarer's total is melds (exact, :func:`binokel.games.binokel.melds.find_melds_packed`) plus
the card
points of the discard (exact) plus the trick points, which are estimated by a linear
:class:`TrickModel` over a few counts (trump length, trump and side Aces and Tens, voids, who
leads).  Its coefficients were fitted by :mod:`binokel.tools.calibrate` on hands the medium bot
played out; ``sigma`` is the spread of the real trick points around the estimate, which turns a
value into a chance of making a bid.

Discards keep every card of the best melds and then lay away, one at a time, the card that adds
most (its points, which count for the declarer, plus the change in estimated trick points).
A Durch is offered only when it cannot fail (:func:`durch_discard`).

>>> from binokel.cards import format_cards, pack, parse_cards, unpack, Suit
>>> from binokel.games.binokel.rules import BINOKEL
>>> hand = pack(parse_cards("A♥ A♥ 10♥ K♥ Q♥ J♥ A♠ 10♠ K♠ A♣ Q♠ J♦ K♦ Q♦ J♣ J♠"))
>>> option = best_option(hand, int(Suit.HEARTS), BINOKEL, leads=False)
>>> option.melds, format_cards(unpack(option.discard))
(330, 'A♣ A♥ K♦ Q♦')
"""

from __future__ import annotations

import functools
import math
import random
from dataclasses import dataclass

from ...cards import CARD_POINTS, ONE, RANK_SLOTS, SUIT_MASK, Rank, Suit, points_of
from ...games.binokel.melds import find_melds_packed, meld_total
from ...games.binokel.rules import FirstLead, Rules
from ...games.binokel.scoring import pack_points
from ...games.binokel.tricks import NO_TRUMP
from ...search.knowledge import full_pack, join, kinds_list, minus, size

FEATURES = (
    "constant", "trump length", "trump aces", "trump tens", "trump low",
    "side aces", "side tens guarded", "side tens bare", "side low",
    "side voids", "side singletons", "leads first", "trump length over 5",
)


class TrickModel:
    """A linear estimate of the declarer's trick points (last-trick bonus included).

    Every feature but the constant and the lead belongs to one suit, so the estimate is a sum of
    per-suit terms; those are cached, which makes trying discards cheap.
    """

    __slots__ = ("_removals", "_suits", "coefficients", "sigma")

    def __init__(self, *, coefficients: tuple[float, ...], sigma: float) -> None:
        self.coefficients = coefficients
        self.sigma = sigma
        self._suits: dict[tuple[int, bool], float] = {}
        self._removals: dict[tuple[int, int, bool, int], tuple[tuple[float, int], ...]] = {}

    def __repr__(self) -> str:
        return f"TrickModel(coefficients={self.coefficients!r}, sigma={self.sigma!r})"

    def estimate(self, hand: int, trump: int, *, leads: bool) -> float:
        c = self.coefficients
        value = c[0] + (c[11] if leads else 0.0)
        for suit in range(4):
            value += self.suit_value((hand >> (suit * 2 * RANK_SLOTS)) & 0xFFFF, suit == trump)
        return value

    def suit_value(self, bits: int, is_trump: bool) -> float:
        """The part of the estimate that one suit's cards (packed, 16 bits) contribute."""
        key = (bits, is_trump)
        found = self._suits.get(key)
        if found is None:
            f = [0.0] * len(FEATURES)
            _suit_features(f, bits, is_trump)
            found = self._suits[key] = sum(c * x for c, x in zip(self.coefficients, f,
                                                                 strict=True))
        return found

    def removals(self, bits: int, free: int, is_trump: bool,
                 most: int) -> tuple[tuple[float, int], ...]:
        """For ``j = 0, 1, ...``: the best (suit value after + points laid, cards laid) when
        laying away ``j`` of the ``free`` cards of one suit (both packed, 16 bits)."""
        key = (bits, free, is_trump, most)
        found = self._removals.get(key)
        if found is None:
            if len(self._removals) > 500_000:
                self._removals.clear()
            best: list[tuple[float, int]] = []
            for laid, count, points in _sub_multisets(free, most):
                value = self.suit_value(bits - laid, is_trump) + points
                while len(best) <= count:
                    best.append((-math.inf, 0))
                if value > best[count][0]:
                    best[count] = (value, laid)
            found = self._removals[key] = tuple(best)
        return found


def _sub_multisets(bits: int, most: int) -> list[tuple[int, int, int]]:
    """Every sub-multiset of a suit's packed cards with at most ``most`` cards:
    (packed, count, card points)."""
    out = [(0, 0, 0)]
    for rank in range(RANK_SLOTS):
        have = (bits >> (2 * rank)) & 3
        if not have:
            continue
        grown = []
        for laid, count, points in out:
            for extra in range(1, have + 1):
                if count + extra > most:
                    break
                grown.append((laid + extra * ONE[rank], count + extra,
                              points + extra * CARD_POINTS[rank]))
        out.extend(grown)
    return out


# Fitted by `python -m binokel.tools.calibrate --rules binokel` (see docs/decisions).
BINOKEL_MODEL = TrickModel(
    coefficients=(14.6, 17.4, 15.3, 4.6, -2.4, 10.3, -6.1, -14.9, -6.8, 30.1, 10.6, 1.8, -10.6),
    sigma=19.8,
)


def features(hand: int, trump: int, *, leads: bool) -> list[float]:
    """The model's inputs for a kept hand and a trump suit (see :data:`FEATURES`)."""
    f = [0.0] * len(FEATURES)
    f[0] = 1.0
    f[11] = 1.0 if leads else 0.0
    for suit in range(4):
        _suit_features(f, (hand >> (suit * 2 * RANK_SLOTS)) & 0xFFFF, suit == trump)
    return f


def _suit_features(f: list[float], bits: int, is_trump: bool) -> None:
    aces = (bits >> 14) & 3
    tens = (bits >> 12) & 3
    low = size(bits & 0x0FFF)
    if is_trump:
        f[1] += aces + tens + low
        f[2] += aces
        f[3] += tens
        f[4] += low
        f[12] += max(0, aces + tens + low - 5)
        return
    f[5] += aces
    if aces:
        f[6] += tens
    else:
        f[7] += tens
    f[8] += low
    n = aces + tens + low
    if n == 0:
        f[9] += 1
    elif n == 1:
        f[10] += 1


@dataclass(frozen=True, slots=True)
class SideModel:
    """What a declarer's partners add to the declarer's own estimated total, in team games:
    ``slope`` × the pack's points not in that total + ``offset``; ``sigma`` is the spread of the
    side's real points (counted melds, tricks, discard) around the sum.

    >>> from binokel.games.binokel.rules import KREUZBINOKEL
    >>> round(TEAM_SIDE.share(KREUZBINOKEL, 150.0), 1)
    26.6
    """

    slope: float
    offset: float
    sigma: float

    def share(self, rules: Rules, value: float) -> float:
        total = pack_points(rules)
        return self.slope * max(0.0, total - min(value, total)) + self.offset


# Fitted by `python -m binokel.tools.calibrate --rules kreuzbinokel --side` on 400 hands that
# medium players declared (see docs/decisions/bots-06-heuristic-levels.md).  The declarer's own
# estimate runs high at nine cards a hand, hence the negative offset and the wide spread.
TEAM_SIDE = SideModel(slope=0.478, offset=-21.2, sigma=48.0)


@functools.cache
def model_for(rules: Rules) -> TrickModel:
    """The trick model for a rule set: the fitted one, scaled to the points of a trick.

    The coefficients were fitted for three players with 12 cards; other shapes scale the estimate
    by the mean card points of a trick (``pack points / tricks``) against Binokel's 250 / 12.
    """
    scale = (pack_points(rules) / rules.hand_size) / (250 / 12)
    if abs(scale - 1.0) < 1e-9:
        return BINOKEL_MODEL
    coefficients = tuple(c * scale for c in BINOKEL_MODEL.coefficients)
    return TrickModel(coefficients=coefficients, sigma=BINOKEL_MODEL.sigma * scale)


@dataclass(frozen=True, slots=True)
class Option:
    """One way to play a declared hand: a trump suit, the discard, and what it should bring."""

    trump: int
    discard: int
    kept: int
    melds: int
    tricks: float
    discard_points: int

    @property
    def value(self) -> float:
        """Expected total for the declarer (melds + tricks + discard)."""
        return self.melds + self.tricks + self.discard_points


def leads_first(rules: Rules, *, forehand: bool) -> bool:
    """Whether the declarer leads to the first trick of a trump game."""
    return forehand or rules.first_lead is FirstLead.DECLARER


def best_option(hand: int, trump: int, rules: Rules, *, leads: bool,
                model: TrickModel | None = None, discards: int | None = None) -> Option:
    """The discard that maximises melds + estimated tricks + discard points for ``trump``."""
    model = model or model_for(rules)
    n = rules.dabb_size if discards is None else discards
    melds = find_melds_packed(hand, _suit(trump), rules)
    keep = meld_keep(hand, trump, rules)
    laid_first = 0
    while n and size(hand) - n < size(keep):
        # More meld cards than can be kept (rare): lay away the one that costs least.
        kind = max(_distinct(keep), key=lambda k: meld_total(find_melds_packed(
            hand - ONE[k], _suit(trump), rules)) + CARD_POINTS[k % RANK_SLOTS]
            + model.estimate(hand - ONE[k], trump, leads=leads))
        hand -= ONE[kind]
        laid_first += ONE[kind]
        n -= 1
        melds = find_melds_packed(hand, _suit(trump), rules)
        keep = meld_keep(hand, trump, rules)
    free = hand - keep
    tables = [model.removals((hand >> (16 * s)) & 0xFFFF, (free >> (16 * s)) & 0xFFFF,
                             s == trump, n) for s in range(4)]
    laid = _combine(tables, n)
    kept = hand - laid
    laid += laid_first
    return Option(trump=trump, discard=laid, kept=kept, melds=meld_total(melds),
                  tricks=model.estimate(kept, trump, leads=leads), discard_points=points_of(laid))


def _combine(tables: list[tuple[tuple[float, int], ...]], n: int) -> int:
    """The discard (packed) of ``n`` cards that maximises the sum of the suits' table values."""
    low = _merge(tables[0], tables[1], 16, n)
    high = _merge(tables[2], tables[3], 16, n)
    best_value, best_laid = -math.inf, 0
    for j in range(max(0, n - len(high) + 1), min(n, len(low) - 1) + 1):
        value = low[j][0] + high[n - j][0]
        if value > best_value:
            best_value, best_laid = value, low[j][1] + (high[n - j][1] << 32)
    return best_laid


def _merge(a: tuple[tuple[float, int], ...], b: tuple[tuple[float, int], ...], shift: int,
           n: int) -> list[tuple[float, int]]:
    out = [(-math.inf, 0)] * min(n + 1, len(a) + len(b) - 1)
    for i, (va, la) in enumerate(a):
        if i > n:
            break
        for j, (vb, lb) in enumerate(b):
            if i + j > n:
                break
            value = va + vb
            if value > out[i + j][0]:
                out[i + j] = (value, la + (lb << shift))
    return out


def meld_keep(hand: int, trump: int, rules: Rules) -> int:
    """The cards of ``hand`` that its best melds use (as
    :func:`~binokel.search.knowledge.meld_cards` of
    :func:`~binokel.games.binokel.melds.find_melds_packed`, computed from the counts)."""
    suit_kind = 0
    for suit in range(4):
        bits = (hand >> (16 * suit)) & 0xFFFF
        a, t, k, q, j = ((bits >> 14) & 3, (bits >> 12) & 3, (bits >> 10) & 3, (bits >> 8) & 3,
                         (bits >> 6) & 3)
        families = a if a < t else t
        families = families if families < k else k
        families = families if families < q else q
        families = families if families < j else j
        pairs = (k if k < q else q) - families
        if families:
            suit_kind += (families * _FAMILY_BITS + pairs * _PAIR_BITS) << (16 * suit)
        elif pairs:
            suit_kind += (pairs * _PAIR_BITS) << (16 * suit)
    qs, jd = (hand >> (2 * _QS)) & 3, (hand >> (2 * _JD)) & 3
    keep = join(suit_kind, (qs if qs < jd else jd) * (ONE[_QS] + ONE[_JD]))
    for rank, row in _RANK_ROWS:
        if rank not in rules.ranks:
            continue
        sets = 2
        for s in range(4):
            c = (hand >> (2 * (s * RANK_SLOTS + rank))) & 3
            if c < sets:
                sets = c
                if not c:
                    break
        if sets:
            keep = join(keep, sets * row)
    if trump != NO_TRUMP and rules.has_sevens:
        seven = trump * RANK_SLOTS + Rank.SEVEN
        keep = join(keep, ((hand >> (2 * seven)) & 3) * ONE[seven])
    return keep


_FAMILY_BITS = sum(ONE[r] for r in (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK))
_PAIR_BITS = ONE[Rank.KING] + ONE[Rank.QUEEN]
_RANK_ROWS = tuple((rank, sum(ONE[s * RANK_SLOTS + rank] for s in range(4)))
                   for rank in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK))
_QS = Suit.SPADES * RANK_SLOTS + Rank.QUEEN
_JD = Suit.DIAMONDS * RANK_SLOTS + Rank.JACK


def _suit(trump: int) -> Suit | None:
    return None if trump == NO_TRUMP else Suit(trump)


def _distinct(packed: int) -> list[int]:
    out = []
    kind = 0
    while packed:
        if packed & 3:
            out.append(kind)
        packed >>= 2
        kind += 1
    return out


def options(hand: int, rules: Rules, *, leads: bool, model: TrickModel | None = None,
            discards: int | None = None) -> list[Option]:
    """The best option for every trump suit, best first."""
    found = [best_option(hand, s, rules, leads=leads, model=model, discards=discards)
             for s in range(4)]
    found.sort(key=lambda o: -o.value)
    return found


def durch_discard(hand: int, rules: Rules, *, discards: int | None = None,
                  unseen_out: bool = True) -> int | None:
    """A discard after which a Durch cannot fail, or ``None``.

    Leading from the top of each suit, the declarer wins every trick as long as no card still
    out ranks above a card of his; identical cards are no danger, the first played wins.  Every
    card not in ``hand`` is taken to be out (``unseen_out``), since it may be in an opponent's
    hand.  The caller checks that Durch is allowed.
    """
    n = rules.dabb_size if discards is None else discards
    out = minus(full_pack(rules), hand) if unseen_out else 0
    must: list[int] = []
    for suit in range(4):
        out_suit = out & SUIT_MASK[suit]
        if not out_suit:
            continue
        top_out = max(k for k in _distinct(out_suit))
        for kind in kinds_list(hand & SUIT_MASK[suit]):
            if kind < top_out:
                must.append(kind)
    if len(must) > n:
        return None
    laid = sum(ONE[k] for k in must)
    rest = kinds_list(hand - laid)
    rest.sort(key=lambda k: (k % RANK_SLOTS, k))  # fill the discard with the lowest cards
    for kind in rest[: n - len(must)]:
        laid += ONE[kind]
    return laid


def make_chance(value: float, bid: int, sigma: float) -> float:
    """The chance that a hand worth ``value`` on average reaches ``bid``."""
    if sigma <= 0:
        return 1.0 if value >= bid else 0.0
    return 0.5 * math.erfc((bid - value) / (sigma * math.sqrt(2.0)))


def play_ev(value: float, bid: int, sigma: float) -> float:
    """The declarer's expected score for playing a hand worth ``value`` at ``bid`` (§7)."""
    p = make_chance(value, bid, sigma)
    return p * max(value, bid) - (1.0 - p) * 2 * bid


def sample_dabbs(hand: int, rules: Rules, rng: random.Random, count: int) -> list[int]:
    """``count`` Dabbs drawn from the cards the seat does not hold."""
    unseen = kinds_list(minus(full_pack(rules), hand))
    out = []
    for _ in range(count):
        dabb = 0
        for kind in rng.sample(unseen, rules.dabb_size):
            dabb += ONE[kind]
        out.append(dabb)
    return out


@dataclass(frozen=True, slots=True)
class DabbOutcome:
    """What one sampled Dabb would give: the best trump option's value and whether Durch is safe."""

    value: float
    durch: bool


def bid_outcomes(hand: int, rules: Rules, rng: random.Random, samples: int, *,
                 leads: bool, model: TrickModel | None = None) -> list[DabbOutcome]:
    """For sampled Dabbs, the best value the declarer could reach with each."""
    out = []
    for dabb in sample_dabbs(hand, rules, rng, samples) if rules.dabb_size else [0]:
        full = hand + dabb
        best = options(full, rules, leads=leads, model=model)[0]
        durch = rules.durch_allowed and durch_discard(full, rules) is not None
        out.append(DabbOutcome(value=best.value, durch=durch))
    return out


def make_share(outcomes: list[DabbOutcome], bid: int, sigma: float) -> float:
    """The chance of making ``bid`` over the sampled Dabbs: per Dabb the chance that the best
    option reaches it (1 where a Durch cannot fail); giving up counts as not made.

    >>> round(make_share([DabbOutcome(300.0, False), DabbOutcome(100.0, False)], 200, 20.0), 3)
    0.5
    """
    if not outcomes:
        return 0.0
    return sum(1.0 if o.durch else make_chance(o.value, bid, sigma)
               for o in outcomes) / len(outcomes)


def expected_score(outcomes: list[DabbOutcome], bid: int, rules: Rules, sigma: float, *,
                   shrink: float = 0.0) -> float:
    """The declarer's expected score at ``bid``: per Dabb the best of playing, Durch, giving up.

    ``shrink`` standard errors of the sample mean are taken off: the bidder whose sampled Dabbs
    happened to be lucky would otherwise win the auction too often (the winner's curse).
    """
    values = []
    for o in outcomes:
        best = max(play_ev(o.value, bid, sigma), -float(bid))
        if o.durch:
            best = max(best, float(rules.durch_value))
        values.append(best)
    n = len(values)
    mean = sum(values) / n
    if shrink and n > 1:
        var = sum((v - mean) ** 2 for v in values) / (n - 1)
        mean -= shrink * math.sqrt(var / n)
    return mean


__all__ = [
    "BINOKEL_MODEL", "FEATURES", "TEAM_SIDE", "DabbOutcome", "Option", "SideModel", "TrickModel",
    "best_option", "bid_outcomes", "durch_discard", "expected_score", "features", "leads_first",
    "make_chance", "make_share", "meld_keep", "model_for", "options", "pack_points", "play_ev",
    "sample_dabbs",
]
