"""Versioned schema migrations: a database made by binokel 0.1 (before versioning) opens and
plays on; a database from a newer binokel is refused and left as it was; SQLite and
PostgreSQL end up with the same tables and columns."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from pathlib import Path

import pytest

from binokel.web.migrations import LATEST, MIGRATIONS, SchemaError
from binokel.web.store import Store
from binokel.web.tables import TableManager

DUMP = Path(__file__).parent / "data" / "store-0.1.sql"
OLD_TABLE = "6RkEkMMb"


def old_database(tmp_path: Path) -> Path:
    """The checked-in dump of a database made by binokel 0.1's store, as an SQLite file."""
    path = tmp_path / "web.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript(DUMP.read_text())
    db.close()
    return path


def tokens() -> list[str]:
    line = next(x for x in DUMP.read_text().splitlines() if x.startswith("-- Seat tokens"))
    words = line.split(":", 1)[1].split()
    return words[1::2]


def test_the_dump_has_no_migrations_table() -> None:
    assert "schema_migrations" not in DUMP.read_text()
    assert "leases" not in DUMP.read_text()


def test_a_database_made_by_binokel_0_1_opens_and_plays_on(tmp_path: Path) -> None:
    path = old_database(tmp_path)
    store = Store(path)
    assert store.schema_version() == LATEST
    with sqlite3.connect(path) as db:
        applied = [v for (v,) in db.execute("SELECT version FROM schema_migrations ORDER BY 1")]
        names = {n for (n,) in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert applied == [m.version for m in MIGRATIONS]
    assert {"tables", "seats", "actions", "leases", "servers", "relay"} <= names
    loaded = store.load_table(OLD_TABLE)
    assert loaded is not None and len(loaded.actions) == 12 and loaded.title == "from main"

    async def play_on() -> tuple[int, list[str]]:
        manager = TableManager(store, bot_delay=0)
        table = manager.get(OLD_TABLE)
        assert table is not None and table.n == 12
        # The seat tokens handed out by the old server still act for their seats.
        assert [manager.seat_of(table, t) for t in tokens()] == [0, 1, 2]
        rng = random.Random(3)
        start = table.hands_done
        while table.hands_done < start + 1:
            seat = table.state.to_move
            legal = [str(a) for a in table.state.legal_actions()]
            plain = [a for a in legal if a.split()[0] not in ("out", "durch", "open")]
            manager.act(table, seat, [rng.choice(plain or legal)], n=table.n)
        await manager.close()
        return table.n, list(table.actions)

    n, actions = asyncio.run(play_on())
    store.close()
    again = Store(path)  # opening once more applies nothing twice and loses nothing
    assert again.schema_version() == LATEST
    reloaded = again.load_table(OLD_TABLE)
    assert reloaded is not None and reloaded.actions == actions and len(actions) == n > 12
    with sqlite3.connect(path) as db:
        (count,) = db.execute("SELECT COUNT(*) FROM schema_migrations").fetchone()
    assert count == len(MIGRATIONS)
    again.close()


def test_a_database_of_a_newer_binokel_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    path = old_database(tmp_path)
    Store(path).close()
    with sqlite3.connect(path) as db:
        db.execute("INSERT INTO schema_migrations VALUES (?, 'from the future', 0)",
                   (LATEST + 1,))
    db.close()
    with pytest.raises(SchemaError, match="newer binokel"):
        Store(path)
    with sqlite3.connect(path) as db:
        versions = [v for (v,) in db.execute("SELECT version FROM schema_migrations")]
    assert versions == [*range(1, LATEST + 1), LATEST + 1]
    assert sqlite3.connect(path).execute("SELECT COUNT(*) FROM actions").fetchone() == (12,)


def test_an_older_table_without_the_creator_columns_gets_them(tmp_path: Path) -> None:
    path = tmp_path / "older.sqlite3"
    with sqlite3.connect(path) as db:  # the very first schema, before cancel tokens
        db.executescript("""
            CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, rules TEXT NOT NULL,
                seed TEXT NOT NULL, title TEXT NOT NULL DEFAULT '', created REAL NOT NULL,
                updated REAL NOT NULL, status TEXT NOT NULL);
            INSERT INTO tables VALUES ('old1', 'binokel', 'binokel', 's', '', 1, 1, 'playing');
        """)
    db.close()
    store = Store(path)
    loaded = store.load_table("old1")
    assert loaded is not None and loaded.creator_seat is None and loaded.cancel_hash is None
    store.close()


def columns_sqlite(store: Store) -> dict[str, list[str]]:
    db = sqlite3.connect(store.path)
    names = [n for (n,) in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    return {t: [row[1] for row in db.execute(f"PRAGMA table_info({t})")] for t in names}


def test_sqlite_and_postgresql_have_the_same_schema(tmp_path: Path, postgres_url: str) -> None:
    import psycopg

    from binokel.web.store_pg import PostgresStore

    sqlite_store = Store(tmp_path / "fresh.sqlite3")
    PostgresStore(postgres_url).close()
    with psycopg.connect(postgres_url) as db:
        rows = db.execute("SELECT table_name, column_name FROM information_schema.columns "
                          "WHERE table_schema = 'public' ORDER BY table_name, "
                          "ordinal_position").fetchall()
    on_postgres: dict[str, list[str]] = {}
    for table, column in rows:
        on_postgres.setdefault(table, []).append(column)
    assert columns_sqlite(sqlite_store) == on_postgres
    assert PostgresStore(postgres_url).schema_version() == sqlite_store.schema_version() == LATEST


def test_a_database_of_version_4_gets_the_creator_and_rematch_columns(tmp_path: Path) -> None:
    """Migration 5: who made a table and took each seat, and its rematch, are stored; a table
    of an older database loads with none of them and counts toward nobody's cap."""
    path = tmp_path / "v4.sqlite3"
    Store(path).close()
    with sqlite3.connect(path) as db:  # back to version 4: without the columns of migration 5
        db.execute("DELETE FROM schema_migrations WHERE version >= 5")
        for table, column in (("tables", "creator"), ("tables", "rematch_table"),
                              ("tables", "rematch_votes"), ("tables", "clock"),
                              ("seats", "client")):
            db.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
        db.execute("INSERT INTO tables (id, game, rules, seed, title, created, updated, status) "
                   "VALUES ('old1', 'binokel', 'binokel', 's', '', 1, 1, 'finished')")
        db.execute("INSERT INTO seats (table_id, seat, kind, name) VALUES ('old1', 0, 'human', "
                   "'Anna')")
    db.close()
    store = Store(path)
    assert store.schema_version() == LATEST
    loaded = store.load_table("old1")
    assert loaded is not None and loaded.creator == "" and loaded.rematch_table is None
    assert loaded.rematch_votes == [] and loaded.seats[0].client is None
    store.set_rematch("old1", [0], "new1")
    again = store.load_table("old1")
    assert again is not None and (again.rematch_votes, again.rematch_table) == ([0], "new1")
    store.close()
