"""Open-card solver: the best card play when every hand is known.

:func:`solve` returns how many card points (last-trick bonus included) one side takes from the
remaining tricks of a :class:`~binokel.games.binokel.playout.Position` when that side maximises and
everyone
else minimises.  :func:`best_cards` gives the same value after each card the player to move may
play, and :func:`solve_durch` whether a side can take every remaining trick.

How it is fast (docs/decisions/search-01-open-card-solver.md):

* MTD(f): a series of null-window alpha-beta searches that converge on the value, the table
  keeping lower and upper bounds between them;
* a transposition table at trick boundaries (all hands and the leader), holding bounds and the
  best lead found, which is tried first next time;
* bounds from the points still in play (a search window outside ``[0, points left]`` stops at
  once) and the last trick resolved without recursion;
* move ordering: the table's move, then for followers the cheapest card that wins, smearing
  points on a partner's trick, the cheapest card when the trick is lost;
* the two copies of a card are one move (a hand is a multiset); between different ranks no merge
  is exact, because every rank has its own card points.

The same search is compiled in :mod:`binokel.search.native` (binokel/search/csrc/, with a
two-entry table bucket and an enhanced transposition cutoff before each trick's last card); the
public functions use it when it is built and fall back to the ``pure_*`` functions here.

>>> from binokel.games.binokel.playout import Position
>>> from binokel.cards import pack, parse_cards
>>> from binokel.games.binokel.rules import BINOKEL
>>> hands = (pack(parse_cards("A♠ K♥")), pack(parse_cards("10♠ A♥")), pack(parse_cards("J♠ Q♥")))
>>> pos = Position(BINOKEL, hands, (0, 1, 2), 0, (), 1, (0, 0, 0), (0, 0, 0))
>>> solve(pos, frozenset({0}))  # lead K♥ (lost to A♥), then A♠ takes 10♠ J♠ and the last trick
33
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from ..cards import ABOVE, KIND_POINTS, ONE, SUIT_MASK, iter_kinds
from ..games.binokel.playout import Position
from ..games.binokel.tricks import NO_TRUMP, legal_mask
from . import native

T = TypeVar("T")

_KIND_POINTS = KIND_POINTS
_KINDS: dict[int, tuple[int, ...]] = {}

#: Entries a solver's table may hold before it is cleared (bounds memory on long solves).
TABLE_LIMIT = 1_500_000


def _kinds(mask: int) -> tuple[int, ...]:
    found = _KINDS.get(mask)
    if found is None:
        if len(_KINDS) > 500_000:
            _KINDS.clear()
        found = _KINDS[mask] = tuple(iter_kinds(mask))
    return found


def _points(packed: int, kp: Sequence[int] = _KIND_POINTS) -> int:
    total = 0
    kind = 0
    while packed:
        c = packed & 3
        if c:
            total += c * kp[kind]
        packed >>= 2
        kind += 1
    return total


TableEntry = tuple[int, int, int]
"""Lower bound, upper bound, best lead kind (-1: none yet) of a trick-boundary position."""


@dataclass
class SolverStats:
    """Work done by solves that share it (for benchmarks and tests)."""

    nodes: int = 0
    table_hits: int = 0
    table: dict[tuple[int, ...], TableEntry] = field(default_factory=dict)


def solve(position: Position, side: Collection[int], stats: SolverStats | None = None, *,
          guess: int | None = None) -> int:
    """Card points ``side`` takes from here on with best play by everyone, all cards open.

    ``guess`` (e.g. a rollout's result) only speeds the search up.  The compiled core answers
    when it is there (:mod:`binokel.search.native`), else :func:`pure_solve`.
    """
    found = native.solve(position, side, guess)
    if found is None:
        return pure_solve(position, side, stats, guess=guess)
    return _counted(found, stats)


def best_cards(position: Position, side: Collection[int],
               stats: SolverStats | None = None, *,
               points: Sequence[int] | None = None) -> dict[int, int]:
    """For each card kind the player to move may play: the points ``side`` then takes.

    ``points`` gives other card points by kind (Bézique counts only Aces and Tens); a table
    shared between solves must hold one table's values only.  The compiled core counts the
    card points of Binokel and Binocle; other points are searched in pure Python.
    """
    if points is not None and tuple(points) != _KIND_POINTS:
        return pure_best_cards(position, side, stats, points=points)
    found = native.best_cards(position, side)
    if found is None:
        return pure_best_cards(position, side, stats)
    return _counted(found, stats)


def solve_durch(position: Position, side: Collection[int],
                stats: SolverStats | None = None) -> bool:
    """Whether ``side`` takes every remaining trick against the best defence, all cards open."""
    found = native.solve_durch(position, side)
    if found is None:
        return pure_solve_durch(position, side, stats)
    return _counted(found, stats)


def _counted(found: tuple[T, int, int], stats: SolverStats | None) -> T:
    """The compiled core's answer; its node and table-hit counts go to ``stats``."""
    if stats is not None:
        stats.nodes += found[1]
        stats.table_hits += found[2]
    return found[0]


def best_cards_many(positions: Sequence[Position], side: Collection[int]) -> list[dict[int, int]]:
    """:func:`best_cards` of many positions (e.g. sampled worlds): on every core in the
    compiled core, one after the other in pure Python."""
    found = native.best_cards_many(positions, side)
    if found is None:
        return [best_cards(position, side) for position in positions]
    return found


# --- the pure-Python solver: the reference the compiled core is tested against -------------


def pure_solve(position: Position, side: Collection[int], stats: SolverStats | None = None, *,
               guess: int | None = None) -> int:
    """:func:`solve` in pure Python."""
    search = _Search(position, side, stats or SolverStats())
    return search.value(guess)


def pure_best_cards(position: Position, side: Collection[int],
                    stats: SolverStats | None = None, *,
                    points: Sequence[int] | None = None) -> dict[int, int]:
    """:func:`best_cards` in pure Python."""
    search = _Search(position, side, stats or SolverStats(), points)
    return search.root_values()


def pure_solve_durch(position: Position, side: Collection[int],
                     stats: SolverStats | None = None) -> bool:
    """:func:`solve_durch` in pure Python."""
    search = _Search(position, side, stats or SolverStats())
    return search.durch()


class _Search:
    """One position's search; the hands are changed in place and restored."""

    def __init__(self, position: Position, side: Collection[int], stats: SolverStats,
                 points: Sequence[int] | None = None) -> None:
        rules = position.rules
        self.kp: Sequence[int] = _KIND_POINTS if points is None else tuple(points)
        order = position.order
        n = len(order)
        players = rules.players
        nxt = [0] * players
        for i, seat in enumerate(order):
            nxt[seat] = order[(i + 1) % n]
        self.n = n
        self.nxt = nxt
        self.on_side = [seat in side for seat in range(players)]
        self.trump = position.trump
        self.rules = rules
        self.bonus = rules.last_trick_bonus
        self.stats = stats
        self.table = stats.table
        self.hands = list(position.hands)
        self.leader = position.leader
        self.trick = list(position.trick)
        self.team_of = [0] * players
        for i, team in enumerate(rules.teams):
            for seat in team:
                self.team_of[seat] = i + 1
        self.exempt = rules.partner_need_not_beat and bool(rules.teams)
        self.default_duties = (rules.must_beat and not rules.beat_suit_when_trumped
                               and rules.must_undertrump and not self.exempt)
        self.rest = sum(_points(h, self.kp) for h in position.hands) + self.bonus
        self.cur: list[int] = []
        self.lead_fn, self.follow_fn = self._build()

    # --- entry points ------------------------------------------------------------------------

    def _start(self) -> tuple[int, int, int, int, int]:
        """(seat to move, best kind, best seat, points in trick, cards played) of the root."""
        trick = self.trick
        seat = self.leader
        best_kind, best_seat, gained = -1, -1, 0
        trump = self.trump
        for kind in trick:
            if best_kind < 0 or (kind >> 3 == best_kind >> 3 and kind > best_kind) or (
                    kind >> 3 == trump and best_kind >> 3 != trump):
                best_kind, best_seat = kind, seat
            gained += self.kp[kind]
            seat = self.nxt[seat]
        return seat, best_kind, best_seat, gained, len(trick)

    def _window(self, alpha: int, beta: int) -> int:
        seat, best_kind, best_seat, gained, played = self._start()
        self.cur[:] = self.trick
        if not played:
            return self.lead_fn(seat, alpha, beta, self.rest)
        led = self.trick[0] >> 3
        return self.follow_fn(seat, played, led, best_kind, best_seat, gained, alpha, beta,
                              self.rest)

    def value(self, guess: int | None = None) -> int:
        """MTD(f) with growing steps: null-window probes "at least t?" narrow ``[low, high]``.

        Each probe moves from the bound just found by a step that doubles while the probes keep
        failing the same way, and halves the bracket once a probe has failed both ways; the
        table keeps the bounds between probes.  ``guess`` is probed first.
        """
        low, high = 0, self.rest + sum(self.kp[k] for k in self.trick)
        t = (low + high + 1) // 2 if guess is None else max(low + 1, min(high, guess))
        step = 1
        direction = 0
        bracketed = False
        while low < high:
            v = self._window(t - 1, t)
            if v >= t:
                low = v
                moved = 1
            else:
                high = v
                moved = -1
            if low >= high:
                break
            if moved != direction and direction:
                bracketed = True
            step = step * 2 if moved == direction else 1
            direction = moved
            if bracketed:
                t = (low + high + 1) // 2
            elif moved > 0:
                t = min(high, low + step)
            else:
                t = max(low + 1, high - step + 1)
        return low

    def root_values(self) -> dict[int, int]:
        seat, best_kind, best_seat, gained, played = self._start()
        kp = self.kp
        hand = self.hands[seat]
        mask = self._legal(seat, hand, best_kind, best_seat) if played else hand
        out: dict[int, int] = {}
        last: int | None = None  # siblings' values are often close: probe there first
        leader0, trick0 = self.leader, list(self.trick)
        for kind in _kinds(mask):
            self.hands[seat] = hand - ONE[kind]
            self.trick = [*trick0, kind]
            self.leader = leader0
            mine = 0
            if len(self.trick) == self.n:
                # The card completes the trick: the rest is a fresh position.
                winner_kind, winner = best_kind, best_seat
                trump = self.trump
                if played == 0 or (kind >> 3 == winner_kind >> 3 and kind > winner_kind) or (
                        kind >> 3 == trump and winner_kind >> 3 != trump):
                    winner = seat
                got = gained + kp[kind]
                self.rest -= kp[kind]
                if not self.hands[winner]:
                    got += self.bonus
                    self.rest -= self.bonus
                mine = got if self.on_side[winner] else 0
                self.trick, self.leader = [], winner
                out[kind] = mine + self.value(None if last is None else last - mine)
                last = out[kind]
                self.rest += kp[kind] + (self.bonus if not self.hands[winner] else 0)
            else:
                self.rest -= kp[kind]
                out[kind] = self.value(last)
                last = out[kind]
                self.rest += kp[kind]
        self.hands[seat], self.trick, self.leader = hand, trick0, leader0
        return out

    def durch(self) -> bool:
        return self._durch_search()

    def _legal(self, seat: int, hand: int, best_kind: int, best_seat: int) -> int:
        must_beat = True
        if self.exempt:
            must_beat = self.team_of[best_seat] != self.team_of[seat] or best_seat == seat
        return legal_mask(hand, self.trick, best_kind, self.trump, self.rules, must_beat)

    # --- the search proper -------------------------------------------------------------------

    def _build(self) -> tuple[Callable[..., int], Callable[..., int]]:
        """The two mutually recursive node functions, closed over the position's constants."""
        hands = self.hands
        nxt = self.nxt
        n = self.n
        on_side = self.on_side
        trump = self.trump
        trump_mask = SUIT_MASK[trump] if trump != NO_TRUMP else 0
        bonus = self.bonus
        table = self.table
        stats = self.stats
        kp = self.kp
        one = ONE
        above = ABOVE
        suit_mask = SUIT_MASK
        kinds_cache = _KINDS
        kinds_of = _kinds
        default = self.default_duties
        rules = self.rules
        exempt = self.exempt
        team_of = self.team_of
        played_trick = self.cur
        track = not default
        follow_orders: dict[tuple[int, int, bool, bool], list[int]] = {}

        def legal(seat: int, hand: int, led: int, best: int, best_seat: int) -> int:
            if default:
                mask = hand & suit_mask[led]
                if mask:
                    if best >> 3 == led:
                        return (mask & above[best]) or mask
                    return mask
                mask = hand & trump_mask
                if mask:
                    if best >> 3 == trump:
                        return (mask & above[best]) or mask
                    return mask
                return hand
            must_beat = True
            if exempt:
                must_beat = team_of[best_seat] != team_of[seat] or best_seat == seat
            return legal_mask(hand, played_trick, best, trump, rules, must_beat)

        def lead(seat: int, alpha: int, beta: int, rest: int) -> int:
            """Value of the tricks still to play, ``seat`` to lead; ``rest`` points left."""
            if beta <= 0:
                return 0
            if alpha >= rest:
                return rest
            hand = hands[seat]
            if not hand:
                return 0
            stats.nodes += 1
            key = (*hands, seat)
            entry = table.get(key)
            first = -1
            if entry is not None:
                low, high, first = entry
                if low >= beta:
                    stats.table_hits += 1
                    return low
                if high <= alpha:
                    stats.table_hits += 1
                    return high
                if low == high:
                    return low
                if low > alpha:
                    alpha = low
                if high < beta:
                    beta = high
            else:
                low, high = 0, rest
            maximise = on_side[seat]
            moves: Sequence[int] = kinds_cache.get(hand) or kinds_of(hand)
            if len(moves) > 1:
                moves = _order_leads(moves, first, seat, hands, nxt, n, trump)
            best = -1 if maximise else rest + 1
            best_move = -1
            a, b = alpha, beta
            nxt_seat = nxt[seat]
            for kind in moves:
                hands[seat] = hand - one[kind]
                if track:
                    played_trick.append(kind)
                v = follow(nxt_seat, 1, kind >> 3, kind, seat, kp[kind], a, b, rest - kp[kind])
                if track:
                    played_trick.pop()
                if maximise:
                    if v > best:
                        best, best_move = v, kind
                        if v > a:
                            a = v
                            if a >= b:
                                break
                else:
                    if v < best:
                        best, best_move = v, kind
                        if v < b:
                            b = v
                            if a >= b:
                                break
            hands[seat] = hand
            if best <= alpha:
                high = best
            elif best >= beta:
                low = best
            else:
                low = high = best
            if len(table) > TABLE_LIMIT:
                table.clear()
            table[key] = (low, high, best_move)
            return best

        def follow(seat: int, played: int, led: int, best_kind: int, best_seat: int,
                   gained: int, alpha: int, beta: int, rest: int) -> int:
            """Value from here, ``seat`` to play the ``played + 1``-th card of the trick."""
            if alpha >= gained + rest:
                return gained + rest
            hand = hands[seat]
            mask = legal(seat, hand, led, best_kind, best_seat)
            moves: Sequence[int] = kinds_cache.get(mask) or kinds_of(mask)
            maximise = on_side[seat]
            last = played + 1 == n
            if len(moves) > 1:
                okey = (mask, best_kind, maximise == on_side[best_seat], last)
                ordered = follow_orders.get(okey)
                if ordered is None:
                    ordered = follow_orders[okey] = _order_follows(
                        moves, maximise, on_side[best_seat], best_kind, last, trump)
                moves = ordered
            best = -1 if maximise else 1 << 30
            a, b = alpha, beta
            for kind in moves:
                k_pts = kp[kind]
                if (kind >> 3 == best_kind >> 3 and kind > best_kind) or (
                        kind >> 3 == trump and best_kind >> 3 != trump):
                    w_kind, w_seat = kind, seat
                else:
                    w_kind, w_seat = best_kind, best_seat
                left = hand - one[kind]
                hands[seat] = left
                if last:
                    got = gained + k_pts
                    r = rest - k_pts
                    if not hands[w_seat]:
                        got += bonus
                        v = got if on_side[w_seat] else 0
                    else:
                        mine = got if on_side[w_seat] else 0
                        if track:
                            saved = played_trick[:]
                            played_trick.clear()
                            v = mine + lead(w_seat, a - mine, b - mine, r)
                            played_trick[:] = saved
                        else:
                            v = mine + lead(w_seat, a - mine, b - mine, r)
                else:
                    if track:
                        played_trick.append(kind)
                    v = follow(nxt[seat], played + 1, led, w_kind, w_seat, gained + k_pts,
                               a, b, rest - k_pts)
                    if track:
                        played_trick.pop()
                if maximise:
                    if v > best:
                        best = v
                        if v > a:
                            a = v
                            if a >= b:
                                break
                else:
                    if v < best:
                        best = v
                        if v < b:
                            b = v
                            if a >= b:
                                break
            hands[seat] = hand
            return best

        return lead, follow

    # --- Durch: can the side take every trick? ----------------------------------------------

    def _durch_search(self) -> bool:
        table: dict[tuple[int, ...], bool] = {}
        hands = self.hands
        nxt = self.nxt
        n = self.n
        on_side = self.on_side
        trump = self.trump
        stats = self.stats

        def node(seat: int, trick: list[int], best_kind: int, best_seat: int) -> bool:
            stats.nodes += 1
            hand = hands[seat]
            if not trick:
                if not hand:
                    return True
                key = (*hands, seat)
                found = table.get(key)
                if found is not None:
                    return found
                mask = hand
            else:
                mask = self._legal_for(seat, hand, trick, best_kind, best_seat)
            maximise = on_side[seat]
            result = not maximise
            for kind in _kinds(mask):
                if not trick or (kind >> 3 == best_kind >> 3 and kind > best_kind) or (
                        kind >> 3 == trump and best_kind >> 3 != trump):
                    w_kind, w_seat = kind, seat
                else:
                    w_kind, w_seat = best_kind, best_seat
                hands[seat] = hand - ONE[kind]
                trick.append(kind)
                if len(trick) == n:
                    v = on_side[w_seat] and node(w_seat, [], -1, -1)
                else:
                    v = node(nxt[seat], trick, w_kind, w_seat)
                trick.pop()
                hands[seat] = hand
                if v == maximise:
                    result = v
                    break
            if not trick:
                table[(*hands, seat)] = result
            return result

        seat, best_kind, best_seat, _, _ = self._start()
        return node(seat, list(self.trick), best_kind, best_seat)

    def _legal_for(self, seat: int, hand: int, trick: list[int], best_kind: int,
                   best_seat: int) -> int:
        must_beat = True
        if self.exempt:
            must_beat = self.team_of[best_seat] != self.team_of[seat] or best_seat == seat
        return legal_mask(hand, trick, best_kind, self.trump, self.rules, must_beat)


def _order_leads(moves: Sequence[int], first: int, seat: int, hands: list[int],
                 nxt: list[int], n: int, trump: int) -> list[int]:
    """Leads worth trying first: the table's move, then cards nobody can beat, then low cards."""
    others = 0
    s = nxt[seat]
    for _ in range(n - 1):
        others |= hands[s]
        s = nxt[s]
    scored = []
    for kind in moves:
        if kind == first:
            score = 1000
        elif not (others & ABOVE[kind]):
            # The top card left in its suit (a plain suit may still be trumped).
            score = 100 + _KIND_POINTS[kind] + (50 if kind >> 3 == trump else 0)
        else:
            score = -_KIND_POINTS[kind] - (20 if kind >> 3 == trump else 0)
        scored.append((score, kind))
    scored.sort(reverse=True)
    return [kind for _, kind in scored]


def _order_follows(moves: Sequence[int], maximise: bool, best_is_mine: bool, best_kind: int,
                   last: bool, trump: int) -> list[int]:
    """Cards worth trying first when following: win cheaply, smear on a partner, else shed low."""
    friendly = best_is_mine == maximise
    scored = []
    for kind in moves:
        pts = _KIND_POINTS[kind]
        wins = (kind >> 3 == best_kind >> 3 and kind > best_kind) or (
            kind >> 3 == trump and best_kind >> 3 != trump)
        if friendly and (last or not wins):
            score = pts if not wins else pts - 30
        elif wins:
            score = 100 - pts  # the cheapest card that wins (measured: fewer nodes than highest)
        else:
            score = -pts
        scored.append((score, kind))
    scored.sort(reverse=True)
    return [kind for _, kind in scored]


__all__ = ["TABLE_LIMIT", "SolverStats", "best_cards", "best_cards_many", "pure_best_cards",
           "pure_solve", "pure_solve_durch", "solve", "solve_durch"]
