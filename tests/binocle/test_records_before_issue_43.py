"""Records and logs written before issue 43 (decision binocle-06, bezique-02) still replay.

The two records in ``tests/golden`` were written by the engine before the change, a hard
heuristic playing both seats: then a trick won with nothing to declare was drawn at once (no
``done``), and Bézique's fours of a kind were one of each suit."""

from __future__ import annotations

from pathlib import Path

import pytest

from binokel.games.binocle import BinocleState
from binokel.games.binocle.records import (
    dump_binocle_record,
    load_binocle_record,
    replay_binocle,
)
from binokel.web.games import game_for_rules, replay

GOLDEN = Path(__file__).parent.parent / "golden"


@pytest.mark.parametrize("name", ["binocle", "bezique"])
def test_a_record_written_before_replays_and_reads_the_same(name: str) -> None:
    text = (GOLDEN / f"{name}-before-issue-43.txt").read_text(encoding="utf-8")
    record = load_binocle_record(text)
    state = replay_binocle(record)
    assert state.is_over and " ".join(map(str, state.scores)) == record.totals
    again = dump_binocle_record(state)
    if name == "bezique":
        # Read with the law it was played under, which the record now writes.
        assert record.rules.fours == "one of each suit"
        assert again == text.replace('[Rule eight_of_a_kind "false"]\n',
                                     '[Rule eight_of_a_kind "false"]\n'
                                     '[Rule fours "one of each suit"]\n')
    else:
        assert record.rules.fours == "one of each suit" and again == text


@pytest.mark.parametrize("name", ["binocle", "bezique"])
def test_a_stored_log_without_the_done_replays(name: str) -> None:
    # The web table stores a game as its actions; a log from before has no done where the
    # winner had nothing to declare.
    text = (GOLDEN / f"{name}-before-issue-43.txt").read_text(encoding="utf-8")
    record = load_binocle_record(text)
    written = [str(a) for a in record.actions]
    full = [str(a) for a in replay_binocle(record).history()]
    assert written.count("done") < full.count("done")  # the log lacks the winners' done
    # A stored table names its rule set only: Bézique's log is read with today's fours (any
    # four); where a four of two suits was open to a winner who played on, the card played
    # says done first, as it does where nothing was open.
    state = replay(game_for_rules(record.rules.name), record.rules.name, str(record.seed),
                                                     written)
    assert isinstance(state, BinocleState)
    assert [str(a) for a in state.history()] == full
