"""Computer players think in worker processes, never on the server's event loop.

A :class:`BotPool` sends a seat's view (and nothing more) to one of ``workers`` processes,
which answers with an action.  The workers run at a lower priority than the server, so a
table of experts thinking hard slows other tables' moves as little as the machine allows.  A
worker that crashes, or that thinks longer than ``timeout`` seconds, is killed and replaced;
the caller gets ``None`` and plays on without it.  Workers are forked from a fork server that
imported the players (:func:`worker_context`), so a replacement is ready in milliseconds.

The server process keeps no thread for this: each worker's end of its pipe is watched by the
event loop itself (``add_reader``).  A pool library's manager threads (pebble's, tried first)
wake every tenth of a second and contend for the interpreter lock, which tripled the median
move latency at 200 tables (docs/web.md).

>>> import asyncio, random
>>> from binokel import new_game
>>> async def demo() -> bool:
...     pool = BotPool(workers=1, timeout=30)
...     view = new_game(seed=1).view(new_game(seed=1).to_move)
...     decision = await pool.decide("binokel", "random", view, seed="s")
...     pool.close()
...     return decision is not None and decision.action in view.legal_actions
>>> asyncio.run(demo())
True
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import random
import signal
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # (no fork server on Windows: the class is not there)
    from multiprocessing.context import ForkServerContext, SpawnContext

log = logging.getLogger("binokel.web")

#: Worker processes deciding for computer players, unless told otherwise.
DEFAULT_WORKERS = max(1, min(4, (os.cpu_count() or 2) - 1))
#: Seconds a computer player may think before its worker is replaced.
DEFAULT_TIMEOUT = 60.0
#: How long a new worker may take to start (import the players) before it counts as lost; not
#: part of any decision's ``timeout`` (a loaded machine starts processes slowly).
STARTUP_TIMEOUT = 120.0
#: How much lower the workers' priority is than the server's (see ``os.nice``).
WORKER_NICENESS = 5
#: Computer players that answer in milliseconds (they do not search).  They decide in a worker
#: of their own, so that their moves never wait behind a searching player's (see
#: :func:`searches`; issue 46).
QUICK_PLAYERS = ("random", "heuristic")


def searches(spec: str) -> bool:
    """Whether a computer player may think for seconds a move: the expert and external
    programs, not the players of :data:`QUICK_PLAYERS`.

    >>> searches("expert:samples=32"), searches("heuristic:level=hard"), searches("random")
    (True, False, False)
    """
    return spec.split(":", 1)[0].strip() not in QUICK_PLAYERS


@dataclass(frozen=True, slots=True)
class Decision:
    action: Any
    values: list[tuple[Any, float, int]] | None
    """Each move the player weighed, with its expected result, when it searched (hints)."""


_BOTS: dict[tuple[str, str], Any] = {}


def decide(game: str, spec: str, view: Any, seed: str, weigh: bool) -> Decision:
    """In a worker: the named computer player's choice for a view (players are kept per
    worker, by game and name, and serve every table). A player may remember views between
    moves — the expert keeps its previous Binocle view per hand of each game, for the
    opponent's melds — so a table's move depends on that table's earlier moves this worker
    decided (or not), never on another table's."""
    from .games import game_kinds
    from .players import make_bot

    bot = _BOTS.get((game, spec))
    if bot is None:
        kind = next(k for k in game_kinds() if k.name == game)
        bot = _BOTS[(game, spec)] = make_bot(spec, kind)
    rng = random.Random(seed)
    action = bot.choose(view, rng)
    values = None
    if weigh:
        last_values = getattr(bot, "last_values", None)
        values = last_values(view) if callable(last_values) else None
    return Decision(action=action, values=values)


def _lower_priority(niceness: int = WORKER_NICENESS) -> None:
    with contextlib.suppress(OSError):
        os.nice(niceness)


def _warm_up() -> None:
    """Import what decisions need (the players and their search), once per worker."""
    import importlib

    for name in ("binokel.web.players", "binokel.bots", "binokel.search"):
        with contextlib.suppress(ImportError):
            importlib.import_module(name)


Decide = Callable[[str, str, Any, str, bool], Decision]

#: What a fork server imports once, so that each worker forked from it starts with the
#: players loaded (see :func:`worker_context`).
PRELOAD = ("binokel.web.botpool", "binokel.web.players", "binokel.bots", "binokel.search")


def worker_context() -> ForkServerContext | SpawnContext:
    """How workers are started: forked from a *fork server* where the system has one (a
    process of its own, started once, that imported the players), else spawned.  Never forked
    from the server itself, which would copy its threads' locks.  A spawned worker starts
    Python and imports the players anew: over 200 ms of CPU at the server's priority before it can
    lower its own, on the server's core if the server is pinned to one.  A worker forked from
    the fork server is ready in milliseconds, so replacing one (a table left while its player
    thought, a crash, an overrun) costs the server almost nothing (decision web-21)."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context: ForkServerContext = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(list(PRELOAD))  # (no effect once the fork server runs)
    return context


def _serve(connection: Connection, function: Decide, niceness: int = WORKER_NICENESS) -> None:
    """A worker's life: lower its priority, import the players, then answer jobs until the
    server closes the pipe."""
    _lower_priority(niceness)
    _warm_up()
    try:
        connection.send("ready")
    except OSError:  # the server let go of this worker while it started (or is stopping)
        return
    while True:
        try:
            job = connection.recv()
        except (EOFError, OSError):
            return
        try:
            reply: tuple[str, Any] = ("ok", function(*job))
        except Exception as exc:  # the server logs it and plays on
            reply = ("error", f"{type(exc).__name__}: {exc}")
        connection.send(reply)


async def _readable(connection: Connection) -> None:
    """Wait, on the event loop and without a thread, until a pipe has something to read."""
    loop = asyncio.get_running_loop()
    ready: asyncio.Future[None] = loop.create_future()
    fd = connection.fileno()

    def wake() -> None:
        if not ready.done():
            ready.set_result(None)

    loop.add_reader(fd, wake)
    try:
        await ready
    finally:
        loop.remove_reader(fd)


@dataclass(eq=False)
class _Worker:
    process: BaseProcess
    connection: Connection
    ready: bool = False
    """Whether it has said "ready" (imported the players): its start-up is not thinking time."""


def _signal(process: BaseProcess, name: str) -> None:
    number = getattr(signal, name, None)
    if number is not None and process.pid is not None:
        with contextlib.suppress(OSError):
            os.kill(process.pid, number)


class WorkerLost(RuntimeError):
    """A worker process died, or was killed for overrunning its time."""


class BotPool:
    """Worker processes for computer players; started on first use (or by :meth:`start`)."""

    def __init__(self, *, workers: int = DEFAULT_WORKERS, timeout: float = DEFAULT_TIMEOUT,
                 function: Decide = decide, niceness: int = WORKER_NICENESS,
                 context: ForkServerContext | SpawnContext | None = None) -> None:
        if workers < 1:
            raise ValueError(f"a bot pool needs at least one worker, not {workers}")
        if timeout <= 0:
            raise ValueError(f"the bot timeout must be positive, not {timeout}")
        self.workers = workers
        self.timeout = timeout
        self.function = function
        self.niceness = niceness
        """How much lower the workers' priority is than the server's (hints: lower still)."""
        self.on_busy: Callable[[bool], None] | None = None
        """Told True when a decision starts thinking while none was, False when the last one
        ends: the hint pool pauses meanwhile (:meth:`pause`)."""
        self._thinking = 0
        self._paused = False
        self.failures = 0
        """Decisions lost to a crashed or stuck worker."""
        self._context = context or worker_context()
        """How workers are started (:func:`worker_context` unless told otherwise)."""
        self._idle: list[_Worker] = []
        self._all: list[_Worker] = []
        self._waiting: dict[str, deque[asyncio.Future[_Worker]]] = {}
        """Decisions waiting for a worker, by share (who asks: a table's maker), served in
        turn: one share with many tables waiting gets a worker as often as another with one."""

    def _spawn(self) -> _Worker:
        mine, theirs = self._context.Pipe()
        process = self._context.Process(target=_serve,
                                        args=(theirs, self.function, self.niceness),
                                        daemon=True, name="binokel-bot")
        process.start()
        theirs.close()
        worker = _Worker(process=process, connection=mine)
        if self._paused:
            _signal(process, "SIGSTOP")
        self._all.append(worker)
        return worker

    def start(self) -> None:
        """Start the workers now, and wait until they are up, rather than at the first
        decision (a spawned worker takes a second or so to import the players)."""
        while len(self._all) < self.workers:
            self._idle.append(self._spawn())
        for worker in list(self._idle):
            with contextlib.suppress(EOFError, OSError):
                if worker.connection.poll(STARTUP_TIMEOUT) and worker.connection.recv() == "ready":
                    worker.ready = True
                    continue
            self._idle.append(self._replace(worker))  # not ready yet: decide() waits for it

    def pause(self, paused: bool) -> None:
        """Stop every worker where it is (SIGSTOP), or let them go on (SIGCONT): hints yield
        the CPU to the computer players this way, whatever the machine's scheduler makes of
        two low priorities.  (Where the system has no such signals, nothing happens.)"""
        if paused == self._paused:
            return
        self._paused = paused
        for worker in self._all:
            _signal(worker.process, "SIGSTOP" if paused else "SIGCONT")

    @property
    def paused(self) -> bool:
        return self._paused

    def _busy(self, step: int) -> None:
        before = self._thinking
        self._thinking += step
        if self.on_busy is not None and (before == 0) != (self._thinking == 0):
            self.on_busy(self._thinking > 0)

    @property
    def queued(self) -> int:
        """Decisions waiting for a worker."""
        return sum(not w.done() for queue in self._waiting.values() for w in queue)

    async def _acquire(self, share: str = "") -> _Worker:
        if len(self._all) < self.workers:
            return self._spawn()
        if self._idle:
            return self._idle.pop()
        waiter: asyncio.Future[_Worker] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(share, deque()).append(waiter)
        try:
            return await waiter
        except asyncio.CancelledError:
            # Handed a worker just as its caller was cancelled (a table left): pass it on,
            # or the pool would be a worker short for good.
            if waiter.done() and not waiter.cancelled():
                self._release(waiter.result())
            raise

    def _release(self, worker: _Worker) -> None:
        """Hand the worker to the share whose turn it is (round robin), or keep it idle."""
        while self._waiting:
            share = next(iter(self._waiting))
            queue = self._waiting.pop(share)
            while queue:
                waiter = queue.popleft()
                if not waiter.done():
                    if queue:
                        self._waiting[share] = queue  # its next decision: back of the line
                    waiter.set_result(worker)
                    return
        self._idle.append(worker)

    def _replace(self, worker: _Worker) -> _Worker:
        """Kill a worker (crashed, stuck or lost mid-job) and start another in its place.

        The killed worker is not waited for: the event loop would wait as long as the machine
        takes to let it exit (2-5 ms on an idle CPU; 27-31 ms at its low priority beside a
        busy process, and up to the second the wait allowed).  Whoever started it reaps it:
        the fork server, or (spawned) ``multiprocessing`` when the next process starts."""
        with contextlib.suppress(Exception):
            worker.connection.close()
        worker.process.kill()
        if worker in self._all:
            self._all.remove(worker)
        if worker in self._idle:
            self._idle.remove(worker)
        return self._spawn()

    async def _reply(self, worker: _Worker) -> Any:
        """The worker's answer to the job it was sent, read when the event loop sees its pipe
        readable (its "ready" was read before the job was sent: :meth:`start`, :meth:`_started`)."""
        await _readable(worker.connection)
        try:
            return worker.connection.recv()
        except (EOFError, OSError):
            raise WorkerLost(f"worker {worker.process.pid} died") from None

    async def _started(self, worker: _Worker) -> None:
        """Wait for a new worker's "ready"."""
        await _readable(worker.connection)
        try:
            message = worker.connection.recv()
        except (EOFError, OSError):
            raise WorkerLost(f"worker {worker.process.pid} died starting") from None
        if message != "ready":
            raise WorkerLost(f"worker {worker.process.pid} said {message!r} before ready")
        worker.ready = True

    async def decide(self, game: str, spec: str, view: Any, *, seed: str,
                     weigh: bool = False, share: str = "") -> Decision | None:
        """The player's decision, or None if its worker crashed or overran the timeout (the
        worker is replaced; the caller plays on without this decision).  While decisions wait
        for a worker, each ``share`` (the network that made the table) is served in turn."""
        worker = await self._acquire(share)
        try:
            if not worker.ready:  # a new worker: its start-up does not count as thinking
                await asyncio.wait_for(self._started(worker), STARTUP_TIMEOUT)
            self._busy(+1)
            try:
                worker.connection.send((game, spec, view, seed, weigh))
                status, result = await asyncio.wait_for(self._reply(worker), self.timeout)
            finally:
                self._busy(-1)
        except asyncio.CancelledError:
            self._release(self._replace(worker))  # it may still be thinking: start afresh
            raise
        except (TimeoutError, WorkerLost, OSError) as exc:
            self.failures += 1
            log.error("computer player %s (%s) lost its worker: %s", spec, game,
                      type(exc).__name__ if isinstance(exc, TimeoutError) else exc)
            self._release(self._replace(worker))
            return None
        self._release(worker)
        if status != "ok":
            self.failures += 1
            log.error("computer player %s (%s) failed: %s", spec, game, result)
            return None
        decision: Decision = result
        return decision

    def close(self) -> None:
        self.pause(False)  # a stopped worker would not read the end of its pipe
        for worker in self._all:
            with contextlib.suppress(Exception):
                worker.connection.close()  # the worker reads the end of its pipe and stops
        for worker in self._all:
            worker.process.join(2)
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join(1)
        self._all.clear()
        self._idle.clear()
