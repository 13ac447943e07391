"""Score pads under load (issue 46, F3/F6/F9): two changes that arrive at once are both
stored, none is answered as stored unless it is; a pad takes so many changes a second and in
all; a name never reaches a spreadsheet as a formula.  On SQLite and PostgreSQL alike."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from binokel.web import padmodel
from binokel.web.backends import open_store
from binokel.web.padproto import PadOp
from binokel.web.pads import PadManager, PadRefused
from binokel.web.store import TableStore


@pytest.fixture(params=["sqlite", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TableStore]:
    where = (str(tmp_path / "web.sqlite3") if request.param == "sqlite"
             else request.getfixturevalue("postgres_url"))
    made = open_store(where)
    yield made
    made.close()


def void(op_id: str, side: int = 0) -> PadOp:
    """A change that never ends the game (a void hand: dealt again), so a pad takes 200."""
    del side
    return PadOp(id=op_id, kind="void", hand=None, entry=None)


def hand(op_id: str, declarer: int) -> PadOp:
    return PadOp(id=op_id, kind="add", hand=None, entry={
        "declarer": declarer, "bid": 300, "contract": "trump", "trump": "♥",
        "melds": [190, 0, 0], "side_points": [128, 80, None]})


def unlimited(store: TableStore) -> PadManager:
    """A pad manager without the per-pad rate (these tests send faster than a person)."""
    pads = PadManager(store)
    pads.per_second = 0
    return pads


def test_a_thousand_pairs_of_changes_at_once_lose_none(store: TableStore) -> None:
    pads = unlimited(store)
    pairs_per_pad, pad_count = 40, 25  # 1,000 pairs: 2,000 changes on 25 pads
    answers: list[tuple[str, dict[str, Any] | str]] = []
    lock = threading.Lock()
    made = [pads.create("binokel", ("Anna", "Bert", "Cora")) for _ in range(pad_count)]

    def send(pad_id: str, token: str, op: PadOp, start: threading.Barrier) -> None:
        start.wait()
        try:
            answer: dict[str, Any] | str = pads.apply(pad_id, token, op)
        except PadRefused as exc:
            answer = f"{exc.status}: {exc}"
        with lock:
            answers.append((op.id, answer))

    for pad_id, token in made:
        for pair in range(pairs_per_pad):
            start = threading.Barrier(2)
            threads = [threading.Thread(target=send, args=(
                pad_id, token, void(f"{pad_id}-{pair}-{side}"), start)) for side in (0, 1)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
    assert len(answers) == 2 * pairs_per_pad * pad_count
    told_stored = [op_id for op_id, answer in answers
                   if isinstance(answer, dict) and answer.get("applied") == op_id]
    # Every change was stored, each once, and each answer said so.
    assert len(told_stored) == len(answers), [a for a in answers if isinstance(a[1], str)][:3]
    assert not any(isinstance(a, dict) and a.get("duplicate") for _, a in answers)
    for pad_id, _ in made:
        stored = store.load_pad(pad_id)
        assert stored is not None and stored.version == 2 * pairs_per_pad
        assert padmodel.hand_count(padmodel.load(stored.record)) == 2 * pairs_per_pad
        for pair in range(pairs_per_pad):
            for side in (0, 1):
                assert store.has_pad_op(pad_id, f"{pad_id}-{pair}-{side}")


def test_the_same_change_sent_twice_at_once_is_stored_once(store: TableStore) -> None:
    pads = unlimited(store)
    pad_id, token = pads.create("binokel", ("Anna", "Bert", "Cora"))
    answers: list[dict[str, Any]] = []
    for n in range(50):
        start = threading.Barrier(2)
        op = void(f"same-{n}")

        def send(op: PadOp = op, start: threading.Barrier = start) -> None:
            start.wait()
            answers.append(pads.apply(pad_id, token, op))

        threads = [threading.Thread(target=send) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    stored = store.load_pad(pad_id)
    assert stored is not None and stored.version == 50
    assert all(a["applied"] for a in answers)
    assert sum(bool(a.get("duplicate")) for a in answers) == 50


def test_a_pad_takes_so_many_changes_a_second_and_in_all(tmp_path: Path) -> None:
    now = [1000.0]
    store = open_store(str(tmp_path / "web.sqlite3"))
    pads = PadManager(store, per_second=5, burst=10, max_changes=25, clock=lambda: now[0])
    pad_id, token = pads.create("binokel", ("Anna", "Bert", "Cora"))
    for n in range(10):
        pads.apply(pad_id, token, void(f"op{n}"))
    with pytest.raises(PadRefused, match="at most 5 a second") as refused:
        pads.apply(pad_id, token, void("op10"))
    assert refused.value.status == 429
    stored = store.load_pad(pad_id)
    assert stored is not None and stored.version == 10  # the refusal stored nothing
    for n in range(10, 25):
        now[0] += 0.2
        pads.apply(pad_id, token, void(f"op{n}"))
    now[0] += 10
    with pytest.raises(PadRefused, match="at most 25 changes") as capped:
        pads.apply(pad_id, token, void("op25"))
    assert capped.value.status == 409
    store.close()


def test_csv_cells_cannot_be_read_as_formulas(tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "web.sqlite3"))
    pads = PadManager(store)
    pad_id, token = pads.create("binokel", ("=1+1", "@SUM(A1:A9)", "-2+3"))
    pads.apply(pad_id, token, hand("o1", 0))
    text = pads.csv(pad_id, token)
    cells = [cell for line in text.splitlines() for cell in line.split(",")]
    assert not [c for c in cells if c.strip('"').startswith(("=", "+", "@"))]
    assert "'=1+1" in text and "'@SUM(A1:A9)" in text and "'-2+3" in text
    hand_row = text.splitlines()[1].split(",")
    assert hand_row[1] == "'=1+1" and hand_row[3] == "300"  # dealer's name; the bid a number
    store.close()
