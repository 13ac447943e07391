"""Issue 45's lock-outs, one test each, through the server's own ways in (the table manager a
server runs, its HTTP API): each asserts what locked a person out, so that each fails on the
main the issue was filed against (``d98da03``) for that reason.

The finer checks of the life cycle are ``test_siege`` and ``test_your_tables``.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from binokel.web.store import Store
from binokel.web.tables import TableError, TableManager

from .conftest import computers_done, new_table

HOURS = 3 * 3600.0
"""Longer than any idle limit of a table."""


def later(monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    """The server's clock, ``seconds`` on."""
    real = time.time
    monkeypatch.setattr(time, "time", lambda: real() + seconds)


def test_a_table_against_computers_left_idle_ends(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = Store(tmp_path / "web.sqlite3")
        manager = TableManager(store, bot_delay=0)
        solo = manager.create("binokel", ["human", "bot:random", "bot:random"], take=0,
                              creator="10.0.0.1").table
        await computers_done(solo)
        ended = manager.expire_idle(time.time() + HOURS)
        assert solo.id in ended, "a table against computers, idle 3 hours, still plays"
        assert solo.status == "expired" and store.table_status(solo.id) == "expired"
        await manager.close()
        store.close()

    asyncio.run(scenario())


def test_tables_left_behind_do_not_lock_their_address_out(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    async def scenario() -> None:
        store = Store(tmp_path / "web.sqlite3")
        manager = TableManager(store, bot_delay=0)
        made = []
        for _ in range(100):  # until the address has its cap
            try:
                made.append(manager.create("binokel", ["human", "bot:random", "bot:random"],
                                           take=0, creator="10.0.0.2").table)
            except TableError:
                break
        assert 0 < len(made) < 100
        for table in made:
            await computers_done(table)
        # Every tab closed long ago: the person comes back and makes a table.
        later(monkeypatch, HOURS)
        try:
            manager.create("binokel", ["human", "bot:random", "bot:random"], take=0,
                           creator="10.0.0.2")
        except TableError as exc:
            pytest.fail(f"locked out by {len(made)} tables left behind: {exc}")
        await manager.close()
        store.close()

    asyncio.run(scenario())


def test_a_table_whose_tab_was_closed_can_be_abandoned(client: TestClient) -> None:
    made = new_table(client)  # (no page is open at it: the tab was closed)
    done = client.post(f"/api/tables/{made['id']}/abandon", json={"token": made["token"]})
    assert done.status_code == 200, \
        f"a table without its page cannot be abandoned: {done.status_code} {done.text[:80]}"
    assert client.get(f"/api/tables/{made['id']}").json()["status"] == "abandoned"


def test_the_cap_says_how_to_free_a_table_in_both_languages(client: TestClient) -> None:
    new_table(client)
    new_table(client)
    refused = client.post("/api/tables", json={"rules": "binokel", "take": 0,
                                               "seats": ["human", "open", "open"]})
    assert refused.status_code == 400
    said = refused.json()
    assert "Your tables" in said["error"], f"the refusal does not say where: {said['error']}"
    german = (said.get("words") or {}).get("de", "")
    assert "Tische" in german, f"the refusal has no German: {said}"
