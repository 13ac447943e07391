"""The server's refusals in the pages' languages (binokel.web.wording): every template's German
has the English one's fields; every refusal the Binokel rules give a seat, and those of the
tables a page can meet, are in the catalogue; error events and refused requests carry the code
and the German; addresses that lead nowhere answer 404 with the page (which says so)."""

from __future__ import annotations

import json
import random
import re
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from binokel.errors import IllegalActionError, NotationError
from binokel.games.binokel.definition import BINOKEL_GAME
from binokel.web.app import create_app
from binokel.web.guard import Allowed
from binokel.web.protocol import error_message
from binokel.web.store import Store
from binokel.web.wording import CATALOGUE, words

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
FIELD = re.compile(r"\{(\w+)\*?\}")


def test_each_german_template_has_the_english_fields() -> None:
    for code, (english, german) in CATALOGUE.items():
        # (German may leave a field out: "{n} {tables}" needs no plural word of its own)
        assert set(FIELD.findall(german)) <= set(FIELD.findall(english)), code
        assert english != german, code


@pytest.mark.parametrize("rules", ["binokel", "binokel-4-dealer-out", "binokel-sevens",
                                   "binokel-open-durch", "binokel-jumps", "kreuzbinokel"])
def test_every_refusal_of_the_binokel_rules_is_worded(rules: str) -> None:
    """Random play (250 decisions of two deals: random players seldom end a game); at every
    ninth decision every action text is tried by every seat, and each refusal's sentence
    must be in the catalogue (the page shows it in German)."""
    game = BINOKEL_GAME
    found: set[str] = set()
    missing: set[str] = set()
    rng = random.Random(45)
    suits = "♣♠♥♦"
    cards = [f"{r}{s}" for r in ("A", "10", "K", "Q", "J", "9", "8", "7") for s in suits]
    texts = (cards + [f"lay {c}" for c in cards] + [f"trump {s}" for s in suits]
             + [f"out {s}" for s in suits] + ["pass", "dabb", "durch", "open"]
             + [str(b) for b in range(140, 420, 5)])
    for seed in range(2):
        state = game.new_game(game.find_rules(rules), seed=seed)
        for step in range(250):
            if state.is_over:
                break
            if step % 9 == 0:
                for seat in range(game.seats(game.find_rules(rules))):
                    for text in texts:
                        try:
                            action = game.parse_action(text)
                            state.apply(action, seat=seat)
                        except NotationError:
                            continue
                        except IllegalActionError as exc:
                            (found if words(str(exc)) else missing).add(str(exc))
                        except ValueError:
                            continue
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
    assert missing == set()
    assert len(found) > 20  # (the test met the rules' refusals: bids, suits, turns...)


def test_an_error_event_carries_its_code_and_german() -> None:
    event = json.loads(error_message("The table has moved on since your last update; try again."))
    assert event["reason"].startswith("The table has moved on")
    assert event["code"] == "moved_on"
    assert event["words"]["de"] == "Am Tisch ist inzwischen etwas passiert; versuch es noch einmal."
    assert "code" not in json.loads(error_message("a sentence nobody wrote down"))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    store = Store(tmp_path / "web.sqlite3")
    app = create_app(store, bot_delay=0, allowed=Allowed.of(hosts=["testserver"]))
    with TestClient(app) as test_client:
        yield test_client
    store.close()


def test_a_taken_seat_is_refused_in_german_too(client: TestClient) -> None:
    made = client.post("/api/tables", json={"rules": "binokel", "take": 0, "name": "Anna",
                                            "seats": ["human", "open", "bot:random"]}).json()
    assert client.post(f"/api/tables/{made['id']}/join", json={"seat": 1}).status_code == 200
    refused = client.post(f"/api/tables/{made['id']}/join", json={"seat": 1})
    assert refused.status_code == 409
    assert refused.json() == {"error": "Seat 2 is taken.", "code": "seat_taken",
                              "words": {"de": "Platz 2 ist schon besetzt."}}
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": made["token"]}))
        ws.send_text(json.dumps({"type": "act", "action": "pass", "n": 999}))
        for _ in range(20):
            event = json.loads(ws.receive_text())
            if event["type"] == "error":
                break
        assert event["code"] == "moved_on" and event["words"]["de"].startswith("Am Tisch")


def test_addresses_that_lead_nowhere_answer_404(client: TestClient) -> None:
    for path in ["/nothing", "/t/a%20b", "/rules/nope", "/t/x/y/z"]:
        response = client.get(path)
        assert response.status_code == 404, path
        assert response.headers["content-type"].startswith("text/html")
        assert '<main id="main">' in response.text  # the page, which says so in its language
    api = client.get("/api/nothing")
    assert api.status_code == 404 and api.json()["code"] == "no_address"
    assert client.get("/rules/binokel").status_code == 200
    assert client.get("/t/abcdef").status_code == 200  # (the page asks whether it exists)


def test_the_pads_refusals_come_in_german_too(client: TestClient) -> None:
    made = client.post("/api/pads", json={"rules": "binokel", "players": ["A", "B", "C"],
                                          "first_dealer": 2}).json()
    hand = {"declarer": 0, "bid": 155, "contract": "trump", "trump": "♥",
            "melds": [190, 0, 40], "side_points": [128, 80, None], "no_trick": []}
    refused = client.post(f"/api/pads/{made['id']}/ops", json={
        "token": made["token"], "op": {"id": "a", "kind": "add", "entry": hand}})
    assert refused.status_code == 422
    body = refused.json()
    assert body["rule"] == "bid_step, §3" and body["code"] == "pad_hand"
    assert body["words"]["de"] == ("Spiel 1: Reizwert 155: gereizt wird in Schritten von 10 ab "
                                   "150 (bid_step, §3)")
    wrong = client.post(f"/api/pads/{made['id']}", json={"token": "not-its-key"})
    assert wrong.status_code == 404
    assert wrong.json()["words"]["de"] == ("Diesen Block gibt es nicht, oder das ist nicht "
                                           "sein Link.")


def test_the_table_cap_says_how_to_free_one_in_german_too(tmp_path: Path) -> None:
    store = Store(tmp_path / "capped.sqlite3")
    app = create_app(store, bot_delay=0, per_client=1, allowed=Allowed.of(hosts=["testserver"]))
    with TestClient(app) as client:
        seats = {"rules": "binokel", "take": 0, "name": "Anna",
                 "seats": ["human", "bot:random", "bot:random"]}
        assert client.post("/api/tables", json=seats).status_code == 201
        refused = client.post("/api/tables", json=seats)
        assert refused.status_code == 400
        body = refused.json()
        assert body["code"] == "table_cap"
        assert body["words"]["de"].startswith("Du hast schon so viele laufende Tische, wie eine "
                                              "Adresse anlegen oder besetzen darf (1).")
        assert "\u201eDeine Tische\u201c" in body["words"]["de"]
    store.close()
