"""Turning the worlds and solver values of a search into hand scores.

The solver counts card points for one side; what a player wants is game points
(:func:`binokel.games.binokel.scoring.score_hand`: the declarer's bid made or failed, melds that
count only
with a trick).  :func:`position_of` builds the card-play position of a sampled world,
:func:`after` plays one card in it, and :func:`scores_from_side_points` turns "the declaring side
takes ``v`` more points" into every seat's hand score.

>>> from binokel.cards import pack, parse_cards
>>> from binokel.games.binokel.playout import Position
>>> from binokel.games.binokel.rules import BINOKEL
>>> hands = (pack(parse_cards("A♠")), pack(parse_cards("10♠")), pack(parse_cards("J♠")))
>>> pos = Position(BINOKEL, hands, (0, 1, 2), 0, (), 1, (0, 0, 0), (0, 0, 0))
>>> pos = after(after(after(pos, parse_cards("A♠")[0].kind), parse_cards("10♠")[0].kind),
...             parse_cards("J♠")[0].kind)
>>> pos.points, pos.tricks_won
((33, 0, 0), (1, 0, 0))
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import KIND_POINTS, ONE, Card, Suit
from ..games.binokel.melds import find_melds_packed, meld_total
from ..games.binokel.playout import Position
from ..games.binokel.rules import Rules
from ..games.binokel.scoring import Contract, score_hand, side_of
from ..games.binokel.tricks import NO_TRUMP, beats
from ..games.binokel.views import View


def position_of(view: View, hands: Sequence[int]) -> Position:
    """The card-play position of ``view`` (play phase) with every hand given."""
    trump = NO_TRUMP if view.trump is None else int(view.trump)
    trick = tuple(card.kind for _, card in view.trick)
    return Position(view.rules, tuple(hands), view.active, view.leader, trick, trump,
                    view.trick_points, view.tricks_won)


def after(position: Position, kind: int) -> Position:
    """The position once the player to move has played ``kind`` (finishing a trick if full)."""
    order = position.order
    n = len(order)
    i = order.index(position.leader)
    seat = order[(i + len(position.trick)) % n]
    hands = list(position.hands)
    hands[seat] -= ONE[kind]
    trick = (*position.trick, kind)
    if len(trick) < n:
        return Position(position.rules, tuple(hands), order, position.leader, trick,
                        position.trump, position.points, position.tricks_won)
    best = 0
    for j in range(1, n):
        if beats(trick[j], trick[best], position.trump):
            best = j
    winner = order[(i + best) % n]
    points = list(position.points)
    won = list(position.tricks_won)
    points[winner] += sum(KIND_POINTS[k] for k in trick)
    if not hands[winner]:
        points[winner] += position.rules.last_trick_bonus
    won[winner] += 1
    return Position(position.rules, tuple(hands), order, winner, (), position.trump,
                    tuple(points), tuple(won))


def points_left(position: Position) -> int:
    """Card points still to be taken: the hands, the trick in progress, the last-trick bonus."""
    total = sum(KIND_POINTS[k] for k in position.trick)
    for hand in position.hands:
        kind = 0
        while hand:
            c = hand & 3
            if c:
                total += c * KIND_POINTS[kind]
            hand >>= 2
            kind += 1
    return total + position.rules.last_trick_bonus


def scores_from_side_points(rules: Rules, *, active: Sequence[int], declarer: int, bid: int,
                            contract: Contract, melds: Sequence[int], points: Sequence[int],
                            won: Sequence[int], side_gain: int, rest: int,
                            discard_points: int) -> tuple[int, ...]:
    """Every seat's hand score when the declaring side takes ``side_gain`` of the ``rest``
    points still out, and the other seats the remainder.

    The solver does not say how a side's points fall to its members: they are shared equally,
    and a member with a share is counted as winning a trick (for its melds).
    """
    side = side_of(rules, declarer)
    mine = [s for s in active if s in side]
    theirs = [s for s in active if s not in side]
    final = list(points)
    tricks = list(won)
    for group, gain in ((mine, side_gain), (theirs, rest - side_gain)):
        if gain <= 0 or not group:
            continue
        share, extra = divmod(gain, len(group))
        for j, seat in enumerate(group):
            final[seat] += share + (1 if j < extra else 0)
            tricks[seat] += 1
    scores, _ = score_hand(rules, active=active, declarer=declarer, bid=bid, contract=contract,
                           meld_points=melds, tricks_won=tricks, trick_points=final,
                           discard_points=discard_points)
    return scores


def give_up_scores(rules: Rules, active: Sequence[int], declarer: int, hands: Sequence[int],
                   suit: int, bid: int) -> tuple[int, ...]:
    """Every seat's hand score when ``declarer`` gives up at ``bid`` naming ``suit``, with
    these hands (the declarer's with the Dabb): each other seat's melds in that suit count."""
    melds = [meld_total(find_melds_packed(h, Suit(suit), rules)) if h else 0 for h in hands]
    zeros = [0] * rules.players
    return score_hand(rules, active=active, declarer=declarer, bid=bid,
                      contract=Contract.GIVE_UP, meld_points=melds, tricks_won=zeros,
                      trick_points=zeros, discard_points=0)[0]


def relative(rules: Rules, active: Sequence[int], seat: int, scores: Sequence[float]) -> float:
    """A seat's score against the others in the hand: its side's score minus their mean.

    This is what a duplicate arena measures, so it is what the expert maximises.
    """
    side = side_of(rules, seat)
    others = [scores[s] for s in active if s not in side]
    return scores[seat] - (sum(others) / len(others) if others else 0.0)


def packed_of(cards: Sequence[Card]) -> int:
    """A packed multiset of cards (without the two-copies check: views are always valid)."""
    out = 0
    for card in cards:
        out += ONE[card.kind]
    return out


__all__ = [
    "KIND_POINTS", "after", "packed_of", "points_left", "position_of", "relative",
    "scores_from_side_points",
]
