"""The web server: a Starlette app with a lobby API, a WebSocket per table and the static page.

The shape follows the websockets Connect Four tutorial: one handler per connection reads
messages in a loop (:mod:`binokel.web.connection`), hands each to the table (the game raises,
the handler turns the reason into an ``error`` event) and the table broadcasts.  Everything
that decides lives in :mod:`binokel.web.tables` and :mod:`binokel.web.protocol`.

>>> from binokel.web.store import Store
>>> app = create_app(Store(":memory:"), bot_delay=0)
>>> paths = {r.path for r in app.routes}
>>> "/api/rules/{name}" in paths, "/api/pads/{pad_id}/ops" in paths
(True, True)
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import io
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

import segno
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import (
    FileResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from .. import __version__
from .botpool import BotPool
from .clubroutes import club_routes
from .clubs import ClubManager
from .connection import (
    DEFAULT_RATE,
    HELLO_TIMEOUT,
    SPECTATOR_TIMEOUT,
    Rate,
    RateLimiter,
    SocketListener,
    relay_connection,
    serve_connection,
)
from .games import all_rule_sets, describe, game_kinds, seat_count
from .guard import (
    MAX_SOCKETS_PER_CLIENT,
    REQUESTS_PER_SECOND,
    Allowed,
    Guard,
    client_key,
    hostname,
)
from .hints import Hints
from .padroutes import pad_routes
from .pads import PadManager
from .protocol import (
    MAX_MESSAGE_BYTES,
    ProtocolError,
    error_message,
    loads_bounded,
    parse_cancel,
    parse_join,
    parse_my_tables,
    parse_new_table,
)
from .reviews import Reviews, review_routes
from .store import TableStore
from .tables import (
    BOTS_IDLE_MINUTES,
    MAX_PLAYING_TABLES,
    MAX_TABLES_PER_CLIENT,
    TABLE_ID,
    TABLE_IDLE_MINUTES,
    TURN_SECONDS,
    Table,
    TableError,
    TableManager,
    available_bots,
)
from .wording import refusal

if TYPE_CHECKING:  # (psycopg, which the cluster needs, is an optional dependency)
    from .cluster import Cluster, RemoteListener, RemoteSocket

log = logging.getLogger("binokel.web")

__all__ = ["Rate", "RateLimiter", "SecurityHeaders", "SocketListener", "create_app", "invite_svg",
           "read_json"]

STATIC = Path(__file__).parent / "static"

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

class SecurityHeaders:
    """Headers that keep the page to its own server: nothing is fetched from elsewhere, no
    other window keeps a handle on it, no API answer (they carry seat tokens) is cached, and
    the server does not name its software."""

    CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
           "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
    HEADERS: ClassVar[list[tuple[bytes, bytes]]] = [(b"content-security-policy", CSP.encode()),
               (b"x-content-type-options", b"nosniff"),
               (b"referrer-policy", b"no-referrer"),
               (b"cross-origin-opener-policy", b"same-origin"),
               (b"cross-origin-resource-policy", b"same-origin"),
               (b"permissions-policy", b"camera=(), microphone=(), geolocation=(), payment=(), "
                                       b"usb=(), interest-cohort=()")]

    #: The installable app (/app/) compiles Python's WebAssembly and runs it in a worker.
    APP_CSP = CSP.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'") + \
        "; worker-src 'self'; manifest-src 'self'"
    APP_HEADERS: ClassVar[list[tuple[bytes, bytes]]] = [
        (b"content-security-policy", APP_CSP.encode()), *HEADERS[1:]]

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope.get("path", "")
        # API answers carry seat tokens: never cached; an invite's QR code says its own age.
        no_store = path.startswith("/api/") and not path.endswith("/invite.svg")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                dropped = (b"server", b"cache-control") if no_store else (b"server",)
                headers = [(k, v) for k, v in message.get("headers", [])
                           if k.lower() not in dropped]
                headers += self.APP_HEADERS if path.startswith("/app/") else self.HEADERS
                if no_store:
                    headers.append((b"cache-control", b"no-store"))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)


class MediaTypeError(ProtocolError):
    """A request body that is not declared as JSON (answered with 415)."""


async def read_json(request: Request) -> Any:
    """The JSON of a request body of at most :data:`MAX_MESSAGE_BYTES`, nested at most
    :data:`~binokel.web.protocol.MAX_DEPTH` deep, sent as ``application/json``."""
    kind = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if kind != "application/json":
        raise MediaTypeError("Send the request body as JSON with Content-Type: "
                             f"application/json (this request said {kind or 'nothing'!r}).")
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_MESSAGE_BYTES):
        raise ProtocolError(f"request too large (at most {MAX_MESSAGE_BYTES} bytes)")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_MESSAGE_BYTES:
            raise ProtocolError(f"request too large (at most {MAX_MESSAGE_BYTES} bytes)")
    return loads_bounded(body or b"{}", "request body")


@functools.lru_cache(maxsize=1024)  # ~17 ms to draw: one per table and host name it is reached by
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
    return JSONResponse(refusal(reason), status_code=status)


def _refusal(exc: Exception, conflict: int = 400) -> JSONResponse:
    """A refused request: 415 for a body that is not JSON, 400 for a malformed one, and
    ``conflict`` for one the table refuses."""
    if isinstance(exc, MediaTypeError):
        return _problem(str(exc), 415)
    return _problem(str(exc), conflict if isinstance(exc, TableError) else 400)


def create_app(store: TableStore, *, bot_delay: float = 0.8,
               per_client: int = MAX_TABLES_PER_CLIENT, allowed: Allowed | None = None,
               sockets_per_client: int = MAX_SOCKETS_PER_CLIENT,
               requests_per_second: float = REQUESTS_PER_SECOND,
               hello_timeout: float = HELLO_TIMEOUT, rate: Rate = DEFAULT_RATE,
               idle_minutes: float = TABLE_IDLE_MINUTES,
               bots_idle_minutes: float = BOTS_IDLE_MINUTES,
               max_tables: int = MAX_PLAYING_TABLES, turn_seconds: float = TURN_SECONDS,
               spectator_timeout: float = SPECTATOR_TIMEOUT,
               pool: BotPool | None = None, hints: Hints | None = None,
               cluster: Cluster | None = None, review_bot: str | None = None,
               quick: BotPool | None = None, app_dir: Path | None = None) -> Starlette:
    """The ASGI app over one store; tables left playing in it are resumed at startup.

    ``per_client`` caps the tables in play one client address may open and still end (0: no
    cap); ``requests_per_second`` caps an address's API requests (0: none; bursts of
    :data:`~binokel.web.guard.REQUEST_BURST`); ``allowed`` names the hosts and origins served
    (default: loopback only);
    ``sockets_per_client`` caps an address's WebSockets (0: no cap); a socket that has not
    said hello after ``hello_timeout`` seconds is closed; a connection may send as fast as
    ``rate`` allows (default 10 messages a second, bursts of 30); a table nobody is connected
    to ends after ``idle_minutes`` (``bots_idle_minutes`` against computers only); with
    ``max_tables`` in play the longest idle one ends before anyone is refused; a person at a
    table with other people has ``turn_seconds`` a turn (0: no clock) before a computer takes
    the seat; a spectator that sends nothing (the page pings) for ``spectator_timeout``
    seconds is let go; computer players decide in ``pool`` (those that do not search in
    ``quick``), hints in ``hints``.  With ``cluster`` (a
    PostgreSQL store shared by several servers) a table is run by the server holding its lease
    and connections to it here are relayed there (:mod:`binokel.web.cluster`); finished games
    are reviewed by ``review_bot`` (default: the expert, :mod:`binokel.web.reviews`)."""
    manager = TableManager(store, bot_delay=bot_delay, per_client=per_client,
                           idle_minutes=idle_minutes, bots_idle_minutes=bots_idle_minutes,
                           max_tables=max_tables, turn_seconds=turn_seconds, pool=pool,
                           hints=hints, quick=quick)
    public = sorted(allowed.origins if allowed is not None else (),
                    key=lambda o: not o.startswith("https:"))
    drawing = asyncio.Semaphore(1)
    reviews = Reviews(store) if review_bot is None else Reviews(store, bot=review_bot)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if cluster is not None:
            await cluster.start(manager, serve_remote, on_table)
        resumed = manager.resume()
        if resumed:
            log.info("resuming %d table(s)", resumed)

        def warm_up() -> None:  # find each game's computer players before the lobby asks
            for kind in game_kinds():
                available_bots(kind)

        # Before the first request, not beside it: a table made while they were being found
        # tried them itself, on the event loop (330 ms in the siege, issue 46).  Through
        # Starlette's thread pool, which the pad and club routes use: its first use imports
        # anyio's backend, which held the event loop 56 ms at the first pad request.
        await run_in_threadpool(warm_up)
        loop = asyncio.get_running_loop()
        background = [loop.create_task(manager.load_pending()),
                      loop.create_task(_sweep(manager))]
        yield
        for task in background:
            task.cancel()
        for task in background:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await reviews.close()
        await manager.close()
        if cluster is not None:
            await cluster.stop()

    async def serve_remote(table: Table, socket: RemoteSocket, listener: RemoteListener
                           ) -> None:
        """A connection relayed from another server, served as a local one is."""
        try:
            await serve_connection(manager, table, socket, listener, hello_timeout, rate,
                                   spectator_timeout)
        finally:
            manager.detach(table, listener)
            await socket.close()

    async def on_table(table_id: str, what: str, body: Any) -> tuple[int, Any]:
        """Answer an HTTP call about a table run here: (status, JSON or record text)."""
        table = table_or_404(table_id)
        if table is None:
            return 404, refusal("no such table")
        try:
            if what == "info":
                return 200, table.info()
            if what == "join":
                client = str(body.pop("_client", "")) if isinstance(body, dict) else ""
                asked = parse_join(body)
                return 200, {"seat": asked.seat, "token": manager.join(table, asked.seat,
                                                                       asked.name, client)}
            if what == "cancel":
                manager.cancel(table, parse_cancel(body).token)
                return 200, {"id": table.id, "status": table.status}
            if what == "abandon":
                manager.abandon(table, manager.seat_of(table, parse_cancel(body).token))
                return 200, {"id": table.id, "status": table.status}
            if what == "record":
                return 200, manager.record(table)
        except (ProtocolError, TableError) as exc:
            return (409 if isinstance(exc, TableError) else 400), refusal(str(exc))
        return 404, refusal(f"no such call {what!r}")

    async def table_call(request: Request, what: str, body: Any = None) -> Response:
        """An HTTP call about a table, answered here or by the server that runs it."""
        table_id = request.path_params["table_id"]
        if not TABLE_ID.match(table_id):
            return _problem("no such table", 404)
        holder = cluster.elsewhere(table_id) if cluster is not None else None
        if cluster is not None and holder is not None:
            status, answer = await cluster.call(holder, table_id, what, body)
        else:
            status, answer = await on_table(table_id, what, body)
        if isinstance(answer, str):
            return PlainTextResponse(answer, headers={
                "content-disposition": f'attachment; filename="binokel-{table_id}.txt"'})
        return JSONResponse(answer, status_code=status)

    def table_or_404(table_id: str) -> Table | None:
        return manager.get(table_id) if TABLE_ID.match(table_id) else None

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", media_type="text/html; charset=utf-8")

    async def pad_worker(request: Request) -> Response:
        # The score pad's service worker, at the root: its scope may be /pad.
        return FileResponse(STATIC / "padsw.js", media_type="text/javascript",
                            headers={"cache-control": "no-cache"})

    async def table_page(request: Request) -> Response:
        # An address that cannot be a table's is not found; the page says so (app.js).
        return await (page(request) if TABLE_ID.match(request.path_params["table_id"])
                      else not_found(request, None))

    async def rules_page(request: Request) -> Response:
        return await (page(request) if request.path_params["name"] in all_rule_sets()
                      else not_found(request, None))

    async def not_found(request: Request, exc: Exception | None) -> Response:
        """A 404: the API answers JSON; a page address gets the page, which says that there
        is nothing here, in the reader's language, with a way back (decision web-14)."""
        if request.url.path.startswith("/api/"):
            return _problem("no such address", 404)
        return FileResponse(STATIC / "index.html", status_code=404,
                            media_type="text/html; charset=utf-8")

    async def meta(request: Request) -> Response:
        sets = []
        for name, kind in all_rule_sets().items():
            rules = kind.find_rules(name)
            sets.append({"name": name, "game": kind.name, "players": seat_count(kind, name),
                         "description": str(getattr(rules, "description", ""))})
        bots = {kind.name: available_bots(kind) for kind in game_kinds()}
        return JSONResponse({"rule_sets": sets, "bots": bots,
                             "version": __version__})

    async def rules_json(request: Request) -> Response:
        name = request.path_params["name"]
        kind = all_rule_sets().get(name)
        if kind is None:
            return _problem(f"unknown rule set {name!r}", 404)
        return JSONResponse(describe(kind, name))

    async def list_tables(request: Request) -> Response:
        tables = manager.lobby()
        if cluster is not None:  # and those the other servers run
            tables = sorted([*tables, *cluster.lobby()],
                            key=lambda t: -float(t.get("created", 0)))[:100]
        return JSONResponse({"tables": tables})

    def client_of(request: Request) -> str:
        return client_key(request.client.host) if request.client else ""

    async def create_table(request: Request) -> Response:
        try:
            asked = parse_new_table(await read_json(request))
            table, token, cancel_token = manager.create(
                asked.rules, asked.seats, take=asked.take, name=asked.name, title=asked.title,
                creator=client_of(request), clock=None if asked.clock else 0)
        except (ProtocolError, TableError) as exc:
            return _refusal(exc)
        return JSONResponse({"id": table.id, "seat": asked.take, "token": token,
                             "cancel_token": cancel_token, "url": f"/t/{table.id}",
                             "table": table.info()}, status_code=201)

    async def table_info(request: Request) -> Response:
        return await table_call(request, "info")

    def table_post(what: str) -> Callable[[Request], Awaitable[Response]]:
        """A POST about a table whose JSON body goes to the table (join, abandon, cancel)."""

        async def post(request: Request) -> Response:
            try:
                body = await read_json(request)
            except ProtocolError as exc:
                return _refusal(exc, 409)
            if what == "join" and isinstance(body, dict):
                # who sits down: the server says, never the body
                body = {**body, "_client": client_of(request)}
            return await table_call(request, what, body)

        return post

    async def my_tables(request: Request) -> Response:
        try:
            tokens = parse_my_tables(await read_json(request))
        except ProtocolError as exc:
            return _refusal(exc)
        return JSONResponse({"tables": manager.mine(tokens)})

    def link_base(request: Request) -> str:
        """The address players open: the public URL, else this host name on the server's own
        port (not the Host header's: a port per request would draw a code per request)."""
        if public:
            return public[0]
        port = (request.scope.get("server") or ("", 80))[1]
        name = hostname(request.headers.get("host", ""))
        name = f"[{name}]" if ":" in name else name
        scheme = request.url.scheme
        default = (scheme, port) in (("http", 80), ("https", 443))
        return f"{scheme}://{name}" + ("" if default else f":{port}")

    async def invite_qr(request: Request) -> Response:
        table_id = request.path_params["table_id"]
        if not TABLE_ID.match(table_id) or (table_id not in manager.tables
                                            and not store.has_table(table_id)):
            return _problem("no such table", 404)
        link = f"{link_base(request)}/t/{table_id}"
        async with drawing:  # one at a time, off the event loop
            svg = await asyncio.to_thread(invite_svg, link)
        return Response(svg, media_type="image/svg+xml",
                        headers={"cache-control": "private, max-age=3600"})

    async def record(request: Request) -> Response:
        return await table_call(request, "record")

    async def table_socket(websocket: WebSocket) -> None:
        await websocket.accept()
        table_id = websocket.path_params["table_id"]
        listener = SocketListener(websocket)
        table = None
        for _ in range(2):  # (another server may take the table between the two looks)
            holder = (cluster.elsewhere(table_id) if cluster is not None
                      and TABLE_ID.match(table_id) else None)
            if cluster is not None and holder is not None:
                try:
                    await relay_connection(cluster, websocket, listener, table_id, holder,
                                           rate)
                except WebSocketDisconnect:
                    pass
                finally:
                    await listener.close()
                    if websocket.application_state is not WebSocketState.DISCONNECTED:
                        with contextlib.suppress(Exception):
                            await websocket.close()
                return
            table = table_or_404(table_id)
            if table is not None or cluster is None:
                break
        if table is None:
            await websocket.send_text(error_message("There is no such table."))
            await websocket.close(code=4404)
            return
        try:
            await serve_connection(manager, table, websocket, listener, hello_timeout, rate,
                                   spectator_timeout)
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
        Route("/t/{table_id}", table_page, name="table_page"),
        Route("/rules/{name}", rules_page),
        Route("/pad-sw.js", pad_worker),
        Route("/api/meta", meta),
        Route("/api/rules/{name}", rules_json),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/mine", my_tables, methods=["POST"]),
        Route("/api/tables/{table_id}", table_info),
        *(Route(f"/api/tables/{{table_id}}/{what}", table_post(what), methods=["POST"])
          for what in ("join", "cancel", "abandon")),
        Route("/api/tables/{table_id}/record", record),
        Route("/api/tables/{table_id}/invite.svg", invite_qr),
        *pad_routes(PadManager(store), read_json),
        *club_routes(ClubManager(store), read_json, link_base, invite_svg),
        WebSocketRoute("/ws/{table_id}", table_socket),
        *review_routes(reviews, table_or_404),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    if app_dir is not None:  # the installable app (binokel app build), at a path of its own
        async def to_app(request: Request) -> Response:
            return RedirectResponse("/app/", status_code=308)

        routes[:0] = [Route("/app", to_app),
                      Mount("/app", StaticFiles(directory=app_dir, html=True), name="app")]
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={404: not_found})
    app.add_middleware(Guard, allowed=allowed or Allowed.of(),
                       sockets_per_client=sockets_per_client,
                       requests_per_second=requests_per_second)
    app.add_middleware(SecurityHeaders)  # added last, so outermost: refusals get it too
    app.state.manager = manager
    app.state.reviews = reviews
    return app


async def _sweep(manager: TableManager) -> None:
    """End tables left waiting for players, every so often."""
    every = max(1.0, min(60.0, manager.idle_seconds / 10))
    while True:
        await asyncio.sleep(every)
        manager.expire_idle()
