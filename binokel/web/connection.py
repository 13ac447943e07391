"""One browser's WebSocket at a table: reading its messages, and writing the table's to it.

:func:`serve_connection` reads a connection's messages in a loop, hands each to the table (the
game raises, the handler turns the reason into an ``error`` event) and the table broadcasts
through the connection's :class:`SocketListener`; :func:`relay_connection` forwards those of a
browser whose table another server runs.  Both limit how fast a browser may send
(:class:`RateLimiter`).  The routes are in :mod:`binokel.web.app`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from collections import deque
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from .protocol import (
    MAX_MESSAGE_BYTES,
    Abandon,
    Act,
    Hello,
    HintRequest,
    Leave,
    NextHand,
    Ping,
    ProtocolError,
    Rematch,
    dumps,
    error_message,
    parse_message,
)
from .store import StoreError
from .tables import Listener, Table, TableError, TableManager

if TYPE_CHECKING:  # (psycopg, which the cluster needs, is an optional dependency; the
    # offline app's worker has no starlette)
    from starlette.websockets import WebSocket

    from .cluster import Cluster, Socket

log = logging.getLogger("binokel.web")

__all__ = ["DEFAULT_RATE", "HELLO_TIMEOUT", "RATE_BURST", "RATE_HANG_UP", "RATE_PER_SECOND",
           "SEND_QUEUE", "SPECTATOR_TIMEOUT", "Rate", "RateLimiter", "SocketListener",
           "relay_connection", "serve_connection", "tell"]

#: Messages a connection may send per second on average, and in one burst (the defaults of
#: ``binokel serve --max-messages-per-second`` and ``--max-message-burst``).
RATE_PER_SECOND = 10.0
RATE_BURST = 30
#: Messages refused for rate in a row before the server hangs up.
RATE_HANG_UP = 200
#: Seconds a new connection has to say hello.
HELLO_TIMEOUT = 10.0
#: Seconds a spectator's connection may send nothing (the page pings every 20) before it is
#: let go: a watcher that went away costs the table no more messages.
SPECTATOR_TIMEOUT = 90.0
#: Outgoing messages queued for one slow browser before it is disconnected (it reconnects and
#: gets the whole state again).
SEND_QUEUE = 256


@dataclass(frozen=True)
class Rate:
    """How fast one connection may send: ``per_second`` messages on average and ``burst`` at
    once; 0 for either is no limit (a load test's clients on loopback, say)."""

    per_second: float = RATE_PER_SECOND
    burst: int = RATE_BURST

    def __post_init__(self) -> None:
        if not (math.isfinite(self.per_second) and self.per_second >= 0):
            raise ValueError(f"messages per second must be a number from 0 up (0: no limit), "
                             f"not {self.per_second!r}")
        if self.burst < 0:
            raise ValueError(f"a burst must be 0 messages or more (0: no limit), not "
                             f"{self.burst!r}")

    @property
    def unlimited(self) -> bool:
        return not self.per_second or not self.burst

    def limiter(self) -> RateLimiter | None:
        """A new connection's limiter; None where there is no limit."""
        return None if self.unlimited else RateLimiter(rate=self.per_second, burst=self.burst)


#: The limit a server has unless told otherwise.
DEFAULT_RATE = Rate()


class RateLimiter:
    """A token bucket: ``allow()`` is False when a connection sends faster than the limit.

    >>> limiter = RateLimiter(rate=1, burst=2, clock=lambda: 0.0)
    >>> [limiter.allow() for _ in range(3)]
    [True, True, False]
    """

    def __init__(self, *, rate: float = RATE_PER_SECOND, burst: int = RATE_BURST,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = float(burst)
        self.stamp = clock()
        self.refused = 0

    def allow(self) -> bool:
        now = self.clock()
        tokens = self.tokens + (now - self.stamp) * self.rate
        if tokens > self.burst:
            tokens = self.burst
        self.stamp = now
        if tokens >= 1:
            self.tokens = tokens - 1
            self.refused = 0
            return True
        self.tokens = tokens
        self.refused += 1
        return False


class SocketListener:
    """A browser connection as a table listener: messages go out in order.

    A message is written at once when the socket can take it (the usual case: the ASGI send
    finishes without waiting, so no task is woken per message); while one has to wait for the
    socket, later ones queue behind it, and a browser that lets :data:`SEND_QUEUE` pile up is
    disconnected (it reconnects and gets the whole state again).
    """

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        self.queue: deque[str] = deque()
        self.writer: asyncio.Task[None] | None = None
        self.gone = False

    def send(self, text: str) -> None:
        if self.gone:
            raise ConnectionError("this browser is gone")
        if self.writer is not None:  # a message is waiting for the socket: keep the order
            if len(self.queue) >= SEND_QUEUE:
                log.info("a browser is too slow to keep up; disconnecting it")
                self.gone = True
                self.writer.cancel()
                asyncio.get_running_loop().create_task(self._hang_up())
                raise asyncio.QueueFull
            self.queue.append(text)
            return
        sending = self.websocket.send({"type": "websocket.send", "text": text})
        try:
            waiting_for = sending.send(None)
        except StopIteration:
            return  # written
        except BaseException:
            self.gone = True
            raise
        self.writer = asyncio.get_running_loop().create_task(self._finish(sending, waiting_for))

    async def _finish(self, sending: Coroutine[Any, Any, None], waiting_for: Any) -> None:
        """Carry on a send that had to wait for the socket, then the messages queued behind."""
        try:
            while True:
                if waiting_for is None:
                    await asyncio.sleep(0)
                else:
                    await waiting_for
                try:
                    waiting_for = sending.send(None)
                except StopIteration:
                    break
            while self.queue:
                await self.websocket.send({"type": "websocket.send",
                                           "text": self.queue.popleft()})
        except BaseException:
            self.gone = True
            sending.close()
            raise
        finally:
            self.writer = None

    async def _hang_up(self, code: int = 1013) -> None:
        with contextlib.suppress(Exception):
            await self.websocket.close(code=code)

    def hang_up(self, code: int) -> None:
        """Close the connection (1012: its table moved to another server; the page
        reconnects)."""
        self.gone = True
        asyncio.get_running_loop().create_task(self._hang_up(code))

    async def close(self) -> None:
        self.gone = True
        writer = self.writer
        if writer is not None:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(writer, timeout=2)


async def refuse(limiter: RateLimiter, websocket: Socket | WebSocket,
                 listener: Listener) -> Literal["dropped", "hung up"]:
    """A message one too many a second (``limiter.allow()`` said no; the caller asks first,
    so that a message let through costs no coroutine): it is dropped and the sender told, or
    the sender went on and on and is hung up on."""
    if limiter.refused >= RATE_HANG_UP:
        await websocket.close(code=1008)
        return "hung up"
    tell(listener, error_message(
        f"Too many messages: at most {limiter.rate:g} a second; this one was ignored."))
    return "dropped"


async def relay_connection(cluster: Cluster, websocket: WebSocket, listener: SocketListener,
                            table_id: str, holder: str, rate: Rate = DEFAULT_RATE) -> None:
    """A browser whose table another server runs: its messages, checked for size and rate
    as always, go to that server, which answers through ``listener``."""
    limiter = rate.limiter()
    conn = cluster.open_relay(listener, table_id, holder)
    try:
        while not listener.gone:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            raw = message.get("text")
            if raw is None:
                raw = (message.get("bytes") or b"").decode("utf-8", "replace")
            if limiter is not None and not limiter.allow():
                if await refuse(limiter, websocket, listener) == "hung up":
                    return
                continue
            if len(raw.encode()) > MAX_MESSAGE_BYTES:
                tell(listener, error_message(
                    f"message too large (at most {MAX_MESSAGE_BYTES} bytes)"))
                continue
            cluster.forward(conn, raw)
    finally:
        cluster.close_relay(conn)


async def serve_connection(manager: TableManager, table: Table, websocket: Socket,
                            listener: Listener, hello_timeout: float, rate: Rate = DEFAULT_RATE,
                            spectator_timeout: float = SPECTATOR_TIMEOUT) -> None:
    """Read one browser's messages until it leaves; every problem becomes an ``error`` event.
    ``rate`` limits how fast it may send; a spectator that sends nothing (not even the page's
    ping) for ``spectator_timeout`` seconds is let go."""
    limiter = rate.limiter()
    seat: int | None = None
    attached = False
    while True:
        watching = attached and table.listeners.get(listener) is None
        try:
            # A connection that never says hello is closed after a while, and so is a
            # spectator gone quiet; a seated one may idle.
            if not attached:
                message = await asyncio.wait_for(websocket.receive(), hello_timeout)
            elif watching and spectator_timeout > 0:
                message = await asyncio.wait_for(websocket.receive(), spectator_timeout)
            else:
                message = await websocket.receive()
        except TimeoutError:
            await websocket.close(code=1008 if not attached else 4408)
            return
        if message["type"] == "websocket.disconnect":
            return
        raw: str | bytes | None = message.get("text")
        if raw is None:
            raw = message.get("bytes") or b""
        if limiter is not None and not limiter.allow():
            if await refuse(limiter, websocket, listener) == "hung up":
                return
            continue
        try:
            request = parse_message(raw)
        except ProtocolError as exc:
            tell(listener, error_message(str(exc)))
            continue
        try:
            if isinstance(request, Hello):
                if attached:
                    raise TableError("You are already at this table.")
                seat = manager.seat_of(table, request.token)
                if request.token and seat is None:
                    tell(listener, error_message(
                        "That seat token does not belong to this table; you are watching."))
                tell(listener, dumps({"type": "welcome", "seat": seat, "table": table.id}))
                manager.attach(table, listener, seat)
                attached = True
            elif isinstance(request, Ping):
                tell(listener, dumps({"type": "pong"}))
            elif not attached:
                raise TableError('Say hello first: {"type": "hello", "token": ...}.')
            else:
                # The connection's seat as it is now: once a seat is left, every connection
                # that held it watches.
                seat = table.listeners.get(listener)
                if isinstance(request, Act):
                    manager.act(table, seat, request.actions, n=request.n)
                elif isinstance(request, HintRequest):
                    tell(listener, dumps({"type": "hint", **await manager.hint(table, seat)}))
                elif isinstance(request, Abandon):
                    manager.abandon(table, seat)
                elif isinstance(request, Leave):
                    manager.leave(table, seat)
                    tell(listener, dumps({"type": "welcome", "seat": None, "table": table.id}))
                elif isinstance(request, NextHand):
                    manager.next_hand(table, seat, request.hands)
                elif isinstance(request, Rematch):
                    manager.rematch(table, seat)
        except TableError as exc:
            tell(listener, error_message(str(exc)))
        except StoreError:  # another server runs the table now: the page reconnects there
            log.warning("table %s: a write was refused", table.id, exc_info=True)
            tell(listener, error_message("This table moved to another server; reconnecting."))
            await websocket.close(code=1012)
            return


def tell(listener: Listener, text: str) -> None:
    # A browser that cannot be written to any more is let go by its own receive loop.
    with contextlib.suppress(Exception):
        listener.send(text)
