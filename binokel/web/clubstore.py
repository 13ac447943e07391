"""The club tournaments' tables in the web store (migration 6), the SQL written once with ``?``
for SQLite and PostgreSQL alike: the store (:class:`~binokel.web.store.SqlStore`) puts in its
driver's placeholder and runs :meth:`~binokel.web.store.Store.sql_read` and ``sql_write``
(steps in one transaction).

A tournament is its model's JSON (:class:`binokel.club.Tournament`) with a version: a save names
the version it read and stores nothing if another write came first.  Each save appends one line
to the tournament's log (what changed; who and why for a correction), in the same transaction.

>>> from binokel.web.store import Store
>>> clubs = ClubStore(Store(":memory:"))
>>> clubs.create("c1", "digest", "{}", at=1.0)
True
>>> clubs.save("c1", 1, '{"x": 1}', "player added", at=2.0), clubs.save("c1", 1, "{}", "late")
(True, False)
>>> clubs.load("c1").version, [line.what for line in clubs.log("c1")]
(1, ['created', 'player added'])
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

#: One statement of a write: SQL with ``?`` placeholders, its values, and whether it must
#: change exactly one row (else the whole write is undone).
Step = tuple[str, Sequence[Any], bool]


class SqlBackend(Protocol):
    def sql_read(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]: ...

    def sql_write(self, steps: Sequence[Step]) -> bool: ...


@dataclass(frozen=True)
class StoredClub:
    id: str
    token_hash: str
    record: str
    version: int


@dataclass(frozen=True)
class LogLine:
    n: int
    at: float
    what: str
    who: str
    why: str


class ClubStore:
    """The tournaments in one backend's database."""

    def __init__(self, backend: SqlBackend) -> None:
        self.backend = backend

    def _read(self, text: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return self.backend.sql_read(text, params)

    def _write(self, steps: Sequence[Step]) -> bool:
        return self.backend.sql_write(steps)

    def create(self, club_id: str, token_hash: str, record: str, *, at: float | None = None
               ) -> bool:
        """Store a new tournament; False (nothing written) if its id is taken."""
        now = time.time() if at is None else at
        return self._write([
            ("INSERT INTO clubs (id, token_hash, record, version, created, updated) "
             "VALUES (?, ?, ?, 0, ?, ?)", (club_id, token_hash, record, now, now), True),
            ("INSERT INTO club_log (club_id, n, at, what, who, why) VALUES (?, 0, ?, ?, '', '')",
             (club_id, now, "created"), True)])

    def load(self, club_id: str) -> StoredClub | None:
        rows = self._read("SELECT id, token_hash, record, version FROM clubs WHERE id = ?",
                          (club_id,))
        return StoredClub(*rows[0]) if rows else None

    def save(self, club_id: str, version: int, record: str, what: str, *, who: str = "",
             why: str = "", at: float | None = None) -> bool:
        """Store ``record`` as ``version`` (the one read was ``version - 1``) with its log line;
        False, and nothing written, when another write came first."""
        now = time.time() if at is None else at
        return self._write([
            ("UPDATE clubs SET record = ?, version = ?, updated = ? WHERE id = ? AND version = ?",
             (record, version, now, club_id, version - 1), True),
            ("INSERT INTO club_log (club_id, n, at, what, who, why) VALUES (?, ?, ?, ?, ?, ?)",
             (club_id, version, now, what, who, why), True)])

    def log(self, club_id: str) -> list[LogLine]:
        return [LogLine(*row) for row in self._read(
            "SELECT n, at, what, who, why FROM club_log WHERE club_id = ? ORDER BY n",
            (club_id,))]

    def pad_versions(self, pad_ids: Sequence[str]) -> dict[str, int]:
        """The version of each of these pads (one query: a cheap look for what changed)."""
        if not pad_ids:
            return {}
        marks = ", ".join("?" * len(pad_ids))
        return {str(i): int(v) for i, v in self._read(
            f"SELECT id, version FROM pads WHERE id IN ({marks})", tuple(pad_ids))}

    def count(self) -> int:
        return int(self._read("SELECT count(*) FROM clubs")[0][0])
