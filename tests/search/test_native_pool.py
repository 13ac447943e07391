"""The compiled core's thread pool and its argument checks (binokel/search/csrc/threads.c,
module.c): batches from several Python threads at once, batches in a forked child, and one
rollout refusing lists it could only change in part."""

from __future__ import annotations

import os
import random
import threading
import time

import pytest

from binokel.bots.rollout import make_table
from binokel.games.binokel.playout import Position
from binokel.games.binokel.rules import BINOKEL
from binokel.games.binokel.scoring import Contract
from binokel.search import native
from binokel.search.solver import pure_solve
from binokel.search_bench import endgame

pytestmark = pytest.mark.skipif(native.CORE is None, reason="the compiled core is not in use")

SIDE = frozenset({0})


def _table() -> native.Table:
    return make_table(BINOKEL, trump=1, active=(0, 1, 2), declarer=0, contract=Contract.TRUMP,
                      bid=0, melds=(0, 0, 0))


def _position(rng: random.Random, tricks: int) -> Position:
    """A trump game's position of a real deal with ``tricks`` tricks left."""
    return endgame(BINOKEL, f"pool/{rng.randrange(1 << 30)}", tricks)


def _starts(seed: str, count: int) -> list[native.Start]:
    rng = random.Random(seed)
    out: list[native.Start] = []
    for _ in range(count):
        p = _position(rng, 1 + rng.randrange(12))
        out.append((p.hands, p.leader, p.trick, (0, 0, 0), (0, 0, 0)))
    return out


def test_batches_from_several_python_threads_at_once_give_the_answers_of_one() -> None:
    # The pool serves one batch at a time; a batch that finds it busy starts threads of its
    # own. Either way every answer is that of one thread.
    table = _table()
    starts = _starts("pool/threads", 120)
    positions = [_position(random.Random(f"pool/{i}"), 5) for i in range(24)]
    want_rollouts = native.rollouts(table, starts, threads=1)
    want_values = [pure_solve(p, SIDE) for p in positions]
    results: list[object] = []

    def batch(i: int) -> None:
        for _ in range(3):
            if i % 2:
                results.append(native.rollouts(table, starts, threads=2) == want_rollouts)
            else:
                results.append(native.solve_many(positions, SIDE, threads=2) == want_values)

    workers = [threading.Thread(target=batch, args=(i,)) for i in range(4)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(60)
    assert not any(w.is_alive() for w in workers)
    assert results == [True] * 12


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_child_runs_batches_on_threads() -> None:
    # The parent's pool threads do not exist in a child of fork() (the arena's worker
    # processes): the child must neither wait for them nor lose an answer.
    table = _table()
    starts = _starts("pool/fork", 200)
    want = native.rollouts(table, starts, threads=2)  # the pool is running now
    pid = os.fork()
    if pid == 0:  # the child: exit code 0 only if the answers are right
        ok = native.rollouts(table, starts, threads=2) == want
        ok = ok and native.rollouts(table, starts, threads=2) == want
        os._exit(0 if ok else 1)
    deadline = time.monotonic() + 60
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
            pytest.fail("the forked child hung in a threaded batch")
        time.sleep(0.05)
    assert os.waitstatus_to_exitcode(status) == 0


def test_one_rollout_refuses_lists_it_could_change_only_in_part() -> None:
    assert native.CORE is not None
    table = _table()
    spec = native._table_spec(table)
    position = _position(random.Random("pool/short"), 4)
    for points, won in (([0, 0], [0, 0, 0]), ([0, 0, 0], [0]), ([0, 0, 0, 0], [0, 0, 0])):
        hands = list(position.hands)
        trick = list(position.trick)
        before = (list(hands), list(trick), list(points), list(won))
        with pytest.raises(ValueError, match="one per seat"):
            native.CORE.rollout(spec, hands, position.leader, trick, points, won)
        assert (hands, trick, points, won) == before
    # The same lists at the right length are played to the end.
    hands, trick, points, won = list(position.hands), list(position.trick), [0] * 3, [0] * 3
    native.CORE.rollout(spec, hands, position.leader, trick, points, won)
    assert hands == [0, 0, 0] and trick == [] and sum(won) == 4


def test_batch_starts_with_short_points_or_a_bad_shape_are_refused() -> None:
    table = _table()
    (hands, leader, trick, _, _), = _starts("pool/bad", 1)
    with pytest.raises(ValueError, match="points: one per seat"):
        native.rollouts(table, [(hands, leader, trick, (0, 0), (0, 0, 0))])
    with pytest.raises(ValueError, match="won: one per seat"):
        native.pack_starts(table, [(hands, leader, trick, (0, 0, 0), ())])
    with pytest.raises(TypeError, match="a start is"):
        native.rollouts(table, [(hands, leader, trick, (0, 0, 0))])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        native.rollouts(table, [(hands, "north", trick, (0, 0, 0), (0, 0, 0))])  # type: ignore[list-item]
