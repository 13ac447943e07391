"""A double tap at the table acts once (issue 45): a card that wins the trick leaves the player
to lead at once, and the second tap of a double tap used to play whatever card then lay under
the finger; a double tap on a bid sent two bids.  In Debian's chromium at phone size, with the
server's messages held or let through (Playwright's WebSocket routing) so that each tap meets
the page exactly as a quick finger would."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from binokel.web.store import Store

from .browsing import all_answered, chromium, new_tab, playwright_or_skip, serving, stored_actions
from .conftest import LiveServer
from .tablepoints import ME, Point, seed_point

sync_api = playwright_or_skip()

GAP_S = 0.15
"""The time between the two taps of a double tap."""
DOUBLE_TAP_MS = 450
"""The page's double-tap window (table.js)."""


def wins_and_leads(state: Any, after: Any = None) -> bool:
    """The person completes the trick with a card that wins it, and leads the next."""
    view = state.view(ME)
    if len(view.trick) != len(view.active or ()) - 1 or len(view.hand) < 3:
        return False
    for action in state.legal_actions():
        after = state.apply(action)
        if after.to_move == ME and not after.view(ME).trick and \
                len(after.view(ME).results) == len(view.results):
            return True
    return False


def double_tap_points(store: Store) -> dict[str, Point]:
    return {"card": seed_point(store, "binokel", "play", accept=wins_and_leads),
            "bid": seed_point(store, "binokel", "auction")}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory
           ) -> Iterator[tuple[LiveServer, dict[str, Point]]]:
    with serving(Path(tmp_path_factory.mktemp("double")) / "web.sqlite3",
                 double_tap_points) as served:
        yield served


class Wire:
    """The page's WebSocket, through the test: frames the page sends are counted, and the
    server's messages can be held back, then let through."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.held: list[str] = []
        self.holding = False
        self.page_side: Any = None

    def route(self, ws: Any) -> None:
        self.page_side = ws
        server = ws.connect_to_server()

        def from_page(message: str | bytes) -> None:
            self.sent.append(json.loads(message))
            server.send(message)

        def from_server(message: str | bytes) -> None:
            if self.holding:
                self.held.append(str(message))
            else:
                ws.send(message)

        ws.on_message(from_page)
        server.on_message(from_server)

    def release(self) -> None:
        self.holding = False
        for message in self.held:
            self.page_side.send(message)
        self.held.clear()

    @property
    def acts(self) -> list[dict[str, Any]]:
        return [m for m in self.sent if m.get("type") == "act"]


@pytest.fixture
def phone(served: Any) -> Iterator[Any]:
    with chromium() as browser:
        yield browser


def open_point(browser: Any, server: LiveServer, point: Point) -> tuple[Any, Wire, list[str]]:
    errors: list[str] = []
    page = new_tab(browser, seat=(point.table_id, point.token, point.seat), errors=errors)
    wire = Wire()
    page.route_web_socket(re.compile(r"/ws/"), wire.route)
    page.goto(f"{server.url}/t/{point.table_id}")
    page.wait_for_function("document.body.dataset.myTurn === '1'")
    return page, wire, errors


def centre(page: Any, selector: str) -> tuple[float, float]:
    """Where a finger taps an element: the middle of its visible strip."""
    box = page.evaluate("""(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
        return [r.left + Math.min(r.width, 44) / 2, r.top + Math.min(r.height, 44) / 2]; }""",
                        selector)
    return box[0], box[1]


def test_a_double_tap_on_a_winning_card_plays_one_card(served: Any, phone: Any) -> None:
    server, points = served
    point = points["card"]
    page, wire, errors = open_point(phone, server, point)
    before = stored_actions(server, point.table_id)
    cards = page.locator("#hand .card").count()
    winning = next(str(a) for a in point.state.legal_actions()
                   if (after := point.state.apply(a)).to_move == ME and not after.view(ME).trick)
    n = page.evaluate("document.body.dataset.n")
    x, y = centre(page, f"#hand .card.legal[data-card='{winning}']")
    tapped = time.monotonic()
    page.touchscreen.tap(x, y)
    # The trick is won and the page draws the new lead before the finger comes down again.
    page.wait_for_function(f"document.body.dataset.n !== {n!r} && "
                           "TablePage.current.msg.view.to_move === TablePage.current.msg.seat")
    time.sleep(max(0.0, GAP_S - (time.monotonic() - tapped)))  # (the finger's gap, no wait)
    page.touchscreen.tap(x, y)
    all_answered(page)  # a second card, had it been sent, is stored by now
    after = stored_actions(server, point.table_id)
    mine = [a for a in after[len(before):] if a[1] == ME]
    assert [a[2] for a in mine] == [winning], f"the double tap played {mine}"
    assert page.locator("#hand .card").count() == cards - 1
    assert len(wire.acts) == 1, wire.acts
    # A tap after the double tap's moment is a move again.
    page.wait_for_function(f"document.body.dataset.myTurn === '1' && performance.now() - "
                           f"TablePage.current.sentAt > {DOUBLE_TAP_MS}")
    page.locator("#hand .card.legal").first.tap(position={"x": 8, "y": 20})
    page.wait_for_function(f"document.querySelectorAll('#hand .card').length === {cards - 2}")
    assert not errors, errors


def test_a_double_tap_on_a_bid_sends_one_bid(served: Any, phone: Any) -> None:
    server, points = served
    point = points["bid"]
    page, wire, errors = open_point(phone, server, point)
    before = stored_actions(server, point.table_id)
    button = "#actions button[data-action]:not([data-action='pass'])"
    bid = page.get_attribute(button, "data-action")
    x, y = centre(page, button)
    # The server's answer is held until both taps are in: the second lands on the same bid.
    wire.holding = True
    page.touchscreen.tap(x, y)
    page.wait_for_function("true")  # (lets the first frame go out)
    time.sleep(GAP_S)  # (the finger's gap between the two taps, no wait)
    page.touchscreen.tap(x, y)
    wire.release()
    all_answered(page)  # both taps' frames, if two were sent, have passed the wire
    assert [m.get("action") for m in wire.acts] == [bid], wire.acts
    after = stored_actions(server, point.table_id)
    assert [a[2] for a in after[len(before):] if a[1] == ME][:1] == [bid]
    toast = page.evaluate("document.getElementById('toast').className")
    assert "bad" not in toast, page.inner_text("#toast")  # no refusal of a second bid either
    assert not errors, errors
