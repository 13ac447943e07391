"""The end of a hand and of a game at a web table: computer players wait until the people at
the table have read the hand's summary, and a finished game can be played again (a rematch)
by the same people in the same seats.  Through the table layer, as the WebSocket handler
calls it."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from binokel.web.app import invite_svg
from binokel.web.store import Store
from binokel.web.tables import Table, TableError, TableManager

from .conftest import computers_done


class Inbox:
    """A listener that keeps the messages it is sent."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    def send(self, text: str) -> None:
        self.messages.append(json.loads(text))

    @property
    def last(self) -> dict[str, Any]:
        return self.messages[-1]


def play_for(manager: TableManager, table: Table, seats: set[int], rng: random.Random) -> None:
    """One random legal action (no Durch) for the seat to move, one of ``seats``."""
    assert table.state.to_move in seats
    state = table.state
    legal = [a for a in state.legal_actions() if str(a).split()[0] not in ("durch", "open")]
    manager.act(table, state.to_move, [str(rng.choice(legal))])


async def settle(manager: TableManager, table: Table) -> None:
    """Let the computer players' task run until it has nothing left to do."""
    await computers_done(table)


def test_computer_players_wait_for_a_person_to_read_the_summary() -> None:
    async def scenario() -> None:
        manager = TableManager(Store(":memory:"), bot_delay=0)
        table, _, _ = manager.create("binokel", ["human", "bot:random", "bot:random"], take=0,
                                  name="Anna", seed="wait-1")
        inbox = Inbox()
        manager.attach(table, inbox, 0)
        rng = random.Random(1)
        while table.hands_done == 0:
            await settle(manager, table)
            if table.hands_done == 0 and table.state.to_move == 0:
                play_for(manager, table, {0}, rng)
        await settle(manager, table)
        # The hand is over and Anna's page has not said it showed the summary.
        assert inbox.last["table"]["waiting"] == [0]
        assert inbox.last["table"]["hands"] == 1
        if table.state.to_move != 0:
            # Nothing is left to move them: no task of theirs runs or is due.
            n = table.n
            assert table.bot_task is None or table.bot_task.done(), \
                "a computer player is about to move while Anna reads the summary"
            await settle(manager, table)
            assert table.n == n, "a computer player moved while Anna read the summary"
        with pytest.raises(TableError, match="not finished yet"):
            manager.next_hand(table, 0, 2)
        with pytest.raises(TableError, match="Spectators"):
            manager.next_hand(table, None, 1)
        manager.next_hand(table, 0, 1)
        assert inbox.last["table"]["waiting"] == []
        await settle(manager, table)
        # Play went on: either a computer moved, or it is Anna's turn in the new hand.
        assert table.n > 0 and (table.state.to_move == 0 or not table.is_playing)
        # A person who is not connected holds nobody up.
        manager.detach(table, inbox)
        assert table.waiting() == []

    asyncio.run(scenario())


def test_a_person_who_acts_has_moved_on_from_the_summary() -> None:
    manager = TableManager(Store(":memory:"), bot_delay=0)
    table, _, _ = manager.create("binokel", ["human", "open", "open"], take=0, seed="wait-2")
    for seat in (1, 2):
        manager.join(table, seat, f"P{seat}")
    inboxes = [Inbox() for _ in range(3)]
    for seat, inbox in enumerate(inboxes):
        manager.attach(table, inbox, seat)
    rng = random.Random(2)
    while table.hands_done == 0:
        play_for(manager, table, {0, 1, 2}, rng)
    assert sorted(table.waiting()) == [0, 1, 2]
    mover = table.state.to_move
    play_for(manager, table, {mover}, rng)
    assert mover not in table.waiting() and len(table.waiting()) == 2


def test_a_rematch_seats_the_same_people_in_a_new_game() -> None:
    async def scenario() -> None:
        store = Store(":memory:")
        manager = TableManager(store, bot_delay=0)
        table, anna, _ = manager.create("binokel-to-1000", ["human", "open", "bot:random"],
                                     take=0, name="Anna", title="Friday", seed="rematch-1")
        bert = manager.join(table, 1, "Bert")
        inboxes = [Inbox(), Inbox(), Inbox()]
        for seat, inbox in zip((0, 1, None), inboxes, strict=True):
            manager.attach(table, inbox, seat)
        with pytest.raises(TableError, match="once this game is over"):
            manager.rematch(table, 0)
        rng = random.Random(3)
        while table.is_playing:
            await settle(manager, table)
            if not table.is_playing:
                break
            if table.state.to_move in (0, 1):
                finish_step(manager, table, rng)
            for seat in (0, 1):
                if table.hands_done > table.seen.get(seat, 0):
                    manager.next_hand(table, seat, table.hands_done)
        assert table.status == "finished"
        with pytest.raises(TableError, match="seated player"):
            manager.rematch(table, None)
        with pytest.raises(TableError, match="person seated"):
            manager.rematch(table, 2)  # the computer player's seat
        assert manager.rematch(table, 0) is None  # an offer: Bert has not accepted yet
        offer = inboxes[1].last["table"]["rematch"]
        assert offer == {"accepted": [0], "table": None}
        new = manager.rematch(table, 1)
        assert new is not None and new.id != table.id and new.is_playing
        for inbox in inboxes:
            assert inbox.last["table"]["rematch"]["table"] == new.id
        assert [s.kind for s in new.seats] == ["human", "human", "bot"]
        assert [s.name for s in new.seats][:2] == ["Anna", "Bert"]
        assert new.title == "Friday" and new.rules == "binokel-to-1000"
        assert new.seed != table.seed
        # The same tokens take the same seats at the new table; nothing new went over the wire.
        assert manager.seat_of(new, anna) == 0 and manager.seat_of(new, bert) == 1
        assert anna is not None and all(anna not in json.dumps(m) for i in inboxes
                                        for m in i.messages)
        # Stored: a restarted server knows the new table and its seats.
        again = TableManager(store, bot_delay=0).get(new.id)
        assert again is not None and [s.kind for s in again.seats] == ["human", "human", "bot"]
        with pytest.raises(TableError, match="begun already"):
            manager.rematch(table, 0)
        await manager.close()

    asyncio.run(scenario())


def finish_step(manager: TableManager, table: Table, rng: random.Random) -> None:
    state = table.state
    legal = list(state.legal_actions())
    outs = [a for a in legal if str(a).startswith("out ")]
    manager.act(table, state.to_move, [str(rng.choice(outs or legal))])


def test_the_invite_qr_code_is_an_svg_of_the_link() -> None:
    svg = invite_svg("http://192.168.1.5:8000/t/AbCd1234").decode()
    assert svg.startswith("<svg") and "<path" in svg
    assert "<title>http://192.168.1.5:8000/t/AbCd1234</title>" in svg
    assert "http" not in svg.replace("http://www.w3.org/2000/svg", "").replace(
        "http://192.168.1.5:8000/t/AbCd1234", "")  # nothing fetched from elsewhere


def test_a_rematch_the_server_refuses_keeps_no_vote() -> None:
    async def scenario() -> None:
        manager = TableManager(Store(":memory:"), bot_delay=0, per_client=1)
        table, _, _ = manager.create("binokel", ["human", "bot:random", "bot:random"], take=0,
                                     name="Anna", seed="refused-1", creator="10.0.0.1")
        manager.abandon(table, 0)
        other, _, cancel = manager.create("binokel", ["human", "open", "open"], take=0,
                                          seed="refused-2", creator="10.0.0.1")
        # Anna has a table in play already: the new game is refused and her yes is not kept.
        with pytest.raises(TableError, match="in play already"):
            manager.rematch(table, 0)
        assert table.rematch_votes == set() and table.rematch_table is None
        manager.cancel(other, cancel)
        new = manager.rematch(table, 0)
        assert new is not None and table.rematch_votes == {0}
        await manager.close()

    asyncio.run(scenario())
