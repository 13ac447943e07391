"""The standings of a tournament: points summed over the rounds, ties broken as documented
(decision club-02), and the ranking as CSV.

Ties are broken by, in order:

1. the higher total;
2. the better last round (the points of the latest round drawn; a round not played counts 0);
3. fewer missed contracts (hands the player declared and lost or gave up);
4. otherwise the players share the place (listed by name).

>>> rows = rank([("p1", "Anna", [10, 20], 0, ""), ("p2", "Bert", [20, 10], 0, ""),
...              ("p3", "Cora", [20, 10], 1, "")])
>>> [(s.place, s.name) for s in rows]
[(1, 'Anna'), (2, 'Bert'), (3, 'Cora')]
>>> read_standings_csv(standings_csv(rows)) == rows
True
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..pad.export import text_cell


@dataclass(frozen=True)
class Standing:
    place: int
    player: str
    name: str
    rounds: tuple[int | None, ...]
    """Points in each round drawn so far (None: not played)."""
    total: int
    missed: int
    status: str
    """'' (playing), 'withdrawn' or 'late' (joined after round 1)."""


Entry = tuple[str, str, Sequence[int | None], int, str]


def _key(entry: Entry) -> tuple[int, int, int]:
    _, _, rounds, missed, _ = entry
    last = rounds[-1] if rounds else 0
    return (-sum(r or 0 for r in rounds), -(last or 0), missed)


def rank(entries: Iterable[Entry]) -> list[Standing]:
    """The ranking of (id, name, points by round, missed contracts, status) entries."""
    ordered = sorted(entries, key=lambda e: (_key(e), e[1].casefold(), e[0]))
    out: list[Standing] = []
    for i, entry in enumerate(ordered):
        place = out[-1].place if out and _key(ordered[i - 1]) == _key(entry) else i + 1
        pid, name, rounds, missed, status = entry
        out.append(Standing(place, pid, name, tuple(rounds), sum(r or 0 for r in rounds),
                            missed, status))
    return out


def _guard(name: str) -> object:
    # An apostrophe of a name's own is doubled, so reading back strips exactly one.
    return "'" + name if name.startswith("'") else text_cell(name)


def _unguard(cell: str) -> str:
    return cell[1:] if cell.startswith("'") else cell


def standings_csv(rows: Sequence[Standing]) -> str:
    """The ranking as CSV; no name can be read as a formula by a spreadsheet."""
    count = max((len(r.rounds) for r in rows), default=0)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["place", "id", "name", *(f"round {n + 1}" for n in range(count)),
                     "total", "missed", "status"])
    for r in rows:
        writer.writerow([r.place, r.player, _guard(r.name),
                         *("" if p is None else p for p in r.rounds), r.total, r.missed,
                         r.status])
    return out.getvalue()


def read_standings_csv(text: str) -> list[Standing]:
    """The rows :func:`standings_csv` wrote."""
    reader = csv.reader(io.StringIO(text))
    header = next(reader)
    count = len(header) - 6
    return [Standing(int(row[0]), row[1], _unguard(row[2]),
                     tuple(None if c == "" else int(c) for c in row[3:3 + count]),
                     int(row[3 + count]), int(row[4 + count]), row[5 + count])
            for row in reader]
