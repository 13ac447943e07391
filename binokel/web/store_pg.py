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
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import psycopg

from .migrations import LATEST, migrations_table, pending, statements
from .store import (
    LIVE_TABLES,
    STATUSES,
    StoredPad,
    StoredSeat,
    StoredTable,
    StoreError,
    WriteUndone,
    redact,
    votes_of,
    votes_text,
)

#: The database's clock, in seconds since the epoch.
NOW = "extract(epoch from clock_timestamp())::double precision"
#: A key for the advisory lock that lets one server at a time migrate the schema.
MIGRATION_LOCK = 0x62696E6F6B656C


class PostgresStore:
    """One PostgreSQL database of tables.  Safe to call from several threads (one lock)."""

    def __init__(self, url: str, *, lease_seconds: float = 10.0) -> None:
        self.url = url
        self.path = redact(url)
        self.holder: str | None = None
        """This server's id once it runs tables with leases (see :mod:`.cluster`)."""
        self.lease_seconds = lease_seconds
        self._lock = threading.Lock()
        self._db = psycopg.connect(url, autocommit=True)
        self._migrate()

    def _migrate(self) -> None:
        with self._lock, self._db.transaction():
            self._db.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
            self._db.execute(migrations_table("postgres"))
            row = self._db.execute(
                "SELECT COALESCE(MAX(version), 0) FROM schema_migrations").fetchone()
            for migration in pending(int(row[0]) if row else 0):
                for sql in statements(migration, "postgres"):
                    self._db.execute(sql)
                for table, column, kind in migration.columns:
                    self._db.execute(f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS "
                                     f"{column} {kind}")
                self._db.execute("INSERT INTO schema_migrations (version, name, applied) "
                                 "VALUES (%s, %s, %s)", (migration.version, migration.name,
                                                         time.time()))

    def schema_version(self) -> int:
        row = self._execute("SELECT COALESCE(MAX(version), 0) FROM schema_migrations").fetchone()
        return int(row[0]) if row else 0

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @contextmanager
    def _write(self, table_id: str | None = None) -> Iterator[psycopg.Connection[Any]]:
        """One committed transaction; with ``table_id``, only while this server holds it."""
        # Pipelined: the statements go out together and their answers come back together
        # (two round trips for a move instead of five); the lease is checked before COMMIT.
        with self._lock, self._db.pipeline() as pipeline, self._db.transaction():
            renewed = None
            if table_id is not None and self.holder is not None:
                renewed = self._db.execute(
                    f"UPDATE leases SET expires = {NOW} + %s WHERE table_id = %s "
                    "AND holder = %s", (self.lease_seconds, table_id, self.holder))
            yield self._db
            pipeline.sync()
            if renewed is not None and renewed.rowcount != 1:
                raise StoreError(f"table {table_id}: another server holds it now")

    def _execute(self, sql: str, params: Sequence[Any] = ()) -> psycopg.Cursor[Any]:
        with self._lock:
            return self._db.execute(sql, params)

    # --- writes -----------------------------------------------------------------------------

    def create_table(self, table: StoredTable) -> None:
        now = time.time()
        with self._write() as db:
            db.execute(
                "INSERT INTO tables (id, game, rules, seed, title, created, updated, status, "
                "creator_seat, cancel_hash, creator, rematch_votes, rematch_table, clock) "
                "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
                (table.id, table.game, table.rules, table.seed, table.title, table.created or now,
                 table.updated or now, table.status, table.creator_seat, table.cancel_hash,
                 table.creator, votes_text(table.rematch_votes), table.rematch_table,
                 table.clock))
            with db.cursor() as cursor:
                cursor.executemany(
                    "INSERT INTO seats (table_id, seat, kind, name, bot, token_hash, client) "
                    "VALUES (%s, %s, %s, %s, %s, %s, %s)",
                    [(table.id, i, s.kind, s.name, s.bot, s.token_hash, s.client)
                     for i, s in enumerate(table.seats)])
                cursor.executemany(
                    "INSERT INTO actions (table_id, n, seat, action, at) "
                    "VALUES (%s, %s, %s, %s, %s)",
                    [(table.id, n, -1, a, now) for n, a in enumerate(table.actions)])
            if self.holder is not None:  # the server that makes a table runs it
                db.execute(f"INSERT INTO leases (table_id, holder, expires) VALUES "
                           f"(%s, %s, {NOW} + %s)", (table.id, self.holder, self.lease_seconds))

    def set_seat(self, table_id: str, seat: int, stored: StoredSeat) -> None:
        with self._write(table_id) as db:
            db.execute("UPDATE seats SET kind = %s, name = %s, bot = %s, token_hash = %s, "
                       "client = %s WHERE table_id = %s AND seat = %s",
                       (stored.kind, stored.name, stored.bot, stored.token_hash, stored.client,
                        table_id, seat))
            db.execute("UPDATE tables SET updated = %s WHERE id = %s", (time.time(), table_id))

    def append_action(self, table_id: str, n: int, seat: int, action: str) -> None:
        self.append_actions(table_id, n, seat, [action])

    def append_actions(self, table_id: str, n: int, seat: int, actions: list[str], *,
                       status: str | None = None) -> None:
        now = time.time()
        if status is not None and status not in STATUSES:
            raise ValueError(f"unknown table status {status!r}")
        try:
            with self._write(table_id) as db:
                with db.cursor() as cursor:
                    cursor.executemany(
                        "INSERT INTO actions (table_id, n, seat, action, at) "
                        "VALUES (%s, %s, %s, %s, %s)",
                        [(table_id, n + i, seat, a, now) for i, a in enumerate(actions)])
                if status is None:
                    db.execute("UPDATE tables SET updated = %s WHERE id = %s", (now, table_id))
                else:
                    db.execute("UPDATE tables SET updated = %s, status = %s WHERE id = %s",
                               (now, status, table_id))
        except psycopg.errors.IntegrityError as exc:
            raise StoreError(f"table {table_id}: action {n} already stored ({exc})") from None

    def set_status(self, table_id: str, status: str) -> None:
        if status not in STATUSES:
            raise ValueError(f"unknown table status {status!r}")
        with self._write(table_id) as db:
            db.execute("UPDATE tables SET status = %s, updated = %s WHERE id = %s",
                       (status, time.time(), table_id))

    def set_rematch(self, table_id: str, votes: list[int], rematch_table: str | None
                    ) -> None:
        with self._write() as db:
            db.execute("UPDATE tables SET rematch_votes = %s, rematch_table = %s WHERE id = %s",
                       (votes_text(votes), rematch_table, table_id))

    def live_tables(self, client: str) -> int:
        row = self._execute(LIVE_TABLES.replace("?", "%s"), (client, client)).fetchone()
        return int(row[0]) if row else 0

    # --- reads ------------------------------------------------------------------------------

    def load_table(self, table_id: str) -> StoredTable | None:
        with self._lock, self._db.transaction():
            row = self._db.execute(
                "SELECT id, game, rules, seed, title, created, status, creator_seat, "
                "cancel_hash, updated, creator, rematch_votes, rematch_table, clock "
                "FROM tables WHERE id = %s", (table_id,)).fetchone()
            if row is None:
                return None
            seats = [StoredSeat(kind=k, name=n, bot=b, token_hash=t, client=c)
                     for k, n, b, t, c in
                     self._db.execute("SELECT kind, name, bot, token_hash, client FROM seats "
                                      "WHERE table_id = %s ORDER BY seat", (table_id,))]
            actions = [a for (a,) in self._db.execute(
                "SELECT action FROM actions WHERE table_id = %s ORDER BY n", (table_id,))]
        return StoredTable(id=row[0], game=row[1], rules=row[2], seed=row[3], title=row[4],
                           created=row[5], status=row[6], seats=seats, actions=actions,
                           creator_seat=row[7], cancel_hash=row[8], updated=row[9],
                           creator=row[10] or "", rematch_votes=votes_of(row[11]),
                           rematch_table=row[12], clock=row[13])

    def has_table(self, table_id: str) -> bool:
        """Whether a table of this id is stored (its seats and actions are not read)."""
        with self._lock:
            return self._db.execute("SELECT 1 FROM tables WHERE id = %s",
                                    (table_id,)).fetchone() is not None

    def table_status(self, table_id: str) -> str | None:
        """A stored table's status, None if there is no such table (nothing else is read)."""
        with self._lock:
            row = self._db.execute("SELECT status FROM tables WHERE id = %s",
                                   (table_id,)).fetchone()
        return None if row is None else str(row[0])

    def table_ids(self, *, status: str | None = None, limit: int = -1) -> list[str]:
        cap = None if limit < 0 else limit
        if status is None:
            rows = self._execute("SELECT id FROM tables ORDER BY created DESC LIMIT %s", (cap,))
        else:
            rows = self._execute("SELECT id FROM tables WHERE status = %s "
                                 "ORDER BY created DESC LIMIT %s", (status, cap))
        return [r for (r,) in rows]

    # --- score pads (one phone's pad at a real table; no leases: a pad is not a table) -------

    def create_pad(self, pad: StoredPad) -> None:
        now = time.time()
        with self._lock, self._db.transaction():
            self._db.execute(
                "INSERT INTO pads (id, token_hash, rules, record, version, created, updated) "
                "VALUES (%s, %s, %s, %s, %s, %s, %s)",
                (pad.id, pad.token_hash, pad.rules, pad.record, pad.version,
                 pad.created or now, now))

    def load_pad(self, pad_id: str) -> StoredPad | None:
        row = self._execute(
            "SELECT id, token_hash, rules, record, version, created, updated FROM pads "
            "WHERE id = %s", (pad_id,)).fetchone()
        if row is None:
            return None
        return StoredPad(id=row[0], token_hash=row[1], rules=row[2], record=row[3],
                         version=row[4], created=row[5], updated=row[6])

    def has_pad_op(self, pad_id: str, op_id: str) -> bool:
        return self._execute("SELECT 1 FROM pad_ops WHERE pad_id = %s AND op_id = %s",
                             (pad_id, op_id)).fetchone() is not None

    def save_pad(self, pad_id: str, op_id: str, version: int, record: str) -> bool:
        """As :meth:`binokel.web.store.Store.save_pad`: one transaction, False (and nothing
        written) when the change is stored already or the pad is not at ``version - 1``."""
        now = time.time()
        saved = False
        with self._lock, self._db.transaction():
            inserted = self._db.execute(
                "INSERT INTO pad_ops (pad_id, op_id, version, at) VALUES (%s, %s, %s, %s) "
                "ON CONFLICT DO NOTHING", (pad_id, op_id, version, now))
            if inserted.rowcount != 1:
                raise psycopg.Rollback()
            changed = self._db.execute(
                "UPDATE pads SET record = %s, version = %s, updated = %s "
                "WHERE id = %s AND version = %s", (record, version, now, pad_id, version - 1))
            if changed.rowcount != 1:
                raise psycopg.Rollback()
            saved = True
        return saved

    def pad_count(self) -> int:
        row = self._execute("SELECT count(*) FROM pads").fetchone()
        return int(row[0]) if row else 0

    # --- reviews of finished games ----------------------------------------------------------

    def save_review(self, table_id: str, seat: int, reviewer: str, review: str) -> None:
        with self._lock, self._db.transaction():
            self._db.execute(
                "INSERT INTO reviews (table_id, seat, reviewer, created, review) "
                "VALUES (%s, %s, %s, %s, %s) ON CONFLICT (table_id, seat, reviewer) DO UPDATE "
                "SET created = excluded.created, review = excluded.review",
                (table_id, seat, reviewer, time.time(), review))

    # --- plain SQL for modules with tables of their own (the club tournaments') -------------

    placeholder = "%s"

    def sql_read(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            return list(self._db.execute(sql, tuple(params)).fetchall())

    def sql_write(self, steps: Sequence[tuple[str, Sequence[Any], bool]]) -> bool:
        """Run the steps in one committed transaction; False (nothing written) if a step that
        must change one row does not."""
        try:
            with self._lock, self._db.transaction():
                for sql, params, must in steps:
                    if self._db.execute(sql, tuple(params)).rowcount != 1 and must:
                        raise WriteUndone
        except (WriteUndone, psycopg.errors.UniqueViolation):
            return False
        return True

    def load_review(self, table_id: str, seat: int, reviewer: str) -> str | None:
        row = self._execute(
            "SELECT review FROM reviews WHERE table_id = %s AND seat = %s AND reviewer = %s",
            (table_id, seat, reviewer)).fetchone()
        return None if row is None else str(row[0])

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
