"""Fast card play on packed hands for Monte-Carlo search: a greedy player that sees all cards.

A sampled deal (see :func:`binokel.search.knowledge.sample_deal`) is played to the end by
:func:`rollout`, every seat choosing with :func:`greedy_card`: cash a card nobody can beat, beat
the trick as cheaply as is safe, smear points on a partner's safe trick, otherwise throw the
cheapest card.  The duties come from :func:`binokel.games.binokel.tricks.legal_mask`, the scores
from
:func:`binokel.games.binokel.scoring.score_hand`, so a rollout obeys exactly the engine's rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import ABOVE, CARD_POINTS, ONE, RANK_SLOTS, SUIT_MASK, iter_kinds, size_of
from ..games.binokel.rules import Rules
from ..games.binokel.scoring import Contract, score_hand, side_of
from ..games.binokel.tricks import NO_TRUMP, beats, legal_mask
from . import native

KIND_POINTS = tuple(CARD_POINTS[k % RANK_SLOTS] for k in range(4 * RANK_SLOTS))
_KINDS: dict[int, tuple[int, ...]] = {}


def kinds_of(mask: int) -> tuple[int, ...]:
    """Distinct kinds of a packed multiset, low kind first (cached)."""
    found = _KINDS.get(mask)
    if found is None:
        if len(_KINDS) > 200_000:
            _KINDS.clear()
        found = _KINDS[mask] = tuple(iter_kinds(mask))
    return found


@dataclass(frozen=True, slots=True)
class Table:
    """What stays fixed while the cards of one hand are played."""

    rules: Rules
    trump: int
    active: tuple[int, ...]
    next_seat: tuple[int, ...]
    team: tuple[int, ...]
    """0 for the declaring side, 1 for everyone else (indexed by seat)."""
    declarer: int
    contract: Contract
    bid: int
    melds: tuple[int, ...]
    """Meld points each seat showed."""
    keep: tuple[int, ...]
    """Per kind, what holding it is worth for later tricks (trumps and Aces most)."""

    @property
    def is_durch(self) -> bool:
        return self.contract.is_durch


def make_table(rules: Rules, *, trump: int, active: tuple[int, ...], declarer: int,
               contract: Contract, bid: int, melds: tuple[int, ...]) -> Table:
    nxt = [0] * rules.players
    for i, seat in enumerate(active):
        nxt[seat] = active[(i + 1) % len(active)]
    declaring = side_of(rules, declarer)
    team = tuple(0 if s in declaring else 1 for s in range(rules.players))
    return Table(rules=rules, trump=trump, active=active, next_seat=tuple(nxt), team=team,
                 declarer=declarer, contract=contract, bid=bid, melds=melds,
                 keep=_keep_table(trump))


_KEEP: dict[int, tuple[int, ...]] = {}


def _keep_table(trump: int) -> tuple[int, ...]:
    found = _KEEP.get(trump)
    if found is None:
        values = []
        for k in range(4 * RANK_SLOTS):
            rank = k % RANK_SLOTS
            value = 0
            if k // RANK_SLOTS == trump:
                value = 12 + 2 * rank
            elif rank == RANK_SLOTS - 1:  # an Ace wins a trick later
                value = 10
            values.append(value)
        found = _KEEP[trump] = tuple(values)
    return found


def can_beat(hand: int, card: int, led: int, trump: int) -> bool:
    """Whether a player holding ``hand`` could beat ``card``, the best of a trick led in ``led``."""
    if card // RANK_SLOTS == led:
        if hand & SUIT_MASK[led]:
            return bool(hand & ABOVE[card])
        return trump != NO_TRUMP and led != trump and bool(hand & SUIT_MASK[trump])
    if hand & SUIT_MASK[led]:
        return False
    return bool(hand & ABOVE[card])


def greedy_card(t: Table, seat: int, hands: list[int], trick: list[int], best: int,
                best_seat: int, mask: int) -> int:
    """The greedy player's card, seeing every hand; ``mask`` holds the legal cards.

    ``best`` indexes the card winning the trick so far and ``best_seat`` is who played it.
    """
    kinds = kinds_of(mask)
    if len(kinds) == 1:
        return kinds[0]
    trump = t.trump
    team = t.team
    mine = team[seat]
    nxt = t.next_seat
    opp_later = []
    s = nxt[seat]
    for _ in range(len(t.active) - len(trick) - 1):
        if team[s] != mine:
            opp_later.append(hands[s])
        s = nxt[s]
    keep = t.keep
    if not trick:
        pick, value = kinds[0], -1000
        for k in kinds:
            led = k // RANK_SLOTS
            safe = True
            for h in opp_later:
                if can_beat(h, k, led, trump):
                    safe = False
                    break
            if safe:
                v = 30 + KIND_POINTS[k] - keep[k] // 2
                if led == trump and mine == 0:
                    v += 10  # the declarer draws trumps
            else:
                v = -KIND_POINTS[k] - keep[k]
            if v > value:
                pick, value = k, v
        return pick
    led = trick[0] // RANK_SLOTS
    top = trick[best]
    if team[best_seat] == mine:
        for h in opp_later:
            if can_beat(h, top, led, trump):
                break
        else:  # the partner's trick stands: smear points on it
            return max(kinds, key=lambda k: KIND_POINTS[k] - keep[k])
    winners = [k for k in kinds if beats(k, top, trump)]
    if winners:
        secure = []
        for k in winners:
            for h in opp_later:
                if can_beat(h, k, led, trump):
                    break
            else:
                secure.append(k)
        if secure:
            return max(secure, key=lambda k: KIND_POINTS[k] - keep[k])
        if sum(KIND_POINTS[k] for k in trick) >= 10:
            return max(winners)
    return min(kinds, key=lambda k: KIND_POINTS[k] + keep[k])


def rollout(t: Table, hands: list[int], leader: int, trick: list[int], points: list[int],
            won: list[int]) -> None:
    """Play the hand to its end greedily; ``hands``, ``trick``, ``points`` and ``won`` change.

    The compiled core plays it when it is there (:mod:`binokel.search.native`), else
    :func:`pure_rollout`; both choose the same cards.
    """
    if not native.rollout(t, hands, leader, trick, points, won):
        pure_rollout(t, hands, leader, trick, points, won)


def rollouts(t: Table, starts: Sequence[native.Start]
             ) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Points and tricks won at the end of a greedy rollout from each start (hands, leader,
    trick so far, points, tricks won): on every core in the compiled core."""
    found = native.rollouts(t, starts)
    if found is not None:
        return found
    out = []
    for hands, leader, trick, points, won in starts:
        p, w = list(points), list(won)
        pure_rollout(t, list(hands), leader, list(trick), p, w)
        out.append((tuple(p), tuple(w)))
    return out


def pure_rollout(t: Table, hands: list[int], leader: int, trick: list[int], points: list[int],
                 won: list[int], until: int = -1) -> int:
    """:func:`rollout` in pure Python; with ``until`` >= 0 it stops before a trick whose
    leader holds at most ``until`` cards.  Returns the seat to lead next (at the hand's end,
    the last trick's winner)."""
    rules = t.rules
    trump = t.trump
    nxt = t.next_seat
    n = len(t.active)
    careful = rules.partner_need_not_beat and bool(rules.teams)
    best = 0
    for i in range(1, len(trick)):
        if beats(trick[i], trick[best], trump):
            best = i
    seat = leader
    for _ in trick:
        seat = nxt[seat]
    if not trick and (not hands[leader] or size_of(hands[leader]) <= until):
        return leader  # nothing to play (as the compiled rollout does), or stop here
    while True:
        if len(trick) == n:
            winner = leader
            for _ in range(best):
                winner = nxt[winner]
            gained = 0
            for k in trick:
                gained += KIND_POINTS[k]
            last = not hands[winner]
            points[winner] += gained + (rules.last_trick_bonus if last else 0)
            won[winner] += 1
            trick.clear()
            if last or (t.is_durch and t.team[winner] != 0):
                return winner
            leader = seat = winner
            best = 0
            if size_of(hands[leader]) <= until:
                return leader
        hand = hands[seat]
        best_seat = leader
        if trick:
            for _ in range(best):
                best_seat = nxt[best_seat]
            must_beat = not careful or best_seat not in side_of(rules, seat)
            mask = legal_mask(hand, trick, trick[best], trump, rules=rules, must_beat=must_beat)
        else:
            mask = hand
        kind = greedy_card(t, seat, hands, trick, best, best_seat, mask)
        hands[seat] = hand - ONE[kind]
        trick.append(kind)
        if len(trick) > 1 and beats(kind, trick[best], trump):
            best = len(trick) - 1
        seat = nxt[seat]


def hand_scores(t: Table, points: list[int], won: list[int], discard_points: int,
                melds: tuple[int, ...] | None = None) -> tuple[int, ...]:
    """Every seat's score for the hand, as the engine would count it."""
    scores, _ = score_hand(t.rules, active=t.active, declarer=t.declarer, bid=t.bid,
                           contract=t.contract, meld_points=t.melds if melds is None else melds,
                           tricks_won=won, trick_points=points, discard_points=discard_points)
    return scores


def utility(t: Table, seat: int, scores: tuple[int, ...]) -> float:
    """A seat's share: its side's score minus the mean score of the other players in the hand.

    This is what the arena measures (a bot's score against the others at the table).
    """
    side = side_of(t.rules, seat)
    others = [scores[s] for s in t.active if s not in side]
    own = scores[seat]
    return own - (sum(others) / len(others) if others else 0.0)


__all__ = [
    "KIND_POINTS", "Table", "can_beat", "greedy_card", "hand_scores", "kinds_of", "make_table",
    "pure_rollout", "rollout", "rollouts", "utility",
]
