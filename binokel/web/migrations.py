"""Versioned schema migrations of the web store, one list for SQLite and PostgreSQL alike.

A database holds a ``schema_migrations`` table with one row per migration applied.  Opening a
store applies the missing ones in order, all in one transaction, and refuses a database made
by a newer binokel (one with a version this code does not know).  A database made before the
migrations table existed (binokel 0.1) has the tables of version 1 already: version 1 only
creates what is missing, so such a database is taken over as it is.

The SQL is written once; :func:`statements` fits it to a dialect (PostgreSQL's ``REAL`` is
four bytes, too few for a time in seconds, so times are ``DOUBLE PRECISION`` there).

>>> [m.version for m in MIGRATIONS]
[1, 2, 3, 4, 5, 6]
>>> statements(MIGRATIONS[1], "postgres")[0].split("(")[0]
'CREATE TABLE IF NOT EXISTS leases '
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Dialect = Literal["sqlite", "postgres"]

#: The table that records which migrations a database has had.
MIGRATIONS_TABLE = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied {time} NOT NULL
)
"""


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: tuple[str, ...]
    """Statements, with ``{time}`` for a column holding seconds since the epoch."""
    columns: tuple[tuple[str, str, str], ...] = ()
    """(table, column, type) added where missing (databases made before a column existed)."""


MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "tables, seats and numbered actions (the schema of binokel 0.1)", (
        """CREATE TABLE IF NOT EXISTS tables (
            id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            rules TEXT NOT NULL,
            seed TEXT NOT NULL,
            title TEXT NOT NULL DEFAULT '',
            created {time} NOT NULL,
            updated {time} NOT NULL,
            status TEXT NOT NULL,
            creator_seat INTEGER,
            cancel_hash TEXT
        )""",
        """CREATE TABLE IF NOT EXISTS seats (
            table_id TEXT NOT NULL REFERENCES tables(id),
            seat INTEGER NOT NULL,
            kind TEXT NOT NULL,
            name TEXT NOT NULL DEFAULT '',
            bot TEXT,
            token_hash TEXT,
            PRIMARY KEY (table_id, seat)
        )""",
        """CREATE TABLE IF NOT EXISTS actions (
            table_id TEXT NOT NULL REFERENCES tables(id),
            n INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            action TEXT NOT NULL,
            at {time} NOT NULL,
            PRIMARY KEY (table_id, n)
        )""",
        "CREATE INDEX IF NOT EXISTS tables_status ON tables(status)",
    ), columns=(("tables", "creator_seat", "INTEGER"), ("tables", "cancel_hash", "TEXT"))),
    Migration(2, "leases and servers: several servers on one database", (
        # Which server runs a table, until when (renewed by its holder), and the table's
        # lobby entry as its holder last saw it (so every server's lobby lists every table).
        """CREATE TABLE IF NOT EXISTS leases (
            table_id TEXT PRIMARY KEY,
            holder TEXT NOT NULL,
            expires {time} NOT NULL,
            info TEXT NOT NULL DEFAULT ''
        )""",
        "CREATE INDEX IF NOT EXISTS leases_holder ON leases(holder)",
        # The servers alive, each renewing its row: a connection relayed from a server that
        # is gone is let go.
        """CREATE TABLE IF NOT EXISTS servers (
            id TEXT PRIMARY KEY,
            started {time} NOT NULL,
            expires {time} NOT NULL
        )""",
        # Messages between servers too long for one notification wait here, read once.
        """CREATE TABLE IF NOT EXISTS relay (
            id {serial} PRIMARY KEY,
            body TEXT NOT NULL
        )""",
    )),
    Migration(3, "score pads: a pad's record and the changes that made it", (
        """CREATE TABLE IF NOT EXISTS pads (
            id TEXT PRIMARY KEY,
            token_hash TEXT NOT NULL,
            rules TEXT NOT NULL,
            record TEXT NOT NULL,
            version INTEGER NOT NULL,
            created {time} NOT NULL,
            updated {time} NOT NULL
        )""",
        # One row a change the page made (its own id), so a change sent twice (a page
        # catching up after a lost connection) is stored once.
        """CREATE TABLE IF NOT EXISTS pad_ops (
            pad_id TEXT NOT NULL REFERENCES pads(id),
            op_id TEXT NOT NULL,
            version INTEGER NOT NULL,
            at {time} NOT NULL,
            PRIMARY KEY (pad_id, op_id)
        )""",
    )),
    Migration(4, "reviews of finished games, one per table, seat and reviewer", (
        # The review's JSON as ``binokel review --json`` prints it (binokel.web.reviews).
        """CREATE TABLE IF NOT EXISTS reviews (
            table_id TEXT NOT NULL REFERENCES tables(id),
            seat INTEGER NOT NULL,
            reviewer TEXT NOT NULL,
            created {time} NOT NULL,
            review TEXT NOT NULL,
            PRIMARY KEY (table_id, seat, reviewer)
        )""",
    )),
    # The per-address cap counts every live table an address made or sits at, and a rematch
    # is made once: who made a table, who took each seat and the rematch votes are stored,
    # not kept in memory (a restart forgot them, and the cap with them).
    Migration(5, "who made a table and took each seat (their network), its rematch and clock",
              (),
              columns=(("tables", "creator", "TEXT"), ("tables", "rematch_table", "TEXT"),
                       ("tables", "rematch_votes", "TEXT"), ("tables", "clock", "REAL"),
                       ("seats", "client", "TEXT"))),
    Migration(6, "club tournaments: a tournament's record and its log of changes", (
        # The tournament as its model's JSON (binokel.club), with a version for a write that
        # finds it moved on; only the digest of the organiser's secret is kept.
        """CREATE TABLE IF NOT EXISTS clubs (
            id TEXT PRIMARY KEY,
            token_hash TEXT NOT NULL,
            record TEXT NOT NULL,
            version INTEGER NOT NULL,
            created {time} NOT NULL,
            updated {time} NOT NULL
        )""",
        # Every change, numbered: what it was, and who and why for a correction after a
        # round closed.
        """CREATE TABLE IF NOT EXISTS club_log (
            club_id TEXT NOT NULL REFERENCES clubs(id),
            n INTEGER NOT NULL,
            at {time} NOT NULL,
            what TEXT NOT NULL,
            who TEXT NOT NULL DEFAULT '',
            why TEXT NOT NULL DEFAULT '',
            PRIMARY KEY (club_id, n)
        )""",
    )),
)

LATEST = MIGRATIONS[-1].version


class SchemaError(RuntimeError):
    """A database this code cannot use as it is (made by a newer binokel, say)."""


def statements(migration: Migration, dialect: Dialect) -> list[str]:
    """The migration's SQL for one database."""
    if dialect == "postgres":
        time_type, serial = "DOUBLE PRECISION", "BIGSERIAL"
    else:
        time_type, serial = "REAL", "INTEGER"
    return [sql.format(time=time_type, serial=serial) for sql in migration.sql]


def pending(current: int) -> list[Migration]:
    """The migrations a database at version ``current`` still needs (0: none applied)."""
    if current > LATEST:
        raise SchemaError(f"the database has schema version {current}, made by a newer "
                          f"binokel; this one knows versions up to {LATEST}: upgrade binokel")
    return [m for m in MIGRATIONS if m.version > current]


def migrations_table(dialect: Dialect) -> str:
    return MIGRATIONS_TABLE.format(time="DOUBLE PRECISION" if dialect == "postgres" else "REAL")
