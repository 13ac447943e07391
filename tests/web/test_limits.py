"""What the server holds: ended games leave memory once nobody watches them (the store keeps
them); one client address may have only so many tables in play."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from binokel.web.store import Store
from binokel.web.tables import TableError, TableManager


class Listener:
    def __init__(self) -> None:
        self.messages: list[str] = []

    def send(self, text: str) -> None:
        self.messages.append(text)


def test_an_ended_table_is_dropped_from_memory_when_its_last_watcher_leaves(
        tmp_path: Path) -> None:
    async def scenario() -> None:
        store = Store(tmp_path / "web.sqlite3")
        manager = TableManager(store, bot_delay=0)
        table, _, _ = manager.create("binokel", ["human", "open", "open"], take=0)
        watcher = Listener()
        manager.attach(table, watcher, 0)
        manager.abandon(table, 0)
        # Somebody still looks at the ended game: it stays in memory, but the lobby lists only
        # tables one can join or watch play.
        assert table.id in manager.tables
        assert manager.lobby() == []
        manager.detach(table, watcher)
        assert table.id not in manager.tables
        assert manager.lobby() == []
        # Rebuilt from the store when asked for (its record, a late visitor), not kept.
        again = manager.get(table.id)
        assert again is not None and again.status == "abandoned"
        assert "Status \"abandoned\"" in manager.record(again)
        assert table.id not in manager.tables
        # A game in play stays in memory with nobody connected.
        playing, _, _ = manager.create("binokel", ["human", "open", "open"], take=0)
        other = Listener()
        manager.attach(playing, other, 0)
        manager.detach(playing, other)
        assert playing.id in manager.tables
        await manager.close()
        store.close()

    asyncio.run(scenario())


def test_one_address_may_have_only_so_many_tables_in_play(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = Store(tmp_path / "web.sqlite3")
        manager = TableManager(store, bot_delay=0, per_client=2)
        first, _, _ = manager.create("binokel", ["human", "open", "open"], take=0,
                                  creator="10.0.0.1")
        manager.create("binocle", ["human", "open"], take=0, creator="10.0.0.1")
        with pytest.raises(TableError, match="2 tables in play already"):
            manager.create("binokel", ["human", "open", "open"], take=0, creator="10.0.0.1")
        assert len(manager.tables) == 2  # the refusal changed nothing
        # Another address is not held back, and an ended game frees its place.
        manager.create("binokel", ["human", "open", "open"], take=0, creator="10.0.0.2")
        manager.abandon(first, 0)
        with pytest.raises(TableError, match="already abandoned"):
            manager.leave(first, 0)  # an ended game has no seat to leave
        assert first.seats[0].kind == "human"
        manager.create("binokel", ["human", "open", "open"], take=0, creator="10.0.0.1")
        await manager.close()
        store.close()

    asyncio.run(scenario())


def test_a_left_seat_stays_a_computers_after_a_restart(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = Store(tmp_path / "web.sqlite3")
        manager = TableManager(store, bot_delay=0)
        table, token, _ = manager.create("binokel", ["human", "open", "open"], take=0, name="Anna")
        manager.leave(table, 0)
        assert manager.seat_of(table, token) is None
        await manager.close()
        store.close()
        again = Store(tmp_path / "web.sqlite3")
        restarted = TableManager(again, bot_delay=0)
        loaded = restarted.get(table.id)
        assert loaded is not None and loaded.seats[0].kind == "bot"
        assert loaded.seats[0].bot == "heuristic:level=medium"
        assert restarted.seat_of(loaded, token) is None
        await restarted.close()
        again.close()

    asyncio.run(scenario())
