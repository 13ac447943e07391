"""A real server killed mid-game loses nothing it announced: every action is committed first.

Three computer players play as fast as they can while a spectator watches over a real
WebSocket; the server is killed with SIGKILL at an arbitrary moment and started again on the
same database.  The table comes back at least as far as the spectator saw, and play goes on.
"""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from .conftest import LiveServer


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        data: dict[str, Any] = json.loads(response.read())
        return data


def watch(server: LiveServer, table_id: str, seconds: float, *, until: int | None = None
          ) -> tuple[int, str]:
    """The highest action count a spectator is told of within ``seconds`` (and at least the
    first state it is sent, however long that takes); with ``until``, as soon as it passes
    that count, or after 20 seconds (a loaded machine gives the computer players little
    time)."""
    seen, status = -1, ""
    with connect(f"ws://127.0.0.1:{server.port}/ws/{table_id}") as ws:
        ws.send(json.dumps({"type": "hello"}))
        deadline: float | None = None  # set by the first state
        while True:
            timeout = 10.0 if deadline is None else deadline - time.monotonic()
            if timeout <= 0:
                break
            try:
                message = json.loads(ws.recv(timeout=timeout))
            except TimeoutError:
                break
            if message["type"] == "state":
                assert message["view"]["hand"] is None  # a spectator sees no hand
                seen = max(seen, message["n"])
                status = message["table"]["status"]
                if until is not None and (seen > until or status != "playing"):
                    break
                if deadline is None:
                    deadline = time.monotonic() + (seconds if until is None else 20.0)
    return seen, status


def test_a_killed_server_restarts_with_every_announced_action(tmp_path: Path) -> None:
    # A little pause between computer moves keeps the game from ending before the kill.
    server = LiveServer(tmp_path / "web.sqlite3", bot_delay=0.005)
    server.start()
    try:
        made = post(f"{server.url}/api/tables",
                    {"rules": "binokel", "seats": ["bot:random"] * 3, "take": None})
        seen, _ = watch(server, made["id"], 1.0, until=10)
        assert seen > 10, "the computer players should have been playing"
        server.kill()  # mid-game, mid-broadcast: no clean shutdown
        # Restarted with a pause before each computer move, so that what we read first is what
        # was stored, not what the computer players have played since.
        server.bot_delay = 0.5
        server.start()
        first, status = watch(server, made["id"], 0.0)
        assert first >= seen, f"announced {seen} actions but only {first} survived the kill"
        if status == "playing":  # (a random game may have just ended)
            later, _ = watch(server, made["id"], 2.5, until=first)
            assert later > first, "the computer players did not carry on after the restart"
    finally:
        server.stop()
