"""``binokel serve``: play in the browser with friends and computer players."""

from __future__ import annotations

import argparse
from pathlib import Path

from .common import fail


def default_db() -> Path:
    """The database in the user's data folder (e.g. ``~/.local/share/binokel/web.sqlite3``)."""
    from platformdirs import user_data_path

    return user_data_path("binokel", appauthor=False) / "web.sqlite3"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "serve", help="run the web server: a lobby, tables, computer players",
        description="Serve Binokel (and Binocle) tables to browsers. Games are stored in SQLite; "
                    "a restarted server resumes every table where it stood.")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1; 0.0.0.0 for your network)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--db", type=Path, default=None, metavar="FILE",
                        help="SQLite database file (default: in your user data folder)")
    parser.add_argument("--bot-delay", type=float, default=0.8, metavar="SECONDS",
                        help="pause before each computer move, for people to follow "
                             "(default 0.8; 0 for none)")
    parser.add_argument("--max-tables-per-client", type=int, default=20, metavar="N",
                        help="tables in play one client address may open (default 20; 0: no "
                             "cap; behind a proxy every browser has the proxy's address)")
    parser.add_argument("--log-level", default="info",
                        choices=["critical", "error", "warning", "info", "debug"])
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from ..web.app import create_app
        from ..web.store import Store
    except ImportError as exc:
        return fail(f"the web server needs its packages ({exc.name}): pip install 'binokel[web]' "
                    "or pip install starlette 'uvicorn[standard]' platformdirs")
    if not 0 <= args.port <= 65535:
        return fail("--port must be 0 to 65535")
    if args.bot_delay < 0:
        return fail("--bot-delay must not be negative")
    if args.max_tables_per_client < 0:
        return fail("--max-tables-per-client must not be negative")
    db = args.db if args.db is not None else default_db()
    try:
        store = Store(db)
    except Exception as exc:
        return fail(f"cannot open the database {db}: {exc}")
    app = create_app(store, bot_delay=args.bot_delay, per_client=args.max_tables_per_client)
    print(f"binokel: serving on http://{args.host}:{args.port}/  (database {db})", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level,
                ws_max_size=64 * 1024, lifespan="on",
                # A state message is a few KB; compressing each one costs more CPU per move
                # than the whole game engine does.
                ws_per_message_deflate=False)
    store.close()
    return 0
