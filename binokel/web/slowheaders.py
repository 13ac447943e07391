"""Connections that never finish their request headers are closed (slow-header attacks).

uvicorn waits for a request's headers as long as the client takes, and the per-address caps of
:mod:`binokel.web.guard` apply only once the headers are in: 1,100 half-sent requests from one
address took every file descriptor of a server with a 1,024 limit.  :func:`guarded` makes an
HTTP protocol class of uvicorn's that

* closes a connection whose request headers are not complete :data:`HEADER_TIMEOUT` seconds
  after it opened (or after its last answer, for the next request on a kept-alive connection);
* lets one client network (:func:`~binokel.web.guard.client_key`) hold at most
  :data:`WAITING_PER_CLIENT` connections whose headers are still coming; a further one is
  closed at once;
* lets one client network open :data:`CONNECTIONS_PER_SECOND` new connections a second (in
  bursts of :data:`CONNECTION_BURST`; a browser keeps its few connections alive): a further
  one is closed before a byte of it is read, which costs the server far less than answering
  it (the API's own per-network rate, :mod:`binokel.web.guard`, answers 429 on connections
  kept alive).

>>> from uvicorn.protocols.http.h11_impl import H11Protocol
>>> guarded(H11Protocol).__name__
'Guarded_H11Protocol'
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from .guard import client_key

#: Seconds a client has to send a request's headers.
HEADER_TIMEOUT = 10.0
#: Connections one client network may hold with their headers still coming.
WAITING_PER_CLIENT = 64
#: New connections one client network may open a second on average, and at once.
CONNECTIONS_PER_SECOND = 20.0
CONNECTION_BURST = 100


def guarded(base: type[Any], *, header_timeout: float = HEADER_TIMEOUT,
            per_client: int = WAITING_PER_CLIENT,
            per_second: float = CONNECTIONS_PER_SECOND, burst: int = CONNECTION_BURST
            ) -> type[Any]:
    """A subclass of uvicorn's HTTP protocol ``base`` (h11 or httptools) with a deadline for
    the request headers, a cap on the connections one network holds waiting for them and on
    how fast it opens new ones (0: no limit)."""
    waiting: dict[str, int] = {}
    buckets: dict[str, tuple[float, float]] = {}

    def may_connect(key: str) -> bool:
        if not per_second or not burst:
            return True
        now = time.monotonic()
        tokens, stamp = buckets.get(key, (float(burst), now))
        tokens = min(float(burst), tokens + (now - stamp) * per_second)
        allowed = tokens >= 1
        buckets[key] = (tokens - 1 if allowed else tokens, now)
        if len(buckets) > 50_000:
            cutoff = now - burst / per_second
            for old in [k for k, (_, at) in buckets.items() if at < cutoff]:
                del buckets[old]
        return allowed

    class Guarded(base):  # type: ignore[misc]
        _key = ""
        _refused = False
        _waiting = False
        _timer: asyncio.TimerHandle | None = None
        _marker: object = None

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            # uvicorn's set-up of a connection (its parser, its state) waits until the
            # connection is let in: a flood of refused ones then costs the event loop as
            # little as it can (1,100 at once from one address held it up to 127 ms at
            # 1,000 tables).
            self._setup = (args, kwargs)

        def connection_made(self, transport: asyncio.Transport) -> None:
            peer = transport.get_extra_info("peername")
            self._key = client_key(str(peer[0])) if peer else ""
            if ((per_client and waiting.get(self._key, 0) >= per_client)
                    or not may_connect(self._key)):
                self._refused = True
                transport.close()
                return
            args, kwargs = self._setup
            super().__init__(*args, **kwargs)
            super().connection_made(transport)
            self._arm()

        def _arm(self) -> None:
            """Start waiting for the headers of the next request."""
            if not self._waiting:
                self._waiting = True
                waiting[self._key] = waiting.get(self._key, 0) + 1
            self._marker = getattr(self, "cycle", None)
            if self._timer is not None:
                self._timer.cancel()
            self._timer = asyncio.get_running_loop().call_later(header_timeout, self._late)

        def _release(self) -> None:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            if self._waiting:
                self._waiting = False
                left = waiting.get(self._key, 1) - 1
                if left > 0:
                    waiting[self._key] = left
                else:
                    waiting.pop(self._key, None)

        def _headers_in(self) -> bool:
            """A new request has begun (its headers are in), or the connection became a
            WebSocket."""
            transport = getattr(self, "transport", None)
            return (getattr(self, "cycle", None) is not self._marker
                    or (transport is not None and transport.get_protocol() is not self))

        def _late(self) -> None:
            self._timer = None
            cycle = getattr(self, "cycle", None)
            if cycle is not None and not cycle.response_complete:
                return  # a request is being answered: not a slow one's headers
            if self._waiting and not self._headers_in():
                self._release()
                self.transport.close()

        def data_received(self, data: bytes) -> None:
            if self._refused:
                return
            super().data_received(data)
            if self._waiting and self._headers_in():
                self._release()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()  # the next request on this connection has its own deadline

        def connection_lost(self, exc: Exception | None) -> None:
            if self._refused:
                return
            self._release()
            super().connection_lost(exc)

    Guarded.__name__ = Guarded.__qualname__ = f"Guarded_{base.__name__}"
    Guarded.waiting = waiting
    return Guarded
