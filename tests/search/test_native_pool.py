"""The compiled core's thread pool and its argument checks (binokel/search/csrc/threads.c,
module.c): batches from several Python threads at once, batches in a forked child, and one
rollout refusing lists it could only change in part."""

from __future__ import annotations

import os
import random
import threading
import time

import pytest

from binokel.games.binokel.playout import Position
from binokel.games.binokel.rules import BINOKEL
from binokel.games.binokel.scoring import Contract
from binokel.search import native
from binokel.search.rollout import make_table
from binokel.search.solver import pure_solve
from binokel.tools.search_bench import endgame

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


def test_points_from_an_iterator_are_read_once_and_kept() -> None:
    # seat_items converts its argument once: an iterator's items are the ones counted and
    # then read (they were read as zeros from an exhausted iterator).
    assert native.CORE is not None
    core = native.CORE
    spec = native._table_spec(_table())
    (hands, leader, trick, _, _), = _starts("pool/iter", 1)
    listed = (hands, leader, trick, (100, 200, 300), (1, 2, 3))
    want = core.rollouts(spec, [listed], 1)
    got = core.rollouts(spec, [(hands, leader, trick, iter([100, 200, 300]), iter([1, 2, 3]))],
                        1)
    assert got == want
    assert core.pack_starts(spec, [(hands, leader, trick, iter([100, 200, 300]),
                                    iter([1, 2, 3]))]) == core.pack_starts(spec, [listed])
    with pytest.raises(ValueError, match="points: one per seat"):
        core.rollouts(spec, [(hands, leader, trick, iter([100, 200]), (0, 0, 0))], 1)


def test_batches_of_mixed_thread_counts_give_the_answers_of_one() -> None:
    # A wide batch starts many pool helpers; the narrower batches after it use only some of
    # them (the others sit out and go back to sleep) and must neither hang nor lose an item.
    table = _table()
    starts = _starts("pool/mixed", 90)
    positions = [_position(random.Random(f"pool/mixed/{i}"), 4) for i in range(10)]
    want_rollouts = native.rollouts(table, starts, threads=1)
    assert want_rollouts is not None
    want_values = native.solve_many(positions, SIDE, threads=1)
    assert want_values == [pure_solve(p, SIDE) for p in positions]
    for threads in (32, 2, 1, 5, 2, 32, 3, 2, 64, 2):
        assert native.rollouts(table, starts, threads=threads) == want_rollouts
        assert native.rollouts(table, starts[:3], threads=threads) == want_rollouts[:3]
        assert native.solve_many(positions, SIDE, threads=threads) == want_values


def _one(suit: int, rank: int) -> int:
    return 1 << (2 * (suit * 8 + rank))


def _bad_positions() -> list[tuple[str, Position]]:
    def pos(hands: tuple[int, ...], leader: int = 0, trick: tuple[int, ...] = ()) -> Position:
        return Position(BINOKEL, hands, (0, 1, 2), leader, trick, 1, (0, 0, 0), (0, 0, 0))

    ace = _one(0, 7)
    return [
        # three copies of one kind, hands of one card each
        ("copies", pos((ace, ace, ace))),
        # two in one hand and a third in the trick
        ("copies", pos((_one(1, 3), 2 * ace, _one(2, 5)), leader=2, trick=(7,))),
        # the leader holds two cards, the others one: the last trick would find an empty hand
        ("hand sizes", pos((ace | _one(1, 2), _one(2, 2), _one(3, 2)))),
        ("hand sizes", pos((_one(1, 2), _one(2, 2), 0))),
        # seat 0 led to the trick but holds as many cards as the seats still to play
        ("hand sizes", pos((_one(1, 2) | _one(1, 3), _one(2, 2) | _one(2, 3),
                            _one(3, 2) | _one(3, 3)), trick=(7,))),
        # seat 1 (to play second) holds one card fewer than seat 2
        ("hand sizes", pos((_one(1, 2), _one(2, 2), _one(3, 2) | _one(3, 3)), trick=(7,))),
    ]


def test_malformed_solver_jobs_are_refused_with_a_reason() -> None:
    for reason, position in _bad_positions():
        with pytest.raises(ValueError, match=reason):
            native.solve(position, SIDE)
        with pytest.raises(ValueError, match=reason):
            native.best_cards(position, SIDE)
        with pytest.raises(ValueError, match=reason):
            native.solve_durch(position, SIDE)
        with pytest.raises(ValueError, match=reason):
            native.solve_many([position, position], SIDE, threads=2)
    # A position that fits (seat 0 led, seats 1 and 2 still to play) is solved.
    ok = Position(BINOKEL, (_one(1, 2), _one(2, 2) | _one(1, 3), _one(3, 2) | _one(3, 3)),
                  (0, 1, 2), 0, (7,), 1, (0, 0, 0), (0, 0, 0))
    found = native.solve(ok, SIDE)
    assert found is not None and found[0] == pure_solve(ok, SIDE)


def test_too_many_copies_are_found_for_every_kind_however_they_are_spread() -> None:
    # The copies are counted in four-bit lanes, even and odd kinds apart (module.c's
    # copies_ok): every kind, every lane, counts from 3 to 7, in hands and in the trick.
    def pos(hands: tuple[int, ...], trick: tuple[int, ...] = ()) -> Position:
        return Position(BINOKEL, hands, (0, 1, 2), 0, trick, 1, (0, 0, 0), (0, 0, 0))

    for kind in range(32):
        one = 1 << (2 * kind)
        other = 1 << (2 * ((kind + 1) % 32))
        spreads = [
            ((one, one, one), (), 3),
            ((2 * one, 0, 0), (kind,), 3),
            ((other, one, other), (kind, kind), 3),
            ((3 * one, 0, 0), (), 3),
            ((2 * one, 2 * one, 2 * one), (), 6),
            ((2 * one | other, 2 * one, 2 * one), (kind,), 7),
        ]
        for hands, trick, copies in spreads:
            with pytest.raises(ValueError, match=f"card kind {kind}: {copies} copies"):
                native.solve(pos(hands, trick), SIDE)
        # two copies, each held once or both in one hand: not refused for their number
        for hands in ((one, one, 0), (2 * one, 0, 0), (one | other, one, other)):
            with pytest.raises(ValueError, match="hand sizes"):
                native.solve(pos(hands), SIDE)


def test_malformed_rollout_starts_are_refused_with_a_reason() -> None:
    assert native.CORE is not None
    table = _table()
    spec = native._table_spec(table)
    for reason, p in _bad_positions():
        start = (p.hands, p.leader, p.trick, (0, 0, 0), (0, 0, 0))
        with pytest.raises(ValueError, match=reason):
            native.rollouts(table, [start], threads=1)
        with pytest.raises(ValueError, match=reason):
            native.pack_starts(table, [start])
        with pytest.raises(ValueError, match=reason):
            native.CORE.rollout(spec, list(p.hands), p.leader, list(p.trick), [0, 0, 0],
                                [0, 0, 0])
    # A packed record changed after packing is checked again: seat 0 gets a second card.
    (hands, leader, trick, points, won), = _starts("pool/packed", 1)
    packed = native.pack_starts(table, [(hands, leader, trick, points, won)])
    assert packed is not None
    first = int.from_bytes(packed[:8], "little")
    free = next(k for k in range(32) if not any((h >> (2 * k)) & 3 for h in hands)
                and k not in trick)
    changed = (first | (1 << (2 * free))).to_bytes(8, "little") + packed[8:]
    with pytest.raises(ValueError, match="hand sizes"):
        native.rollouts_packed(table, changed, threads=1)


def _blocked(status: str) -> int:
    for line in status.splitlines():
        if line.startswith("SigBlk:"):
            return int(line.split()[1], 16)
    return 0


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="needs Linux's /proc")
def test_pool_helpers_take_no_signals() -> None:
    # Helpers are started with every signal blocked (they would inherit the caller's mask):
    # SIGINT and SIGTERM go to Python's main thread, never to a helper in the middle of a search.
    table = _table()
    native.rollouts(table, _starts("pool/signals", 40), threads=3)  # at least two helpers
    sigint, sigterm = 1 << (2 - 1), 1 << (15 - 1)
    masks = []
    for task in os.listdir("/proc/self/task"):
        try:
            with open(f"/proc/self/task/{task}/status") as f:
                masks.append(_blocked(f.read()))
        except FileNotFoundError:  # a thread that ended meanwhile
            continue
    with open(f"/proc/self/task/{threading.get_native_id()}/status") as f:
        assert not _blocked(f.read()) & sigint
    assert sum(1 for m in masks if m & sigint and m & sigterm) >= 2
