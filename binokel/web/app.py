"""The web server: a Starlette app with a lobby API, a WebSocket per table and the static page.

The shape follows the websockets Connect Four tutorial: one handler per connection reads
messages in a loop, hands each to the table (the game raises, the handler turns the reason into
an ``error`` event) and the table broadcasts.  Everything that decides lives in
:mod:`binokel.web.tables` and :mod:`binokel.web.protocol`.

>>> from binokel.web.store import Store
>>> app = create_app(Store(":memory:"), bot_delay=0)
>>> sorted(r.path for r in app.routes)[:3]
['/', '/api/meta', '/api/rules/{name}']
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import io
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

import segno
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from .. import __version__
from .games import all_rule_sets, game_kinds
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
from .store import Store
from .tables import (
    MAX_TABLES_PER_CLIENT,
    TABLE_ID,
    Listener,
    Table,
    TableError,
    TableManager,
    available_bots,
)

log = logging.getLogger("binokel.web")
STATIC = Path(__file__).parent / "static"

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: Messages a connection may send per second on average, and in one burst.
RATE_PER_SECOND = 10.0
RATE_BURST = 30
#: Messages refused for rate in a row before the server hangs up.
RATE_HANG_UP = 200
#: Seconds a new connection has to say hello.
HELLO_TIMEOUT = 30.0
#: Outgoing messages queued for one slow browser before it is disconnected (it reconnects and
#: gets the whole state again).
SEND_QUEUE = 256


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
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.refused = 0
            return True
        self.refused += 1
        return False


class SocketListener:
    """A browser connection as a table listener: messages queue and go out in order."""

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=SEND_QUEUE)
        self.writer = asyncio.get_running_loop().create_task(self._write())

    def send(self, text: str) -> None:
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            log.info("a browser is too slow to keep up; disconnecting it")
            self.writer.cancel()
            asyncio.get_running_loop().create_task(self._hang_up())
            raise

    async def _hang_up(self) -> None:
        with contextlib.suppress(Exception):
            await self.websocket.close(code=1013)

    async def _write(self) -> None:
        while True:
            text = await self.queue.get()
            if text is None:
                return
            await self.websocket.send_text(text)

    async def close(self) -> None:
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(self.writer, timeout=2)
        if not self.writer.done():
            self.writer.cancel()


class SecurityHeaders:
    """Headers that keep the page to its own server: nothing is fetched from elsewhere."""

    CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
           "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [(b"content-security-policy", self.CSP.encode()),
                            (b"x-content-type-options", b"nosniff"),
                            (b"referrer-policy", b"no-referrer")]
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)


async def read_json(request: Request) -> dict[str, Any]:
    """The JSON object of a request body of at most :data:`MAX_MESSAGE_BYTES`."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_MESSAGE_BYTES):
        raise ProtocolError(f"request too large (at most {MAX_MESSAGE_BYTES} bytes)")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_MESSAGE_BYTES:
            raise ProtocolError(f"request too large (at most {MAX_MESSAGE_BYTES} bytes)")
    try:
        data = json.loads(body or b"{}")
    except ValueError:
        raise ProtocolError("request body is not valid JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("request body must be a JSON object")
    return data


@functools.lru_cache(maxsize=256)  # ~17 ms to draw; the lobby's tables ask again and again
def invite_svg(link: str) -> bytes:
    """The invite link as a QR code in SVG, for a friend's phone at the same table.

    >>> invite_svg("http://192.168.1.5:8000/t/abc").startswith(b"<svg")
    True
    """
    code = segno.make(link, error="m", micro=False)
    out = io.BytesIO()
    code.save(out, kind="svg", scale=1, border=2, xmldecl=False, svgns=True, title=link,
              svgclass="qr", lineclass=None, omitsize=True, dark="#111", light="#fff")
    return out.getvalue()


def _problem(reason: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": reason}, status_code=status)


def create_app(store: Store, *, bot_delay: float = 0.8,
               per_client: int = MAX_TABLES_PER_CLIENT) -> Starlette:
    """The ASGI app over one store; tables left playing in it are resumed at startup.
    ``per_client`` caps the tables in play one client address may open (0: no cap)."""
    manager = TableManager(store, bot_delay=bot_delay, per_client=per_client or 10**9)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        resumed = manager.resume()
        if resumed:
            log.info("resumed %d table(s)", resumed)

        def warm_up() -> None:  # find each game's computer players before the lobby asks
            for kind in game_kinds():
                available_bots(kind)

        warming = asyncio.get_running_loop().create_task(asyncio.to_thread(warm_up))
        yield
        with contextlib.suppress(Exception):
            await warming
        await manager.close()

    def table_or_404(table_id: str) -> Table | None:
        return manager.get(table_id) if TABLE_ID.match(table_id) else None

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", media_type="text/html; charset=utf-8")

    async def meta(request: Request) -> Response:
        sets = []
        for name, kind in all_rule_sets().items():
            rules = kind.rules(name)
            sets.append({"name": name, "game": kind.name, "players": kind.players(name),
                         "description": str(getattr(rules, "description", ""))})
        bots = {kind.name: available_bots(kind) for kind in game_kinds()}
        return JSONResponse({"rule_sets": sets, "bots": bots,
                             "version": __version__})

    async def rules_json(request: Request) -> Response:
        name = request.path_params["name"]
        kind = all_rule_sets().get(name)
        if kind is None:
            return _problem(f"unknown rule set {name!r}", 404)
        return JSONResponse(kind.describe(name))

    async def list_tables(request: Request) -> Response:
        return JSONResponse({"tables": manager.lobby()})

    async def create_table(request: Request) -> Response:
        try:
            data = await read_json(request)
            rules = data.get("rules", "binokel")
            seats = data.get("seats")
            take = data.get("take")
            if not isinstance(rules, str):
                raise ProtocolError("rules must be a rule set name")
            if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
                raise ProtocolError("seats must be a list like ['human', 'open', 'bot:random']")
            if take is not None and (not isinstance(take, int) or isinstance(take, bool)):
                raise ProtocolError("take must be a seat number")
            table, token = manager.create(rules, seats, take=take,
                                          name=str(data.get("name") or ""),
                                          title=str(data.get("title") or ""),
                                          creator=request.client.host if request.client
                                          else "")
        except (ProtocolError, TableError) as exc:
            return _problem(str(exc))
        return JSONResponse({"id": table.id, "seat": take, "token": token,
                             "url": f"/t/{table.id}", "table": table.info()}, status_code=201)

    async def table_info(request: Request) -> Response:
        table = table_or_404(request.path_params["table_id"])
        if table is None:
            return _problem("no such table", 404)
        return JSONResponse(table.info())

    async def join_table(request: Request) -> Response:
        table = table_or_404(request.path_params["table_id"])
        if table is None:
            return _problem("no such table", 404)
        try:
            data = await read_json(request)
            seat = data.get("seat")
            if not isinstance(seat, int) or isinstance(seat, bool):
                raise ProtocolError("seat must be a seat number")
            token = manager.join(table, seat, str(data.get("name") or ""))
        except (ProtocolError, TableError) as exc:
            return _problem(str(exc), 409 if isinstance(exc, TableError) else 400)
        return JSONResponse({"seat": seat, "token": token})

    async def invite_qr(request: Request) -> Response:
        table = table_or_404(request.path_params["table_id"])
        if table is None:
            return _problem("no such table", 404)
        link = str(request.url_for("table_page", table_id=table.id))
        return Response(invite_svg(link), media_type="image/svg+xml",
                        headers={"cache-control": "max-age=3600"})

    async def record(request: Request) -> Response:
        table = table_or_404(request.path_params["table_id"])
        if table is None:
            return _problem("no such table", 404)
        try:
            text = manager.record(table)
        except TableError as exc:
            return _problem(str(exc), 409)
        return PlainTextResponse(text, headers={
            "content-disposition": f'attachment; filename="binokel-{table.id}.txt"'})

    async def table_socket(websocket: WebSocket) -> None:
        await websocket.accept()
        table = table_or_404(websocket.path_params["table_id"])
        if table is None:
            await websocket.send_text(error_message("There is no such table."))
            await websocket.close(code=4404)
            return
        listener = SocketListener(websocket)
        try:
            await _serve_connection(manager, table, websocket, listener)
        except WebSocketDisconnect:
            pass
        finally:
            manager.detach(table, listener)
            await listener.close()
            if websocket.application_state is not WebSocketState.DISCONNECTED:
                with contextlib.suppress(Exception):
                    await websocket.close()

    routes = [
        Route("/", page),
        Route("/t/{table_id}", page, name="table_page"),
        Route("/rules/{name}", page),
        Route("/api/meta", meta),
        Route("/api/rules/{name}", rules_json),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", table_info),
        Route("/api/tables/{table_id}/join", join_table, methods=["POST"]),
        Route("/api/tables/{table_id}/record", record),
        Route("/api/tables/{table_id}/invite.svg", invite_qr),
        WebSocketRoute("/ws/{table_id}", table_socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.add_middleware(SecurityHeaders)
    app.state.manager = manager
    return app


async def _serve_connection(manager: TableManager, table: Table, websocket: WebSocket,
                            listener: SocketListener) -> None:
    """Read one browser's messages until it leaves; every problem becomes an ``error`` event."""
    limiter = RateLimiter()
    seat: int | None = None
    attached = False
    while True:
        try:
            # A connection that never says hello is closed after a while; a seated one may idle.
            message = await (websocket.receive() if attached else
                             asyncio.wait_for(websocket.receive(), HELLO_TIMEOUT))
        except TimeoutError:
            await websocket.close(code=1008)
            return
        if message["type"] == "websocket.disconnect":
            return
        raw: str | bytes | None = message.get("text")
        if raw is None:
            raw = message.get("bytes") or b""
        if not limiter.allow():
            if limiter.refused >= RATE_HANG_UP:
                await websocket.close(code=1008)
                return
            _tell(listener, error_message(
                f"Too many messages: at most {RATE_PER_SECOND:g} a second; this one was "
                "ignored."))
            continue
        try:
            request = parse_message(raw)
        except ProtocolError as exc:
            _tell(listener, error_message(str(exc)))
            continue
        try:
            if isinstance(request, Hello):
                if attached:
                    raise TableError("You are already at this table.")
                seat = manager.seat_of(table, request.token)
                if request.token and seat is None:
                    _tell(listener, error_message(
                        "That seat token does not belong to this table; you are watching."))
                _tell(listener, dumps({"type": "welcome", "seat": seat, "table": table.id}))
                manager.attach(table, listener, seat)
                attached = True
            elif isinstance(request, Ping):
                _tell(listener, dumps({"type": "pong"}))
            elif not attached:
                raise TableError('Say hello first: {"type": "hello", "token": ...}.')
            else:
                # The connection's seat as it is now: once a seat is left, every connection
                # that held it watches.
                seat = table.listeners.get(listener)
                if isinstance(request, Act):
                    manager.act(table, seat, request.actions, n=request.n)
                elif isinstance(request, HintRequest):
                    _tell(listener, dumps({"type": "hint", **await manager.hint(table, seat)}))
                elif isinstance(request, Abandon):
                    manager.abandon(table, seat)
                elif isinstance(request, Leave):
                    manager.leave(table, seat)
                    _tell(listener, dumps({"type": "welcome", "seat": None, "table": table.id}))
                elif isinstance(request, NextHand):
                    manager.next_hand(table, seat, request.hands)
                elif isinstance(request, Rematch):
                    manager.rematch(table, seat)
        except TableError as exc:
            _tell(listener, error_message(str(exc)))


def _tell(listener: Listener, text: str) -> None:
    with contextlib.suppress(asyncio.QueueFull):
        listener.send(text)
