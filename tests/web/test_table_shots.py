"""Screenshots of the table's moments for a closing note, on demand: set ``BINOKEL_SHOTS`` to a
folder (skipped otherwise).  On a phone (390x844, touch) and a laptop (1280x800), in English
and German: a hint with its values while playing cards (several cards legal), an error
message at the table, laying away with the hint marked, Binocle's claim question, the final
standing, and the lobby's "your tables".  Before each picture the test checks that what it
shows is drawn where a person sees it (inside the screen and on top), so that a picture of
a hidden message is a failure, not a picture.

    BINOKEL_SHOTS=/tmp/shots .venv/bin/python -m pytest tests/web/test_table_shots.py
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from binokel.web.store import Store

from .browsing import LAPTOP, PHONE, chromium, new_tab, playwright_or_skip, serving
from .conftest import LiveServer
from .tablepoints import ME, Point, seed_point

SHOTS = os.environ.get("BINOKEL_SHOTS", "")
pytestmark = pytest.mark.skipif(not SHOTS, reason="set BINOKEL_SHOTS to a folder for them")
sync_api = playwright_or_skip()

VIEWS = {"phone": PHONE, "laptop": LAPTOP}
LANGS = ("en", "de")
CASES = [(view, lang) for view in VIEWS for lang in LANGS]


def several_cards(state: Any, after: Any) -> bool:
    """Cards to play, at least three of them legal, after the first trick."""
    cards = [a for a in state.legal_actions() if len(str(a).split()) == 1]
    return len(cards) >= 3 and len(state.view(ME).tricks) >= 1


def _points(store: Store) -> dict[str, Point]:
    return {"play": seed_point(store, "binokel", "play", seed="shots", accept=several_cards),
            "discard": seed_point(store, "binokel", "discard"),
            "auction": seed_point(store, "binokel", "auction", seed="shots"),
            "claim": seed_point(store, "binocle", "claim", seed="shots",
                                accept=lambda state, after: state.claim_total(ME) > 0),
            "over": seed_point(store, "binokel", "game over", seed="shots")}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveServer, Any, Any]]:
    with serving(Path(tmp_path_factory.mktemp("shots")) / "web.sqlite3", _points) as served, \
            chromium() as browser:
        yield served[0], served[1], browser


ON_TOP_JS = """(el) => {
  el.scrollIntoView({block: "nearest"});
  const r = el.getBoundingClientRect();
  const x = r.left + Math.min(r.width, 44) / 2, y = r.top + Math.min(r.height, 44) / 2;
  const hit = document.elementFromPoint(x, y);
  return r.width > 0 && r.top >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5
    && (hit === el || el.contains(hit));
}"""


def at_table(site: Any, name: str, view: str, lang: str) -> Any:
    server, points, browser = site
    point = points[name]
    page = new_tab(browser, size=VIEWS[view], lang=lang, touch=view == "phone",
                   seat=(point.table_id, point.token, point.seat))
    page.set_default_timeout(120_000)  # (the expert's hint thinks on a loaded machine)
    page.goto(f"{server.url}/t/{point.table_id}")
    page.wait_for_function("TablePage.current && TablePage.current.msg")
    if point.phase == "game over":
        page.wait_for_selector("#end")
    else:
        page.wait_for_function("document.body.dataset.myTurn === '1'")
    page.evaluate("document.fonts.ready")
    return page


def shoot(page: Any, what: str, view: str, lang: str, *seen: str) -> None:
    """The screenshot, once each of ``seen`` is inside the screen and on top."""
    for selector in seen:
        page.wait_for_selector(selector)
        assert page.eval_on_selector(selector, ON_TOP_JS), f"{what}: {selector} is not seen"
    page.screenshot(path=str(Path(SHOTS) / f"i45c-{what}-{view}-{lang}.png"))
    page.context.close()


def press(page: Any, view: str, selector: str) -> None:
    target = page.locator(selector).first
    target.tap() if view == "phone" else target.click()


@pytest.mark.parametrize(("view", "lang"), CASES)
def test_a_hint_with_its_values_while_playing(site: Any, view: str, lang: str) -> None:
    page = at_table(site, "play", view, lang)
    assert page.locator("#hand .card.legal").count() >= 3
    press(page, view, "#hint")
    page.wait_for_selector("#hint-values li")
    shoot(page, "hint-play", view, lang, "#hint-box", "#hint-values li", "#hand .card.hinted")


@pytest.mark.parametrize(("view", "lang"), CASES)
def test_an_error_at_the_table(site: Any, view: str, lang: str) -> None:
    page = at_table(site, "auction", view, lang)
    page.evaluate("TablePage.current.send({type: 'act', action: 'pass',"
                  " n: TablePage.current.msg.n + 1000})")  # a stale tab's move
    shoot(page, "error", view, lang, "#toast.show")


@pytest.mark.parametrize(("view", "lang"), CASES)
def test_laying_away_with_the_hint_marked(site: Any, view: str, lang: str) -> None:
    page = at_table(site, "discard", view, lang)
    press(page, view, "#hint")
    page.wait_for_selector("#hand .card.hinted")
    assert page.locator("#hand .card.hinted").count() == 4
    shoot(page, "discard-hint", view, lang, "#hint-box", "#hand .card.hinted")


@pytest.mark.parametrize(("view", "lang"), CASES)
def test_the_claims_question(site: Any, view: str, lang: str) -> None:
    page = at_table(site, "claim", view, lang)
    press(page, view, "#actions button[data-action='claim']")
    shoot(page, "claim", view, lang, "#confirm-text", "#confirm-yes", "#confirm-no")


@pytest.mark.parametrize(("view", "lang"), CASES)
def test_the_final_standing(site: Any, view: str, lang: str) -> None:
    page = at_table(site, "over", view, lang)
    shoot(page, "standing", view, lang, "#standing")


@pytest.mark.parametrize(("view", "lang"), CASES)
def test_the_lobbys_your_tables(site: Any, view: str, lang: str) -> None:
    server, _, browser = site
    page = new_tab(browser, size=VIEWS[view], lang=lang, touch=view == "phone")
    page.goto(server.url + "/")
    for name in ("Anna", "Anna"):  # two tables of this browser's, against computers
        page.fill("#your-name", name)
        page.click("#create")
        page.wait_for_url("**/t/*")
        page.wait_for_function("TablePage.current && TablePage.current.msg")
        page.goto(server.url + "/")
    page.wait_for_selector("#my-tables [data-table]")
    page.evaluate("document.getElementById('my-tables-panel').scrollIntoView()")
    shoot(page, "your-tables", view, lang, "#my-tables [data-table] a", "#my-tables .abandon")
