"""Computer players decide in worker processes: given a seat's view only, and a worker that
crashes or gets stuck is replaced while its table plays on."""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import time
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from binokel import new_game
from binokel.web.botpool import PRELOAD, BotPool, Decision, decide
from binokel.web.store import Store
from binokel.web.tables import TableManager


def crash_or_hang(folder: str, game: str, spec: str, view: Any, seed: str,
                  weigh: bool) -> Decision:
    """A worker function whose first decision kills its worker process and whose second never
    ends; later ones decide as usual.  Each worker process that served leaves its pid in
    ``folder`` (given with :func:`functools.partial`: a worker forked from the fork server
    has the fork server's environment, not the test's)."""
    markers = Path(folder)
    (markers / f"pid-{os.getpid()}").touch()
    for fault in ("crash", "hang"):
        if not (markers / fault).exists():
            (markers / fault).touch()
            if fault == "crash":
                os._exit(3)
            time.sleep(60)
    return decide(game, spec, view, seed, weigh)


def spy(game: str, spec: str, view: Any, seed: str, weigh: bool) -> Decision:
    """Decides as usual, and says what kind of value it was given."""
    decision = decide(game, spec, view, seed, weigh)
    return Decision(action=decision.action, values=[(type(view).__name__, 0.0, view.seat)])


def test_a_crashed_or_stuck_worker_is_replaced(tmp_path: Path) -> None:
    state = new_game(seed=3)
    view = state.view(state.to_move)

    async def scenario() -> list[Decision | None]:
        pool = BotPool(workers=1, timeout=2.0, function=partial(crash_or_hang, str(tmp_path)))
        try:
            # The first decision crashes its worker, the second hangs: both are replaced.
            crashed = await pool.decide("binokel", "random", view, seed="a")
            replaced = await pool.decide("binokel", "random", view, seed="b")
            return [crashed, replaced, await pool.decide("binokel", "random", view, seed="c")]
        finally:
            pool.close()

    # The stuck worker is given up after the pool's 2 s timeout; the outer bound only turns a
    # hang (the bug this guards against) into a failure instead of a stalled run.
    crashed, stuck, decided = asyncio.run(asyncio.wait_for(scenario(), timeout=300))
    assert crashed is None and stuck is None  # lost, and said so
    assert decided is not None and decided.action in view.legal_actions
    # Three worker processes served: the crashed one and the stuck one were replaced.
    assert len(list(tmp_path.glob("pid-*"))) == 3


def test_a_table_plays_on_when_its_computer_players_workers_fail(tmp_path: Path) -> None:
    markers = tmp_path / "markers"
    markers.mkdir()

    async def scenario() -> int:
        pool = BotPool(workers=1, timeout=2.0, function=partial(crash_or_hang, str(markers)))
        manager = TableManager(Store(tmp_path / "web.sqlite3"), bot_delay=0, pool=pool)
        table, _, _ = manager.create("binokel", ["bot:random"] * 3)
        deadline = time.monotonic() + 30
        while table.n < 10 and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        await manager.close()
        return table.n

    assert asyncio.run(scenario()) >= 10
    assert len(list(markers.glob("pid-*"))) == 3  # the crashed and stuck ones were replaced


def test_a_computer_player_is_given_its_seats_view_only(tmp_path: Path) -> None:
    state = new_game(seed=5)
    seat = state.to_move

    async def scenario() -> Decision | None:
        pool = BotPool(workers=1, timeout=30, function=spy)
        try:
            return await pool.decide("binokel", "random", state.view(seat), seed="s")
        finally:
            pool.close()

    decision = asyncio.run(scenario())
    assert decision is not None and decision.values == [("View", 0.0, seat)]


def test_a_worker_handed_to_a_cancelled_decision_is_not_lost() -> None:
    state = new_game(seed=4)
    view = state.view(state.to_move)

    async def scenario() -> Decision | None:
        pool = BotPool(workers=1, timeout=30)
        try:
            pool.start()
            worker = await pool._acquire()  # the only worker is busy ...
            waiting = asyncio.ensure_future(pool._acquire())
            await asyncio.sleep(0)  # ... so a decision waits for it
            pool._release(worker)  # the worker is handed to that decision ...
            waiting.cancel()  # ... whose table is left before it runs
            with contextlib.suppress(asyncio.CancelledError):
                await waiting
            return await asyncio.wait_for(
                pool.decide("binokel", "random", view, seed="s"), timeout=60)
        finally:
            pool.close()

    decision = asyncio.run(scenario())
    assert decision is not None and decision.action in view.legal_actions


def parent(game: str, spec: str, view: Any, seed: str, weigh: bool) -> Decision:
    """The worker's parent process and its command line, as the decision."""
    return Decision(action=(os.getppid(), Path(f"/proc/{os.getppid()}/cmdline").read_bytes()),
                    values=None)


@pytest.mark.skipif(not Path("/proc/self/cmdline").exists()
                    or "forkserver" not in multiprocessing.get_all_start_methods(),
                    reason="needs a fork server and /proc")
def test_workers_are_forked_from_a_fork_server_not_from_the_server() -> None:
    view = new_game(seed=6).view(0)

    async def scenario() -> list[Any]:
        pool = BotPool(workers=1, timeout=30, function=parent)
        try:
            first = await pool.decide("binokel", "random", view, seed="a")
            pool._idle = [pool._replace(pool._idle[0])]  # as after a crash
            second = await pool.decide("binokel", "random", view, seed="b")
            return [d.action if d else None for d in (first, second)]
        finally:
            pool.close()

    first, second = asyncio.run(scenario())
    assert first[0] != os.getpid() and b"forkserver" in first[1]
    # The fork server is started with the players to import (on its command line), so a
    # worker forked from it has them loaded.
    assert all(name.encode() in first[1] for name in PRELOAD)
    assert second == first  # the replacement came from the same fork server


def test_a_replaced_worker_is_not_waited_for_on_the_event_loop() -> None:
    # (issue 46: killing a worker and waiting for it to exit held the event loop 2-5 ms, and
    # 27-31 ms when the worker, at its low priority, shared a CPU with a busy process)
    view = new_game(seed=6).view(0)

    async def scenario() -> tuple[float, multiprocessing.process.BaseProcess, Any]:
        pool = BotPool(workers=1, timeout=30)
        try:
            await pool.decide("binokel", "random", view, seed="a")
            old = pool._idle[0]
            waited: list[float | None] = []

            def slow_join(timeout: float | None = None) -> None:
                waited.append(timeout)
                time.sleep(2)

            old.process.join = slow_join  # type: ignore[method-assign]
            started = time.perf_counter()
            pool._idle = [pool._replace(old)]
            took = time.perf_counter() - started
            assert not waited, "the event loop waited for the killed worker"
            decision = await pool.decide("binokel", "random", view, seed="b")
            return took, old.process, decision
        finally:
            pool.close()

    took, old, decision = asyncio.run(scenario())
    assert took < 1.0 and decision is not None
    for _ in range(100):  # reaped by whoever started it, without the pool's waiting
        if not old.is_alive():
            break
        time.sleep(0.1)
    assert not old.is_alive()
