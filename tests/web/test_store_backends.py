"""The SQLite and PostgreSQL stores behave alike (every test runs on both), and on PostgreSQL
a table's lease decides which server may write to it."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from binokel.web.backends import open_store
from binokel.web.migrations import LATEST
from binokel.web.store import Store, StoredSeat, StoredTable, StoreError, TableStore
from binokel.web.tables import TableManager


@pytest.fixture(params=["sqlite", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TableStore]:
    where = (str(tmp_path / "web.sqlite3") if request.param == "sqlite"
             else request.getfixturevalue("postgres_url"))
    made = open_store(where)
    assert isinstance(made, Store) == (request.param == "sqlite")
    yield made
    made.close()


def table(table_id: str = "t1", *, created: float = 1000.25) -> StoredTable:
    return StoredTable(
        id=table_id, game="binokel", rules="binokel", seed="secret", title="Friday",
        created=created, status="playing", updated=created, creator_seat=0, cancel_hash="c" * 64,
        seats=[StoredSeat(kind="human", name="Anna", bot=None, token_hash="a" * 64),
               StoredSeat(kind="open", name="", bot=None, token_hash=None),
               StoredSeat(kind="bot", name="random", bot="random", token_hash=None)])


def test_a_table_comes_back_as_it_was_stored(store: TableStore) -> None:
    assert store.schema_version() == LATEST
    store.create_table(table())
    store.append_actions("t1", 0, 1, ["pass", "160"])
    loaded = store.load_table("t1")
    assert loaded is not None
    assert (loaded.game, loaded.rules, loaded.seed, loaded.title, loaded.status) == (
        "binokel", "binokel", "secret", "Friday", "playing")
    assert loaded.created == 1000.25  # a time keeps its fraction (no four-byte REAL)
    assert loaded.seats == table().seats
    assert (loaded.creator_seat, loaded.cancel_hash) == (0, "c" * 64)
    assert loaded.actions == ["pass", "160"]
    assert loaded.updated > 1000.25
    assert store.load_table("nope") is None
    assert store.has_table("t1") and not store.has_table("nope")


def test_actions_and_the_status_they_cause_are_one_transaction(store: TableStore) -> None:
    store.create_table(table())
    store.append_actions("t1", 0, 1, ["pass"])
    store.append_actions("t1", 1, 1, ["170", "pass"], status="finished")  # the last ones
    loaded = store.load_table("t1")
    assert loaded is not None and loaded.actions == ["pass", "170", "pass"]
    assert loaded.status == "finished"
    with pytest.raises(StoreError, match="already stored"):  # a second writer: all or none
        store.append_actions("t1", 2, 1, ["x", "y"], status="abandoned")
    after = store.load_table("t1")
    assert after is not None and after.actions == loaded.actions and after.status == "finished"
    with pytest.raises(ValueError, match="unknown table status"):
        store.append_actions("t1", 3, 1, ["z"], status="lost")
    with pytest.raises(ValueError, match="unknown table status"):
        store.set_status("t1", "lost")
    final = store.load_table("t1")
    assert final is not None and final.actions == loaded.actions


def test_seats_status_and_the_list_of_tables(store: TableStore) -> None:
    for i, created in enumerate((10.0, 30.0, 20.0)):
        store.create_table(table(f"t{i}", created=created))
    store.set_seat("t0", 1, StoredSeat(kind="human", name="Bert", bot=None, token_hash="b" * 64))
    store.set_status("t1", "abandoned")
    loaded = store.load_table("t0")
    assert loaded is not None and loaded.seats[1].name == "Bert"
    assert store.table_ids() == ["t1", "t2", "t0"]
    assert store.table_ids(status="playing") == ["t2", "t0"]
    assert store.table_ids(limit=1) == ["t1"]
    assert store.table_ids(status="finished") == []


def test_a_server_on_either_store_resumes_a_game_where_it_stood(store: TableStore) -> None:
    async def first() -> tuple[str, list[str]]:
        manager = TableManager(store, bot_delay=0)
        made, _, _ = manager.create("binokel", ["open"] * 3, seed="both")
        for _ in range(8):
            seat = made.state.to_move
            manager.act(made, seat, [str(made.state.legal_actions()[-1])])
        await manager.close()
        return made.id, list(made.actions)

    table_id, actions = asyncio.run(first())

    async def second() -> list[str]:
        manager = TableManager(store, bot_delay=0)
        assert manager.resume() == 1
        again = manager.get(table_id)
        assert again is not None
        await manager.close()
        return list(again.actions)

    assert asyncio.run(second()) == actions and len(actions) == 8


# --- PostgreSQL only: leases --------------------------------------------------------------


def test_only_the_lease_holder_may_write_and_a_lapsed_lease_is_taken_over(
        postgres_url: str) -> None:
    from binokel.web.store_pg import PostgresStore

    a, b = PostgresStore(postgres_url), PostgresStore(postgres_url)
    a.holder, a.lease_seconds = "server-a", 0.5
    b.holder, b.lease_seconds = "server-b", 0.5
    a.create_table(table())  # the server that makes a table holds it
    assert a.holder_of("t1") == "server-a"
    assert not b.claim("t1")
    with pytest.raises(StoreError, match="another server holds it"):
        b.append_actions("t1", 0, 1, ["pass"])
    with pytest.raises(StoreError):
        b.set_status("t1", "abandoned")
    a.append_actions("t1", 0, 1, ["pass"])  # (and renews a's lease)
    loaded = a.load_table("t1")
    assert loaded is not None and loaded.actions == ["pass"] and loaded.status == "playing"
    assert b.orphans() == []
    time.sleep(0.7)  # a stops renewing: its lease lapses
    assert a.holder_of("t1") is None and b.orphans() == ["t1"]
    assert b.claim("t1")
    with pytest.raises(StoreError):  # a woke up too late: it may not write over b
        a.append_actions("t1", 1, 1, ["160"])
    b.append_actions("t1", 1, 2, ["160"])
    assert b.renew({"t1": '{"id": "t1"}'}) == {"t1"} and a.renew({"t1": ""}) == set()
    assert a.lobby() == ['{"id": "t1"}'] and b.lobby() == []  # (b's own tables are in memory)
    assert a.beat() == {"server-a"} and b.beat() == {"server-a", "server-b"}
    b.release("t1")
    assert a.holder_of("t1") is None
    final = b.load_table("t1")
    assert final is not None and final.actions == ["pass", "160"]
    a.close()
    b.close()


def test_messages_between_servers_of_any_length_arrive_whole(postgres_url: str) -> None:
    pytest.importorskip("psycopg")
    from binokel.web.cluster import NOTIFY_LIMIT, Cluster
    from binokel.web.store_pg import PostgresStore

    cluster = Cluster(PostgresStore(postgres_url))
    import random

    rng = random.Random(1)
    short = {"op": "send", "text": "hello"}
    compressible = {"op": "send", "text": "♠" * 20000}
    noise = {"op": "send", "text": "".join(chr(rng.randrange(0x21, 0x2FFF)) for _ in range(9000))}
    encoded = [cluster._encode(m) for m in (short, compressible, noise)]
    assert [e[0] for e in encoded] == ["{", "z", "r"]
    assert all(len(e.encode()) <= NOTIFY_LIMIT for e in encoded)
    assert [cluster._decode(e) for e in encoded] == [short, compressible, noise]
    assert cluster._decode(encoded[2]) is None  # a long one is read once, then gone
    cluster.store.close()


def test_serve_says_which_database_it_cannot_open_without_its_password() -> None:
    import subprocess
    import sys

    pytest.importorskip("psycopg")
    done = subprocess.run([sys.executable, "-m", "binokel", "serve", "--db",
                           "postgresql://cards:hunter2@127.0.0.1:1/binokel"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "cannot open the database postgresql://cards:***@127.0.0.1:1/binokel" in done.stderr
    assert "hunter2" not in done.stderr + done.stdout


def test_who_made_a_table_and_sits_at_it_and_its_rematch_are_stored(store: TableStore) -> None:
    made = table("t1")
    made.creator = "10.0.0.1"
    made.seats[1] = StoredSeat(kind="human", name="Bert", bot=None, token_hash="b" * 64,
                               client="2001:db8::/64")
    store.create_table(made)
    other = table("t2")
    other.creator = "10.0.0.9"
    store.create_table(other)
    assert store.live_tables("10.0.0.1") == 1  # made it
    assert store.live_tables("2001:db8::/64") == 1  # sits at it
    store.set_seat("t2", 1, StoredSeat(kind="human", name="Bert", bot=None, token_hash="c" * 64,
                                       client="2001:db8::/64"))
    assert store.live_tables("2001:db8::/64") == 2
    assert store.live_tables("10.0.0.2") == 0
    store.set_status("t1", "finished")
    assert store.live_tables("10.0.0.1") == 0  # live tables only
    store.set_rematch("t1", [1, 0], "t3")
    loaded = store.load_table("t1")
    assert loaded is not None
    assert (loaded.creator, loaded.rematch_votes, loaded.rematch_table) == (
        "10.0.0.1", [0, 1], "t3")
    assert loaded.seats[1].client == "2001:db8::/64" and loaded.seats[0].client is None
