"""A simulated club tournament through the server's API: 31 players, three rounds, tables of
three and four, every table scored in its pad by simulated players (random legal hands from the
engine) but one typed from its paper sheet, a late entry, a withdrawal and a correction.  The
standings equal the sums worked out here straight from the pads in the database; the draws
repeat no pair (the documented bound for twelve players or more); the CSV reads back as the
standings; hostile requests are refused and change nothing."""

from __future__ import annotations

import itertools
import json
import random
import sqlite3
import warnings
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from binokel.club import read_standings_csv
from binokel.pad import pad_from_json
from binokel.web.app import create_app
from binokel.web.guard import Allowed
from binokel.web.store import Store
from tests.club.simulate import pad_of, play_table

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
TESTSERVER = Allowed.of(hosts=["testserver"])


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "web.sqlite3"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    store = Store(db)
    with TestClient(create_app(store, bot_delay=0, allowed=TESTSERVER,
                               requests_per_second=0)) as test_client:
        yield test_client
    store.close()


class Organiser:
    def __init__(self, client: TestClient, **settings: Any) -> None:
        self.client = client
        made = client.post("/api/clubs", json={"name": "Preisbinokel", "rules": "binokel",
                                               **settings})
        assert made.status_code == 201, made.text
        self.id, self.token = made.json()["id"], made.json()["token"]
        assert made.json()["url"] == f"/club/{self.id}#{self.token}"

    def op(self, status: int = 200, **op: Any) -> Any:
        answer = self.client.post(f"/api/clubs/{self.id}/ops",
                                  json={"token": self.token, "op": op})
        assert answer.status_code == status, answer.text
        return answer.json()

    def view(self) -> Any:
        return self.client.post(f"/api/clubs/{self.id}", json={"token": self.token}).json()


def stored_rows(db: Path, club_id: str) -> tuple[str, int]:
    with sqlite3.connect(db) as con:
        record, version = con.execute("SELECT record, version FROM clubs WHERE id = ?",
                                      (club_id,)).fetchone()
    return record, version


def pad_totals(db: Path, pad_id: str) -> list[int]:
    """A pad's totals, read from the database and worked out by the pad model here."""
    with sqlite3.connect(db) as con:
        (record,) = con.execute("SELECT record FROM pads WHERE id = ?", (pad_id,)).fetchone()
    return list(pad_from_json(json.loads(record)).sheet().totals)


def test_a_simulated_tournament_of_31_players(client: TestClient, db: Path) -> None:
    rng = random.Random(50)
    org = Organiser(client, rounds=3, hands=3, seed="kirbe-2026")
    ids = [org.op(kind="add", name=f"Spieler {n:02d}")["players"][-1]["id"] for n in range(31)]
    expected: Counter[str] = Counter()
    met: Counter[frozenset[str]] = Counter()
    repeats = []
    for number in (1, 2, 3):
        if number == 2:  # a late entry before round 2 is drawn
            late = org.op(kind="add", name="Zuspät")["players"][-1]
            assert late["joined"] == 2
        if number == 3:  # a player leaves after round 2, keeping the points played
            org.op(kind="withdraw", player=ids[5])
        view = org.op(kind="draw")
        tables = view["tables"]
        seated = [t["ids"] for t in tables]
        sizes = sorted(len(s) for s in seated)
        assert set(sizes) <= {3, 4} and 4 in sizes and 3 in sizes
        assert sum(sizes) == {1: 31, 2: 32, 3: 31}[number]
        repeats.append(sum(met[frozenset(p)] for s in seated for p in itertools.combinations(s, 2)))
        met.update(frozenset(p) for s in seated for p in itertools.combinations(s, 2))
        # Closing with a table unscored is refused and changes nothing.
        before = stored_rows(db, org.id)
        refused = org.op(422, kind="close", round=number)
        assert "not every table has played its hands" in refused["error"]
        assert stored_rows(db, org.id) == before
        for t in tables:
            if number == 2 and t["table"] == 1:  # typed from the table's paper sheet
                totals = [rng.randrange(-300, 900) for _ in t["ids"]]
                org.op(kind="sheet", round=2, table=1, totals=totals)
            else:
                played = play_table(client, t["link"], rng)
                assert len(played["hands"]) == t["hands"] == len(t["ids"])  # 3 hands a player
                totals = pad_totals(db, t["pad"])
            for pid, points in zip(t["ids"], totals, strict=True):
                expected[pid] += points
        org.op(kind="close", round=number)
        if number == 1:  # a correction after closing, with who and why
            fixed = org.op(kind="correct", round=1, player=ids[0], delta=-20, who="Organiser",
                           why="a Dix counted twice at table 3")
            expected[ids[0]] -= 20
            assert fixed["log"][-1]["who"] == "Organiser"
            assert "Dix" in fixed["log"][-1]["why"]
    assert repeats == [0, 0, 0]
    public = client.get(f"/api/clubs/{org.id}/standings").json()
    assert public["finished"]
    # The public standings carry no secret: no pad, no link, no log, no token.
    text = json.dumps(public)
    assert '"link"' not in text and '"pad"' not in text and '"log"' not in text
    assert org.token not in text
    ranked = {s["player"]: s["total"] for s in public["standings"]}
    assert ranked == {pid: expected[pid] for pid in ranked}
    assert len(ranked) == 32
    leaver = next(s for s in public["standings"] if s["player"] == ids[5])
    assert leaver["status"] == "withdrawn" and leaver["rounds"][2] is None
    assert leaver["total"] == expected[ids[5]]
    places = [s["place"] for s in public["standings"]]
    assert places == sorted(places) and places[0] == 1
    csv = client.get(f"/api/clubs/{org.id}/standings.csv")
    assert csv.status_code == 200
    back = read_standings_csv(csv.text)
    assert [(s.place, s.player, s.name, list(s.rounds), s.total, s.missed, s.status)
            for s in back] == [(s["place"], s["player"], s["name"], s["rounds"], s["total"],
                                s["missed"], s["status"]) for s in public["standings"]]


def test_hostile_requests_are_refused_and_change_nothing(client: TestClient, db: Path) -> None:
    org = Organiser(client, rounds=2, hands=3, seed="s")
    for name in ("Anna", "Bert", "Cora", "Dora", "Emil"):
        org.op(kind="add", name=name)
    before = stored_rows(db, org.id)
    # A table of two is never drawn: five players cannot sit at tables of three or four.
    assert "never a table of two" in org.op(422, kind="draw")["error"]
    bad = client.post(f"/api/clubs/{org.id}/ops",
                      json={"token": "x" * 24, "op": {"kind": "add", "name": "Mallory"}})
    assert bad.status_code == 404 and "organiser" in bad.json()["error"]
    assert org.op(400, kind="add", name=7)["error"] == "op add: name must be a text"
    assert "unknown field" in org.op(400, kind="add", name="X", points=3)["error"]
    assert "kind must be" in org.op(400, kind="delete")["error"]
    assert "already" in org.op(422, kind="add", name=" anna ")["error"]
    assert "no player" in org.op(422, kind="withdraw", player="p99")["error"]
    assert "no round 1" in org.op(422, kind="close", round=1)["error"]
    assert "no round 1" in org.op(422, kind="correct", round=1, player="p1", delta=5, who="me",
                                  why="x")["error"]
    assert stored_rows(db, org.id) == before
    bad_rules = client.post("/api/clubs", json={"name": "X", "rules": "bezique", "rounds": 1,
                                                "hands": 3})
    assert bad_rules.status_code == 400
    assert "cannot be played at tables of three and four" in bad_rules.json()["error"]
    teams = client.post("/api/clubs", json={"name": "X", "rules": "kreuzbinokel", "rounds": 1,
                                            "hands": 3})
    assert teams.status_code == 400
    hands = client.post("/api/clubs", json={"name": "X", "rules": "binokel", "rounds": 1,
                                            "hands": 10})
    assert hands.status_code == 400 and "multiple of 3" in hands.json()["error"]
    # A table's pad link is that pad's only: it opens no other table's pad nor the tournament.
    org.op(kind="add", name="Fritz")
    tables = org.op(kind="draw")["tables"]
    first, second = tables[0]["link"], tables[1]["link"]
    mine, token = pad_of(first)
    other, _ = pad_of(second)
    assert f"?club={org.id}#" in first  # the pad page knows its tournament
    assert client.post(f"/api/pads/{mine}", json={"token": token}).status_code == 200
    assert client.post(f"/api/pads/{other}", json={"token": token}).status_code == 404
    assert client.post(f"/api/clubs/{org.id}", json={"token": token}).status_code == 404
    # After the draw: no late entry while the round is played, no second draw.
    assert "late entry" in org.op(422, kind="add", name="Gustav")["error"]
    assert "not closed" in org.op(422, kind="draw")["error"]


def test_the_standings_poll_is_answered_304_until_a_hand_is_entered(client: TestClient) -> None:
    org = Organiser(client, rounds=1, hands=3, seed="s")
    for name in ("Anna", "Bert", "Cora"):
        org.op(kind="add", name=name)
    link = org.op(kind="draw")["tables"][0]["link"]
    first = client.get(f"/api/clubs/{org.id}/standings")
    tag = first.headers["etag"]
    assert client.get(f"/api/clubs/{org.id}/standings",
                      headers={"if-none-match": tag}).status_code == 304
    play_table(client, link, random.Random(1), stop_after=1)
    again = client.get(f"/api/clubs/{org.id}/standings", headers={"if-none-match": tag})
    assert again.status_code == 200 and again.headers["etag"] != tag
    assert sum(s["total"] for s in again.json()["standings"]) != 0 or \
        again.json()["tables"][0]["played"] == 1


def test_later_rounds_seated_by_standing_and_bodies_that_are_not_json(client: TestClient
                                                                      ) -> None:
    org = Organiser(client, rounds=2, hands=3, seed="s", by_standing=True)
    for n in range(12):
        org.op(kind="add", name=f"P{n:02d}")
    first = org.op(kind="draw")["tables"]
    for number, t in enumerate(first):
        org.op(kind="sheet", round=1, table=t["table"],
               totals=[100 * number + i for i in range(len(t["ids"]))])
    org.op(kind="close", round=1)
    ranked = [s["player"] for s in org.view()["standings"]]
    second = org.op(kind="draw")["tables"]
    met = {frozenset(p) for t in first for p in itertools.combinations(t["ids"], 2)}
    assert not any(frozenset(p) in met for t in second
                   for p in itertools.combinations(t["ids"], 2))
    for t in second:  # seated near their standing: at most three tables from it
        assert all(abs(ranked.index(p) // 3 - (t["table"] - 1)) <= 3 for p in t["ids"])
    before = org.view()["version"]
    text = client.post(f"/api/clubs/{org.id}/ops", content=b"kind=draw",
                       headers={"content-type": "application/x-www-form-urlencoded"})
    assert text.status_code == 415
    broken = client.post(f"/api/clubs/{org.id}/ops", content=b"{not json",
                         headers={"content-type": "application/json"})
    assert broken.status_code == 400
    assert org.view()["version"] == before
