"""The score pad (``/pad``) in a real browser at phone size: Debian's chromium, driven by
Playwright, with taps.

One phone at the table keeps a whole Binokel game: a hand made and one missed, one given up, a
void hand, a Durch, a player without a trick, melds typed and melds picked as cards, an edit; a
stretch offline during which the entries queue as "not yet saved" and then save in order; a bad
entry that shows the rule that refuses it and is fixed.  The sheet at the end is the pad model's
own, computed here from the same hands.

Skipped only when chromium or Playwright cannot be had (scripts/test installs chromium).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from binokel.cards import Suit, parse_cards
from binokel.games.binokel.scoring import Contract
from binokel.pad import BinocleHand, BinokelHand, MeldMade, Pad, parse_meld

from .browsing import CHROMIUM, CHROMIUM_ARGS, PHONE, playwright_or_skip
from .conftest import LiveServer

PLAYERS = ["Anna", "Bert", "Cora"]
FIRST_DEALER = 2

sync_api = playwright_or_skip()


@dataclass
class Hand:
    """One hand as the table says it, for the page (taps) and for the model (the reference)."""

    declarer: int
    bid: int
    contract: str = "trump"
    trump: str | None = None
    melds: dict[int, int | str] = field(default_factory=dict)
    """Typed totals, or cards picked in the meld calculator (text)."""
    points: dict[int, int] = field(default_factory=dict)
    """Trick points by side (the declarer's first); the one left out is worked out."""
    no_trick: tuple[int, ...] = ()
    durch_won: bool = True

    def entry(self, sides: int, players: int = 3) -> BinokelHand:
        suit = {s.symbol: s for s in Suit}
        melds = tuple(tuple(parse_cards(m)) if isinstance(m, str) else m
                      for m in (self.melds.get(s, 0) for s in range(players)))
        contract = Contract(self.contract)
        if contract.is_durch:
            others = tuple(s for s in range(players) if s != self.declarer)
            return BinokelHand(declarer=self.declarer, bid=self.bid, contract=contract,
                               melds=(0,) * players,
                               no_trick=frozenset(others if self.durch_won else ()))
        if contract is Contract.GIVE_UP:
            return BinokelHand(declarer=self.declarer, bid=self.bid, contract=contract,
                               trump=suit[self.trump or ""], melds=melds)
        return BinokelHand(declarer=self.declarer, bid=self.bid, contract=contract,
                           trump=suit[self.trump or ""], melds=melds,
                           side_points=tuple(self.points.get(i) for i in range(sides)),
                           no_trick=frozenset(self.no_trick))


GAME: list[Hand | None] = [  # None: a void hand
    Hand(declarer=0, bid=300, trump="♥", melds={0: 190, 2: 40}, points={0: 128, 1: 80}),
    Hand(declarer=1, bid=200, trump="♠", melds={0: "K♣ Q♣ Q♠ J♦", 1: 100},
         points={0: 150, 1: 60}),
    Hand(declarer=2, bid=250, contract="give up", trump="♦", melds={0: 40, 1: 20}),
    None,
    Hand(declarer=1, bid=350, contract="durch"),
    Hand(declarer=1, bid=160, trump="♣", melds={1: 60, 2: 40}, points={0: 200, 1: 50},
         no_trick=(2,)),
]


class Phone:
    """The page, and every tap and keystroke a person makes on it."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.taps = 0

    def tap(self, selector: str) -> None:
        self.page.locator(selector).first.tap()
        self.taps += 1

    def type(self, selector: str, text: str) -> None:
        self.tap(selector)
        self.page.locator(selector).first.fill(text)
        self.taps += len(text)

    def body(self, key: str) -> str:
        value: str = self.page.evaluate(f"document.body.dataset.{key} || ''")
        return value


@pytest.fixture
def phone(live_server: LiveServer) -> Any:
    errors: list[str] = []
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport=PHONE, locale="en-GB", has_touch=True,
                                      bypass_csp=True)  # lets the test evaluate its checks
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("dialog", lambda dialog: dialog.accept())  # "void this hand?": yes
        page.set_default_timeout(60_000)  # a hang guard on a loaded machine, not a speed check
        yield Phone(page)
        browser.close()
    assert not errors, f"the page raised: {errors}"


def enter(phone: Phone, hand: Hand | None, players: list[str]) -> None:
    """Enter one hand with taps, in the order the table talks, and save it."""
    if hand is None:
        phone.tap("#pad-void")
        return
    phone.tap(f".pad-declarer-btn[data-seat='{hand.declarer}']")
    phone.type("#pad-bid", str(hand.bid))
    if hand.contract != "trump":
        phone.tap(f".pad-contract-btn[data-contract='{hand.contract}']")
    if hand.trump:
        phone.tap(f".pad-suit-btn[data-suit='{hand.trump}']")
    if hand.contract == "durch" and not hand.durch_won:
        phone.tap("#pad-durch-won")
    for seat, melds in hand.melds.items():
        if isinstance(melds, int):
            phone.type(f"input.pad-meld[data-seat='{seat}']", str(melds))
            continue
        phone.tap(f".pad-pick[data-seat='{seat}']")
        for card in melds.split():
            phone.tap(f"#pad-picker .card[data-card='{card}']")
        phone.tap("#pad-pick-use")
        # The calculator's breakdown, and its total in the meld field.
        breakdown = phone.page.locator(f".pad-breakdown[data-seat='{seat}']").inner_text()
        total = phone.page.input_value(f"input.pad-meld[data-seat='{seat}']")
        assert breakdown.endswith(f"= {total}") and int(total) > 0, breakdown
    for seat in hand.no_trick:
        phone.tap(f".pad-notrick-btn[data-seat='{seat}']")
    for side, points in hand.points.items():
        phone.type(f"input.pad-points[data-side='{side}']", str(points))
    phone.tap("#pad-save")


def saved(phone: Phone, hands: int) -> None:
    """Wait until the outbox is sent and the sheet holds ``hands`` hands (none refused)."""
    phone.page.wait_for_function("document.body.dataset.pending === '0' && "
                                 "document.body.dataset.offline !== '1'")
    refused = phone.page.locator("#pad-sheet tr.refused .reason").all_inner_texts()
    assert not refused, refused
    phone.page.wait_for_function(f"document.body.dataset.hands === '{hands}'")


def test_a_whole_game_on_the_pad_at_phone_size(live_server: LiveServer, phone: Phone) -> None:
    page = phone.page
    page.goto(live_server.url + "/pad")
    page.wait_for_selector("#pad-names input")
    page.select_option("#pad-rules", "binokel")
    for seat, name in enumerate(PLAYERS):
        page.fill(f"#pad-names input[data-seat='{seat}']", name)
    page.select_option("#pad-first-dealer", str(FIRST_DEALER))
    page.tap("#pad-start")
    page.wait_for_selector("#pad-form")
    pad_url = page.url
    assert "/pad/" in pad_url and "#" in pad_url  # the pad's secret rides in the fragment
    assert "Dealer: Cora" in page.inner_text("#pad-hand-title")

    # Hands 1 and 2 online; the taps of hand 1 are what one hand costs a person.
    phone.taps = 0
    enter(phone, GAME[0], PLAYERS)
    taps_one_hand = phone.taps
    saved(phone, 1)
    enter(phone, GAME[1], PLAYERS)
    saved(phone, 2)

    # Offline: hand 3 and the void hand queue, shown as not yet saved, and nothing is lost.
    page.context.set_offline(True)
    enter(phone, GAME[2], PLAYERS)
    enter(phone, GAME[3], PLAYERS)
    page.wait_for_function("document.body.dataset.offline === '1'")
    assert phone.body("pending") == "2" and phone.body("hands") == "2"
    assert page.locator("#pad-sheet tr.pending").count() == 2
    assert "not yet saved" in page.inner_text("#pad-sheet tr.pending >> nth=0")
    assert "Offline" in page.inner_text("#pad-status")
    # The next dealer already counts the queued hands (after a void hand the same one deals).
    assert "Hand 5 · Dealer: Cora" in page.inner_text("#pad-hand-title")
    page.context.set_offline(False)
    saved(phone, 4)
    assert page.locator("#pad-sheet tr.void").count() == 1

    # A bad entry: a bid off the step is refused with its rule, and nothing changed.
    bad = Hand(declarer=1, bid=355, contract="durch")
    enter(phone, bad, PLAYERS)
    page.wait_for_selector("#pad-sheet tr.refused")
    reason = page.inner_text("#pad-sheet tr.refused .reason")
    assert "bid_step" in reason and "355" in reason
    assert phone.body("hands") == "4"
    page.locator("#pad-sheet tr.refused .refused-edit").tap()
    phone.type("#pad-bid", str(GAME[4].bid if GAME[4] else 0))
    phone.tap("#pad-save")
    saved(phone, 5)
    assert page.locator("#pad-sheet tr.refused").count() == 0

    # Edit hand 1 (the melds were 200, not 190), then the last hand: the game is decided.
    page.locator("#pad-sheet tr[data-hand='1']").tap()
    page.locator("#pad-edit").tap()
    assert "Editing hand 1" in page.inner_text("#pad-form")
    phone.type("input.pad-meld[data-seat='0']", "200")
    phone.tap("#pad-save")
    page.wait_for_function("document.querySelector(\"#pad-sheet tr[data-hand='1'] "
                           "td[data-seat='0'] .score\").textContent === '328'")
    enter(phone, GAME[5], PLAYERS)
    saved(phone, 6)

    # The reference: the pad model's own sheet for the same hands.
    reference = Pad.new("binokel", PLAYERS, first_dealer=FIRST_DEALER)
    for n, hand in enumerate(GAME):
        if hand is None:
            reference = reference.void()
            continue
        if n == 0:
            hand = Hand(**{**hand.__dict__, "melds": {0: 200, 2: 40}})
        sides = 3  # three players, no teams: every player is a side
        reference = reference.add(hand.entry(sides))
    sheet = reference.sheet()
    for line in sheet.lines:
        row = page.locator(f"#pad-sheet tr[data-hand='{line.number}']")
        for seat in range(3):
            cell = row.locator(f"td[data-seat='{seat}']")
            if line.scored is None:
                assert cell.inner_text().strip() == ""
                continue
            assert cell.locator(".score").inner_text() == str(line.scored.scores[seat])
            assert cell.locator(".running").inner_text() == str(line.totals[seat])
    for seat in range(3):
        assert page.inner_text(f"#pad-sheet tfoot th[data-seat='{seat}']") == \
            str(sheet.totals[seat])
        assert page.locator(f"#pad-totals .pad-player[data-seat='{seat}'] .pad-total") \
            .inner_text() == str(sheet.totals[seat])
    assert sheet.winners == (1,)
    assert "Bert wins the game" in page.inner_text("#pad-winner")

    # The pad resumes from its link, and speaks German too.
    page.goto("about:blank")
    page.goto(pad_url)
    page.wait_for_selector("#pad-sheet tr[data-hand='6']")
    page.tap("#lang")
    page.wait_for_function("document.documentElement.lang === 'de'")
    assert "Spielstand" in page.inner_text("main") and "gewinnt" in page.inner_text("#pad-winner")
    assert taps_one_hand <= 25, f"one hand took {taps_one_hand} taps and keystrokes"
    print(f"\none hand: {taps_one_hand} taps and keystrokes")


def test_a_binocle_hand_with_melds_as_made_and_fosters_counters(live_server: LiveServer,
                                                                 phone: Phone) -> None:
    page = phone.page
    page.goto(live_server.url + "/pad")
    page.wait_for_selector("#pad-names input")
    page.select_option("#pad-rules", "binocle")
    page.wait_for_function("document.querySelectorAll('#pad-names input').length === 2")
    page.fill("#pad-names input[data-seat='0']", "Ann")
    page.fill("#pad-names input[data-seat='1']", "Ben")
    page.select_option("#pad-first-dealer", "1")
    page.tap("#pad-start")
    page.wait_for_selector("#pad-form")
    phone.tap(".pad-suit-btn[data-suit='♥']")
    phone.tap(".pad-add-meld[data-seat='0'][data-meld='royal marriage']")
    phone.tap(".pad-add-meld[data-seat='1'][data-meld='four aces']")
    phone.tap(".pad-add-meld[data-seat='1'][data-meld='marriage ♠']")
    assert page.locator(".meld-made").count() == 3
    phone.type("input.pad-points[data-seat='0']", "140")
    phone.tap(".pad-last-btn[data-seat='1']")
    phone.tap("#pad-save")
    saved(phone, 1)
    reference = Pad.new("binocle", ["Ann", "Ben"], first_dealer=1)
    rules = reference.rules
    reference = reference.add(BinocleHand(
        trump=Suit.HEARTS, melds=(
            MeldMade(seat=0, meld=parse_meld(rules, "royal marriage", Suit.HEARTS)),
            MeldMade(seat=1, meld=parse_meld(rules, "four aces", Suit.HEARTS)),
            MeldMade(seat=1, meld=parse_meld(rules, "marriage ♠", Suit.HEARTS))),
        card_points=(140, None), last_trick=1))
    totals = reference.sheet().totals
    for seat in (0, 1):
        assert page.inner_text(f"#pad-sheet tfoot th[data-seat='{seat}']") == str(totals[seat])
        # Foster's counters, as the model counts them.
        counted = reference.tallies(totals[seat])["counters"]
        shown = page.get_attribute(f"#pad-totals .pad-player[data-seat='{seat}'] .counters",
                                   "data-counters")
        assert shown == counted
    assert page.locator("#pad-totals .counter").count() >= 2
    assert "Pegs" in page.inner_text("#pad-totals")
    # A claim is two-handed Binocle's: offered on its pad (no claim, or either player).
    phone.tap(".pad-suit-btn[data-suit='♣']")
    assert page.locator(".pad-claim-btn").count() == 3


def new_pad_page(phone: Phone, url: str, rules: str, names: list[str], dealer: int) -> None:
    page = phone.page
    page.goto(url + "/pad")
    page.wait_for_selector("#pad-names input")
    page.select_option("#pad-rules", rules)
    page.wait_for_function(f"document.querySelectorAll('#pad-names input').length === "
                           f"{len(names)}")
    for seat, name in enumerate(names):
        page.fill(f"#pad-names input[data-seat='{seat}']", name)
    page.select_option("#pad-first-dealer", str(dealer))
    page.tap("#pad-start")
    page.wait_for_selector("#pad-form")


def test_team_totals_in_kreuzbinokel_and_the_dealer_sitting_out(live_server: LiveServer,
                                                                phone: Phone) -> None:
    page = phone.page
    names = ["Anna", "Bert", "Cora", "Dora"]
    new_pad_page(phone, live_server.url, "kreuzbinokel", names, 3)
    # Bert declares for Bert and Dora (partners opposite): their side's points first.
    hand = Hand(declarer=1, bid=200, trump="♣", melds={0: 20, 1: 60, 3: 40},
                points={0: 140})
    enter(phone, hand, names)
    saved(phone, 1)
    reference = Pad.new("kreuzbinokel", names, first_dealer=3).add(hand.entry(2, players=4))
    totals = reference.sheet().totals
    shown = [int(page.inner_text(f"#pad-sheet tfoot th[data-seat='{s}']")) for s in range(4)]
    assert shown == list(totals)
    assert shown[1] == shown[3] == 140 + 60 + 40 and shown[0] == shown[2] == 110 + 20
    # Four at the table, three play: the dealer sits out and cannot declare.
    new_pad_page(phone, live_server.url, "binokel-4-dealer-out", names, 1)
    assert "Bert deals and sits out" in page.inner_text("#pad-hand-title")
    seats = page.locator(".pad-declarer-btn").evaluate_all("bs => bs.map(b => b.dataset.seat)")
    assert seats == ["0", "2", "3"]
    assert page.locator("input.pad-meld[data-seat='1']").count() == 0
