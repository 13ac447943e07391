"""Issue 45's defects of the pages around the table (lobby, rules, review, pad, addresses that
lead nowhere, a seat lost to another), one test each, in Debian's chromium at phone size: each
asserts what a person met, not the presence of what fixed it, so that each fails on the main
the issue was filed against (``d98da03``) for the reason the issue gives.

The broad look at every page is ``test_pages_browser``.
"""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .browsing import PHONE, chromium, new_tab, playwright_or_skip, serving
from .conftest import LiveServer
from .reviewed import FAST, TABLE, put_finished_table

sync_api = playwright_or_skip()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveServer, Any]]:
    with serving(Path(tmp_path_factory.mktemp("pages")) / "web.sqlite3", put_finished_table,
                 options=("--review-bot", FAST)) as (server, _), chromium() as browser:
        yield server, browser


def tab(site: Any, lang: str = "en") -> Any:
    page = new_tab(site[1], lang=lang)
    page.set_default_timeout(120_000)  # (a review takes a while on a loaded machine)
    return page


def post(server: LiveServer, path: str, body: Any) -> Any:
    request = urllib.request.Request(server.url + path, data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


# --- dead ends ------------------------------------------------------------------------------

DEAD_ENDS = [("/t/a%20b", "Nothing here"), ("/nothing", "Nothing here"),
             ("/rules/nope", "No such rules"), ("/pad/abcdef", "This pad's link is not whole")]


@pytest.mark.parametrize(("path", "title"), DEAD_ENDS, ids=[p for p, _ in DEAD_ENDS])
def test_an_address_that_leads_nowhere_says_so_on_a_page(site: Any, path: str,
                                                         title: str) -> None:
    server, _ = site
    page = tab(site)
    page.goto(server.url + path)
    page.wait_for_load_state("networkidle")  # (a page may ask the server first)
    text = page.inner_text("body")
    assert title in text, f"{path} says {text[:120]!r}"
    styled = page.evaluate("document.styleSheets.length")
    ways = page.locator("main a, main button").count()
    assert styled and ways, f"{path}: a bare page (stylesheets {styled}, ways on {ways})"
    page.context.close()


@pytest.mark.parametrize(("path", "title"), [
    ("/nothing", "Hier ist nichts"), ("/rules/nope", "Diese Regeln gibt es nicht"),
    ("/pad/abcdef", "Der Link dieses Blocks ist nicht vollständig")])
def test_a_dead_end_speaks_german_on_a_german_page(site: Any, path: str, title: str) -> None:
    server, _ = site
    page = tab(site, "de")
    page.goto(server.url + path)
    page.wait_for_load_state("networkidle")  # (a page may ask the server first)
    assert title in page.inner_text("body"), page.inner_text("body")[:120]
    page.context.close()


def test_bezique_melds_have_german_names(site: Any) -> None:
    server, _ = site
    page = tab(site, "de")
    page.goto(server.url + "/rules/bezique")
    page.wait_for_load_state("networkidle")
    names = ["common marriage", "grand bézique", "trump Seven"]
    german = page.evaluate("(names) => names.map((n) => meldName(n))", names)
    english = [n for n, word in zip(names, german, strict=True) if word.lower() == n.lower()]
    assert not english, f"Bézique melds in English on a German page: {english}"
    page.context.close()


def test_lang_in_the_address_sets_the_language(site: Any) -> None:
    server, _ = site
    page = tab(site, "en")
    page.goto(server.url + "/rules/binokel?lang=de")
    page.wait_for_selector("main h2")
    heading = page.inner_text("main h2")
    assert heading.startswith("Regeln"), f"?lang=de shows {heading!r}"
    page.context.close()


# --- a seat lost, a full table, the offline marker -------------------------------------------

def watching(page: Any) -> None:
    page.wait_for_function("TablePage.current && TablePage.current.msg "
                           "&& TablePage.current.msg.seat === null")


def test_losing_the_race_for_a_seat_is_said_and_the_offline_marker_is_a_word(site: Any) -> None:
    server, _ = site
    made = post(server, "/api/tables", {"rules": "binokel", "take": 0, "name": "Anna",
                                        "seats": ["human", "open", "bot:random"]})
    page = tab(site, "de")
    page.goto(f"{server.url}/t/{made['id']}")
    page.wait_for_selector("button[data-take='1']")
    post(server, f"/api/tables/{made['id']}/join", {"seat": 1, "name": "Ben"})  # quicker
    page.click("button[data-take='1']")
    watching(page)
    page.wait_for_function("document.body.innerText.includes('Ben')")
    text = page.inner_text("body")
    problems = []
    if not re.search(r"genommen", text):
        problems.append(f"no word that seat 2 was taken by another: {text[:300]!r}")
    if "○" in text:
        problems.append("the offline marker is a bare ○")
    assert not problems, problems
    page.context.close()


def test_a_full_tables_link_says_you_are_watching(site: Any) -> None:
    server, _ = site
    made = post(server, "/api/tables", {"rules": "binokel", "take": 0, "name": "Anna",
                                        "seats": ["human", "bot:random", "bot:random"]})
    page = tab(site, "en")
    page.goto(f"{server.url}/t/{made['id']}")
    watching(page)
    text = page.inner_text("body")
    assert re.search(r"\btaken\b", text), f"no word that every seat is taken: {text[:300]!r}"
    page.context.close()


# --- the review on a phone ------------------------------------------------------------------

def review(site: Any, lang: str) -> Any:
    server, _ = site
    page = tab(site, lang)
    page.goto(f"{server.url}/t/{TABLE}/review")
    page.wait_for_selector("body[data-review=ready]")
    return page


def test_the_review_fits_a_phone(site: Any) -> None:
    page = review(site, "en")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the review is {width} px wide on a 390 px phone"
    page.context.close()


def test_the_review_speaks_german_not_notation(site: Any) -> None:
    page = review(site, "de")
    cells = page.eval_on_selector_all(
        "#review-table td[data-field=chosen], #review-table td[data-field=best], #costliest li",
        "els => els.map(e => e.textContent)")
    notation = re.compile(r"\b(lay|pass|trump|out)\b|[QJ][♣♠♥♦]")
    english = [c for c in cells if notation.search(c)]
    assert cells and not english, f"notation on the German review: {english[:5]}"
    page.context.close()


def test_the_review_charts_words_are_readable_on_a_phone(site: Any) -> None:
    page = review(site, "en")
    sizes = page.eval_on_selector_all("#review-chart text",
                                      "ts => ts.map(t => t.getBoundingClientRect().height)")
    assert sizes and min(sizes) >= 12, f"chart words {min(sizes or [0]):.1f} px high"
    page.context.close()


def test_the_reviews_grade_marks_are_explained(site: Any) -> None:
    page = review(site, "en")
    marks = page.eval_on_selector_all(
        "#review-table td[data-field=grade]",
        "tds => tds.filter(td => td.textContent.trim()).map(td => [td.textContent.trim(),"
        " td.title || td.getAttribute('aria-label') || ''])")
    assert marks, "no graded decision in the review"
    text = page.inner_text("body")
    unexplained = sorted({m for m, title in marks if not title
                          and not re.search(re.escape(m) + r"\s+\w{4,}", text)})
    assert not unexplained, f"grade marks nobody explains: {unexplained}"
    page.context.close()


# --- the lobby ------------------------------------------------------------------------------

def test_your_own_tables_are_yours_in_the_lobby_not_watch(site: Any) -> None:
    server, _ = site
    page = tab(site, "en")
    page.goto(server.url + "/")
    page.fill("#your-name", "Anna")
    page.click("#create")
    page.wait_for_url("**/t/*")
    mine = page.url.rsplit("/", 1)[1]
    page.goto(server.url + "/")
    page.wait_for_selector(f"a[href='/t/{mine}']")
    offered = page.eval_on_selector_all(f"a[href='/t/{mine}']",
                                        "as => as.map(a => a.textContent.trim())")
    text = page.inner_text("body")
    problems = []
    if "Watch" in offered:
        problems.append(f"your own table is offered as {offered}")
    if "Your tables" not in text or not re.search(r"hand \d", text, re.I) \
            or "just now" not in text:
        problems.append(f"no list of your tables with hand, score and age: {text[:200]!r}")
    assert not problems, problems
    page.context.close()


def test_the_lobby_names_rule_sets_not_ids_in_german(site: Any) -> None:
    server, _ = site
    post(server, "/api/tables", {"rules": "binokel-4-dealer-out", "take": 0, "name": "Anna",
                                 "seats": ["human", "open", "open", "open"]})
    page = tab(site, "de")
    page.goto(server.url + "/")
    page.wait_for_selector("#table-list a")
    text = page.inner_text("body")
    ids = re.findall(r"\b(?:binokel|binocle|bezique)-[\w-]+", text)
    assert not ids, f"rule sets by their ids: {sorted(set(ids))}"
    page.context.close()


def test_the_new_pad_page_prints_no_null(site: Any) -> None:
    server, _ = site
    page = tab(site, "en")
    page.goto(server.url + "/pad")
    page.wait_for_selector("#pad-new")
    text = page.inner_text("main")
    assert "null" not in text, f"the pad page prints null: {text[-120:]!r}"
    page.context.close()
