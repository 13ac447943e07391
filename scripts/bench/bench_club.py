"""Club tournament figures: the time to draw 100 players, and how soon the standings show a
hand when every table enters hands at once.

1. The draw (pure, :func:`binokel.club.draw`): 100 players, rounds 1 to 3, each later round
   avoiding the pairs before; median of 5 seeds, with the repeated pairs found.
2. A live ``binokel serve`` (SQLite in a temporary folder): a tournament of 100 players (33
   tables), each table's "phone" a thread that enters its hands one after another through the
   pad API, all starting together; a "projector" polls the standings with its ETag without pause.
   The latency of a hand is from its pad's answer (stored) to the end of the first standings
   answer that counts it.  The page itself polls every 2 s, which adds up to 2 s.

The load is printed first: the figures mean little without it.  Run at low priority:

    nice -n 10 .venv/bin/python scripts/bench/bench_club.py [--players 100] [--hands 12]
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

from binokel.club import count_repeats, draw


def draw_figures(players: int = 100) -> None:
    ids = [f"p{i}" for i in range(players)]
    for by_standing in (False, True):
        took: dict[int, list[float]] = {1: [], 2: [], 3: []}
        repeats = 0
        for seed in range(5):
            met: Counter[frozenset[str]] = Counter()
            for number in (1, 2, 3):
                start = time.perf_counter()
                seating = draw(ids, f"bench{seed}/{number}", met=met,
                               by_standing=by_standing and number > 1)
                took[number].append(time.perf_counter() - start)
                repeats += count_repeats(seating.tables, met)
                met = seating.pairs(met)
        label = "by standing" if by_standing else "at random"
        print(f"draw of {players} players ({label}): " + ", ".join(
            f"round {n} {statistics.median(t) * 1000:.1f} ms" for n, t in took.items())
            + f"; repeated pairs in 5 x 3 rounds: {repeats}")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def call(base: str, path: str, body: Any = None, headers: dict[str, str] | None = None
         ) -> tuple[int, Any, dict[str, str]]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, headers={
        "content-type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            text = answer.read()
            return answer.status, json.loads(text) if text else None, dict(answer.headers)
    except urllib.error.HTTPError as exc:
        if exc.code == 304:
            return 304, None, dict(exc.headers)
        raise RuntimeError(f"{path}: {exc.code} {exc.read()!r}") from None


def entry(seats: int, dealer: int) -> dict[str, Any]:
    """A legal hand: the player after the dealer declares 150 in hearts and takes no trick."""
    declarer = (dealer + 1) % seats
    melds: list[int | None] = [0] * seats
    if seats == 4:
        melds[dealer] = None  # the dealer sits out
    return {"declarer": declarer, "bid": 150, "trump": "♥", "melds": melds,
            "side_points": [0, 125, None], "no_trick": [declarer]}


def live_figures(players: int, hands: int) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "serve.log"
        with log.open("wb") as out:
            server = subprocess.Popen(
                [sys.executable, "-m", "binokel", "serve", "--port", str(port), "--db",
                 str(Path(folder) / "web.sqlite3"), "--log-level", "warning",
                 "--max-requests-per-second", "0", "--max-connections-per-second", "0",
                 "--bot-workers", "1"], stdout=out, stderr=subprocess.STDOUT)
        try:
            for _ in range(200):
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                    break
                except OSError:
                    time.sleep(0.1)
            run_tournament(base, players, hands)
        finally:
            server.terminate()
            server.wait(timeout=30)


def run_tournament(base: str, players: int, hands: int) -> None:
    _, made, _ = call(base, "/api/clubs", {"name": "Bench", "rules": "binokel", "rounds": 1,
                                           "hands": hands, "seed": "bench"})
    club, token = made["id"], made["token"]
    for n in range(players):
        call(base, f"/api/clubs/{club}/ops", {"token": token,
                                              "op": {"kind": "add", "name": f"P{n:03d}"}})
    began = time.perf_counter()
    _, view, _ = call(base, f"/api/clubs/{club}/ops", {"token": token, "op": {"kind": "draw"}})
    print(f"draw through the API (its {len(view['tables'])} pads made and stored, the "
          f"organiser's view answered): {(time.perf_counter() - began) * 1000:.0f} ms")
    tables = view["tables"]
    print(f"live: {players} players at {len(tables)} tables, "
          f"{sum(t['hands'] for t in tables)} hands, every table entering at once")
    answered: dict[tuple[int, int], float] = {}
    seen: dict[tuple[int, int], float] = {}
    polls: dict[int, list[float]] = {200: [], 304: []}
    done = threading.Event()
    start = threading.Barrier(len(tables) + 1)

    def phone(table: dict[str, Any]) -> None:
        pad_id, pad_token = table["link"].split("/pad/")[1].split("#")
        seats = len(table["players"])
        start.wait()
        for k in range(table["hands"]):
            dealer = (table["first_dealer"] + k) % seats
            call(base, f"/api/pads/{pad_id}/ops", {"token": pad_token, "op": {
                "id": f"h{k}", "kind": "add", "entry": entry(seats, dealer)}})
            answered[(table["table"], k + 1)] = time.perf_counter()

    def projector() -> None:
        tag = ""
        start.wait()
        while not done.is_set():
            began = time.perf_counter()
            status, data, headers = call(base, f"/api/clubs/{club}/standings",
                                         headers={"if-none-match": tag} if tag else {})
            ended = time.perf_counter()
            polls[status].append(ended - began)
            if status == 200:
                tag = headers.get("etag", headers.get("ETag", ""))
                for t in data["tables"]:
                    for k in range(1, t["played"] + 1):
                        seen.setdefault((t["table"], k), ended)

    threads = [threading.Thread(target=phone, args=(t,)) for t in tables]
    watcher = threading.Thread(target=projector)
    for thread in [*threads, watcher]:
        thread.start()
    for thread in threads:
        thread.join()
    first = time.perf_counter()
    while len(seen) < len(answered) and time.perf_counter() - first < 30:
        time.sleep(0.05)
    done.set()
    watcher.join()
    lags = sorted(seen[k] - answered[k] for k in answered if k in seen)
    print(f"  hands stored: {len(answered)}, shown by the standings: {len(lags)}")
    if lags:
        p95 = lags[int(len(lags) * 0.95) - 1]
        print(f"  standings latency after a hand is stored: median "
              f"{statistics.median(lags) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, max "
              f"{lags[-1] * 1000:.0f} ms (the page polls every 2 s on top)")
    for status, took in polls.items():
        if took:
            print(f"  standings answer {status}: {len(took)} polls, median "
                  f"{statistics.median(took) * 1000:.1f} ms, max {max(took) * 1000:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--hands", type=int, default=12,
                        help="hands a table of three plays (a multiple of 3)")
    args = parser.parse_args()
    print("load average (1, 5, 15 min):", " ".join(f"{x:.2f}" for x in os.getloadavg()),
          f"on {os.cpu_count()} cores")
    draw_figures(args.players)
    live_figures(args.players, args.hands)


if __name__ == "__main__":
    main()
