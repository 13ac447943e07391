"""The server's garbage collector, kept from pausing every move at once.

Every table keeps its game's positions (each one links to the one before it, for the record),
so a server's heap grows with the tables it plays: 1,000 tables in mid-game are about 800,000
objects.  CPython's collector goes through all of them whenever its oldest generation has grown
by a quarter, and on 3.11 that was a pause of 0.45-0.6 s every 10-15 s in ``siege.py`` (at
550,000-780,000 objects): a quiet phase with one had a p99 move latency of 350-920 ms, one
without 30-45 ms.  Yet those full collections found nothing to free: the server's objects are
freed by reference counting, not left in cycles.

:class:`Collector` moves every object that has lived through a middle-generation collection
into the collector's permanent generation (:func:`gc.freeze`), where no automatic collection
looks at it again; reference counting still frees it when it is no longer used.  A cycle that
becomes garbage there is not freed until a *sweep*: the permanent generation is given back
(:func:`gc.unfreeze`) and the next full collection goes through everything once.  A sweep comes
every ``every`` seconds (an hour) or as soon as the Python heap is ``growth`` times (four
times) what it was after the last one, so such garbage stays bounded (decision web-20).

A sweep holds the server as long as a full collection takes: 945 ms at 1,000 tables, where it
freed 3,250 objects.  So a sweep that comes due first asks a *probe* (on Linux): a forked copy
of the server gives the frozen objects back and collects, and reports how many were garbage.
The sweep comes when that is :data:`PROBE_SHARE` (5%) of the objects or more, or when the
probe does not answer; otherwise the heap as it is becomes the new measure.  The server waits
only for :func:`os.fork` (about 5 ms at 275 MB), and the copy runs at the lowest priority
(``nice`` 19) so as not to take the server's core.  The copy's memory is shared until it writes,
and its collection writes to most of the heap's pages, so a probe needs up to the heap's size in
free memory for about a second.

What a middle collection costs grows with the young objects it goes through, and they are
many: at 1,000 tables one came every 1.4 s and took 30-50 ms, the quiet p99 move latency.  With
everything older frozen, nothing is gained by letting the young ones pile up for ten young
collections (CPython's default), so a middle collection comes after every ``middle`` (two) young
ones: 8-17 ms each, three or four times as often.

The heap is measured in blocks of Python's allocator (:func:`sys.getallocatedblocks`, which
counts them by the allocator's pools: about 1 ms at 4,000,000 blocks), not by counting the frozen
objects: :func:`gc.get_freeze_count` walks every one of them, and in the server's heap at 1,000
tables that walk held the event loop about 100 ms.

>>> import gc
>>> collector = Collector()
>>> collector.install()
>>> before = gc.get_freeze_count()
>>> kept = [[i] for i in range(1000)]
>>> _ = gc.collect(1)
>>> gc.get_freeze_count() - before >= 1000      # the survivors are frozen
True
>>> collector.uninstall()
>>> gc.get_freeze_count()
0
"""

from __future__ import annotations

import gc
import logging
import os
import select
import signal
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

__all__ = ["COUNT_EVERY", "DEFAULT_PROBE", "LONG_SWEEP", "MIDDLE_AFTER", "PROBE_SHARE",
           "PROBE_TIMEOUT", "SWEEP_EVERY", "SWEEP_FLOOR", "SWEEP_GROWTH", "Collector",
           "can_probe", "probe_garbage"]

#: Seconds between two sweeps at most.
SWEEP_EVERY = 3600.0
#: A sweep comes as soon as the heap (in allocated blocks) is this many times what it was after
#: the last one ...
SWEEP_GROWTH = 4.0
#: ... and is at least this many blocks (1,000 tables in mid-game are about 1,700,000; a small
#: server's heap may grow four times without harm, and is swept hourly).
SWEEP_FLOOR = 2_000_000
#: Seconds between two measures of the heap.
COUNT_EVERY = 60.0
#: Young collections before a middle one (CPython's default: 10).
MIDDLE_AFTER = 2
#: A sweep that holds the server this many seconds or more is logged as a warning.
LONG_SWEEP = 0.1
#: A probe that finds this share of the objects to be garbage brings the sweep (less: none).
PROBE_SHARE = 0.05
#: Seconds a probe may take before it is killed (and the sweep comes after all).
PROBE_TIMEOUT = 120.0

#: What a probe found: garbage objects, and all the objects it went through.
Found = tuple[int, int]

log = logging.getLogger("binokel.web")


def can_probe() -> bool:
    """Whether this system runs :func:`probe_garbage` (it forks: Linux only)."""
    return sys.platform.startswith("linux") and hasattr(os, "fork")


def _ignore(_: Any) -> None:
    pass


def probe_garbage(timeout: float = PROBE_TIMEOUT) -> Found | None:
    """How much of this process's heap is cyclic garbage, found in a forked copy of it.

    The copy gives the frozen objects back and runs a full collection: the pause of a sweep,
    but in another process (sharing this one's memory until it writes to it), while this one
    only waits for :func:`os.fork` (about 5 ms at 275 MB).  The copy closes every file it
    inherited first, so that no finalizer it runs touches a socket or a database of this
    process.  None if the copy did not answer within ``timeout`` seconds (it is killed): say,
    a finalizer waiting for a lock that another thread held at the fork."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the copy: nothing but the collection, then out without any clean-up
        try:
            os.nice(19)  # the server, on the same core, comes first
            os.closerange(0, write)
            os.closerange(write + 1, 1 << 20)
            gc.callbacks.clear()
            # A finalizer's error (its file is closed) must not keep its object alive: a
            # hook that holds the error's traceback would, and the garbage would not count.
            sys.unraisablehook = _ignore
            gc.unfreeze()
            objects = len(gc.get_objects())
            os.write(write, f"{gc.collect()} {objects}".encode())
        finally:
            os._exit(0)
    os.close(write)
    answer = ""
    try:
        # (poll, not select: a busy server's descriptors are past select's 1,024)
        waiting = select.poll()
        waiting.register(read, select.POLLIN)
        if waiting.poll(timeout * 1000):
            answer = os.read(read, 64).decode()
    finally:
        os.close(read)
        if not answer:
            os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    found, _, examined = answer.partition(" ")
    return (int(found), int(examined)) if examined else None


#: The probe a :class:`Collector` asks by default (None where it cannot fork).
DEFAULT_PROBE: Callable[[], Found | None] | None = probe_garbage if can_probe() else None


class Collector:
    """Freeze what lives through a middle collection; sweep now and then (module docstring)."""

    def __init__(self, *, every: float = SWEEP_EVERY, growth: float = SWEEP_GROWTH,
                 floor: int = SWEEP_FLOOR, count_every: float = COUNT_EVERY,
                 middle: int = MIDDLE_AFTER, clock: Callable[[], float] = time.monotonic,
                 heap: Callable[[], int] = sys.getallocatedblocks,
                 probe: Callable[[], Found | None] | None = DEFAULT_PROBE,
                 share: float = PROBE_SHARE) -> None:
        if not (every > 0 and growth > 1 and floor >= 0 and count_every >= 0):
            raise ValueError("a sweep needs a positive interval, a growth above 1, a floor "
                             "and a count interval from 0 up")
        if middle < 1:
            raise ValueError("a middle collection comes after one young collection or more")
        if not 0 <= share <= 1:
            raise ValueError("a probe's share of garbage that brings the sweep is from 0 to 1")
        self.every = every
        self.growth = growth
        self.floor = floor
        self.count_every = count_every
        self.middle = middle
        self.clock = clock
        self.heap = heap
        """What the heap holds now (allocated blocks)."""
        self.probe = probe
        """What finds the garbage before a sweep (None: sweep without asking)."""
        self.share = share
        self.counted_at = 0.0
        self.baseline = 0
        """The heap after the last sweep or probe (or the start)."""
        self.swept_at = 0.0
        self.sweeping = False
        """True from giving the frozen objects back until the full collection has run."""
        self.probing = False
        """True from a sweep's coming due until its probe has answered."""
        self.sweep_wanted = False
        """The next middle collection begins a sweep (the probe found garbage, or none asked)."""
        self.sweeps = 0
        self.probes = 0
        self.sweep_started = 0.0
        self.thresholds: tuple[int, int, int] | None = None
        """The collector's thresholds before :meth:`install`."""
        self._watcher: threading.Thread | None = None

    def install(self, *, watch: bool = True) -> None:
        """Freeze what the process holds now (its modules, its app) and freeze from now on.
        With a probe, a thread (``watch``) runs it when a sweep comes due."""
        if self._on_collection in gc.callbacks:
            return
        gc.collect()
        gc.freeze()
        self._swept()
        self.thresholds = young, _, oldest = gc.get_threshold()
        gc.set_threshold(young, self.middle, oldest)
        gc.callbacks.append(self._on_collection)
        if watch and self.probe is not None:
            self._watcher = threading.Thread(target=self._watch, name="binokel-gc-probe",
                                             daemon=True)
            self._watcher.start()

    def uninstall(self) -> None:
        """Stop, and give every frozen object back to the collector."""
        if self._on_collection in gc.callbacks:
            gc.callbacks.remove(self._on_collection)
        if self.thresholds is not None:
            gc.set_threshold(*self.thresholds)
            self.thresholds = None
        gc.unfreeze()
        self.sweeping = self.probing = self.sweep_wanted = False
        watcher, self._watcher = self._watcher, None
        if watcher is not None:
            watcher.join()

    def _swept(self) -> None:
        self.baseline = self.heap()
        self.swept_at = self.counted_at = self.clock()
        self.sweeping = False

    def due(self) -> bool:
        """Whether a sweep is due now: an hour since the last sweep or probe, or the heap
        (measured once a minute) grown by the growth."""
        now = self.clock()
        if now - self.swept_at >= self.every:
            return True
        if now - self.counted_at < self.count_every:
            return False
        self.counted_at = now
        return self.heap() > self.limit()

    def limit(self) -> float:
        """The heap (in blocks) past which a sweep comes due."""
        return max(self.floor, self.growth * self.baseline)

    def _watch(self) -> None:
        while self._watcher is threading.current_thread():
            time.sleep(1.0)
            if self.probing:
                self.run_probe()

    def run_probe(self) -> None:
        """Ask the probe whether the due sweep is worth its pause: it is when the probe finds
        :data:`PROBE_SHARE` of the objects to be garbage, or does not answer."""
        assert self.probe is not None
        try:
            found = self.probe()
        except Exception:
            log.exception("the garbage collector's probe failed: the sweep comes")
            found = None
        self.probes += 1
        if found is None or found[0] >= self.share * max(found[1], 1):
            self.sweep_wanted = True
        else:
            self._swept()  # the heap as it is now is the new measure, and the hour starts anew
            log.info("the garbage collector's probe found %d garbage objects of %d: no sweep",
                     *found)
        self.probing = False

    def _on_collection(self, phase: str, info: dict[str, Any]) -> None:
        """A collection's callback (:data:`gc.callbacks`).  At its end (``stop``), what is
        frozen has just been found alive; the start of a sweep's full collection is timed."""
        generation = info["generation"]
        if generation == 0:
            return
        if phase == "start":
            if self.sweeping and generation == 2:
                self.sweep_started = time.perf_counter()
            return
        if self.sweeping:
            if generation < 2:
                return  # the full collection the sweep waits for has not come yet
            gc.freeze()
            self.sweeps += 1
            self._swept()
            took = time.perf_counter() - self.sweep_started
            log.log(logging.WARNING if took >= LONG_SWEEP else logging.INFO,
                    "the garbage collector's sweep held the server %.0f ms (%d objects "
                    "freed; the next in %.0f minutes, or when the heap passes %d blocks)",
                    took * 1000, info["collected"], self.every / 60, self.limit())
            return
        if not (self.sweep_wanted or self.probing) and self.due():
            if self.probe is None:
                self.sweep_wanted = True
            else:
                self.probing = True  # the watcher asks the probe first
        if self.sweep_wanted:
            gc.unfreeze()  # the next full collection goes through everything once
            self.sweeping = True
            self.sweep_wanted = False
            return
        gc.freeze()
