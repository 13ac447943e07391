"""Hints at the web table, on a budget of their own: they never delay a computer player's move.

A hint asks the best computer player what it would do in a seat's place, which can take as long
as a computer's hardest move.  Hints therefore think in a pool of their own (one worker by
default, at a lower priority than the computer players' workers, and *stopped* while any
computer player thinks: :meth:`BotPool.pause <binokel.web.botpool.BotPool.pause>`), a seat may
ask so often (:data:`HINTS_PER_MINUTE`, one at a time), and while :data:`MAX_QUEUED_HINTS`
wait for the hint worker a new one is refused at once rather than queued: a flood of hint
requests from one address costs the computer players of other tables nothing but the CPU they
leave idle.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable

from ..games import PlayState
from .botpool import WORKER_NICENESS, BotPool
from .players import available_bots
from .protocol import JSON
from .table import Table, TableError

#: Hints one seat may ask for a minute on average (in bursts of :data:`HINT_BURST`).
HINTS_PER_MINUTE = 12.0
HINT_BURST = 3
#: Hints waiting for the hint worker before more are refused.
MAX_QUEUED_HINTS = 4
#: How much lower the hint worker's priority is than the server's (computer players': 5).
HINT_NICENESS = WORKER_NICENESS + 5
#: Seconds a hint may take, its pauses included (it waits while computer players think).
HINT_TIMEOUT = 30.0
#: Steps of one choice a hint follows after its first (the cards to lay away but one).
MAX_HINT_STEPS = 8


class Hints:
    """The hints of one server: their own pool, and how often each seat may ask."""

    def __init__(self, pool: BotPool | None = None, *, per_minute: float = HINTS_PER_MINUTE,
                 burst: int = HINT_BURST, clock: Callable[[], float] = time.monotonic) -> None:
        self.pool = pool if pool is not None else BotPool(workers=1, niceness=HINT_NICENESS,
                                                          timeout=HINT_TIMEOUT)
        self.per_minute = per_minute
        self.burst = burst
        self.clock = clock
        self._buckets: dict[tuple[str, int], tuple[float, float]] = {}
        self._asking: set[tuple[str, int]] = set()

    def _take(self, key: tuple[str, int]) -> None:
        """Spend one of the seat's hints, or say when the next one comes."""
        if key in self._asking:
            raise TableError("A hint is on its way already: one at a time.")
        if self.pool.queued >= MAX_QUEUED_HINTS:
            raise TableError("Many players are asking for hints just now: try again in a "
                             "moment.")
        now = self.clock()
        tokens, stamp = self._buckets.get(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - stamp) * self.per_minute / 60)
        if tokens < 1:
            wait = (1 - tokens) * 60 / self.per_minute
            raise TableError(f"At most {self.per_minute:g} hints a minute: the next one in "
                             f"{max(1, round(wait))} s.")
        self._buckets[key] = (tokens - 1, now)
        if len(self._buckets) > 10_000:  # forget the seats that have not asked for a while
            cutoff = now - 60 * self.burst / self.per_minute
            self._buckets = {k: v for k, v in self._buckets.items() if v[1] >= cutoff}

    async def hint(self, table: Table, seat: int | None) -> dict[str, JSON]:
        """What the best computer player here would do in ``seat``'s place: ``action``, and
        ``values`` — each move it weighed with its expected result, best first — when it
        searched (empty otherwise)."""
        if seat is None or not table.is_playing or table.state.to_move != seat:
            raise TableError("A hint is for the player whose turn it is.")
        key = (table.id, seat)
        self._take(key)
        self._asking.add(key)
        try:
            asked = table.state  # the position asked about: the table may move on meanwhile
            view = asked.view(seat)
            seed = f"hint/{secrets.randbits(64)}"
            for spec in reversed(available_bots(table.game)):
                decision = await self.pool.decide(table.game.name, spec, view, seed=seed,
                                                  weigh=True, share=table.creator or table.id)
                if decision is not None and decision.action in view.legal_actions:
                    weighed: list[JSON] = [[str(a), round(v, 1)] for a, v, _ in
                                           decision.values or () if a in view.legal_actions]
                    actions = await self._rest(table, asked, seat, spec, decision.action, seed)
                    return {"action": str(decision.action), "values": weighed,
                            "actions": actions}
            first = str(view.legal_actions[0])
            return {"action": first, "values": [], "actions": [first]}
        finally:
            self._asking.discard(key)

    async def _rest(self, table: Table, asked: PlayState, seat: int, spec: str, first: object,
                    seed: str) -> list[JSON]:
        """The hinted move with the steps of the same choice that follow it: laying away is
        one card an action, and a hint names (and the page marks) every card to lay.  The
        steps follow from ``asked``, the position the hint was asked for, not from the table's
        state now: that may have moved on while the computer thought."""
        actions: list[JSON] = [str(first)]
        if not str(first).startswith("lay "):
            return actions
        state = asked.apply(first, seat=seat)
        for _ in range(MAX_HINT_STEPS):
            if state.is_over or state.to_move != seat:
                break
            view = state.view(seat)
            decision = await self.pool.decide(table.game.name, spec, view, seed=seed,
                                              share=table.creator or table.id)
            if decision is None or decision.action not in view.legal_actions \
                    or not str(decision.action).startswith("lay "):
                break
            actions.append(str(decision.action))
            state = state.apply(decision.action, seat=seat)
        return actions

    def close(self) -> None:
        self.pool.close()
