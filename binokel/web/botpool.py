"""Computer players think in worker processes, never on the server's event loop.

A :class:`BotPool` sends a seat's view (and nothing more) to one of ``workers`` processes,
which answers with an action.  The workers run at a lower priority than the server, so a
table of experts thinking hard slows other tables' moves as little as the machine allows.  A
worker that crashes, or that thinks longer than ``timeout`` seconds, is killed and replaced
(:mod:`pebble` does that); the caller gets ``None`` and plays on without it.

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
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pebble import ProcessPool

log = logging.getLogger("binokel.web")

#: Worker processes deciding for computer players, unless told otherwise.
DEFAULT_WORKERS = max(1, min(4, (os.cpu_count() or 2) - 1))
#: Seconds a computer player may think before its worker is replaced.
DEFAULT_TIMEOUT = 60.0
#: How much lower the workers' priority is than the server's (see ``os.nice``).
WORKER_NICENESS = 5


@dataclass(frozen=True, slots=True)
class Decision:
    action: Any
    values: list[tuple[Any, float, int]] | None
    """Each move the player weighed, with its expected result, when it searched (hints)."""


_BOTS: dict[tuple[str, str], Any] = {}


def decide(game: str, spec: str, view: Any, seed: str, weigh: bool) -> Decision:
    """In a worker: the named computer player's choice for a view (players are kept per
    worker, by game and name; they keep nothing of a table between moves that matters)."""
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


def _lower_priority() -> None:
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICENESS)


def _warm_up() -> None:
    """Import what decisions need (the players and their search), once per worker."""
    import importlib

    for name in ("binokel.web.players", "binokel.bots", "binokel.search"):
        with contextlib.suppress(ImportError):
            importlib.import_module(name)


Decide = Callable[[str, str, Any, str, bool], Decision]


class BotPool:
    """Worker processes for computer players; started on first use."""

    def __init__(self, *, workers: int = DEFAULT_WORKERS, timeout: float = DEFAULT_TIMEOUT,
                 function: Decide = decide) -> None:
        if workers < 1:
            raise ValueError(f"a bot pool needs at least one worker, not {workers}")
        if timeout <= 0:
            raise ValueError(f"the bot timeout must be positive, not {timeout}")
        self.workers = workers
        self.timeout = timeout
        self.function = function
        self.failures = 0
        """Decisions lost to a crashed or stuck worker."""
        self._pool: ProcessPool | None = None

    def _started(self) -> ProcessPool:
        if self._pool is None or not self._pool.active:
            # Spawned, not forked: a fork of a running server would copy its threads' locks.
            self._pool = ProcessPool(max_workers=self.workers, initializer=_lower_priority,
                                     context=multiprocessing.get_context("spawn"))
        return self._pool

    def start(self) -> None:
        """Start the workers now, and wait until they are up, rather than at the first
        decision (a spawned worker takes a second or so to import the players)."""
        pool = self._started()
        ready = [pool.schedule(_warm_up) for _ in range(self.workers)]
        for future in ready:
            with contextlib.suppress(Exception):
                future.result(timeout=60)

    async def decide(self, game: str, spec: str, view: Any, *, seed: str,
                     weigh: bool = False) -> Decision | None:
        """The player's decision, or None if its worker crashed or overran the timeout (the
        worker is replaced; the caller plays on without this decision)."""
        future = self._started().schedule(self.function, args=(game, spec, view, seed, weigh),
                                          timeout=self.timeout)
        try:
            result: Decision = await asyncio.wrap_future(future)
        except asyncio.CancelledError:
            future.cancel()  # type: ignore[no-untyped-call]
            raise
        except Exception as exc:
            self.failures += 1
            log.error("computer player %s (%s) failed in its worker: %s: %s", spec, game,
                      type(exc).__name__, exc)
            return None
        return result

    def close(self) -> None:
        if self._pool is not None:
            self._pool.stop()  # type: ignore[no-untyped-call]
            with contextlib.suppress(Exception):
                self._pool.join(timeout=5)
            self._pool = None
