#!/usr/bin/env python3
"""Load test of ``binokel serve``: N tables of players over real WebSockets on loopback.

Starts a server (``binokel serve`` on 127.0.0.1, a temporary database, no bot delay, no cap on
tables or sockets per address, no limit on how fast a socket sends) unless ``--url`` names one
already running on this machine (start it with ``--max-tables-per-client 0
--max-sockets-per-client 0 --max-messages-per-second 0 --max-requests-per-second 0
--max-connections-per-second 0``; the output says how many moves its rate limit refused:
each is sent again after a pause), creates N tables:
most with every seat open, taken by this script's players, each seat over its own token and
WebSocket; a share of them (``--expert-share``) seated with the expert computer player, watched
by one spectator.  A seat's player waits a think time drawn from ``--think`` (default 0.5-1.5
seconds, like a person; ``--think 0`` for none) whenever its view says it is its turn, then
plays a random legal action, for a fixed time.  Then it prints:

* tables held: tables whose every connection stayed up, got no error and kept moving;
* moves per second over the players' tables, and the experts' moves;
* move latency at the players' tables: from sending an action to receiving the state that
  shows it (p50, p99, max);
* CPU time per move of the server process, of its computer players' worker processes, and of
  this script.

Several servers on one PostgreSQL (``--db postgresql://… --servers 2``): each run makes a new
database on that PostgreSQL server (dropped afterwards), starts the servers on it, makes table
i on server i mod N and connects seat s of table i to server (i + s) mod N, so most tables have
players on both servers (their connections relayed to the table's holder).
``--against-sqlite`` runs one server on SQLite as well, run by run, and prints both side by
side.

Usage: .venv/bin/python scripts/bench/loadtest.py --tables 200 --seconds 60 --expert-share 0.1
       .venv/bin/python scripts/bench/loadtest.py --tables 100 --seconds 30 --think 0 --repeat 3 \
           --reference /tmp/old-checkout   # side by side with another tree's server
       .venv/bin/python scripts/bench/loadtest.py --tables 200 --servers 2 --against-sqlite \
           --db postgresql://postgres@127.0.0.1/postgres --repeat 3
Only loopback addresses are accepted; the run stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import orjson
from websockets.asyncio.client import connect

#: How the server's refusal of a message sent too fast begins, and how long a seat waits
#: before it sends a refused move again (a tenth of a second: the default limit's refill).
RATE_LIMITED = "Too many messages"
RESEND_PAUSE = 0.1
#: The server's caps this script lifts where the server has them: every table and socket
#: comes from loopback, and clients without think time send faster than a person.
LIFTED = ("--max-tables-per-client", "--max-sockets-per-client", "--max-messages-per-second",
          "--max-requests-per-second", "--max-connections-per-second")


@dataclass
class TableRun:
    id: str
    tokens: list[str]
    moves: int = 0
    errors: list[str] = field(default_factory=list)
    rate_limited: int = 0
    dropped: int = 0
    finished: bool = False
    last_move: float = 0.0


@dataclass
class Totals:
    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    expert_moves: int = 0


def is_loopback(url: str) -> bool:
    host = urlparse(url).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        data: dict[str, Any] = json.loads(response.read())
        return data


def make_table(base: str, rules: str, players: int, *, expert: bool = False) -> TableRun:
    if expert:
        made = post(f"{base}/api/tables", {"rules": rules, "seats": ["bot:expert"] * players,
                                           "take": None, "title": "experts"})
        return TableRun(id=made["id"], tokens=[])
    made = post(f"{base}/api/tables", {"rules": rules, "seats": ["open"] * players, "take": None,
                                       "title": "load test"})
    tokens = [post(f"{base}/api/tables/{made['id']}/join", {"seat": s, "name": f"load{s}"})
              ["token"] for s in range(players)]
    return TableRun(id=made["id"], tokens=tokens)


def parse_think(text: str) -> tuple[float, float]:
    """``0.5-1.5`` (seconds, drawn uniformly), ``1`` (always) or ``0`` (none)."""
    low, _, high = text.partition("-")
    bounds = (float(low), float(high or low))
    if not 0 <= bounds[0] <= bounds[1] <= 60:
        raise argparse.ArgumentTypeError(f"think time like 0.5-1.5 (seconds), not {text!r}")
    return bounds


def choose(view: dict[str, Any], rng: random.Random) -> str:
    legal: list[str] = view["legal_actions"]
    # Play most hands out in trumps, as at a real table; giving up ends a hand at once.
    plain = [a for a in legal if not a.startswith(("out", "durch", "open"))]
    return rng.choice(plain if plain and rng.random() < 0.97 else legal)


async def spectator(ws_base: str, table: TableRun, deadline: float, totals: Totals) -> None:
    """Watch a computer players' table and count its moves."""
    try:
        async with connect(f"{ws_base}/ws/{table.id}", max_size=2**20, open_timeout=30) as ws:
            await ws.send(json.dumps({"type": "hello"}))
            last = -1
            while (timeout := deadline - time.monotonic()) > 0:
                try:
                    message = orjson.loads(await asyncio.wait_for(ws.recv(), timeout))
                except TimeoutError:
                    return
                if message["type"] != "state":
                    continue
                if last >= 0 and message["n"] > last:
                    totals.expert_moves += message["n"] - last
                    table.moves += message["n"] - last
                    table.last_move = time.monotonic()
                last = message["n"]
                if message["table"]["status"] != "playing":
                    table.finished = True
                    return
    except Exception as exc:
        table.dropped += 1
        table.errors.append(f"spectator: {type(exc).__name__}: {exc}")


async def seat_client(ws_base: str, table: TableRun, seat: int, deadline: float,
                      totals: Totals, rng: random.Random, think: tuple[float, float]) -> None:
    try:
        async with connect(f"{ws_base}/ws/{table.id}", max_size=2**20, open_timeout=30) as ws:
            await ws.send(json.dumps({"type": "hello", "token": table.tokens[seat]}))
            sent_n = -1
            sent_at = 0.0
            sent = ""
            while True:
                timeout = deadline - time.monotonic()
                if timeout <= 0:
                    return
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout)
                except TimeoutError:
                    return
                message = orjson.loads(raw)
                if message["type"] == "error":
                    if message["reason"].startswith(RATE_LIMITED) and sent_n >= 0:
                        # A server that limits how fast a socket sends (one started without
                        # --max-messages-per-second 0): the move is counted and sent again.
                        table.rate_limited += 1
                        await asyncio.sleep(RESEND_PAUSE)
                        await ws.send(sent)
                        continue
                    table.errors.append(message["reason"])
                    continue
                if message["type"] != "state":
                    continue
                n = message["n"]
                if sent_n >= 0 and n > sent_n:
                    totals.latencies.append(time.monotonic() - sent_at)
                    sent_n = -1
                if message["table"]["status"] != "playing":
                    table.finished = True
                    return
                view = message["view"]
                if view["to_move"] == seat and view["legal_actions"] and sent_n < 0:
                    if think[1] > 0:
                        await asyncio.sleep(rng.uniform(*think))
                        if time.monotonic() >= deadline:
                            return
                    sent_n, sent_at = n, time.monotonic()
                    sent = json.dumps({"type": "act", "action": choose(view, rng), "n": n})
                    await ws.send(sent)
                    table.moves += 1
                    totals.moves += 1
                    table.last_move = time.monotonic()
    except Exception as exc:  # a dropped connection counts against the table
        table.dropped += 1
        table.errors.append(f"seat {seat}: {type(exc).__name__}: {exc}")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def server_env(source: Path | None) -> tuple[dict[str, str], str | None]:
    """The environment and working directory that run ``source``'s ``binokel`` (None: this
    tree's).  ``python -m`` puts the working directory first on the path, ahead of
    ``PYTHONPATH``, so a reference started from this tree's directory would run this tree."""
    env = dict(os.environ)
    if source is None:
        return env, None
    env["PYTHONPATH"] = str(source)
    found = subprocess.run([sys.executable, "-c", "import binokel; print(binokel.__file__)"],
                           capture_output=True, text=True, env=env, cwd=source, check=True)
    if not Path(found.stdout.strip()).resolve().is_relative_to(source.resolve()):
        raise SystemExit(f"--reference {source}: binokel comes from {found.stdout.strip()}")
    return env, str(source)


def wait_for_port(port: int, process: subprocess.Popen[Any], *, tries: int,
                  pause: float) -> None:
    """Wait until the server started as ``process`` takes connections on ``port``."""
    for _ in range(tries):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            if process.poll() is not None:
                raise SystemExit("the server did not start") from None
            time.sleep(pause)


def lifted_caps(env: dict[str, str], cwd: str | None) -> list[str]:
    """``binokel serve``'s flags that lift the caps of :data:`LIFTED` the server has (a
    reference may lack a flag; its rate-limited moves are counted)."""
    known = subprocess.run([sys.executable, "-m", "binokel", "serve", "--help"],
                           capture_output=True, text=True, env=env, cwd=cwd).stdout
    return [x for flag in LIFTED if flag in known for x in (flag, "0")]


@contextlib.contextmanager
def own_servers(db: str, count: int = 1, source: Path | None = None) -> Any:
    """``count`` servers on one database (an SQLite file or a PostgreSQL address): yields
    their addresses and processes."""
    with contextlib.ExitStack() as stack:
        started = [stack.enter_context(own_server(db, source)) for _ in range(count)]
        yield [base for base, _ in started], [process for _, process in started]


@contextlib.contextmanager
def fresh_postgres_database(url: str) -> Any:
    """A new database on the PostgreSQL server of ``url`` for one run, dropped after it."""
    import psycopg

    name = f"binokel_load_{os.getpid()}_{random.randrange(10**6)}"
    with psycopg.connect(url, autocommit=True) as db:
        db.execute(f"CREATE DATABASE {name}")
    try:
        yield urlparse(url)._replace(path=f"/{name}").geturl()
    finally:
        with psycopg.connect(url, autocommit=True) as db:
            db.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@contextlib.contextmanager
def own_server(db: str | Path, source: Path | None = None) -> Any:
    """``binokel serve`` on a free loopback port: this tree's, or the one in ``source`` (a
    reference checkout, run with the same interpreter)."""
    port = free_port()
    env, cwd = server_env(source)
    if cwd is not None and "://" not in str(db):
        db = Path(db).resolve()
    command = [sys.executable, "-m", "binokel", "serve"]
    process = subprocess.Popen(
        [*command, "--port", str(port), "--db", str(db), "--bot-delay", "0",
         "--log-level", "warning", *lifted_caps(env, cwd)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=cwd)
    try:
        wait_for_port(port, process, tries=600, pause=0.05)
        yield f"http://127.0.0.1:{port}", process
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _stat(pid: int) -> list[str] | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def cpu_seconds(pid: int | None) -> float | None:
    """CPU time (user + system) a process has used, from /proc; None where unknown."""
    fields = None if pid is None else _stat(pid)
    if fields is None:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def sum_cpu(measure: Any, pids: list[int]) -> float | None:
    """A CPU figure summed over several server processes; None where one is unknown."""
    values = [measure(pid) for pid in pids]
    return None if not values or None in values else float(sum(values))


def children(pid: int) -> list[int]:
    """A process's children, from /proc (each of its threads' list)."""
    found: list[int] = []
    for listed in Path(f"/proc/{pid}/task").glob("*/children"):
        with contextlib.suppress(OSError):
            found.extend(int(child) for child in listed.read_text().split())
    return found


def descendants(pid: int) -> list[int]:
    """A process's children, their children and so on (a fork server's workers)."""
    found, todo = [], [pid]
    while todo:
        below = children(todo.pop())
        found.extend(below)
        todo.extend(below)
    return found


def worker_cpu_seconds(pid: int | None) -> float | None:
    """CPU time of a process's descendants (the server's computer-player workers, and the
    fork server they come from), those ended and waited for included."""
    if pid is None:
        return None
    total = 0.0
    for process in descendants(pid):
        total += (cpu_seconds(process) or 0.0) + reaped_cpu_seconds(process)
    return total


def reaped_cpu_seconds(pid: int) -> float:
    """CPU time of a process's children that have ended and were waited for (workers
    replaced), from /proc; 0 where unknown."""
    fields = _stat(pid)
    return 0.0 if fields is None else (int(fields[13]) + int(fields[14])) / os.sysconf(
        "SC_CLK_TCK")


async def run(bases: list[str], args: argparse.Namespace, server_pids: list[int] | None = None
              ) -> dict[str, Any]:
    base = bases[0]
    meta = json.loads(urllib.request.urlopen(f"{base}/api/meta", timeout=30).read())
    players = next(r["players"] for r in meta["rule_sets"] if r["name"] == args.rules)
    experts = round(args.tables * args.expert_share)
    started = time.monotonic()
    tables = await asyncio.gather(*[
        asyncio.to_thread(make_table, bases[i % len(bases)], args.rules, players,
                          expert=i < experts)
        for i in range(args.tables)])
    setup = time.monotonic() - started
    ws_bases = ["ws" + b[len("http"):] for b in bases]
    totals = Totals()
    pids = server_pids or []
    server_cpu = sum_cpu(cpu_seconds, pids)
    workers_cpu = sum_cpu(worker_cpu_seconds, pids)
    client_cpu = time.process_time()
    begin = time.monotonic()
    deadline = begin + args.seconds
    def on(i: int) -> str:
        return ws_bases[i % len(ws_bases)]

    # The steady state: server CPU and moves from the end of the warm-up (every socket has
    # connected and said hello by then, as a rule) to the end of the run.
    warm: dict[str, float | None] = {}

    async def after_warm_up() -> None:
        await asyncio.sleep(args.warmup)
        warm["cpu"] = sum_cpu(cpu_seconds, pids)
        warm["moves"] = totals.moves + totals.expert_moves

    warming = asyncio.create_task(after_warm_up())
    await asyncio.gather(*[
        seat_client(on(i + seat), table, seat, deadline, totals,
                    random.Random(f"{table.id}/{seat}"), args.think)
        for i, table in enumerate(tables) if table.tokens for seat in range(players)],
        *[spectator(on(i + 1), table, deadline, totals)
          for i, table in enumerate(tables) if not table.tokens])
    warming.cancel()
    elapsed = time.monotonic() - begin
    client_cpu = time.process_time() - client_cpu
    server_after = sum_cpu(cpu_seconds, pids)
    warm_cpu, warm_moves = warm.get("cpu"), warm.get("moves")
    steady_moves = totals.moves + totals.expert_moves - (warm_moves or 0)
    steady = (None if warm_cpu is None or server_after is None or not steady_moves
              else round(1000 * (server_after - warm_cpu) / steady_moves, 3))
    server_cpu = None if server_cpu is None or server_after is None else server_after - server_cpu
    workers_after = sum_cpu(worker_cpu_seconds, pids)
    workers_cpu = (None if workers_cpu is None or workers_after is None
                   else workers_after - workers_cpu)
    # A held table still moved in the last seconds (an expert may think for a while).
    stale = begin + args.seconds - max(5.0, 2 * args.think[1] + 1)
    held = [t for t in tables if not t.dropped and not t.errors
            and (t.finished or t.last_move >= stale)]
    lat = totals.latencies
    all_moves = totals.moves + totals.expert_moves
    return {
        "servers": len(bases),
        "tables": args.tables, "expert_tables": experts, "tables_held": len(held),
        "connections": (args.tables - experts) * players + experts,
        "think": list(args.think), "expert_moves": totals.expert_moves,
        "warmup": args.warmup,
        "seconds": round(elapsed, 1), "setup_seconds": round(setup, 1), "moves": totals.moves,
        "moves_per_second": round(totals.moves / elapsed, 1),
        "latency_ms_p50": round(1000 * percentile(lat, 0.50), 1),
        "latency_ms_p99": round(1000 * percentile(lat, 0.99), 1),
        "latency_ms_max": round(1000 * max(lat), 1) if lat else None,
        "latency_ms_mean": round(1000 * statistics.fmean(lat), 1) if lat else None,
        "games_finished": sum(t.finished for t in tables),
        # CPU time per move does not depend on what else the machine is running.
        # Every move the server made, the players' and the experts' alike, costs it CPU.
        "server_cpu_ms_per_move": (round(1000 * server_cpu / all_moves, 3)
                                   if server_cpu is not None and all_moves else None),
        # The same after the warm-up: without the connections' handshakes and hellos.
        "server_cpu_ms_per_move_steady": steady,
        "server_cpu_share": (round(server_cpu / elapsed, 2) if server_cpu is not None
                             else None),
        "worker_cpu_seconds": round(workers_cpu, 1) if workers_cpu is not None else None,
        "client_cpu_ms_per_move": (round(1000 * client_cpu / totals.moves, 2)
                                   if totals.moves else None),
        "load_average": round(os.getloadavg()[0], 1),
        "errors": sum(len(t.errors) for t in tables),
        "rate_limited": sum(t.rate_limited for t in tables),
        "first_errors": [e for t in tables for e in t.errors][:5],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100, help="simultaneous tables (100)")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long to play (30)")
    parser.add_argument("--rules", default="binokel", help="rule set (binokel)")
    parser.add_argument("--think", type=parse_think, default=(0.5, 1.5), metavar="MIN-MAX",
                        help="seconds a player thinks before each move (0.5-1.5; 0: none)")
    parser.add_argument("--expert-share", type=float, default=0.0, metavar="SHARE",
                        help="share of the tables seated with expert computer players (0)")
    parser.add_argument("--url", action="append", default=[],
                        help="a running server on loopback (default: start one); repeat it "
                             "for several servers on one PostgreSQL")
    parser.add_argument("--db", metavar="URL",
                        help="a PostgreSQL server (postgresql://…) for the servers this script "
                             "starts: each run gets a new database on it (default: SQLite)")
    parser.add_argument("--servers", type=int, default=1, metavar="N",
                        help="servers to start on --db (1; more need PostgreSQL)")
    parser.add_argument("--against-sqlite", action="store_true",
                        help="with --db: also run one server on SQLite, run by run, and print "
                             "both side by side")
    parser.add_argument("--repeat", type=int, default=1, metavar="N",
                        help="runs (each on a new server); medians are printed (1)")
    parser.add_argument("--reference", type=Path, metavar="DIR",
                        help="also load the server of another source tree (a checkout holding "
                             "binokel/), run by run, and print the ratios")
    parser.add_argument("--warmup", type=float, default=5.0, metavar="SECONDS",
                        help="also print the server's CPU per move after this many seconds of "
                             "play, when the sockets have connected (5)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    if not 1 <= args.tables <= 1000 or not 0 < args.seconds <= 600:
        parser.error("--tables must be 1-1000 and --seconds at most 600")
    if not 0 <= args.expert_share <= 1:
        parser.error("--expert-share must be from 0 to 1")
    if not 0 <= args.warmup < args.seconds:
        parser.error("--warmup must be from 0 to less than --seconds")
    if not 1 <= args.repeat <= 20:
        parser.error("--repeat must be 1-20")
    if args.reference is not None and not (args.reference / "binokel").is_dir():
        parser.error(f"--reference {args.reference}: no binokel/ there")
    if args.url:
        if not all(is_loopback(url) for url in args.url):
            parser.error("only servers on loopback (127.0.0.0/8, ::1, localhost) may be loaded")
        if args.reference or args.db:
            parser.error("--reference and --db start their own servers; leave out --url")
    if not 1 <= args.servers <= 8:
        parser.error("--servers must be 1-8")
    if args.db is not None and not args.db.startswith(("postgresql://", "postgres://")):
        parser.error("--db takes a postgresql:// address")
    if args.db is not None and not is_loopback("http://" + args.db.split("@")[-1].split("/")[0]):
        parser.error("--db: only a PostgreSQL on loopback")
    if (args.servers > 1 or args.against_sqlite) and args.db is None:
        parser.error("--servers above 1 and --against-sqlite need --db postgresql://…")
    setups: list[tuple[str, Path | None, str | None, int]] = (
        [("reference", args.reference, None, 1)] if args.reference else [])
    if args.against_sqlite:
        setups.append(("sqlite×1", None, None, 1))
    setups.append(("this" if args.db is None else f"postgres×{args.servers}", None, args.db,
                   args.servers))
    runs: list[tuple[str, dict[str, Any]]] = []
    for round_no in range(args.repeat):
        for label, source, postgres, count in setups:
            if args.url:
                result = asyncio.run(run([u.rstrip("/") for u in args.url], args))
            else:
                with contextlib.ExitStack() as stack:
                    if postgres is None:
                        tmp = stack.enter_context(tempfile.TemporaryDirectory())
                        db = str(Path(tmp) / "load.sqlite3")
                    else:
                        db = stack.enter_context(fresh_postgres_database(postgres))
                    bases, processes = stack.enter_context(own_servers(db, count, source))
                    result = asyncio.run(run(bases, args, [p.pid for p in processes]))
            runs.append((label, result))
            if args.json:
                print(json.dumps({"server": label, "round": round_no + 1, **result}))
            else:
                print(f"--- {label} server, run {round_no + 1} of {args.repeat}")
                report(result)
    if not args.json and (args.repeat > 1 or args.reference):
        summary(runs)
    return 0 if all(r["tables_held"] == r["tables"] for _, r in runs) else 1


def report(result: dict[str, Any]) -> None:
    think = "no think time" if not result["think"][1] else (
        f"think {result['think'][0]:g}-{result['think'][1]:g} s")
    print(f"servers            {result['servers']}")
    print(f"tables held        {result['tables_held']} / {result['tables']}  "
          f"({result['expert_tables']} of experts; {result['connections']} WebSockets, "
          f"{result['games_finished']} games finished; {think})")
    print(f"moves              {result['moves']} in {result['seconds']} s  "
          f"= {result['moves_per_second']} moves/s  (and {result['expert_moves']} by "
          "the experts)")
    print(f"move latency       p50 {result['latency_ms_p50']} ms   "
          f"p99 {result['latency_ms_p99']} ms   max {result['latency_ms_max']} ms")
    print(f"CPU per move       server {result['server_cpu_ms_per_move']} ms   "
          f"clients {result['client_cpu_ms_per_move']} ms   "
          f"(load average {result['load_average']} on {os.cpu_count()} cores)")
    print(f"                   server after the first {result['warmup']:g} s "
          f"{result['server_cpu_ms_per_move_steady']} ms (no handshakes)")
    print(f"server CPU         {result['server_cpu_share']} of a core; computer players' "
          f"workers {result['worker_cpu_seconds']} s in all")
    print(f"errors             {result['errors']} {result['first_errors'] or ''}")
    if result["rate_limited"]:
        print(f"RATE LIMITED       {result['rate_limited']} moves refused by the server's rate "
              f"limit and sent again after {RESEND_PAUSE:g} s: the clients were held back, "
              "so this is not the server at saturation (start it with "
              "--max-messages-per-second 0)")


SUMMARY = ("moves_per_second", "latency_ms_p50", "latency_ms_p99", "latency_ms_max",
           "server_cpu_ms_per_move", "server_cpu_ms_per_move_steady", "client_cpu_ms_per_move",
           "rate_limited", "load_average")


def summary(runs: list[tuple[str, dict[str, Any]]]) -> None:
    """Medians over the runs of each server, and this server's against the reference's."""
    labels = list(dict.fromkeys(label for label, _ in runs))
    def median(values: list[float]) -> float:
        return statistics.median(values) if values else float("nan")

    medians = {label: {key: median([r[key] for who, r in runs
                                    if who == label and r[key] is not None])
                       for key in SUMMARY} for label in labels}
    print(f"--- medians over {len(runs) // len(labels)} run(s) each")
    print(f"{'':24}" + "".join(f"{label:>12}" for label in labels)
          + ("       ratio" if len(labels) == 2 else ""))
    for key in SUMMARY:
        values = [medians[label][key] for label in labels]
        ratio = (f"{values[1] / values[0]:>12.2f}" if len(values) == 2 and values[0]
                 else "")
        print(f"{key:24}" + "".join(f"{v:>12.3f}" for v in values) + ratio)


if __name__ == "__main__":
    sys.exit(main())
