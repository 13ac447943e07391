"""A burst of taps on the lobby's Create makes one table, and one on the score pad's Start one
pad.  Each sent one request a tap, so a quick finger (or an impatient one, while the server was
slow) made several tables, each counting against the per-address cap, or several pads.  The web
lobby and the offline app share the lobby's page."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest

from .browsing import LAPTOP, PHONE, all_answered, chromium, new_tab, playwright_or_skip
from .conftest import LiveServer

sync_api = playwright_or_skip()


def tables_made(server: LiveServer) -> int:
    with sqlite3.connect(server.db) as db:
        return int(db.execute("SELECT count(*) FROM tables").fetchone()[0])


@pytest.mark.parametrize(("size", "lang"), [(PHONE, "en"), (LAPTOP, "de")],
                         ids=["phone-en", "laptop-de"])
def test_a_burst_of_taps_on_create_makes_one_table(live_server: LiveServer,
                                                   size: dict[str, int], lang: str) -> None:
    errors: list[str] = []
    with chromium() as browser:
        page: Any = new_tab(browser, size=size, lang=lang, errors=errors, touch=size == PHONE)
        page.goto(live_server.url + "/")
        page.wait_for_selector("select[data-seat='1']")
        box = page.locator("#create").bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        sent: list[str] = []
        done: list[str] = []

        def creating(request: Any) -> bool:
            return bool(request.method == "POST" and request.url.endswith("/api/tables"))

        page.on("request", lambda r: sent.append(r.url) if creating(r) else None)
        page.on("requestfinished", lambda r: done.append(r.url) if creating(r) else None)
        page.on("requestfailed", lambda r: done.append(r.url) if creating(r) else None)
        before = tables_made(live_server)
        for _ in range(5):  # one spot, as fast as the browser takes them
            if size == PHONE:
                page.touchscreen.tap(x, y)
            else:
                page.mouse.click(x, y)
        page.wait_for_url("**/t/*")
        page.wait_for_function("typeof TablePage !== 'undefined' && TablePage.current"
                               " && TablePage.current.ws"
                               " && TablePage.current.ws.readyState === WebSocket.OPEN")
        all_answered(page)  # the table page is up and its connection answers
        while len(done) < len(sent):  # every request the taps made has its answer
            page.wait_for_timeout(50)
        tokens = page.evaluate(
            "Object.keys(localStorage).filter((k) => k.startsWith('binokel.token.'))")
    assert len(sent) == 1, f"{len(sent)} requests to make a table"
    assert tables_made(live_server) - before == 1
    assert len(tokens) == 1
    assert not errors, errors


def pads_made(server: LiveServer) -> int:
    with sqlite3.connect(server.db) as db:
        return int(db.execute("SELECT count(*) FROM pads").fetchone()[0])


@pytest.mark.parametrize(("size", "lang"), [(PHONE, "en"), (LAPTOP, "de")],
                         ids=["phone-en", "laptop-de"])
def test_a_burst_of_taps_on_the_pads_start_makes_one_pad(live_server: LiveServer,
                                                         size: dict[str, int], lang: str) -> None:
    # (issue 46's checks: five quick clicks on "Start the pad" made five pads)
    errors: list[str] = []
    with chromium() as browser:
        page: Any = new_tab(browser, size=size, lang=lang, errors=errors, touch=size == PHONE)
        page.goto(live_server.url + "/pad")
        page.wait_for_selector("#pad-names input")
        for seat, name in enumerate(("Anna", "Bert", "Cora")):
            page.fill(f"#pad-names input[data-seat='{seat}']", name)
        box = page.locator("#pad-start").bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        sent: list[str] = []
        done: list[str] = []

        def starting(request: Any) -> bool:
            return bool(request.method == "POST" and request.url.endswith("/api/pads"))

        page.on("request", lambda r: sent.append(r.url) if starting(r) else None)
        page.on("requestfinished", lambda r: done.append(r.url) if starting(r) else None)
        page.on("requestfailed", lambda r: done.append(r.url) if starting(r) else None)
        before = pads_made(live_server)
        for _ in range(5):
            if size == PHONE:
                page.touchscreen.tap(x, y)
            else:
                page.mouse.click(x, y)
        page.wait_for_selector("#pad-form")
        while len(done) < len(sent):  # every request the taps made has its answer
            page.wait_for_timeout(50)
        kept = page.evaluate(
            "Object.keys(localStorage).filter((k) => /^binokel[.]pad[.][^.]+$/.test(k)"
            " && k !== 'binokel.pad.names')")
    assert len(sent) == 1, f"{len(sent)} requests to start a pad"
    assert pads_made(live_server) - before == 1
    assert len(kept) == 1, kept
    assert not errors, errors
