"""Several ``binokel serve`` processes on one PostgreSQL: leases, and connections relayed to
the server that holds a table (docs/decisions/web-03-several-servers.md).

* **One server runs a table**: the one holding its lease, a row of ``leases`` with an expiry
  that the holder renews every third of the lease time.  Only the holder applies actions,
  runs the computer players and keeps a table's memory (who is connected, who has seen the
  last summary, rematch votes); every write to a table renews the lease in the same
  transaction and fails if another server holds it now.
* **A browser connected to another server** is relayed: that server (the *edge*) keeps the
  WebSocket, checks it as always (origin, size, rate) and forwards each message to the holder
  over ``NOTIFY`` on the holder's own channel; the holder runs the very same connection
  handler as for a local socket and sends every outgoing message back the same way.  So the
  order of messages and what each seat may see are decided in one place, as with one server.
* **A holder that dies** stops renewing: once its leases expire, any server takes its tables
  over (the table is replayed from the store, as after a restart) and the edges close their
  relayed sockets with code 1012, upon which the page reconnects and lands on the new holder.
* HTTP calls about a table (info, join, cancel, record) held elsewhere are forwarded the same
  way and answered by its holder.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import logging
import secrets
import zlib
from collections.abc import Callable, Coroutine, MutableMapping
from dataclasses import dataclass, field
from typing import Any, Protocol

import psycopg

from .store_pg import PostgresStore
from .tables import Listener, Table, TableManager

log = logging.getLogger("binokel.web")

Message = MutableMapping[str, Any]
#: Bytes a notification may carry (PostgreSQL's limit is 8000); longer ones are compressed,
#: and any still too long wait in the ``relay`` table.
NOTIFY_LIMIT = 7900
#: Seconds a forwarded HTTP call waits for the holder's answer.
CALL_TIMEOUT = 10.0
#: Close code for a connection whose table moved to another server (the page reconnects).
MOVED = 1012


class Socket(Protocol):
    """What a connection handler needs of a WebSocket: the next message, and closing it."""

    async def receive(self) -> Message: ...

    async def close(self, code: int = 1000) -> None: ...


class HangUp(Protocol):
    """A listener that can be told to close its connection."""

    def send(self, text: str) -> None: ...

    def hang_up(self, code: int) -> None: ...


def channel_of(server: str) -> str:
    return f"binokel_{server}"


class RemoteSocket:
    """At the holder: a browser connection kept by another server, fed by its notices."""

    def __init__(self, cluster: Cluster, conn: str, edge: str) -> None:
        self.cluster = cluster
        self.conn = conn
        self.edge = edge
        self.queue: asyncio.Queue[Message] = asyncio.Queue()
        self.closed = False

    async def receive(self) -> Message:
        return await self.queue.get()

    async def close(self, code: int = 1000) -> None:
        if not self.closed:
            self.closed = True
            self.cluster.post(self.edge, {"op": "close", "conn": self.conn, "code": code})
            self.queue.put_nowait({"type": "websocket.disconnect", "code": code})

    def gone(self) -> None:
        """The browser (or its server) went away."""
        self.closed = True
        self.queue.put_nowait({"type": "websocket.disconnect", "code": 1001})


class RemoteListener:
    """At the holder: a relayed connection's messages go back to its server, in order."""

    def __init__(self, socket: RemoteSocket) -> None:
        self.socket = socket

    def send(self, text: str) -> None:
        if self.socket.closed:
            raise ConnectionError("this browser is gone")
        self.socket.cluster.post(self.socket.edge,
                                 {"op": "send", "conn": self.socket.conn, "text": text})

    def hang_up(self, code: int) -> None:
        asyncio.get_running_loop().create_task(self.socket.close(code))


@dataclass(eq=False)
class Relay:
    """At the edge: one browser connection whose table another server holds."""

    listener: HangUp
    table_id: str
    holder: str


ServeRemote = Callable[[Table, RemoteSocket, RemoteListener], Coroutine[Any, Any, None]]
CallLocal = Callable[[str, str, Any], Coroutine[Any, Any, tuple[int, Any]]]


@dataclass
class Cluster:
    """This server's part in a cluster of servers on one PostgreSQL database."""

    store: PostgresStore
    lease_seconds: float = 10.0
    me: str = field(default_factory=lambda: secrets.token_hex(6))
    relays: dict[str, Relay] = field(default_factory=dict)
    remote: dict[str, RemoteSocket] = field(default_factory=dict)
    live: set[str] = field(default_factory=set)
    _calls: dict[str, asyncio.Future[tuple[int, Any]]] = field(default_factory=dict)
    _outbox: asyncio.Queue[tuple[str, str]] = field(default_factory=asyncio.Queue)
    _tasks: list[asyncio.Task[None]] = field(default_factory=list)
    _infos: dict[str, str] = field(default_factory=dict)
    _manager: TableManager | None = None
    _serve_remote: ServeRemote | None = None
    _call_local: CallLocal | None = None

    def __post_init__(self) -> None:
        self.store.holder = self.me
        self.store.lease_seconds = self.lease_seconds

    @property
    def manager(self) -> TableManager:
        assert self._manager is not None, "start the cluster first"
        return self._manager

    # --- lifecycle ----------------------------------------------------------------------------

    async def start(self, manager: TableManager, serve_remote: ServeRemote,
                    call_local: CallLocal) -> None:
        self._manager = manager
        self._serve_remote = serve_remote
        self._call_local = call_local
        manager.claim = self.store.claim
        manager.release = self.store.release
        listening = await psycopg.AsyncConnection.connect(self.store.url, autocommit=True)
        await listening.execute(f"LISTEN {channel_of(self.me)}")
        sending = await psycopg.AsyncConnection.connect(self.store.url, autocommit=True)
        self.live = self.store.beat()
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._listen(listening)),
                       loop.create_task(self._send(sending)),
                       loop.create_task(self._keep())]
        log.info("server %s joined the cluster on %s", self.me, self.store.path)

    async def stop(self) -> None:
        """Let go of every table at once (the others take them over without waiting for
        the leases to expire)."""
        await asyncio.sleep(0.05)  # let the last messages go out
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):
            for table_id in list(self.manager.tables):
                self.store.release(table_id)

    # --- where a table is run -------------------------------------------------------------------

    def elsewhere(self, table_id: str) -> str | None:
        """The server that holds the table, when it is another live one."""
        if table_id in self.manager.tables:
            return None
        holder = self.store.holder_of(table_id)
        return holder if holder is not None and holder != self.me else None

    def lobby(self) -> list[dict[str, Any]]:
        """The tables other servers hold, as they last described them."""
        entries: list[dict[str, Any]] = []
        for text in self.store.lobby():
            with contextlib.suppress(ValueError):
                entries.append(json.loads(text))
        return entries

    # --- at the edge: a browser whose table is held elsewhere ----------------------------------

    def open_relay(self, listener: HangUp, table_id: str, holder: str) -> str:
        conn = secrets.token_hex(8)
        self.relays[conn] = Relay(listener, table_id, holder)
        self.post(holder, {"op": "open", "conn": conn, "from": self.me, "table": table_id})
        return conn

    def forward(self, conn: str, text: str) -> None:
        relay = self.relays.get(conn)
        if relay is not None:
            self.post(relay.holder, {"op": "msg", "conn": conn, "text": text})

    def close_relay(self, conn: str) -> None:
        relay = self.relays.pop(conn, None)
        if relay is not None:
            self.post(relay.holder, {"op": "bye", "conn": conn})

    async def call(self, holder: str, table_id: str, what: str, body: Any) -> tuple[int, Any]:
        """Ask the holder of a table to answer an HTTP call about it."""
        req = secrets.token_hex(8)
        future: asyncio.Future[tuple[int, Any]] = asyncio.get_running_loop().create_future()
        self._calls[req] = future
        self.post(holder, {"op": "call", "req": req, "from": self.me, "table": table_id,
                           "what": what, "body": body})
        try:
            return await asyncio.wait_for(future, CALL_TIMEOUT)
        except TimeoutError:
            return 503, {"error": "The server running this table did not answer; try again."}
        finally:
            self._calls.pop(req, None)

    # --- messages between servers --------------------------------------------------------------

    def post(self, server: str, message: dict[str, Any]) -> None:
        """Send a message to another server (in order, after those posted before)."""
        self._outbox.put_nowait((channel_of(server), self._encode(message)))

    def _encode(self, message: dict[str, Any]) -> str:
        text = json.dumps(message, ensure_ascii=False, separators=(",", ":"))
        if len(text.encode()) <= NOTIFY_LIMIT:
            return text
        packed = "z" + base64.b64encode(zlib.compress(text.encode(), 6)).decode()
        if len(packed) <= NOTIFY_LIMIT:
            return packed
        return f"r{self.store.put_relay(text)}"

    def _decode(self, payload: str) -> dict[str, Any] | None:
        if payload.startswith("z"):
            payload = zlib.decompress(base64.b64decode(payload[1:])).decode()
        elif payload.startswith("r"):
            body = self.store.take_relay(int(payload[1:]))
            if body is None:
                return None
            payload = body
        message: dict[str, Any] = json.loads(payload)
        return message

    async def _send(self, db: psycopg.AsyncConnection[Any]) -> None:
        while True:
            batch = [await self._outbox.get()]
            while not self._outbox.empty() and len(batch) < 500:
                batch.append(self._outbox.get_nowait())
            try:
                # One statement each (autocommit), sent in a row: they arrive in this order.
                async with db.cursor() as cursor:
                    await cursor.executemany("SELECT pg_notify(%s, %s)", batch)
            except psycopg.Error:
                log.exception("could not send %d message(s) to other servers", len(batch))

    async def _listen(self, db: psycopg.AsyncConnection[Any]) -> None:
        async for notice in db.notifies():
            try:
                message = self._decode(notice.payload)
                if message is not None:
                    self._receive(message)
            except Exception:
                log.exception("a message from another server could not be handled")

    def _receive(self, message: dict[str, Any]) -> None:
        op = message.get("op")
        conn = str(message.get("conn", ""))
        if op == "open":
            self._open(conn, str(message["from"]), str(message["table"]))
        elif op == "msg":
            socket = self.remote.get(conn)
            if socket is not None:
                socket.queue.put_nowait({"type": "websocket.receive", "text": message["text"]})
        elif op == "bye":
            socket = self.remote.get(conn)
            if socket is not None:
                socket.gone()
        elif op == "send":
            relay = self.relays.get(conn)
            if relay is not None:
                try:
                    relay.listener.send(str(message["text"]))
                except Exception:  # the browser is gone: tell the holder
                    self.close_relay(conn)
        elif op == "close":
            relay = self.relays.pop(conn, None)
            if relay is not None:
                relay.listener.hang_up(int(message.get("code", 1000)))
        elif op == "call":
            asyncio.get_running_loop().create_task(self._answer(message))
        elif op == "reply":
            future = self._calls.get(str(message.get("req")))
            if future is not None and not future.done():
                future.set_result((int(message["status"]), message["body"]))

    def _open(self, conn: str, edge: str, table_id: str) -> None:
        """At the holder: a connection relayed from ``edge`` begins."""
        socket = RemoteSocket(self, conn, edge)
        table = self.manager.get(table_id)
        if table is None or self.elsewhere(table_id) is not None:
            # Not ours (any more): the edge's page reconnects and finds the holder.
            socket.closed = True
            self.post(edge, {"op": "close", "conn": conn, "code": MOVED})
            return
        assert self._serve_remote is not None
        self.remote[conn] = socket
        task = asyncio.get_running_loop().create_task(
            self._serve_remote(table, socket, RemoteListener(socket)))
        task.add_done_callback(lambda _: self.remote.pop(conn, None))

    async def _answer(self, message: dict[str, Any]) -> None:
        assert self._call_local is not None
        try:
            status, body = await self._call_local(str(message["table"]), str(message["what"]),
                                                  message.get("body"))
        except Exception:
            log.exception("a forwarded call failed")
            status, body = 500, {"error": "internal error"}
        self.post(str(message["from"]), {"op": "reply", "req": message["req"],
                                         "status": status, "body": body})

    # --- keeping the leases --------------------------------------------------------------------

    async def _keep(self) -> None:
        while True:
            await asyncio.sleep(self.lease_seconds / 3)
            try:
                self.tick()
            except psycopg.Error:
                log.exception("could not renew the leases")

    def tick(self) -> None:
        """Renew this server's leases, let go of tables lost, close relays whose holder is
        gone, drop relayed connections from servers gone, take over orphaned tables."""
        manager = self.manager
        self.live = self.store.beat()
        infos: dict[str, str] = {}
        for table_id, table in manager.tables.items():
            text = table.info_text() if table.is_playing else ""
            infos[table_id] = "" if self._infos.get(table_id) == text else text
            self._infos[table_id] = text
        held = self.store.renew(infos)
        for table_id in list(manager.tables):
            if table_id in held:
                continue
            table = manager.tables[table_id]
            if table.is_playing or not self.store.claim(table_id):
                log.warning("table %s is run by another server now: letting it go", table_id)
                manager.drop(table_id)
                self._infos.pop(table_id, None)
        for table_id in [t for t in self._infos if t not in manager.tables]:
            del self._infos[table_id]
        if self.relays:
            holders = self.store.holders(list({r.table_id for r in self.relays.values()}))
            for conn, relay in list(self.relays.items()):
                if holders.get(relay.table_id) != relay.holder or relay.holder not in self.live:
                    del self.relays[conn]
                    relay.listener.hang_up(MOVED)
        for socket in list(self.remote.values()):
            if socket.edge not in self.live:
                socket.gone()
        for table_id in self.store.orphans():
            if manager.get(table_id) is not None:
                log.info("took over table %s", table_id)


__all__ = ["Cluster", "Listener", "RemoteListener", "RemoteSocket", "Socket"]
