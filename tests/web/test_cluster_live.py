"""Two ``binokel serve`` processes on one throwaway PostgreSQL serve the same table.

The table is made on server A, which holds its lease and runs it; seat 0 plays through A,
seats 1 and 2 and a spectator through B, whose connections are relayed to A.  Every message
each of them receives is kept and checked afterwards against the stored game: the messages
come in order, every seat hears of every change, and no message holds a hidden card of
another seat (the oracle of test_hidden_cards.py, on the state replayed from the stored seed
and actions up to the message's ``n``).  Then A is killed with SIGKILL mid-hand: B takes the
table over once A's lease (one second here) expires, the relayed sockets are closed with 1012,
everyone reconnects to B, and the hand is played to its end with nothing lost.
"""

from __future__ import annotations

import contextlib
import json
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from binokel.web.games import game_for_rules, replay

from .conftest import LiveServer
from .test_hidden_cards import allowed_binokel, card_kind, card_strings, hidden_elsewhere
from .test_restart_live import post

psycopg = pytest.importorskip("psycopg", reason="psycopg is not installed (.[postgres])")

LEASE = ["--lease-seconds", "1"]


@dataclass
class Client:
    """One seat's page (or a spectator's, ``seat`` None) on one server."""

    seat: int | None
    token: str | None
    server: LiveServer
    table_id: str
    ws: ClientConnection | None = None
    messages: list[dict[str, Any]] = field(default_factory=list)
    closes: list[int | None] = field(default_factory=list)
    acted_at: int = -1
    acts: int = 0
    _stack: contextlib.ExitStack = field(default_factory=contextlib.ExitStack)

    def connect(self, server: LiveServer | None = None) -> None:
        self.server = server or self.server
        self.acted_at = -1  # a move sent to a server that died is made again
        self.ws = self._stack.enter_context(
            connect(f"ws://127.0.0.1:{self.server.port}/ws/{self.table_id}", open_timeout=20))
        self.ws.send(json.dumps({"type": "hello", "token": self.token}))

    def drain(self, wait: float = 0.0) -> None:
        """Keep every message that has come; note a closed connection."""
        if self.ws is None:
            return
        try:
            while True:
                self.messages.append(json.loads(self.ws.recv(timeout=wait)))
                wait = 0.0
        except TimeoutError:
            return
        except ConnectionClosed as closed:
            self.closes.append(closed.rcvd.code if closed.rcvd else None)
            self.ws = None

    def states(self) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == "state"]

    def last(self) -> dict[str, Any] | None:
        states = self.states()
        return states[-1] if states else None

    def close(self) -> None:
        self._stack.close()
        self.ws = None


def choose(view: dict[str, Any], rng: random.Random) -> str:
    legal: list[str] = view["legal_actions"]
    plain = [a for a in legal if not a.startswith(("out", "durch", "open"))]
    return rng.choice(plain or legal)


def step(clients: list[Client], rng: random.Random) -> None:
    """Each seat whose latest state says it is to move acts once for that state."""
    for client in clients:
        client.drain(0.01)
    for client in clients:
        last = client.last()
        if client.seat is None or client.ws is None or last is None:
            continue
        view = last["view"]
        if (last["table"]["status"] == "playing" and view["to_move"] == client.seat
                and view["legal_actions"] and client.acted_at < last["n"]):
            client.acted_at = last["n"]
            client.acts += 1
            client.ws.send(json.dumps({"type": "act", "action": choose(view, rng),
                                       "n": last["n"]}))


def hands_done(clients: list[Client]) -> int:
    return max(int((c.last() or {"table": {"hands": 0}})["table"]["hands"]) for c in clients)


def stored(url: str, table_id: str) -> tuple[str, list[str], list[int]]:
    with psycopg.connect(url) as db:
        row = db.execute("SELECT seed FROM tables WHERE id = %s", (table_id,)).fetchone()
        rows = db.execute("SELECT action, seat FROM actions WHERE table_id = %s ORDER BY n",
                          (table_id,)).fetchall()
    assert row is not None
    return row[0], [a for a, _ in rows], [s for _, s in rows]


def check_messages(clients: list[Client], url: str, table_id: str, *, all_heard: bool = True
                   ) -> int:
    """Order, completeness and the hidden-card oracle over every message kept; returns the
    number of state messages checked.  With ``all_heard``, every seat must have heard of
    every change (not so across a kill: what the dead server had not sent yet, a page learns
    from the whole state it gets on reconnecting)."""
    seed, actions, _ = stored(url, table_id)
    game = game_for_rules("binokel")
    states: dict[int, Any] = {}
    checked = hidden_seen = 0
    for client in clients:
        ns = [m["n"] for m in client.states()]
        assert ns == sorted(ns), f"seat {client.seat}: messages out of order: {ns}"
        assert ns and ns[-1] == len(actions), (
            f"seat {client.seat} last heard of action {ns[-1] if ns else None}, "
            f"{len(actions)} are stored")
        for message in client.states():
            assert message["seat"] == client.seat
            n = message["n"]
            if n not in states:
                states[n] = replay(game, "binokel", seed, actions[:n])
            state = states[n]
            allowed = allowed_binokel(state, client.seat)
            forbidden = hidden_elsewhere(state, client.seat, allowed)
            hidden_seen += bool(forbidden)
            found = {card_kind(c) for c in card_strings(message)}
            assert not found & forbidden, (
                f"seat {client.seat} was shown hidden cards {sorted(found & forbidden)} at "
                f"action {n}")
            assert found <= allowed, f"seat {client.seat} sees {sorted(found - allowed)}"
            view = message["view"]
            if client.seat is None:
                assert view["hand"] is None and view["legal_actions"] is None
            else:
                assert sorted(view["hand"]) == sorted(str(c) for c in state.hand(client.seat))
            checked += 1
    # Every seat heard of every change the others heard of (one message per commit).
    # (From the moment the last page connected: before that, what it missed it learns from
    # the whole state it gets on saying hello.)
    start = max(c.states()[0]["n"] for c in clients)
    seen = [{m["n"] for m in c.states() if m["n"] >= start} for c in clients]
    assert not all_heard or all(s == seen[0] for s in seen), (
        f"the seats did not all hear of the same moves: {seen}")
    assert hidden_seen, "the oracle never had a hidden card to look for"
    return checked


def server_id(server: LiveServer) -> str:
    """The id a server printed when it started."""
    line = next(x for x in server.log.read_text().splitlines() if "serving on" in x)
    return line.rsplit("server ", 1)[1].rstrip(")")


@pytest.fixture
def two_servers(tmp_path: Path, postgres_url: str) -> Iterator[tuple[LiveServer, LiveServer]]:
    a = LiveServer(tmp_path / "a.sqlite3", database=postgres_url, options=LEASE)
    b = LiveServer(tmp_path / "b.sqlite3", database=postgres_url, options=LEASE)
    a.start()
    b.start()
    try:
        yield a, b
    finally:
        a.stop()
        b.stop()


def seat_clients(a: LiveServer, b: LiveServer) -> tuple[str, list[Client]]:
    """A table made on A; seat 0 through A, seats 1-2 (joined through B) and a spectator
    through B."""
    made = post(f"{a.url}/api/tables", {"rules": "binokel", "seats": ["open"] * 3, "take": 0,
                                        "name": "Anna"})
    table_id = made["id"]
    tokens = [made["token"]] + [post(f"{b.url}/api/tables/{table_id}/join",
                                     {"seat": s, "name": f"B{s}"})["token"] for s in (1, 2)]
    clients = [Client(0, tokens[0], a, table_id), Client(1, tokens[1], b, table_id),
               Client(2, tokens[2], b, table_id), Client(None, None, b, table_id)]
    for client in clients:
        client.connect()
    return table_id, clients


def play_until(clients: list[Client], rng: random.Random, done: Any, seconds: float = 60.0,
               reconnect_to: LiveServer | None = None) -> None:
    """Play until ``done()``; a page whose socket closes reconnects to ``reconnect_to`` (as
    the page does), or else the test fails."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "the hand did not go on"
        step(clients, rng)
        for client in clients:
            if client.ws is None:
                assert reconnect_to is not None, f"seat {client.seat} lost its connection"
                client.connect(reconnect_to)


def test_two_servers_play_one_hand_with_every_message_in_order_and_nothing_leaked(
        two_servers: tuple[LiveServer, LiveServer], postgres_url: str) -> None:
    a, b = two_servers
    table_id, clients = seat_clients(a, b)
    rng = random.Random(21)
    try:
        play_until(clients, rng, lambda: hands_done(clients) >= 1)
        time.sleep(0.3)  # the last messages are on their way to every seat
        for client in clients:
            client.drain(0.2)
        final = max(c.states()[-1]["n"] for c in clients)
        assert all(c.acts > 0 for c in clients[:3]), "every seat should have played"
        _, actions, seats = stored(postgres_url, table_id)
        assert len(actions) == final
        assert {0, 1, 2} <= set(seats), "moves came through both servers"
        assert check_messages(clients, postgres_url, table_id) > 100
        for client in clients:
            assert client.closes == [], "no connection should have been dropped"
            assert not [m for m in client.messages if m["type"] == "error"]
        # A stopped cleanly gives its leases back at once, and B runs the table from then on.
        a_id = server_id(a)
        a.stop()
        with psycopg.connect(postgres_url) as db:
            held = db.execute("SELECT COUNT(*) FROM leases WHERE holder = %s",
                              (a_id,)).fetchone()
        assert held == (0,)
        count = len(clients[1].states())
        clients[0].close()
        clients[0].connect(b)
        play_until(clients, rng, lambda: len(clients[1].states()) > count + 3, reconnect_to=b)
        assert 1012 in clients[1].closes
    finally:
        for client in clients:
            client.close()


def test_killing_the_holder_mid_hand_the_other_server_takes_over_and_nothing_is_lost(
        two_servers: tuple[LiveServer, LiveServer], postgres_url: str) -> None:
    a, b = two_servers
    table_id, clients = seat_clients(a, b)
    rng = random.Random(7)
    try:
        play_until(clients, rng, lambda: max(c.states()[-1]["n"] if c.states() else 0
                                             for c in clients) >= 15)
        a.kill()  # SIGKILL: no shutdown code runs, A's lease just stops being renewed
        announced = max(c.states()[-1]["n"] for c in clients)
        before = [len(c.states()) for c in clients]
        # Seat 0's page reconnects to the server still up (what a reverse proxy does); B
        # closes the sockets it relays to A with 1012 once A's lease has expired, and each
        # page reconnects (to B, which then holds the table).
        clients[0].drain()
        clients[0].close()
        clients[0].connect(b)
        play_until(clients, rng, lambda: hands_done(clients) >= 1, reconnect_to=b)
        assert all(1012 in c.closes for c in clients[1:]), [c.closes for c in clients]
        for client, count in zip(clients, before, strict=True):
            later = client.states()[count:]
            assert later, f"seat {client.seat} heard nothing after the takeover"
            assert later[0]["n"] >= announced, (
                f"{announced} actions were announced before the kill, but seat "
                f"{client.seat} was then shown the table at {later[0]['n']}")
        time.sleep(0.3)
        for client in clients:
            client.drain(0.2)
        _, actions, _ = stored(postgres_url, table_id)
        assert len(actions) > announced, "the hand went on after the takeover"
        assert check_messages(clients, postgres_url, table_id, all_heard=False) > 100
        with psycopg.connect(postgres_url) as db:
            row = db.execute("SELECT holder FROM leases WHERE table_id = %s",
                             (table_id,)).fetchone()
        assert row is not None
        assert row[0] == server_id(b), "B holds the table now"
    finally:
        for client in clients:
            client.close()
