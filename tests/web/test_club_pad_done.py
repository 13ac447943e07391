"""A tournament table's pad once its hands are all in, on a phone, in English and German: it
says the table is done and what to do next (not "X wins the game!"), offers no next hand (the
pad would refuse it), and leads to the standings; a hand can still be corrected.  A pad of its
own, its game decided, says who won and offers a new pad instead of a next hand.
"""

from __future__ import annotations

import json
import random
import urllib.error
import urllib.request
from typing import Any

import pytest

from tests.club.simulate import pad_of, play_table

from .browsing import CHROMIUM, CHROMIUM_ARGS, PHONE, playwright_or_skip
from .conftest import LiveServer

sync_api = playwright_or_skip()
DONE = {"en": ("This table is done: its 3 hands are in.", "Tell the organiser", "Standings"),
        "de": ("Dieser Tisch ist fertig: seine 3 Spiele sind eingetragen.",
               "Sagt es der Turnierleitung", "Stand")}


class Answer:
    def __init__(self, status: int, body: bytes) -> None:
        self.status_code = status
        self.text = body.decode()

    def json(self) -> Any:
        return json.loads(self.text)


class Client:
    """The few calls :func:`play_table` makes, against the live server."""

    def __init__(self, url: str) -> None:
        self.url = url

    def post(self, path: str, json: Any) -> Answer:
        request = urllib.request.Request(self.url + path, data=_dumps(json),
                                         headers={"content-type": "application/json"})
        try:
            with urllib.request.urlopen(request) as answer:
                return Answer(answer.status, answer.read())
        except urllib.error.HTTPError as exc:
            return Answer(exc.code, exc.read())


def _dumps(value: Any) -> bytes:
    return json.dumps(value).encode()


def finished_table(server: LiveServer) -> tuple[str, str]:
    """A one-round tournament of three whose one table has played its three hands: the
    tournament's id and the table's pad link."""
    client = Client(server.url)
    made = client.post("/api/clubs", {"name": "Kirbe", "rules": "binokel", "rounds": 1,
                                      "hands": 3, "seed": "s1"}).json()
    club_id, token = made["id"], made["token"]

    def op(**fields: Any) -> Any:
        answer = client.post(f"/api/clubs/{club_id}/ops", {"token": token, "op": fields})
        assert answer.status_code == 200, answer.text
        return answer.json()

    for name in ("Anna", "Bert", "Cora"):
        op(kind="add", name=name)
    link = op(kind="draw")["tables"][0]["link"]
    sheet = play_table(client, link, random.Random(7))
    assert sheet["winners"] and len(sheet["hands"]) == 3
    # The pad itself refuses a fourth hand: the page must not offer one.
    pad_id, pad_token = pad_of(link)
    more = client.post(f"/api/pads/{pad_id}/ops", {"token": pad_token, "op": {
        "id": "more", "kind": "void"}})
    assert more.status_code == 422, more.text
    return club_id, link


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_tournament_tables_pad_says_the_table_is_done(live_server: LiveServer,
                                                        lang: str) -> None:
    club_id, link = finished_table(live_server)
    errors: list[str] = []
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport=PHONE, has_touch=True,
                                          locale="de-DE" if lang == "de" else "en-GB")
            context.add_init_script(f"localStorage.setItem('binokel.lang', '{lang}')")
            page = context.new_page()
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.set_default_timeout(60_000)  # a hang guard on a loaded machine
            page.goto(live_server.url + link)
            page.wait_for_selector("#pad-table-done")
            done, next_step, standings = DONE[lang]
            shown = page.inner_text("#pad-table-done")
            assert done in shown and next_step in shown
            assert page.locator("#pad-winner").count() == 0  # no "X wins the game!"
            assert not page.is_visible("#pad-form")  # no next hand offered
            assert not page.is_visible("#pad-save")
            assert page.locator("#pad-totals .dealer").count() == 0  # nobody deals next
            button = page.locator("#pad-standings")
            assert button.inner_text() == standings
            box = button.bounding_box()
            assert box is not None and box["y"] + box["height"] <= PHONE["height"]
            assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
            # A correction is still possible: the form comes back for the hand edited.
            page.click("tr[data-hand='2']")
            page.click("#pad-edit")
            page.wait_for_selector("#pad-form:not([hidden]) #pad-save")
            page.click("#pad-cancel-edit")
            page.wait_for_selector("#pad-form", state="hidden")
            # Opened again without the card's query (the address bar kept by the phone): the
            # pad remembers its tournament.
            pad_id, token = pad_of(link)
            page.goto(f"{live_server.url}/pad/{pad_id}#{token}")
            page.wait_for_selector("#pad-table-done")
            page.click("#pad-standings")
            page.wait_for_url(f"**/club/{club_id}/standings")
            page.wait_for_selector("table.standings tbody tr")
            assert page.locator("table.standings tbody tr").count() == 3

            # The same pad on a phone that never saw the card's link: a game decided, who
            # won, and a new pad instead of a next hand.
            other = browser.new_context(viewport=PHONE, has_touch=True).new_page()
            other.on("pageerror", lambda exc: errors.append(str(exc)))
            other.goto(f"{live_server.url}/pad/{pad_id}#{token}")
            other.wait_for_selector("#pad-winner")
            assert other.locator("#pad-table-done").count() == 0
            assert not other.is_visible("#pad-form")
            assert other.get_attribute("#pad-new-pad", "href") == "/pad"
        finally:
            browser.close()
    assert not errors, errors
