"""``binokel serve``: play in the browser with friends and computer players."""

from __future__ import annotations

import argparse
import math
from pathlib import Path
from typing import Any

from .common import fail


def default_db() -> Path:
    """The database in the user's data folder (e.g. ``~/.local/share/binokel/web.sqlite3``)."""
    from platformdirs import user_data_path

    return user_data_path("binokel", appauthor=False) / "web.sqlite3"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "serve", help="run the web server: a lobby, tables, computer players",
        description="Serve Binokel, Binocle and Bézique tables to browsers. Games are stored "
                    "in SQLite "
                    "(or PostgreSQL, shared by several servers); a restarted server resumes "
                    "every table where it stood.")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1; 0.0.0.0 for your network)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--db", default=None, metavar="FILE|URL",
                        help="SQLite database file (default: in your user data folder), or a "
                             "postgresql://user@host/dbname address: several servers on one "
                             "PostgreSQL share its tables (docs/deploy.md)")
    parser.add_argument("--lease-seconds", type=float, default=10.0, metavar="SECONDS",
                        help="on PostgreSQL: a table whose server stops renewing its lease for "
                             "this long is taken over by another server (default 10)")
    parser.add_argument("--app", default=None, metavar="DIR",
                        help="offer the installable app built by `binokel app build DIR` at "
                             "/app/ (it plays the computer in the browser, offline too)")
    parser.add_argument("--bot-delay", type=float, default=0.8, metavar="SECONDS",
                        help="pause before each computer move, for people to follow "
                             "(default 0.8; 0 for none)")
    parser.add_argument("--max-tables-per-client", type=int, default=20, metavar="N",
                        help="tables in play one client address may open and still end "
                             "(default 20; 0: no cap)")
    parser.add_argument("--public-url", action="append", default=[], metavar="URL",
                        help="the address players open, e.g. https://cards.example behind a "
                             "reverse proxy: its host and origin are allowed (repeatable)")
    parser.add_argument("--trusted-proxy", action="append", default=[], metavar="IP",
                        help="a reverse proxy whose X-Forwarded-For/-Proto headers name the "
                             "real client (repeatable; default: none, the headers are ignored)")
    parser.add_argument("--allowed-host", action="append", default=[], metavar="NAME",
                        help="another host name the server answers to (repeatable; loopback "
                             "names and the bound address always are)")
    parser.add_argument("--table-idle-minutes", type=float, default=30.0, metavar="MIN",
                        help="a table nobody is connected to ends after this long without a "
                             "move (default 30)")
    parser.add_argument("--bots-idle-minutes", type=float, default=10.0, metavar="MIN",
                        help="the same for one person's table against computers only "
                             "(default 10)")
    parser.add_argument("--max-tables", type=int, default=5000, metavar="N",
                        help="tables in play at once; beyond it the longest idle table ends "
                             "before anyone is refused (default 5000)")
    parser.add_argument("--turn-seconds", type=float, default=180.0, metavar="SECONDS",
                        help="a person who does not act within this at a table with other "
                             "people is replaced by a computer player (default 180; 0: no "
                             "clock)")
    parser.add_argument("--spectator-timeout", type=float, default=90.0, metavar="SECONDS",
                        help="a spectator's connection that sends nothing (the page pings) "
                             "for this long is closed (default 90; 0: never)")
    parser.add_argument("--max-connections-per-second", type=float, default=20.0, metavar="R",
                        help="new connections one client network may open a second on "
                             "average, in bursts of 100 (default 20; 0: no limit); more are "
                             "closed at once")
    parser.add_argument("--header-timeout", type=float, default=10.0, metavar="SECONDS",
                        help="a connection that has not sent its request headers by then is "
                             "closed (default 10)")
    parser.add_argument("--max-sockets-per-client", type=int, default=32, metavar="N",
                        help="WebSockets one client address may hold at once (default 32; 0: "
                             "no cap)")
    parser.add_argument("--max-requests-per-second", type=float, default=20.0, metavar="R",
                        help="API requests one client network may send a second on average, "
                             "in bursts of 100 (default 20; 0: no limit); more get 429")
    parser.add_argument("--max-messages-per-second", type=float, default=10.0, metavar="R",
                        help="messages one WebSocket may send a second on average (default "
                             "10; 0: no limit); faster ones are refused with an error event")
    parser.add_argument("--max-message-burst", type=int, default=30, metavar="B",
                        help="messages one WebSocket may send at once before the average "
                             "applies (default 30; 0: no limit)")
    parser.add_argument("--hello-timeout", type=float, default=10.0, metavar="SECONDS",
                        help="a WebSocket that has not said hello by then is closed "
                             "(default 10)")
    parser.add_argument("--bot-workers", type=int, default=None, metavar="N",
                        help="processes in which computer players think (default: cores - 1, "
                             "at least 1, at most 4)")
    parser.add_argument("--bot-timeout", type=float, default=60.0, metavar="SECONDS",
                        help="a computer player thinking longer has its process replaced and "
                             "plays a random move (default 60)")
    parser.add_argument("--review-bot", default="expert", metavar="SPEC",
                        help="who reviews finished games on their review page, and its budget "
                             "(default: expert; e.g. expert:samples=32,plan=128)")
    parser.add_argument("--log-level", default="info",
                        choices=["critical", "error", "warning", "info", "debug"])
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from ..web.app import create_app
        from ..web.backends import is_postgres, redact
        from ..web.botpool import DEFAULT_WORKERS, BotPool
        from ..web.collector import Collector
        from ..web.connection import Rate
        from ..web.guard import Allowed
        from ..web.hints import Hints
        from ..web.store import Store, TableStore
    except ImportError as exc:
        return fail(f"the web server needs its packages ({exc.name}): pip install 'binokel[web]' "
                    "or pip install starlette 'uvicorn[standard]' platformdirs")
    if not 0 <= args.port <= 65535:
        return fail("--port must be 0 to 65535")
    bad = _bad_number(args)
    if bad:
        return fail(bad)
    if args.review_bot != "expert":  # the default needs no check (nor the search's import)
        try:
            from ..review.game import check_reviewer

            check_reviewer(args.review_bot)
        except ValueError as exc:
            return fail(f"--review-bot: {exc}")
    try:
        allowed = Allowed.of(bound=args.host, public_urls=args.public_url,
                             hosts=args.allowed_host)
    except ValueError as exc:
        return fail(f"--public-url: {exc}")
    app_dir = None if args.app is None else Path(args.app)
    if app_dir is not None and not (app_dir / "sw.js").is_file():
        return fail(f"--app: {app_dir} holds no built app (binokel app build {app_dir})")
    db = args.db if args.db is not None else str(default_db())
    cluster = None
    try:
        if is_postgres(db):
            try:
                from ..web.cluster import Cluster
                from ..web.store_pg import PostgresStore
            except ImportError as exc:
                return fail(f"PostgreSQL needs psycopg ({exc.name}): pip install "
                            "'binokel[postgres]'")
            pg = PostgresStore(db, lease_seconds=args.lease_seconds)
            cluster = Cluster(pg, lease_seconds=args.lease_seconds)
            store: TableStore = pg
            db = redact(db)
        else:
            store = Store(Path(db))
    except Exception as exc:
        shown = redact(db) if is_postgres(db) else db
        return fail(f"cannot open the database {shown}: {exc}")
    pool = BotPool(workers=args.bot_workers or DEFAULT_WORKERS, timeout=args.bot_timeout)
    quick = BotPool(workers=1, timeout=args.bot_timeout)  # the players that do not search
    # The hints' worker, too, is started now: started by the first hint, its spawn held the
    # event loop up to 140 ms at 1,000 tables (decision web-20).
    hints = Hints()
    app = create_app(store, bot_delay=args.bot_delay, per_client=args.max_tables_per_client,
                     allowed=allowed, sockets_per_client=args.max_sockets_per_client,
                     requests_per_second=args.max_requests_per_second,
                     hello_timeout=args.hello_timeout, idle_minutes=args.table_idle_minutes,
                     bots_idle_minutes=args.bots_idle_minutes, max_tables=args.max_tables,
                     turn_seconds=args.turn_seconds, spectator_timeout=args.spectator_timeout,
                     rate=Rate(args.max_messages_per_second, args.max_message_burst),
                     pool=pool, cluster=cluster, review_bot=args.review_bot, quick=quick,
                     hints=hints, app_dir=app_dir)
    pool.start()
    quick.start()
    hints.pool.start()
    shown = f"database {db}" + ("" if cluster is None else f", server {cluster.me}")
    print(f"binokel: serving on http://{args.host}:{args.port}/  ({shown})", flush=True)
    _log_like_uvicorn(args.log_level)
    ws, loop = _fastest_protocols(uvicorn)
    # No pause of the garbage collector's through the whole heap every few seconds
    # (binokel.web.collector, decision web-20).
    Collector().install()
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level,
                ws_max_size=64 * 1024, lifespan="on", server_header=False,
                http=_http_protocol(args.header_timeout, args.max_connections_per_second),
                # Only a proxy named with --trusted-proxy tells the client's address (which
                # the per-address caps count) and the scheme the browser used; without one,
                # any local process could choose its address with X-Forwarded-For.
                proxy_headers=bool(args.trusted_proxy),
                forwarded_allow_ips=",".join(args.trusted_proxy) or None,
                # A state message is a few KB; compressing each one costs more CPU per move
                # than the whole game engine does.
                ws_per_message_deflate=False, ws=ws, loop=loop)
    store.close()
    return 0


#: Each number flag and the numbers it takes, in the order they are checked: ``not
#: negative``, ``from 0 up`` (finite and not negative, with what 0 means), ``positive``, ``at
#: least 1`` (a flag left unset, None, is not checked).
BOUNDS: tuple[tuple[str, str, str], ...] = (
    ("--bot-delay", "not negative", ""),
    ("--max-tables-per-client", "not negative", ""),
    ("--max-sockets-per-client", "not negative", ""),
    ("--max-messages-per-second", "from 0 up", "no limit"),
    ("--max-requests-per-second", "from 0 up", "no limit"),
    ("--max-message-burst", "not negative", "no limit"),
    ("--table-idle-minutes", "positive", ""),
    ("--bots-idle-minutes", "positive", ""),
    ("--max-tables", "at least 1", ""),
    ("--turn-seconds", "from 0 up", "no clock"),
    ("--spectator-timeout", "from 0 up", "never"),
    ("--max-connections-per-second", "from 0 up", "no limit"),
    ("--header-timeout", "positive", ""),
    ("--hello-timeout", "positive", ""),
    ("--bot-workers", "at least 1", ""),
    ("--bot-timeout", "positive", ""),
    ("--lease-seconds", "positive", ""),
)


def _bad_number(args: argparse.Namespace) -> str | None:
    """What is wrong with the first number flag out of its :data:`BOUNDS`, if any."""
    for flag, bound, zero in BOUNDS:
        value = getattr(args, flag[2:].replace("-", "_"))
        if value is None:
            continue
        note = f" (0: {zero})" if zero else ""
        if bound == "not negative" and not value >= 0:
            return f"{flag} must not be negative{note}"
        if bound == "from 0 up" and not (math.isfinite(value) and value >= 0):
            return f"{flag} must be a number from 0 up{note}"
        if bound == "positive" and not value > 0:
            return f"{flag} must be positive"
        if bound == "at least 1" and not value >= 1:
            return f"{flag} must be at least 1"
    return None


def _http_protocol(header_timeout: float, per_second: float) -> Any:
    """uvicorn's fastest HTTP protocol here, closing connections whose headers are slow or
    that one network opens too fast (:mod:`binokel.web.slowheaders`)."""
    from ..web.slowheaders import guarded

    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

        return guarded(HttpToolsProtocol, header_timeout=header_timeout, per_second=per_second)
    except ImportError:
        from uvicorn.protocols.http.h11_impl import H11Protocol

        return guarded(H11Protocol, header_timeout=header_timeout, per_second=per_second)


def _log_like_uvicorn(level: str) -> None:
    """The server's own lines (a table that expired, the garbage collector's probe) at the
    level of ``--log-level``, shown as uvicorn shows its own (without this, Python shows
    warnings only, and without a level)."""
    import logging

    from uvicorn.logging import DefaultFormatter

    handler = logging.StreamHandler()
    handler.setFormatter(DefaultFormatter("%(levelprefix)s %(message)s"))
    logger = logging.getLogger("binokel")
    logger.handlers[:] = [handler]
    logger.setLevel(level.upper())
    logger.propagate = False


def _fastest_protocols(uvicorn: Any) -> tuple[str, str]:
    """uvicorn's WebSocket implementation and event loop that cost the server least CPU per
    move (docs/web.md; one or two runs each at load 20): the sans-I/O websockets one (0.87 ms
    a move against 0.95 for wsproto and 1.24 for websockets' older one) and uvloop (0.73
    against 0.97 for asyncio's), each where this uvicorn has it (older ones chose otherwise)."""
    ws = ("websockets-sansio" if "websockets-sansio" in getattr(uvicorn.config, "WS_PROTOCOLS",
                                                                  {}) else "auto")
    try:
        import uvloop  # noqa: F401
    except ImportError:
        return ws, "auto"
    return ws, "uvloop"
