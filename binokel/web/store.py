"""SQLite persistence of web tables: the rule set, the secret seed, the seats and every action.

A table is stored as what it takes to replay it (the log is the record): its game and rule set,
its seed, its seats and the actions in notation, numbered.  :meth:`Store.append_action` commits
before it returns, and the table layer announces an action only after that, so a server that
stops at any moment restarts with every announced action.

An action and the status it causes (a game that ends with it) are one transaction, so a crash
can never leave a finished game marked as playing.  Seat and cancel tokens are never stored,
only their SHA-256 digests.

>>> store = Store(":memory:")
>>> store.create_table(StoredTable(id="t1", game="binokel", rules="binokel", seed="s",
...     title="", created=0.0, status="playing",
...     seats=[StoredSeat(kind="open", name="", bot=None, token_hash=None)] * 3))
>>> store.append_action("t1", 0, 1, "pass")
>>> store.load_table("t1").actions
['pass']
"""

from __future__ import annotations

import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    rules TEXT NOT NULL,
    seed TEXT NOT NULL,
    title TEXT NOT NULL DEFAULT '',
    created REAL NOT NULL,
    updated REAL NOT NULL,
    status TEXT NOT NULL,
    creator_seat INTEGER,
    cancel_hash TEXT
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    bot TEXT,
    token_hash TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, n)
);
CREATE INDEX IF NOT EXISTS tables_status ON tables(status);
"""
#: Columns added since the first schema, for databases made before them.
ADDED_COLUMNS = {"creator_seat": "INTEGER", "cancel_hash": "TEXT"}
STATUSES = ("playing", "finished", "abandoned", "cancelled", "expired")
#: Reviews of finished games (:mod:`binokel.web.reviews`), one per table, seat and reviewer:
#: the review's JSON as ``binokel review --json`` prints it.
REVIEW_SCHEMA = """
CREATE TABLE IF NOT EXISTS reviews (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    reviewer TEXT NOT NULL,
    created REAL NOT NULL,
    review TEXT NOT NULL,
    PRIMARY KEY (table_id, seat, reviewer)
);
"""


@dataclass
class StoredSeat:
    kind: str
    """``open``, ``human`` or ``bot``."""
    name: str
    bot: str | None
    token_hash: str | None


@dataclass
class StoredTable:
    id: str
    game: str
    rules: str
    seed: str
    title: str
    created: float
    status: str
    """One of :data:`STATUSES`."""
    seats: list[StoredSeat]
    actions: list[str] = field(default_factory=list)
    creator_seat: int | None = None
    """The seat the table's creator took, if any."""
    cancel_hash: str | None = None
    """Digest of the token that lets the creator cancel the table."""
    updated: float = 0.0
    """When the table last changed (created, a seat taken or left, an action)."""


class StoreError(RuntimeError):
    """The database refused a write (a duplicate action number means two writers)."""


class Store:
    """One SQLite database of tables.  Safe to call from several threads (one lock)."""

    def __init__(self, path: str | Path, *, synchronous: str = "NORMAL") -> None:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.path = str(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        # WAL with synchronous=NORMAL: a commit survives the process being killed at any point
        # (what a server restart needs); FULL also survives a power cut, at an fsync per move.
        if self.path != ":memory:":
            self._db.execute("PRAGMA journal_mode=WAL")
        if synchronous.upper() not in ("OFF", "NORMAL", "FULL"):
            raise ValueError(f"synchronous must be OFF, NORMAL or FULL, not {synchronous!r}")
        self._db.execute(f"PRAGMA synchronous={synchronous.upper()}")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)
        self._db.executescript(REVIEW_SCHEMA)
        have = {row[1] for row in self._db.execute("PRAGMA table_info(tables)")}
        for column, kind in ADDED_COLUMNS.items():
            if column not in have:
                self._db.execute(f"ALTER TABLE tables ADD COLUMN {column} {kind}")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # --- writes: each one is its own committed transaction ----------------------------------

    def create_table(self, table: StoredTable) -> None:
        now = time.time()
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "INSERT INTO tables (id, game, rules, seed, title, created, updated, status, "
                "creator_seat, cancel_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (table.id, table.game, table.rules, table.seed, table.title, table.created or now,
                 table.updated or now, table.status, table.creator_seat, table.cancel_hash))
            self._db.executemany(
                "INSERT INTO seats (table_id, seat, kind, name, bot, token_hash) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [(table.id, i, s.kind, s.name, s.bot, s.token_hash)
                 for i, s in enumerate(table.seats)])
            for n, action in enumerate(table.actions):
                self._insert_action(table.id, n, -1, action, now)

    def set_seat(self, table_id: str, seat: int, stored: StoredSeat) -> None:
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "UPDATE seats SET kind = ?, name = ?, bot = ?, token_hash = ? "
                "WHERE table_id = ? AND seat = ?",
                (stored.kind, stored.name, stored.bot, stored.token_hash, table_id, seat))
            self._db.execute("UPDATE tables SET updated = ? WHERE id = ?", (time.time(), table_id))

    def append_action(self, table_id: str, n: int, seat: int, action: str) -> None:
        """Store action number ``n`` (from 0) and commit before returning."""
        self.append_actions(table_id, n, seat, [action])

    def append_actions(self, table_id: str, n: int, seat: int, actions: list[str], *,
                       status: str | None = None) -> None:
        """Store several consecutive actions in one committed transaction (all or none),
        with the table's new ``status`` if they change it (the last action of a game)."""
        now = time.time()
        if status is not None and status not in STATUSES:
            raise ValueError(f"unknown table status {status!r}")
        try:
            with self._lock, self._db:
                self._db.execute("BEGIN")
                for i, action in enumerate(actions):
                    self._insert_action(table_id, n + i, seat, action, now)
                if status is None:
                    self._db.execute("UPDATE tables SET updated = ? WHERE id = ?",
                                     (now, table_id))
                else:
                    self._db.execute("UPDATE tables SET updated = ?, status = ? WHERE id = ?",
                                     (now, status, table_id))
        except sqlite3.IntegrityError as exc:
            raise StoreError(f"table {table_id}: action {n} already stored ({exc})") from None

    def _insert_action(self, table_id: str, n: int, seat: int, action: str, at: float) -> None:
        self._db.execute(
            "INSERT INTO actions (table_id, n, seat, action, at) VALUES (?, ?, ?, ?, ?)",
            (table_id, n, seat, action, at))

    def set_status(self, table_id: str, status: str) -> None:
        if status not in STATUSES:
            raise ValueError(f"unknown table status {status!r}")
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute("UPDATE tables SET status = ?, updated = ? WHERE id = ?",
                             (status, time.time(), table_id))

    # --- reads ---------------------------------------------------------------------------------

    def load_table(self, table_id: str) -> StoredTable | None:
        with self._lock:
            row = self._db.execute(
                "SELECT id, game, rules, seed, title, created, status, creator_seat, cancel_hash, "
                "updated FROM tables WHERE id = ?",
                (table_id,)).fetchone()
            if row is None:
                return None
            seats = [StoredSeat(kind=k, name=n, bot=b, token_hash=t) for k, n, b, t in
                     self._db.execute("SELECT kind, name, bot, token_hash FROM seats "
                                      "WHERE table_id = ? ORDER BY seat", (table_id,))]
            actions = [a for (a,) in self._db.execute(
                "SELECT action FROM actions WHERE table_id = ? ORDER BY n", (table_id,))]
        return StoredTable(id=row[0], game=row[1], rules=row[2], seed=row[3], title=row[4],
                           created=row[5], status=row[6], seats=seats, actions=actions,
                           creator_seat=row[7], cancel_hash=row[8], updated=row[9])

    def table_ids(self, *, status: str | None = None, limit: int = -1) -> list[str]:
        """Table ids, newest first; only those of one status if given; all of them unless
        ``limit`` is given."""
        with self._lock:
            if status is None:
                rows = self._db.execute("SELECT id FROM tables ORDER BY created DESC LIMIT ?",
                                        (limit,))
            else:
                rows = self._db.execute("SELECT id FROM tables WHERE status = ? "
                                        "ORDER BY created DESC LIMIT ?", (status, limit))
            return [r for (r,) in rows]

    # --- reviews of finished games ----------------------------------------------------------

    def save_review(self, table_id: str, seat: int, reviewer: str, review: str) -> None:
        """Keep a finished game's review (JSON text) for ``seat`` by ``reviewer``."""
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "INSERT OR REPLACE INTO reviews (table_id, seat, reviewer, created, review) "
                "VALUES (?, ?, ?, ?, ?)", (table_id, seat, reviewer, time.time(), review))

    def load_review(self, table_id: str, seat: int, reviewer: str) -> str | None:
        """A kept review's JSON text, or ``None``."""
        with self._lock:
            row = self._db.execute(
                "SELECT review FROM reviews WHERE table_id = ? AND seat = ? AND reviewer = ?",
                (table_id, seat, reviewer)).fetchone()
        return None if row is None else str(row[0])
