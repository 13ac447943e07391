"""The score pad's API (``/api/pads``): the sheet is the pad model's, a refused entry names its
rule and changes nothing in the database, a malformed or hostile request gets a 4xx naming the
field, a change sent twice is applied once, and the pad keeps to its secret and its origin."""

from __future__ import annotations

import sqlite3
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from binokel.cards import Suit
from binokel.pad import BinokelHand, Pad, sheet_csv
from binokel.web.app import create_app
from binokel.web.guard import Allowed
from binokel.web.store import Store

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
TESTSERVER = Allowed.of(hosts=["testserver"])
PLAYERS = ["Anna", "Bert", "Cora"]
#: The rules' own example (docs/rules/binokel.md §7): bid 300, melds 190, tricks and discards 128:
#: +318.
HAND_318 = {"declarer": 0, "bid": 300, "contract": "trump", "trump": "♥",
            "melds": [190, 0, 40], "side_points": [128, 80, None], "no_trick": []}


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "web.sqlite3"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    store = Store(db)
    with TestClient(create_app(store, bot_delay=0, allowed=TESTSERVER)) as test_client:
        yield test_client
    store.close()


def new_pad(client: TestClient, rules: str = "binokel", players: list[str] | None = None,
            first_dealer: int = 2) -> tuple[str, str]:
    response = client.post("/api/pads", json={"rules": rules, "players": players or PLAYERS,
                                              "first_dealer": first_dealer})
    assert response.status_code == 201, response.text
    made = response.json()
    assert made["url"] == f"/pad/{made['id']}#{made['token']}"
    return made["id"], made["token"]


def send(client: TestClient, pad_id: str, token: str, op: dict[str, Any]) -> Any:
    return client.post(f"/api/pads/{pad_id}/ops", json={"token": token, "op": op})


def stored(db: Path, pad_id: str) -> tuple[str, int, int]:
    """The pad's row and how many changes are stored, read straight from the database."""
    with sqlite3.connect(db) as con:
        record, version = con.execute("SELECT record, version FROM pads WHERE id = ?",
                                      (pad_id,)).fetchone()
        ops = con.execute("SELECT count(*) FROM pad_ops WHERE pad_id = ?",
                          (pad_id,)).fetchone()[0]
    return record, version, ops


def test_a_hand_is_scored_by_the_pad_model_and_a_change_sent_twice_counts_once(
        client: TestClient, db: Path) -> None:
    pad_id, token = new_pad(client)
    first = send(client, pad_id, token, {"id": "op-1", "kind": "add", "entry": HAND_318})
    assert first.status_code == 200, first.text
    sheet = first.json()
    reference = Pad.new("binokel", PLAYERS, first_dealer=2).add(BinokelHand(
        declarer=0, bid=300, trump=Suit.HEARTS, melds=(190, 0, 40), side_points=(128, 80, None)))
    assert sheet["totals"] == list(reference.sheet().totals) == [318, 80, 82]
    assert sheet["hands"][0]["dealer"] == 2 and sheet["next"]["dealer"] == 0
    assert sheet["hands"][0]["entry"]["side_points"] == [128, 80, 42]  # the derived one written
    again = send(client, pad_id, token, {"id": "op-1", "kind": "add", "entry": HAND_318})
    assert again.status_code == 200 and again.json()["duplicate"] is True
    assert again.json()["totals"] == [318, 80, 82] and len(again.json()["hands"]) == 1
    assert stored(db, pad_id)[1:] == (1, 1)
    shown = client.post(f"/api/pads/{pad_id}", json={"token": token})
    assert shown.json()["totals"] == [318, 80, 82]
    csv = client.post(f"/api/pads/{pad_id}/csv", json={"token": token})
    assert csv.status_code == 200 and csv.headers["content-type"].startswith("text/csv")
    assert csv.text == sheet_csv(reference)
    record = client.post(f"/api/pads/{pad_id}/record", json={"token": token})
    assert record.status_code == 200 and "Anna" in record.text


@pytest.mark.parametrize(("entry", "rule"), [
    ({**HAND_318, "bid": 305}, "bid_step, §3"),
    ({**HAND_318, "bid": 140}, "min_bid, §3"),
    ({**HAND_318, "side_points": [128, 80, 50]}, "§1"),
    ({**HAND_318, "melds": [195, 0, 0]}, "§5"),
])
def test_an_entry_the_rules_refuse_names_the_rule_and_changes_nothing(
        client: TestClient, db: Path, entry: dict[str, Any], rule: str) -> None:
    pad_id, token = new_pad(client)
    assert send(client, pad_id, token, {"id": "a", "kind": "add", "entry": HAND_318}) \
        .status_code == 200
    before = stored(db, pad_id)
    response = send(client, pad_id, token, {"id": "b", "kind": "add", "entry": entry})
    assert response.status_code == 422, response.text
    assert rule in response.json()["error"] and response.json()["rule"] == rule
    assert stored(db, pad_id) == before
    # The refused change's id was not used up: the fixed entry goes through under it.
    assert send(client, pad_id, token, {"id": "b", "kind": "add", "entry": HAND_318}) \
        .json()["hands"][1]["no"] == 2


def test_the_dealer_sitting_out_cannot_declare(client: TestClient, db: Path) -> None:
    pad_id, token = new_pad(client, "binokel-4-dealer-out", ["A", "B", "C", "D"], first_dealer=1)
    before = stored(db, pad_id)
    entry = {"declarer": 1, "bid": 150, "trump": "♣", "melds": [0, None, 0, 0],
             "side_points": [100, 100, None]}
    response = send(client, pad_id, token, {"id": "x", "kind": "add", "entry": entry})
    assert response.status_code == 422 and "dealer_sits_out" in response.json()["error"]
    assert stored(db, pad_id) == before


def test_a_claim_in_a_three_player_game_is_refused(client: TestClient, db: Path) -> None:
    pad_id, token = new_pad(client)
    before = stored(db, pad_id)
    response = send(client, pad_id, token, {"id": "x", "kind": "add",
                                            "entry": {**HAND_318, "claim": 0}})
    assert response.status_code == 422 and "claim" in response.json()["error"]
    assert stored(db, pad_id) == before


@pytest.mark.parametrize(("body", "field"), [
    ({"op": {"id": "x", "kind": "add", "entry": {**HAND_318, "bid": "300"}}}, "entry.bid"),
    ({"op": {"id": "x", "kind": "add", "entry": {**HAND_318, "evil": 1}}}, "evil"),
    ({"op": {"id": "x", "kind": "add", "entry": {**HAND_318, "declarer": 7}}}, "entry.declarer"),
    ({"op": {"id": "x", "kind": "add", "entry": {**HAND_318, "trump": "<b>"}}}, "entry.trump"),
    ({"op": {"id": "x", "kind": "add", "entry": {**HAND_318, "melds": [1] * 41}}},
     "entry.melds"),
    ({"op": {"id": "x", "kind": "add", "entry": {**HAND_318, "melds": [{"a": 1}]}}},
     "entry.melds[0]"),
    ({"op": {"id": "x", "kind": "add", "entry": {**HAND_318, "bid": 10**9}}}, "entry.bid"),
    ({"op": {"id": "x" * 41, "kind": "add", "entry": HAND_318}}, "op.id"),
    ({"op": {"id": "x", "kind": "explode"}}, "op.kind"),
    ({"op": {"id": "x", "kind": "edit", "entry": HAND_318}}, "op.hand"),
    ({"op": {"id": "x", "kind": "add"}}, "op.entry"),
    ({"op": {"id": "x", "kind": "void", "entry": HAND_318}}, "op.entry"),
    ({"op": [1, 2]}, "op"),
    ({"op": {"id": "x", "kind": "add", "entry": HAND_318}, "extra": 1}, "extra"),
])
def test_a_malformed_change_gets_400_naming_the_field(client: TestClient, db: Path,
                                                      body: dict[str, Any], field: str) -> None:
    pad_id, token = new_pad(client)
    before = stored(db, pad_id)
    response = client.post(f"/api/pads/{pad_id}/ops", json={"token": token, **body})
    assert response.status_code == 400, response.text
    assert field in response.json()["error"]
    assert stored(db, pad_id) == before


def test_hostile_requests_are_refused(client: TestClient, db: Path) -> None:
    pad_id, token = new_pad(client)
    before = stored(db, pad_id)
    op = {"id": "x", "kind": "add", "entry": HAND_318}
    # Another page's origin, or a cross-site request: refused by the guard before the pad.
    evil = client.post(f"/api/pads/{pad_id}/ops", json={"token": token, "op": op},
                       headers={"origin": "https://evil.example"})
    assert evil.status_code == 403
    # The wrong secret, or no such pad: the same 404 (pad ids are not probed).
    assert send(client, pad_id, "wrong-secret", op).status_code == 404
    assert send(client, "nosuchpad1", token, op).status_code == 404
    assert client.post("/api/pads/../../etc", json={"token": token}).status_code == 404
    # A body that is too large, too deep, or not declared as JSON.
    big = client.post(f"/api/pads/{pad_id}/ops", content=b'{"token": "' + b"x" * 5000 + b'"}',
                      headers={"content-type": "application/json"})
    assert big.status_code == 400 and "too large" in big.json()["error"]
    deep = client.post(f"/api/pads/{pad_id}/ops", content=b"[" * 50 + b"]" * 50,
                       headers={"content-type": "application/json"})
    assert deep.status_code == 400 and "deep" in deep.json()["error"]
    text = client.post(f"/api/pads/{pad_id}/ops", content=b"token=x",
                       headers={"content-type": "application/x-www-form-urlencoded"})
    assert text.status_code == 415
    # A GET does not read a pad (its secret would sit in the URL).
    assert client.get(f"/api/pads/{pad_id}").status_code == 405
    assert stored(db, pad_id) == before
    # A new pad's fields are checked too.
    for body, field in (({"rules": "binokel", "players": ["A", "A", "B"]}, "players"),
                        ({"rules": "binokel", "players": ["A", "B\x00", "C"]}, "players[1]"),
                        ({"rules": "binokel", "players": ["A", "B", "C"], "first_dealer": 3},
                         "first_dealer"),
                        ({"rules": "nosuch", "players": ["A", "B"]}, "rules")):
        refused = client.post("/api/pads", json=body)
        assert refused.status_code == 400 and field in refused.json()["error"], refused.text


def test_answers_carry_the_servers_security_headers(client: TestClient) -> None:
    pad_id, token = new_pad(client)
    for response in (client.get("/pad"), client.get(f"/pad/{pad_id}"),
                     client.post(f"/api/pads/{pad_id}", json={"token": token})):
        assert response.status_code == 200
        assert "default-src 'self'" in response.headers["content-security-policy"]
        assert response.headers["x-content-type-options"] == "nosniff"
    assert client.post(f"/api/pads/{pad_id}", json={"token": token}) \
        .headers["cache-control"] == "no-store"


def test_edit_remove_and_void_recompute_every_later_total(client: TestClient) -> None:
    pad_id, token = new_pad(client)
    lost = {**HAND_318, "side_points": [90, 80, None]}  # 90 + 190 = 280 < 300: -600
    for n, entry in enumerate((HAND_318, lost, HAND_318)):
        assert send(client, pad_id, token, {"id": f"a{n}", "kind": "add", "entry": entry}) \
            .status_code == 200
    sheet = send(client, pad_id, token, {"id": "v", "kind": "void"}).json()
    assert [h["void"] for h in sheet["hands"]] == [False, False, False, True]
    assert sheet["hands"][1]["scores"][0] == -600 and sheet["totals"][0] == 318 - 600 + 318
    assert sheet["hands"][3]["dealer"] == sheet["next"]["dealer"]  # a void hand: same dealer
    sheet = send(client, pad_id, token, {"id": "e", "kind": "edit", "hand": 2,
                                         "entry": HAND_318}).json()
    assert sheet["totals"][0] == 3 * 318 and sheet["hands"][2]["totals"][0] == 3 * 318
    sheet = send(client, pad_id, token, {"id": "d", "kind": "delete", "hand": 1}).json()
    assert len(sheet["hands"]) == 3 and sheet["totals"][0] == 2 * 318
    assert [h["dealer"] for h in sheet["hands"]] == [2, 0, 1]
    missing = send(client, pad_id, token, {"id": "d2", "kind": "delete", "hand": 9})
    assert missing.status_code == 422


def test_melds_picked_as_cards_get_the_calculators_breakdown(client: TestClient) -> None:
    pad_id, token = new_pad(client)
    found = client.post(f"/api/pads/{pad_id}/melds", json={
        "token": token, "cards": ["K♠", "Q♠", "Q♥", "Q♣", "Q♦", "J♦"], "trump": "♥"}).json()
    assert found["points"] == 120
    assert [m["name"] for m in found["melds"]] == ["pair", "binokel", "four queens"]
    three = client.post(f"/api/pads/{pad_id}/melds", json={
        "token": token, "cards": ["Q♠", "Q♠", "Q♠"], "trump": "♥"})
    assert three.status_code == 422 and "two of each card" in three.json()["error"]
    entry = {**HAND_318, "melds": ["K♠ Q♠ Q♥ Q♣ Q♦ J♦", 0, 40]}
    sheet = send(client, pad_id, token, {"id": "c", "kind": "add", "entry": entry}).json()
    assert sheet["hands"][0]["meld_points"][0] == 120


def test_binocle_pads_show_fosters_counters(client: TestClient) -> None:
    pad_id, token = new_pad(client, "binocle", ["Ann", "Ben"], first_dealer=1)
    entry = {"trump": "♥", "turned_dix": False,
             "melds": [{"seat": 0, "meld": "royal marriage"}, {"seat": 1, "meld": "four aces"}],
             "card_points": [140, None], "last_trick": 1}
    sheet = send(client, pad_id, token, {"id": "b1", "kind": "add", "entry": entry}).json()
    assert sheet["totals"] == [180, 210] and sheet["game"] == "binocle"
    assert sheet["tallies"][1]["counters"] == "2 blue, 1 white"
    assert "pegs" in sheet["tallies"][0]


def test_pads_live_in_new_tables_of_an_existing_store(db: Path) -> None:
    # A database made before pads: the tables of games are untouched, the pads' are added.
    with sqlite3.connect(db) as con:
        con.execute("CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, rules TEXT "
                    "NOT NULL, seed TEXT NOT NULL, title TEXT NOT NULL DEFAULT '', created REAL "
                    "NOT NULL, updated REAL NOT NULL, status TEXT NOT NULL, creator_seat "
                    "INTEGER, cancel_hash TEXT)")
        con.execute("INSERT INTO tables VALUES ('t1', 'binokel', 'binokel', 's', '', 0, 0, "
                    "'finished', NULL, NULL)")
    store = Store(db)
    assert store.table_ids() == ["t1"] and store.pad_count() == 0
    store.close()
    with sqlite3.connect(db) as con:
        names = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        token_column = [r[1] for r in con.execute("PRAGMA table_info(pads)")]
    assert {"pads", "pad_ops", "tables"} <= names
    assert "token_hash" in token_column and "token" not in token_column
