"""The lobby's "your tables" and long names, in a real browser at phone and laptop size: a
person's own tables are listed apart (never as "Watch" among the others), each with its hand,
score and age, with Resume and Abandon (which asks first); a long name ends in an ellipsis
inside its seat box instead of running off the felt (the status line and the score sheet are
the table page's own, checked with it).

Skipped only when chromium or Playwright cannot be had (scripts/test installs chromium).
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from .browsing import LAPTOP, PHONE, chromium, playwright_or_skip
from .conftest import LiveServer

sync_api = playwright_or_skip()
SHOTS = os.environ.get("BINOKEL_SHOTS")
"""A folder to keep screenshots in (none unless set)."""


@pytest.fixture
def browser(live_server: LiveServer) -> Any:
    with chromium() as launched:
        yield launched


def open_page(browser: Any, viewport: dict[str, int], errors: list[str]) -> Any:
    context = browser.new_context(viewport=viewport, locale="en-GB", has_touch=True)
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.set_default_timeout(60_000)
    return page


def make_table(page: Any, name: str) -> str:
    """Create a table from the lobby's form, as a person does; returns its id."""
    page.fill("#your-name", name)
    page.click("#create")
    page.wait_for_url("**/t/*")
    table_id: str = page.url.rsplit("/", 1)[1]
    page.goto(page.url.split("/t/")[0] + "/")
    return table_id


def on_top(page: Any, selector: str) -> bool:
    """Whether the element is what a tap at its centre reaches, and inside the viewport."""
    result: bool = page.eval_on_selector(selector, """(el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return r.left >= 0 && r.right <= innerWidth && (hit === el || el.contains(hit));
    }""")
    return result


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_your_tables_are_listed_apart_with_resume_and_abandon(
        live_server: LiveServer, browser: Any, viewport: dict[str, int]) -> None:
    errors: list[str] = []
    page = open_page(browser, viewport, errors)
    page.goto(live_server.url + "/")
    first = make_table(page, "Anna")
    second = make_table(page, "Anna")
    rows = page.locator("#my-tables .table-item")
    rows.first.wait_for()
    assert rows.count() == 2
    assert page.locator("#table-list .table-item").count() == 0  # not again as "Watch"
    text = page.inner_text("#my-tables")
    assert "you: seat 1" in text and "hand 1 · 0 : 0 : 0" in text and "just now" in text
    page.locator(f"#my-tables [data-table='{first}'] .abandon").scroll_into_view_if_needed()
    assert on_top(page, f"#my-tables [data-table='{first}'] .abandon")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/i46-server-your-tables-{viewport['width']}.png",
                        full_page=True)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url)
            if "/abandon" in request.url else None)
    page.once("dialog", lambda dialog: dialog.dismiss())  # asked first: "no" keeps it
    page.click(f"#my-tables [data-table='{first}'] .abandon")
    # (confirm() answers at once, and a request would be made on its answer: a round trip
    # to the page after the click sees it, no wait needed)
    page.evaluate("new Promise((done) => setTimeout(done, 0))")
    assert not asked and rows.count() == 2
    page.once("dialog", lambda dialog: dialog.accept())
    page.click(f"#my-tables [data-table='{first}'] .abandon")
    page.locator(f"#my-tables [data-table='{first}']").wait_for(state="detached")
    assert page.locator(f"#my-tables [data-table='{second}']").count() == 1
    page.click(f"#my-tables [data-table='{second}'] a")  # Resume
    page.wait_for_url(f"**/t/{second}")
    assert not errors, errors


def test_a_long_name_stays_inside_its_seat_on_the_felt(live_server: LiveServer,
                                                        browser: Any) -> None:
    errors: list[str] = []
    anna = open_page(browser, PHONE, errors)
    anna.goto(live_server.url + "/")
    anna.fill("#your-name", "Anna")
    anna.select_option("select[name=seat1]", "open")
    anna.click("#create")
    anna.wait_for_url("**/t/*")
    table_id = anna.url.rsplit("/", 1)[1]
    # A friend with the longest name there is sits down (as the invite link's page does).
    joined = anna.request.post(f"{live_server.url}/api/tables/{table_id}/join",
                               data={"seat": 1, "name": "W" * 24})
    assert joined.ok, joined.text()
    anna.locator(".felt .seat-name", has_text="WWWW").wait_for()
    widths = anna.eval_on_selector_all(".felt .seat-name", """(names) => names.map((el) => {
        const seat = el.closest(".seat") || el.parentElement;
        const felt = document.getElementById("felt").getBoundingClientRect();
        const r = el.getBoundingClientRect(), s = seat.getBoundingClientRect();
        return {text: el.textContent, inSeat: r.right <= s.right + 0.5 && r.left >= s.left - 0.5,
                inFelt: r.right <= felt.right + 0.5, cut: el.scrollWidth > el.clientWidth,
                style: getComputedStyle(el).textOverflow};
    })""")
    long = [w for w in widths if w["text"].startswith("WWWW")]
    assert long, widths
    assert all(w["inSeat"] and w["inFelt"] and w["style"] == "ellipsis" for w in long), long
    if SHOTS:
        anna.screenshot(path=f"{SHOTS}/i46-server-long-name-390.png")
    wide = anna.evaluate("""() => [...document.querySelectorAll('#felt *')]
        .filter((el) => el.getBoundingClientRect().right > innerWidth + 0.5)
        .map((el) => `${el.tagName}.${el.className}: ${el.textContent.slice(0, 30)}`)""")
    assert not [w for w in wide if "WWWW" in w], wide  # no name runs off the screen
    assert not errors, errors
