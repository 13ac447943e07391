"""Open-card solver: the best card play when every hand is known.

:func:`solve` returns how many card points (last-trick bonus included) one side takes from the
remaining tricks of a :class:`~binokel.playout.Position` when that side maximises and everyone
else minimises — alpha-beta with a transposition table at trick boundaries, move ordering
(winning and high-value cards first), and equivalent cards merged (a player's cards of one suit
with equal points and no other card still in play between them are one move).

>>> from binokel.playout import Position
>>> from binokel.cards import pack, parse_cards
>>> from binokel.rules import BINOKEL
>>> hands = (pack(parse_cards("A♠ K♥")), pack(parse_cards("10♠ A♥")), pack(parse_cards("J♠ Q♥")))
>>> pos = Position(BINOKEL, hands, (0, 1, 2), 0, (), 1, (0, 0, 0), (0, 0, 0))
>>> solve(pos, frozenset({0}))  # lead K♥ (lost to A♥), then A♠ takes 10♠ J♠ and the last trick
33
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import CARD_POINTS, ONE, RANK_SLOTS, iter_kinds
from ..playout import Position
from ..tricks import legal_mask

_KIND_POINTS = tuple(CARD_POINTS[k % RANK_SLOTS] for k in range(4 * RANK_SLOTS))


@dataclass
class SolverStats:
    """Work done by one solve (for benchmarks)."""

    nodes: int = 0
    table_hits: int = 0
    table: dict[tuple[tuple[int, ...], int], tuple[int, int]] = field(default_factory=dict)


def solve(position: Position, side: frozenset[int], stats: SolverStats | None = None) -> int:
    """Card points ``side`` takes from here on with best play by everyone, all cards open."""
    solver = _Solver(position, side, stats or SolverStats())
    return solver.run()


def best_cards(position: Position, side: frozenset[int]) -> dict[int, int]:
    """For each card kind the player to move may play: the points ``side`` then takes."""
    solver = _Solver(position, side, SolverStats())
    return solver.root_values()


class _Solver:
    def __init__(self, position: Position, side: frozenset[int], stats: SolverStats) -> None:
        self.rules = position.rules
        self.order = position.order
        n = len(position.order)
        self.n = n
        self.nxt = {position.order[i]: position.order[(i + 1) % n] for i in range(n)}
        self.trump = position.trump
        self.side = side
        self.stats = stats
        self.table = stats.table
        self.bonus = position.rules.last_trick_bonus
        self.team_of = {s: i for i, t in enumerate(position.rules.teams) for s in t}
        self.hands = list(position.hands)
        self.leader = position.leader
        self.trick = list(position.trick)
        total = sum(_KIND_POINTS[k] for h in position.hands for k in _expand(h))
        total += sum(_KIND_POINTS[k] for k in position.trick)
        self.total = total + self.bonus

    def run(self) -> int:
        seat = self._to_move(self.leader, len(self.trick))
        return self._node(seat, -1, self.total + 1)

    def root_values(self) -> dict[int, int]:
        seat = self._to_move(self.leader, len(self.trick))
        values = {}
        for kind in self._moves(seat):
            values[kind] = self._play(seat, kind, -1, self.total + 1)
        return values

    def _to_move(self, leader: int, played: int) -> int:
        seat = leader
        for _ in range(played):
            seat = self.nxt[seat]
        return seat

    def _best(self) -> tuple[int, int]:
        """(index, kind) of the card winning the current trick."""
        trick = self.trick
        trump = self.trump
        best_i = 0
        for i in range(1, len(trick)):
            k, b = trick[i], trick[best_i]
            if (k >> 3 == b >> 3 and k > b) or (k >> 3 == trump and b >> 3 != trump):
                best_i = i
        return best_i, trick[best_i]

    def _moves(self, seat: int) -> list[int]:
        hand = self.hands[seat]
        if self.trick:
            best_i, best = self._best()
            must_beat = True
            if self.rules.partner_need_not_beat and self.rules.teams:
                best_seat = self._to_move(self.leader, best_i)
                must_beat = self.team_of[best_seat] != self.team_of[seat] or best_seat == seat
            mask = legal_mask(hand, self.trick, best, self.trump, self.rules, must_beat)
        else:
            mask = hand
        kinds = list(iter_kinds(mask))
        kinds = self._merge_equivalent(seat, kinds)
        # High cards first: they win tricks or shed points, the moves that decide most.
        kinds.sort(key=lambda k: (-(k >> 3 == self.trump), -(k % RANK_SLOTS)))
        return kinds

    def _merge_equivalent(self, seat: int, kinds: list[int]) -> list[int]:
        if len(kinds) < 2:
            return kinds
        in_play = 0
        for h in self.hands:
            in_play |= h
        for k in self.trick:  # a card already in the trick can still separate two of mine
            in_play |= ONE[k]
        out: list[int] = []
        for kind in kinds:
            if out:
                prev = out[-1]
                if prev // RANK_SLOTS == kind // RANK_SLOTS and \
                        _KIND_POINTS[prev] == _KIND_POINTS[kind]:
                    between = sum(3 << (k * 2) for k in range(prev + 1, kind))
                    others = in_play & ~self.hands[seat] & between
                    if not others and not (self.hands[seat] & between):
                        out[-1] = kind
                        continue
            out.append(kind)
        return out

    def _node(self, seat: int, alpha: int, beta: int) -> int:
        """Value for the side of the cards still to be played, to move: ``seat``."""
        self.stats.nodes += 1
        key: tuple[tuple[int, ...], int] | None = None
        if not self.trick:
            if not self.hands[seat]:
                return 0
            key = (tuple(self.hands), seat)
            found = self.table.get(key)
            if found is not None:
                low, high = found
                if low >= beta:
                    self.stats.table_hits += 1
                    return low
                if high <= alpha:
                    self.stats.table_hits += 1
                    return high
                if low == high:
                    return low
                alpha, beta = max(alpha, low), min(beta, high)
        maximise = seat in self.side
        best = -1 if maximise else self.total + 1
        a, b = alpha, beta
        for kind in self._moves(seat):
            value = self._play(seat, kind, a, b)
            if maximise:
                if value > best:
                    best = value
                    a = max(a, value)
            else:
                if value < best:
                    best = value
                    b = min(b, value)
            if a >= b:
                break
        if key is not None:
            low, high = self.table.get(key, (0, self.total))
            if best <= alpha:
                high = min(high, best)
            elif best >= beta:
                low = max(low, best)
            else:
                low = high = best
            self.table[key] = (low, high)
        return best

    def _play(self, seat: int, kind: int, alpha: int, beta: int) -> int:
        hands = self.hands
        hands[seat] -= ONE[kind]
        self.trick.append(kind)
        try:
            if len(self.trick) < self.n:
                return self._node(self.nxt[seat], alpha, beta)
            best_i, _ = self._best()
            winner = self._to_move(self.leader, best_i)
            gained = sum(_KIND_POINTS[k] for k in self.trick)
            if not hands[winner]:
                gained += self.bonus
            mine = gained if winner in self.side else 0
            saved_trick, saved_leader = self.trick, self.leader
            self.trick, self.leader = [], winner
            try:
                return mine + self._node(winner, alpha - mine, beta - mine)
            finally:
                self.trick, self.leader = saved_trick, saved_leader
        finally:
            self.trick.pop()
            hands[seat] += ONE[kind]


def _expand(packed: int) -> list[int]:
    out = []
    kind = 0
    while packed:
        out.extend([kind] * (packed & 3))
        packed >>= 2
        kind += 1
    return out


__all__ = ["SolverStats", "best_cards", "solve"]
