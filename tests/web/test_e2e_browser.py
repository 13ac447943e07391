"""End to end in a real browser: Debian's chromium, driven by Playwright, plays a hand.

A person opens the lobby, creates a table with two computer players, bids, sees the Dabb, lays
away cards by selecting them, names trumps, plays every card by clicking it, reloads the page in
the middle of the hand and carries on, and sees the hand on the score sheet.

Skipped only when chromium or Playwright cannot be had (scripts/test installs chromium).
"""

from __future__ import annotations

import shutil
import time
from typing import Any

import pytest

from .conftest import LiveServer

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
if not shutil.which(CHROMIUM):
    pytest.skip("chromium is not installed (scripts/test installs it)", allow_module_level=True)


@pytest.fixture
def page(live_server: LiveServer) -> Any:
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 412, "height": 915}, locale="en-GB",
                                      bypass_csp=True)  # lets the test evaluate its checks
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.set_default_timeout(15_000)
        yield page
        browser.close()
        assert not errors, f"the page raised: {errors}"


def body(page: Any, key: str) -> str:
    value: str = page.evaluate(f"document.body.dataset.{key} || ''")
    return value


def wait_moved_on(page: Any, n: str) -> None:
    page.wait_for_function(f"document.body.dataset.n !== {n!r}")


def test_play_a_whole_hand_in_the_browser_with_a_reload(live_server: LiveServer,
                                                          page: Any) -> None:
    page.goto(live_server.url + "/")
    page.fill("#your-name", "Anna")
    # Seats 2 and 3 are computer players by default; make sure of it.
    for seat in (1, 2):
        options = page.locator(f"select[data-seat='{seat}'] option[value^='bot:']")
        page.select_option(f"select[data-seat='{seat}']", options.first.get_attribute("value"))
    page.click("#create")
    page.wait_for_selector("#hand .card")
    assert "/t/" in page.url
    # 12 cards; 16 when both computer players passed at once, which makes us declarer at the
    # lowest bid with the Dabb in hand (the forced opening is automatic).
    page.wait_for_function("document.body.dataset.phase !== ''")
    phase, cards = page.evaluate(  # one render sets both: read them together
        "[document.body.dataset.phase, document.querySelectorAll('#hand .card').length]")
    assert cards == (16 if phase == "discard" else 12)

    reloaded = False
    plays = 0
    saw_dabb = discarded = named_trump = False
    deadline = time.monotonic() + 60
    while body(page, "hands") in ("", "0"):
        assert time.monotonic() < deadline, "the hand did not finish in time"
        page.wait_for_function("document.body.dataset.myTurn === '1' || "
                               "Number(document.body.dataset.hands) >= 1")
        if body(page, "hands") not in ("", "0"):
            break
        n = body(page, "n")
        phase = body(page, "phase")
        if phase == "auction":
            # Keep bidding: the computer players drop out and we declare.
            bids = page.locator("#actions button[data-action]:not([data-action='pass'])")
            (bids.first if bids.count() else page.locator("[data-action='pass']")).click()
        elif phase == "discard":
            saw_dabb = saw_dabb or page.locator("#dabb .card").count() == 4
            cards = page.locator("#hand .card.selectable")
            i = 0
            while page.locator("#lay-away").is_disabled():
                cards.nth(i).click()
                i += 1
            assert i == 4
            page.click("#lay-away")
            discarded = True
        elif phase == "trump":
            page.locator("#actions button[data-action^='trump ']").first.click()
            named_trump = True
        elif phase == "play":
            if plays == 0 and page.locator("#hand .card.legal").count() > 1:
                # The hint: the expert's card marked in the hand, its weighed moves in a toast.
                page.click("#hint")
                page.wait_for_selector("#hand .card.hinted")
                page.wait_for_function(
                    "document.getElementById('toast').textContent.includes(' · ')")
                assert page.locator("#toast").inner_text().startswith("Hint: ")
            before = page.locator("#hand .card").count()
            page.locator("#hand .card.legal").first.click()
            plays += 1
            wait_moved_on(page, n)
            if plays == 3 and not reloaded:
                # Mid-hand: reload; the seat token in localStorage brings us back to the seat.
                in_hand = page.locator("#hand .card").count()
                assert in_hand == before - 1
                page.reload()
                page.wait_for_selector("#hand")
                page.wait_for_function("Number(document.body.dataset.n) >= 1")
                assert page.locator("#hand .card").count() == in_hand
                assert body(page, "phase") == "play"
                reloaded = True
            continue
        else:
            page.locator("#actions button[data-action]").first.click()
        wait_moved_on(page, n)

    assert reloaded and saw_dabb and discarded and named_trump
    assert plays == 12, f"we played {plays} cards, not a whole hand"
    rows = page.locator("#scores tbody tr")
    rows.first.wait_for()
    assert rows.count() == 1
    assert "Anna" in page.locator("#scores thead").inner_text()
    # The next hand is dealt and the auction has begun (or is over already: when both computer
    # players pass at once, the forced opening makes us declarer and we lay away).
    page.wait_for_function("['auction', 'discard'].includes(document.body.dataset.phase)")
    # Leaving the seat: a computer plays on, and the page becomes a spectator's.
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#leave")
    page.wait_for_function("!document.getElementById('leave')")
    assert page.locator("#abandon").count() == 0
    page.wait_for_function("!document.body.textContent.includes('(you)') && document"
                           ".querySelector('.seat[data-seat=\"0\"]').textContent"
                           ".includes('Computer 1')")
    assert page.evaluate("localStorage.getItem('binokel.token.' + location.pathname.slice(3))") \
        is None


def test_lobby_rules_page_and_language_switch(live_server: LiveServer, page: Any) -> None:
    page.goto(live_server.url + "/rules/binokel")
    page.wait_for_selector(".rules .card")
    assert "Binokel" in page.inner_text("main")
    page.click("#lang")
    page.wait_for_function("document.documentElement.lang === 'de'")
    assert "Reizen" in page.inner_text("main") or "reizen" in page.inner_text("main")
    assert "Dabb" in page.inner_text("main")
