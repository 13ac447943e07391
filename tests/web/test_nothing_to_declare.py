"""A person at the web table who wins a trick with nothing to declare says done at once
(decision binocle-06): the game never waits on it, the done is logged and replays, and the other
seat is shown the declaring step all the same."""

from __future__ import annotations

import json
import random

import pytest

from binokel.games.binocle import BinocleState
from binokel.web.games import replay
from binokel.web.store import Store
from binokel.web.tables import Table, TableManager

from .test_hidden_cards import Recorder


def state_of(table: Table) -> BinocleState:
    state = table.state
    assert isinstance(state, BinocleState)
    return state


@pytest.mark.parametrize("rules", ["binocle", "bezique"])
def test_a_person_with_nothing_to_declare_is_not_kept_waiting(rules: str) -> None:
    manager = TableManager(Store(":memory:"), bot_delay=0)
    table, _, _ = manager.create(rules, ["open", "open"], seed=f"quiet-{rules}")
    for seat in (0, 1):
        manager.join(table, seat, f"P{seat}")
    recorders = [Recorder([table], seat) for seat in (0, 1)]
    for recorder in recorders:
        manager.attach(table, recorder, recorder.seat)
    rng = random.Random(rules)
    said = 0
    while table.is_playing and not state_of(table).results:
        state = state_of(table)
        assert not state.nothing_to_declare(), "a person was left to say done"
        logged = len(table.actions)
        choices = [a for a in state.legal_actions() if str(a) != "claim"]
        manager.act(table, state.to_move, [str(rng.choice(choices))])
        for n in range(logged + 1, len(table.actions)):
            assert table.actions[n] == "done"
            said += 1
            # The step before it went out to the other seat: its declaring phase, its turn.
            winner = state_of(table).tricks[-1].winner
            other = recorders[1 - winner]
            phases = [json.loads(text)["view"]["phase"] for text, _ in other.seen]
            assert "meld" in phases
        for recorder in recorders:
            recorder.seen.clear()
    assert said > 3
    replayed = replay(table.game, table.rules, table.seed, table.actions)
    assert replayed.scores == state_of(table).scores
