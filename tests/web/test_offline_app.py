"""The installable app in a real browser (Debian's chromium, Playwright, a phone's screen and
touch): opened once from ``binokel serve --app DIR``, then with the network gone it reloads from
its service worker and plays a whole Binokel hand against two computers and a Bézique hand in
the page's own Python (Pyodide in a Web Worker), with a hint and the summary; back online, the
score pad sends the hand it queued while offline.

One app build, one server and one browser serve the module (the runtime loads once per page
load: about 20 s on a loaded 2-core machine for the first, less from the cache).  Skipped when
chromium, Playwright or the Pyodide runtime (``npm ci``) cannot be had.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from binokel.web.appbuild import AppBuildError, build_app

from .browsing import CHROMIUM, CHROMIUM_ARGS, PHONE, playwright_or_skip
from .conftest import LiveServer
from .seeing import look
from .test_pad_browser import FIRST_DEALER, GAME, PLAYERS, Phone, enter, saved

sync_api = playwright_or_skip()

#: A hang guard on a loaded machine, not a speed check.
WAIT_MS = 180_000


@pytest.fixture(scope="module")
def app_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("app")
    try:
        build_app(folder / "app")
    except AppBuildError as exc:
        pytest.skip(f"the app cannot be built here: {exc}")
    server = LiveServer(folder / "web.sqlite3", options=["--app", str(folder / "app")])
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def phone(app_server: LiveServer) -> Iterator[tuple[Any, list[str]]]:
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport=PHONE, locale="en-GB", has_touch=True,
                                      service_workers="allow",
                                      bypass_csp=True)  # lets the test evaluate its checks
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.set_default_timeout(WAIT_MS)
        yield page, errors
        browser.close()


def body(page: Any, key: str) -> str:
    value: str = page.evaluate(f"document.body.dataset.{key} || ''")
    return value


def app_ready(page: Any) -> str:
    """Wait until the worker has loaded Python and the package; the status line's kind."""
    page.wait_for_selector("#app-status[data-kind='here'], #app-status[data-kind='offline'], "
                           "#app-status[data-kind='bad']")
    kind: str = page.get_attribute("#app-status", "data-kind")
    assert kind != "bad", page.inner_text("#app-status")
    return kind


def new_table(page: Any, rules: str) -> None:
    page.evaluate("location.hash = '#/'")
    page.wait_for_selector("#create")
    page.select_option("#rule-set", rules)
    seats = page.locator("select[data-seat]")
    for i in range(1, seats.count()):
        page.select_option(f"select[data-seat='{i}']", "bot:heuristic:level=hard")
    page.tap("#create")
    page.wait_for_selector("#hand .card")


def play_hand(page: Any) -> dict[str, int]:
    """Tap through one hand as a person would, until its summary shows; what was done."""
    done = {"plays": 0, "hints": 0, "discards": 0, "choices": 0}
    deadline = time.monotonic() + 600
    while True:
        assert time.monotonic() < deadline, "the hand did not finish in time"
        page.wait_for_function("document.body.dataset.myTurn === '1' || "
                               "document.body.dataset.summary === '1'")
        if body(page, "summary") == "1":
            return done
        n, phase = body(page, "n"), body(page, "phase")
        legal = page.locator("#hand .card.legal")
        if phase == "discard":
            cards = page.locator("#hand .card.selectable")
            i = 0
            while page.locator("#lay-away").is_disabled():
                cards.nth(i).tap(position={"x": 6, "y": 20})
                i += 1
            page.tap("#lay-away")
            done["discards"] += 1
        elif legal.count():
            if not done["hints"] and page.locator("#hint").count():
                page.tap("#hint")
                page.wait_for_selector("#hint-box")
                assert page.locator("#hint-box").inner_text().startswith("Hint: ")
                done["hints"] += 1
            legal.first.tap(position={"x": 6, "y": 20})
            done["plays"] += 1
        else:
            trumps = page.locator("#actions button[data-action^='trump ']")
            bids = page.locator("#actions button[data-action]:not([data-action='pass'])")
            passing = page.locator("#actions button[data-action='pass']")
            if phase == "trump" and trumps.count():
                trumps.first.tap()
            elif phase == "auction" and (done["choices"] or not bids.count()):
                passing.tap()  # one bid, then pass: the hand goes on quickly
            else:
                (bids if bids.count() else page.locator("#actions button[data-action]")).first.tap()
            done["choices"] += 1
        try:
            page.wait_for_function(f"document.body.dataset.n !== {n!r} || "
                                   "document.body.dataset.summary === '1'", timeout=60_000)
        except Exception:
            page.screenshot(path="/tmp/i49-stuck.png")
            print("stuck", phase, done, page.inner_text("#main")[:2000])
            raise


def test_offline_after_one_visit(app_server: LiveServer, phone: tuple[Any, list[str]]) -> None:
    page, errors = phone
    page.on("dialog", lambda dialog: dialog.accept())
    # The score pad, opened once with the network (its service worker keeps it).
    page.goto(app_server.url + "/pad")
    page.wait_for_selector("#pad-names input")
    page.select_option("#pad-rules", "binokel")
    for seat, name in enumerate(PLAYERS):
        page.fill(f"#pad-names input[data-seat='{seat}']", name)
    page.select_option("#pad-first-dealer", str(FIRST_DEALER))
    page.tap("#pad-start")
    page.wait_for_selector("#pad-form")
    pad_url = page.url
    page.wait_for_function("navigator.serviceWorker.controller !== null")

    started = time.monotonic()
    page.goto(app_server.url + "/app/")
    assert app_ready(page) == "here"
    first = time.monotonic() - started
    # The service worker has kept every file and controls the page.
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=WAIT_MS) \
        if page.evaluate("navigator.serviceWorker.controller === null") else None
    page.evaluate("navigator.serviceWorker.ready")
    page.screenshot(path=str(Path(app_server.db).with_name("start.png")))

    page.context.set_offline(True)
    started = time.monotonic()
    page.reload()
    assert app_ready(page) == "offline"
    cached = time.monotonic() - started
    status = page.inner_text("#app-status")
    assert "Offline" in status and "server" in status
    print(f"first start {first:.1f} s, cached start offline {cached:.1f} s")

    new_table(page, "binokel")
    table = page.evaluate("location.hash")
    done = play_hand(page)
    for _ in range(3):  # a declarer who gives up after the Dabb ends a hand with no tricks
        if done["plays"]:
            break
        page.tap("#next-hand")
        page.wait_for_selector("#summary", state="detached")
        done = play_hand(page)
    assert done["plays"] >= 1 and done["hints"] == 1
    assert page.locator("#summary").is_visible()
    why = page.locator("#summary").inner_text()
    assert "Hand 1" in why or "hand" in why.lower()

    # The game is kept in the browser: a reload (still offline) brings it back.
    page.reload()
    app_ready(page)
    page.wait_for_selector("#summary, #hand .card")
    assert page.evaluate("location.hash") == table
    assert body(page, "n") != ""

    new_table(page, "bezique")
    done = play_hand(page)
    assert done["plays"] >= 1
    assert page.locator("#summary").is_visible()

    # The pad opens with no network, takes a hand, and sends it once the server answers.
    page.goto(pad_url)
    page.wait_for_selector("#pad-form")
    pad = Phone(page)
    enter(pad, GAME[0], PLAYERS)
    page.wait_for_function("document.body.dataset.offline === '1'")
    assert pad.body("pending") == "1" and pad.body("hands") == "0"
    page.context.set_offline(False)
    saved(pad, 1)
    assert not errors, f"the page raised: {errors}"


ICONS = """async () => {
  const link = document.querySelector("link[rel=manifest]").href;
  const manifest = await (await fetch(link)).json();
  const drawn = [];
  for (const icon of manifest.icons) {
    const image = new Image();
    image.src = new URL(icon.src, link).href;
    try { await image.decode(); } catch (err) { /* not loaded: 0 x 0 */ }
    drawn.push([icon.src, icon.sizes, icon.type, image.naturalWidth, image.naturalHeight]);
  }
  return drawn;
}"""


def test_the_apps_lobby_and_icons_offline(app_server: LiveServer,
                                          phone: tuple[Any, list[str]]) -> None:
    """The server's lobby offers the turn clock; the app's, with no network, does not (its
    tables have no clock) and is usable at a phone's size.  The manifest's icons load from the
    service worker's cache, the PNGs at the size the manifest gives."""
    page, errors = phone
    page.goto(app_server.url + "/")
    page.wait_for_selector("#create")
    assert page.locator("#turn-clock").is_visible()
    page.goto(app_server.url + "/app/")
    app_ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    page.context.set_offline(True)
    try:
        page.reload()
        assert app_ready(page) == "offline"
        page.evaluate("location.hash = '#/'")
        page.wait_for_selector("#create")
        page.wait_for_selector("select[data-seat='1']")
        assert page.locator("#turn-clock").count() == 0
        assert "clock" not in page.inner_text("#new-table").lower()
        assert look(page) == []
        icons = page.evaluate(ICONS)
    finally:
        page.context.set_offline(False)
    assert {sizes for _, sizes, kind, _, _ in icons if kind == "image/png"} == \
        {"192x192", "512x512"}
    for src, sizes, _, width, height in icons:
        assert width and height, f"{src} did not load offline"
        assert sizes == "any" or sizes == f"{width}x{height}", (src, sizes, width, height)
    assert not errors, f"the page raised: {errors}"


SAME_SEATS = ["bot:heuristic:level=hard", "bot:heuristic:level=medium", "bot:random"]


def server_record(rules: str, seed: str) -> str:
    """The record the server's table manager makes (its computer players in worker
    processes, as ``binokel serve`` runs them) for an all-computer table."""
    from binokel.web.botpool import BotPool
    from binokel.web.hints import Hints
    from binokel.web.store import Store
    from binokel.web.tables import TableManager

    async def run() -> str:
        manager = TableManager(Store(":memory:"), bot_delay=0, pool=BotPool(workers=1),
                               hints=Hints(BotPool(workers=1)))
        table = manager.create(rules, SAME_SEATS, seed=seed).table
        try:
            while table.is_playing:
                await asyncio.sleep(0.05)
            return manager.record(table)
        finally:
            await manager.close()

    # (a thread of its own: Playwright's sync API keeps an event loop in this one)
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, run()).result()


def without_table_lines(record: str) -> str:
    """A record without the lines that name the table and the day (not the game)."""
    return "\n".join(line for line in record.splitlines()
                     if not line.startswith(("[Table ", "[Date ")))


def test_offline_table_plays_as_the_server(app_server: LiveServer,
                                           phone: tuple[Any, list[str]]) -> None:
    page, errors = phone
    page.context.set_offline(False)
    page.goto(app_server.url + "/app/")
    app_ready(page)
    seed, rules = "same-seed-49", "binokel-to-1000"
    page.evaluate("transport.worker.postMessage({kind: 'settings', botDelay: 0})")
    made = page.evaluate("""async ([rules, seats, seed]) => {
        const r = await transport.fetch('/api/tables', {method: 'POST',
            body: JSON.stringify({rules, seats, seed})});
        return await r.json(); }""", [rules, SAME_SEATS, seed])
    record = page.evaluate("""async (id) => {
        for (;;) {
            const info = await (await transport.fetch('/api/tables/' + id)).json();
            if (info.status !== 'playing') break;
            await new Promise((done) => setTimeout(done, 200));
        }
        return await (await transport.fetch('/api/tables/' + id + '/record')).text(); }""",
                           made["id"])
    assert '[Status "finished"]' in record and record.count("\n") > 100  # a whole game
    assert without_table_lines(record) == without_table_lines(server_record(rules, seed))
    assert not errors, f"the page raised: {errors}"
