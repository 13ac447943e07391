"""Issue 45's defects of the table page, one test each, in Debian's chromium: each asserts the
defect itself (what a person met), not the presence of what fixed it, so that each fails on
the main the issue was filed against (``d98da03``) for the reason the issue gives.

The broad looks at every moment of every game are ``test_table_seen``; these are the named
defects, a moment each, mostly on a phone (390x844, touch).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from binokel.web.store import Store

from .browsing import PHONE, all_answered, chromium, new_tab, playwright_or_skip, serving
from .conftest import LiveServer
from .seeing import LOOK_JS, TAP_PX
from .tablepoints import ME, Point, seed_point

sync_api = playwright_or_skip()

SUITS = "♣♠♥♦"


def _tricks_of(view: Any) -> list[int]:
    won = [0] * len(view.hand_sizes)
    for trick in view.tricks:
        won[trick.winner] += 1
    return won


def _contract(of: Any) -> str:
    return str(getattr(of.contract, "value", of.contract))


def _legal_cards(state: Any) -> list[str]:
    return [str(a) for a in state.legal_actions() if len(str(a).split()) == 1]


RIGHT = 2
"""The seat drawn on the right of the person (of three: seat 1 left, seat 2 right)."""


def to_the_right(state: Any) -> list[str]:
    """The person's cards that complete the trick for the seat on the right (not the hand's
    last trick): the trick then sweeps right, off the felt's edge."""
    view = state.view(ME)
    if len(view.trick) != 2 or len(view.hand) < 3:
        return []
    return [card for card in _legal_cards(state)
            if (after := state.apply(next(a for a in state.legal_actions() if str(a) == card)))
            .view(ME).tricks and after.view(ME).tricks[-1].winner == RIGHT]


def _points(store: Store) -> dict[str, Point]:
    def mid_hand(state: Any, after: Any) -> bool:
        # Several cards to choose from, a seat with one trick, some points won this hand.
        view = state.view(ME)
        return (len(_legal_cards(state)) >= 3 and 1 in _tricks_of(view)
                and any(view.trick_points) and not view.trick
                and any(c[0] in "JQ" for c in _legal_cards(state)))

    return {
        "auction": seed_point(store, "binokel", "auction"),
        "discard": seed_point(store, "binokel", "discard"),
        "play": seed_point(store, "binokel", "play", accept=mid_hand),
        "sweep": seed_point(store, "binokel", "play", seed="sweep",
                            accept=lambda s, a: bool(to_the_right(s))),
        "melds": seed_point(store, "binokel", "melds shown"),
        "last": seed_point(store, "binokel", "last card"),
        "explained": seed_point(store, "binokel", "last card", seed="explained"),
        "over": seed_point(store, "binokel", "game over"),
        "durch play": seed_point(store, "binokel", "play", durch=True, accept=lambda s, a:
                                 _contract(s.view(0)) == "durch" and len(s.view(0).tricks) > 1
                                 and s.view(0).declarer == ME),
        "durch lost": seed_point(store, "binokel", "last card", durch=True, accept=lambda s, a:
                                 _contract(a.view(0).results[-1]) == "durch"
                                 and a.view(0).results[-1].declarer != 0),
        "claim": seed_point(store, "binocle", "claim"),
        "wrong claim": seed_point(store, "binocle", "claim", seed="wrong"),
        "binocle last": seed_point(store, "binocle", "last card"),
        "binocle sheet": seed_point(store, "binocle", "last card", seed="sheet"),
        "jumps": seed_point(store, "binokel-jumps", "auction", accept=lambda s, a: sum(
            1 for x in s.legal_actions() if str(x).isdigit()) > 4),
    }


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveServer, Any]]:
    with serving(Path(tmp_path_factory.mktemp("defects")) / "web.sqlite3", _points) as served, \
            chromium() as browser:
        yield served[0], (served[1], browser)


def at(table: Any, name: str, *, size: dict[str, int] = PHONE, lang: str = "en") -> Any:
    """The person's page at the table of that moment, once it is the person's turn (or the
    game's end is drawn)."""
    server, (points, browser) = table
    point = points[name]
    page = new_tab(browser, size=size, lang=lang, seat=(point.table_id, point.token, point.seat))
    page.goto(f"{server.url}/t/{point.table_id}")
    page.wait_for_function("typeof TablePage !== 'undefined' && TablePage.current "
                           "&& TablePage.current.msg")
    if point.phase != "game over":
        page.wait_for_function("document.body.dataset.myTurn === '1' || "
                               "document.body.dataset.summary === '1'")
        if page.evaluate("document.body.dataset.summary") == "1":
            page.click("#next-hand")
            page.wait_for_function("document.body.dataset.myTurn === '1'")
    return page


def tap(page: Any, selector: str) -> None:
    page.locator(selector).first.tap()


# Whether an element is what a finger reaches at its middle, inside the screen.
ON_TOP_JS = """(el) => {
  const r = el.getBoundingClientRect();
  if (!r.width || r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight)
    return false;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return hit === el || el.contains(hit);
}"""

# The visible elements whose own text (their text nodes) matches a pattern and that a finger
# reaches: [text, on top] of each.
TEXTS_JS = """([pattern]) => {
  const re = new RegExp(pattern);
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    const own = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent).join("");
    if (!re.test(own) || !el.getClientRects().length || el.closest(".card")) continue;
    const r = el.getBoundingClientRect();
    const inside = r.width > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth
      && r.bottom <= innerHeight;
    const hit = inside && document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    out.push([el.innerText, !!hit && (hit === el || el.contains(hit))]);
  }
  return out;
}"""


def seen_texts(page: Any, pattern: str) -> list[str]:
    """The texts matching ``pattern`` that a person sees (inside the screen, on top)."""
    return [text for text, on_top in page.evaluate(TEXTS_JS, [pattern]) if on_top]


def small_targets(page: Any, selector: str) -> list[str]:
    """The tap targets of ``selector`` smaller than 44x44 px (a card: the strip in view)."""
    found: list[str] = page.evaluate(LOOK_JS, [":not(*)", ":not(*)", selector, TAP_PX])
    return found


def hint_from(page: Any, cards: list[str], values: list[float]) -> None:
    """The server's hint for the page's state (its shape: the move, and each move weighed):
    given to the page as the server would (its thinking is not what is tested here)."""
    page.evaluate("""([cards, values]) => TablePage.current.receive({type: "hint",
        action: cards[0], values: cards.map((c, i) => [c, values[i]])})""", [cards, values])


# --- every message at the table is invisible -----------------------------------------------

def test_a_message_at_the_table_is_on_top_of_the_dock(table: Any) -> None:
    page = at(table, "auction")
    page.evaluate("TablePage.current.send({type: 'act', action: 'pass',"
                  " n: TablePage.current.msg.n + 1000})")  # a stale tab's move
    page.wait_for_selector("#toast.show")
    assert page.eval_on_selector("#toast", ON_TOP_JS), "the toast is painted under the dock: " \
        + page.evaluate("""(() => { const r = document.getElementById('toast')
            .getBoundingClientRect(); const e = document.elementFromPoint(r.left + r.width / 2,
            r.top + r.height / 2); return e ? e.outerHTML.slice(0, 80) : 'nothing'; })()""")
    page.context.close()


# --- Binocle's claim ---------------------------------------------------------------------

def test_claiming_the_game_asks_first(table: Any) -> None:
    page = at(table, "claim")
    n = page.evaluate("document.body.dataset.n")
    tap(page, "#actions button[data-action='claim']")
    all_answered(page)
    assert page.evaluate("document.body.dataset.n") == n, "one tap claimed the game"
    assert page.locator("#confirm").count() == 1, "no question before the claim"
    page.context.close()


def test_a_wrong_claim_says_why_the_game_was_lost(table: Any) -> None:
    points = table[1][0]
    point = points["wrong claim"]
    page = at(table, "wrong claim")
    tap(page, "#actions button[data-action='claim']")
    if page.locator("#confirm-yes").count():
        tap(page, "#confirm-yes")
    page.wait_for_selector("#end")
    end = page.inner_text("#end")
    assert str(point.state.target) in end and re.search(r"claim", end, re.I), \
        f"the end of a wrong claim says only {end!r}"
    page.context.close()


# --- hints ----------------------------------------------------------------------------------

def test_a_hint_shows_its_values_in_sight_in_whole_points(table: Any) -> None:
    page = at(table, "play")
    cards = [a for a in page.evaluate("TablePage.current.msg.view.legal_actions")
             if " " not in a][:3]
    hint_from(page, cards, [12.34, 0.0, -335.06])  # the others: 12.34 and 347.4 less
    page.wait_for_function("TablePage.current.hinted")
    texts = page.evaluate(TEXTS_JS, [r"\d.*point"])
    shown = [text for text, on_top in texts if on_top]
    problems = []
    if not (any("12" in t for t in shown) and any("347" in t for t in shown)):
        problems.append(f"the hint's values are not in sight (on top, inside the screen): "
                        f"{shown}")
    decimals = [text for text, _ in texts if re.search(r"\d[.,]\d", text)]
    if decimals:
        problems.append(f"the hint's values in decimals: {decimals}")
    assert not problems, problems
    page.context.close()


def test_laying_away_the_hint_marks_every_card(table: Any) -> None:
    page = at(table, "discard")
    tap(page, "#hint")
    page.wait_for_function("TablePage.current.hinted")
    need = page.evaluate("TablePage.current.msg.view.hand.length"
                         " - TablePage.current.msg.table.hand_size")
    marked = page.locator("#hand .card.hinted").count()
    assert marked == need, f"the hint marks {marked} of the {need} cards to lay away"
    page.context.close()


def test_a_german_hint_names_the_cards_as_the_cards_show_them(table: Any) -> None:
    page = at(table, "play", lang="de")
    legal = [a for a in page.evaluate("TablePage.current.msg.view.legal_actions") if " " not in a]
    cards = sorted(legal, key=lambda c: c[0] not in "JQ")[:3]  # an Unter or Ober first
    hint_from(page, cards, [3.0, 1.0, 0.0])
    page.wait_for_function("TablePage.current.hinted")
    text = page.inner_text("body")
    english = re.findall(rf"(?<![\w])[JQ][{SUITS}]", text)
    assert not english, f"English card letters on the German page: {english}"
    german = {"J": "U", "Q": "O"}[cards[0][0]] + cards[0][1:]
    assert german in text, f"the hint does not name {german}"
    page.context.close()


# --- tap targets ----------------------------------------------------------------------------

TARGET_KINDS = {
    "the fanned hand's cards": "#hand .card",
    "the table's buttons": "button:not(.card):not(header button)",
    "the fold chips": "details > summary",
    "the header's links": "header a, header button",
}


@pytest.mark.parametrize("kind", list(TARGET_KINDS))
def test_tap_targets_are_44_px(table: Any, kind: str) -> None:
    moment = {"the fold chips": "melds", "the table's buttons": "auction"}.get(kind, "play")
    page = at(table, moment)
    small = small_targets(page, TARGET_KINDS[kind])
    assert not small, f"{kind} smaller than {TAP_PX} px: {small}"
    page.context.close()


# --- phone layout ---------------------------------------------------------------------------

def test_the_felt_leaves_room_for_the_others_melds_above_the_dock(table: Any) -> None:
    page = at(table, "melds")
    felt, top, dock = page.evaluate("""[
        document.getElementById('felt').getBoundingClientRect().height / innerHeight,
        document.getElementById('melds').getBoundingClientRect().top,
        document.getElementById('dock').getBoundingClientRect().top]""")
    problems = []
    if felt > 0.35:
        problems.append(f"the felt takes {felt:.0%} of the screen")
    if top >= dock:
        problems.append(f"the melds start at {top:.0f} px, behind the dock (at {dock:.0f} px)")
    assert not problems, problems
    page.context.close()


def test_laying_away_leaves_two_thirds_of_the_screen(table: Any) -> None:
    page = at(table, "discard")
    share = page.evaluate("document.getElementById('dock').offsetHeight / innerHeight")
    assert share <= 0.35, f"the dock takes {share:.0%} of the screen while laying away"
    page.context.close()


# The page's width at every frame until a finished trick has swept off (or 20 s).
SWEEP_JS = """() => new Promise((done) => {
  const widths = []; const start = performance.now(); let sweeping = false;
  const frame = () => {
    widths.push(document.documentElement.scrollWidth);
    const now = document.querySelector("#trick .sweep") !== null;
    if ((sweeping && !now) || performance.now() - start > 20000) { done(widths); return; }
    sweeping = sweeping || now;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})"""


def test_a_sweeping_trick_never_widens_the_page(table: Any) -> None:
    card = to_the_right(table[1][0]["sweep"].state)[0]
    page = at(table, "sweep")
    page.locator(f"#hand .card.legal[data-card='{card}']").first.tap(position={"x": 8, "y": 20})
    widths = page.evaluate(SWEEP_JS)
    assert max(widths) <= PHONE["width"], f"the page widened to {max(widths)} px"
    page.context.close()


def test_trumps_are_shown_as_their_symbol_not_only_a_word(table: Any) -> None:
    points = table[1][0]
    trump = points["play"].state.view(ME).trump
    symbol = getattr(trump, "symbol", str(trump))
    page = at(table, "play")
    alone = page.evaluate("""([s]) => [...document.querySelectorAll('body *')].filter((el) =>
        el.children.length === 0 && el.textContent.trim() === s && el.getClientRects().length
        && !el.closest('#hand, #felt .card, .card'))
      .map((el) => { const r = el.getBoundingClientRect();
        const line = el.parentElement.getBoundingClientRect();
        return [r.top, r.height, line.height]; })""", [symbol])
    assert alone, f"no {symbol} of its own in sight: trumps are a word in the status line"
    page.context.close()


def test_a_seat_box_shows_the_hands_points_not_only_the_game_total(table: Any) -> None:
    points = table[1][0]
    view = points["play"].state.view(ME)
    page = at(table, "play")
    missing, checked = [], 0
    for seat in range(len(view.hand_sizes)):
        hand = view.trick_points[seat] + sum(m.points for m in view.melds[seat])
        if seat == ME or hand == 0 or hand == view.scores[seat]:
            continue
        checked += 1
        text = page.inner_text(f"#felt [data-seat='{seat}']")
        if not re.search(rf"\b{hand}\b", text):
            missing.append((seat, hand, text))
    assert checked, "no seat has points of its own this hand at this moment"
    assert not missing, f"the seat boxes lack the hand's points: {missing}"
    page.context.close()


def test_the_end_of_a_game_shows_the_final_standing(table: Any) -> None:
    points = table[1][0]
    view = points["over"].state.view(ME)
    page = at(table, "over")
    page.wait_for_selector("#end")
    end = page.inner_text("#end")
    totals = [str(t) for t in sorted(view.scores, reverse=True)]
    found = [int(x) for x in re.findall(r"-?\d+", end)]
    assert all(int(t) in found for t in totals), f"the end says only {end!r}"
    page.context.close()


# --- the last trick -------------------------------------------------------------------------

# After the hand's last card: whether the last trick's cards were all on the felt before the
# summary came over it.
LAST_TRICK_JS = """([cards]) => new Promise((done) => {
  const start = performance.now();
  const frame = () => {
    const felt = document.getElementById("felt");
    const shown = felt ? [...felt.querySelectorAll(".card")].map((c) => c.dataset.card) : [];
    if (cards.every((c) => shown.includes(c))) { done(true); return; }
    if (document.getElementById("summary") || performance.now() - start > 20000) {
      done(false); return; }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})"""


def test_the_last_trick_of_a_hand_is_seen_before_the_summary(table: Any) -> None:
    points = table[1][0]
    point = points["last"]
    after = point.state.apply(next(a for a in point.state.legal_actions()
                                   if str(a) == point.move))
    cards = [str(c) for c in after.view(ME).results[-1].tricks[-1].cards]
    page = at(table, "last")
    page.locator(f"#hand .card.legal[data-card='{point.move}']").first.tap(
        position={"x": 8, "y": 20})
    assert page.evaluate(LAST_TRICK_JS, [cards]), \
        f"the last trick {cards} was never on the felt before the summary covered it"
    page.context.close()


def test_the_summary_shows_the_servers_explanation_of_the_hand(table: Any) -> None:
    """(Issue 48) The page shows the explanation the server made (the terminal's), in its
    words: a line each, with the server's numbers; it works out no points itself."""
    points = table[1][0]
    point = points["explained"]
    after = point.state.apply(next(a for a in point.state.legal_actions()
                                   if str(a) == point.move))
    expected = after.view(ME).hand_end
    page = at(table, "explained")
    page.locator(f"#hand .card.legal[data-card='{point.move}']").first.tap(
        position={"x": 8, "y": 20})
    page.wait_for_selector("#summary #why li")
    sent = page.evaluate("TablePage.current.msg.view.hand_end")
    assert [(r["key"], r["seat"], r["points"]) for r in sent] == \
        [(r.key, r.seat, r.points) for r in expected]
    lines = page.locator("#why li").all_inner_texts()
    assert len(lines) == len(expected), lines
    first = expected[0]
    assert str(first.points) in lines[0] and str(first.bid) in lines[0], lines
    # The server's numbers are what is shown: a changed explanation shows the change.
    page.evaluate("""(() => { const p = TablePage.current;
        p.msg.view.hand_end = [{key: "made", seat: 1, points: 4321, bid: 1234}];
        p.summarySeen = p.msg.view.results.length - 1; p.render(); })()""")
    assert "4321" in page.inner_text("#why") and "1234" in page.inner_text("#why")
    page.context.close()


def test_a_row_of_cards_is_a_row(table: Any) -> None:
    server, _ = table
    page = at(table, "auction")
    page.goto(f"{server.url}/rules/binokel")
    page.wait_for_selector(".card-row .card")
    tops = page.evaluate("""[...document.querySelector('.card-row').querySelectorAll('.card')]
        .map((c) => Math.round(c.getBoundingClientRect().top))""")
    assert len(set(tops)) == 1, f"the cards of a row stack: tops {tops}"
    page.context.close()


# --- wrong texts ----------------------------------------------------------------------------

def test_a_lost_durch_is_not_credited_the_last_trick(table: Any) -> None:
    points = table[1][0]
    point = points["durch lost"]
    page = at(table, "durch lost")
    page.locator(f"#hand .card.legal[data-card='{point.move}']").first.tap(
        position={"x": 8, "y": 20})
    page.wait_for_selector("#summary #why")
    why = page.inner_text("#why")
    assert "Last trick" not in why and "Durch" in why, why
    page.context.close()


def test_a_durch_is_not_counted_in_points_against_the_bid(table: Any) -> None:
    points = table[1][0]
    bid = points["durch play"].state.view(ME).bid
    page = at(table, "durch play")
    text = page.inner_text("body")
    counted = re.findall(rf"\d+ (?:of|von) {bid}\b[^\n]*", text)
    assert not counted, f"a Durch counted in points against the bid: {counted}"
    page.context.close()


def test_one_trick_is_one_trick(table: Any) -> None:
    page = at(table, "play")
    text = page.inner_text("body")
    assert "trick" in text.lower(), "no count of tricks on the table"
    plural = re.findall(r"\b1 (?:tricks|cards)\b", text)
    assert not plural, plural
    page.context.close()


# Header words of the summary and the sheet that the browser broke over two lines.
BROKEN_JS = """() => [...document.querySelectorAll("#summary thead th, #scores thead th")]
  .flatMap((th) => [...th.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE)
    .flatMap((node) => { const out = []; const re = /\\S+/g; let m;
      while ((m = re.exec(node.textContent))) {
        const range = document.createRange();
        range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
        if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1)
          out.push(m[0]);
      }
      return out; }))"""


def finish_binocle_hand(table: Any, name: str) -> Any:
    points = table[1][0]
    point = points[name]
    page = at(table, name)
    page.locator(f"#hand .card.legal[data-card='{point.move}']").first.tap(
        position={"x": 8, "y": 20})
    page.wait_for_selector("#summary thead th")
    return page


def test_binocle_summary_headers_break_between_words_only(table: Any) -> None:
    page = finish_binocle_hand(table, "binocle last")
    broken = page.evaluate(BROKEN_JS)
    assert not broken, f"header words broken over two lines: {broken}"
    page.context.close()


def test_the_binocle_sheet_has_no_declarer_or_bid_columns(table: Any) -> None:
    page = finish_binocle_hand(table, "binocle sheet")
    heads = page.locator("#scores thead th").all_inner_texts()
    assert not {"Declarer", "Bid"} & set(heads), heads
    page.context.close()


def test_the_jump_bids_are_labelled_and_ask_first(table: Any) -> None:
    page = at(table, "jumps")
    label = page.evaluate("""(() => { const s = document.getElementById('more-bids');
        return [...s.labels].map((l) => l.innerText.replace(s.innerText, '')).join('').trim();
    })()""")
    problems = [] if label else ["the list of higher bids has no label"]
    n = page.evaluate("document.body.dataset.n")
    value = page.locator("#more-bids option").nth(1).get_attribute("value")
    page.select_option("#more-bids", value)
    all_answered(page)
    if page.evaluate("document.body.dataset.n") != n:
        problems.append(f"{value} was bid without asking")
    assert not problems, problems
    page.context.close()


def test_a_refusal_on_a_german_page_is_german(table: Any) -> None:
    page = at(table, "auction", lang="de")
    page.evaluate("TablePage.current.send({type: 'act', action: 'pass',"
                  " n: TablePage.current.msg.n + 1000})")
    page.wait_for_selector("#toast.show")
    text = page.inner_text("#toast")
    english = re.findall(r"\b(?:the|table|has|moved|since|your|try|again)\b", text, re.I)
    assert not english, f"English on the German page: {text!r}"
    page.context.close()
