"""The club tournaments' rows behave alike on SQLite and PostgreSQL (migration 6): a save that
lost a race writes nothing, every change has its numbered log line, and a whole small
tournament runs through the manager on either database."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from binokel.web.backends import open_store
from binokel.web.clubs import ClubManager, ClubRefused
from binokel.web.clubstore import ClubStore
from binokel.web.migrations import LATEST
from binokel.web.store import TableStore


@pytest.fixture(params=["sqlite", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TableStore]:
    where = (str(tmp_path / "web.sqlite3") if request.param == "sqlite"
             else request.getfixturevalue("postgres_url"))
    made = open_store(where)
    yield made
    made.close()


def test_a_save_that_lost_a_race_writes_nothing_and_every_change_is_logged(
        store: TableStore) -> None:
    assert store.schema_version() == LATEST >= 6
    clubs = ClubStore(store)
    clubs.create("club0001", "d" * 64, '{"v": 0}', at=1.5)
    assert clubs.save("club0001", 1, '{"v": 1}', "first", at=2.0)
    assert not clubs.save("club0001", 1, '{"v": "late"}', "lost the race")
    assert not clubs.save("nope0001", 1, "{}", "no such tournament")
    assert clubs.save("club0001", 2, '{"v": 2}', "fixed", who="Org", why="typo", at=3.0)
    loaded = clubs.load("club0001")
    assert loaded is not None and (loaded.record, loaded.version) == ('{"v": 2}', 2)
    assert [(line.n, line.what, line.who, line.why) for line in clubs.log("club0001")] == [
        (0, "created", "", ""), (1, "first", "", ""), (2, "fixed", "Org", "typo")]
    assert clubs.log("club0001")[0].at == 1.5
    assert not clubs.create("club0001", "e" * 64, "{}")  # an id taken: nothing written
    assert clubs.load("club0001") == loaded
    assert clubs.pad_versions([]) == {} and clubs.pad_versions(["nothere"]) == {}


def test_a_small_tournament_runs_on_either_database(store: TableStore) -> None:
    clubs = ClubManager(store)
    club_id, token = clubs.create({"name": "Kirbe", "rules": "binokel+min_bid=250",
                                   "rounds": 1, "hands": 3, "seed": "s"})
    for name in ("Anna", "Bert", "Cora", "Dora"):
        clubs.change(club_id, token, {"kind": "add", "name": name})
    view = clubs.change(club_id, token, {"kind": "draw"})
    (table,) = view["tables"]
    assert len(table["players"]) == 4 and table["hands"] == 4
    pad = store.load_pad(table["pad"])
    assert pad is not None and "min_bid=250" in pad.rules and "fixed_hands=4" in pad.rules
    assert clubs.rows.pad_versions([table["pad"]]) == {table["pad"]: 0}
    clubs.change(club_id, token, {"kind": "sheet", "round": 1, "table": 1,
                                  "totals": [300, -100, 50, 0]})
    clubs.change(club_id, token, {"kind": "close", "round": 1})
    with pytest.raises(ClubRefused, match="closed"):
        clubs.change(club_id, token, {"kind": "sheet", "round": 1, "table": 1,
                                      "totals": [1, 2, 3, 4]})
    public = clubs.public(club_id)
    assert [s["total"] for s in public["standings"]] == [300, 50, 0, -100]
    assert public["finished"]
