"""``binokel serve`` as an outsider attacks it (issue 46): slow headers, forged forwarded
headers, an ``http`` page for an ``https`` server, a QR code drawn per request, idle watchers.
A live server on loopback, run as a user runs it."""

from __future__ import annotations

import http.client
import json
import re
import socket
import time
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.sync.client import connect

from .conftest import LiveServer

WAITING_CAP = 64  # slowheaders.WAITING_PER_CLIENT


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    db = tmp_path_factory.mktemp("siege") / "web.sqlite3"
    live = LiveServer(db, options=["--header-timeout", "1", "--spectator-timeout", "1.5",
                                   "--max-tables-per-client", "2",
                                   "--public-url", "https://cards.example"])
    live.start()
    try:
        yield live
    finally:
        live.stop()


def call(server: LiveServer, method: str, path: str, body: Any = None,
         headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    data = None if body is None else json.dumps(body).encode()
    sent = {"content-type": "application/json", **(headers or {})}
    conn.request(method, path, data, sent)
    response = conn.getresponse()
    out = response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    conn.close()
    return out


def half_sent(server: LiveServer) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    return sock


def closed_by_server(sock: socket.socket) -> bool:
    """Whether the server closed the connection (a reset too: it had unread bytes)."""
    try:
        return sock.recv(1024) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def test_slow_headers_are_timed_out_and_capped_per_address(server: LiveServer) -> None:
    socks = [half_sent(server) for _ in range(WAITING_CAP + 20)]
    try:
        # Beyond the cap a connection still sending its headers is closed at once...
        time.sleep(0.3)
        for sock in socks[-10:]:
            sock.settimeout(0.5)
            assert closed_by_server(sock)
        # ... and those within it once the header timeout (1 s here) has passed.
        started = time.monotonic()
        for sock in socks[:WAITING_CAP]:
            sock.settimeout(5)
            assert closed_by_server(sock)
        assert time.monotonic() - started < 5
        # Meanwhile and after, requests that send their headers are served.
        assert call(server, "GET", "/api/tables")[0] == 200
    finally:
        for sock in socks:
            sock.close()
    # A kept-alive connection's next request has the same deadline.
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    sock.sendall(b"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    answer = sock.recv(65536)
    assert answer.startswith(b"HTTP/1.1 200")
    head, _, body = answer.partition(b"\r\n\r\n")
    length = re.search(rb"content-length: *(\d+)", head, re.IGNORECASE)
    while length is not None and len(body) < int(length.group(1)):
        body += sock.recv(65536)  # the whole answer, so that what follows is the close
    sock.sendall(b"GET /api/tables HTTP/1.1\r\nHost: 127")
    sock.settimeout(5)
    assert closed_by_server(sock)
    sock.close()


def test_x_forwarded_for_is_ignored_without_a_trusted_proxy(server: LiveServer) -> None:
    made = []
    for n in range(5):  # each request claims another address
        status, _, body = call(server, "POST", "/api/tables",
                               {"rules": "binokel", "seats": ["open"] * 3},
                               {"x-forwarded-for": f"198.51.100.{n}"})
        made.append((status, json.loads(body)))
    assert [s for s, _ in made] == [201, 201, 400, 400, 400]  # one address: the cap of 2
    for _, answer in made[:2]:
        call(server, "POST", f"/api/tables/{answer['id']}/cancel",
             {"token": answer["cancel_token"]})


def test_an_http_page_is_refused_for_an_https_public_url(server: LiveServer) -> None:
    body = {"rules": "binokel", "seats": ["open"] * 3}
    status, _, answer = call(server, "POST", "/api/tables", body,
                             {"host": "cards.example", "origin": "http://cards.example"})
    assert status == 403 and b"are refused" in answer
    status, _, answer = call(server, "POST", "/api/tables", body,
                             {"host": "cards.example", "origin": "https://cards.example"})
    assert status == 201
    made = json.loads(answer)
    call(server, "POST", f"/api/tables/{made['id']}/cancel", {"token": made["cancel_token"]})


def test_the_invite_code_is_drawn_once_per_table_and_keeps_its_max_age(
        server: LiveServer) -> None:
    status, _, answer = call(server, "POST", "/api/tables",
                             {"rules": "binokel", "seats": ["open"] * 3})
    made = json.loads(answer)
    bodies = set()
    for port in range(8000, 8030):  # a port per request drew a code per request
        status, headers, svg = call(server, "GET", f"/api/tables/{made['id']}/invite.svg",
                                    headers={"host": f"127.0.0.1:{port}"})
        assert status == 200
        assert headers["cache-control"] == "private, max-age=3600"
        bodies.add(svg)
    assert len(bodies) == 1  # one link: the public URL's
    assert f"<title>https://cards.example/t/{made['id']}</title>".encode() in bodies.pop()
    call(server, "POST", f"/api/tables/{made['id']}/cancel", {"token": made["cancel_token"]})


def test_a_quiet_spectator_is_let_go_and_a_pinging_one_stays(server: LiveServer) -> None:
    _, _, answer = call(server, "POST", "/api/tables",
                             {"rules": "binokel", "seats": ["open"] * 3})
    made = json.loads(answer)
    url = f"ws://127.0.0.1:{server.port}/ws/{made['id']}"
    with connect(url) as quiet, connect(url) as pinging:
        for ws in (quiet, pinging):
            ws.send(json.dumps({"type": "hello"}))
        started = time.monotonic()
        closed_at = None
        while time.monotonic() - started < 4:
            pinging.send(json.dumps({"type": "ping"}))
            try:
                while True:
                    quiet.recv(timeout=0.5)
            except TimeoutError:
                pass
            except Exception:  # closed by the server
                closed_at = time.monotonic() - started
                break
        assert closed_at is not None and 1.0 < closed_at < 4
        assert quiet.close_code == 4408
        pinging.send(json.dumps({"type": "ping"}))
        seen = []
        try:
            while True:
                seen.append(json.loads(pinging.recv(timeout=0.5))["type"])
        except TimeoutError:
            pass
        assert "pong" in seen  # the one that pings is still there
    call(server, "POST", f"/api/tables/{made['id']}/cancel", {"token": made["cancel_token"]})

