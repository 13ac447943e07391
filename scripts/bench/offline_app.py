"""How fast the installable app is in headless Chromium, normal and with the CPU slowed down.

Builds the app (``binokel app build``; needs ``npm ci`` for the Pyodide runtime), serves it with
``binokel serve --app``, and for each CPU slowdown in a fresh browser profile prints:

* the slowdown's calibration: a fixed loop in a dedicated worker of the browser, timed before
  and after the browser is slowed (the measured factor, not the one asked for);
* the same for the app's own Python worker: a fixed number of ``/api/meta`` answers, timed by
  the page (its ratio to the first slowdown's, normally 1x, is the slowdown the Python got);
* first start: opening /app/ until the worker has Python and the package loaded;
* cached start: a reload, from the service worker's cache, until the same;
* the computer players' thinking time per move (median, 95th percentile, by player), measured
  in the worker, over hands of one person (who always takes the hint) against the hard
  heuristic and the offline expert;
* the hint's time as the page sees it (request to answer), median and 95th percentile;
* the bytes the service worker keeps;

and at the end the slowdowns side by side.

How the CPU is slowed: CDP's ``Emulation.setCPUThrottlingRate`` slows a page's main thread
only. All the app's Python runs in a Web Worker, and the worker's own DevTools target refuses
the command ("Operation is only supported for pages, not workers", Chromium 156; the script
asks it and prints the answer). So the script puts all of the browser's processes in a Linux
cgroup with a CPU quota of 1/slowdown of one core (cgroup v1 ``cpu.cfs_quota_us`` or v2
``cpu.max``; needs a writable /sys/fs/cgroup, as root), and tunes the quota until the
calibration loop in a worker is that many times slower than in the same browser unslowed.
The quota is a share of the machine, not of what a loaded machine leaves: on a busy machine
the unslowed figures are themselves slowed by the load, and the calibration line says how far
apart the two runs were.  A quota slows sustained work; a burst of a few milliseconds that fits
in the quota left in its 10 ms period is not slowed, so the medians of near-instant moves say
little.  The offline expert's card play stops at 0.1 s of wall time (decision web-19), which
caps its slowed 95th percentile near that; its bidding plans have no time limit.

    python scripts/bench/offline_app.py [--slowdowns 1 4] [--hints 30]

Run it with ``nice -n 10`` on a shared machine (the quota applies to chromium only).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
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

sys.path.insert(0, str(Path(__file__).parent))
from loadtest import percentile as rank_percentile  # noqa: E402
from loadtest import wait_for_port  # noqa: E402

PLAY = """async ([botDelay, hints, expert]) => {
  transport.worker.postMessage({kind: 'settings', botDelay});
  const seats = ['human', 'bot:heuristic:level=hard', 'bot:' + expert];
  const hintTimes = [], errors = [], ends = [];
  // The person's messages at most 8 a second (the table takes 10): none refused for rate.
  let free = 0;
  function paced(socket, message, sent) {
    const wait = Math.max(0, free - performance.now());
    free = performance.now() + wait + 125;
    setTimeout(() => { if (sent) sent(); socket.send(JSON.stringify(message)); }, wait);
  }
  for (let tables = 0; hintTimes.length < hints && tables < 10; tables++) {
    const made = await (await transport.fetch('/api/tables', {method: 'POST',
      body: JSON.stringify({rules: 'binokel', seats, take: 0})})).json();
    const socket = transport.socket(made.id);
    let asked = null, lastN = -1, summaryHands = 0, last = null;
    ends.push(await new Promise((done) => {
      socket.addEventListener('open', () => paced(socket, {type: 'hello', token: made.token}));
      socket.addEventListener('close', () => done('closed'));
      socket.addEventListener('message', (event) => {
        const msg = JSON.parse(event.data);
        if (msg.type === 'hint' && asked) {
          hintTimes.push(performance.now() - asked.at);
          paced(socket, {type: 'act', actions: msg.actions, n: asked.n});
          asked = null;
          return;
        }
        if (msg.type === 'error') {  // said, and asked again a moment later
          errors.push(msg.reason || msg.message || JSON.stringify(msg));
          if (errors.length > 5) { done('refused'); return; }
          asked = null; lastN = -1;
          setTimeout(() => { if (last) mine(last); }, 1000);
          return;
        }
        if (msg.type !== 'state') return;
        if (msg.table.status !== 'playing') { done('game over'); return; }
        if (hintTimes.length >= hints) { done('enough hints'); return; }
        const hands = msg.table.hands || 0;
        if (hands > summaryHands) {  // say the summary was read: the computers deal on
          summaryHands = hands;
          paced(socket, {type: 'next', hands});
        }
        last = msg;
        mine(msg);
      });
      function mine(msg) {  // our turn: ask for the hint (and play it when it comes)
        if (msg.view && msg.view.to_move === 0 && !asked && msg.n !== lastN) {
          lastN = msg.n;
          asked = {n: msg.n, at: null};
          const ask = asked;
          paced(socket, {type: 'hint'}, () => { ask.at = performance.now(); });
        }
      }
    }));
    socket.close();
    if (ends[ends.length - 1] !== 'game over') break;
  }
  const timings = await new Promise((done) => {
    window.addEventListener('binokel-timings', (e) => done(e.detail), {once: true});
    transport.worker.postMessage({kind: 'timings'});
  });
  return {hints: hintTimes, moves: timings.moves, errors, ends};
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


CALIBRATION_PAGE = "http://calibration.invalid/"
"""A page of no server (the browser's own route answers it): the calibration runs before the
app is opened, so the first start stays a first start."""

LOOP = 10_000_000
"""The calibration loop's rounds: about 0.3 s in a worker on the development machine."""

CALIBRATE = """async ([rounds, times]) => {
  const source = 'onmessage = (e) => { const t = performance.now(); let x = 0; ' +
    'for (let i = 0; i < e.data; i++) x = (x * 31 + i) % 1000003; ' +
    'postMessage([performance.now() - t, x]); };';
  const url = URL.createObjectURL(new Blob([source], {type: 'text/javascript'}));
  const worker = new Worker(url);
  const took = [];
  for (let i = 0; i < times; i++) {
    took.push(await new Promise((done) => {
      worker.onmessage = (e) => done(e.data[0]);
      worker.postMessage(rounds);
    }));
  }
  worker.terminate();
  URL.revokeObjectURL(url);
  return took;
}"""


PYTHON_CALLS = 400
"""The app's own Python worker timed the same way: this many ``/api/meta`` answers (the rule
sets and players, made in Python each time) one after another, a batch's median of three."""

PYTHON_CALIBRATE = """async ([calls, times]) => {
  const took = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    for (let j = 0; j < calls; j++) await (await transport.fetch('/api/meta')).json();
    took.push(performance.now() - started);
  }
  return took;
}"""


def python_ms(page: Any, times: int = 3) -> float:
    """``PYTHON_CALLS`` answers of the app's worker: the median time (ms) of ``times`` batches."""
    took: list[float] = page.evaluate(PYTHON_CALIBRATE, [PYTHON_CALLS, times])
    return float(statistics.median(took))


def loop_ms(page: Any, times: int = 5) -> float:
    """The calibration loop's median time (ms) in a dedicated worker of ``page``."""
    took: list[float] = page.evaluate(CALIBRATE, [LOOP, times])
    return float(statistics.median(took))


def cdp_on_worker(context: Any, page: Any) -> str:
    """What ``Emulation.setCPUThrottlingRate`` sent to a dedicated worker's own DevTools target
    answers (through the page's session, attached to the worker in non-flat mode)."""
    page.evaluate("window.probe = new Worker(URL.createObjectURL(new Blob(['onmessage = () => "
                  "postMessage(1)'], {type: 'text/javascript'})))")
    cdp = context.new_cdp_session(page)
    attached: list[dict[str, Any]] = []
    answers: list[dict[str, Any]] = []
    cdp.on("Target.attachedToTarget", lambda event: attached.append(event))
    cdp.on("Target.receivedMessageFromTarget",
           lambda event: answers.append(json.loads(event["message"])))
    cdp.send("Target.setAutoAttach",
             {"autoAttach": True, "waitForDebuggerOnStart": False, "flatten": False})
    deadline = time.monotonic() + 30
    while not any(a["targetInfo"]["type"] == "worker" for a in attached):
        if time.monotonic() > deadline:
            return "no worker target attached"
        page.wait_for_timeout(50)
    session = next(a["sessionId"] for a in attached if a["targetInfo"]["type"] == "worker")
    cdp.send("Target.sendMessageToTarget", {"sessionId": session, "message": json.dumps(
        {"id": 1, "method": "Emulation.setCPUThrottlingRate", "params": {"rate": 4}})})
    while not any(a.get("id") == 1 for a in answers):
        if time.monotonic() > deadline:
            return "no answer"
        page.wait_for_timeout(50)
    answer = next(a for a in answers if a.get("id") == 1)
    cdp.send("Target.setAutoAttach",
             {"autoAttach": False, "waitForDebuggerOnStart": False, "flatten": False})
    cdp.detach()
    page.evaluate("window.probe.terminate()")
    return json.dumps(answer.get("error") or answer.get("result"))


class CpuQuota:
    """A cgroup whose processes share at most ``share`` of one CPU (cgroup v2 ``cpu.max``, or
    v1's ``cpu`` controller); :meth:`close` moves what is left back and removes it."""

    PERIOD_US = 10_000
    """A short period: a 50 ms computer move is slowed evenly, not stopped for 75 ms at once."""

    def __init__(self) -> None:
        unified = Path("/sys/fs/cgroup")
        v2 = unified / "cgroup.controllers"
        if v2.exists() and "cpu" in v2.read_text().split():
            own = Path(f"/proc/{os.getpid()}/cgroup").read_text().split("\n")[0].split(":")[2]
            self.parent = unified / own.lstrip("/")
            self.v2 = True
        else:
            self.parent = unified / "cpu"
            self.v2 = False
            if not (self.parent / "cpu.cfs_quota_us").exists():
                raise SystemExit("no cgroup cpu controller under /sys/fs/cgroup: cannot slow "
                                 "the browser down (run with --slowdowns 1)")
        self.path = self.parent / f"binokel-bench-{os.getpid()}"
        try:
            self.path.mkdir()
            if self.v2:
                (self.parent / "cgroup.subtree_control").write_text("+cpu")
        except OSError as exc:
            raise SystemExit(f"cannot make the cgroup {self.path} ({exc}): cannot slow the "
                             "browser down (run as root, or with --slowdowns 1)") from exc
        self.share = 1.0

    def set(self, share: float) -> None:
        self.share = share
        quota = max(1000, round(self.PERIOD_US * share))
        if self.v2:
            (self.path / "cpu.max").write_text(f"{quota} {self.PERIOD_US}")
        else:
            (self.path / "cpu.cfs_period_us").write_text(str(self.PERIOD_US))
            (self.path / "cpu.cfs_quota_us").write_text(str(quota))

    def add(self, pids: list[int]) -> None:
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):  # gone meanwhile
                (self.path / "cgroup.procs").write_text(str(pid))

    def members(self) -> list[int]:
        return [int(p) for p in (self.path / "cgroup.procs").read_text().split()]

    def close(self) -> None:
        for pid in self.members():
            with contextlib.suppress(ProcessLookupError):
                (self.parent / "cgroup.procs").write_text(str(pid))
        self.path.rmdir()


def chromium_processes() -> list[int]:
    """This script's chromium: the processes under it whose program is chromium's, and all
    theirs (not the Playwright driver, not the server)."""
    parent: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parent[int(entry.name)] = int(stat[stat.rindex(")") + 2:].split()[1])

    def program(pid: int) -> str:
        try:
            return os.readlink(f"/proc/{pid}/exe")
        except OSError:
            return ""

    def under(pid: int, ancestor: int) -> bool:
        while pid > 1:
            pid = parent.get(pid, 0)
            if pid == ancestor:
                return True
        return False

    mine = [pid for pid in parent if under(pid, os.getpid())]
    tops = [pid for pid in mine if "chromium" in Path(program(pid)).name
            and "chromium" not in Path(program(parent[pid])).name]
    return sorted({pid for pid in mine for top in tops if pid == top or under(pid, top)})


def slow_down(page: Any, quota: CpuQuota, slowdown: float, unslowed: float
              ) -> tuple[float, list[str]]:
    """Put the browser in ``quota`` and tune its share until the calibration loop takes
    ``slowdown`` times ``unslowed`` (within 10 %, three tries); the loop's time and what was
    tried."""
    quota.add(chromium_processes())
    share, tried = 1 / slowdown, []
    took = unslowed
    for _ in range(3):
        quota.set(share)
        took = loop_ms(page)
        factor = took / unslowed
        tried.append(f"{share:.3f} CPU -> {factor:.2f}x")
        if abs(factor / slowdown - 1) < 0.1:
            break
        share = min(1.0, share * factor / slowdown)
    return took, tried


def ready(page: Any) -> float:
    started = time.monotonic()
    page.wait_for_selector("#app-status[data-kind='here'], #app-status[data-kind='bad']",
                           timeout=600_000)
    assert page.get_attribute("#app-status", "data-kind") == "here", \
        page.inner_text("#app-status")
    return time.monotonic() - started


def percentile(values: list[float], q: float) -> float:
    """The median for ``q`` 0.5 (the mean of the middle two of an even count), else
    :func:`loadtest.percentile`, the value at rank ``q``."""
    return float(statistics.median(values)) if q == 0.5 else rank_percentile(values, q)


def quantiles(values: list[float]) -> str:
    if not values:
        return "none"
    return (f"median {percentile(values, 0.5) * 1000:6.0f} ms  "
            f"p95 {percentile(values, 0.95) * 1000:6.0f} ms  "
            f"max {max(values) * 1000:6.0f} ms  (n={len(values)})")


def run(url: str, slowdown: float, hints: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    figures: dict[str, Any] = {"slowdown": slowdown, "load_before": os.getloadavg()[0]}
    quota = CpuQuota() if slowdown != 1 else None
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(
                viewport={"width": PHONE["width"], "height": PHONE["height"]},
                has_touch=True, bypass_csp=True)
            context.route(CALIBRATION_PAGE, lambda route: route.fulfill(
                body="<!doctype html><title>calibration</title>", content_type="text/html"))
            page = context.new_page()
            page.goto(CALIBRATION_PAGE)
            if quota is None:
                figures["cdp_on_worker"] = cdp_on_worker(context, page)
            unslowed = loop_ms(page)
            figures["loop_unslowed_ms"] = unslowed
            figures["loop_ms"] = unslowed
            if quota is not None:
                figures["loop_ms"], figures["tuning"] = slow_down(page, quota, slowdown,
                                                                  unslowed)
            started = time.monotonic()
            page.goto(url + "/app/")
            ready(page)
            figures["first"] = time.monotonic() - started
            page.wait_for_function("navigator.serviceWorker.controller !== null",
                                   timeout=600_000)
            figures["files"], figures["bytes"] = page.evaluate(CACHED)
            started = time.monotonic()
            page.reload()
            ready(page)
            figures["cached"] = time.monotonic() - started
            figures["python_ms"] = python_ms(page)
            figures["played"] = page.evaluate(PLAY, [0, hints, OFFLINE_EXPERT])
            figures["loop_after_ms"] = loop_ms(page)
            if quota is not None:
                inside = set(quota.members())
                figures["processes"] = len(inside)
                figures["outside"] = len(set(chromium_processes()) - inside)
            browser.close()
    finally:
        if quota is not None:
            quota.close()
    figures["load_after"] = os.getloadavg()[0]
    report(figures)
    return figures


def moves_of(figures: dict[str, Any], expert: bool | None = None) -> list[float]:
    return [seconds for spec, seconds in figures["played"]["moves"]
            if expert is None or (OFFLINE_EXPERT in spec) == expert]


def report(figures: dict[str, Any]) -> None:
    slowdown, played = figures["slowdown"], figures["played"]
    print(f"\nCPU slowdown {slowdown:g}x  (load average {figures['load_before']:.2f} before, "
          f"{figures['load_after']:.2f} after)", flush=True)
    if "cdp_on_worker" in figures:
        print(f"  CDP Emulation.setCPUThrottlingRate on the worker's target: "
              f"{figures['cdp_on_worker']}")
    if slowdown == 1:
        print(f"  calibration   loop in a worker {figures['loop_ms']:5.0f} ms "
              f"(after the game {figures['loop_after_ms']:5.0f} ms)")
    else:
        print(f"  calibration   loop in a worker {figures['loop_unslowed_ms']:5.0f} ms unslowed, "
              f"{figures['loop_ms']:5.0f} ms in the cgroup: "
              f"{figures['loop_ms'] / figures['loop_unslowed_ms']:.2f}x "
              f"({'; '.join(figures['tuning'])}); after the game {figures['loop_after_ms']:5.0f}"
              f" ms = {figures['loop_after_ms'] / figures['loop_unslowed_ms']:.2f}x; "
              f"{figures['processes']} chromium processes in the cgroup, "
              f"{figures['outside']} outside it")
    print(f"  app's worker  {PYTHON_CALLS} answers of /api/meta in Python: "
          f"{figures['python_ms']:5.0f} ms")
    print(f"  first start   {figures['first']:6.1f} s")
    print(f"  cached start  {figures['cached']:6.1f} s")
    by_player: dict[str, list[float]] = {}
    for spec, seconds in played["moves"]:
        by_player.setdefault(spec, []).append(seconds)
    print(f"  computer move {quantiles(moves_of(figures))}")
    for spec, seconds in sorted(by_player.items()):
        print(f"    {spec:34s} {quantiles(seconds)}")
    print(f"  hint (page)   {quantiles([ms / 1000 for ms in played['hints']])}")
    print(f"  tables played: {len(played['ends'])} ({', '.join(played['ends'])})")
    if played["errors"]:
        print(f"  refused: {played['errors'][:3]}")
    print(f"  service worker cache: {figures['files']} files, {figures['bytes'] / 1e6:.1f} MB")


def side_by_side(runs: list[dict[str, Any]]) -> None:
    """The slowdowns' figures in columns."""
    def ms(values: list[float], q: float) -> str:
        return f"{percentile(values, q) * 1000:.0f} ms" if values else "-"

    rows: list[tuple[str, list[str]]] = [
        ("slowdown asked", [f"{r['slowdown']:g}x" for r in runs]),
        ("slowdown measured (worker loop)",
         [f"{r['loop_ms'] / r['loop_unslowed_ms']:.2f}x" for r in runs]),
        ("worker loop", [f"{r['loop_ms']:.0f} ms" for r in runs]),
        (f"app's worker, {PYTHON_CALLS} /api/meta", [f"{r['python_ms']:.0f} ms" for r in runs]),
        ("  slowdown vs the first column",
         [f"{r['python_ms'] / runs[0]['python_ms']:.2f}x" for r in runs]),
        ("load average (before/after)",
         [f"{r['load_before']:.1f}/{r['load_after']:.1f}" for r in runs]),
        ("first start", [f"{r['first']:.1f} s" for r in runs]),
        ("cached start", [f"{r['cached']:.1f} s" for r in runs]),
    ]
    for label, expert in (("computer move", None), ("  offline expert", True),
                          ("  hard heuristic", False)):
        rows.append((f"{label} median", [ms(moves_of(r, expert), 0.5) for r in runs]))
        rows.append((f"{label} p95", [ms(moves_of(r, expert), 0.95) for r in runs]))
        rows.append((f"{label} n", [str(len(moves_of(r, expert))) for r in runs]))
    hints = [[h / 1000 for h in r["played"]["hints"]] for r in runs]
    rows.append(("hint median (page)", [ms(h, 0.5) for h in hints]))
    rows.append(("hint p95 (page)", [ms(h, 0.95) for h in hints]))
    print("\nside by side")
    for label, cells in rows:
        print(f"  {label:32s}" + "".join(f"{cell:>14s}" for cell in cells))


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
        runs = []
        try:
            wait_for_port(port, server, tries=600, pause=0.05)
            for slowdown in args.slowdowns:
                runs.append(run(f"http://127.0.0.1:{port}", slowdown, args.hints))
        finally:
            server.terminate()
            server.wait(10)
    side_by_side(runs)
    print(json.dumps({"expert_offline": OFFLINE_EXPERT}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
