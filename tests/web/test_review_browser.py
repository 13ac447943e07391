"""The review page in a real browser (Debian's chromium, headless, driven by Playwright): a
finished game's end panel links to its review; the page shows the progress while the server
reviews, then a chart whose points and a table whose rows are the review JSON's numbers, the
costliest decision first in its list; a click on a decision shows its candidates and values;
another seat can be chosen; the page speaks German too.

Skipped only when chromium or Playwright cannot be had (scripts/test installs chromium).
"""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .browsing import chromium, new_tab, playwright_or_skip, serving
from .conftest import LiveServer
from .reviewed import FAST, TABLE, put_finished_table

sync_api = playwright_or_skip()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    with serving(tmp_path / "web.sqlite3", put_finished_table,
                 options=("--review-bot", FAST)) as (live, _):
        yield live


@pytest.fixture
def page(server: LiveServer) -> Iterator[Any]:
    errors: list[str] = []
    with chromium() as browser:
        page = new_tab(browser, size={"width": 900, "height": 900}, lang=None)
        page.set_default_timeout(120_000)  # a hang guard, not a speed check
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        yield page
    assert not errors, f"the page raised: {errors}"


def review_json(server: LiveServer, seat: int) -> Any:
    """The server's review. It is kept once the page has it, but the page may show a seat's
    table a moment before its review is done: 202 (still working) is asked again."""
    url = f"{server.url}/api/tables/{TABLE}/review?seat={seat}"
    deadline = time.monotonic() + 120  # a hang guard, not a speed check
    while True:
        with urllib.request.urlopen(url, timeout=30) as response:
            if response.status != 202 or time.monotonic() > deadline:
                assert response.status == 200
                return json.load(response)["review"]
        time.sleep(0.2)  # (no event to wait for: the API answers 202 until the review is done)


def number(text: str) -> float | None:
    return None if text == "–" else float(text)


def near(value: float | None) -> Any:
    return None if value is None else pytest.approx(value, abs=0.051)


def check_page_shows(page: Any, review: Any) -> None:
    decisions = sorted((d for h in review["hands"] for d in h["decisions"]),
                       key=lambda d: d["number"])
    assert len(decisions) > 20
    points = page.eval_on_selector_all(
        "#review-chart circle.pt", "els => els.map(e => [Number(e.dataset.number),"
        " e.dataset.value, Number(e.dataset.best), e.getAttribute('class'),"
        " Number(e.getAttribute('cy'))])")
    assert [p[0] for p in points] == [d["number"] for d in decisions]
    assert [p[1] for p in points] == ["" if d["chosen_value"] is None else
                                      format(d["chosen_value"], "g") for d in decisions] or \
        [float(p[1]) for p in points] == [d["chosen_value"] for d in decisions]
    assert [p[2] for p in points] == [d["best_value"] for d in decisions]
    assert [p[3] for p in points] == [f"pt grade-{d['grade']}" for d in decisions]
    # Drawn to scale: a higher value is higher on the chart (smaller y).
    by_value = sorted(zip((d["chosen_value"] for d in decisions), (p[4] for p in points),
                          strict=True))
    assert [y for _, y in by_value] == sorted((y for _, y in by_value), reverse=True)
    rows = page.eval_on_selector_all(
        "#review-table tbody tr", "rows => rows.map(r => [...r.querySelectorAll('td')]"
        ".map(td => td.dataset.action || td.textContent))")
    # (the chosen action is shown in words, "Lay away Q♥", and kept in the engine's notation)
    assert [(int(r[0]), int(r[1]), r[3]) for r in rows] == [
        (d["number"], d["hand"], d["chosen"]) for d in decisions]
    for r, d in zip(rows, decisions, strict=True):  # shown to a tenth, rounded as JS does
        assert (number(r[4]), number(r[6]), number(r[7])) == (
            near(d["chosen_value"]), near(d["best_value"]), near(d["loss"]))
    summary = review["summary"]
    assert f"Lost {summary['lost']:.1f} points in {summary['decisions']} decisions" in \
        page.inner_text("#review-lost")
    costliest = page.locator("#costliest li")
    assert [int(n) for n in costliest.evaluate_all("els => els.map(e => e.dataset.number)")] \
        == [d["number"] for d in summary["costliest"]]


def test_the_review_page_of_a_finished_game(server: LiveServer, page: Any) -> None:
    page.goto(f"{server.url}/t/{TABLE}")
    page.click("#to-review")  # the end panel's link (a watcher: seat 0 is shown first)
    page.wait_for_selector("#review-status")  # the progress while the server reviews
    page.wait_for_function("document.body.dataset.review === 'ready'")
    assert page.url.endswith(f"/t/{TABLE}/review")
    review = review_json(server, 0)
    check_page_shows(page, review)

    # The costliest decision: a click shows its candidates and values, best first.
    worst = review["summary"]["costliest"][0]
    page.click(f"#review-chart circle.pt[data-number='{worst['number']}']")
    table = page.locator(f"#candidates[data-number='{worst['number']}']")
    table.wait_for()
    shown = table.locator("tbody tr").evaluate_all(
        "rows => rows.map(r => [r.dataset.action, r.querySelector('[data-field=value]')"
        ".textContent])")
    assert [(a, number(v)) for a, v in shown] == [(c["action"], near(c["value"]))
                                                  for c in worst["candidates"]]
    assert worst["grade"] in ("inaccuracy", "mistake", "blunder")
    assert page.locator(f"#review-table tr.selected[data-number='{worst['number']}']").count()

    # Another seat's review (every card is public once the game is over), then in German.
    page.click("#review-seats a[data-seat='1']")
    page.wait_for_function("location.search === '?seat=1' && "
                           "document.body.dataset.review === 'ready' && "
                           "document.body.dataset.reviewSeat === '1'")
    check_page_shows(page, review_json(server, 1))
    page.click("#lang")
    page.wait_for_function("document.querySelector('#review-table') !== null && "
                           "document.querySelector('#review h2').textContent"
                           ".startsWith('Auswertung')")
    assert "Punkte verloren" in page.inner_text("#review-lost")
