"""Debian's chromium for the browser tests, driven by Playwright and launched directly
(``playwright install`` cannot download browsers here): headless, no sandbox (CI runs as
root), background networking off.  Skips the calling test module when either is missing
(scripts/test installs chromium).

The set-ups the browser tests share: a server over a store filled first (``serving``), the
browser (``chromium``), a tab at phone or laptop size in a language, seated at a table by its
token (``new_tab``), and the actions the server stored (``stored_actions``).
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import pytest

from binokel.web.store import Store

from .conftest import LiveServer

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
HANG_MS = 60_000
"""How long a page waits for anything: a hang guard on a loaded machine, not a speed check."""

T = TypeVar("T")


def playwright_or_skip() -> Any:
    """Playwright's sync API; call at module level (it skips the whole module)."""
    api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
    if not shutil.which(CHROMIUM):
        pytest.skip("chromium is not installed (scripts/test installs it)",
                    allow_module_level=True)
    return api


@contextmanager
def serving(db: Path, fill: Callable[[Store], T], *, options: tuple[str, ...] = ()
            ) -> Iterator[tuple[LiveServer, T]]:
    """``binokel serve`` over the store ``db`` after ``fill`` wrote into it (tables at a moment
    of a game, a finished game...), with what ``fill`` returned."""
    store = Store(db)
    try:
        filled = fill(store)
    finally:
        store.close()
    server = LiveServer(db, options=list(options))
    server.start()
    try:
        yield server, filled
    finally:
        server.stop()


@contextmanager
def chromium() -> Iterator[Any]:
    """A headless Debian chromium (one per test module is plenty)."""
    api = playwright_or_skip()
    with api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def new_tab(browser: Any, *, size: dict[str, int] = PHONE, lang: str | None = "en",
            seat: tuple[str, str, int] | None = None, errors: list[str] | None = None,
            scripts: tuple[str, ...] = (), touch: bool = True) -> Any:
    """A page in a context of its own (its own storage): a phone (touch) or a laptop, the
    reader's language chosen before (``lang``; None: the browser's), seated at a table
    (``seat``: table id, token, seat number) and with ``scripts`` run before the page's own;
    ``touch``: the screen takes taps too.
    The page's errors and console errors are added to ``errors``."""
    phone = size == PHONE
    context = browser.new_context(viewport=size, has_touch=touch, is_mobile=phone,
                                  locale="de-DE" if lang == "de" else "en-GB",
                                  bypass_csp=True)  # lets the test evaluate its checks
    init = ""
    if lang is not None:
        init += f"if (!localStorage.getItem('binokel.lang')) " \
                f"localStorage.setItem('binokel.lang', {lang!r});"
    if seat is not None:
        table, token, number = seat
        saved = json.dumps({"token": token, "seat": number})
        init += f"localStorage.setItem('binokel.token.{table}', {saved!r});"
    if init:
        context.add_init_script(init)
    for script in scripts:
        context.add_init_script(script)
    page = context.new_page()
    if errors is not None:
        page.on("pageerror", lambda exc: errors.append(f"page error: {exc}"))
        page.on("console", lambda m: errors.append(f"console error: {m.text}")
                if m.type == "error" else None)
    page.set_default_timeout(HANG_MS)
    return page


def tap(page: Any, selector: str) -> None:
    """A tap on a phone (touch), a click on a laptop."""
    if page.viewport_size == PHONE:
        page.locator(selector).first.tap()
    else:
        page.locator(selector).first.click()


def stored_actions(server: LiveServer, table_id: str) -> list[tuple[int, int, str]]:
    """(n, seat, action) of the table's actions as the server stored them."""
    with sqlite3.connect(server.db) as db:
        rows = db.execute("SELECT n, seat, action FROM actions WHERE table_id = ? ORDER BY n",
                          (table_id,)).fetchall()
    return [(int(n), int(seat), str(action)) for n, seat, action in rows]


# A ping on the page's own WebSocket, resolved when its pong comes back: the server handles a
# connection's messages in order, so every action the page sent before has been handled (and
# stored) by then, and any message of a routed socket has passed the test's route.
_ANSWERED_JS = """() => new Promise((done) => {
  const ws = typeof TablePage !== "undefined" && TablePage.current && TablePage.current.ws;
  if (!ws || ws.readyState !== WebSocket.OPEN) { done(false); return; }
  const heard = (event) => {
    if (JSON.parse(event.data).type !== "pong") return;
    ws.removeEventListener("message", heard);
    done(true);
  };
  ws.addEventListener("message", heard);
  ws.send(JSON.stringify({type: "ping"}));
})"""


def all_answered(page: Any, *, connected: bool = True) -> None:
    """Wait until the server has handled every message the table page sent so far (the event
    of a ping's pong, not a guess of time).  A page that is not at a table or whose connection
    is not open (``connected=False`` allows it) has nothing on its way."""
    answered = page.evaluate(_ANSWERED_JS)
    assert answered or not connected, "the page's connection is not open"
