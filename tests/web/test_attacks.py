"""Every attack of issue 13, replayed against a real ``binokel serve`` on 127.0.0.1.

Each one is refused with a reason a person can act on, and where nothing should change the
database files are byte for byte what they were.  Every test here talks to loopback only and
opens a bounded number of connections.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

from .conftest import LiveServer

EVIL = "http://evil.example"
SOCKET_CAP = 6
TABLE_CAP = 4


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One server for the attacks that leave it as it was; small caps keep them quick."""
    db = tmp_path_factory.mktemp("attacks") / "web.sqlite3"
    live = LiveServer(db, options=["--max-sockets-per-client", str(SOCKET_CAP),
                                   "--max-tables-per-client", str(TABLE_CAP),
                                   "--hello-timeout", "1.5"])
    live.start()
    try:
        yield live
    finally:
        live.stop()


def db_bytes(server: LiveServer) -> dict[str, bytes]:
    """The database and its write-ahead log, as bytes (the shared-memory index may change on
    a read, so it is left out)."""
    files = [server.db, server.db.with_name(server.db.name + "-wal")]
    return {p.name: p.read_bytes() for p in files if p.exists()}


def request(server: LiveServer, method: str, path: str, body: bytes | None = None,
            headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], Any]:
    """One HTTP request to the server; the status, headers (lower-case names) and JSON body."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        raw = response.read()
        found = {k.lower(): v for k, v in response.getheaders()}
    finally:
        connection.close()
    data = json.loads(raw) if found.get("content-type", "").startswith("application/json") \
        else raw.decode("utf-8", "replace")
    return response.status, found, data


def post_json(server: LiveServer, path: str, body: object, **headers: str
              ) -> tuple[int, dict[str, str], Any]:
    return request(server, "POST", path, json.dumps(body).encode(),
                   {"content-type": "application/json", **headers})


NEW_TABLE = {"rules": "binokel", "seats": ["human", "open", "open"], "take": 0, "name": "Anna"}


def new_table(server: LiveServer, **changes: object) -> dict[str, Any]:
    status, _, data = post_json(server, "/api/tables", {**NEW_TABLE, **changes})
    assert status == 201, data
    made: dict[str, Any] = data
    return made


# --- cross-site requests and DNS rebinding ----------------------------------------------------

def test_a_cross_site_form_post_cannot_open_a_table(server: LiveServer) -> None:
    before = db_bytes(server)
    body = json.dumps(NEW_TABLE).encode()
    # What a page elsewhere can send without asking: text/plain, with its own Origin.
    status, _, data = request(server, "POST", "/api/tables", body,
                              {"content-type": "text/plain", "origin": EVIL})
    assert status == 403 and "Requests from http://evil.example are refused" in data["error"]
    # The same with the JSON type (a preflighted request) is refused for its origin too.
    status, _, data = post_json(server, "/api/tables", NEW_TABLE, origin=EVIL)
    assert status == 403 and "--public-url" in data["error"]
    # And text/plain from no page at all is refused for its type.
    status, _, data = request(server, "POST", "/api/tables", body, {"content-type": "text/plain"})
    assert status == 415 and "Content-Type: application/json" in data["error"]
    status, _, data = post_json(server, "/api/tables", NEW_TABLE, **{"sec-fetch-site":
                                                                     "cross-site"})
    assert status == 403 and "other sites" in data["error"]
    assert db_bytes(server) == before


def test_a_cross_site_page_cannot_take_a_seat_or_connect(server: LiveServer) -> None:
    made = new_table(server)
    before = db_bytes(server)
    status, _, data = post_json(server, f"/api/tables/{made['id']}/join", {"seat": 1},
                                origin=EVIL)
    assert status == 403 and "refused" in data["error"]
    with pytest.raises(InvalidStatus) as refused:
        connect(f"ws://127.0.0.1:{server.port}/ws/{made['id']}", origin=Origin(EVIL),
                open_timeout=10)
    assert refused.value.response.status_code == 403
    assert b"refused" in refused.value.response.body
    assert db_bytes(server) == before
    # The server's own page (same origin) connects.
    with connect(f"ws://127.0.0.1:{server.port}/ws/{made['id']}",
                 origin=Origin(server.url), open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello"}))
        assert receive(ws, "state")["seat"] is None
    cancel(server, made)


def test_a_rebinding_host_name_is_not_served(server: LiveServer) -> None:
    before = db_bytes(server)
    for method, path in (("GET", "/"), ("GET", "/api/tables")):
        status, _, data = request(server, method, path, headers={"host": "evil.example:8000"})
        assert status == 403
        assert "this request was for 'evil.example'" in data["error"]
        assert "--allowed-host" in data["error"]
    status, _, data = request(server, "POST", "/api/tables", json.dumps(NEW_TABLE).encode(),
                              {"host": "evil.example", "content-type": "application/json"})
    assert status == 403
    assert db_bytes(server) == before
    assert request(server, "GET", "/api/tables", headers={"host": "localhost"})[0] == 200


# --- lockout ------------------------------------------------------------------------------------

def cancel(server: LiveServer, made: dict[str, Any]) -> None:
    status, _, data = post_json(server, f"/api/tables/{made['id']}/cancel",
                                {"token": made["cancel_token"]})
    assert status == 200 and data["status"] == "cancelled", data


def test_tables_nobody_sits_at_can_be_cancelled_and_free_the_cap(server: LiveServer) -> None:
    open_only = {"seats": ["open"] * 3, "take": None, "name": None}
    made = [new_table(server, **open_only) for _ in range(TABLE_CAP)]
    assert all(m["token"] is None and m["cancel_token"] for m in made)
    before = db_bytes(server)
    status, _, data = post_json(server, "/api/tables", {**NEW_TABLE, **open_only})
    assert status == 400 and f"You have {TABLE_CAP} tables in play already" in data["error"]
    assert "cancel" in data["error"] and "ends by itself after 30 minutes" in data["error"]
    assert "Your tables" in data["error"]  # where to find them
    # A wrong token cancels nothing.
    status, _, data = post_json(server, f"/api/tables/{made[0]['id']}/cancel",
                                {"token": made[1]["cancel_token"]})
    assert status == 409 and "not this table's cancel token" in data["error"]
    assert db_bytes(server) == before
    cancel(server, made[0])
    listed = [t["id"] for t in request(server, "GET", "/api/tables")[2]["tables"]]
    assert made[0]["id"] not in listed and made[1]["id"] in listed
    again = new_table(server, **open_only)
    # Once somebody else sits down, the creator can no longer cancel; the table still counts
    # against the address that made it (and sits at it): sitting down frees nothing.
    status, _, joined = post_json(server, f"/api/tables/{made[1]['id']}/join", {"seat": 0})
    assert status == 200
    status, _, data = post_json(server, f"/api/tables/{made[1]['id']}/cancel",
                                {"token": made[1]["cancel_token"]})
    assert status == 409 and "Other players have sat down" in data["error"]
    status, _, data = post_json(server, "/api/tables", {**NEW_TABLE, **open_only})
    assert status == 400 and "in play already" in data["error"]
    for table in [*made[2:], again]:
        cancel(server, table)
    with connect(f"ws://127.0.0.1:{server.port}/ws/{made[1]['id']}") as ws:
        ws.send(json.dumps({"type": "hello", "token": joined["token"]}))
        receive(ws, "state")
        ws.send(json.dumps({"type": "abandon"}))
        assert receive(ws, "state")["table"]["status"] == "abandoned"


def test_a_table_left_waiting_for_players_expires(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "web.sqlite3", options=["--table-idle-minutes", "0.02",
                                                           "--max-tables-per-client", "2"])
    server.start()
    try:
        first = new_table(server, seats=["open"] * 3, take=None)
        new_table(server, seats=["open"] * 3, take=None)
        status, _, data = post_json(server, "/api/tables", NEW_TABLE)
        assert status == 400 and "2 tables in play already" in data["error"]
        time.sleep(1.6)  # 0.02 minutes: 1.2 seconds
        assert request(server, "GET", "/api/tables")[2]["tables"] == []
        new_table(server)  # the address may open tables again
        status, _, info = request(server, "GET", f"/api/tables/{first['id']}")
        assert info["status"] == "expired"
    finally:
        server.stop()


# --- pathological JSON ------------------------------------------------------------------------

DEEP = '{"type":"act","action":' + "[" * 2000 + "]" * 2000 + "}"


def receive(ws: ClientConnection, kind: str) -> dict[str, Any]:
    for _ in range(50):
        message: dict[str, Any] = json.loads(ws.recv(timeout=10))
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind} message")


def test_deeply_nested_json_gets_a_reason_not_a_traceback(server: LiveServer) -> None:
    made = new_table(server)
    before = db_bytes(server)
    assert len(DEEP) <= 4096
    with connect(f"ws://127.0.0.1:{server.port}/ws/{made['id']}") as ws:
        ws.send(json.dumps({"type": "hello", "token": made["token"]}))
        receive(ws, "state")
        ws.send(DEEP)
        assert "nests 2001 levels deep (at most 8)" in receive(ws, "error")["reason"]
        ws.send(json.dumps({"type": "ping"}))  # the connection is still served
        receive(ws, "pong")
    status, _, data = request(server, "POST", "/api/tables", DEEP.encode(),
                              {"content-type": "application/json"})
    assert status == 400 and "nests 2001 levels deep" in data["error"]
    status, _, data = request(server, "POST", f"/api/tables/{made['id']}/join", DEEP.encode(),
                              {"content-type": "application/json"})
    assert status == 400 and "nests" in data["error"]
    assert db_bytes(server) == before
    assert "Traceback" not in server.log.read_text()
    cancel(server, made)


# --- connections ------------------------------------------------------------------------------

def test_an_address_may_hold_only_so_many_sockets_and_idle_ones_are_closed(
        server: LiveServer) -> None:
    made = new_table(server)
    url = f"ws://127.0.0.1:{server.port}/ws/{made['id']}"
    with contextlib.ExitStack() as stack:
        held = [stack.enter_context(connect(url, open_timeout=10)) for _ in range(SOCKET_CAP)]
        with pytest.raises(InvalidStatus) as refused:
            connect(url, open_timeout=10)
        assert refused.value.response.status_code == 429
        assert f"at most {SOCKET_CAP} at once".encode() in refused.value.response.body
        # None of them said hello: each is closed after the hello timeout (1.5 s here).
        started = time.monotonic()
        for ws in held:
            with pytest.raises(ConnectionClosed):
                ws.recv(timeout=10)
        assert time.monotonic() - started < 9
    time.sleep(0.3)  # the server counts the closed ones out
    with connect(url, open_timeout=10) as ws:  # room again
        ws.send(json.dumps({"type": "hello"}))
        receive(ws, "state")
    cancel(server, made)


# --- loose fields -----------------------------------------------------------------------------

@pytest.mark.parametrize(("path", "body", "reason"), [
    ("/api/tables", {**NEW_TABLE, "name": {"a": 1}}, "name must be text, not {'a': 1}"),
    ("/api/tables", {**NEW_TABLE, "take": -1},
     "take must be a seat number (0 for the first seat), not -1"),
    ("/api/tables", {**NEW_TABLE, "take": 3}, "take must be a seat number from 0 to 2, not 3"),
    ("/api/tables", {**NEW_TABLE, "title": "x" * 40}, "title must be at most 24 characters"),
    ("/api/tables", {**NEW_TABLE, "rules": 7}, "rules must be a rule set name, not 7"),
    ("/api/tables", {**NEW_TABLE, "seats": ["open", 1, "open"]}, "seats must be a list"),
    ("/api/tables", {**NEW_TABLE, "colour": "red"}, "unexpected field(s) in the table request"),
    ("/api/tables", [1, 2], "must be a JSON object, not [1, 2]"),
    ("JOIN", {"seat": -1}, "seat must be a seat number (0 for the first seat), not -1"),
    ("JOIN", {"seat": 5}, "seat must be a seat number from 0 to 2, not 5"),
    ("JOIN", {"seat": True}, "not True"),
    ("JOIN", {"seat": 1, "name": ["B"]}, "name must be text, not ['B']"),
])
def test_every_field_is_checked_and_the_reason_names_it(server: LiveServer, path: str,
                                                        body: object, reason: str) -> None:
    made = new_table(server)
    target = f"/api/tables/{made['id']}/join" if path == "JOIN" else path
    before = db_bytes(server)
    status, _, data = post_json(server, target, body)
    assert status in (400, 409) and reason in data["error"], data
    assert db_bytes(server) == before
    cancel(server, made)


# --- headers ----------------------------------------------------------------------------------

def test_answers_that_carry_tokens_are_not_cached_and_the_server_is_unnamed(
        server: LiveServer) -> None:
    status, headers, made = post_json(server, "/api/tables", NEW_TABLE)
    assert status == 201 and made["token"]
    assert headers["cache-control"] == "no-store"
    assert "server" not in headers
    assert headers["cross-origin-opener-policy"] == "same-origin"
    assert "camera=()" in headers["permissions-policy"]
    status, headers, _ = request(server, "GET", "/")
    assert status == 200 and "server" not in headers
    assert "default-src 'self'" in headers["content-security-policy"]
    _, headers, joined = post_json(server, f"/api/tables/{made['id']}/join", {"seat": 1})
    assert joined["token"] and headers["cache-control"] == "no-store"
    abandon(server, made)


def abandon(server: LiveServer, made: dict[str, Any]) -> None:
    with connect(f"ws://127.0.0.1:{server.port}/ws/{made['id']}") as ws:
        ws.send(json.dumps({"type": "hello", "token": made["token"]}))
        receive(ws, "state")
        ws.send(json.dumps({"type": "abandon"}))
        assert receive(ws, "state")["table"]["status"] == "abandoned"
