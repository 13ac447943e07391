"""The review page of a finished game: ``binokel review`` for the web (docs/web.md).

``GET /api/tables/{id}/review?seat=N`` answers with the same JSON as ``binokel review --seat N
--json`` (:func:`binokel.review.game.review_json`).  A review takes seconds, so it runs in a process
of its own (spawned per review, at a lower priority, at most :data:`MAX_RUNNING` at once),
never on the event loop: the first request starts it and is answered ``202`` with the progress
(decisions reviewed of all), the page asks again until the answer is ``200`` with the review.
Finished reviews are kept in the store (table ``reviews``), so each is computed once.

Only finished games are reviewed; then every card is public (the record can be downloaded),
so any seat's review is open to anybody who can see the table.

>>> review_players([Seat(kind="human", name="Anna"), Seat(kind="bot", bot="expert")])
['Anna', 'expert']
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import multiprocessing
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route

from .store import TableStore
from .tables import Seat, Table
from .wording import refusal

log = logging.getLogger("binokel.web")
STATIC = Path(__file__).parent / "static"

#: The reviewer unless ``binokel serve --review-bot`` names another (the default of
#: :data:`binokel.review.game.DEFAULT_BOT`; the review code is imported only in a review's process).
DEFAULT_REVIEWER = "expert"
#: Reviews computed at once (each in its own process); more wait their turn.
MAX_RUNNING = 1
#: Reviews running or waiting before the server answers 503 (try again later).
MAX_PENDING = 4
#: Seconds a review may take before its process is stopped.
REVIEW_TIMEOUT = 600.0
#: How much lower a review's priority is than the server's (see ``os.nice``).
REVIEW_NICENESS = 5


def review_players(seats: Sequence[Seat]) -> list[str]:
    """The names a review shows for the seats: a person's name, a computer player's spec."""
    return [s.name or (s.bot or s.kind if s.kind == "bot" else s.kind) for s in seats]


def _work(connection: Connection, rules: str, seed: str, actions: list[str], seat: int,
          players: list[str], bot: str) -> None:
    """In the review's process: replay the game, review the seat, send progress and the JSON."""
    with contextlib.suppress(OSError):
        os.nice(REVIEW_NICENESS)
    try:
        from ..review.game import review_game, review_json
        from .games import game_for_rules, replay

        state: Any = replay(game_for_rules(rules), rules, seed, actions)

        def progress(done: int, total: int) -> None:
            connection.send(("progress", done, total))

        review = review_game(state, seats=(seat,), bot=bot, progress=progress)
        data = review_json(review, players, complete=bool(state.is_over))
        connection.send(("done", json.dumps(data, ensure_ascii=False)))
    except Exception as exc:  # the server tells the page and logs it
        connection.send(("error", f"{type(exc).__name__}: {exc}"))
    finally:
        connection.close()


@dataclass
class Job:
    """A review being computed: how far it got, or why it failed."""

    done: int = 0
    total: int = 0
    error: str | None = None
    task: asyncio.Task[None] | None = field(default=None, repr=False)


class ReviewError(ValueError):
    """A review request refused: ``status`` is the HTTP status, the message the reason."""

    def __init__(self, reason: str, status: int) -> None:
        super().__init__(reason)
        self.status = status


def seat_number(text: str | None) -> int | None:
    """The seat a review request names (``0`` when none is named), or None when ``text`` is
    not a seat number; whether the game has that seat is the table's to say.  :meth:`Reviews.known`
    and :meth:`Reviews.seat_of` both read it so, so a request ``known`` passed over is one
    whose seat it could not read."""
    if text is None or text == "":
        return 0
    if not text.isdigit() or len(text) > 3:
        return None
    return int(text)


class Reviews:
    """Reviews of finished tables: cached in ``store``, computed by ``bot`` in processes."""

    def __init__(self, store: TableStore, *, bot: str = DEFAULT_REVIEWER,
                 max_pending: int = MAX_PENDING,
                 timeout: float = REVIEW_TIMEOUT, work: Callable[..., None] = _work) -> None:
        self.store = store
        self.bot = bot
        self.max_pending = max_pending
        self.timeout = timeout
        self.work = work
        self.jobs: dict[tuple[str, int], Job] = {}
        self._slots: asyncio.Semaphore | None = None

    @staticmethod
    def seat_of(table: Table, text: str | None) -> int:
        """The seat asked for (``0`` if none); a :class:`ReviewError` says what is wrong."""
        seats = len(table.seats)
        seat = seat_number(text)
        if seat is None:
            raise ReviewError(f"seat must be a seat number, 0 to {seats - 1}, "
                              f"not {(text or '')[:20]!r}", 400)
        if seat >= seats:
            raise ReviewError(f"seat {seat}: this game has seats 0 to {seats - 1}", 400)
        return seat

    def known(self, table_id: str, seat_text: str | None) -> tuple[int, dict[str, Any]] | None:
        """The answer for a review kept or running, if it is one (else ``None``)."""
        seat = seat_number(seat_text)
        if seat is None:
            return None
        job = self.jobs.get((table_id, seat))
        if job is not None and job.error is None:
            return 202, {"status": "running", "seat": seat, "done": job.done,
                         "total": job.total}
        kept = self.store.load_review(table_id, seat, self.bot)
        if kept is not None:
            return 200, {"status": "done", "seat": seat, "review": json.loads(kept)}
        return None

    def answer(self, table: Table, seat_text: str | None, *, looked: bool = False
               ) -> tuple[int, dict[str, Any]]:
        """The HTTP status and body for a review request: 200 with the review, 202 with the
        progress of one being computed (started by this request if need be).  ``looked``:
        :meth:`known` has just found no kept review for it (the store is not asked again)."""
        if table.status != "finished" or not table.state.is_over:
            raise ReviewError(f"A review is for a finished game; this one is {table.status}.",
                              409)
        seat = self.seat_of(table, seat_text)
        key = (table.id, seat)
        kept = None if looked else self.store.load_review(table.id, seat, self.bot)
        if kept is not None:
            return 200, {"status": "done", "seat": seat, "review": json.loads(kept)}
        job = self.jobs.get(key)
        if job is not None and job.error is not None:
            del self.jobs[key]  # told once; the next request tries again
            raise ReviewError(f"The review failed: {job.error}", 500)
        if job is None:
            pending = sum(1 for j in self.jobs.values() if j.error is None)
            if pending >= self.max_pending:
                raise ReviewError(f"The server is reviewing {pending} games already; "
                                  "try again in a minute.", 503)
            job = self.jobs[key] = Job()
            job.task = asyncio.get_running_loop().create_task(self._run(table, seat, job))
        return 202, {"status": "running", "seat": seat, "done": job.done, "total": job.total}

    async def _run(self, table: Table, seat: int, job: Job) -> None:
        if self._slots is None:
            self._slots = asyncio.Semaphore(MAX_RUNNING)
        key = (table.id, seat)
        async with self._slots:
            context = multiprocessing.get_context("spawn")  # a fork would copy the server
            mine, theirs = context.Pipe(duplex=False)
            process = context.Process(
                target=self.work, daemon=True, name="binokel-review",
                args=(theirs, table.rules, table.seed, list(table.actions), seat,
                      review_players(table.seats), self.bot))
            process.start()
            theirs.close()
            try:
                async with asyncio.timeout(self.timeout):
                    while True:
                        try:
                            # A thread waits on the pipe: the event loop is never blocked, and
                            # the pipe stays blocking (an event loop's reader may make it not,
                            # and a long message would then arrive in pieces).
                            message = await asyncio.to_thread(mine.recv)
                        except (EOFError, OSError):
                            await asyncio.to_thread(process.join, 5)
                            raise RuntimeError("the review's process stopped (exit code "
                                               f"{process.exitcode})") from None
                        if message[0] == "progress":
                            job.done, job.total = message[1], message[2]
                            continue
                        if message[0] == "error":
                            raise RuntimeError(message[1])
                        self.store.save_review(table.id, seat, self.bot, message[1])
                        self.jobs.pop(key, None)
                        return
            except (TimeoutError, RuntimeError) as exc:
                job.error = str(exc) or f"it took more than {self.timeout:g} s"
                log.error("review of table %s seat %d failed: %s", table.id, seat, job.error)
            finally:
                mine.close()
                if process.is_alive():
                    process.kill()
                await asyncio.to_thread(process.join, 5)

    async def close(self) -> None:
        """Stop the reviews still running (their processes are killed)."""
        tasks = [job.task for job in self.jobs.values() if job.task is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.jobs.clear()


def review_routes(reviews: Reviews, find: Callable[[str], Table | None]) -> list[Route]:
    """The review page and its API, for the app's routes."""

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", media_type="text/html; charset=utf-8")

    async def review(request: Request) -> Response:
        table_id = request.path_params["table_id"]
        seat_text = request.query_params.get("seat")
        try:
            # A page asks twice a second while a review runs: answered without replaying the
            # game (a review running or kept was asked for with a good table and seat).
            known = reviews.known(table_id, seat_text)
            if known is not None:
                return JSONResponse(known[1], status_code=known[0])
            table = find(table_id)
            if table is None:
                return JSONResponse(refusal("no such table"), status_code=404)
            status, body = reviews.answer(table, seat_text, looked=True)
        except ReviewError as exc:
            return JSONResponse(refusal(str(exc)), status_code=exc.status)
        return JSONResponse(body, status_code=status)

    return [Route("/t/{table_id}/review", page),
            Route("/api/tables/{table_id}/review", review, methods=["GET"])]
