"""Checking and scoring a Binocle or Bézique hand entered at a real table (docs/rules/binocle.md
§2-§7, docs/rules/bezique.md).

Meld values come from the engine's melds (:meth:`BinocleMeld.points`), card points from the
rule set, and the game is decided by the engine's own
:mod:`~binokel.games.binocle.scoring` functions; this module checks what the table says.

>>> from binokel.games.binocle.rules import BINOCLE
>>> from binokel.cards import Suit
>>> from binokel.pad.entries import MeldMade
>>> hand = BinocleHand(trump=Suit.HEARTS, melds=(MeldMade(seat=0, meld=parse_meld(
...     BINOCLE, "royal marriage", Suit.HEARTS)),), card_points=(140, None), last_trick=1)
>>> score(BINOCLE, hand, Before(totals=(0, 0), dealer=1, hands_played=0, target=1000)).scores
(180, 110)
"""

from __future__ import annotations

import contextlib
import math
from collections import Counter
from collections.abc import Sequence

from ..cards import CardError, Suit, parse_suit
from ..errors import NotationError
from ..games.binocle.actions import Meld, parse_binocle_action
from ..games.binocle.melds import BinocleMeld, MeldKind, meld_of, meld_word
from ..games.binocle.rules import BinocleRules
from ..games.binocle.scoring import claim_is_right, count_hand, reached_at_once
from .entries import BinocleHand
from .errors import PadError
from .scored import Before, Scored

_NO_LAST_TRICK = ("last trick: who took it? (it scores 10, §5; a hand ends with the last trick, "
                  "a claim, or a player reaching the target by a meld)")
_IN_TRUMPS = (MeldKind.ROYAL_MARRIAGE, MeldKind.SEQUENCE, MeldKind.DIX)


def parse_meld(rules: BinocleRules, text: str, trump: Suit) -> BinocleMeld:
    """A meld from its name in the game's words (``royal marriage``, ``marriage ♠``,
    ``sequence``, ``bézique``, ``four kings``, ``dix`` ...); a meld in trumps needs no suit.

    >>> from binokel.games.binocle.rules import BINOCLE
    >>> str(parse_meld(BINOCLE, "sequence", Suit.CLUBS))
    'sequence A♣ 10♣ K♣ Q♣ J♣'
    """
    words = text.strip().lower()
    if words in ("dix", "seven", "trump seven", meld_word(MeldKind.DIX, rules.game).lower()):
        return meld_of(MeldKind.DIX, trump, rules.dix_rank, rules.game)
    head, _, last = words.rpartition(" ")
    if head:
        with contextlib.suppress(CardError):  # a suit as a word: "marriage spades"
            words = f"{head} {parse_suit(last).symbol}"
    try:
        action = parse_binocle_action(f"meld {words}")
    except NotationError:
        try:
            action = parse_binocle_action(f"meld {words} {trump.symbol}")
        except NotationError:
            names = sorted({meld_word(k, rules.game) for k in MeldKind})
            raise PadError(f"not a meld: {text!r} (a meld's name, and its suit outside "
                           f"trumps: {', '.join(names)})") from None
    assert isinstance(action, Meld)
    meld = action.meld
    return meld_of(meld.kind, meld.suit, rules.dix_rank, rules.game)


def _check_meld(rules: BinocleRules, meld: BinocleMeld, trump: Suit) -> None:
    kind = meld.kind
    name = meld_word(kind, rules.game)
    if kind in _IN_TRUMPS and meld.suit is not trump:
        raise PadError(f"{name}: only in trumps, {trump.symbol} (§6)")
    if kind is MeldKind.MARRIAGE and meld.suit is trump:
        raise PadError(f"{name}: a marriage in trumps ({trump.symbol}) is a royal marriage "
                       f"(§6)")
    if kind is MeldKind.GRAND_BINOCLE and not rules.grand_binocle:
        raise PadError(f"{name}: not a meld under these rules (grand_binocle is off, §6)")
    if kind.name.startswith("EIGHT") and not rules.eight_of_a_kind:
        raise PadError(f"{name}: not a meld under these rules (eight_of_a_kind is off, §6)")


def _times_possible(meld: BinocleMeld) -> int:
    """How often a meld can be scored in one hand, both players together: the pack holds two
    of each card, so a meld of single cards twice, one that takes both copies once."""
    return 2 // max(Counter(meld.kinds).values())


def check(rules: BinocleRules, hand: BinocleHand) -> BinocleHand:
    """The hand with derived card points filled in; :class:`PadError` naming the rule if the
    table's report cannot be right."""
    made: Counter[BinocleMeld] = Counter()
    for event in hand.melds:
        if event.seat not in (0, 1):
            raise PadError(f"meld: seat {event.seat} is not at a two-player table")
        _check_meld(rules, event.meld, hand.trump)
        made[event.meld] += 1
    dix = meld_of(MeldKind.DIX, hand.trump, rules.dix_rank, rules.game)
    made[dix] += int(hand.turned_dix)
    for meld, times in made.items():
        if times > _times_possible(meld):
            raise PadError(f"{meld.name}: scored {times} times in one hand, but the pack's two "
                           f"copies of each card allow {_times_possible(meld)} (§6)")
    total = rules.card_points_total
    unit = math.gcd(*rules.kind_points) or 1
    points = list(hand.card_points)
    if len(points) != 2:
        raise PadError("card points: one number per player (two)")
    if hand.last_trick not in (None, 0, 1):
        raise PadError(f"last trick: seat {hand.last_trick} is not at a two-player table")
    for p in points:
        if p is not None and not (0 <= p <= total and p % unit == 0):
            if unit > 1:
                raise PadError(f"card points: {p} is not between 0 and {total} in steps of "
                               f"{unit} (§1)")
            raise PadError(f"card points: {p} is not between 0 and {total} (§1)")
    if hand.claim is not None:
        if hand.claim not in (0, 1):
            raise PadError(f"claim: seat {hand.claim} is not at a two-player table")
        if not rules.claims:
            raise PadError("claim: no claims under these rules (claims is off, §7)")
        if points[hand.claim] is None:
            raise PadError("claim: the claimant's card points taken so far are needed (§7)")
        return hand
    if hand.last_trick is None:
        if all(p is None for p in points):
            return hand  # ended by a player reaching the target with a meld: score() checks
        raise PadError(_NO_LAST_TRICK)
    missing = [i for i, p in enumerate(points) if p is None]
    if len(missing) == 2:
        raise PadError("card points: give at least one player's; the other is derived")
    if missing:
        points[missing[0]] = total - (points[1 - missing[0]] or 0)
    elif sum(p or 0 for p in points) != total:
        raise PadError(f"card points: {points[0]} + {points[1]} = {sum(p or 0 for p in points)}"
                       f", but the tricks hold {total} (§1)")
    return BinocleHand(trump=hand.trump, turned_dix=hand.turned_dix, melds=hand.melds,
                       card_points=tuple(points), last_trick=hand.last_trick, claim=None)


def score(rules: BinocleRules, hand: BinocleHand, before: Before,
          names: Sequence[str] | None = None) -> Scored:
    """Check and score one hand: dix and melds as they were made (reaching the target wins at
    once), then a claim, or the last trick and the card points at the count (§7)."""
    return score_checked(rules, check(rules, hand), before, names)


def score_checked(rules: BinocleRules, hand: BinocleHand, before: Before,
                  names: Sequence[str] | None = None) -> Scored:
    """:func:`score` of a hand :func:`check` has already passed (and filled in)."""
    seats = list(names) if names is not None else ["seat 0", "seat 1"]
    totals = list(before.totals)
    meld_points = [0, 0]
    target = before.target

    def scored(seat: int, points: int, what: str) -> Scored | None:
        was = totals[seat]
        totals[seat] += points
        if reached_at_once(before=was, after=totals[seat], target=target):
            return _done(before, totals, meld_points, (seat,), target,
                         f"{seats[seat]} reached {target} with {what}")
        return None

    events: list[tuple[int, int, str]] = []
    if hand.turned_dix:
        events.append((before.dealer, rules.meld_dix, "the turned dix"))
    events += [(e.seat, e.meld.points(rules), e.meld.name) for e in hand.melds]
    for index, (seat, points, what) in enumerate(events):
        meld_points[seat] += points
        won = scored(seat, points, what)
        if won is not None:
            if index + 1 < len(events) or hand.claim is not None or any(
                    p for p in hand.card_points if p):
                raise PadError(f"{won.note}: the game ended there, nothing after it counts "
                               f"(§7)")
            return won
    if hand.claim is not None:
        seat = hand.claim
        claimed = totals[seat] + (hand.card_points[seat] or 0)
        if hand.last_trick == seat:
            claimed += rules.last_trick_bonus
        right = claim_is_right(claimed, target)
        winner = seat if right else 1 - seat
        verdict = "rightly" if right else "wrongly, and the adversary wins"
        return _done(before, totals, meld_points, (winner,), target,
                     f"{seats[seat]} claimed {target} with {claimed}: {verdict}")
    if hand.last_trick is None:
        raise PadError(_NO_LAST_TRICK)
    won = scored(hand.last_trick, rules.last_trick_bonus, "the last trick")
    if won is not None:
        return won
    for seat in (0, 1):
        totals[seat] += hand.card_points[seat] or 0
    counted, target = count_hand(rules, totals, target)
    if counted is not None:
        return _done(before, totals, meld_points, (counted,), target,
                     f"{seats[counted]} reached {target} at the count", seats)
    note = f"both passed {before.target}: play on to {target}" if target != before.target \
        else ""
    return _done(before, totals, meld_points, (), target, note, seats)


def _done(before: Before, totals: Sequence[int], melds: Sequence[int],
          winners: tuple[int, ...], target: int, note: str,
          names: Sequence[str] = ("seat 0", "seat 1")) -> Scored:
    scores = tuple(t - b for t, b in zip(totals, before.totals, strict=True))
    if not note:
        note = ", ".join(f"{name} {score:+d}" for name, score in zip(names, scores, strict=True))
    return Scored(scores=scores, totals=tuple(totals), meld_points=tuple(melds),
                  winners=winners, target=target, note=note)


__all__ = ["check", "parse_meld", "score", "score_checked"]
