"""The draw of a round's tables: tables of three, and of four (the dealer sitting out) where the
count does not divide by three; never a table of two.

Round 1 is drawn at random from a seed that is shown, so anyone can draw it again.  Later rounds
avoid seating two players together again: after a random (or, seated by standing, an ordered)
start, players are swapped between tables while a swap lowers the number of pairs who meet
again, and the best of :data:`RESTARTS` such searches is kept (decision club-01).  The measured
bound: with twelve players or more, three rounds are drawn without a single repeated pair
(``tests/club/test_draw.py`` checks every count from 12 to 100 for several seeds).

>>> table_sizes(31)
[4, 3, 3, 3, 3, 3, 3, 3, 3, 3]
>>> first = draw([f"p{i}" for i in range(9)], "club-1")
>>> second = draw([f"p{i}" for i in range(9)], "club-2", met=first.pairs())
>>> count_repeats(second.tables, first.pairs())
0
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

#: Independent searches a draw keeps the best of (each from its own shuffle).
RESTARTS = 12
#: How many tables from their place in the standings a player may be seated by standing.
STANDING_REACH = 3

Pairs = Counter[frozenset[str]]


class DrawError(ValueError):
    """Players who cannot be drawn to tables (too few, or five)."""


def table_sizes(count: int) -> list[int]:
    """The tables for ``count`` players: of four first (as few as can be), then of three.

    >>> table_sizes(9), table_sizes(10), table_sizes(11)
    ([3, 3, 3], [4, 3, 3], [4, 4, 3])
    """
    fours = count % 3  # 3a + 4b = count with b = count mod 3 (0, 1 or 2 tables of four)
    if count < 3 or count - 4 * fours < 0:
        raise DrawError(f"{count} players cannot sit at tables of three or four (never a "
                        "table of two): add or withdraw a player")
    return [4] * fours + [3] * ((count - 4 * fours) // 3)


@dataclass(frozen=True)
class Seating:
    """A round's tables: each a list of player ids in seat order, with its first dealer."""

    tables: tuple[tuple[str, ...], ...]
    dealers: tuple[int, ...]
    seed: str

    def pairs(self, before: Pairs | None = None) -> Pairs:
        """Every pair seated together (added to ``before``, which is not changed)."""
        met = Counter(before or {})
        for table in self.tables:
            met.update(frozenset(p) for p in itertools.combinations(table, 2))
        return met


def count_repeats(tables: Iterable[Sequence[str]], met: Pairs) -> int:
    """Pairs at these tables who met before (a pair met twice counts twice)."""
    return sum(met[frozenset(p)] for table in tables for p in itertools.combinations(table, 2))


def _cost(table: Sequence[str], met: Pairs) -> int:
    return sum(int(met[frozenset(p)]) for p in itertools.combinations(table, 2))


def _improve(tables: list[list[str]], met: Pairs, rng: random.Random, reach: int | None
             ) -> int:
    """Swap players between tables while a swap lowers the repeats; the repeats left.  With
    ``reach``, no player ends more than ``reach`` tables from the table they started at."""
    home = {p: i for i, table in enumerate(tables) for p in table}
    costs = [_cost(t, met) for t in tables]
    improved: bool = True
    while improved and sum(costs) > 0:
        improved = False
        order = [i for i, c in enumerate(costs) if c]
        rng.shuffle(order)
        for a in order:
            if not costs[a]:
                continue
            others = [b for b in range(len(tables)) if b != a]
            rng.shuffle(others)
            swaps = ((o, x, y) for o in others for x in range(len(tables[a]))
                     for y in range(len(tables[o])))
            for b, x, y in swaps:
                if reach is not None and (abs(home[tables[a][x]] - b) > reach
                                          or abs(home[tables[b][y]] - a) > reach):
                    continue
                ta, tb = list(tables[a]), list(tables[b])
                ta[x], tb[y] = tb[y], ta[x]
                ca, cb = _cost(ta, met), _cost(tb, met)
                if ca + cb < costs[a] + costs[b]:
                    tables[a], tables[b], costs[a], costs[b] = ta, tb, ca, cb
                    improved = True
                    break
    return sum(costs)


def draw(players: Sequence[str], seed: str, *, met: Pairs | None = None,
         by_standing: bool = False, restarts: int = RESTARTS) -> Seating:
    """Draw ``players`` (ids) to tables from ``seed``, avoiding the pairs in ``met``.

    With ``by_standing`` the players come in standing order (best first) and no player ends
    more than :data:`STANDING_REACH` tables from where the order put them; otherwise the seats
    are shuffled.  The same players, seed and history always give the same tables.
    """
    if len(set(players)) != len(players):
        raise DrawError("a player is listed twice")
    sizes = table_sizes(len(players))
    met = met or Counter()
    rng = random.Random(f"binokel-club:{seed}")
    best: list[list[str]] | None = None
    best_cost = -1
    for _ in range(max(1, restarts)):
        order = list(players)
        if not by_standing:
            rng.shuffle(order)
        tables, start = [], 0
        for size in (sizes if not by_standing else sorted(sizes)):
            tables.append(order[start:start + size])
            start += size
        cost = _improve(tables, met, rng, STANDING_REACH if by_standing else None)
        if best is None or cost < best_cost:
            best, best_cost = tables, cost
        if not best_cost:
            break
    assert best is not None
    seated = []
    for table in best:
        table = list(table)
        rng.shuffle(table)
        seated.append(tuple(table))
    dealers = tuple(rng.randrange(len(t)) for t in seated)
    return Seating(tuple(seated), dealers, seed)
