"""The duplicate arena: two bots play the same deals in every seating, so card luck cancels out.

Deal ``i`` is the first hand of ``new_game(rules, seed=f"{seed}/{i}", dealer=i % players)``.
It is played once for every way of seating bot A and bot B at the table except all-A and all-B
(for three players: A-B-B and A-A-B in each rotation, six seatings), and the hand ends when its
result is written.  A deal's difference is the mean over its seatings of (mean score of A's
seats − mean score of B's seats), counting only the seats that play the hand; the arena reports
the mean difference over deals with a 95% confidence interval (:mod:`binokel.tools.arena_stats`).

At Binocle (``--rules binocle`` or ``binocle-64``) deal ``i`` is the first hand of
``new_binocle_game(rules, seed=f"{seed}/{i}", dealer=i % 2)``, played twice with the seats
swapped (seatings ``AB`` and ``BA``) until the hand is scored (its result is written) or the game
ends on the way (a claim).  A seat's score is what it scored in that hand (dix, melds, last
trick and card points: ``BinocleHandResult.scores``), so a deal's difference is the mean over
the two seatings of A's hand score minus B's.  There is no auction: the declarer columns of the
report stay empty.

Every decision gets its own generator seeded from (seed, deal, seating, seat), and each deal is
played start to finish by one worker, so the result for a seed is the same for any number of
worker processes — or of Ray tasks: with ``ArenaConfig.ray`` set the chunks of deals run as
tasks on a Ray cluster (``pip install 'binokel[scale]'``; docs/deploy.md), and the deals come
back in deal order as from the worker processes.

>>> result = run_arena(ArenaConfig(bot_a="random", bot_b="random", deals=2, seed="doc"))
>>> len(result.deals), len(result.deals[0].hands)
(2, 6)
"""

from __future__ import annotations

import importlib
import itertools
import multiprocessing
import os
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..bots import Bot, ask, make_player
from ..bots.external.bot import DEFAULT_TIME_LIMIT
from ..games import PlayState, game_of, seats_of
from ..games.binocle import BinocleState
from ..games.binokel.game import GameState, active_seats
from ..games.binokel.rules import BINOKEL
from ..games.binokel.scoring import Contract

LABELS = ("A", "B")
S = TypeVar("S", bound=PlayState)


@dataclass(frozen=True, slots=True)
class ArenaConfig:
    """What to play: two bot names, the rule set, how many deals, the seed, the workers."""

    bot_a: str
    bot_b: str
    rules: Any = BINOKEL
    deals: int = 100
    seed: str = "arena"
    workers: int = 1
    time_limit: float = DEFAULT_TIME_LIMIT
    """Seconds an external bot may take for one decision."""
    ray: str | None = None
    """Run the deals as Ray tasks: ``""`` on a local Ray (or the cluster of ``RAY_ADDRESS``), else
    on the cluster at this address (``auto``, ``HOST:6379``, ``ray://HOST:10001``); ``None``:
    worker processes on this machine (``workers``)."""


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """One seating of one deal: who sat where and how the hand went."""

    seating: str
    """The bot label of every seat, e.g. ``"ABB"``."""
    active: tuple[int, ...]
    scores: tuple[int, ...]
    declarer: int
    bid: int
    contract: str
    made: bool
    gave_up: bool = False
    """Whether the declarer gave the hand up (a declared hand neither made nor given up was
    missed)."""

    def labels_playing(self) -> tuple[list[int], list[int]]:
        """The seats of A and of B that played the hand."""
        a = [s for s in self.active if self.seating[s] == "A"]
        b = [s for s in self.active if self.seating[s] == "B"]
        return a, b

    @property
    def difference(self) -> float:
        a, b = self.labels_playing()
        return (sum(self.scores[s] for s in a) / len(a)
                - sum(self.scores[s] for s in b) / len(b))


@dataclass(frozen=True, slots=True)
class DealResult:
    """Every seating of one deal, and the time each bot took per decision (seconds)."""

    deal: int
    seed: str
    dealer: int
    hands: tuple[HandOutcome, ...]
    times: dict[str, list[float]] = field(default_factory=dict, compare=False)

    def compared(self) -> list[HandOutcome]:
        """The seatings in which both bots played the hand (all of them unless a dealer sits
        out)."""
        out = []
        for hand in self.hands:
            a, b = hand.labels_playing()
            if a and b:
                out.append(hand)
        return out

    @property
    def difference(self) -> float:
        """Mean over seatings of A's mean score minus B's, points per hand."""
        hands = self.compared()
        return sum(h.difference for h in hands) / len(hands) if hands else 0.0

    def difference_by_seats(self) -> dict[int, float]:
        """:attr:`difference` over the seatings where A holds ``k`` of the seats in the hand,
        by ``k`` (three players: 1 for A-B-B and its rotations, 2 for A-A-B and its)."""
        groups: dict[int, list[float]] = {}
        for hand in self.compared():
            groups.setdefault(len(hand.labels_playing()[0]), []).append(hand.difference)
        return {k: sum(v) / len(v) for k, v in sorted(groups.items())}

    def mean_score(self, label: str) -> float:
        """The label's mean score per hand over the seatings (each seating weighs the same)."""
        total = 0.0
        hands = self.compared()
        for hand in hands:
            seats = hand.labels_playing()[LABELS.index(label)]
            total += sum(hand.scores[s] for s in seats) / len(seats)
        return total / len(hands) if hands else 0.0


def seatings(rules: Any) -> list[str]:
    """Every assignment of A and B to the seats except all-A and all-B, in a fixed order."""
    out = []
    for combo in itertools.product(LABELS, repeat=seats_of(rules)):
        text = "".join(combo)
        if "A" in text and "B" in text:
            out.append(text)
    return out


def deal_seed(seed: str, deal: int) -> str:
    return f"{seed}/{deal}"


def play_deal(config: ArenaConfig, deal: int, bots: dict[tuple[str, int], Bot]) -> DealResult:
    """Play deal number ``deal`` in every seating; ``bots`` holds one bot per (label, seat)."""
    rules = config.rules
    game = game_of(rules)
    seed = deal_seed(config.seed, deal)
    dealer = deal % game.seats(rules)
    times: dict[str, list[float]] = {label: [] for label in LABELS}
    outcome = OUTCOMES[game.name]
    hands = []
    for seating in seatings(rules):
        state = _play_first_hand(game.new_game(rules, seed, dealer=dealer), seed, seating, bots,
                                 times)
        hands.append(outcome(state, seating))
    return DealResult(deal=deal, seed=seed, dealer=dealer, hands=tuple(hands), times=times)


def _play_first_hand(state: S, seed: str, seating: str, bots: dict[tuple[str, int], Bot],
                     times: dict[str, list[float]]) -> S:
    """Play a game's first hand to its result (or the game's end) with the seating's bots,
    adding each decision's time to its bot's label."""
    rngs = [random.Random(f"{seed}/{seating}/{s}") for s in range(len(seating))]
    clock = time.perf_counter
    while not state.results and not state.is_over:
        seat = state.to_move
        label = seating[seat]
        started = clock()
        action = ask(bots[label, seat], state.view(seat), rngs[seat])
        times[label].append(clock() - started)
        state = state.apply(action)
    return state


def _binokel_outcome(state: GameState, seating: str) -> HandOutcome:
    result = state.results[0]
    return HandOutcome(seating=seating, active=active_seats(state.rules, result.dealer),
                       scores=result.scores, declarer=result.declarer, bid=result.bid,
                       contract=result.contract.value, made=result.made,
                       gave_up=result.contract is Contract.GIVE_UP)


def _binocle_outcome(state: BinocleState, seating: str) -> HandOutcome:
    """What each seat scored in the first hand: its result, or (if the game ended on the way,
    by a claim) the points it had gathered in the hand so far."""
    if state.results:
        scores = state.results[0].scores
    else:
        start = state.view(0).start_scores
        scores = (state.claim_total(0) - start[0], state.claim_total(1) - start[1])
    return HandOutcome(seating=seating, active=(0, 1), scores=scores, declarer=-1, bid=0,
                       contract="", made=False)


#: How the first hand of a deal went, by game name.
OUTCOMES: dict[str, Callable[[Any, str], HandOutcome]] = {
    "binokel": _binokel_outcome, "binocle": _binocle_outcome, "bezique": _binocle_outcome,
}


def _make_bot(name: str, config: ArenaConfig) -> Bot:
    return make_player(name, config.rules, time_limit=config.time_limit)


def make_bots(config: ArenaConfig) -> dict[tuple[str, int], Bot]:
    """One bot per (label, seat), so that no bot is shared between seats."""
    names = {"A": config.bot_a, "B": config.bot_b}
    return {(label, seat): _make_bot(names[label], config)
            for label in LABELS for seat in range(seats_of(config.rules))}


def play_chunk(config: ArenaConfig, deals: Sequence[int]) -> list[DealResult]:
    """Play some deals with fresh bots (a worker's task)."""
    bots = make_bots(config)
    try:
        return [play_deal(config, deal, bots) for deal in deals]
    finally:
        for bot in bots.values():
            bot.close()


def _chunks(deals: int, workers: int) -> list[list[int]]:
    size = max(1, min(20, deals // max(1, workers * 8)))
    return [list(range(start, min(deals, start + size))) for start in range(0, deals, size)]


def run_arena(config: ArenaConfig,
              progress: Callable[[int], None] | None = None) -> ArenaResult:
    """Play every deal; ``progress(n)`` is called as ``n`` more deals finish."""
    for name in (config.bot_a, config.bot_b):
        _make_bot(name, config).close()  # refuse a bad name before starting
    started = time.perf_counter()
    if config.ray is not None:
        deals = _run_on_ray(config, progress)
        return ArenaResult(config=config, deals=deals, seconds=time.perf_counter() - started)
    chunks = _chunks(config.deals, config.workers)
    results: list[list[DealResult]] = [[] for _ in chunks]
    if config.workers <= 1:
        for i, chunk in enumerate(chunks):
            results[i] = play_chunk(config, chunk)
            if progress:
                progress(len(chunk))
    else:
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=config.workers, mp_context=context) as pool:
            pending: dict[Future[list[DealResult]], int] = {
                pool.submit(play_chunk, config, chunk): i for i, chunk in enumerate(chunks)}
            try:
                while pending:
                    done, _ = wait(pending, return_when=FIRST_COMPLETED)
                    for future in done:
                        i = pending.pop(future)
                        results[i] = future.result()
                        if progress:
                            progress(len(chunks[i]))
            except BaseException:
                for future in pending:
                    future.cancel()
                raise
    deals = [deal for chunk in results for deal in chunk]
    return ArenaResult(config=config, deals=deals, seconds=time.perf_counter() - started)


class RayMissing(RuntimeError):
    """``--ray`` without Ray installed."""


def _ray() -> Any:
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise RayMissing("--ray needs Ray: pip install 'binokel[scale]'") from None


def _run_on_ray(config: ArenaConfig, progress: Callable[[int], None] | None) -> list[DealResult]:
    """Every chunk of deals as one Ray task (``play_chunk``), the answers put back in deal
    order.  A Ray already started in this process is used as it is (and left running); else
    one is started or joined for the run and shut down after it."""
    ray = _ray()
    started_here = not ray.is_initialized()
    if started_here:
        options: dict[str, Any] = {"log_to_driver": False}
        if config.ray:
            options["address"] = config.ray
        elif not os.environ.get("RAY_ADDRESS"):
            options["include_dashboard"] = False  # a local Ray of our own: nothing to watch
        ray.init(**options)
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        chunks = _chunks(config.deals, cpus)
        task = ray.remote(play_chunk)
        pending = {task.remote(config, chunk): i for i, chunk in enumerate(chunks)}
        results: list[list[DealResult]] = [[] for _ in chunks]
        try:
            while pending:
                done, _ = ray.wait(list(pending), num_returns=1)
                for ref in done:
                    i = pending.pop(ref)
                    results[i] = ray.get(ref)
                    if progress:
                        progress(len(chunks[i]))
        except Exception as exc:  # a task's own error (a bot that failed) as itself
            for ref in pending:
                ray.cancel(ref)
            cause = getattr(exc, "cause", None)
            if isinstance(cause, Exception):
                raise cause from None
            raise
        return [deal for chunk in results for deal in chunk]
    finally:
        if started_here:
            ray.shutdown()


@dataclass(frozen=True, slots=True)
class ArenaResult:
    """Every deal played, in deal order, and the wall-clock time it took."""

    config: ArenaConfig
    deals: list[DealResult]
    seconds: float


__all__ = [
    "ArenaConfig", "ArenaResult", "DealResult", "HandOutcome", "RayMissing", "deal_seed",
    "make_bots", "play_chunk", "play_deal", "run_arena", "seatings",
]
