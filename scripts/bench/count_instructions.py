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

The few/many difference carries the noise of the server's start-up thread (it tries each
computer player once, and its cost varies from run to run by tens of millions of
instructions).  ``--exact MOVES`` counts exactly MOVES moves instead: callgrind with
instrumentation off until the sockets are up, ``--few`` moves are played and the server has been
idle for two seconds; both servers at once with ``--reference`` (decision web-10).  ``--calls
PREFIX`` runs this checkout's server under cProfile and prints each function's calls per move.

Usage: .venv/bin/python scripts/bench/count_instructions.py --reference /work/ref3
       .venv/bin/python scripts/bench/count_instructions.py --exact 200 --few 20 \
           --reference /work/ref3
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import orjson
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).parent))
from loadtest import choose, free_port, make_table, server_env, wait_for_port


async def play(base: str, moves: int, *, warm: int = 0,
               between: Callable[[bool], None] | None = None) -> None:
    """``warm`` moves, then ``between(True)`` (in a thread), ``moves`` moves, ``between(False)``."""
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
            if message["type"] == "error":  # (a refused move never gets its state: say so)
                raise SystemExit(f"the server refused a move: {message['reason']!r}")

    # Each hello is told to the seats already there: seat i hears 3 - i states before play.
    views = []
    for seats in sockets:
        last = []
        for i, ws in enumerate(seats):
            for _ in range(len(seats) - i):
                state = await newest(ws)
            last.append(state)
        views.append(last)
    async def moving(count: int) -> None:
        played = 0
        while played < count:
            before = played
            for t, seats in enumerate(sockets):
                states = views[t]
                mover = next((s for s, m in enumerate(states)
                              if m["view"]["to_move"] == s and m["view"]["legal_actions"]),
                             None)
                if mover is None or states[0]["table"]["status"] != "playing":
                    continue
                view = states[mover]["view"]
                await seats[mover].send(json.dumps({"type": "act", "action": choose(view, rng),
                                                    "n": states[mover]["n"]}))
                views[t] = [await newest(ws) for ws in seats]
                played += 1
                if played >= count:
                    break
            if played == before:
                raise SystemExit("no seat has a move at any table")

    await moving(warm)
    if between is not None:
        await asyncio.to_thread(between, True)
    await moving(moves)
    if between is not None:
        await asyncio.to_thread(between, False)
    for seats in sockets:
        for ws in seats:
            await ws.close()


def serve_and_play(argv: list[str], port: int, moves: int, *, patience: float, warm: int = 0,
                   between: Callable[[subprocess.Popen[bytes], bool], None] | None = None,
                   env: dict[str, str] | None = None, cwd: str | Path | None = None) -> None:
    """Start the server ``argv`` on ``port``, play ``warm`` and then ``moves`` moves on it
    (``between(process, True)`` before the ``moves``, ``between(process, False)`` after), stop
    it with SIGINT.

    ``patience`` is the seconds the server may take to open its port and to stop; its first
    answer may take three times that (under valgrind the first answers take long).
    """
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               env=env, cwd=cwd)
    hook = None if between is None else functools.partial(between, process)
    try:
        wait_for_port(port, process, tries=int(patience * 10), pause=0.1)
        urllib.request.urlopen(f"http://127.0.0.1:{port}/api/meta", timeout=3 * patience).read()
        asyncio.run(play(f"http://127.0.0.1:{port}", moves, warm=warm, between=hook))
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=patience)


def serve_command(port: int, tmp: str, serve_args: list[str]) -> list[str]:
    """``python``'s arguments for ``binokel serve`` on ``port`` with a database in ``tmp``."""
    return ["-m", "binokel", "serve", "--port", str(port), "--db",
            str(Path(tmp) / "db.sqlite3"), "--bot-delay", "0", "--log-level", "warning",
            *serve_args]


#: Under cProfile (no valgrind) the client moves faster than the default rate limit allows:
#: a limit too high to reach, so that its check is still made and counted as by default.
#: (Under valgrind the server is far slower than the limit: it runs with the defaults.)
UNREACHED_RATE = ["--max-messages-per-second", "1000000", "--max-message-burst", "1000000"]


def total(text: str, labels: str) -> int:
    """The instruction count on valgrind's output line ``LABEL: N`` (``labels``: a pattern)."""
    found = re.search(rf"^(?:{labels}):\s+(\d+)", text, re.MULTILINE)
    if found is None:
        raise SystemExit("no summary in valgrind's output")
    return int(found.group(1))


def count(source: Path | None, moves: int, serve_args: list[str],
          profile: Path | None = None) -> int:
    """The server's instructions for ``moves`` moves; under callgrind, writing ``profile``."""
    port = free_port()
    env, cwd = server_env(source)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "cg.out" if profile is None else profile.resolve()
        tool = (["--tool=cachegrind", "--cache-sim=no", f"--cachegrind-out-file={out}"]
                if profile is None else ["--tool=callgrind", f"--callgrind-out-file={out}"])
        serve_and_play(
            ["valgrind", *tool, sys.executable, *serve_command(port, tmp, serve_args)],
            port, moves, patience=600, env=env, cwd=cwd)
        return total(out.read_text(), "summary|totals")


def cpu_ticks(pid: int) -> int:
    """User and system clock ticks of a process so far, all its threads."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def instrument(process: subprocess.Popen[bytes], on: bool) -> None:
    """Switch callgrind's instrumentation of ``process`` on (once the server has used no CPU for
    two seconds) or off."""
    if on:
        last, quiet = cpu_ticks(process.pid), 0
        while quiet < 4:
            time.sleep(0.5)
            now = cpu_ticks(process.pid)
            quiet = quiet + 1 if now == last else 0
            last = now
    subprocess.run(["callgrind_control", "-i", "on" if on else "off", str(process.pid)],
                   check=True, stdout=subprocess.DEVNULL)


def count_exact(source: Path | None, moves: int, warm: int, serve_args: list[str],
                keep: Path | None = None) -> int:
    """The server's instructions for exactly ``moves`` moves: callgrind with instrumentation
    off through start-up, the handshakes and ``warm`` moves, and on only once the server has
    been idle for two seconds (its start-up work in a thread -- trying each computer player,
    whose cost varies from run to run -- is over), then off again after the last move.
    ``keep``: where to keep the profile (else it is thrown away)."""
    port = free_port()
    env, cwd = server_env(source)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "cg.out" if keep is None else keep.resolve()
        serve_and_play(
            ["valgrind", "--tool=callgrind", "--instr-atstart=no",
             f"--callgrind-out-file={out}", sys.executable,
             *serve_command(port, tmp, serve_args)],
            port, moves, patience=600, warm=warm, between=instrument, env=env, cwd=cwd)
        # (callgrind leaves "summary" at 0 when instrumentation was switched on later)
        return total(out.read_text(), "totals")


def profile_calls(moves: int, out: Path) -> None:
    """This checkout's server under cProfile for ``moves`` moves; the profile goes to ``out``."""
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        serve_and_play(
            [sys.executable, "-m", "cProfile", "-o", str(out.resolve()),
             *serve_command(port, tmp, UNREACHED_RATE)],
            port, moves, patience=60)


def calls_per_move(prefix: Path, few: int, many: int, top: int = 60) -> None:
    """Each function's calls per move (a coroutine's resumptions count as calls) from the
    ``--few`` and ``--many`` cProfile runs: exact counts, unlike cProfile's times."""
    import pstats

    profiles = []
    for moves, name in ((few, "few"), (many, "many")):
        path = prefix.with_name(f"{prefix.name}.{name}")
        profile_calls(moves, path)
        profiles.append(pstats.Stats(str(path)).stats)  # type: ignore[attr-defined]
    rows = []
    for key, (_, calls, *_rest) in profiles[1].items():
        before = profiles[0].get(key, (0, 0))[1]
        per_move = (calls - before) / (many - few)
        if per_move >= 0.5:
            where = key[0].split("site-packages/")[-1]
            rows.append((per_move, f"{where}:{key[1]}({key[2]})"))
    print(f"{sum(r[0] for r in rows):,.1f} calls per move in all (functions called at least "
          "every other move)")
    for per_move, name in sorted(rows, reverse=True)[:top]:
        print(f"{per_move:8.2f}  {name}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--few", type=int, default=100)
    parser.add_argument("--many", type=int, default=1000)
    parser.add_argument("--reference", type=Path, metavar="DIR")
    parser.add_argument("--serve-args", default="", metavar="FLAGS")
    parser.add_argument("--callgrind", type=Path, metavar="PREFIX")
    parser.add_argument("--exact", type=int, metavar="MOVES",
                        help="count only MOVES moves after --few warm-up moves, the server "
                             "idle in between (callgrind, instrumentation switched on then)")
    parser.add_argument("--calls", type=Path, metavar="PREFIX",
                        help="run this checkout's server under cProfile (profiles PREFIX.few, "
                             "PREFIX.many) and print each function's calls per move")
    args = parser.parse_args()
    if args.calls is not None:
        calls_per_move(args.calls, args.few, args.many)
        return 0
    setups: list[tuple[str, Path | None, list[str]]] = [("this", None, args.serve_args.split())]
    if args.reference is not None:
        setups.insert(0, ("reference", args.reference, []))
    if args.exact is not None:
        with ThreadPoolExecutor(len(setups)) as pool:
            counted = list(pool.map(
                lambda setup: count_exact(
                    setup[1], args.exact, args.few, setup[2],
                    None if args.callgrind is None
                    else args.callgrind.with_name(f"{args.callgrind.name}.{setup[0]}")),
                setups))
        exact = {}
        for (label, _, _), counts in zip(setups, counted, strict=True):
            exact[label] = counts / args.exact
            print(f"{label:10} {counts:,} instructions over {args.exact} moves: "
                  f"{exact[label]:,.0f} per move", flush=True)
        if "reference" in exact:
            print(f"ratio this/reference {exact['this'] / exact['reference']:.3f}")
        return 0
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
