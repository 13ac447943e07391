#!/usr/bin/env python3
"""``binokel serve`` under load and under attack at once (issue 46): people at N tables, each
attack of one address in turn, and what the people and the computer players notice.

Starts ``binokel serve`` on a free loopback port with its real limits (the per-address caps,
rates and timeouts as shipped; ``scripts/bench/loadtest.py`` lifts them), then

* seats people at ``--tables`` tables: every seat its own WebSocket, a think time drawn from
  ``--think`` (0.5-1.5 s) before each move.  They come from many loopback addresses
  (127.1.x.y, ten tables an address, as people behind their own connections), so the caps
  that hold the attacker back hold them as they would hold people;
* starts ``--computer-tables`` tables of computer players (the server's ``--bot-delay``, 0.8 s by
  default, between moves), each watched by a spectator that records the gap between moves;
* plays ``--seconds`` quietly, then ``--seconds`` under each attack in turn, all from one
  attacker address (127.66.0.1): ``fill`` (tables made and joined as fast as allowed, with
  forged ``X-Forwarded-For``), ``hints`` (a hint request at every turn of 20 tables, 10 a
  second), ``pad`` (changes to pads as fast as the server answers), ``headers`` (1,100
  half-sent requests held open), ``experts`` (20 tables against the expert, played at once
  at every turn: the most thinking one address can ask of the computer players), ``qr``
  (invite codes, a Host port per request), ``spectators`` (32 sockets that say hello and never
  read).

It prints, per phase: tables held (no error, no dropped connection, moves made), people's
moves a second and their move latency (from sending an action to the state that shows it:
p50, p99), the computer players' gap between moves (p50, p99, max), and what the attack got;
under each phase the lines the server logged in it, and whether the server's garbage
collector's probe (a forked copy of the server, decision web-20) ran in it.  With ``--settle``
the phases wait until the probe has come (a few minutes in at 1,000 tables), and the probe is
measured in a phase of its own.  A computer players' table whose game has ended is followed
by a new one; people whose game has ended ask for a rematch and play on at the new table.

Usage: .venv/bin/python scripts/bench/siege.py --tables 1000 --seconds 10 --warmup 20 \
           --interleave --pin --settle 400
       nice -n 10 .venv/bin/python scripts/bench/siege.py --tables 1000 --seconds 30
       .venv/bin/python scripts/bench/siege.py --tables 50 --seconds 10 --attacks fill,hints
Only loopback addresses are used; the run stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import http.client
import json
import multiprocessing
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).parent))
from loadtest import (
    children,
    choose,
    cpu_seconds,
    descendants,
    free_port,
    parse_think,
    percentile,
    reaped_cpu_seconds,
    server_env,
    wait_for_port,
    worker_cpu_seconds,
)

ATTACKER = "127.66.0.1"
ATTACKS = ("fill", "hints", "experts", "pad", "headers", "qr", "spectators")
TABLES_PER_ADDRESS = 10
#: Seconds the slow-header attack waits before it counts its connections still open (the
#: server's header timeout is 10).
HEADER_WAIT = 12.0


def player_address(table: int) -> str:
    block = table // TABLES_PER_ADDRESS
    return f"127.1.{block // 250}.{block % 250 + 1}"


def insist(port: int, method: str, path: str, body: Any = None, *, source: str) -> Any:
    """A request sent again (for a minute at most) while the server says "too many"."""
    given_up = time.monotonic() + 60
    while time.monotonic() < given_up:
        try:
            status, answer = call(port, method, path, body, source=source)
        except OSError:  # closed for opening too many connections
            status, answer = 429, None
        if status != 429:
            return answer
        time.sleep(0.1)
    return None


def call(port: int, method: str, path: str, body: Any = None, *, source: str = "127.0.0.1",
         headers: dict[str, str] | None = None) -> tuple[int, Any]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30,
                                      source_address=(source, 0))
    try:
        data = None if body is None else json.dumps(body).encode()
        conn.request(method, path, data, {"content-type": "application/json",
                                          **(headers or {})})
        response = conn.getresponse()
        raw = response.read()
        try:
            return response.status, json.loads(raw)
        except ValueError:
            return response.status, raw
    finally:
        conn.close()


@dataclass
class People:
    latencies: list[tuple[float, float]] = field(default_factory=list)
    """(when, seconds) of each move's round trip."""
    moves: list[float] = field(default_factory=list)
    failed: dict[str, str] = field(default_factory=dict)
    """Table id -> the first error or dropped connection."""
    last_move: dict[str, float] = field(default_factory=dict)
    finished: dict[str, int] = field(default_factory=dict)
    """Table id -> games its seats saw end (three a game: each seat asks for the rematch)."""
    lags: list[tuple[float, float]] = field(default_factory=list)
    """(when, seconds) by which this client's event loop woke late (its own backlog)."""

    def add(self, other: People) -> None:
        self.latencies += other.latencies
        self.moves += other.moves
        self.lags += other.lags
        for table, why in other.failed.items():
            self.failed.setdefault(table, why)
        self.last_move.update(other.last_move)
        for table, games in other.finished.items():
            self.finished[table] = self.finished.get(table, 0) + games


@dataclass
class Computers:
    gaps: list[tuple[float, float]] = field(default_factory=list)
    """(when, seconds) between two moves of a computer players' table."""
    lags: list[tuple[float, float]] = field(default_factory=list)
    """How late the main process's loop woke (it runs the attacks and the spectators)."""
    tables: int = 0
    """Computer players' tables made (a table whose game ended is followed by another)."""


async def seat(port: int, table: str, token: str, source: str, deadline: float,
               people: People, rng: random.Random, think: tuple[float, float],
               arrive: float = 0.0) -> None:
    """One person at a table, who arrives ``arrive`` seconds from now and plays until the
    deadline: when a game ends, the three ask for a rematch and play on at the new table (the
    same seat token acts there), so that a long run keeps its tables.  The person is counted
    under the first table's id throughout."""
    await asyncio.sleep(arrive)
    at: str | None = table
    try:
        # One deadline for all, not a timer a message: the client's CPU a message is what
        # lets one core play 3,000 seats.
        async with asyncio.timeout_at(asyncio.get_running_loop().time()
                                      + deadline - time.monotonic()):
            while at is not None:
                # No WebSocket pings from the client: a browser sends none (it answers the
                # server's).
                async with connect(f"ws://127.0.0.1:{port}/ws/{at}", max_size=2**20,
                                   open_timeout=60, local_addr=(source, 0),
                                   ping_interval=None) as ws:
                    await ws.send(json.dumps({"type": "hello", "token": token}))
                    at = await play_seat(ws, table, deadline, people, rng, think)
    except TimeoutError:
        return
    except Exception as exc:
        people.failed.setdefault(table, f"{type(exc).__name__}: {exc}")


async def play_seat(ws: Any, table: str, deadline: float, people: People, rng: random.Random,
                    think: tuple[float, float]) -> str | None:
    """Play one seat until its game ends: think, then a random legal action, at each turn;
    the round trip of each action is measured to the state that shows it.  At the end, ask
    for a rematch and answer the new table's id once it is made (None: the game did not
    finish, or the deadline came)."""
    sent_n, sent_at = -1, 0.0
    asked = False
    while True:
        message = orjson.loads(await ws.recv())
        if message["type"] == "error":
            people.failed.setdefault(table, message["reason"])
            continue
        if message["type"] != "state":
            continue
        n = message["n"]
        if sent_n >= 0 and n > sent_n:
            now = time.monotonic()
            people.latencies.append((now, now - sent_at))
            sent_n = -1
        if message["table"]["status"] != "playing":
            if message["table"]["status"] != "finished" or time.monotonic() >= deadline:
                return None
            again = (message["table"].get("rematch") or {}).get("table")
            if again:
                return str(again)
            if not asked:
                people.finished[table] = people.finished.get(table, 0) + 1
                await ws.send(json.dumps({"type": "rematch"}))
                asked = True
            continue
        view = message["view"]
        if view["to_move"] == message["seat"] and view["legal_actions"] and sent_n < 0:
            await asyncio.sleep(rng.uniform(*think))
            if time.monotonic() >= deadline:
                return None
            sent_n, sent_at = n, time.monotonic()
            await ws.send(orjson.dumps({"type": "act", "action": choose(view, rng),
                                        "n": n}).decode())
            people.moves.append(sent_at)
            people.last_move[table] = sent_at


async def watch_computers(port: int, source: str, computer: str, deadline: float,
                          computers: Computers) -> None:
    """A table of three computer players made by ``source``, watched until ``deadline``: when
    its game ends, the next table is made (so that every phase has its gaps to measure)."""
    while time.monotonic() < deadline:
        answer = await asyncio.to_thread(insist, port, "POST", "/api/tables", {
            "rules": "binokel", "seats": [f"bot:{computer}"] * 3}, source=source)
        if not answer or "id" not in answer:
            raise SystemExit(f"a computer players' table was refused: {answer}")
        computers.tables += 1
        await watch(port, answer["id"], deadline, computers)


async def watch(port: int, table: str, deadline: float, computers: Computers) -> None:
    """A spectator of a computer players' table (it pings, as the page does), until its game
    ends."""
    async with connect(f"ws://127.0.0.1:{port}/ws/{table}", max_size=2**20,
                       open_timeout=60, local_addr=("127.2.0.1", 0)) as ws:
        await ws.send(json.dumps({"type": "hello"}))
        last_n, last_at, pinged = -1, 0.0, time.monotonic()
        while (timeout := deadline - time.monotonic()) > 0:
            if time.monotonic() - pinged > 15:
                await ws.send(json.dumps({"type": "ping"}))
                pinged = time.monotonic()
            try:
                message = orjson.loads(await asyncio.wait_for(ws.recv(), min(timeout, 5)))
            except TimeoutError:
                continue
            if message["type"] != "state":
                continue
            now = time.monotonic()
            if last_n >= 0 and message["n"] > last_n:
                computers.gaps.append((now, now - last_at))
            if message["n"] != last_n:
                last_n, last_at = message["n"], now
            if message["table"]["status"] != "playing":
                return


async def lag_monitor(lags: list[tuple[float, float]], every: float = 0.05) -> None:
    """Record how late this process's event loop wakes (a busy client inflates latencies)."""
    while True:
        asked = time.monotonic()
        await asyncio.sleep(every)
        now = time.monotonic()
        lags.append((now, now - asked - every))


Seat = tuple[str, str, str]
"""(table, seat token, source address) of one person."""


def run_loop(main: Coroutine[Any, Any, Any]) -> None:
    """Run a client process's event loop: uvloop's where it is installed (the server's choice,
    ``uvicorn[standard]``), with the garbage collector off: a run is minutes long, and with it
    on the clients' loops stalled up to 320 ms at 1,000 tables and inflated the people's p99
    (with :class:`binokel.web.collector.Collector`, as the server, still up to 320 ms: its
    middle collections and the client's garbage are not the server's)."""
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        import uvloop
    except ImportError:
        asyncio.run(main)
    else:
        uvloop.run(main)


def people_process(port: int, seats: list[Seat], think: tuple[float, float], seed: float,
                   deadline: float, ramp: float, pipe: Any) -> None:
    """One client process's share of the people: play until the parent says stop (or the
    deadline), then send back what was measured.  ``time.monotonic`` is the system's
    monotonic clock, so times compare across processes."""
    async def play() -> None:
        people = People()
        rng = random.Random(seed)
        stopped = asyncio.Event()
        loop = asyncio.get_running_loop()
        threading.Thread(target=lambda: (pipe.recv(), loop.call_soon_threadsafe(stopped.set)),
                         daemon=True).start()
        tasks = [asyncio.ensure_future(seat(port, table, token, source, deadline, people,
                                            random.Random(rng.random()), think,
                                            ramp * i / len(seats)))
                 for i, (table, token, source) in enumerate(seats)]
        tasks.append(asyncio.ensure_future(lag_monitor(people.lags)))
        pipe.send("playing")
        await stopped.wait()
        pipe.send(people)
        # Gone at once: the sockets' closing handshakes are no part of the measurement (and
        # take long on a busy machine).
        os._exit(0 if tasks else 1)

    run_loop(play())


class PeopleProcesses:
    """The people split over ``count`` client processes (0: in this process's event loop)."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.processes: list[Any] = []
        self.pipes: list[Any] = []

    def start(self, port: int, seats: list[Seat], think: tuple[float, float], seed: int,
              deadline: float, ramp: float) -> None:
        context = multiprocessing.get_context("spawn")
        rng = random.Random(seed)
        for i in range(self.count):
            mine, theirs = context.Pipe()
            process = context.Process(target=people_process, daemon=True, args=(
                port, seats[i::self.count], think, rng.random(), deadline, ramp, theirs))
            process.start()
            self.processes.append(process)
            self.pipes.append(mine)
        for pipe in self.pipes:
            if pipe.recv() != "playing":
                raise SystemExit("a client process did not start")

    def pids(self) -> list[int]:
        return [p.pid for p in self.processes]

    def stop(self, into: People) -> None:
        for pipe in self.pipes:
            pipe.send("stop")
        for pipe in self.pipes:
            into.add(pipe.recv())
        for process in self.processes:
            process.join(timeout=30)
            if process.is_alive():
                process.kill()


def move_workers(server: int, cpus: set[int]) -> None:
    """Put the server's worker processes (every thread of each, the fork server's workers
    too) on ``cpus``: with ``--pin`` the server's event loop keeps its core to itself, as on
    any machine with more than one core.  A process the server starts (the fork server, a
    review, a garbage probe) inherits the server's core, so this is done again and again
    (:func:`keep_workers_off`); a worker forked from the fork server, once that is moved,
    starts on ``cpus``."""
    for child in descendants(server):
        for task in Path(f"/proc/{child}/task").iterdir():
            with contextlib.suppress(OSError):
                os.sched_setaffinity(int(task.name), cpus)


async def keep_workers_off(server: int) -> None:
    cpus = os.sched_getaffinity(0)
    while True:
        await asyncio.to_thread(move_workers, server, cpus)
        await asyncio.sleep(0.2)


class LogTail:
    """The lines a log file has gained since the last look."""

    def __init__(self, path: Path) -> None:
        self.path, self.offset = path, path.stat().st_size

    def new(self) -> list[str]:
        with open(self.path, "rb") as file:
            file.seek(self.offset)
            text = file.read()
        complete = text[:text.rfind(b"\n") + 1]
        self.offset += len(complete)
        return [line for line in complete.decode(errors="replace").splitlines() if line.strip()]


async def watch_copies(server: int, seen: dict[int, float]) -> None:
    """Note when each copy of the server starts (its garbage collector's probe, a fork of the
    server: a child with the server's command line), so that a phase it ran in is marked."""
    command = Path(f"/proc/{server}/cmdline").read_bytes()
    while True:
        for child in children(server):
            with contextlib.suppress(OSError):
                if child not in seen and Path(f"/proc/{child}/cmdline").read_bytes() == command:
                    seen[child] = time.monotonic()
        await asyncio.sleep(0.2)


def waited_seconds(pid: int) -> float:
    """Seconds a process's main thread has spent ready to run but waiting for a CPU (the
    machine's other work), from /proc/PID/schedstat; 0 where unknown."""
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def cpu_now(server: int, clients: list[int]) -> tuple[float, float, float, float, float]:
    """Seconds so far: CPU of the server, of its computer players' workers (those replaced
    too) and of the clients; waiting for a CPU of the server's and the clients' event loops."""
    return (cpu_seconds(server) or 0.0,
            (worker_cpu_seconds(server) or 0.0) + reaped_cpu_seconds(server),
            sum(cpu_seconds(pid) or 0.0 for pid in clients), waited_seconds(server),
            sum(waited_seconds(pid) for pid in clients))


# --- attacks: each runs until ``stop`` is set and returns what it got ---------------------------

def attack_fill(port: int, stop: threading.Event) -> str:
    made = refused = joined = 0
    tokens: dict[str, str] = {}
    while not stop.is_set():
        try:
            status, answer = call(port, "POST", "/api/tables",
                                  {"rules": "binokel", "seats": ["open"] * 3}, source=ATTACKER,
                                  headers={"x-forwarded-for": f"10.9.{made % 250}.1"})
        except OSError:  # closed at once: too many new connections
            status = 0
        if status != 201:
            refused += 1
            continue
        made += 1
        for s in range(3):
            seated = insist(port, "POST", f"/api/tables/{answer['id']}/join", {"seat": s},
                            source=ATTACKER)
            if seated and "token" in seated:
                joined += 1
                tokens[answer["id"]] = seated["token"]
    for table_id, token in tokens.items():  # (so that the next attack starts afresh)
        insist(port, "POST", f"/api/tables/{table_id}/abandon", {"token": token},
               source=ATTACKER)
    return f"{made} tables made, {joined} seats taken, {refused} refused"


async def connect_insisting(url: str, stop: threading.Event, **options: Any) -> Any:
    """The attacker's WebSocket, opened again (for 5 s at most, or until ``stop``) while the
    server refuses it for opening connections too fast: the socket cap, not the connection
    rate, is what should hold it back."""
    given_up = time.monotonic() + 5
    while True:
        try:
            return await connect(url, open_timeout=60, local_addr=(ATTACKER, 0), **options)
        except Exception:
            if stop.is_set() or time.monotonic() > given_up:
                raise
            await asyncio.sleep(0.1)


async def attacker_tables(port: int, stop: threading.Event, bot: str, *, hints: bool,
                          play: bool) -> str:
    """Twenty tables of the attacker against computer players ``bot``: at each of them it asks
    for a hint ten times a second (``hints``) and/or plays its turn at once (``play``)."""
    tables = []
    for _ in range(20):
        answer = await asyncio.to_thread(
            insist, port, "POST", "/api/tables",
            {"rules": "binokel", "seats": ["human", f"bot:{bot}", f"bot:{bot}"], "take": 0},
            source=ATTACKER)
        if answer and "id" in answer:
            tables.append(answer)
    counts = {"hint": 0, "error": 0, "moves": 0, "failed": 0}
    rng = random.Random(3)

    async def flood(table: dict[str, Any]) -> None:
        async with await connect_insisting(f"ws://127.0.0.1:{port}/ws/{table['id']}",
                                           stop) as ws:
            await ws.send(json.dumps({"type": "hello", "token": table["token"]}))
            while not stop.is_set():
                if hints:
                    await ws.send(json.dumps({"type": "hint"}))
                with contextlib.suppress(TimeoutError):
                    while True:
                        message = orjson.loads(await asyncio.wait_for(ws.recv(), 0.1))
                        if message["type"] in counts:
                            counts[message["type"]] += 1
                        view = message.get("view") or {}
                        if (play and message["type"] == "state" and view.get("to_move") == 0
                                and view.get("legal_actions")):
                            counts["moves"] += 1
                            await ws.send(json.dumps({"type": "act", "n": message["n"],
                                                      "action": choose(view, rng)}))

    ends = await asyncio.gather(*(flood(t) for t in tables), return_exceptions=True)
    counts["failed"] = sum(isinstance(e, Exception) for e in ends)
    for table in tables:
        await asyncio.to_thread(insist, port, "POST", f"/api/tables/{table['id']}/abandon",
                                {"token": table["token"]}, source=ATTACKER)
    return (f"{len(tables)} tables, {counts['hint']} hints answered, {counts['error']} "
            f"refused, {counts['moves']} own moves, {counts['failed']} sockets failed")


async def attack_hints(port: int, stop: threading.Event) -> str:
    return await attacker_tables(port, stop, "random", hints=True, play=False)


async def attack_experts(port: int, stop: threading.Event) -> str:
    return await attacker_tables(port, stop, "expert", hints=False, play=True)


def attack_pad(port: int, stop: threading.Event) -> str:
    stored = refused = 0
    made = insist(port, "POST", "/api/pads", {"rules": "binokel", "players": ["A", "B", "C"]},
                  source=ATTACKER)
    if not made or "id" not in made:
        return f"no pad: {made}"
    n = 0
    while not stop.is_set():
        n += 1
        try:
            status, _ = call(port, "POST", f"/api/pads/{made['id']}/ops",
                             {"token": made["token"], "op": {"id": f"x{n}", "kind": "void"}},
                             source=ATTACKER)
        except OSError:
            status = 0
        if status == 200:
            stored += 1
        else:
            refused += 1
    return f"{stored} changes stored, {refused} refused"


def attack_headers(port: int, stop: threading.Event) -> str:
    held: list[socket.socket] = []
    failed = 0
    for _ in range(1100):
        try:
            sock = socket.create_connection(("127.0.0.1", port), timeout=2,
                                            source_address=(ATTACKER, 0))
            sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            held.append(sock)
        except OSError:
            failed += 1
    stop.wait(HEADER_WAIT)
    alive = 0
    for sock in held:
        sock.setblocking(False)
        try:
            alive += sock.recv(1) != b""
        except BlockingIOError:
            alive += 1
        except OSError:
            pass
    stop.wait()
    for sock in held:
        sock.close()
    return (f"{len(held)} opened ({failed} failed), {alive} still open after "
            f"{HEADER_WAIT:g} s")


def attack_qr(port: int, stop: threading.Event) -> str:
    made = insist(port, "POST", "/api/tables", {"rules": "binokel", "seats": ["open"] * 3},
                  source=ATTACKER)
    served = refused = 0
    while not stop.is_set() and made and "id" in made:
        try:
            answer, _ = call(port, "GET", f"/api/tables/{made['id']}/invite.svg",
                             source=ATTACKER,
                             headers={"host": f"127.0.0.1:{1000 + served % 60000}"})
        except OSError:
            answer = 0
        served += answer == 200
        refused += answer != 200
    if made and "id" in made:
        insist(port, "POST", f"/api/tables/{made['id']}/cancel",
               {"token": made["cancel_token"]}, source=ATTACKER)
    return f"{served} codes served, {refused} refused"


async def attack_spectators(port: int, stop: threading.Event, tables: list[str]) -> str:
    sockets = []
    for i in range(40):
        try:
            ws = await connect_insisting(f"ws://127.0.0.1:{port}/ws/{tables[i % len(tables)]}",
                                         stop, max_queue=1, close_timeout=1)
            await ws.send(json.dumps({"type": "hello"}))
            sockets.append(ws)
        except Exception:
            pass
    while not stop.is_set():
        await asyncio.sleep(0.2)
    open_now = sum(ws.close_code is None for ws in sockets)
    await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)
    return f"{len(sockets)} watchers connected, {open_now} still open at the end"


def attacker_process(port: int, phase: str, tables: list[str], nice: int, pipe: Any) -> None:
    """Run one attack from "go" to "stop" (messages on ``pipe``), then send back what it got
    and this process's CPU seconds."""
    os.setpriority(os.PRIO_PROCESS, 0, nice)  # (not relative: the clients' may be below 0)
    stop = threading.Event()

    async def attack() -> None:
        pipe.send("ready")
        await asyncio.to_thread(pipe.recv)

        def wait_for_stop() -> None:
            pipe.recv()
            stop.set()

        threading.Thread(target=wait_for_stop, daemon=True).start()
        if phase in ("hints", "experts"):
            got = await globals()[f"attack_{phase}"](port, stop)
        elif phase == "spectators":
            got = await attack_spectators(port, stop, tables)
        else:
            got = await asyncio.to_thread(globals()[f"attack_{phase}"], port, stop)
        pipe.send((got, time.process_time()))

    run_loop(attack())


class Attacker:
    """One attack in a process of its own, started before its phase: its CPU is counted apart
    from the people's, and at ``nice`` (19 by default) it takes only the CPU the people's
    client processes leave, as an attacker on a machine of its own would take none of theirs
    (what it got is printed, so that a weaker attack shows)."""

    def __init__(self, port: int, phase: str, tables: list[str], nice: int) -> None:
        context = multiprocessing.get_context("spawn")
        self.pipe, theirs = context.Pipe()
        self.process = context.Process(target=attacker_process, daemon=True,
                                       args=(port, phase, tables, nice, theirs))
        self.process.start()
        if self.pipe.recv() != "ready":
            raise SystemExit(f"the {phase} attack did not start")

    def go(self) -> None:
        self.pipe.send("go")

    def stop(self) -> tuple[str, float]:
        self.pipe.send("stop")
        got: tuple[str, float] = self.pipe.recv()
        self.process.join(timeout=30)
        if self.process.is_alive():
            self.process.kill()
        return got


# --- the run ----------------------------------------------------------------------------------

def raise_clients(pids: list[int], nice: int) -> None:
    """Put the people's client processes at niceness ``nice`` (their main threads, which play
    every seat), so that on a machine too small for the three the server's computer players'
    workers, on the same CPU as the clients, do not delay what the clients measure."""
    try:
        for pid in pids:
            os.setpriority(os.PRIO_PROCESS, pid, nice)
    except PermissionError:
        print(f"the clients stay at their niceness: {nice} needs root (CAP_SYS_NICE)",
              flush=True)
    else:
        print(f"the clients at niceness {nice}", flush=True)


#: Seconds a phase with the garbage probe begins before the probe is seen (it is looked for
#: every 0.2 s).
PROBE_LEAD = 0.2


async def settle(server: int, client_pids: list[int], copies: dict[int, float],
                 args: argparse.Namespace) -> list[Window]:
    """Play quietly until the server's garbage probe has run (at most ``--settle`` seconds):
    the heap of a new server passes the collector's floor a few minutes in, and the probe
    then comes due once, in whatever phase runs then.  It is measured here, in a phase of its
    own (``probe``: from the fork, ``--seconds`` long), and the phases after it are free of
    it (the next comes when the heap has grown fourfold, or in an hour)."""
    start = time.monotonic()
    cpu_start = cpu_now(server, client_pids)
    while not copies and time.monotonic() - start < args.settle:
        await asyncio.sleep(0.2)
    if not copies:
        print(f"  no garbage probe came in {args.settle:g} s", flush=True)
        return [("settling", start, time.monotonic(), "no probe came", [0.0] * 6, 0)]
    forked = min(copies.values()) - PROBE_LEAD
    settling: Window = ("settling", start, forked, "", _cpu_share(
        cpu_start, cpu_now(server, client_pids), start, forked), 0)
    print(f"  settling: {forked - start:.1f} s until the garbage probe", flush=True)
    seen, cpu_start = time.monotonic(), cpu_now(server, client_pids)
    await asyncio.sleep(max(0.0, forked + args.seconds - seen))
    end = time.monotonic()
    cpu = _cpu_share(cpu_start, cpu_now(server, client_pids), seen, end)
    print(f"  probe: {end - forked:.1f} s, CPU server {cpu[0]:.0%}", flush=True)
    return [settling, ("probe", forked, end, "the server's garbage probe", cpu,
                       sum(forked <= t < end for t in copies.values()))]


Window = tuple[str, float, float, str, list[float], int]
"""(phase, start, end, what the attack got, CPU shares, garbage probes run) of one phase."""


def _cpu_share(before: tuple[float, ...], after: tuple[float, ...], start: float,
               end: float) -> list[float]:
    """Each CPU measure's share of the phase, and a last share for the attacker (0 here)."""
    return [(b - a) / (end - start) for a, b in zip(before, after, strict=True)] + [0.0]

async def run(port: int, server: int, args: argparse.Namespace) -> list[dict[str, Any]]:
    people, computers = People(), Computers()
    rng = random.Random(7)
    print(f"making {args.tables} tables ...", flush=True)

    def make(i: int) -> tuple[str, list[str], str]:
        source = player_address(i)
        status, made = call(port, "POST", "/api/tables", {"rules": "binokel",
                            "seats": ["open"] * 3, "title": f"t{i}"}, source=source)
        if status != 201:
            raise SystemExit(f"table {i} refused: {made}")
        tokens = [call(port, "POST", f"/api/tables/{made['id']}/join", {"seat": s},
                       source=source)[1]["token"] for s in range(3)]
        return made["id"], tokens, source

    loop = asyncio.get_running_loop()
    made = await asyncio.gather(*(loop.run_in_executor(None, make, i)
                                  for i in range(args.tables)))
    attacks = [a for a in args.attacks.split(",") if a]
    # A quiet phase before each attack: on a shared machine the load of others drifts, and
    # each attack is compared with the quiet minutes just before it.
    phases = [p for a in attacks for p in ("quiet", a)] if args.interleave else [
        "quiet", *attacks]
    # The people play until every phase is over (an attack may take longer than its phase to
    # wind down), and are stopped then.
    deadline = time.monotonic() + 10 * (args.seconds * len(phases) + args.warmup) + 600
    seats = [(table, token, source) for table, tokens, source in made for token in tokens]
    split = PeopleProcesses(args.clients)
    # People arrive over the first half of the warm-up (at most 10 s), not all in one instant.
    ramp = min(args.warmup / 2, 10.0)
    clients = [] if args.clients else [
        asyncio.ensure_future(seat(port, table, token, source, deadline, people,
                                   random.Random(rng.random()), args.think,
                                   ramp * i / len(seats)))
        for i, (table, token, source) in enumerate(seats)]
    # Each computer players' table made by somebody else (another network).
    clients += [asyncio.ensure_future(watch_computers(port, f"127.2.0.{i + 1}", args.computer,
                                                      deadline, computers))
                for i in range(args.computer_tables)]
    clients.append(asyncio.ensure_future(lag_monitor(people.lags if not args.clients
                                                     else computers.lags)))
    await asyncio.to_thread(split.start, port, seats, args.think, 11, deadline, ramp)
    client_pids = [os.getpid(), *split.pids()]
    if args.clients_nice is not None:
        raise_clients(client_pids, args.clients_nice)
    print(f"{len(made)} tables, {len(seats) + args.computer_tables} connections "
          f"({args.clients or 'no'} client processes); warming up {args.warmup:g} s",
          flush=True)
    copies: dict[int, float] = {}
    clients.append(asyncio.ensure_future(watch_copies(server, copies)))
    await asyncio.sleep(args.warmup)
    windows = []
    if args.pin:  # (a worker started during a phase, the hints' say, is moved within 0.2 s)
        clients.append(asyncio.ensure_future(keep_workers_off(server)))
    said = LogTail(args.server_log)
    if args.settle:
        windows += await settle(server, client_pids, copies, args)
    for phase in phases:
        attacker = None if phase == "quiet" else await asyncio.to_thread(
            Attacker, port, phase, [t for t, _, _ in made], args.attacker_nice)
        start = time.monotonic()
        cpu_start = cpu_now(server, client_pids)
        if attacker is not None:
            attacker.go()
        await asyncio.sleep(args.seconds)
        got, attacker_cpu = await asyncio.to_thread(attacker.stop) if attacker else ("", 0.0)
        end = time.monotonic()
        cpu = _cpu_share(cpu_start, cpu_now(server, client_pids), start, end)
        cpu[-1] = attacker_cpu / (end - start)
        probes = sum(start <= t < end for t in copies.values())
        windows.append((phase, start, end, got, cpu, probes))
        print(f"  {phase}: {end - start:.1f} s, CPU server {cpu[0]:.0%} workers {cpu[1]:.0%} "
              f"clients {cpu[2]:.0%} attacker {cpu[5]:.0%}; waiting for a CPU: server "
              f"{cpu[3]:.0%} clients {cpu[4]:.0%}; {got}"
              + ("; the server's garbage probe ran" if probes else ""), flush=True)
        for line in said.new():
            print(f"    the server logged: {line[:200]}", flush=True)
    now = time.monotonic()
    await asyncio.to_thread(split.stop, people)
    print(f"computer players' tables: {computers.tables} ({args.computer_tables} at a time)",
          flush=True)
    results = []
    # Every quiet phase's moves together: a steadier measure of quiet than the one phase of
    # 10,000-odd moves before an attack, whose p99 is its 100th-worst move.
    latencies = [[x for t, x in people.latencies if start <= t < end]
                 for _, start, end, *_ in windows]
    all_quiet = percentile([x for (phase, *_), lat in zip(windows, latencies, strict=True)
                            if phase == "quiet" for x in lat], 0.99)
    for (phase, start, end, got, cpu, probes), lat in zip(windows, latencies, strict=True):
        gaps = [x for t, x in computers.gaps if start <= t < end]
        lags = [x for t, x in people.lags + computers.lags if start <= t < end]
        moves = sum(start <= t < end for t in people.moves)
        results.append({
            "phase": phase, "moves_per_second": moves / (end - start),
            "p50_ms": 1000 * percentile(lat, 0.5), "p99_ms": 1000 * percentile(lat, 0.99),
            "gap_p50": percentile(gaps, 0.5), "gap_p99": percentile(gaps, 0.99),
            "gap_max": max(gaps) if gaps else float("nan"), "gaps": len(gaps),
            "client_lag_p99_ms": 1000 * percentile(lags, 0.99),
            "cpu_server": cpu[0], "cpu_workers": cpu[1], "cpu_clients": cpu[2],
            "waited_server": cpu[3], "waited_clients": cpu[4], "cpu_attacker": cpu[5],
            "p99_all_quiet_ms": 1000 * all_quiet, "probes": probes, "attack": got})
        print(f"  {phase}: {results[-1]}", flush=True)
    held = sum(1 for table, _, _ in made if table not in people.failed
               and now - people.last_move.get(table, 0) < args.seconds)
    stalled = len(made) - len(people.failed) - held
    print(f"tables held: {held} of {len(made)} ({len(people.failed)} with an error or a "
          f"dropped connection, {stalled} without a move in the last {args.seconds:g} s; "
          f"{sum(people.finished.values()) // 3} games ended and were played again)" + (
        f"; first problems: {list(people.failed.values())[:3]}" if people.failed else ""),
        flush=True)
    print_table(results)
    for client in clients:
        client.cancel()
    await asyncio.wait(clients, timeout=15)
    return results


def print_table(results: list[dict[str, Any]]) -> None:
    # (the phases before the first quiet one, settling and the probe, are compared with it)
    quiet = next((r for r in results if r["phase"] == "quiet"), results[0])
    print("\n| phase | moves/s | p50 ms | p99 ms | p99 / quiet | p99 / all quiet "
          "| computer gap p50 / p99 / max s "
          "| gap p99 / quiet | client lag p99 ms | CPU server / workers / clients / attacker "
          "| waiting for a CPU: server / clients | the attack got |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in results:
        if r["phase"] == "quiet":
            quiet = r
        probed = " (the server's garbage probe ran)" if r.get("probes") else ""
        print(f"| {r['phase']}{probed} | {r['moves_per_second']:.1f} | {r['p50_ms']:.1f} | "
              f"{r['p99_ms']:.1f} | {r['p99_ms'] / quiet['p99_ms']:.2f} | "
              f"{r['p99_ms'] / r['p99_all_quiet_ms']:.2f} | "
              f"{r['gap_p50']:.2f} / {r['gap_p99']:.2f} / {r['gap_max']:.2f} | "
              f"{r['gap_p99'] / quiet['gap_p99']:.2f} | {r['client_lag_p99_ms']:.0f} | "
              f"{r['cpu_server']:.0%} / {r['cpu_workers']:.0%} / {r['cpu_clients']:.0%} / "
              f"{r['cpu_attacker']:.0%} | "
              f"{r['waited_server']:.0%} / {r['waited_clients']:.0%} | {r['attack']} |",
              flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20.0,
                        help="per phase (20; the slow-header attack takes at least 12)")
    parser.add_argument("--warmup", type=float, default=10.0)
    parser.add_argument("--think", type=parse_think, default=(0.5, 1.5), metavar="MIN-MAX")
    parser.add_argument("--computer-tables", type=int, default=10)
    parser.add_argument("--computer", default="heuristic:level=medium")
    parser.add_argument("--attacks", default=",".join(ATTACKS),
                        help=f"comma-separated, in order (default: {','.join(ATTACKS)})")
    parser.add_argument("--bot-workers", type=int, default=1)
    parser.add_argument("--clients", type=int, metavar="N",
                        help="client processes the people are split over (default 2, or 1 with "
                             "--pin: two on one core only wait for each other; 0: in the "
                             "process that runs the attacks, one event loop for all)")
    parser.add_argument("--attacker-nice", type=int, default=19, metavar="N",
                        help="the niceness of each attack's process (default 19: it gets the "
                             "CPU the people's clients leave; 0: an equal share)")
    parser.add_argument("--clients-nice", type=int, metavar="N",
                        help="the niceness of the people's client processes (default with "
                             "--pin: -10, where allowed: the workers share the clients' CPU "
                             "and made them wait for it 15-21%% of the experts phase; the "
                             "clients stand for other machines)")
    parser.add_argument("--reference", type=Path, metavar="DIR",
                        help="serve from another checkout (say, of the commit before a change) "
                             "to compare its figures with this tree's run by run")
    parser.add_argument("--settle", type=float, default=0.0, metavar="SECONDS",
                        help="before the phases, play quietly until the server's garbage "
                             "probe has run (at most SECONDS) and give the probe a phase of "
                             "its own, so that it falls in no other (0: no settling)")
    parser.add_argument("--interleave", action="store_true",
                        help="a quiet phase before each attack, compared with it")
    parser.add_argument("--pin", action="store_true",
                        help="the server's event loop on the first CPU; its workers, the "
                             "clients and the attacks on the others: a stand-in for a server "
                             "machine of several cores and clients on another machine")
    args = parser.parse_args()
    if args.clients is None:
        args.clients = 1 if args.pin else 2
    if args.clients_nice is None and args.pin:
        args.clients_nice = -10
    if args.reference is not None and not (args.reference / "binokel").is_dir():
        parser.error(f"--reference {args.reference}: no binokel/ there")
    unknown = set(args.attacks.split(",")) - set(ATTACKS) - {""}
    if unknown:
        parser.error(f"unknown attacks: {', '.join(sorted(unknown))}")
    port = free_port()
    server_cpus: set[int] | None = None
    if args.pin:
        cpus = sorted(os.sched_getaffinity(0))
        if len(cpus) < 2:
            parser.error("--pin needs at least two CPUs")
        server_cpus = {cpus[0]}
        os.sched_setaffinity(0, set(cpus[1:]))  # the client processes inherit it
        print(f"pinned: the server on CPU {cpus[0]}; its workers, the clients and the attacks "
              f"on {cpus[1:]}", flush=True)
    # ``timeout`` and ``kill`` end the run as Ctrl-C does: the server is stopped too.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    with tempfile.TemporaryDirectory() as tmp, open(Path(tmp) / "server.log", "w+") as log:
        # The server's log goes to a file: a pipe nobody reads would stop the server the
        # moment it filled (64 KB of warnings).
        args.server_log = Path(log.name)
        env, cwd = server_env(args.reference)
        print(f"serving from {args.reference or 'this tree'}", flush=True)
        process = subprocess.Popen(
            [sys.executable, "-m", "binokel", "serve", "--port", str(port), "--db",
             str(Path(tmp) / "web.sqlite3"), "--log-level", "warning",
             "--bot-workers", str(args.bot_workers)],
            stdout=subprocess.DEVNULL, stderr=log, env=env, cwd=cwd,
            preexec_fn=None if server_cpus is None else (
                lambda: os.sched_setaffinity(0, server_cpus)))
        try:
            wait_for_port(port, process, tries=600, pause=0.05)
            run_loop(run(port, process.pid, args))
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
            log.seek(0)
            lines = log.read().splitlines()
            distinct = [line[:200] for line in dict.fromkeys(lines[:2000]) if line.strip()]
            print(f"server log: {len(lines)} lines" + "".join(
                f"\n  {line}" for line in distinct[:8]), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
