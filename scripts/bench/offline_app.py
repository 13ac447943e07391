"""How fast the installable app is in headless Chromium, normal and with the CPU slowed down.

Builds the app (``binokel app build``; needs ``npm ci`` for the Pyodide runtime), serves it with
``binokel serve --app``, and for each CPU slowdown (CDP ``Emulation.setCPUThrottlingRate``) in a
fresh browser profile prints:

* first start: opening /app/ until the worker has Python and the package loaded;
* cached start: a reload, from the service worker's cache, until the same;
* the computer players' thinking time per move (median, 95th percentile, by player), measured
  in the worker, over hands of one person (who always takes the hint) against the hard
  heuristic and the offline expert;
* the hint's time as the page sees it (request to answer), median and 95th percentile;
* the bytes the service worker keeps.

    python scripts/bench/offline_app.py [--slowdowns 1 4] [--hints 30]

Run it with ``nice -n 10`` on a shared machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from binokel.web.appbuild import build_app  # noqa: E402
from binokel.web.offline import OFFLINE_EXPERT  # noqa: E402
from tests.web.browsing import CHROMIUM, CHROMIUM_ARGS, PHONE  # noqa: E402
from tests.web.conftest import free_port  # noqa: E402

PLAY = """async ([botDelay, hints, expert]) => {
  transport.worker.postMessage({kind: 'settings', botDelay});
  const seats = ['human', 'bot:heuristic:level=hard', 'bot:' + expert];
  const made = await (await transport.fetch('/api/tables', {method: 'POST',
    body: JSON.stringify({rules: 'binokel', seats, take: 0})})).json();
  const socket = transport.socket(made.id);
  const hintTimes = [], errors = [];
  let asked = null, lastN = -1, summaryHands = 0, last = null;
  await new Promise((done) => {
    socket.addEventListener('open',
      () => socket.send(JSON.stringify({type: 'hello', token: made.token})));
    socket.addEventListener('message', (event) => {
      const msg = JSON.parse(event.data);
      if (msg.type === 'hint' && asked) {
        hintTimes.push(performance.now() - asked.at);
        socket.send(JSON.stringify({type: 'act', actions: msg.actions, n: asked.n}));
        asked = null;
        return;
      }
      if (msg.type === 'error') {  // said, and asked again a moment later
        errors.push(msg.reason || msg.message || JSON.stringify(msg));
        if (errors.length > 5) { done(); return; }
        asked = null; lastN = -1;
        setTimeout(() => { if (last) mine(last); }, 1000);
        return;
      }
      if (msg.type !== 'state') return;
      if (msg.table.status !== 'playing' || hintTimes.length >= hints) { done(); return; }
      const hands = msg.table.hands || 0;
      if (hands > summaryHands) {  // say the summary was read: the computers deal on
        summaryHands = hands;
        socket.send(JSON.stringify({type: 'next', hands}));
      }
      last = msg;
      mine(msg);
    });
    function mine(msg) {  // our turn: ask for the hint (and play it when it comes)
      if (msg.view && msg.view.to_move === 0 && !asked && msg.n !== lastN) {
        lastN = msg.n;
        asked = {n: msg.n, at: performance.now()};
        socket.send(JSON.stringify({type: 'hint'}));
      }
    }
  });
  socket.close();
  const timings = await new Promise((done) => {
    window.addEventListener('binokel-timings', (e) => done(e.detail), {once: true});
    transport.worker.postMessage({kind: 'timings'});
  });
  return {hints: hintTimes, moves: timings.moves, errors};
}"""

CACHED = """async () => {
  let bytes = 0, files = 0;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      bytes += (await (await cache.match(request)).arrayBuffer()).byteLength;
      files += 1;
    }
  }
  return [files, bytes];
}"""


def ready(page: Any) -> float:
    started = time.monotonic()
    page.wait_for_selector("#app-status[data-kind='here'], #app-status[data-kind='bad']",
                           timeout=600_000)
    assert page.get_attribute("#app-status", "data-kind") == "here", \
        page.inner_text("#app-status")
    return time.monotonic() - started


def quantiles(values: list[float]) -> str:
    if not values:
        return "none"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return (f"median {statistics.median(ordered) * 1000:6.0f} ms  p95 {p95 * 1000:6.0f} ms  "
            f"max {ordered[-1] * 1000:6.0f} ms  (n={len(ordered)})")


def run(url: str, slowdown: float, hints: int) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": PHONE["width"], "height": PHONE["height"]},
                                      has_touch=True, bypass_csp=True)
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
        started = time.monotonic()
        page.goto(url + "/app/")
        ready(page)
        first = time.monotonic() - started
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=600_000)
        files, size = page.evaluate(CACHED)
        started = time.monotonic()
        page.reload()
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
        ready(page)
        cached = time.monotonic() - started
        played = page.evaluate(PLAY, [0, hints, OFFLINE_EXPERT])
        browser.close()
    print(f"\nCPU slowdown {slowdown:g}x", flush=True)
    print(f"  first start   {first:6.1f} s")
    print(f"  cached start  {cached:6.1f} s")
    by_player: dict[str, list[float]] = {}
    for spec, seconds in played["moves"]:
        by_player.setdefault(spec, []).append(seconds)
    every = [s for _, s in played["moves"]]
    print(f"  computer move {quantiles(every)}")
    for spec, seconds in sorted(by_player.items()):
        print(f"    {spec:34s} {quantiles(seconds)}")
    print(f"  hint (page)   {quantiles([ms / 1000 for ms in played['hints']])}")
    if played["errors"]:
        print(f"  refused: {played['errors'][:3]}")
    print(f"  service worker cache: {files} files, {size / 1e6:.1f} MB")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--slowdowns", type=float, nargs="+", default=[1, 4])
    parser.add_argument("--hints", type=int, default=30,
                        help="the person's turns (each takes a hint) to time per slowdown")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        app = Path(folder) / "app"
        sizes = build_app(app)
        runtime = sum(v for k, v in sizes.items() if k.startswith("pyodide/"))
        print(f"app: {len(sizes)} files, {sum(sizes.values()) / 1e6:.1f} MB (Pyodide runtime "
              f"{runtime / 1e6:.1f} MB, package zip {sizes['binokel.zip'] / 1e6:.2f} MB)",
              flush=True)
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "binokel", "serve", "--port", str(port), "--db",
             str(Path(folder) / "web.sqlite3"), "--app", str(app), "--log-level", "warning",
             "--bot-workers", "1"], cwd=ROOT)
        try:
            time.sleep(3)
            for slowdown in args.slowdowns:
                run(f"http://127.0.0.1:{port}", slowdown, args.hints)
        finally:
            server.terminate()
            server.wait(10)
    print(json.dumps({"expert_offline": OFFLINE_EXPERT}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
