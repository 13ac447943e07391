"""The table without a server: the same :class:`~binokel.web.tables.TableManager` and the same
connection loop (:func:`~binokel.web.connection.serve_connection`), run in the page's Web Worker
under Pyodide (the installable app, docs/offline.md).

The page talks to a table through one protocol and two transports: over a WebSocket and HTTP to
``binokel serve``, or by ``postMessage`` to the worker, which hands each message to an
:class:`OfflineHost`.  The host answers the few HTTP calls the page makes (the rule sets, making
a table, its info, joining, abandoning, the record) with the same bodies the server sends, and
serves each "socket" with the server's own loop.  Computer players and hints decide in this
process (:class:`InlinePool`): a worker has no processes to spare.

Games live in a SQLite database in memory; :meth:`OfflineHost.snapshot` gives a table as plain
data for the page to keep (IndexedDB) and :meth:`OfflineHost.restore` puts it back after a
reload -- the seed and the actions rebuild the table, as the server's store does.

>>> import asyncio, json
>>> async def demo() -> str:
...     host = OfflineHost(bot_delay=0)
...     status, body = await host.request("POST", "/api/tables", json.dumps(
...         {"rules": "binokel", "seats": ["human", "bot:random", "bot:random"], "take": 0}))
...     await host.close()
...     return f"{status} {json.loads(body)['table']['rules']}"
>>> asyncio.run(demo())
'201 binokel'
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
import re
import time
from collections.abc import Callable
from typing import Any

from .. import __version__
from .botpool import Decision, decide
from .connection import serve_connection
from .games import all_rule_sets, describe, game_kinds, seat_count
from .hints import Hints
from .players import forget_offers, offer_only
from .protocol import (
    ProtocolError,
    parse_cancel,
    parse_join,
    parse_my_tables,
    parse_new_table,
)
from .store import Store, StoredSeat, StoredTable
from .tables import TABLE_ID, TableError, TableManager, available_bots
from .wording import refusal

log = logging.getLogger("binokel.web")

__all__ = ["OFFLINE_BOT_DELAY", "OFFLINE_EXPERT", "OFFLINE_SPECS", "InlinePool", "OfflineHost",
           "OfflineSocket"]

#: Seconds between two computer moves offline (the server's default is 0.8).
OFFLINE_BOT_DELAY = 0.5

#: The expert offline: a time budget per decision, so that its slowest decisions stay under a
#: second on a slow phone (decision web-19; scripts/bench/offline_app.py measures it).
OFFLINE_EXPERT = "expert:time=0.1,min_samples=2,plan=16"

#: The computer players the app offers offline, weakest first (the strongest gives the hints).
OFFLINE_SPECS = ("random", "heuristic:level=easy", "heuristic:level=medium",
                 "heuristic:level=hard", OFFLINE_EXPERT)


class InlinePool:
    """A :class:`~binokel.web.botpool.BotPool` that decides in this process, one decision at
    a time (the page's worker has no processes; it is the page's own thread that waits)."""

    on_busy: Callable[[bool], None] | None = None

    def __init__(self) -> None:
        self.queued = 0
        self.seconds: list[tuple[str, float]] = []
        """Each decision's player and thinking time (the bench script reads them)."""

    async def decide(self, game: str, spec: str, view: Any, *, seed: str,
                     weigh: bool = False, share: str = "") -> Decision | None:
        self.queued += 1
        try:
            await asyncio.sleep(0)  # let the messages already said go out first
            started = time.perf_counter()
            decision = decide(game, spec, view, seed, weigh)
            self.seconds.append((spec, time.perf_counter() - started))
            return decision
        except Exception:  # the table plays on, as with a server's crashed worker
            log.exception("computer player %s failed", spec)
            return None
        finally:
            self.queued -= 1

    def pause(self, paused: bool) -> None:
        pass

    def close(self) -> None:
        pass


class OfflineSocket:
    """One page connection to a table in the worker: what :func:`serve_connection` reads
    (``receive``) and how it hangs up (``close``); what it writes goes to ``post``."""

    def __init__(self, post: Callable[[str], None], closed: Callable[[int], None]) -> None:
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.post = post
        self.closed = closed
        self.gone = False

    async def receive(self) -> dict[str, Any]:
        return await self.inbox.get()

    async def close(self, code: int = 1000) -> None:
        if not self.gone:
            self.gone = True
            self.closed(code)

    def send(self, text: str) -> None:  # (it is the table's listener too)
        if self.gone:
            raise ConnectionError("this page connection is closed")
        self.post(text)


class OfflineHost:
    """Everything the page's worker runs: a table manager on a store in memory, the HTTP
    calls the page makes, and its connections."""

    def __init__(self, *, bot_delay: float = OFFLINE_BOT_DELAY) -> None:
        self.store = Store(":memory:")
        self.pool, self.hint_pool = InlinePool(), InlinePool()
        for kind in game_kinds():
            offer_only(kind, list(OFFLINE_SPECS))
        self.manager = TableManager(self.store, bot_delay=bot_delay,
                                    pool=self.pool,  # type: ignore[arg-type]
                                    quick=self.pool,  # type: ignore[arg-type]
                                    # (one person on their own device: no rate to share)
                                    hints=Hints(self.hint_pool,  # type: ignore[arg-type]
                                                per_minute=600, burst=60),
                                    turn_seconds=0, per_client=0)
        self.sockets: dict[int, tuple[OfflineSocket, asyncio.Task[None]]] = {}

    # --- the HTTP calls ------------------------------------------------------------------

    async def request(self, method: str, path: str, body: str | None = None) -> tuple[int, str]:
        """Answer one of the page's HTTP calls: (status, JSON text, or the record's text)."""
        try:
            data = json.loads(body) if body else None
        except ValueError:
            return 400, json.dumps(refusal("the body is not JSON"))
        try:
            status, answer = self._answer(method, path, data)
        except (ProtocolError, TableError) as exc:
            return (409 if isinstance(exc, TableError) else 400), json.dumps(refusal(str(exc)))
        return status, answer if isinstance(answer, str) else json.dumps(answer)

    def _answer(self, method: str, path: str, data: Any) -> tuple[int, Any]:
        manager = self.manager
        if path == "/api/meta":
            sets = []
            for name, kind in all_rule_sets().items():
                rules = kind.find_rules(name)
                sets.append({"name": name, "game": kind.name, "players": seat_count(kind, name),
                             "description": str(getattr(rules, "description", ""))})
            bots = {kind.name: available_bots(kind) for kind in game_kinds()}
            return 200, {"rule_sets": sets, "bots": bots, "version": __version__,
                         "offline": True}
        if (m := re.fullmatch(r"/api/rules/([^/]+)", path)) is not None:
            found = all_rule_sets().get(m[1])
            if found is None:
                return 404, refusal(f"unknown rule set {m[1]!r}")
            return 200, describe(found, m[1])
        if path == "/api/tables" and method == "GET":
            return 200, {"tables": []}  # nobody else is at this table offline
        if path == "/api/tables" and method == "POST":
            # (a test may name the seed, to compare with the server's table)
            seed = data.pop("seed", None) if isinstance(data, dict) else None
            asked = parse_new_table(data)
            for spec in asked.seats:
                if spec == "open":
                    raise TableError("Friends at the table need a server: offline, every "
                                     "other seat is a computer player.")
            made = manager.create(
                asked.rules, asked.seats, take=asked.take, name=asked.name, title=asked.title,
                clock=0, seed=seed if isinstance(seed, str) else None)
            return 201, {"id": made.table.id, "seat": asked.take, "token": made.token,
                         "cancel_token": made.cancel_token, "url": f"/t/{made.table.id}",
                         "table": made.table.info()}
        if re.fullmatch(r"/api/tables/[^/]+/review(\?.*)?", path):
            return 501, refusal("The review of a game needs a server: its reviewer searches "
                                "for minutes. Download the record and review it with "
                                "binokel review, or play at a server.")
        if path == "/api/tables/mine":
            return 200, {"tables": manager.mine(parse_my_tables(data))}
        m = re.fullmatch(r"/api/tables/([^/]+)(?:/(join|cancel|abandon|record))?", path)
        table = manager.get(m[1]) if m is not None and TABLE_ID.match(m[1]) else None
        if m is None or table is None:
            return 404, refusal("no such table" if m is not None else "no such address")
        what = m[2] or "info"
        if what == "info":
            return 200, table.info()
        if what == "join":
            asked_seat = parse_join(data)
            return 200, {"seat": asked_seat.seat,
                         "token": manager.join(table, asked_seat.seat, asked_seat.name)}
        if what == "cancel":
            manager.cancel(table, parse_cancel(data).token)
            return 200, {"id": table.id, "status": table.status}
        if what == "abandon":
            manager.abandon(table, manager.seat_of(table, parse_cancel(data).token))
            return 200, {"id": table.id, "status": table.status}
        return 200, manager.record(table)

    # --- connections -----------------------------------------------------------------------

    async def open(self, number: int, table_id: str, post: Callable[[str], None],
                   closed: Callable[[int], None]) -> bool:
        """A page connection ``number`` to a table; False (and closed) when there is none."""
        socket = OfflineSocket(post, closed)
        found = self.manager.get(table_id) if TABLE_ID.match(table_id) else None
        if found is None:
            socket.gone = True
            closed(4404)
            return False
        table = found

        async def serve() -> None:
            try:
                await serve_connection(self.manager, table, socket, socket, hello_timeout=3600,
                                       spectator_timeout=0)
            finally:
                self.manager.detach(table, socket)
                await socket.close()
                self.sockets.pop(number, None)

        self.sockets[number] = (socket, asyncio.get_running_loop().create_task(serve()))
        return True

    def receive(self, number: int, text: str) -> None:
        """A message the page sent on connection ``number``."""
        found = self.sockets.get(number)
        if found is not None:
            found[0].inbox.put_nowait({"type": "websocket.receive", "text": text})

    def hang_up(self, number: int) -> None:
        found = self.sockets.get(number)
        if found is not None:
            found[0].inbox.put_nowait({"type": "websocket.disconnect"})

    # --- keeping games in the browser ------------------------------------------------------

    def snapshot(self, table_id: str) -> str | None:
        """A table as JSON text, for the page to keep (None: no such table)."""
        stored = self.store.load_table(table_id)
        return None if stored is None else json.dumps(dataclasses.asdict(stored))

    def restore(self, text: str) -> str:
        """Put a kept table back (its seed and actions rebuild it); returns its id."""
        data = json.loads(text)
        seats = [StoredSeat(**seat) for seat in data.pop("seats")]
        actions = list(data.pop("actions"))
        stored = StoredTable(**data, seats=seats)
        if not self.store.has_table(stored.id):
            self.store.create_table(stored)
            for n, action in enumerate(actions):
                self.store.append_action(stored.id, n, -1, action)
        return stored.id

    def timings(self) -> str:
        """The thinking times so far, as JSON: ``moves`` (computer players) and ``hints``,
        each a list of [player, seconds]."""
        return json.dumps({"moves": self.pool.seconds, "hints": self.hint_pool.seconds})

    async def close(self) -> None:
        for socket, task in list(self.sockets.values()):
            socket.inbox.put_nowait({"type": "websocket.disconnect"})
            await asyncio.gather(task, return_exceptions=True)
        await self.manager.close()
        self.store.close()
        forget_offers()  # the app's choice of players ends with its host

