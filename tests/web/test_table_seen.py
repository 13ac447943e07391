"""The table page as a person sees it, in Debian's chromium at 390x844 (touch) and 1280x800, in
English and German, at every moment of every game: the auction, laying away, trumps, the
tricks with melds shown, Binocle's melding and claim, the end of a hand and of the game.

At each moment (a table stored at that point of a seeded game, see ``tablepoints``) the page
is looked at as drawn (``seeing.look``): every message, prompt and button in sight and on top,
no horizontal overflow, every tap target 44 x 44 px or more, no English word on a German page,
no console error.  Then what a person does there is done and looked at again: a hint (its
values shown), an error (a stale tab's move: its message on top), the claim's question.
"""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from binokel.web.store import Store

from .browsing import LAPTOP, PHONE, chromium, new_tab, playwright_or_skip, serving
from .conftest import LiveServer
from .seeing import english_words, look
from .tablepoints import Point, seed_point

sync_api = playwright_or_skip()

VIEWS = {"phone": (PHONE, True), "laptop": (LAPTOP, False)}

# Every moment of each game where the person has something to see or do.
MOMENTS = {
    "binokel": ["auction", "discard", "trump", "play", "melds shown", "last card", "game over",
                "durch play", "durch lost"],
    "kreuzbinokel": ["auction", "discard", "trump", "melds shown", "last card", "game over"],
    "binocle": ["play", "meld", "melds shown", "claim", "last card", "game over"],
    "bezique": ["play", "meld", "melds shown", "last card", "game over"],
    "binokel-sevens": ["discard", "melds shown"],
    "binokel-jumps": ["auction"],
    "binokel-4-dealer-out": ["auction", "melds shown"],
    "binocle-64": ["play", "claim"],
}
# Where the person also asks for a hint (the expert thinks: a few moments only).
HINTS = {("binokel", "discard"), ("binokel", "play"), ("binocle", "play")}


@pytest.fixture(scope="module")
def browser(points: Any) -> Iterator[Any]:
    with chromium() as launched:
        yield launched


def open_at(browser: Any, url: str, point: Point, view: str, lang: str,
            errors: list[str]) -> Any:
    size, touch = VIEWS[view]
    page = new_tab(browser, size=size, lang=lang, touch=touch, errors=errors,
                   seat=(point.table_id, point.token, point.seat))
    page.goto(f"{url}/t/{point.table_id}")
    page.wait_for_function("TablePage.current && TablePage.current.msg "
                           "&& document.body.dataset.phase")
    if point.phase == "game over":
        page.wait_for_selector("#end")
    else:
        # A hand the person has not seen the end of shows its summary first.
        page.wait_for_function("document.body.dataset.myTurn === '1' || "
                               "document.body.dataset.summary === '1'")
        if page.evaluate("document.body.dataset.summary") == "1":
            page.click("#next-hand")
        page.wait_for_function("document.body.dataset.myTurn === '1'")
    page.evaluate("document.fonts.ready")
    return page


def stale_move(page: Any, lang: str) -> list[str]:
    """A stale tab's move: the server's word is in sight, on top of the dock."""
    page.evaluate("document.getElementById('toast').className = ''")
    page.evaluate("TablePage.current.send({type: 'act', action: 'pass',"
                  " n: TablePage.current.msg.n + 1000})")
    page.wait_for_selector("#toast.show")
    problems = seen(page, lang, "an error at the table", refusal=True)
    page.evaluate("document.getElementById('toast').click()")  # a tap puts it away
    return problems


def server_speaks_german() -> bool:
    """The server words its refusals in German too (``binokel.web.wording``, issue 45's
    pages); until then a refusal on a German page is the server's English."""
    return importlib.util.find_spec("binokel.web.wording") is not None


# A header of the summary or the score sheet whose word the browser broke over two lines.
BROKEN_WORDS_JS = r"""
() => [...document.querySelectorAll("#summary thead th, #scores thead th")].flatMap((th) => {
  const out = [];
  for (const node of th.childNodes) {
    if (node.nodeType !== Node.TEXT_NODE) continue;
    const re = /\S+/g; let m;
    while ((m = re.exec(node.textContent))) {
      const range = document.createRange();
      range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (lines.size > 1) out.push(m[0]);
    }
  }
  return out;
})
"""


# The page's width at every frame from now until a finished trick has swept off the felt (its
# ``.sweep`` cards came and went), or the page waits for the person again with no sweep on it
# (a Binocle trick's winner declares first), or a hang guard of 20 s: [swept, widths].
SWEEP_WIDTHS_JS = r"""
(n) => new Promise((done) => {
  const widths = []; const start = performance.now(); let sweeping = false;
  const frame = () => {
    widths.push(document.documentElement.scrollWidth);
    const now = document.querySelector("#trick .sweep") !== null;
    const again = document.body.dataset.n !== n && document.body.dataset.myTurn === "1";
    if ((sweeping && !now) || (again && !now) || performance.now() - start > 20000) {
      done([sweeping && !now, widths]); return; }
    sweeping = sweeping || now;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})
"""


def seen(page: Any, lang: str, what: str, *, refusal: bool = False) -> list[str]:
    problems = [f"{what}: {p}" for p in look(page)]
    text = page.inner_text("body")
    problems += [f"{what}: {m.group(0)!r} (a count of one in the plural)"
                 for m in re.finditer(r"\b1 (tricks|cards|Stiche|Karten)\b", text)]
    problems += [f"{what}: the header word {w!r} breaks over two lines"
                 for w in page.evaluate(BROKEN_WORDS_JS)]
    if lang == "de":
        hide = refusal and not server_speaks_german()
        if hide:
            page.evaluate("document.getElementById('toast').hidden = true")
        problems += [f"{what}: English word {w!r} on the German page"
                     for w in english_words(page)]
        if hide:
            page.evaluate("document.getElementById('toast').hidden = false")
    return problems


# Each moment on a phone and a laptop; the page is looked at in one language, switched to the
# other (the header's button) and looked at again, and what the person then does is done in
# the second language: English then German on a phone, German then English on a laptop.
CASES = [(rules, moment, view) for rules, moments in MOMENTS.items() for moment in moments
         for view in VIEWS]
LANGS = {"phone": ("en", "de"), "laptop": ("de", "en")}


@pytest.fixture(scope="module")
def points(tmp_path_factory: pytest.TempPathFactory
           ) -> Iterator[tuple[LiveServer, dict[tuple[str, str, str], Point]]]:
    """A table for each case (a case may move its table on: the last card is played)."""
    def fill(store: Store) -> dict[tuple[str, str, str], Point]:
        return {case: seed(store, case[0], case[1]) for case in CASES}

    with serving(Path(tmp_path_factory.mktemp("seen")) / "web.sqlite3", fill) as served:
        yield served


def _contract(of: Any) -> str:
    return str(getattr(of.contract, "value", of.contract))


def seed(store: Store, rules: str, moment: str) -> Point:
    """A table at the moment (a Durch's moments: a game where the declarers play Durch)."""
    if moment == "durch play":
        return seed_point(store, rules, "play", durch=True, accept=lambda state, after: _contract(
            state.view(0)) == "durch" and len(state.view(0).tricks) > 1)
    if moment == "durch lost":
        # The person's card beats the declarer's Durch: that ends the hand.
        return seed_point(store, rules, "last card", durch=True, accept=lambda state, after:
                          _contract(after.view(0).results[-1]) == "durch"
                          and after.view(0).results[-1].declarer != 0)
    return seed_point(store, rules, moment)


@pytest.mark.parametrize(("rules", "moment", "view"), CASES,
                         ids=["-".join(c).replace(" ", "_") for c in CASES])
def test_every_message_and_choice_is_seen(points: Any, browser: Any, rules: str, moment: str,
                                          view: str) -> None:
    server, made = points
    point = made[(rules, moment, view)]
    errors: list[str] = []
    first, lang = LANGS[view]
    page = open_at(browser, server.url, point, view, first, errors)
    try:
        problems = seen(page, first, moment)
        if moment == "discard" and view == "phone":
            share = page.evaluate("document.getElementById('dock').offsetHeight / innerHeight")
            assert share <= 0.35, f"the dock takes {share:.0%} of the screen while laying away"
        if (rules, moment) in HINTS and view == "phone":
            page.tap("#hint")
            page.wait_for_selector("#hint-box")
            problems += seen(page, first, "a hint")
            values = page.locator("#hint-values li").count()
            if moment == "discard":
                assert page.locator("#hand .card.hinted").count() == 4
            elif page.evaluate("(TablePage.current.hint.values || []).length") > 1:
                assert values >= 1
        if moment in ("auction", "play", "discard"):
            problems += stale_move(page, first)
        # The other language, from the header's button.
        page.locator("#lang").tap() if VIEWS[view][1] else page.click("#lang")
        page.wait_for_function(f"document.documentElement.lang === {lang!r}")
        problems += seen(page, lang, moment)
        if moment == "claim":
            # A claim asks first, with the points it needs; saying no changes nothing.
            n = page.evaluate("document.body.dataset.n")
            page.locator("#actions button[data-action='claim']").tap() if VIEWS[view][1] \
                else page.click("#actions button[data-action='claim']")
            page.wait_for_selector("#confirm-text")
            text = page.inner_text("#confirm-text")
            short = point.state.target - point.state.claim_total(point.seat)
            assert str(short) in text and str(point.state.target) in text, text
            problems += seen(page, lang, "the claim's question")
            page.click("#confirm-no")
            page.wait_for_selector("#confirm", state="detached")
            assert page.evaluate("document.body.dataset.n") == n
            # Claimed all the same: the game is lost, and the end says why.
            page.click("#actions button[data-action='claim']")
            page.click("#confirm-yes")
            page.wait_for_selector("#ending")
            assert str(point.state.target) in page.inner_text("#ending")
            problems += seen(page, lang, "a lost claim's end")
        if moment == "durch play":
            # A Durch counts its tricks, not points against the bid.
            running = page.inner_text("#running")
            assert "Durch" in running and str(point.state.view(0).bid) not in running, running
        if moment == "last card" and rules.startswith(("binocle", "bezique")):
            heads = page.locator("#scores thead th").all_inner_texts()
            assert not {"Declarer", "Bid", "Spieler", "Reizwert"} & set(heads), heads
        if rules == "binokel-jumps" and moment == "auction":
            # The higher bids' list is named, and a bid from it asks first.
            assert page.inner_text(".more-bids span").strip()
            n = page.evaluate("document.body.dataset.n")
            value = page.locator("#more-bids option").nth(1).get_attribute("value")
            page.select_option("#more-bids", value)
            page.wait_for_selector("#confirm-text")
            assert value in page.inner_text("#confirm-text")
            problems += seen(page, lang, "a jump bid's question")
            page.click("#confirm-no")
            page.wait_for_selector("#confirm", state="detached")
            assert page.evaluate("document.body.dataset.n") == n
        if point.phase == "last card":
            # The card that ends the hand: its trick stays in sight, then the summary says why.
            card = page.locator(f"#hand .card.legal[data-card='{point.move}']").first
            card.tap() if VIEWS[view][1] else card.click()
            page.wait_for_selector("#final-trick")
            problems += seen(page, lang, "the hand's last trick")
            page.wait_for_selector("#summary")
            problems += seen(page, lang, "the summary")
            assert page.locator("#summary-last .card").count() == len(page.evaluate(
                "TablePage.current.handsLastTrick(TablePage.current.msg.view).cards"))
            if moment == "durch lost":
                # A lost Durch is lost by its tricks: no word of the last trick's bonus.
                why = page.inner_text("#why")
                assert ("Last trick" not in why and "Letzter Stich" not in why
                        and "Durch" in why), why
        if moment in ("auction", "play", "discard"):
            problems += stale_move(page, lang)
        if moment == "play":
            # The card played sweeps off with its trick later: the page never widens.
            n = page.evaluate("document.body.dataset.n")
            card = page.locator("#hand .card.legal").first
            card.tap() if VIEWS[view][1] else card.click()
            _, widths = page.evaluate(SWEEP_WIDTHS_JS, n)
            assert max(widths) <= VIEWS[view][0]["width"], widths
        assert not problems, "\n".join(problems)
        assert not errors, errors
    finally:
        page.context.close()
