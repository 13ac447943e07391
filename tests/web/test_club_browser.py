"""A club tournament in a real browser (Debian's chromium, driven by Playwright), in English
and in German: the organiser on a laptop creates the tournament, registers players, draws,
prints the table cards, types a table's paper sheet and closes the rounds; a table's phone opens
its card's link and enters its hands with taps; the projector's standings follow by themselves;
the results page prints on A4.

Set ``BINOKEL_SHOTS`` to a folder to keep screenshots (and the printed results as PDF) there.
Skipped only when chromium or Playwright cannot be had (scripts/test installs chromium).
"""

from __future__ import annotations

import json
import os
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from .browsing import CHROMIUM, CHROMIUM_ARGS, PHONE, playwright_or_skip
from .conftest import LiveServer
from .test_pad_browser import Hand, Phone, enter, saved

sync_api = playwright_or_skip()
SHOTS = os.environ.get("BINOKEL_SHOTS")
LAPTOP = {"width": 1280, "height": 800}
PROJECTOR = {"width": 1920, "height": 1080}
PLAYERS = ["Anna Bauer", "Bert Maier", "Cora Schmid", "Dieter Wolf", "Emil Keller",
           "Frieda Roth", "Gustl Huber"]
WORDS = {"en": {"registration": "Registration", "draw": "Draw round 1", "close": "Close round 1",
                "final": "Final ranking", "open": "not every table has played its hands"},
         "de": {"registration": "Anmeldung", "draw": "Runde 1 auslosen",
                "close": "Runde 1 abschließen", "final": "Endstand",
                "open": "noch nicht jeder Tisch hat seine Spiele gespielt"}}


def shot(page: Any, name: str, lang: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"i50-{name}-{lang}.png"), full_page=True)


LOOK = (Path(__file__).parent / "look.js").read_text(encoding="utf-8")
#: Words the same in both languages.
SAME = {"csv", "pad", "binokel", "kirbe", "preisbinokel", "name", "club"}


def looked(page: Any, lang: str) -> list[str]:
    """What is wrong with the page as a person sees it (tests/web/look.js): outside the window,
    covered, too small to tap, and on a German page English words of the club's catalogue."""
    english: list[str] = []
    if lang == "de":
        words = page.evaluate("""() => { const split = (o) => new Set(Object.entries(o)
          .filter(([k]) => k.startsWith("club")).flatMap(([, v]) => String(v)
          .split(/[^A-Za-zÄÖÜäöüß]+/)).filter((w) => w.length > 2).map((w) => w.toLowerCase()));
          const de = split(STR.de); return [...split(STR.en)].filter((w) => !de.has(w)); }""")
        english = sorted(set(words) - SAME)
    result = page.evaluate(LOOK, [english])
    return [str(p) for p in result["problems"]]


def organiser_view(server: LiveServer, club_id: str, token: str) -> Any:
    request = urllib.request.Request(f"{server.url}/api/clubs/{club_id}",
                                     data=json.dumps({"token": token}).encode(),
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)


@pytest.fixture
def browser() -> Any:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def new_page(browser: Any, viewport: dict[str, int], lang: str, errors: list[str], *,
             touch: bool = False) -> Any:
    context = browser.new_context(viewport=viewport, locale="de-DE" if lang == "de" else "en-GB",
                                  has_touch=touch, bypass_csp=True)  # lets the test evaluate
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("dialog", lambda dialog: dialog.accept())
    page.set_default_timeout(60_000)  # a hang guard on a loaded machine, not a speed check
    return page


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_organiser_on_a_laptop_and_a_table_on_a_phone(
        live_server: LiveServer, browser: Any, lang: str) -> None:
    errors: list[str] = []
    words = WORDS[lang]
    page = new_page(browser, LAPTOP, lang, errors)
    page.goto(f"{live_server.url}/club?lang={lang}")
    page.fill("input[name=name]", "Kirbe-Preisbinokel")
    page.fill("input[name=rounds]", "2")
    page.fill("input[name=hands]", "3")
    page.fill("input[name=seed]", "kirbe-2026")
    page.click("form.club-new button[type=submit]")
    page.wait_for_selector("section.players")
    club_id, token = page.url.split("/club/")[1].split("#")
    for name in PLAYERS:
        page.fill("input[name=player]", name)
        page.press("input[name=player]", "Enter")
        page.wait_for_function(f"document.querySelectorAll('section.players tbody tr').length"
                               f" === {PLAYERS.index(name) + 1}")
    paid = "fee paid" if lang == "en" else "Startgeld bezahlt"
    changes = page.evaluate("document.body.dataset.changes")
    page.check(f"input[aria-label='{PLAYERS[0]}: {paid}']")
    page.wait_for_function(f"document.body.dataset.changes !== {json.dumps(changes)}")
    assert page.is_checked(f"input[aria-label='{PLAYERS[0]}: {paid}']")
    assert not page.locator("#toast.bad").count()
    assert words["registration"] in page.inner_text("section.players h2")
    # A name twice is refused, in the page's language, and nothing is added.
    page.fill("input[name=player]", PLAYERS[1].upper())
    page.press("input[name=player]", "Enter")
    page.wait_for_selector("#toast.bad")
    assert ("already" if lang == "en" else "schon") in page.inner_text("#toast")
    assert page.locator("section.players tbody tr").count() == 7
    box = page.locator("#toast").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= LAPTOP["width"]
    assert "null" not in page.inner_text("main") and "undefined" not in page.inner_text("main")
    page.click("#toast")  # read, and put away with a tap
    page.wait_for_selector("#toast.show", state="detached")
    assert looked(page, lang) == []
    shot(page, "registration", lang)

    changes = page.evaluate("document.body.dataset.changes")
    page.dblclick(f"button.draw:has-text('{words['draw']}')")  # a double click draws once
    page.wait_for_selector(".table-list li")
    page.wait_for_function(f"document.body.dataset.changes !== {json.dumps(changes)}")
    assert not page.locator("#toast.show").count()
    drawn = [line for line in organiser_view(live_server, club_id, token)["log"]
             if "drawn" in line["what"]]
    assert len(drawn) == 1
    assert page.locator(".table-list li").count() == 2  # seven players: a four and a three
    for row in page.locator(".table-list li").all():  # the hands count is not the last name's
        names, count = row.locator(".who").bounding_box(), row.locator(".count").bounding_box()
        assert names is not None and count is not None
        assert count["y"] >= names["y"] + names["height"] - 1, (names, count)
    shot(page, "round", lang)
    assert "kirbe-2026/1" in page.inner_text(".tables .seed")
    # Closing with tables unscored is refused, naming them.
    page.click(f"button:has-text('{words['close']}')")
    page.wait_for_function(f"document.querySelector('#toast').textContent.includes("
                           f"{json.dumps(words['open'])})")

    # The table cards: players, seats, the first dealer and a QR code for each pad.
    cards = new_page(browser, LAPTOP, lang, errors)
    cards.goto(f"{live_server.url}/club/{club_id}/cards#{token}")
    cards.wait_for_selector(".table-card img.qr")
    assert cards.locator(".table-card").count() == 2
    cards.wait_for_function("[...document.querySelectorAll('.table-card img.qr')]"
                            ".every(i => i.complete && i.naturalWidth > 0)")
    assert ("deals first" if lang == "en" else "gibt zuerst") in cards.inner_text(
        ".table-card >> nth=0")
    assert looked(cards, lang) == []
    shot(cards, "table-cards", lang)

    # The projector, left open: it follows the tables by itself.
    board = new_page(browser, PROJECTOR, lang, errors)
    board.goto(f"{live_server.url}/club/{club_id}/board")
    board.wait_for_selector("table.standings tbody tr")
    controls = board.evaluate("[...document.querySelectorAll('button, input, select, a')]"
                              ".filter(e => e.getClientRects().length).length")
    assert controls == 0  # no controls on the projector

    # The table of three scores on a phone, from its card's link.
    view = organiser_view(live_server, club_id, token)
    three = next(t for t in view["tables"] if len(t["players"]) == 3)
    four = next(t for t in view["tables"] if len(t["players"]) == 4)
    phone_page = new_page(browser, PHONE, lang, errors, touch=True)
    phone = Phone(phone_page)
    card = cards.locator(".table-card").nth(three["table"] - 1)
    assert card.locator(".seats").inner_text().split("\n")[0].startswith(three["players"][0])
    link = card.locator(".link").inner_text()
    assert link == live_server.url + three["link"]  # the card's link (and its QR code's)
    phone_page.goto(link)
    phone_page.wait_for_selector("#pad-form")
    before = board.evaluate("document.body.dataset.updated")
    for k in range(3):
        dealer = (three["first_dealer"] + k) % 3
        declarer = (dealer + 1) % 3
        enter(phone, Hand(declarer=declarer, bid=200, trump="♥", melds={declarer: 100},
                          points={0: 150 if k != 1 else 60, 1: 50}), three["players"])
        saved(phone, k + 1)
    board.wait_for_function(f"document.body.dataset.updated !== {json.dumps(before)}")
    shot(phone_page, "table-phone", lang)

    # The table of four played on paper: the organiser types its final sheet.
    page.reload()
    page.wait_for_selector(".table-list li")
    table = page.locator(f".table-list li[data-table='{four['table']}']")
    table.locator("summary").click()
    for i, points in enumerate((320, -150, 90, 0)):
        table.locator("input[type=number]").nth(i).fill(str(points))
    table.locator("button[type=submit]").click()
    page.wait_for_selector(f".table-list li.done[data-table='{four['table']}']")
    assert page.locator(".table-list li.done").count() == 2
    page.click(f"button:has-text('{words['close']}')")
    page.wait_for_selector("button.draw")
    page.click("button.draw")
    page.wait_for_selector(".table-list li")
    view = organiser_view(live_server, club_id, token)
    for t in view["tables"]:  # round 2 on paper, quickly
        row = page.locator(f".table-list li[data-table='{t['table']}']")
        row.locator("summary").click()
        for i in range(len(t["players"])):
            row.locator("input[type=number]").nth(i).fill(str(10 * (i + t["table"])))
        row.locator("button[type=submit]").click()
        page.wait_for_selector(f".table-list li.done[data-table='{t['table']}']")
    page.click("button.primary:not(.draw)")
    page.wait_for_selector("p.ok")
    assert looked(page, lang) == []
    shot(page, "organiser", lang)

    # The projector says the final ranking; its totals are the server's.
    board.wait_for_function(f"document.querySelector('.meta').textContent.includes("
                            f"{json.dumps(words['final'])})")
    assert looked(board, lang) == []
    shot(board, "projector", lang)
    standings = new_page(browser, PHONE, lang, errors, touch=True)
    standings.goto(f"{live_server.url}/club/{club_id}/standings")
    standings.wait_for_selector("table.standings tbody tr")
    assert looked(standings, lang) == []
    shot(standings, "standings-phone", lang)
    public = json.load(urllib.request.urlopen(f"{live_server.url}/api/clubs/{club_id}/standings"))
    shown = board.locator("table.standings tbody tr td.total").all_inner_texts()
    assert shown == [str(s["total"]) for s in public["standings"]]

    # The results, printed on A4: the page's controls are not printed.
    results = new_page(browser, LAPTOP, lang, errors)
    results.goto(f"{live_server.url}/club/{club_id}/results")
    results.wait_for_selector("table.standings tbody tr")
    results.emulate_media(media="print")
    assert not results.locator("button.no-print").is_visible()
    assert not results.locator("#top").is_visible()
    assert results.locator("table.standings tbody tr").count() == 7
    shot(results, "results-print", lang)
    if SHOTS:
        results.pdf(path=str(Path(SHOTS) / f"i50-results-{lang}.pdf"), format="A4")
    assert not errors, errors
