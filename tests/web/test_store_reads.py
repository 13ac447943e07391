"""The web server asks its store once per thing it needs: a table another server holds is not
replayed, a QR code needs no table loaded, a review or a pad is read once per request, and a
rematch starts its computer players once.  Each test counts the store calls (or replays, or
kicks) a request makes and checks what the request answers too."""

from __future__ import annotations

import asyncio
import warnings
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from binokel.web import tables as tables_module
from binokel.web.app import create_app
from binokel.web.games import game_for_rules, replay
from binokel.web.guard import Allowed
from binokel.web.store import Store, StoredSeat, StoredTable
from binokel.web.table import Table
from binokel.web.tables import TableManager

from .reviewed import FAST, TABLE, put_finished_table

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
TESTSERVER = Allowed.of(hosts=["testserver"])


class CountingStore(Store):
    """A store that counts the calls of some of its reads."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.calls: dict[str, int] = {}

    def _count(self, name: str) -> None:
        self.calls[name] = self.calls.get(name, 0) + 1

    def load_table(self, table_id: str) -> StoredTable | None:
        self._count("load_table")
        return super().load_table(table_id)

    def table_status(self, table_id: str) -> str | None:
        self._count("table_status")
        return super().table_status(table_id)

    def load_review(self, table_id: str, seat: int, reviewer: str) -> str | None:
        self._count("load_review")
        return super().load_review(table_id, seat, reviewer)

    def load_pad(self, pad_id: str) -> Any:
        self._count("load_pad")
        return super().load_pad(pad_id)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[CountingStore]:
    store = CountingStore(tmp_path / "web.sqlite3")
    yield store
    store.close()


@pytest.fixture
def client(store: CountingStore) -> Iterator[TestClient]:
    with TestClient(create_app(store, bot_delay=0, allowed=TESTSERVER,
                               review_bot=FAST)) as test_client:
        yield test_client


def playing_table(store: Store, table_id: str) -> None:
    store.create_table(StoredTable(
        id=table_id, game="binokel", rules="binokel", seed="held", title="", created=1.0,
        status="playing", seats=[StoredSeat(kind="bot", name="r", bot="random", token_hash=None)
                                 for _ in range(3)], actions=[]))


def test_a_table_another_server_holds_is_not_replayed(store: CountingStore,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    playing_table(store, "held-1")
    playing_table(store, "mine-1")
    replays: list[str] = []
    real = replay

    def counted(game: Any, rules: str, seed: str, actions: Sequence[str]) -> Any:
        replays.append(seed)
        return real(game, rules, seed, actions)

    monkeypatch.setattr(tables_module, "replay", counted)
    manager = TableManager(store, bot_delay=0)
    asked: list[str] = []

    def claim(table_id: str) -> bool:
        asked.append(table_id)
        return table_id == "mine-1"

    manager.claim = claim
    store.calls.clear()
    assert manager.get("held-1") is None  # another server runs it
    assert replays == [] and asked == ["held-1"]
    assert store.calls == {"table_status": 1}  # its seats and actions are not read either
    table = manager.get("mine-1")
    assert table is not None and table.is_playing and replays == ["held"]
    assert asked == ["held-1", "mine-1"]
    assert store.calls == {"table_status": 2, "load_table": 1}
    asyncio.run(manager.close())


def test_a_table_is_read_once_its_lease_is_claimed(store: CountingStore) -> None:
    # The server that held the table writes an action and lets the lease go between this
    # server's look at its status and its claim: the table, read once after the claim, has
    # that action too.
    store.create_table(StoredTable(
        id="moved-1", game="binokel", rules="binokel", seed="moved", title="", created=1.0,
        status="playing", seats=[StoredSeat(kind="open", name="", bot=None, token_hash=None)
                                 for _ in range(3)], actions=[]))
    first = replay(game_for_rules("binokel"), "binokel", "moved", [])
    action = str(first.legal_actions()[0])
    manager = TableManager(store, bot_delay=0)

    def claim(table_id: str) -> bool:
        store.append_action(table_id, 0, first.to_move, action)
        return True

    manager.claim = claim
    store.calls.clear()
    table = manager.get("moved-1")
    assert table is not None and table.actions == [action]
    assert table.n == 1
    assert store.calls == {"table_status": 1, "load_table": 1}
    asyncio.run(manager.close())


def test_a_table_that_cannot_be_replayed_lets_its_lease_go(store: CountingStore) -> None:
    store.create_table(StoredTable(
        id="broken-1", game="binokel", rules="binokel", seed="x", title="", created=1.0,
        status="playing", seats=[StoredSeat(kind="open", name="", bot=None, token_hash=None)
                                 for _ in range(3)], actions=["not-an-action"]))
    manager = TableManager(store, bot_delay=0)
    released: list[str] = []
    manager.claim = lambda table_id: True
    manager.release = released.append
    assert manager.get("broken-1") is None
    assert released == ["broken-1"]


def test_a_table_that_ends_before_its_claim_is_served_but_not_run_here(
        store: CountingStore) -> None:
    # The holder finishes the game between this server's look at the status and its claim:
    # the lease is let go again, and the table is answered from the store, not kept.
    playing_table(store, "ending-1")
    manager = TableManager(store, bot_delay=0)
    released: list[str] = []

    def claim(table_id: str) -> bool:
        store.set_status(table_id, "abandoned")
        return True

    manager.claim = claim
    manager.release = released.append
    table = manager.get("ending-1")
    assert table is not None and table.status == "abandoned"
    assert released == ["ending-1"] and "ending-1" not in manager.tables
    asyncio.run(manager.close())


def test_the_invite_code_of_an_unknown_table_is_404_without_loading_a_table(
        client: TestClient, store: CountingStore) -> None:
    store.calls.clear()
    response = client.get("/api/tables/nosuchtable/invite.svg")
    assert response.status_code == 404
    assert response.json() == {"error": "no such table", "code": "no_table_api",
                               "words": {"de": "Diesen Tisch gibt es nicht."}}
    put_finished_table(store)  # in the store, not in memory
    response = client.get(f"/api/tables/{TABLE}/invite.svg")
    assert response.status_code == 200 and response.content.startswith(b"<svg")
    assert store.calls.get("load_table", 0) == 0


def test_a_review_request_reads_the_kept_review_once(client: TestClient,
                                                     store: CountingStore) -> None:
    put_finished_table(store)
    store.calls.clear()
    response = client.get(f"/api/tables/{TABLE}/review?seat=0")
    assert response.status_code == 202 and response.json()["status"] == "running"
    assert store.calls["load_review"] == 1
    # Kept: answered from the store, once.
    store.save_review(TABLE, 1, FAST, '{"kept": true}')
    store.calls.clear()
    response = client.get(f"/api/tables/{TABLE}/review?seat=1")
    assert response.status_code == 200 and response.json()["review"] == {"kept": True}
    assert store.calls["load_review"] == 1


def test_a_kept_review_is_found_for_an_empty_seat(client: TestClient,
                                                  store: CountingStore) -> None:
    # ``?seat=`` is seat 0: the kept review is read (once) and no review job is started.
    put_finished_table(store)
    store.save_review(TABLE, 0, FAST, '{"kept": 0}')
    store.calls.clear()
    response = client.get(f"/api/tables/{TABLE}/review?seat=")
    assert response.status_code == 200 and response.json()["review"] == {"kept": 0}
    assert store.calls["load_review"] == 1
    response = client.get(f"/api/tables/{TABLE}/review?seat=x")
    assert response.status_code == 400
    assert store.calls["load_review"] == 1


def test_a_pad_change_loads_the_pad_once(client: TestClient, store: CountingStore) -> None:
    made = client.post("/api/pads", json={"rules": "binokel", "players": ["A", "B", "C"]})
    assert made.status_code == 201, made.text
    pad_id, token = made.json()["id"], made.json()["token"]
    store.calls.clear()
    op: dict[str, Any] = {"id": "o1", "kind": "add", "entry": {
        "declarer": 0, "bid": 300, "contract": "trump", "trump": "♥", "melds": [190, 0, 40],
        "side_points": [128, 80, None], "no_trick": []}}
    answer = client.post(f"/api/pads/{pad_id}/ops", json={"token": token, "op": op})
    assert answer.status_code == 200, answer.text
    assert answer.json()["totals"] == [318, 80, 82]
    assert store.calls["load_pad"] == 1
    # A change naming a seat this pad has not (it has three players) is still refused,
    # naming the field.
    store.calls.clear()
    bad = {**op, "id": "o2", "entry": {**op["entry"], "declarer": 3}}
    refused = client.post(f"/api/pads/{pad_id}/ops", json={"token": token, "op": bad})
    assert refused.status_code == 400 and "entry.declarer" in refused.json()["error"]
    assert store.calls["load_pad"] == 1


def test_a_rematch_starts_its_computer_players_once(store: CountingStore,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    async def play() -> None:
        manager = TableManager(store, bot_delay=0)
        table, _, _ = manager.create("binokel", ["human", "bot:random", "bot:random"], take=0)
        manager.abandon(table, 0)
        kicked: list[str] = []
        real = manager._kick

        def kick(target: Table) -> None:
            kicked.append(target.id)
            real(target)

        monkeypatch.setattr(manager, "_kick", kick)
        new = manager.rematch(table, 0)
        assert new is not None and table.rematch_table == new.id
        assert new.seats[0].kind == "human" and new.seats[0].token_hash == table.seats[0].token_hash
        assert kicked.count(new.id) == 1
        await manager.close()

    asyncio.run(play())
