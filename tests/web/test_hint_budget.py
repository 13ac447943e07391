"""Hints on a budget of their own (issue 46, F2): a flood of hint requests does not delay the
computer players of another table, and one seat may ask only so often."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from binokel.web.botpool import BotPool, Decision, decide
from binokel.web.hints import Hints
from binokel.web.store import Store
from binokel.web.tables import TableError, TableManager

HINT_SECONDS = 1.0


def slow_hints(game: str, spec: str, view: Any, seed: str, weigh: bool) -> Decision:
    """The players as they are, but a hint (``weigh``) thinks for a second, as a search does."""
    if weigh:
        time.sleep(HINT_SECONDS)
    return decide(game, "random", view, seed, weigh)


def quick(game: str, spec: str, view: Any, seed: str, weigh: bool) -> Decision:
    return decide(game, "random", view, seed, weigh)


def test_a_hint_flood_does_not_hold_up_another_tables_computer_players(
        tmp_path: Path) -> None:
    async def scenario() -> None:
        store = Store(tmp_path / "web.sqlite3")
        pool = BotPool(workers=1, function=slow_hints)
        hints = Hints(BotPool(workers=1, function=slow_hints), per_minute=600, burst=100)
        manager = TableManager(store, bot_delay=0, pool=pool, hints=hints, turn_seconds=0)
        pool.start()
        hints.pool.start()
        # Three tables whose person is to move, each asking for hints as fast as allowed.
        asking = []
        for _ in range(3):
            table = manager.create("binocle", ["human", "bot:random"], take=0).table
            for _ in range(300):
                if table.state.to_move == 0:
                    break
                await asyncio.sleep(0.02)
            asking.append(table)
        floods = [asyncio.ensure_future(manager.hint(t, 0)) for t in asking]
        await asyncio.sleep(0.1)  # the hints are thinking, or waiting for the hint worker
        # Meanwhile the computers of another table move: each move is not queued behind the
        # hints (they have a worker of their own).
        computers = manager.create("binokel", ["bot:random"] * 3, title="computers").table
        for _ in range(1000):
            if computers.n >= 6:
                break
            await asyncio.sleep(0.01)
        assert computers.n >= 6, "the computer players waited for the hints"
        assert not all(f.done() for f in floods)  # (the hints were still being worked on)
        await asyncio.gather(*floods, return_exceptions=True)
        await manager.close()
        store.close()

    asyncio.run(scenario())


def slow_moves(game: str, spec: str, view: Any, seed: str, weigh: bool) -> Decision:
    """A computer player that thinks for half a second a move."""
    if not weigh:
        time.sleep(0.5)
    return decide(game, "random", view, seed, weigh)


def test_the_hint_worker_stops_while_a_computer_player_thinks(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = Store(tmp_path / "web.sqlite3")
        pool = BotPool(workers=1, function=slow_moves)
        hints = Hints(BotPool(workers=1, function=quick))
        manager = TableManager(store, bot_delay=0, pool=pool, hints=hints, turn_seconds=0)
        pool.start()
        hints.pool.start()
        seen, states = set(), set()
        worker = hints.pool._all[0].process
        computers = manager.create("binokel", ["bot:random"] * 3).table
        for _ in range(600):
            seen.add(hints.pool.paused)
            if hints.pool.paused and Path(f"/proc/{worker.pid}/stat").exists():
                states.add(Path(f"/proc/{worker.pid}/stat").read_text().split()[2])
            if computers.n >= 3:
                break
            await asyncio.sleep(0.01)
        assert seen == {True, False}  # stopped while a move was thought, and let go
        assert "T" in states or not Path("/proc").exists()  # the process itself stopped
        await manager.close()
        assert not hints.pool.paused
        store.close()

    asyncio.run(scenario())


def test_one_seat_may_ask_so_often_and_one_at_a_time(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = Store(tmp_path / "web.sqlite3")
        now = [100.0]
        hints = Hints(BotPool(workers=1, function=quick), per_minute=6, burst=2,
                      clock=lambda: now[0])
        manager = TableManager(store, bot_delay=0, hints=hints, turn_seconds=0)
        table = manager.create("binocle", ["human", "open"], take=0).table
        manager.join(table, 1)
        seat = table.state.to_move
        both = [asyncio.ensure_future(manager.hint(table, seat)) for _ in range(2)]
        done = await asyncio.gather(*both, return_exceptions=True)
        assert sum(isinstance(d, dict) for d in done) == 1
        assert any(isinstance(d, TableError) and "one at a time" in str(d) for d in done)
        await manager.hint(table, seat)  # the burst's second
        with pytest.raises(TableError, match="At most 6 hints a minute: the next one in 10 s"):
            await manager.hint(table, seat)
        now[0] += 10
        assert "action" in await manager.hint(table, seat)
        await manager.close()
        store.close()

    asyncio.run(scenario())


EXPERT_SECONDS = 3.0


def slow_experts(game: str, spec: str, view: Any, seed: str, weigh: bool) -> Decision:
    """The expert thinks for seconds a move (as its search does on a busy machine); the other
    players answer at once."""
    if spec.startswith("expert"):
        time.sleep(EXPERT_SECONDS)
    return decide(game, "random", view, seed, weigh)


def test_experts_thinking_do_not_hold_up_another_tables_quick_players(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = Store(tmp_path / "web.sqlite3")
        pool = BotPool(workers=1, function=slow_experts)
        manager = TableManager(store, bot_delay=0, pool=pool, turn_seconds=0)
        pool.start()
        # Three tables of experts keep the one worker of the searching players busy.
        experts = [manager.create("binokel", ["bot:expert"] * 3, title=f"experts {i}").table
                   for i in range(3)]
        await asyncio.sleep(0.1)
        computers = manager.create("binokel", ["bot:random"] * 3, title="computers").table
        deadline = time.monotonic() + 60
        while computers.n < 6 and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        expert_moves = sum(t.n for t in experts)
        assert computers.n >= 6
        # In one shared queue, served in turn, six quick moves would come after about fifteen
        # of the experts' (three seconds each); in a worker of their own, after a few at most.
        assert expert_moves < 6, f"the quick players waited for {expert_moves} expert moves"
        await manager.close()
        store.close()

    asyncio.run(scenario())
