"""End to end in a real browser: Debian's chromium, driven by Playwright, at phone size.

A person opens the lobby, creates a table with two computer players and plays a whole hand by
tapping: bids (the latest bid stays in sight), sees the Dabb, lays away cards, is asked to
confirm before giving up (and says no), names trumps, plays every card -- at every trick the
hand's cards lie inside the screen -- reloads in the middle and carries on, and reads the
hand's summary, whose numbers are the server's.  Two friends play at one table through the
invite link and, once the game is over, start a rematch with one tap each.

Skipped only when chromium or Playwright cannot be had (scripts/test installs chromium).
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from binokel.web.games import game_for_rules, replay
from binokel.web.store import Store

from .browsing import PHONE, all_answered, chromium, playwright_or_skip
from .conftest import LiveServer

sync_api = playwright_or_skip()


@pytest.fixture
def browser(live_server: LiveServer) -> Any:
    with chromium() as launched:
        yield launched


def new_page(browser: Any, errors: list[str]) -> Any:
    context = browser.new_context(viewport=PHONE, locale="en-GB", has_touch=True,
                                  bypass_csp=True)  # lets the test evaluate its checks
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.set_default_timeout(60_000)  # a hang guard, not a speed check: loaded machines are slow
    return page


@pytest.fixture
def page(browser: Any) -> Any:
    errors: list[str] = []
    yield new_page(browser, errors)
    assert not errors, f"the page raised: {errors}"


def body(page: Any, key: str) -> str:
    value: str = page.evaluate(f"document.body.dataset.{key} || ''")
    return value


def wait_moved_on(page: Any, n: str) -> None:
    page.wait_for_function(f"document.body.dataset.n !== {n!r}")


def tap_card(locator: Any) -> None:
    """Tap a card where a person would: its left edge, the part the next card leaves free."""
    locator.tap(position={"x": 6, "y": 20})


def cards_off_screen(page: Any) -> list[str]:
    """The cards of the hand whose box is not wholly inside the phone's screen (read in one
    snapshot of the page: the hand may be drawn anew between two separate reads)."""
    off: list[str] = page.evaluate("""(([w, h]) => [...document.querySelectorAll('#hand .card')]
        .map(c => [c.dataset.card, c.getBoundingClientRect()])
        .filter(([, r]) => r.width === 0 || r.x < 0 || r.y < 0 || r.x + r.width > w + 0.5
                           || r.y + r.height > h + 0.5)
        .map(([card, r]) => `${card} at x=${r.x} y=${r.y} ${r.width}x${r.height}`))""",
                                   [PHONE["width"], PHONE["height"]])
    return off


def check_latest_bid(page: Any) -> int:
    """The latest bid is in sight at the top of the auction, whatever was bid before, and the top
    bid is never scrolled away; 1 if there was a bid to check, else 0.

    Everything is read in one snapshot of the page (the auction may end, and its list go, between
    two separate reads on a loaded machine)."""
    seen = page.evaluate("""(() => {
        const b = TablePage.current.msg.view.bids;
        const li = document.querySelector('#bids li.latest');
        const box = li ? li.getBoundingClientRect() : null;
        return {phase: document.body.dataset.phase, count: b.length,
                top: Math.max(0, ...b.map(x => x[1])), last: b.length ? b[b.length - 1][1] : 0,
                latest: li ? li.innerText : null,
                box: box && box.height > 0 ? [box.y, box.height] : null,
                list: (document.querySelector('#bids') || {innerText: ''}).innerText};
    })()""")
    # The auction stays in sight until the tricks: laying away is where it is first seen when
    # both computer players passed before our turn (the test used to count nothing there).
    if seen["phase"] not in ("auction", "discard") or not seen["count"] or seen["latest"] is None:
        return 0
    if seen["top"] > 0:
        assert str(seen["top"]) in seen["list"]
    assert seen["box"] is not None, "the latest bid is not shown"
    y, height = seen["box"]
    assert 0 <= y <= PHONE["height"] - height
    assert (str(seen["last"]) if seen["last"] else "passes") in seen["latest"]
    return 1


def server_results(live_server: LiveServer, table_id: str) -> Any:
    """The finished hands as the server's own store has them, replayed from seed and actions."""
    store = Store(live_server.db)
    try:
        stored = store.load_table(table_id)
        assert stored is not None
        game = game_for_rules(stored.rules)
        state: Any = replay(game, stored.rules, stored.seed, stored.actions)
        return state.results
    finally:
        store.close()


def test_a_whole_hand_tapped_on_a_phone(live_server: LiveServer, page: Any) -> None:
    page.goto(live_server.url + "/")
    page.fill("#your-name", "Anna")
    for seat in (1, 2):
        options = page.locator(f"select[data-seat='{seat}'] option[value^='bot:']")
        page.select_option(f"select[data-seat='{seat}']", options.first.get_attribute("value"))
    page.click("#create")
    page.wait_for_selector("#hand .card")
    table_id = page.url.rsplit("/t/", 1)[1]
    page.wait_for_function("document.body.dataset.phase !== ''")
    phase, cards = page.evaluate(  # one render sets both: read them together
        "[document.body.dataset.phase, document.querySelectorAll('#hand .card').length]")
    assert cards == (16 if phase == "discard" else 12)

    reloaded = refused_give_up = False
    plays = tricks_checked = bids_checked = 0
    saw_dabb = discarded = named_trump = False
    deadline = time.monotonic() + 300  # a hang guard on a loaded machine, not a speed check
    while body(page, "summary") != "1":
        assert time.monotonic() < deadline, "the hand did not finish in time"
        page.wait_for_function("document.body.dataset.myTurn === '1' || "
                               "document.body.dataset.summary === '1'")
        if body(page, "summary") == "1":
            break
        n = body(page, "n")
        phase = body(page, "phase")
        if phase == "auction":
            bids_checked += check_latest_bid(page)
            bids = page.locator("#actions button[data-action]:not([data-action='pass'])")
            (bids.first if bids.count() else page.locator("[data-action='pass']")).tap()
            wait_moved_on(page, n)
            # Our own bid is the latest while the others think (the deal may give us no other
            # turn in this auction: then this is where the auction is seen).
            if body(page, "phase") == "auction":
                bids_checked += check_latest_bid(page)
            continue
        elif phase == "discard":
            if not discarded:  # the auction stays in sight until the tricks (when both
                # computer players passed at once, this is the first time we see it)
                bids_checked += check_latest_bid(page)
            saw_dabb = saw_dabb or page.locator("#dabb .card").count() == 4
            cards = page.locator("#hand .card.selectable")
            i = 0
            while page.locator("#lay-away").is_disabled():
                tap_card(cards.nth(i))
                i += 1
            assert i == 4
            page.tap("#lay-away")
            discarded = True
        elif phase == "trump":
            if not refused_give_up:
                # Giving up costs the bid: folded away, and it needs a yes, naming the suit
                # in words.
                page.locator("#fold-give-up > summary").tap()
                page.locator("#actions button[data-action^='out ']").first.tap()
                question = page.locator("#confirm-text")
                question.wait_for()
                assert "Give up" in question.inner_text() and "minus" in question.inner_text()
                assert any(word in question.inner_text()
                           for word in ("clubs", "spades", "hearts", "diamonds"))
                page.tap("#confirm-no")
                page.wait_for_selector("#confirm", state="detached")
                all_answered(page)  # anything "no" had sent is answered by now
                assert body(page, "n") == n and body(page, "phase") == "trump"
                refused_give_up = True
            page.locator("#actions button[data-action^='trump ']").first.tap()
            named_trump = True
        elif phase == "play":
            off = cards_off_screen(page)
            assert not off, f"trick {plays + 1}: cards of the hand off the screen: {off}"
            tricks_checked += 1
            distinct = page.evaluate("new Set([...document.querySelectorAll('#hand .card.legal')]"
                                     ".map(c => c.dataset.card)).size")
            if plays == 0 and distinct > 1:  # two copies of one card are one move: no comparison
                page.tap("#hint")
                page.wait_for_selector("#hand .card.hinted")
                # The hint stays in sight in the dock, with what the other cards are worth.
                page.wait_for_selector("#hint-box")
                assert page.locator("#hint-box").inner_text().startswith("Hint: ")
            before = page.locator("#hand .card").count()
            tap_card(page.locator("#hand .card.legal").first)
            plays += 1
            wait_moved_on(page, n)
            if plays == 3 and not reloaded:
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
            page.locator("#actions button[data-action]").first.tap()
        wait_moved_on(page, n)

    assert reloaded and saw_dabb and discarded and named_trump and refused_give_up
    assert plays == 12 and tricks_checked == 12, f"we played {plays} cards, not a whole hand"
    assert bids_checked >= 1
    # The summary's numbers are the server's own, replayed from its store.
    result = server_results(live_server, table_id)[0]
    for seat in range(3):
        row = page.locator(f"#summary tr[data-seat='{seat}']")

        def cell(field: str, row: Any = row) -> str:
            # The number itself; a note in brackets may follow (tricks won, melds lost).
            text: str = row.locator(f"td[data-field='{field}']").inner_text()
            return text.split("(")[0].strip()

        assert cell("melds") == str(result.meld_points[seat])
        assert cell("tricks") == str(result.trick_points[seat])
        assert cell("hand") == str(result.scores[seat])
        assert cell("total") == str(result.totals[seat])
        assert cell("laid") == (str(result.discard_points) if seat == result.declarer else "")
    why = page.locator("#why").inner_text()
    assert ("made the bid" in why) == result.made and "Anna" in why
    # The computer players wait while Anna reads; "next hand" deals on.
    n = body(page, "n")
    if page.evaluate("TablePage.current.msg.view.to_move") != 0:
        # The server says it waits for Anna, and after a round trip nothing has moved.
        all_answered(page)
        assert 0 in page.evaluate("TablePage.current.msg.table.waiting || []")
        assert body(page, "n") == n
    page.tap("#next-hand")
    page.wait_for_selector("#summary", state="detached")
    page.wait_for_function("['auction', 'discard'].includes(document.body.dataset.phase)")
    assert page.locator("#scores tbody tr").count() == 1
    # Leaving the seat: a computer plays on, and the page becomes a spectator's.
    page.locator("#fold-menu > summary").tap()
    page.tap("#leave")
    page.tap("#confirm-yes")
    page.wait_for_function("!document.getElementById('leave')")
    assert page.locator("#abandon").count() == 0
    page.wait_for_function("!document.body.textContent.includes('(you)') && document"
                           ".querySelector('.seat[data-seat=\"0\"]').textContent"
                           ".includes('Computer 1')")
    assert page.evaluate("localStorage.getItem('binokel.token.' + location.pathname.slice(3))") \
        is None


def test_two_friends_invite_play_and_rematch(live_server: LiveServer, browser: Any) -> None:
    errors: list[str] = []
    anna, bert = new_page(browser, errors), new_page(browser, errors)
    anna.goto(live_server.url + "/")
    anna.fill("#your-name", "Anna")
    anna.select_option("select[data-seat='1']", "open")
    anna.click("#create")
    anna.wait_for_selector("#invite")
    # The open seat waits for a friend; the link is in plain view, with its QR code.
    link = anna.input_value("#invite-link")
    assert link == anna.url
    assert "waiting for a friend" in anna.locator(".seat.open").inner_text()
    anna.wait_for_function("document.getElementById('invite-qr').naturalWidth > 0")
    bert.goto(link)
    bert.fill("#join-name", "Bert")
    bert.click("button[data-take='1']")
    bert.wait_for_selector("#hand .card")
    anna.wait_for_selector("#invite", state="detached")
    assert "Bert" in anna.locator(".seat[data-seat='1']").inner_text()
    # The game ends (Anna abandons it; a finished game offers the same), and both play again.
    anna.locator("#fold-menu > summary").tap()
    anna.tap("#abandon")
    anna.tap("#confirm-yes")
    anna.wait_for_selector("#rematch")
    anna.tap("#rematch")
    anna.wait_for_selector("#rematch-wait")
    bert.wait_for_selector("#rematch-offer")
    assert "Anna" in bert.inner_text("#rematch-offer")
    bert.tap("#rematch")
    for who, seat in ((anna, 0), (bert, 1)):
        who.wait_for_function(f"location.pathname !== '/t/{link.rsplit('/', 1)[1]}'")
        who.wait_for_selector("#hand .card")
        who.wait_for_function(f"TablePage.current.msg && TablePage.current.msg.seat === {seat}")
        assert body(who, "status") == "playing"
    assert anna.url == bert.url
    assert not errors, f"the page raised: {errors}"


def test_lobby_rules_page_and_language_switch(live_server: LiveServer, page: Any) -> None:
    page.goto(live_server.url + "/rules/binokel")
    page.wait_for_selector(".rules .card")
    assert "Binokel" in page.inner_text("main")
    page.click("#lang")
    page.wait_for_function("document.documentElement.lang === 'de'")
    # The description comes back from the server after the switch: wait for it (a hang guard).
    page.wait_for_function("document.querySelector('main').innerText.includes('Drei Spieler')",
                           timeout=60_000)
    text = page.inner_text("main")
    assert "Reizen" in text or "reizen" in text
    assert "Dabb" in text and "Drei Spieler" in text  # the description, in German too
    assert "A 10 K O U" in text  # the German faces' letters, as on the cards
