"""No table is lost to a restart, and no crash leaves a finished game marked as playing.

* With 1,001 tables playing, the oldest one's computer player moves after a restart (the
  tables are written straight into the store: that is what a server leaves behind, and it is
  quick).
* A server process killed at the moment its last action's status is being written comes back
  with a table whose status agrees with its actions: never a finished game "playing".
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import warnings
from pathlib import Path

import pytest

from binokel.games.binokel.game import new_game
from binokel.web.app import create_app
from binokel.web.games import game_for_rules, replay
from binokel.web.guard import Allowed
from binokel.web.store import Store, StoredSeat, StoredTable

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

OPEN = StoredSeat(kind="open", name="", bot=None, token_hash=None)
BOT = StoredSeat(kind="bot", name="random", bot="random", token_hash=None)


def test_the_oldest_of_1001_playing_tables_plays_on_after_a_restart(tmp_path: Path) -> None:
    store = Store(tmp_path / "web.sqlite3")
    # The oldest table: three computer players, the first of them to move.
    store.create_table(StoredTable(id="oldest", game="binokel", rules="binokel", seed="old",
                                   title="", created=1.0, status="playing", seats=[BOT] * 3))
    for i in range(1000):  # newer tables, waiting for players
        store.create_table(StoredTable(id=f"table{i:04d}", game="binokel", rules="binokel",
                                       seed=f"s{i}", title="", created=2.0 + i,
                                       status="playing", seats=[OPEN] * 3))
    assert len(store.table_ids(status="playing")) == 1001
    app = create_app(store, bot_delay=0, allowed=Allowed.of(hosts=["testserver"]),
                     idle_minutes=10**6)
    with TestClient(app) as client, client.websocket_connect("/ws/oldest") as ws:
        ws.send_text(json.dumps({"type": "hello"}))
        seen = 0
        for _ in range(200):
            message = json.loads(ws.receive_text())
            if message["type"] == "state":
                seen = max(seen, message["n"])
                if seen >= 3:
                    break
        assert seen >= 3, "the oldest table's computer players did not move after the restart"
        manager = app.state.manager
        assert len([t for t in manager.tables.values() if t.is_playing]) == 1001
        assert client.get("/api/tables/table0000").json()["status"] == "playing"
    store.close()


CRASH = textwrap.dedent("""
    import asyncio, os, sys
    from binokel.web.store import Store, StoredSeat, StoredTable
    from binokel.web.tables import TableManager

    db, seed, actions, seat, last = sys.argv[1], sys.argv[2], sys.argv[3].split("|"), \\
        int(sys.argv[4]), sys.argv[5]
    human = StoredSeat(kind="human", name="", bot=None, token_hash=None)
    store = Store(db)
    store.create_table(StoredTable(id="ending", game="binokel", rules="binokel", seed=seed,
                                   title="", created=1.0, status="playing", seats=[human] * 3,
                                   actions=actions))

    def crash_at_status(statement: str) -> None:
        # The process dies as the table's status is written: nothing after it runs.
        if "status" in statement and statement.lstrip().upper().startswith("UPDATE"):
            os._exit(9)

    async def main() -> None:
        manager = TableManager(store, bot_delay=0)
        table = manager.get("ending")
        store._db.set_trace_callback(crash_at_status)
        manager.act(table, seat, [last])
        print("not crashed")

    asyncio.run(main())
""")


def test_a_crash_at_the_last_action_cannot_leave_a_finished_game_playing(
        tmp_path: Path) -> None:
    # A whole game played at random, all but its last action stored.
    import random

    game = game_for_rules("binokel")
    rng = random.Random(7)
    state = new_game(seed="ending")
    actions: list[str] = []
    while True:
        action = rng.choice(list(state.legal_actions()))
        after = state.apply(action)
        if after.is_over:
            seat, last = state.to_move, str(action)
            break
        actions.append(str(action))
        state = after
    db = tmp_path / "web.sqlite3"
    done = subprocess.run([sys.executable, "-c", CRASH, str(db), "ending", "|".join(actions),
                           str(seat), last], capture_output=True, text=True, timeout=120,
                          env=dict(os.environ))
    assert done.returncode == 9, done.stdout + done.stderr  # it died where it should
    store = Store(db)
    stored = store.load_table("ending")
    assert stored is not None
    replayed = replay(game, "binokel", stored.seed, stored.actions)
    # Both or neither: the last action and the status it causes were one transaction.
    assert replayed.is_over == (stored.status == "finished")
    assert stored.status == "playing" and stored.actions == actions
    store.close()
