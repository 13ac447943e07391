"""What keeps other web pages and other host names off the server, and one address from taking
every connection.

* **Host**: every request must name one of the server's own host names (the loopback names,
  the address it is bound to, the host of ``--public-url`` and any ``--allowed-host``), so a
  page on a rebinding domain that resolves to this machine is refused (DNS rebinding).
* **Origin**: a request that changes something (any method but GET, HEAD and OPTIONS) and every
  WebSocket handshake must come from the server's own pages: no ``Origin`` header (a program,
  not a browser), the request's own origin, or the origin of ``--public-url``.
* **Connections**: one client address may hold so many WebSockets at once.
* **Requests**: one client network may send so many API requests a second
  (:data:`REQUESTS_PER_SECOND`, in bursts of :data:`REQUEST_BURST`); beyond that, 429 at once,
  before anything is read or stored.

Addresses are counted by network (:func:`client_key`: an IPv6 address by its /64).

Refusals are 403 (429 for the connection cap) with a reason a person can act on.

>>> allowed = Allowed.of(bound="127.0.0.1", public_urls=["https://cards.example"])
>>> allowed.host_reason("cards.example"), allowed.host_reason("127.0.0.1:8000")
(None, None)
>>> allowed.host_reason("evil.example")[:40]
'This server answers to 127.0.0.1, ::1, c'
>>> allowed.origin_reason("https://evil.example", host="127.0.0.1:8000", scheme="http")[:32]
'Requests from https://evil.examp'
>>> allowed.origin_reason("http://cards.example", host="cards.example", scheme="http")[:32]
'Requests from http://cards.examp'
"""

from __future__ import annotations

import ipaddress
import json
import time
from collections.abc import Awaitable, Callable, MutableMapping, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from .wording import refusal

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")
#: WebSockets one client address may hold open at once.
MAX_SOCKETS_PER_CLIENT = 32
#: API requests one client network may send a second on average, and at once.
REQUESTS_PER_SECOND = 20.0
REQUEST_BURST = 100
_SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def client_key(address: str) -> str:
    """What the per-address caps count: an IPv4 address, or an IPv6 address's /64 network (one
    home or phone holds a whole /64, and picks any address in it); anything else as it is.

    >>> client_key("203.0.113.7"), client_key("2001:db8:1:2:aa::1"), client_key("::ffff:10.0.0.1")
    ('203.0.113.7', '2001:db8:1:2::/64', '10.0.0.1')
    """
    try:
        ip = ipaddress.ip_address(address.strip())
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def hostname(host: str) -> str:
    """The name in a Host header or netloc, without the port, in lower case.

    >>> hostname("[::1]:8000"), hostname("Example.COM:80"), hostname("localhost")
    ('::1', 'example.com', 'localhost')
    """
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    if host.count(":") == 1:
        return host.split(":", 1)[0]
    return host


@dataclass(frozen=True)
class Allowed:
    """The host names the server answers to and the origins its pages come from."""

    hosts: frozenset[str]
    origins: frozenset[str]

    @classmethod
    def of(cls, *, bound: str = "127.0.0.1", public_urls: Sequence[str] = (),
           hosts: Sequence[str] = ()) -> Allowed:
        """From the bound address, the public URLs (scheme and host as the browser sees them)
        and extra host names; a wildcard bind address (0.0.0.0, ::) names no host."""
        names = set(LOOPBACK_NAMES) | {hostname(h) for h in hosts if h.strip()}
        if bound not in ("0.0.0.0", "::", ""):
            names.add(hostname(bound))
        origins = set()
        for url in public_urls:
            parts = urlsplit(url)
            if parts.scheme not in ("http", "https") or not parts.hostname:
                raise ValueError(f"a public URL looks like https://cards.example, not {url!r}")
            names.add(parts.hostname.lower())
            origins.add(f"{parts.scheme}://{parts.netloc.lower()}")
        return cls(hosts=frozenset(names), origins=frozenset(origins))

    def host_reason(self, host: str | None) -> str | None:
        """Why a request for this Host is refused, or None."""
        name = hostname(host or "")
        if name in self.hosts:
            return None
        known = ", ".join(sorted(self.hosts))
        return (f"This server answers to {known}; this request was for {name or 'no host'!r}. "
                "If that is the server's name, start it with --allowed-host NAME or "
                "--public-url URL.")

    def origin_reason(self, origin: str | None, *, host: str, scheme: str) -> str | None:
        """Why a request from a page of this Origin is refused, or None."""
        if origin is None:
            return None  # not a browser: programs on this machine or elsewhere, no cookies
        origin = origin.strip().lower()
        own = f"{'https' if scheme in ('https', 'wss') else 'http'}://{host.strip().lower()}"
        if origin in self.origins:
            return None
        # A host a public URL names is reached by that URL only: behind a proxy that does
        # not say X-Forwarded-Proto, an http:// page must not pass for the https:// one.
        public = {urlsplit(o).hostname for o in self.origins}
        if origin == own and hostname(host) not in public:
            return None
        return (f"Requests from {origin} are refused: only this server's own pages may open "
                "tables, take seats or connect to a table. Behind a proxy, start the server "
                "with --public-url set to the address players open.")


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            text: str = value.decode("latin-1")
            return text
    return None


async def refuse(scope: Scope, receive: Receive, send: Send, status: int, reason: str) -> None:
    """Answer an HTTP request, or turn down a WebSocket handshake, with a JSON reason."""
    body = json.dumps(refusal(reason)).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
               (b"cache-control", b"no-store")]
    if scope["type"] == "websocket":
        await receive()  # the websocket.connect message
        if "websocket.http.response" in scope.get("extensions", {}):
            await send({"type": "websocket.http.response.start", "status": status,
                        "headers": headers})
            await send({"type": "websocket.http.response.body", "body": body})
        else:
            await send({"type": "websocket.close", "code": 1008, "reason": reason[:120]})
        return
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class Guard:
    """ASGI middleware: Host and Origin checks, and the cap on WebSockets per address."""

    def __init__(self, app: ASGIApp, *, allowed: Allowed,
                 sockets_per_client: int = MAX_SOCKETS_PER_CLIENT,
                 requests_per_second: float = REQUESTS_PER_SECOND,
                 request_burst: int = REQUEST_BURST) -> None:
        self.app = app
        self.allowed = allowed
        self.sockets_per_client = sockets_per_client
        self.sockets: dict[str, int] = {}
        self.requests_per_second = requests_per_second
        self.request_burst = request_burst
        self._buckets: dict[str, tuple[float, float]] = {}

    def _request_allowed(self, address: str) -> bool:
        """Spend one of the network's API requests (a token bucket per network)."""
        if not self.requests_per_second or not self.request_burst:
            return True
        now = time.monotonic()
        tokens, stamp = self._buckets.get(address, (float(self.request_burst), now))
        tokens = min(float(self.request_burst), tokens + (now - stamp) * self.requests_per_second)
        allowed = tokens >= 1
        self._buckets[address] = (tokens - 1 if allowed else tokens, now)
        if len(self._buckets) > 50_000:  # forget the networks that have been quiet a while
            cutoff = now - self.request_burst / self.requests_per_second
            self._buckets = {k: v for k, v in self._buckets.items() if v[1] >= cutoff}
        return allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = _header(scope, b"host")
        reason = self.allowed.host_reason(host)
        if reason is None and (kind == "websocket" or scope.get("method") not in _SAFE_METHODS):
            reason = self.allowed.origin_reason(_header(scope, b"origin"), host=host or "",
                                                scheme=scope.get("scheme", "http"))
            if reason is None and _header(scope, b"sec-fetch-site") == "cross-site":
                reason = ("Requests from other sites are refused: only this server's own pages "
                          "may change anything here.")
        if reason is not None:
            await refuse(scope, receive, send, 403, reason)
            return
        client = scope.get("client")
        address = client_key(client[0]) if client else ""
        if kind != "websocket":
            if scope.get("path", "").startswith("/api/") and not self._request_allowed(address):
                await refuse(scope, receive, send, 429,
                             f"Too many requests from your address: at most "
                             f"{self.requests_per_second:g} a second. Wait a moment.")
                return
            await self.app(scope, receive, send)
            return
        held = self.sockets.get(address, 0)
        if self.sockets_per_client and held >= self.sockets_per_client:
            await refuse(scope, receive, send, 429,
                         f"Too many connections from your address: at most "
                         f"{self.sockets_per_client} at once. Close a table's tab and try again.")
            return
        self.sockets[address] = held + 1
        try:
            await self.app(scope, receive, send)
        finally:
            left = self.sockets.get(address, 1) - 1
            if left > 0:
                self.sockets[address] = left
            else:
                self.sockets.pop(address, None)
