"""What the server tells a player at the table, in the page's numbering (issue 45): the page
says "Seat 1" for the first seat, so the server's refusals do too."""

from __future__ import annotations

import pytest

from binokel.web.store import Store
from binokel.web.tables import TableError, TableManager


def test_out_of_turn_names_the_seat_to_act_as_the_page_numbers_it() -> None:
    manager = TableManager(Store(":memory:"), bot_delay=0)
    table, _, _ = manager.create("binokel", ["human", "open", "open"], take=0, seed="words-1")
    for seat in (1, 2):
        manager.join(table, seat, f"P{seat}")
    to_move = table.state.to_move
    other = (to_move + 1) % 3
    n = table.n
    with pytest.raises(TableError) as refused:
        manager.act(table, other, ["pass"], n=n)
    assert str(refused.value) == f"It is not your turn: seat {to_move + 1} is to act."
    assert table.n == n  # nothing changed


def test_a_computer_seat_taken_is_named_from_one() -> None:
    manager = TableManager(Store(":memory:"), bot_delay=0)
    with pytest.raises(TableError, match="seat 2 holds a computer player"):
        manager.create("binokel", ["open", "bot:random", "open"], take=1, seed="words-2")
