"""Scoring a hand (docs/rules/binokel.md §4 giving up, §7, §8) and deciding the game (§10): pure
functions.

Scores are kept per seat; in a team game both partners always receive their team's score, so
partners' totals stay equal.
"""

from __future__ import annotations

import enum
import functools
import operator
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from itertools import repeat

from ...cards import CARD_POINTS, Suit
from ..reasons import HandReason
from .melds import Meld
from .rules import Rules
from .tricks import Trick


class Contract(enum.Enum):
    """What the declarer chose to play."""

    TRUMP = "trump"
    DURCH = "durch"
    OPEN_DURCH = "open durch"
    OPEN_DURCH_NO_DABB = "open durch without Dabb"
    GIVE_UP = "give up"

    @property
    def is_durch(self) -> bool:
        return self in (Contract.DURCH, Contract.OPEN_DURCH, Contract.OPEN_DURCH_NO_DABB)


@dataclass(frozen=True, slots=True)
class HandResult:
    """One line of the score sheet: how a hand went and what every seat scored."""

    hand_no: int
    dealer: int
    declarer: int
    bid: int
    contract: Contract
    trump: Suit | None
    melds: tuple[tuple[Meld, ...], ...]
    meld_points: tuple[int, ...]
    """Meld points that counted (the player won a trick, or the declarer gave up)."""
    trick_points: tuple[int, ...]
    """Card points of the tricks each seat won, last-trick bonus included."""
    tricks_won: tuple[int, ...]
    discard_points: int
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    tricks: tuple[Trick, ...] = ()
    """The tricks played, in order (all public)."""

    @property
    def made(self) -> bool:
        """Whether the declarer's side scored positively (met the bid / won the Durch)."""
        return self.contract is not Contract.GIVE_UP and self.scores[self.declarer] > 0


def side_of(rules: Rules, seat: int) -> tuple[int, ...]:
    """The seats on ``seat``'s side: its team, or the seat alone."""
    for team in rules.teams:
        if seat in team:
            return team
    return (seat,)


def _round10(points: int) -> int:
    return (points + 5) // 10 * 10


@functools.cache
def pack_points(rules: Rules) -> int:
    """The card points of the whole pack (every rank twice in each suit) plus the last-trick
    bonus: what the tricks of a hand are worth together.

    >>> from binokel.games.binokel.rules import BINOKEL
    >>> pack_points(BINOKEL)
    250
    """
    return sum(8 * CARD_POINTS[r] for r in rules.ranks) + rules.last_trick_bonus


def card_points(rules: Rules, points: int) -> int:
    """One side's card points as they score: to the nearest ten where the rules round them."""
    return _round10(points) if rules.round_trick_points else points


def score_hand(
    rules: Rules,
    *,
    active: Sequence[int],
    declarer: int,
    bid: int,
    contract: Contract,
    meld_points: Sequence[int],
    tricks_won: Sequence[int],
    trick_points: Sequence[int],
    discard_points: int,
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per-seat scores of a finished hand, and the meld points that counted.

    >>> from binokel.games.binokel.rules import BINOKEL
    >>> score_hand(BINOKEL, active=[0, 1, 2], declarer=0, bid=300, contract=Contract.TRUMP,
    ...            meld_points=[190, 0, 0], tricks_won=[6, 3, 3], trick_points=[100, 80, 42],
    ...            discard_points=28)[0]
    (318, 80, 42)
    """
    n = rules.players
    scores = [0] * n
    counted = [0] * n
    declaring = side_of(rules, declarer)
    opponents = [s for s in active if s not in declaring]

    if contract is Contract.GIVE_UP:
        side_scores: dict[tuple[int, ...], int] = {declaring: -bid}
        for seat in opponents:
            counted[seat] = meld_points[seat] if rules.give_up_keeps_melds else 0
            side = side_of(rules, seat)
            side_scores[side] = side_scores.get(side, 0) + rules.give_up_bonus + counted[seat]
    elif contract.is_durch:
        value = {
            Contract.DURCH: rules.durch_value,
            Contract.OPEN_DURCH: rules.open_durch_value,
            Contract.OPEN_DURCH_NO_DABB: rules.open_durch_without_dabb_value,
        }[contract]
        side_won = sum(tricks_won[s] for s in opponents)
        side_scores = {declaring: value if side_won == 0 else -value}
    else:
        for seat in active:
            counted[seat] = meld_points[seat] if tricks_won[seat] > 0 else 0
        total = card_points(rules, sum(trick_points[s] for s in declaring) + discard_points)
        total += sum(counted[s] for s in declaring)
        won = sum(tricks_won[s] for s in declaring)
        side_scores = {declaring: total if total >= bid and won > 0 else -2 * bid}
        for seat in opponents:
            side = side_of(rules, seat)
            if side in side_scores:
                continue
            members = [s for s in side if s in active]
            if sum(tricks_won[s] for s in members) == 0:
                side_scores[side] = 0
                continue
            side_scores[side] = card_points(rules, sum(trick_points[s] for s in members)) + sum(
                counted[s] for s in members
            )
    for side, value in side_scores.items():
        for seat in side:
            scores[seat] = value
    return tuple(scores), tuple(counted)


def score_trump_alone(
    rules: Rules,
    active: Sequence[int],
    declarer: int,
    bid: int,
    meld_points: Sequence[int],
    tricks_won: Sequence[int],
    trick_points: Sequence[int],
    discard_points: int,
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """:func:`score_hand` of a trump game without teams (nearly every hand), written out for
    the engine's hand end; tests/test_rules_7_scoring.py checks it against :func:`score_hand`."""
    scores = [0] * rules.players
    counted = [0] * rules.players
    rounding = rules.round_trick_points
    for seat in active:
        if tricks_won[seat]:
            melds = counted[seat] = meld_points[seat]
            card = trick_points[seat] + discard_points if seat == declarer else trick_points[seat]
            scores[seat] = (_round10(card) if rounding else card) + melds
    if not tricks_won[declarer] or scores[declarer] < bid:
        scores[declarer] = -2 * bid
    return tuple(scores), tuple(counted)


def declarer_points(rules: Rules, result: HandResult) -> int:
    """What the declarer's side counted against its bid in a trump game: the card points of
    its tricks and the cards laid away (rounded where the rules round them) and the melds that
    counted (§7).

    >>> from binokel.games.binokel.rules import BINOKEL
    >>> result = HandResult(hand_no=0, dealer=2, declarer=0, bid=300, contract=Contract.TRUMP,
    ...     trump=Suit.HEARTS, melds=((), (), ()), meld_points=(190, 0, 0), tricks_won=(6, 3, 3),
    ...     trick_points=(100, 80, 42), discard_points=28, scores=(318, 80, 42),
    ...     totals=(318, 80, 42))
    >>> declarer_points(BINOKEL, result)
    318
    """
    side = side_of(rules, result.declarer)
    cards = sum(result.trick_points[s] for s in side) + result.discard_points
    if rules.round_trick_points:
        cards = _round10(cards)
    return cards + sum(result.meld_points[s] for s in side)


def explain_hand(rules: Rules, result: HandResult) -> tuple[HandReason, ...]:
    """Why the hand ended as it did (:mod:`binokel.games.reasons`): the declarer's game made,
    missed, given up or a Durch won or lost; the melds that did not count for want of a trick;
    the last trick's bonus where it counted (a trump game: a Durch is won by its tricks).

    >>> from binokel.games.binokel.rules import BINOKEL
    >>> result = HandResult(hand_no=0, dealer=2, declarer=0, bid=300, contract=Contract.TRUMP,
    ...     trump=Suit.HEARTS, melds=((), (), ()), meld_points=(190, 0, 0), tricks_won=(6, 3, 3),
    ...     trick_points=(100, 80, 42), discard_points=28, scores=(318, 80, 42),
    ...     totals=(318, 80, 42))
    >>> [(r.key, r.seat, r.points, r.bid) for r in explain_hand(BINOKEL, result)]
    [('made', 0, 318, 300)]
    """
    declarer = result.declarer
    contract = result.contract
    suit = result.trump.symbol if result.trump is not None else ""
    if contract is Contract.GIVE_UP:
        return (HandReason("gave_up", declarer, points=rules.give_up_bonus, bid=result.bid,
                           suit=suit),)
    if contract.is_durch:
        return (HandReason("durch_won" if result.made else "durch_lost", declarer,
                           points=abs(result.scores[declarer]), bid=result.bid,
                           contract=contract.value),)
    points = declarer_points(rules, result)
    lines = [HandReason("made" if result.made else "missed", declarer, points=points,
                        bid=result.bid, suit=suit)]
    lines += [HandReason("melds_lost", seat, points=sum(m.points for m in melds))
              for seat, melds in enumerate(result.melds)
              if melds and sum(m.points for m in melds) > 0 and not result.tricks_won[seat]]
    if result.tricks and rules.last_trick_bonus:
        lines.append(HandReason("last_trick", result.tricks[-1].winner,
                                points=rules.last_trick_bonus))
    return tuple(lines)


#: The setters of HandResult's slots, in the order of its fields.
_RESULT_SETTERS: tuple[Callable[[HandResult, object], None], ...] = tuple(
    getattr(HandResult, f.name).__set__ for f in fields(HandResult))


def make_result(*values: object) -> HandResult:
    """A :class:`HandResult` from all its fields in order, written slot by slot (the frozen
    dataclass's ``__init__`` goes through ``object.__setattr__`` per field)."""
    if len(values) != len(_RESULT_SETTERS):
        raise TypeError(f"HandResult has {len(_RESULT_SETTERS)} fields, got {len(values)}")
    result: HandResult = object.__new__(HandResult)
    _consume(map(_call, _RESULT_SETTERS, repeat(result), values))
    return result


_call = operator.call
_consume = deque[object](maxlen=0).extend


def game_winners(
    rules: Rules, totals: Sequence[int], *, declarer: int, hands_played: int
) -> tuple[int, ...]:
    """The winning seats after a hand, or ``()`` when play goes on (§10)."""
    seats = range(rules.players)
    if rules.fixed_hands:
        if hands_played < rules.fixed_hands:
            return ()
        best = max(totals)
        return tuple(s for s in seats if totals[s] == best)
    reached = [s for s in seats if totals[s] >= rules.target]
    if not reached:
        return ()
    if declarer in reached:
        return side_of(rules, declarer)
    best = max(totals[s] for s in reached)
    leaders = {side_of(rules, s) for s in reached if totals[s] == best}
    if len(leaders) > 1:
        return ()  # an exact tie plays another hand
    return leaders.pop()
