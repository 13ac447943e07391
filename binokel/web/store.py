"""Persistence of web tables: the rule set, the secret seed, the seats and every action.

The SQL is written once (:class:`SqlStore`, with ``?`` placeholders) for both databases:
SQLite here (:class:`Store`, the default) and PostgreSQL in :mod:`.store_pg`, which adds the
leases and the relay of several servers.  Both keep the schema of :mod:`.migrations`.

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

import functools
import re
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from .migrations import Dialect, migrations_table, pending, statements

STATUSES = ("playing", "finished", "abandoned", "cancelled", "expired")


@dataclass
class StoredSeat:
    kind: str
    """``open``, ``human`` or ``bot``."""
    name: str
    bot: str | None
    token_hash: str | None
    client: str | None = None
    """The network of the address that took the seat (:func:`binokel.web.guard.client_key`),
    for the per-address cap."""


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
    creator: str = ""
    """The network of the address that made the table (the per-address cap counts it)."""
    rematch_votes: list[int] = field(default_factory=list)
    """Seats that offered or accepted a rematch once the game ended."""
    rematch_table: str | None = None
    """The table an accepted rematch made (a table has one rematch)."""
    clock: float | None = None
    """The table's turn clock in seconds (0: none; None: the server's)."""


@dataclass
class StoredPad:
    """A score pad (``/pad``): its pad record as JSON, and how many changes it has had."""

    id: str
    token_hash: str
    """SHA-256 digest of the pad's secret; the secret itself is never stored."""
    rules: str
    record: str
    """The pad as the pad model's JSON (:func:`binokel.pad` ``to_json``)."""
    version: int
    created: float = 0.0
    updated: float = 0.0


def redact(url: str) -> str:
    """An address without its password, for messages and logs.

    >>> redact("postgresql://cards:secret@db.example:5432/binokel")
    'postgresql://cards:***@db.example:5432/binokel'
    """
    return re.sub(r"(://[^:/@]*):[^@]*@", r"\1:***@", url)


class StoreError(RuntimeError):
    """The database refused a write (a duplicate action number means two writers)."""


class TableStore(Protocol):
    """What the web server needs of a database: :class:`Store` (SQLite, the default) and
    :class:`~binokel.web.store_pg.PostgresStore` (several servers on one PostgreSQL) keep
    the same schema (:mod:`binokel.web.migrations`) and behave alike."""

    path: str
    """Where the tables are (a file, or a PostgreSQL address without its password)."""

    def close(self) -> None: ...

    def create_table(self, table: StoredTable) -> None: ...

    def set_seat(self, table_id: str, seat: int, stored: StoredSeat) -> None: ...

    def append_action(self, table_id: str, n: int, seat: int, action: str) -> None: ...

    def append_actions(self, table_id: str, n: int, seat: int, actions: list[str], *,
                       status: str | None = None) -> None: ...

    def set_status(self, table_id: str, status: str) -> None: ...

    def set_rematch(self, table_id: str, votes: list[int], rematch_table: str | None
                    ) -> None: ...

    def live_tables(self, client: str) -> int: ...

    def load_table(self, table_id: str) -> StoredTable | None: ...

    def has_table(self, table_id: str) -> bool: ...

    def table_status(self, table_id: str) -> str | None: ...

    def table_ids(self, *, status: str | None = None, limit: int = -1) -> list[str]: ...

    def schema_version(self) -> int: ...

    def create_pad(self, pad: StoredPad) -> None: ...

    def load_pad(self, pad_id: str) -> StoredPad | None: ...

    def has_pad_op(self, pad_id: str, op_id: str) -> bool: ...

    def save_pad(self, pad_id: str, op_id: str, version: int, record: str) -> bool: ...

    def pad_count(self) -> int: ...

    def save_review(self, table_id: str, seat: int, reviewer: str, review: str) -> None: ...

    def load_review(self, table_id: str, seat: int, reviewer: str) -> str | None: ...

    placeholder: str
    """How a value is marked in this database's SQL (``?`` or ``%s``)."""

    def sql_read(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]: ...

    def sql_write(self, steps: Sequence[tuple[str, Sequence[Any], bool]]) -> bool: ...


INSERT_ACTION = "INSERT INTO actions (table_id, n, seat, action, at) VALUES (?, ?, ?, ?, ?)"
#: Tables in play a network made or sits at (the per-address cap).
LIVE_TABLES = ("SELECT count(*) FROM tables t WHERE t.status = 'playing' AND (t.creator = ? OR "
               "EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t.id AND s.client = ?))")


def votes_text(votes: list[int]) -> str:
    """Rematch votes as stored: seat numbers separated by commas."""
    return ",".join(str(v) for v in sorted(set(votes)))


def votes_of(text: str | None) -> list[int]:
    """The rematch votes stored as :func:`votes_text` wrote them.

    >>> votes_of(votes_text([2, 0])), votes_of(None)
    ([0, 2], [])
    """
    return [int(v) for v in (text or "").split(",") if v.strip().isdigit()]


#: Bytes per page of a new SQLite database (SQLite's default is 4096; decision web-11).
PAGE_SIZE = 1024


@functools.lru_cache(maxsize=256)
def with_placeholder(sql: str, placeholder: str) -> str:
    """A statement written with ``?`` placeholders, in a driver's own placeholder.

    >>> with_placeholder("SELECT 1 FROM pads WHERE id = ? AND version = ?", "%s")
    'SELECT 1 FROM pads WHERE id = %s AND version = %s'
    """
    return sql if placeholder == "?" else sql.replace("?", placeholder)


class Statements:
    """Statements on one connection, written once with ``?`` and sent with the driver's
    placeholder (sqlite3: ``?``; psycopg: ``%s``).  What :meth:`run` returns is the driver's
    cursor (``rowcount``, ``fetchone``, ``fetchall``)."""

    def __init__(self, execute: Callable[..., Any],
                 executemany: Callable[[str, list[Sequence[Any]]], Any], placeholder: str
                 ) -> None:
        self._execute = execute
        self._executemany = executemany
        self.placeholder = placeholder

    def run(self, sql: str, params: Sequence[Any] | None = None) -> Any:
        """Run one statement (without ``params``: sent as it is, placeholders untouched)."""
        if params is None:
            return self._execute(sql)
        return self._execute(with_placeholder(sql, self.placeholder), params)

    def many(self, sql: str, rows: list[Sequence[Any]]) -> None:
        if rows:
            self._executemany(with_placeholder(sql, self.placeholder), rows)


class WriteUndone(Exception):
    """Raised inside :meth:`SqlStore._transaction` to undo it (caught by the store): a step
    of a write changed no row."""


class SqlStore:
    """The tables, pads and reviews in SQL, written once for SQLite (:class:`Store`) and
    PostgreSQL (:class:`~binokel.web.store_pg.PostgresStore`).  A dialect gives its
    placeholder, how "no limit" is said, its driver's integrity error and how a
    transaction, a consistent read and a migration are run; PostgreSQL adds its leases.
    Safe to call from several threads (one lock)."""

    dialect: Dialect
    placeholder: str
    no_limit: int | None
    """The ``LIMIT`` that means none (SQLite: -1; PostgreSQL: NULL)."""
    integrity_error: type[Exception]
    duplicate_error: type[Exception]
    """What the driver raises for a row that is there already (:meth:`sql_write`)."""
    path: str
    _lock: threading.Lock
    _sql: Statements
    """Statements on the store's connection (held under the lock).  They are written with
    ``?``; SQL already in the dialect's placeholder (:meth:`sql_read`) passes unchanged."""

    # --- the dialect's part -----------------------------------------------------------------

    def _transaction(self) -> AbstractContextManager[Statements]:
        """One committed transaction, under the lock; :class:`WriteUndone` undoes it."""
        raise NotImplementedError

    def _write(self, table_id: str | None = None) -> AbstractContextManager[Statements]:
        """One committed transaction of writes whose results are not read before it ends;
        with ``table_id``, a write to that table (PostgreSQL checks this server's lease)."""
        return self._transaction()

    def _reading(self) -> AbstractContextManager[Statements]:
        """Several reads under the lock that see one state of the database."""
        raise NotImplementedError

    def _migrating(self) -> AbstractContextManager[Statements]:
        """The transaction of a migration, one server at a time."""
        raise NotImplementedError

    def _add_column(self, sql: Statements, table: str, column: str, kind: str) -> None:
        raise NotImplementedError

    def _made(self, sql: Statements, table_id: str) -> None:
        """What else a new table needs, in its transaction (PostgreSQL: this server's lease)."""

    def _one(self, query: str, params: Sequence[Any] | None = None) -> Any:
        """The first row of one statement's answer (None if it has none)."""
        with self._lock:
            return self._sql.run(query, params).fetchone()

    def _all(self, query: str, params: Sequence[Any] | None = None) -> list[Any]:
        with self._lock:
            return list(self._sql.run(query, params).fetchall())

    # --- the schema -------------------------------------------------------------------------

    def _migrate(self) -> None:
        """Bring the schema up to date, all in one transaction (see :mod:`.migrations`)."""
        with self._migrating() as sql:
            sql.run(migrations_table(self.dialect))
            (current,) = sql.run(
                "SELECT COALESCE(MAX(version), 0) FROM schema_migrations").fetchone()
            for migration in pending(int(current)):
                for statement in statements(migration, self.dialect):
                    sql.run(statement)
                for table, column, kind in migration.columns:
                    self._add_column(sql, table, column, kind)
                sql.run("INSERT INTO schema_migrations (version, name, applied) "
                        "VALUES (?, ?, ?)", (migration.version, migration.name, time.time()))

    def schema_version(self) -> int:
        """The last migration this database has had."""
        (version,) = self._one("SELECT COALESCE(MAX(version), 0) FROM schema_migrations")
        return int(version)

    # --- writes: each one is its own committed transaction ----------------------------------

    def create_table(self, table: StoredTable) -> None:
        now = time.time()
        with self._write() as sql:
            sql.run(
                "INSERT INTO tables (id, game, rules, seed, title, created, updated, status, "
                "creator_seat, cancel_hash, creator, rematch_votes, rematch_table, clock) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (table.id, table.game, table.rules, table.seed, table.title, table.created or now,
                 table.updated or now, table.status, table.creator_seat, table.cancel_hash,
                 table.creator, votes_text(table.rematch_votes), table.rematch_table,
                 table.clock))
            sql.many("INSERT INTO seats (table_id, seat, kind, name, bot, token_hash, client) "
                     "VALUES (?, ?, ?, ?, ?, ?, ?)",
                     [(table.id, i, s.kind, s.name, s.bot, s.token_hash, s.client)
                      for i, s in enumerate(table.seats)])
            sql.many(INSERT_ACTION, [(table.id, n, -1, a, now)
                                     for n, a in enumerate(table.actions)])
            self._made(sql, table.id)

    def set_seat(self, table_id: str, seat: int, stored: StoredSeat) -> None:
        with self._write(table_id) as sql:
            sql.run("UPDATE seats SET kind = ?, name = ?, bot = ?, token_hash = ?, client = ? "
                    "WHERE table_id = ? AND seat = ?",
                    (stored.kind, stored.name, stored.bot, stored.token_hash, stored.client,
                     table_id, seat))
            sql.run("UPDATE tables SET updated = ? WHERE id = ?", (time.time(), table_id))

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
            with self._write(table_id) as sql:
                sql.many(INSERT_ACTION, [(table_id, n + i, seat, a, now)
                                         for i, a in enumerate(actions)])
                if status is None:
                    sql.run("UPDATE tables SET updated = ? WHERE id = ?", (now, table_id))
                else:
                    sql.run("UPDATE tables SET updated = ?, status = ? WHERE id = ?",
                            (now, status, table_id))
        except self.integrity_error as exc:
            raise StoreError(f"table {table_id}: action {n} already stored ({exc})") from None

    def set_status(self, table_id: str, status: str) -> None:
        if status not in STATUSES:
            raise ValueError(f"unknown table status {status!r}")
        with self._write(table_id) as sql:
            sql.run("UPDATE tables SET status = ?, updated = ? WHERE id = ?",
                    (status, time.time(), table_id))

    def set_rematch(self, table_id: str, votes: list[int], rematch_table: str | None
                    ) -> None:
        """Store an ended table's rematch votes and the table the rematch made, if any."""
        with self._write() as sql:
            sql.run("UPDATE tables SET rematch_votes = ?, rematch_table = ? WHERE id = ?",
                    (votes_text(votes), rematch_table, table_id))

    def live_tables(self, client: str) -> int:
        """Tables in play that ``client`` (a network) made or sits at."""
        (count,) = self._one(LIVE_TABLES, (client, client))
        return int(count)

    # --- score pads (no leases on PostgreSQL: a pad is not a table) -------------------------

    def create_pad(self, pad: StoredPad) -> None:
        now = time.time()
        with self._transaction() as sql:
            sql.run("INSERT INTO pads (id, token_hash, rules, record, version, created, "
                    "updated) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (pad.id, pad.token_hash, pad.rules, pad.record, pad.version,
                     pad.created or now, now))

    def load_pad(self, pad_id: str) -> StoredPad | None:
        row = self._one("SELECT id, token_hash, rules, record, version, created, updated "
                        "FROM pads WHERE id = ?", (pad_id,))
        if row is None:
            return None
        return StoredPad(id=row[0], token_hash=row[1], rules=row[2], record=row[3],
                         version=row[4], created=row[5], updated=row[6])

    def has_pad_op(self, pad_id: str, op_id: str) -> bool:
        """Whether the change with this id (the page's own, for sending it again) is stored."""
        return self._one("SELECT 1 FROM pad_ops WHERE pad_id = ? AND op_id = ?",
                         (pad_id, op_id)) is not None

    def save_pad(self, pad_id: str, op_id: str, version: int, record: str) -> bool:
        """Store the pad's new record as ``version`` with the change ``op_id`` that made it, in
        one committed transaction; False (and nothing written) when that change is already
        stored or another write came first (the pad is not at ``version - 1``)."""
        now = time.time()
        try:
            with self._transaction() as sql:
                # The change first: another server storing the same change at once waits for
                # it here and then finds it stored.
                if sql.run("INSERT INTO pad_ops (pad_id, op_id, version, at) "
                           "VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                           (pad_id, op_id, version, now)).rowcount != 1:
                    raise WriteUndone
                if sql.run("UPDATE pads SET record = ?, version = ?, updated = ? "
                           "WHERE id = ? AND version = ?",
                           (record, version, now, pad_id, version - 1)).rowcount != 1:
                    raise WriteUndone
        except WriteUndone:
            return False
        return True

    def pad_count(self) -> int:
        (count,) = self._one("SELECT count(*) FROM pads")
        return int(count)

    # --- plain SQL for modules with tables of their own (the club tournaments') -------------

    def sql_read(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return self._all(sql, tuple(params))

    def sql_write(self, steps: Sequence[tuple[str, Sequence[Any], bool]]) -> bool:
        """Run the steps in one committed transaction; False (nothing written) if a step that
        must change one row does not, or a row is there already."""
        try:
            with self._transaction() as sql:
                for text, params, must in steps:
                    if sql.run(text, tuple(params)).rowcount != 1 and must:
                        raise WriteUndone
        except (WriteUndone, self.duplicate_error):
            return False
        return True

    # --- reads ---------------------------------------------------------------------------------

    def load_table(self, table_id: str) -> StoredTable | None:
        with self._reading() as sql:
            row = sql.run(
                "SELECT id, game, rules, seed, title, created, status, creator_seat, cancel_hash, "
                "updated, creator, rematch_votes, rematch_table, clock FROM tables WHERE id = ?",
                (table_id,)).fetchone()
            if row is None:
                return None
            seats = [StoredSeat(kind=k, name=n, bot=b, token_hash=t, client=c)
                     for k, n, b, t, c in
                     sql.run("SELECT kind, name, bot, token_hash, client FROM seats "
                             "WHERE table_id = ? ORDER BY seat", (table_id,)).fetchall()]
            actions = [a for (a,) in sql.run(
                "SELECT action FROM actions WHERE table_id = ? ORDER BY n",
                (table_id,)).fetchall()]
        return StoredTable(id=row[0], game=row[1], rules=row[2], seed=row[3], title=row[4],
                           created=row[5], status=row[6], seats=seats, actions=actions,
                           creator_seat=row[7], cancel_hash=row[8], updated=row[9],
                           creator=row[10] or "", rematch_votes=votes_of(row[11]),
                           rematch_table=row[12], clock=row[13])

    def has_table(self, table_id: str) -> bool:
        """Whether a table of this id is stored (its seats and actions are not read)."""
        return self._one("SELECT 1 FROM tables WHERE id = ?", (table_id,)) is not None

    def table_status(self, table_id: str) -> str | None:
        """A stored table's status, None if there is no such table (nothing else is read)."""
        row = self._one("SELECT status FROM tables WHERE id = ?", (table_id,))
        return None if row is None else str(row[0])

    def table_ids(self, *, status: str | None = None, limit: int = -1) -> list[str]:
        """Table ids, newest first; only those of one status if given; all of them unless
        ``limit`` is given."""
        cap = self.no_limit if limit < 0 else limit
        if status is None:
            rows = self._all("SELECT id FROM tables ORDER BY created DESC LIMIT ?", (cap,))
        else:
            rows = self._all("SELECT id FROM tables WHERE status = ? "
                             "ORDER BY created DESC LIMIT ?", (status, cap))
        return [str(r) for (r,) in rows]

    # --- reviews of finished games ----------------------------------------------------------

    def save_review(self, table_id: str, seat: int, reviewer: str, review: str) -> None:
        """Keep a finished game's review (JSON text) for ``seat`` by ``reviewer``."""
        with self._transaction() as sql:
            sql.run("INSERT INTO reviews (table_id, seat, reviewer, created, review) "
                    "VALUES (?, ?, ?, ?, ?) ON CONFLICT (table_id, seat, reviewer) DO UPDATE "
                    "SET created = excluded.created, review = excluded.review",
                    (table_id, seat, reviewer, time.time(), review))

    def load_review(self, table_id: str, seat: int, reviewer: str) -> str | None:
        """A kept review's JSON text, or ``None``."""
        row = self._one("SELECT review FROM reviews WHERE table_id = ? AND seat = ? "
                        "AND reviewer = ?", (table_id, seat, reviewer))
        return None if row is None else str(row[0])


class Store(SqlStore):
    """One SQLite database of tables."""

    dialect: Dialect = "sqlite"
    placeholder = "?"
    no_limit = -1
    integrity_error = duplicate_error = sqlite3.IntegrityError

    def __init__(self, path: str | Path, *, synchronous: str = "NORMAL") -> None:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.path = str(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        # A new database gets small pages (an older one keeps its own: SQLite cannot change
        # them in WAL mode): a move's commit writes three pages to the WAL (an action, its
        # index entry, its table's row), and every byte of them is checksummed and copied.
        self._db.execute(f"PRAGMA page_size={PAGE_SIZE}")
        # Every statement goes through one cursor, under the lock (not a new cursor per
        # statement, as Connection.execute makes).
        cursor = self._db.cursor()
        self._sql = Statements(cursor.execute, cursor.executemany, self.placeholder)
        # WAL with synchronous=NORMAL: a commit survives the process being killed at any point
        # (what a server restart needs); FULL also survives a power cut, at an fsync per move.
        if self.path != ":memory:":
            self._db.execute("PRAGMA journal_mode=WAL")
        if synchronous.upper() not in ("OFF", "NORMAL", "FULL"):
            raise ValueError(f"synchronous must be OFF, NORMAL or FULL, not {synchronous!r}")
        self._db.execute(f"PRAGMA synchronous={synchronous.upper()}")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._migrate()

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @contextmanager
    def _transaction(self, begin: str = "BEGIN") -> Iterator[Statements]:
        with self._lock, self._db:  # commits, or rolls back on an exception
            self._sql.run(begin)
            yield self._sql

    @contextmanager
    def _reading(self) -> Iterator[Statements]:
        with self._lock:
            yield self._sql

    def _migrating(self) -> AbstractContextManager[Statements]:
        return self._transaction("BEGIN IMMEDIATE")  # one server migrates; others wait

    def _add_column(self, sql: Statements, table: str, column: str, kind: str) -> None:
        have = {row[1] for row in sql.run(f"PRAGMA table_info({table})").fetchall()}
        if column not in have:
            sql.run(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
