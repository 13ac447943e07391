"""The lobby's "your tables" over HTTP: found by the seat tokens a browser keeps, resumed or
abandoned; the per-address cap counts live tables only and says how to free one; an address
sends so many API requests a second."""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient

from binokel.web.app import create_app
from binokel.web.store import Store

from .conftest import TESTSERVER, new_table


def test_your_tables_are_listed_by_token_and_can_be_abandoned(client: TestClient) -> None:
    mine = new_table(client)
    other = new_table(client, clock=False)
    assert other["table"]["clock"] == 0 and mine["table"]["clock"] == 180
    found = client.post("/api/tables/mine", json={"tables": {
        mine["id"]: mine["token"], other["id"]: "a-guessed-token"}}).json()["tables"]
    assert [(t["id"], t["seat"]) for t in found] == [(mine["id"], 0)]
    assert found[0]["hands"] == 0 and found[0]["scores"] == [0, 0, 0]
    assert found[0]["updated"] >= found[0]["created"]
    # The cap (2 here) is reached; the refusal says how to free a table.
    refused = client.post("/api/tables", json={"rules": "binokel", "seats": ["open"] * 3})
    assert refused.status_code == 400
    assert "Your tables" in refused.json()["error"] and "abandon" in refused.json()["error"]
    # Abandon takes the seat token; a wrong one changes nothing.
    wrong = client.post(f"/api/tables/{mine['id']}/abandon", json={"token": other["token"]})
    assert wrong.status_code == 409 and "Only a seated player" in wrong.json()["error"]
    done = client.post(f"/api/tables/{mine['id']}/abandon", json={"token": mine["token"]})
    assert done.status_code == 200 and done.json()["status"] == "abandoned"
    again = client.post("/api/tables/mine", json={"tables": {mine["id"]: mine["token"]}})
    assert again.json()["tables"] == [{"id": mine["id"], "status": "abandoned"}]
    new_table(client)  # a live table fewer: the cap lets the next one in
    listed = client.get("/api/tables").json()["tables"]
    assert all("updated" in t and "scores" in t for t in listed)


def test_a_bad_request_for_your_tables_is_refused(client: TestClient) -> None:
    for body in ({"tables": ["x"]}, {"tables": {f"t{i}": "x" for i in range(51)}},
                 {"tables": {"abcd": 7}}, {"other": 1}):
        response = client.post("/api/tables/mine", json=body)
        assert response.status_code == 400, body


def test_an_address_sends_so_many_api_requests_a_second(tmp_path: Path) -> None:
    store = Store(tmp_path / "web.sqlite3")
    app = create_app(store, bot_delay=0, allowed=TESTSERVER, requests_per_second=1)
    with TestClient(app) as client:
        codes = [client.get("/api/tables").status_code for _ in range(130)]
        assert codes[:100] == [200] * 100 and set(codes[100:]) <= {200, 429}
        assert codes.count(429) >= 25
        refused = client.get("/api/tables")
        assert refused.status_code == 429 and "Too many requests" in refused.json()["error"]
        assert client.get("/").status_code == 200  # pages are not API requests
    store.close()
