"""A burst of taps on the lobby's Create makes one table, and one on the score pad's Start one
pad.  Each sent one request a tap, so a quick finger (or an impatient one, while the server was
slow) made several tables, each counting against the per-address cap, or several pads.  The web
lobby and the offline app share the lobby's page."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from .browsing import LAPTOP, PHONE, all_answered, chromium, new_tab, playwright_or_skip
from .conftest import LiveServer

sync_api = playwright_or_skip()

SIZES = pytest.mark.parametrize(("size", "lang"), [(PHONE, "en"), (LAPTOP, "de")],
                                ids=["phone-en", "laptop-de"])


def made(server: LiveServer, table: str) -> int:
    with sqlite3.connect(server.db) as db:
        return int(db.execute(f"SELECT count(*) FROM {table}").fetchone()[0])


@contextmanager
def opened(server: LiveServer, path: str, ready: str, size: dict[str, int], lang: str,
           errors: list[str]) -> Iterator[Any]:
    """A tab at ``size`` in ``lang`` (touch at phone size) on ``path``, once ``ready`` shows."""
    with chromium() as browser:
        page = new_tab(browser, size=size, lang=lang, errors=errors, touch=size == PHONE)
        page.goto(server.url + path)
        page.wait_for_selector(ready)
        yield page


class Burst:
    """Five taps (a phone) or clicks on one spot, as fast as the browser takes them, and the
    ``POST`` requests to ``path`` they made, each with its answer awaited (:meth:`settle`)."""

    def __init__(self, page: Any, path: str) -> None:
        self.page, self.sent, self.done = page, list[str](), list[str]()

        def counted(request: Any) -> bool:
            return bool(request.method == "POST" and request.url.endswith(path))

        page.on("request", lambda r: self.sent.append(r.url) if counted(r) else None)
        page.on("requestfinished", lambda r: self.done.append(r.url) if counted(r) else None)
        page.on("requestfailed", lambda r: self.done.append(r.url) if counted(r) else None)

    def tap(self, selector: str, *, touch: bool) -> None:
        box = self.page.locator(selector).bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        for _ in range(5):
            if touch:
                self.page.touchscreen.tap(x, y)
            else:
                self.page.mouse.click(x, y)

    def settle(self) -> None:
        while len(self.done) < len(self.sent):  # every request the taps made has its answer
            self.page.wait_for_timeout(50)


@SIZES
def test_a_burst_of_taps_on_create_makes_one_table(live_server: LiveServer,
                                                   size: dict[str, int], lang: str) -> None:
    errors: list[str] = []
    with opened(live_server, "/", "select[data-seat='1']", size, lang, errors) as page:
        burst = Burst(page, "/api/tables")
        before = made(live_server, "tables")
        burst.tap("#create", touch=size == PHONE)
        page.wait_for_url("**/t/*")
        page.wait_for_function("typeof TablePage !== 'undefined' && TablePage.current"
                               " && TablePage.current.ws"
                               " && TablePage.current.ws.readyState === WebSocket.OPEN")
        all_answered(page)  # the table page is up and its connection answers
        burst.settle()
        tokens = page.evaluate(
            "Object.keys(localStorage).filter((k) => k.startsWith('binokel.token.'))")
    assert len(burst.sent) == 1, f"{len(burst.sent)} requests to make a table"
    assert made(live_server, "tables") - before == 1
    assert len(tokens) == 1
    assert not errors, errors


@SIZES
def test_a_burst_of_taps_on_the_pads_start_makes_one_pad(live_server: LiveServer,
                                                         size: dict[str, int], lang: str) -> None:
    # (issue 46's checks: five quick clicks on "Start the pad" made five pads)
    errors: list[str] = []
    with opened(live_server, "/pad", "#pad-names input", size, lang, errors) as page:
        for seat, name in enumerate(("Anna", "Bert", "Cora")):
            page.fill(f"#pad-names input[data-seat='{seat}']", name)
        burst = Burst(page, "/api/pads")
        before = made(live_server, "pads")
        burst.tap("#pad-start", touch=size == PHONE)
        page.wait_for_selector("#pad-form")
        burst.settle()
        kept = page.evaluate(
            "Object.keys(localStorage).filter((k) => /^binokel[.]pad[.][^.]+$/.test(k)"
            " && k !== 'binokel.pad.names')")
    assert len(burst.sent) == 1, f"{len(burst.sent)} requests to start a pad"
    assert made(live_server, "pads") - before == 1
    assert len(kept) == 1, kept
    assert not errors, errors
