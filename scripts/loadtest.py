#!/usr/bin/env python3
"""Load test of ``binokel serve``: N tables of computer players over real WebSockets on loopback.

Starts a server (``binokel serve`` on 127.0.0.1, a temporary database, no bot delay, no cap on
tables per address) unless ``--url`` names one already running on this machine (start it with
``--max-tables-per-client 0``), creates N tables with every seat open,
takes each seat with its own token and WebSocket, and lets a random legal player act for each
seat whenever its view says it is its turn, for a fixed time.  Then it prints:

* tables held: tables whose every connection stayed up, got no error and kept moving;
* moves per second over all tables;
* move latency: from sending an action to receiving the state that shows it (p50, p99, max).

Usage: .venv/bin/python scripts/loadtest.py --tables 100 --seconds 30
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

from websockets.asyncio.client import connect


@dataclass
class TableRun:
    id: str
    tokens: list[str]
    moves: int = 0
    errors: list[str] = field(default_factory=list)
    dropped: int = 0
    finished: bool = False
    last_move: float = 0.0


@dataclass
class Totals:
    latencies: list[float] = field(default_factory=list)
    moves: int = 0


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


def make_table(base: str, rules: str, players: int) -> TableRun:
    made = post(f"{base}/api/tables", {"rules": rules, "seats": ["open"] * players, "take": None,
                                       "title": "load test"})
    tokens = [post(f"{base}/api/tables/{made['id']}/join", {"seat": s, "name": f"load{s}"})
              ["token"] for s in range(players)]
    return TableRun(id=made["id"], tokens=tokens)


def choose(view: dict[str, Any], rng: random.Random) -> str:
    legal: list[str] = view["legal_actions"]
    # Play most hands out in trumps, as at a real table; giving up ends a hand at once.
    plain = [a for a in legal if not a.startswith(("out", "durch", "open"))]
    return rng.choice(plain if plain and rng.random() < 0.97 else legal)


async def seat_client(ws_base: str, table: TableRun, seat: int, deadline: float,
                      totals: Totals, rng: random.Random) -> None:
    try:
        async with connect(f"{ws_base}/ws/{table.id}", max_size=2**20, open_timeout=30) as ws:
            await ws.send(json.dumps({"type": "hello", "token": table.tokens[seat]}))
            sent_n = -1
            sent_at = 0.0
            while True:
                timeout = deadline - time.monotonic()
                if timeout <= 0:
                    return
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout)
                except TimeoutError:
                    return
                message = json.loads(raw)
                if message["type"] == "error":
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
                    sent_n, sent_at = n, time.monotonic()
                    await ws.send(json.dumps({"type": "act", "action": choose(view, rng),
                                              "n": n}))
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


@contextlib.contextmanager
def own_server(db: Path) -> Any:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "binokel", "serve", "--port", str(port), "--db", str(db),
         "--bot-delay", "0", "--log-level", "warning",
         "--max-tables-per-client", "0"],  # every table comes from loopback
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=dict(os.environ))
    try:
        for _ in range(200):
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    break
            except OSError:
                if process.poll() is not None:
                    raise SystemExit("the server did not start") from None
                time.sleep(0.05)
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


def cpu_seconds(pid: int | None) -> float | None:
    """CPU time (user + system) a process has used, from /proc; None where unknown."""
    if pid is None:
        return None
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def run(base: str, args: argparse.Namespace, server_pid: int | None = None
              ) -> dict[str, Any]:
    meta = json.loads(urllib.request.urlopen(f"{base}/api/meta", timeout=30).read())
    players = next(r["players"] for r in meta["rule_sets"] if r["name"] == args.rules)
    started = time.monotonic()
    tables = await asyncio.gather(*[asyncio.to_thread(make_table, base, args.rules, players)
                                    for _ in range(args.tables)])
    setup = time.monotonic() - started
    ws_base = "ws" + base[len("http"):]
    totals = Totals()
    server_cpu = cpu_seconds(server_pid)
    client_cpu = time.process_time()
    begin = time.monotonic()
    deadline = begin + args.seconds
    await asyncio.gather(*[
        seat_client(ws_base, table, seat, deadline, totals, random.Random(f"{table.id}/{seat}"))
        for table in tables for seat in range(players)])
    elapsed = time.monotonic() - begin
    client_cpu = time.process_time() - client_cpu
    server_after = cpu_seconds(server_pid)
    server_cpu = None if server_cpu is None or server_after is None else server_after - server_cpu
    stale = begin + args.seconds - 5.0  # a held table still moved in the last five seconds
    held = [t for t in tables if not t.dropped and not t.errors
            and (t.finished or t.last_move >= stale)]
    lat = totals.latencies
    return {
        "tables": args.tables, "tables_held": len(held), "connections": args.tables * players,
        "seconds": round(elapsed, 1), "setup_seconds": round(setup, 1), "moves": totals.moves,
        "moves_per_second": round(totals.moves / elapsed, 1),
        "latency_ms_p50": round(1000 * percentile(lat, 0.50), 1),
        "latency_ms_p99": round(1000 * percentile(lat, 0.99), 1),
        "latency_ms_max": round(1000 * max(lat), 1) if lat else None,
        "latency_ms_mean": round(1000 * statistics.fmean(lat), 1) if lat else None,
        "games_finished": sum(t.finished for t in tables),
        # CPU time per move does not depend on what else the machine is running.
        "server_cpu_ms_per_move": (round(1000 * server_cpu / totals.moves, 2)
                                   if server_cpu is not None and totals.moves else None),
        "client_cpu_ms_per_move": (round(1000 * client_cpu / totals.moves, 2)
                                   if totals.moves else None),
        "load_average": round(os.getloadavg()[0], 1),
        "errors": sum(len(t.errors) for t in tables),
        "first_errors": [e for t in tables for e in t.errors][:5],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100, help="simultaneous tables (100)")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long to play (30)")
    parser.add_argument("--rules", default="binokel", help="rule set (binokel)")
    parser.add_argument("--url", help="a running server on loopback (default: start one)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    if not 1 <= args.tables <= 1000 or not 0 < args.seconds <= 600:
        parser.error("--tables must be 1-1000 and --seconds at most 600")
    if args.url:
        if not is_loopback(args.url):
            parser.error("only servers on loopback (127.0.0.0/8, ::1, localhost) may be loaded")
        result = asyncio.run(run(args.url.rstrip("/"), args))
    else:
        with tempfile.TemporaryDirectory() as tmp, own_server(Path(tmp) / "load.sqlite3") as (
                base, process):
            result = asyncio.run(run(base, args, process.pid))
    if args.json:
        print(json.dumps(result))
    else:
        print(f"tables held        {result['tables_held']} / {result['tables']}  "
              f"({result['connections']} WebSockets, {result['games_finished']} games finished)")
        print(f"moves              {result['moves']} in {result['seconds']} s  "
              f"= {result['moves_per_second']} moves/s")
        print(f"move latency       p50 {result['latency_ms_p50']} ms   "
              f"p99 {result['latency_ms_p99']} ms   max {result['latency_ms_max']} ms")
        print(f"CPU per move       server {result['server_cpu_ms_per_move']} ms   "
              f"clients {result['client_cpu_ms_per_move']} ms   "
              f"(load average {result['load_average']} on {os.cpu_count()} cores)")
        print(f"errors             {result['errors']} {result['first_errors'] or ''}")
    return 0 if result["tables_held"] == result["tables"] else 1


if __name__ == "__main__":
    sys.exit(main())
