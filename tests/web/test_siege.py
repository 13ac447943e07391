"""One client against the server (issue 46): every way it filled the server or starved other
tables is closed, and a table's life cycle ends what nobody uses.

Each test here failed on the server before: the two cap bypasses (seats joined by the
creator's own address; a rematch of a table reloaded from the store), the fill of the server by
one client (scaled down), the idle tables that never ended, the silent player who held a table
forever, and the per-address caps keyed on one IPv6 address of a whole /64.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from binokel.web.store import Store
from binokel.web.tables import TableError, TableManager

from .conftest import computers_done


class Inbox:
    def __init__(self) -> None:
        self.messages: list[dict[str, object]] = []

    def send(self, text: str) -> None:
        self.messages.append(json.loads(text))

    def errors(self) -> list[str]:
        return [str(m["reason"]) for m in self.messages if m.get("type") == "error"]


def manager_for(store: Store, **options: float) -> TableManager:
    return TableManager(store, bot_delay=0, **options)  # type: ignore[arg-type]


# --- F1: the per-address cap -------------------------------------------------------------------

def test_a_table_made_without_a_seat_and_joined_by_its_maker_counts(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = Store(tmp_path / "web.sqlite3")
        manager = manager_for(store, per_client=2)
        for _ in range(2):  # the bypass: make a table, take no seat, then sit down at each
            table = manager.create("binokel", ["open"] * 3, creator="10.0.0.1").table
            for seat in range(3):
                manager.join(table, seat, "Mallory", "10.0.0.1")
        with pytest.raises(TableError, match="2 tables in play already"):
            manager.create("binokel", ["open"] * 3, creator="10.0.0.1")
        # Sitting down at somebody else's table counts too.
        other = manager.create("binokel", ["human", "open", "open"], take=0,
                               creator="10.0.0.2").table
        with pytest.raises(TableError, match="in play already"):
            manager.join(other, 1, "Mallory", "10.0.0.1")
        assert other.seats[1].kind == "open"  # the refusal changed nothing
        # ... while a seat at a table the address counts already is free to take.
        mine = next(t for t in manager.tables.values() if t.creator == "10.0.0.1")
        manager.leave(mine, 2)
        assert store.live_tables("10.0.0.1") == 2
        await manager.close()
        store.close()

    asyncio.run(scenario())


def test_a_rematch_is_made_once_and_counts_even_after_a_restart(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = Store(tmp_path / "web.sqlite3")
        manager = manager_for(store, per_client=3)
        table = manager.create("binokel", ["human", "bot:random", "bot:random"], take=0,
                               creator="10.0.0.1").table
        manager.abandon(table, 0)
        # The bypass: every reload forgot the rematch and its maker; one abandoned table gave
        # 25 new ones.  Now the first rematch is stored and is the only one.
        made = []
        for _ in range(5):
            fresh = manager_for(store, per_client=3)
            again = fresh.get(table.id)
            assert again is not None and again.creator == "10.0.0.1"
            try:
                new = fresh.rematch(again, 0)
            except TableError as exc:
                assert "The rematch has begun already" in str(exc)
            else:
                assert new is not None
                made.append(new.id)
            await fresh.close()
        assert len(made) == 1
        stored = store.load_table(table.id)
        assert stored is not None and stored.rematch_table == made[0]
        assert stored.rematch_votes == [0]
        # The rematch counts toward the address that made the first table.
        assert store.live_tables("10.0.0.1") == 1
        await manager.close()
        store.close()

    asyncio.run(scenario())


def test_a_rematch_is_refused_at_the_cap(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = Store(tmp_path / "web.sqlite3")
        manager = manager_for(store, per_client=1)
        table, _, _ = manager.create("binokel", ["human", "bot:random", "bot:random"], take=0,
                                     creator="10.0.0.1")
        manager.abandon(table, 0)
        manager.create("binokel", ["human", "open", "open"], take=0, creator="10.0.0.1")
        with pytest.raises(TableError, match="1 table in play already"):
            manager.rematch(table, 0)
        assert table.rematch_table is None and not table.rematch_votes
        await manager.close()
        store.close()

    asyncio.run(scenario())


def test_an_ipv6_client_is_capped_by_its_64(tmp_path: Path) -> None:
    from binokel.web.guard import client_key

    async def scenario() -> None:
        store = Store(tmp_path / "web.sqlite3")
        manager = manager_for(store, per_client=3)
        made = 0
        for host in range(1, 50):  # every address of one /64 is one client
            try:
                manager.create("binokel", ["human", "open", "open"], take=0,
                               creator=client_key(f"2001:db8:5:6::{host:x}"))
                made += 1
            except TableError:
                pass
        assert made == 3
        manager.create("binokel", ["human", "open", "open"], take=0,
                       creator=client_key("2001:db8:5:7::1"))  # the next /64 is another
        await manager.close()
        store.close()

    asyncio.run(scenario())


def test_one_client_cannot_fill_the_server_and_a_full_one_makes_room(tmp_path: Path) -> None:
    """The 5,000-table fill, scaled down to 60 tables: one client (with every address of its
    /64) gets its cap; with the server full of tables nobody is at, the oldest idle one ends
    for a newcomer; only a server whose every table has somebody at it refuses."""
    from binokel.web.guard import client_key

    async def scenario() -> None:
        store = Store(tmp_path / "web.sqlite3")
        manager = manager_for(store, per_client=5, max_tables=60)
        refused = 0
        for i in range(500):
            try:
                manager.create("binokel", ["open"] * 3,
                               creator=client_key(f"2001:db8:1:2::{i + 1:x}"))
            except TableError:
                refused += 1
        assert refused == 495 and len(manager.tables) == 5
        # Sixty other people fill the server and go away (nobody connected).
        first = None
        for i in range(55):
            table = manager.create("binokel", ["human", "open", "open"], take=0,
                                   creator=f"10.1.0.{i}").table
            first = first or table
        assert sum(t.is_playing for t in manager.tables.values()) == 60
        oldest = min(manager.tables.values(), key=lambda t: t.updated)
        newcomer = manager.create("binokel", ["human", "open", "open"], take=0,
                                  creator="192.0.2.1").table
        assert newcomer.is_playing and oldest.status == "expired"
        assert store.table_status(oldest.id) == "expired"  # ended, its record kept
        # Everyone at their table: nothing can end, and the newcomer is told so.
        for table in list(manager.tables.values()):
            manager.attach(table, Inbox(), None)
        with pytest.raises(TableError, match="The server is full"):
            manager.create("binokel", ["human", "open", "open"], take=0, creator="192.0.2.2")
        await manager.close()
        store.close()

    asyncio.run(scenario())


# --- the life cycle ----------------------------------------------------------------------------

def test_a_table_nobody_is_at_ends_after_its_idle_time_and_keeps_its_record(
        tmp_path: Path) -> None:
    async def scenario() -> None:
        store = Store(tmp_path / "web.sqlite3")
        manager = manager_for(store, idle_minutes=30, bots_idle_minutes=10)
        solo = manager.create("binokel", ["human", "bot:random", "bot:random"], take=0,
                              creator="10.0.0.1").table
        friends = manager.create("binokel", ["human", "open", "open"], take=0,
                                 creator="10.0.0.1").table
        watched = manager.create("binokel", ["human", "open", "open"], take=0).table
        manager.attach(watched, Inbox(), 0)
        await computers_done(solo)  # the computers play until it is the person's turn
        now = max(solo.updated, friends.updated)
        assert manager.expire_idle(now + 9 * 60) == []
        assert manager.expire_idle(now + 11 * 60) == [solo.id]  # computers only: 10 minutes
        assert manager.expire_idle(now + 31 * 60) == [friends.id]  # the others: 30
        assert watched.is_playing  # somebody is connected
        assert "Status \"expired\"" in manager.record(manager.get(solo.id) or solo)
        assert store.live_tables("10.0.0.1") == 0  # and the cap counts live tables only
        await manager.close()
        store.close()

    asyncio.run(scenario())


def test_your_tables_are_found_by_token_and_a_wrong_token_finds_nothing(
        tmp_path: Path) -> None:
    async def scenario() -> None:
        store = Store(tmp_path / "web.sqlite3")
        manager = manager_for(store)
        table, token, _ = manager.create("binokel", ["human", "open", "open"], take=0)
        gone, gone_token, _ = manager.create("binokel", ["human", "open", "open"], take=0)
        manager.abandon(gone, 0)
        assert token is not None and gone_token is not None
        mine = manager.mine({table.id: token, gone.id: gone_token})
        assert [(m["id"], m.get("seat"), m["status"]) for m in mine] == [
            (table.id, 0, "playing"), (gone.id, None, "abandoned")]
        assert {"hands", "scores", "updated", "rules"} <= set(mine[0])
        assert manager.mine({table.id: "not-the-token"}) == []
        await manager.close()
        store.close()

    asyncio.run(scenario())


# --- F11: the turn clock -------------------------------------------------------------------------

def test_a_silent_player_is_replaced_by_a_computer_and_everyone_is_told(
        tmp_path: Path) -> None:
    async def scenario() -> None:
        store = Store(tmp_path / "web.sqlite3")
        manager = manager_for(store, turn_seconds=0.3)
        table = manager.create("binokel", ["human", "open", "bot:random"], take=0).table
        manager.join(table, 1, "Bert")
        inboxes = [Inbox(), Inbox()]
        for seat, inbox in enumerate(inboxes):
            manager.attach(table, inbox, seat)
        await computers_done(table)  # the computer moves first, if it is to
        silent = table.state.to_move
        assert table.seats[silent].kind == "human"
        for _ in range(300):  # (the turn clock is time itself: polled, with a bound)
            await asyncio.sleep(0.02)
            if table.seats[silent].kind == "bot":
                break
        assert table.seats[silent].kind == "bot"
        assert any("did not act within 0.3 seconds" in e for e in inboxes[silent].errors())
        assert any(m.get("type") == "welcome" and m["seat"] is None
                   for m in inboxes[silent].messages)
        other = 1 - silent
        assert any("a computer player plays seat" in e for e in inboxes[other].errors())
        assert table.listeners[inboxes[silent]] is None  # that page watches now
        await manager.close()
        store.close()

    asyncio.run(scenario())


def test_the_clock_is_off_for_a_table_that_turned_it_off_and_alone_with_computers(
        tmp_path: Path) -> None:
    async def scenario() -> None:
        store = Store(tmp_path / "web.sqlite3")
        manager = manager_for(store, turn_seconds=0.2)
        friends = manager.create("binokel", ["human", "open", "bot:random"], take=0,
                                 clock=0).table
        manager.join(friends, 1, "Bert")
        solo = manager.create("binocle", ["human", "bot:random"], take=0).table
        await asyncio.sleep(0.6)  # (three turn clocks long: a clock that ran would have)
        # The table's choice is stored: after a restart its clock is still off.
        second = manager_for(store, turn_seconds=0.2)
        again = second.get(friends.id)
        assert again is not None and again.clock == 0
        await second.close()
        assert [s.kind for s in friends.seats][:2] == ["human", "human"]
        assert solo.seats[0].kind == "human"
        assert friends.clock_task is None
        await manager.close()
        store.close()

    asyncio.run(scenario())
