"""The pages around the table as a person sees them, in real Chromium (Debian's, driven by
Playwright) at a phone's 390×844 and a laptop's 1280×800, in English and German: the lobby,
the rules, the review of a finished game, the score pad, and the pages of addresses that lead
nowhere.  On every page: nothing wider than the window, every visible control inside it and
at least 44×44 CSS px, the heading and the first screen's controls on top (``elementFromPoint``
at their centre finds them), no word of the English catalogue on a German page, no console
error.  Then each dead end and notice of issue 45 once: they failed on the main of that day.

Set ``BINOKEL_SHOTS`` to a folder to keep a screenshot of each page there.

Skipped only when chromium or Playwright cannot be had (scripts/test installs chromium).
"""

from __future__ import annotations

import json
import os
import re
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from binokel.web.wording import CATALOGUE

from .browsing import LAPTOP, PHONE, chromium, new_tab, playwright_or_skip, serving
from .conftest import LiveServer
from .reviewed import FAST, TABLE, put_finished_table

sync_api = playwright_or_skip()

SHOTS = os.environ.get("BINOKEL_SHOTS")
#: Names the tests give players, and words the same in both languages that the catalogue
#: happens to hold only in its English half.
NOT_ENGLISH = {"anna", "ben", "carla", "computer", "csv", "pad", "binokel", "binocle", "bezique",
               "bézique", "kreuzbinokel", "foster", "dix", "dabb", "durch", "brisques"}


def post(server: LiveServer, path: str, body: Any) -> Any:
    request = urllib.request.Request(server.url + path, data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    db = tmp_path_factory.mktemp("pages") / "web.sqlite3"
    with serving(db, put_finished_table, options=("--review-bot", FAST)) as (live, _):
        yield live


@pytest.fixture(scope="module")
def browser(server: LiveServer) -> Iterator[Any]:
    with chromium() as launched:
        yield launched


class Tab:
    """A page in a fresh context (its own storage), with what its console said."""

    def __init__(self, browser: Any, size: dict[str, int], language: str) -> None:
        # (the language a reader chose before, until the page is told another)
        self.errors: list[str] = []
        self.page = new_tab(browser, size=size, lang=language, errors=self.errors)
        self.page.set_default_timeout(120_000)  # a hang guard, not a speed check
        self.context = self.page.context

    def console_errors(self) -> list[str]:
        """The console's errors but a dead end's own 404 (the page and the API call that
        found nothing answer 404, which Chromium logs)."""
        dead_end = self.page.evaluate("document.body.dataset.deadEnd === '1'")
        return [e for e in self.errors if not (dead_end and "status of 404" in e)]

    def close(self) -> None:
        self.context.close()


#: The checks of one page, run in it (``look.js``): what is wrong, and how much was looked at.
LOOK = (Path(__file__).parent / "look.js").read_text(encoding="utf-8")


def english_only(page: Any) -> list[str]:
    """The words of the pages' English catalogue (words.js, the rule-set titles, the server's
    refusals) that its German half (with the rules page's glossary) does not use."""
    def split(texts: list[str]) -> set[str]:
        return {w.lower() for text in texts for w in re.split(r"[^A-Za-zÄÖÜäöüßé]+", text)
                if len(w) > 2}

    walk = """(root) => { const out = []; const go = (v) => {
      if (typeof v === "string") out.push(v);
      else if (v && typeof v === "object") Object.values(v).forEach(go); };
      go(root); return out; }"""
    titles = "(typeof RULE_TITLES === 'undefined' ? {en: {}, de: {}} : RULE_TITLES)"
    en = page.evaluate(f"({walk})([STR.en, {titles}.en])")
    de = page.evaluate(f"({walk})([STR.de, {titles}.de, DESCRIPTIONS_DE, "
                       "GLOSSARY.map((row) => row[2])])")
    fields = re.compile(r"\{\w+\*?\}")  # (a template's fields are no words)
    en += [fields.sub(" ", english) for english, _ in CATALOGUE.values()]
    de += [fields.sub(" ", german) for _, german in CATALOGUE.values()]
    return sorted(split(en) - split(de) - NOT_ENGLISH)


def look(tab: Tab, label: str, vocabulary: list[str]) -> tuple[list[str], dict[str, int]]:
    """What is wrong with the page as it is shown (with the label), and how much was looked at."""
    result = tab.page.evaluate(LOOK, [vocabulary])
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        tab.page.screenshot(path=str(Path(SHOTS) / f"{label}.png"))
    problems = [f"{label}: {p}" for p in result["problems"]]
    problems += [f"{label}: console error {e}" for e in tab.console_errors()]
    tab.errors.clear()
    counts: dict[str, int] = result["counts"]
    return problems, counts


def new_pad(server: LiveServer) -> str:
    made = post(server, "/api/pads", {"rules": "binokel", "players": ["Anna", "Ben", "Carla"]})
    return str(made["url"])


PAGES = [("lobby", "/", "#new-table"), ("rules", "/rules/binokel", ".rules"),
         ("rules-bezique", "/rules/bezique", ".rules"),
         ("review", f"/t/{TABLE}/review", "body[data-review=ready]"),
         ("pad-new", "/pad", "#pad-new"), ("pad", None, "#pad-root"),
         ("no-page", "/zz9", "#dead-end"), ("bad-table-address", "/t/a%20b", "#dead-end"),
         ("no-table", "/t/zzzzzz", "#dead-end"), ("no-rules", "/rules/nope", "#dead-end"),
         ("pad-without-key", "/pad/abcdef", "#dead-end")]


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_every_page_as_a_person_sees_it(server: LiveServer, browser: Any, size: dict[str, int],
                                        language: str) -> None:
    tab = Tab(browser, size, language)
    pad = new_pad(server)
    try:
        tab.page.goto(server.url + "/")
        vocabulary = english_only(tab.page)
        assert {"lay", "away", "pass", "seat", "error", "table"} <= set(vocabulary)
        totals = {"pages": 0, "elements": 0, "targets": 0, "onTop": 0, "words": 0}
        problems: list[str] = []
        for label, path, ready in PAGES:
            tab.page.goto(server.url + (path or pad))
            tab.page.wait_for_selector(ready)
            tab.page.wait_for_load_state("networkidle")
            found, counts = look(
                tab, f"{'phone' if size == PHONE else 'laptop'}-{language}-{label}", vocabulary)
            problems += found
            totals["pages"] += 1
            for key, value in counts.items():
                totals[key] += value
            if tab.page.evaluate("document.documentElement.lang") != language:
                problems.append(f"{label}: the page is not in {language}")
        # (counts, so that a run says how much it looked at)
        print(f"{size['width']}x{size['height']} {language}: {totals}")
        assert problems == [], "\n".join(problems)
        assert totals["targets"] > 100 and totals["elements"] > 500
        if language == "de":
            assert totals["words"] > 500
    finally:
        tab.close()


def test_dead_ends_are_pages_in_the_readers_language(server: LiveServer, browser: Any) -> None:
    tab = Tab(browser, PHONE, "en")
    page = tab.page
    try:
        for path, title in [("/t/a%20b", "Nothing here"), ("/nothing", "Nothing here"),
                            ("/rules/nope", "No such rules"), ("/t/zzzzzz", "No such table"),
                            ("/pad/abcdef", "This pad's link is not whole"),
                            ("/pad/a%20b", "Nothing here")]:
            response = page.goto(server.url + path)
            page.wait_for_selector("#dead-end")
            assert page.inner_text("#dead-end h2") == title, path
            # styled as every page is (the stylesheet is there), with a way on
            assert page.evaluate("getComputedStyle(document.querySelector('#dead-end'))"
                                 ".backgroundColor") == "rgb(255, 255, 255)"
            assert page.locator("#dead-end a.button").count() >= 1
            assert response.status in (200, 404)
        # The rule sets are offered by their titles from the dead end of a wrong one.
        page.goto(server.url + "/rules/nope")
        assert "Binokel for four, the dealer sits out" in page.inner_text("#dead-end")
        # ?lang=de switches the language, and keeps it
        page.goto(server.url + "/nothing?lang=de")
        page.wait_for_selector("#dead-end")
        assert page.inner_text("#dead-end h2") == "Hier ist nichts"
        page.goto(server.url + "/rules/binokel")
        page.wait_for_selector(".rules")
        assert page.inner_text("main h2").startswith("Regeln: Binokel")
        page.goto(server.url + "/pad?lang=en")
        page.wait_for_selector("#pad-new")
        assert page.inner_text("main h2") == "Score pad"
    finally:
        tab.close()


def test_the_new_pad_page_prints_no_null(server: LiveServer, browser: Any) -> None:
    tab = Tab(browser, PHONE, "en")
    try:
        tab.page.goto(server.url + "/pad")
        tab.page.wait_for_selector("#pad-new")
        names = tab.page.eval_on_selector_all("#pad-rules option", "os => os.map(o => o.value)")
        for rules in names:
            tab.page.select_option("#pad-rules", rules)
            text = tab.page.inner_text("main")
            assert "null" not in text and "undefined" not in text, rules
            assert rules not in text.split("\n")  # a title, not the rule set's id
    finally:
        tab.close()


def test_lobby_shows_rule_titles_in_both_languages(server: LiveServer, browser: Any) -> None:
    post(server, "/api/tables", {"rules": "binokel-4-dealer-out", "take": 0, "name": "Anna",
                                 "seats": ["human", "open", "open", "open"]})
    for language, title in [("en", "Binokel for four, the dealer sits out"),
                            ("de", "Binokel zu viert, der Geber setzt aus")]:
        tab = Tab(browser, PHONE, language)
        try:
            tab.page.goto(server.url + "/")
            tab.page.wait_for_selector("#table-list .table-item")
            options = tab.page.eval_on_selector_all("#rule-set option", "os => os.map(o => o.text)")
            assert not any(re.search(r"\bbinokel-|\bbezique-|\bbinocle-", o) for o in options)
            assert any(o.startswith(title) for o in options)
            assert title in tab.page.inner_text("#table-list")
            assert "binokel-4-dealer-out" not in tab.page.inner_text("body")
        finally:
            tab.close()


def test_the_review_on_a_phone_speaks_the_pages_language(server: LiveServer,
                                                         browser: Any) -> None:
    tab = Tab(browser, PHONE, "de")
    page = tab.page
    try:
        page.goto(f"{server.url}/t/{TABLE}/review")
        page.wait_for_selector("body[data-review=ready]")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        cells = page.eval_on_selector_all(
            "#review-table td[data-field=chosen], #review-table td[data-field=best], #costliest li",
            "els => els.map(e => e.textContent)")
        notation = re.compile(r"\b(lay|pass|trump|out)\b|[QJ][♣♠♥♦]")
        assert cells and not [c for c in cells if notation.search(c)]
        assert any("drücken" in c for c in cells) and any("Passen" in c for c in cells)
        # The chart's words are drawn at 13 px or more on the phone, as on a laptop.
        sizes = page.eval_on_selector_all("#review-chart text.tick",
                                          "ts => ts.map(t => t.getBoundingClientRect().height)")
        assert sizes and min(sizes) >= 12
        legend = page.inner_text("#grade-legend")
        assert "?? grober Fehler" in legend and "?! Ungenauigkeit" in legend
        mark = page.locator("#review-table tr.grade-blunder td[data-field=grade]").first
        assert mark.inner_text() == "??" and mark.get_attribute("title") == "grober Fehler"
    finally:
        tab.close()


def test_a_full_table_or_a_lost_seat_says_you_are_watching(server: LiveServer,
                                                          browser: Any) -> None:
    made = post(server, "/api/tables", {"rules": "binokel", "take": 0, "name": "Anna",
                                        "seats": ["human", "open", "bot:random"]})
    table = made["id"]
    tab = Tab(browser, PHONE, "de")
    page = tab.page
    try:
        page.goto(f"{server.url}/t/{table}")
        page.wait_for_selector("button[data-take='1']")
        post(server, f"/api/tables/{table}/join", {"seat": 1, "name": "Ben"})  # quicker
        page.click("button[data-take='1']")
        notice = page.locator("#notice")
        notice.wait_for()
        assert "Platz 2 hat gerade jemand anderes genommen" in notice.inner_text()
        page.wait_for_selector(".spectating")
        box = notice.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
        on_top = page.evaluate("""() => { const r = document.querySelector('#notice p')
          .getBoundingClientRect(); const el = document.elementFromPoint(r.left + r.width / 2,
          r.top + r.height / 2); return document.querySelector('#notice').contains(el); }""")
        assert on_top
        # Ben joined by the API and never connected: his seat says so in words.
        assert "nicht verbunden" in page.inner_text("main")
        assert "○" not in page.inner_text("main")
    finally:
        tab.close()
    # Opening a full table's link: a notice says you are watching.
    tab = Tab(browser, PHONE, "en")
    try:
        tab.page.goto(f"{server.url}/t/{table}")
        tab.page.locator("#notice").wait_for()
        assert "Every seat at this table is taken: you are watching." in \
            tab.page.inner_text("#notice")
    finally:
        tab.close()
