"""What keeps ``binokel serve``'s event loop from stalling (issue 46, decision web-20): the
garbage collector policy (binokel.web.collector) -- what lives through a middle collection is
frozen, so a full collection no longer goes through the whole heap; frozen cyclic garbage is
freed by the next sweep -- and the computer players found before the first request."""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import resource
import socket
import subprocess
import sys
import threading
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from binokel.web import players
from binokel.web.app import create_app
from binokel.web.collector import Collector, can_probe, probe_garbage
from binokel.web.games import game_kinds
from binokel.web.store import Store
from binokel.web.tables import TableManager


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Iterator[Clock]:
    yield Clock()


@pytest.fixture
def collector(clock: Clock) -> Iterator[Collector]:
    c = Collector(every=60.0, clock=clock, probe=None)
    c.install()
    yield c
    c.uninstall()


def test_what_lives_through_a_middle_collection_leaves_the_full_ones(
        collector: Collector) -> None:
    frozen = gc.get_freeze_count()
    kept = [[i] for i in range(20_000)]
    gc.collect(1)
    oldest = {id(o) for o in gc.get_objects(generation=2)}
    assert not any(id(o) in oldest for o in kept[::100]), "survivors were left in gen 2"
    assert gc.get_freeze_count() >= frozen + 20_000


def test_without_the_policy_a_full_collection_goes_through_them() -> None:
    # The check above fails without the collector: the survivors sit in the oldest generation.
    kept = [[i] for i in range(20_000)]
    gc.collect(1)
    gc.collect(1)
    oldest = {id(o) for o in gc.get_objects(generation=2)}
    assert sum(id(o) in oldest for o in kept[::100]) == 200


def test_a_frozen_cycle_is_freed_by_the_next_sweep(collector: Collector, clock: Clock,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="binokel.web")
    a, b = Node(), Node()
    a.other, b.other = b, a
    gone = weakref.ref(a)
    gc.collect(1)  # the cycle lives through it: frozen
    del a, b
    gc.collect()
    assert gone() is not None, "a frozen cycle is left until a sweep"
    clock.now += 61  # an hour (here a minute) later the next middle collection gives it back
    gc.collect(1)
    assert collector.sweeping
    gc.collect()
    assert gone() is None
    assert not collector.sweeping and collector.sweeps == 1
    said = [r.getMessage() for r in caplog.records if "sweep held the server" in r.getMessage()]
    assert len(said) == 1 and " ms (" in said[0] and "objects freed" in said[0], said


def test_a_heap_grown_by_the_growth_is_swept_at_once(clock: Clock) -> None:
    collector = Collector(every=3600.0, growth=1.05, floor=0, count_every=0, clock=clock,
                          probe=None)
    collector.install()
    frozen = collector.baseline
    try:
        few = [[i] for i in range(100)]
        gc.collect(1)
        gc.collect(1)
        assert not collector.sweeping, "swept before the heap grew by the growth"
        kept = [[i] for i in range(int(0.06 * frozen) + 1000)]
        gc.collect(1)  # frozen: now over 1.05 times the baseline
        gc.collect(1)
        assert collector.sweeping and collector.sweeps == 0
        gc.collect()
        assert collector.sweeps == 1
        assert collector.baseline >= frozen + len(kept) + len(few)
    finally:
        collector.uninstall()


def test_the_heap_is_measured_once_a_minute(clock: Clock) -> None:
    collector = Collector(every=3600.0, growth=1.05, floor=0, clock=clock, probe=None)
    collector.install()
    try:
        kept = [[i] for i in range(int(0.06 * collector.baseline) + 1000)]
        gc.collect(1)
        gc.collect(1)
        assert not collector.sweeping, "measured before a minute had passed"
        clock.now += 61
        gc.collect(1)
        assert collector.sweeping, f"{len(kept)} more lists were not measured"
    finally:
        collector.uninstall()


def test_the_heap_is_measured_without_walking_the_frozen_objects(
        clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    # gc.get_freeze_count() walks every frozen object: at 1,000 tables that held the server's
    # event loop about 100 ms once a minute.  The collector measures the allocator's blocks.
    collector = Collector(every=3600.0, growth=1.05, floor=0, count_every=0, clock=clock,
                          probe=None)
    assert collector.heap is sys.getallocatedblocks
    collector.install()
    try:
        def walk() -> int:
            raise AssertionError("gc.get_freeze_count() walked the frozen objects")
        monkeypatch.setattr(gc, "get_freeze_count", walk)
        kept = [[i] for i in range(int(0.06 * collector.baseline) + 1000)]
        gc.collect(1)
        gc.collect(1)
        assert collector.sweeping, f"{len(kept)} lists were not measured"
        gc.collect()
        assert collector.sweeps == 1
    finally:
        monkeypatch.undo()
        collector.uninstall()


def test_the_sweep_follows_the_heap_measure(clock: Clock) -> None:
    heap = [1000]
    collector = Collector(every=3600.0, growth=2.0, floor=3000, count_every=0, clock=clock,
                          heap=lambda: heap[0], probe=None)
    collector.install()
    try:
        heap[0] = 2900  # grown by the growth, but under the floor
        gc.collect(1)
        assert not collector.sweeping
        heap[0] = 3001
        gc.collect(1)
        assert collector.sweeping
        gc.collect()
        assert collector.sweeps == 1 and collector.baseline == 3001
        heap[0] = 6000  # under twice the new baseline
        gc.collect(1)
        assert not collector.sweeping
    finally:
        collector.uninstall()


def test_a_middle_collection_comes_after_two_young_ones() -> None:
    before = gc.get_threshold()
    collector = Collector(probe=None)
    collector.install()
    try:
        assert gc.get_threshold() == (before[0], 2, before[2])
        gc.collect(1)
        stats = gc.get_stats()
        kept = [[i] for i in range(before[0] * 40)]  # forty young collections' worth
        young = gc.get_stats()[0]["collections"] - stats[0]["collections"]
        middle = gc.get_stats()[1]["collections"] - stats[1]["collections"]
        # One middle collection in every three (in every eleven without the policy).
        assert young >= 20 and middle >= young // 4, (len(kept), young, middle)
    finally:
        collector.uninstall()
    assert gc.get_threshold() == before


class Leaky(Node):
    """A cycle's member whose finalizer writes to a socket."""

    def __init__(self, sock: socket.socket) -> None:
        super().__init__()
        self.sock = sock

    def __del__(self) -> None:
        self.sock.send(b"finalized")


@pytest.mark.skipif(not can_probe(), reason="the probe forks (Linux)")
def test_a_probe_finds_frozen_garbage_in_a_copy_that_touches_no_file() -> None:
    mine, theirs = socket.socketpair()
    try:
        a, b = Leaky(mine), Node()
        a.other, b.other = b, a
        gone = weakref.ref(a)
        gc.freeze()
        del a, b
        found = probe_garbage()
        assert found is not None and found[0] >= 2 and found[1] > found[0]
        assert gone() is not None, "the probe freed nothing here"
        # The copy closed its files before its collection ran the finalizer: nothing came.
        theirs.setblocking(False)
        with pytest.raises(BlockingIOError):
            theirs.recv(64)
        gc.unfreeze()
        gc.collect()
        assert gone() is None and theirs.recv(64) == b"finalized"  # here, it writes
    finally:
        gc.unfreeze()
        mine.close()
        theirs.close()


@pytest.mark.skipif(not can_probe(), reason="the probe forks (Linux)")
def test_a_probe_that_does_not_answer_in_time_is_killed() -> None:
    assert probe_garbage(timeout=0.0) is None


@pytest.mark.skipif(not can_probe(), reason="the probe forks (Linux)")
def test_a_probe_answers_in_a_process_with_more_than_1024_files() -> None:
    # A server at 1,000 tables holds over 3,000 sockets: the probe's pipe is past select()'s
    # limit ("filedescriptor out of range in select()" killed the probe's thread).
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 1200:
        if hard != resource.RLIM_INFINITY and hard < 1200:
            pytest.skip(f"this system allows {hard} open files")
        resource.setrlimit(resource.RLIMIT_NOFILE, (1200, hard))
    held = [os.open(os.devnull, os.O_RDONLY) for _ in range(1100)]
    try:
        assert max(held) > 1024
        found = probe_garbage()
        assert found is not None and found[1] > 0
    finally:
        for fd in held:
            os.close(fd)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def probed(found: tuple[int, int] | None, clock: Clock) -> Collector:
    """A collector whose hour has passed, its probe asked once (and answering ``found``)."""
    collector = Collector(every=60.0, clock=clock, probe=lambda: found)
    collector.install(watch=False)
    clock.now += 61
    gc.collect(1)
    assert collector.probing and not collector.sweeping, "the sweep came before the probe"
    collector.run_probe()
    assert not collector.probing and collector.probes == 1
    return collector


def test_a_sweep_the_probe_finds_little_garbage_for_is_skipped(clock: Clock) -> None:
    collector = probed((40, 1000), clock)
    try:
        frozen = gc.get_freeze_count()
        gc.collect(1)
        gc.collect()
        assert collector.sweeps == 0 and not collector.sweeping
        assert gc.get_freeze_count() >= frozen, "the frozen objects were given back"
        assert collector.swept_at == clock.now, "the hour did not start anew"
    finally:
        collector.uninstall()


@pytest.mark.parametrize("found", [(50, 1000), None])
def test_a_sweep_the_probe_finds_garbage_for_or_does_not_answer_comes(
        found: tuple[int, int] | None, clock: Clock) -> None:
    collector = probed(found, clock)
    try:
        gc.collect(1)
        assert collector.sweeping
        gc.collect()
        assert collector.sweeps == 1 and not collector.sweep_wanted
    finally:
        collector.uninstall()


def test_a_probe_that_fails_brings_the_sweep(clock: Clock,
                                            caplog: pytest.LogCaptureFixture) -> None:
    def probe() -> tuple[int, int]:
        raise OSError("no fork today")

    collector = Collector(every=60.0, clock=clock, probe=probe)
    collector.install(watch=False)
    try:
        clock.now += 61
        gc.collect(1)
        collector.run_probe()
        assert collector.sweep_wanted and not collector.probing
        assert "probe failed" in caplog.text and "no fork today" in caplog.text
    finally:
        collector.uninstall()


def test_the_watcher_thread_asks_the_probe(clock: Clock) -> None:
    asked = threading.Event()

    def probe() -> tuple[int, int]:
        asked.set()
        return (0, 1000)

    collector = Collector(every=60.0, clock=clock, probe=probe)
    collector.install()
    try:
        clock.now += 61
        gc.collect(1)
        assert asked.wait(10), "the watcher did not run the probe"
    finally:
        collector.uninstall()
    assert collector.probes == 1 and collector.sweeps == 0


def test_uninstall_gives_everything_back(collector: Collector) -> None:
    collector.uninstall()
    assert gc.get_freeze_count() == 0
    assert collector._on_collection not in gc.callbacks


@pytest.mark.parametrize("bad", [{"every": 0}, {"growth": 1.0}, {"floor": -1},
                                 {"count_every": -1}, {"middle": 0}, {"share": 1.5}])
def test_a_policy_that_cannot_sweep_is_refused(bad: dict[str, float]) -> None:
    with pytest.raises(ValueError, match=r"sweep|middle|share"):
        Collector(**bad)  # type: ignore[arg-type]


def test_the_computer_players_are_found_before_the_first_request(tmp_path: Path) -> None:
    # (issue 46: a table made while the players were being found, beside the server, tried
    # each of them itself on the event loop: a 330 ms stall in the siege)
    saved = dict(players._AVAILABLE)
    players._AVAILABLE.clear()
    try:
        with TestClient(create_app(Store(tmp_path / "web.sqlite3"))):
            assert set(players._AVAILABLE) == {kind.name for kind in game_kinds()}
    finally:
        players._AVAILABLE.clear()
        players._AVAILABLE.update(saved)


def test_the_thread_pool_of_the_pad_routes_is_ready_before_the_first_request(
        tmp_path: Path) -> None:
    # (issue 46: the first pad request imported anyio's thread backend on the event loop, a
    # 56 ms stall in the siege's pad attack)  In a fresh interpreter: this one has it already.
    script = f"""
import asyncio, sys
from binokel.web.app import create_app
from binokel.web.store import Store
app = create_app(Store({str(tmp_path / "web.sqlite3")!r}))
before = "anyio._backends._asyncio" in sys.modules
async def main():
    async with app.router.lifespan_context(app):
        print(before, "anyio._backends._asyncio" in sys.modules)
asyncio.run(main())
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120, check=True)
    assert done.stdout.split() == ["False", "True"], done.stdout + done.stderr


class Inbox:
    def __init__(self) -> None:
        self.sent = 0

    def send(self, text: str) -> None:
        self.sent += 1


def test_an_abandoned_table_is_freed_without_the_collector() -> None:
    # Frozen cyclic garbage waits for a sweep (a full collection, about a second at 1,000
    # tables).  A table ended while its computer players waited to move was such a cycle: the
    # cancelled task kept its traceback, whose frame held the table, which held the task.
    async def scenario() -> weakref.ref[Any]:
        manager = TableManager(Store(":memory:"), bot_delay=30.0)
        table, _, _ = manager.create("binokel", ["bot:random", "human", "bot:random"],
                                     take=1, seed="cycle-1")
        inbox = Inbox()
        manager.attach(table, inbox, 1)
        await asyncio.sleep(0)
        task = table.bot_task
        assert task is not None and not task.done(), "the first computer player is waiting"
        manager.abandon(table, 1)
        manager.detach(table, inbox)
        assert manager.tables.get(table.id) is None
        await asyncio.sleep(0)
        assert task.cancelled() and inbox.sent
        gone = weakref.ref(table)
        del table, task
        return gone

    gc.collect()
    gc.disable()
    try:
        gone = asyncio.run(scenario())
        assert gone() is None, "the abandoned table is kept alive by a reference cycle"
    finally:
        gc.enable()
