"""The web store on PostgreSQL (psycopg 3): the same schema and behaviour as the SQLite
:class:`~binokel.web.store.Store`, plus the leases that let several servers share the tables.

Every write is one committed transaction, as on SQLite.  Once a server has joined a cluster
(:attr:`PostgresStore.holder` is set), each write to a table also renews that server's lease on
it and fails with :class:`~binokel.web.store.StoreError` when another server holds the table
now: a server that lost its lease (paused past its expiry, say) can never write over the
server that took the table over.

Times of leases come from the database's clock, so the servers' clocks need not agree.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import psycopg

from .migrations import LATEST, Dialect
from .store import SqlStore, Statements, StoreError, redact

#: The database's clock, in seconds since the epoch.
NOW = "extract(epoch from clock_timestamp())::double precision"
#: A key for the advisory lock that lets one server at a time migrate the schema.
MIGRATION_LOCK = 0x62696E6F6B656C


class PostgresStore(SqlStore):
    """One PostgreSQL database of tables: :class:`~binokel.web.store.SqlStore`'s statements
    with ``%s``, and the leases and relay of a cluster (:mod:`.cluster`)."""

    dialect: Dialect = "postgres"
    placeholder = "%s"
    no_limit = None
    integrity_error = psycopg.errors.IntegrityError
    duplicate_error = psycopg.errors.UniqueViolation

    def __init__(self, url: str, *, lease_seconds: float = 10.0) -> None:
        self.url = url
        self.path = redact(url)
        self.holder: str | None = None
        """This server's id once it runs tables with leases (see :mod:`.cluster`)."""
        self.lease_seconds = lease_seconds
        self._lock = threading.Lock()
        self._db = psycopg.connect(url, autocommit=True)
        self._sql = Statements(self._db.execute, self._executemany, self.placeholder)
        self._migrate()

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def _executemany(self, sql: str, rows: list[Sequence[Any]]) -> None:
        with self._db.cursor() as cursor:
            cursor.executemany(sql, rows)

    @contextmanager
    def _transaction(self) -> Iterator[Statements]:
        with self._lock, self._db.transaction():  # an exception (WriteUndone) rolls it back
            yield self._sql

    @contextmanager
    def _write(self, table_id: str | None = None) -> Iterator[Statements]:
        """One committed transaction; with ``table_id``, only while this server holds it."""
        # Pipelined: the statements go out together and their answers come back together
        # (two round trips for a move instead of five); the lease is checked before COMMIT.
        with self._lock, self._db.pipeline() as pipeline, self._db.transaction():
            renewed = None
            if table_id is not None and self.holder is not None:
                renewed = self._db.execute(
                    f"UPDATE leases SET expires = {NOW} + %s WHERE table_id = %s "
                    "AND holder = %s", (self.lease_seconds, table_id, self.holder))
            yield self._sql
            pipeline.sync()
            if renewed is not None and renewed.rowcount != 1:
                raise StoreError(f"table {table_id}: another server holds it now")

    @contextmanager
    def _reading(self) -> Iterator[Statements]:
        with self._lock, self._db.transaction():
            yield self._sql

    @contextmanager
    def _migrating(self) -> Iterator[Statements]:
        with self._transaction() as sql:
            sql.run("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))
            yield sql

    def _add_column(self, sql: Statements, table: str, column: str, kind: str) -> None:
        sql.run(f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {column} {kind}")

    def _made(self, sql: Statements, table_id: str) -> None:
        if self.holder is not None:  # the server that makes a table runs it
            self._db.execute(f"INSERT INTO leases (table_id, holder, expires) VALUES "
                             f"(%s, %s, {NOW} + %s)", (table_id, self.holder,
                                                       self.lease_seconds))

    def _execute(self, sql: str, params: Sequence[Any] = ()) -> psycopg.Cursor[Any]:
        with self._lock:
            return self._db.execute(sql, params)

    # --- leases: which server runs which table (used by binokel.web.cluster) ------------------

    def claim(self, table_id: str) -> bool:
        """Take the lease on a table if nobody holds it (or its holder let it expire);
        True if this server holds it now."""
        assert self.holder is not None, "join a cluster first"
        row = self._execute(
            f"INSERT INTO leases (table_id, holder, expires) VALUES (%s, %s, {NOW} + %s) "
            "ON CONFLICT (table_id) DO UPDATE SET holder = EXCLUDED.holder, "
            "expires = EXCLUDED.expires "
            f"WHERE leases.expires < {NOW} OR leases.holder = EXCLUDED.holder RETURNING holder",
            (table_id, self.holder, self.lease_seconds)).fetchone()
        return row is not None

    def holder_of(self, table_id: str) -> str | None:
        """The server whose lease on the table has not expired, if any."""
        row = self._execute(f"SELECT holder FROM leases WHERE table_id = %s AND expires > {NOW}",
                            (table_id,)).fetchone()
        return None if row is None else str(row[0])

    def holders(self, table_ids: Sequence[str]) -> dict[str, str]:
        """Table -> the server holding it, for those of ``table_ids`` held by a live lease."""
        rows = self._execute(f"SELECT table_id, holder FROM leases WHERE table_id = ANY(%s) "
                             f"AND expires > {NOW}", (list(table_ids),))
        return {str(t): str(h) for t, h in rows}

    def renew(self, infos: dict[str, str]) -> set[str]:
        """Renew this server's leases on the given tables (with their lobby entries, where
        not empty); returns the tables it still holds."""
        if not infos:
            return set()
        ids = list(infos)
        rows = self._execute(
            f"UPDATE leases AS l SET expires = {NOW} + %s, "
            "info = CASE WHEN u.info = '' THEN l.info ELSE u.info END "
            "FROM unnest(%s::text[], %s::text[]) AS u(id, info) "
            "WHERE l.table_id = u.id AND l.holder = %s RETURNING l.table_id",
            (self.lease_seconds, ids, [infos[i] for i in ids], self.holder))
        return {str(t) for (t,) in rows}

    def release(self, table_id: str) -> None:
        self._execute("DELETE FROM leases WHERE table_id = %s AND holder = %s",
                      (table_id, self.holder))

    def orphans(self, limit: int = 100) -> list[str]:
        """Tables in play that no live server holds (their holder died), oldest first."""
        rows = self._execute(
            "SELECT t.id FROM tables t LEFT JOIN leases l ON l.table_id = t.id "
            f"WHERE t.status = 'playing' AND (l.table_id IS NULL OR l.expires < {NOW}) "
            "ORDER BY t.created LIMIT %s", (limit,))
        return [str(r) for (r,) in rows]

    def lobby(self, limit: int = 100) -> list[str]:
        """The lobby entries other servers last wrote for the tables they hold."""
        rows = self._execute(
            f"SELECT l.info FROM leases l JOIN tables t ON t.id = l.table_id "
            f"WHERE l.expires > {NOW} AND l.holder <> %s AND l.info <> '' "
            "AND t.status = 'playing' ORDER BY t.created DESC LIMIT %s", (self.holder, limit))
        return [str(info) for (info,) in rows]

    def beat(self) -> set[str]:
        """Say this server is alive; returns the ids of every live server."""
        with self._lock, self._db.transaction():
            self._db.execute(
                f"INSERT INTO servers (id, started, expires) VALUES (%s, {NOW}, {NOW} + %s) "
                "ON CONFLICT (id) DO UPDATE SET expires = EXCLUDED.expires",
                (self.holder, self.lease_seconds))
            self._db.execute(f"DELETE FROM servers WHERE expires < {NOW} - 3600")
            rows = self._db.execute(f"SELECT id FROM servers WHERE expires > {NOW}").fetchall()
        return {str(r) for (r,) in rows}

    def put_relay(self, body: str) -> int:
        row = self._execute("INSERT INTO relay (body) VALUES (%s) RETURNING id",
                            (body,)).fetchone()
        assert row is not None
        return int(row[0])

    def take_relay(self, relay_id: int) -> str | None:
        row = self._execute("DELETE FROM relay WHERE id = %s RETURNING body",
                            (relay_id,)).fetchone()
        return None if row is None else str(row[0])


__all__ = ["LATEST", "PostgresStore", "redact"]
