#!/usr/bin/env python3
"""Instructions per move of ``binokel serve``, counted by valgrind (immune to the machine's load).

Runs the server under ``valgrind --tool=cachegrind`` twice: a client plays ``--few`` moves, then
``--many`` moves, one at a time, round-robin over 5 tables of 3 seats (each seat its own
WebSocket, every seat seeing every state); the per-move figure is the difference of the two
runs' instruction counts over the difference of the moves, which leaves start-up and
handshakes out.  Every thread of the server process is counted (valgrind runs them one at a
time).  ``--reference DIR`` counts another checkout's server the same way, side by side;
``--serve-args`` passes flags to ``binokel serve``.  ``--callgrind PREFIX`` runs this
checkout's server under ``valgrind --tool=callgrind`` instead and keeps its profiles as
``PREFIX.few`` and ``PREFIX.many`` (read them with ``callgrind_annotate --inclusive=yes``; the
difference of a function's cost in the two over the difference of the moves is its share of a
move).  Both runs of a server go at once;
start a second copy of this script with ``PYTHONPATH=DIR`` to count another checkout at the
same time instead of after.

Usage: .venv/bin/python scripts/count_instructions.py --reference /work/ref3
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import signal
import subprocess
import sys
import tempfile
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import orjson
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).parent))
from loadtest import choose, free_port, make_table, server_env, wait_for_port


async def play(base: str, moves: int) -> None:
    tables = [make_table(base, "binokel", 3) for _ in range(5)]
    ws_base = "ws" + base[len("http"):]
    rng = random.Random(1)
    sockets = []
    for table in tables:
        seats = []
        for token in table.tokens:
            ws = await connect(f"{ws_base}/ws/{table.id}", max_size=2**20, open_timeout=600)
            await ws.send(json.dumps({"type": "hello", "token": token}))
            seats.append(ws)
        sockets.append(seats)

    async def newest(ws: Any) -> dict[str, Any]:
        while True:
            message: dict[str, Any] = orjson.loads(await ws.recv())
            if message["type"] == "state":
                return message

    # Each hello is told to the seats already there: seat i hears 3 - i states before play.
    views = []
    for seats in sockets:
        last = []
        for i, ws in enumerate(seats):
            for _ in range(len(seats) - i):
                state = await newest(ws)
            last.append(state)
        views.append(last)
    played = 0
    while played < moves:
        before = played
        for t, seats in enumerate(sockets):
            states = views[t]
            mover = next((s for s, m in enumerate(states)
                          if m["view"]["to_move"] == s and m["view"]["legal_actions"]), None)
            if mover is None or states[0]["table"]["status"] != "playing":
                continue
            view = states[mover]["view"]
            await seats[mover].send(json.dumps({"type": "act", "action": choose(view, rng),
                                                "n": states[mover]["n"]}))
            views[t] = [await newest(ws) for ws in seats]
            played += 1
            if played >= moves:
                break
        if played == before:
            raise SystemExit("no seat has a move at any table")
    for seats in sockets:
        for ws in seats:
            await ws.close()


def count(source: Path | None, moves: int, serve_args: list[str],
          profile: Path | None = None) -> int:
    """The server's instructions for ``moves`` moves; under callgrind, writing ``profile``."""
    port = free_port()
    env, cwd = server_env(source)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "cg.out" if profile is None else profile.resolve()
        tool = (["--tool=cachegrind", "--cache-sim=no", f"--cachegrind-out-file={out}"]
                if profile is None else ["--tool=callgrind", f"--callgrind-out-file={out}"])
        process = subprocess.Popen(
            ["valgrind", *tool,
             sys.executable, "-m", "binokel", "serve", "--port", str(port),
             "--db", str(Path(tmp) / "db.sqlite3"), "--bot-delay", "0", "--log-level",
             "warning", *serve_args],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=cwd)
        try:
            wait_for_port(port, process, tries=6000, pause=0.1)
            # The first answers under valgrind take long: ask until the lobby answers.
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/meta", timeout=1800).read()
            asyncio.run(play(f"http://127.0.0.1:{port}", moves))
        finally:
            process.send_signal(signal.SIGINT)
            process.wait(timeout=600)
        text = out.read_text()
    found = re.search(r"^(?:summary|totals):\s+(\d+)", text, re.MULTILINE)
    if found is None:
        raise SystemExit("no summary in valgrind's output")
    return int(found.group(1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--few", type=int, default=100)
    parser.add_argument("--many", type=int, default=1000)
    parser.add_argument("--reference", type=Path, metavar="DIR")
    parser.add_argument("--serve-args", default="", metavar="FLAGS")
    parser.add_argument("--callgrind", type=Path, metavar="PREFIX")
    args = parser.parse_args()
    if args.callgrind is not None:
        prefix = args.callgrind
        with ThreadPoolExecutor(2) as pool:
            few, many = pool.map(
                lambda run: count(None, run[0], args.serve_args.split(),
                                  prefix.with_name(f"{prefix.name}.{run[1]}")),
                ((args.few, "few"), (args.many, "many")))
        print(f"callgrind  {few:,} and {many:,} instructions: "
              f"{(many - few) / (args.many - args.few):,.0f} per move; "
              f"profiles {prefix}.few and {prefix}.many", flush=True)
        return 0
    setups = [("this", None, args.serve_args.split())]
    if args.reference is not None:
        setups.insert(0, ("reference", args.reference, []))
    figures = {}
    for label, source, extra in setups:
        # Both runs at once (each its own server and event loop): valgrind is slow.
        with ThreadPoolExecutor(2) as pool:
            few, many = pool.map(lambda moves: count(source, moves, extra),  # noqa: B023
                                 (args.few, args.many))
        figures[label] = (many - few) / (args.many - args.few)
        print(f"{label:10} {few:,} and {many:,} instructions: "
              f"{figures[label]:,.0f} per move", flush=True)
    if "reference" in figures:
        print(f"ratio this/reference {figures['this'] / figures['reference']:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
