"""How long a web table lives, and how many one address may hold: the limits of
:class:`~binokel.web.tables.TableManager`, kept apart from how a table is played.

* **Idle tables end.** A table nobody is connected to ends ("expired", its record kept) after
  :data:`TABLE_IDLE_MINUTES` without a move; one person's table against computers only, after
  :data:`BOTS_IDLE_MINUTES`.
* **One address, so many tables.** Every table in play that an address's network (an IPv6
  address's /64, :func:`~binokel.web.guard.client_key`) made or sits at counts toward its cap,
  rematches included; the creator and every seat's network are stored, so a restart forgets
  none of them.
* **A full server makes room.** With :data:`MAX_PLAYING_TABLES` in play, the table idle the
  longest (nobody connected) ends before a newcomer is refused.
* **The turn clock.** At a table where people play people, a person who does not act within
  the table's clock is replaced by a computer player (as if they had left) and everyone is
  told; the clock is off at 0.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

from .protocol import dumps, error_message
from .store import StoreError
from .table import Table, TableError

if TYPE_CHECKING:
    from .store import TableStore

log = logging.getLogger("binokel.web")

#: Tables playing at once; beyond it the longest idle one ends, or the newcomer is refused.
MAX_PLAYING_TABLES = 5000
#: Tables in play one client network may have made or sit at.
MAX_TABLES_PER_CLIENT = 20
#: Minutes a table nobody is connected to may stay without a move before it ends.
TABLE_IDLE_MINUTES = 30.0
#: The same for one person's table against computers only.
BOTS_IDLE_MINUTES = 10.0
#: Seconds a person may take for a turn at a table with other people (0: no clock).
TURN_SECONDS = 180.0


class TableLife:
    """The limits a :class:`~binokel.web.tables.TableManager` keeps (a mixin: it supplies
    the tables, the store and the way to end or hand over a table)."""

    store: TableStore
    tables: dict[str, Table]
    per_client: int
    max_tables: int
    idle_seconds: float
    bots_idle_seconds: float

    def _end(self, table: Table, status: str) -> None:
        raise NotImplementedError

    def leave(self, table: Table, seat: int | None) -> None:
        raise NotImplementedError

    # --- idle tables ---------------------------------------------------------------------------

    def idle_limit(self, table: Table) -> float:
        """Seconds the table may stay idle: shorter for one person against computers."""
        computers_only = not table.open_seats() and len(table.people()) <= 1
        return self.bots_idle_seconds if computers_only else self.idle_seconds

    def expire_idle(self, now: float | None = None) -> list[str]:
        """End the tables nobody is connected to that have had no move for their idle limit
        (their record is kept); returns their ids."""
        now = time.time() if now is None else now
        stale = []
        for table in list(self.tables.values()):
            since = table.idle_since() if table.is_playing else None
            if since is not None and since < now - self.idle_limit(table):
                stale.append(table)
        for table in stale:
            log.info("table %s expired: nobody there since %s", table.id,
                     time.strftime("%H:%M", time.gmtime(table.idle_since() or now)))
            self._end(table, "expired")
        return [t.id for t in stale]

    def make_room(self) -> None:
        """With the server full, end the table nobody has been at the longest; refuse when
        every table has somebody at it."""
        playing = [t for t in self.tables.values() if t.is_playing]
        if len(playing) < self.max_tables:
            return
        idle = [t for t in playing if t.idle_since() is not None]
        if not idle:
            raise TableError("The server is full: every table has players at it. Try again "
                             "in a few minutes.")
        oldest = min(idle, key=lambda t: t.idle_since() or 0.0)
        log.info("server full: table %s ends (idle the longest)", oldest.id)
        self._end(oldest, "expired")

    # --- the per-address cap -------------------------------------------------------------------

    def check_cap(self, client: str, table: Table | None = None) -> None:
        """Refuse ``client`` (a network) another table when it has its cap in play already;
        a table it already counts (``table``, made or sat at by it) is free."""
        if not client or not self.per_client:
            return
        if table is not None and (table.creator == client
                                  or any(s.client == client for s in table.seats)):
            return
        held = self.store.live_tables(client)
        if held >= self.per_client:
            tables = "table" if self.per_client == 1 else "tables"
            raise TableError(
                f"You have {self.per_client} {tables} in play already (the most one "
                "address may make or sit at). To free one, finish or abandon it from \u201cYour "
                "tables\u201d in the lobby, or cancel it while nobody else sits at it; a table "
                f"nobody is connected to ends by itself after {self.idle_seconds / 60:g} "
                f"minutes ({self.bots_idle_seconds / 60:g} against computers only).")

    # --- the turn clock ----------------------------------------------------------------------

    def arm_clock(self, table: Table) -> None:
        """Start the clock of the person to move at a table with other people (and stop the
        last one's)."""
        seat = table.state.to_move
        running = (table.clock > 0 and table.is_playing and 0 <= seat < len(table.seats)
                   and table.seats[seat].kind == "human" and len(table.people()) >= 2)
        key = (table.n, seat)
        if table.clock_task is not None:
            if running and table.clock_at == key:
                return  # the same turn: reconnecting does not wind the clock back
            table.clock_task.cancel()
            table.clock_task = None
        if not running:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        table.clock_at = key
        table.clock_task = loop.call_later(table.clock, self._clock_ran_out, table, table.n,
                                           seat)

    def _clock_ran_out(self, table: Table, n: int, seat: int) -> None:
        table.clock_task = None
        if (not table.is_playing or table.n != n or table.state.to_move != seat
                or table.seats[seat].kind != "human"):
            return
        name = table.seats[seat].name or f"Seat {seat + 1}"
        mine = error_message(f"You did not act within {table.clock:g} seconds: a computer "
                             f"player plays seat {seat + 1} now, and you watch.")
        theirs = error_message(f"{name} did not act within {table.clock:g} seconds: a "
                               f"computer player plays seat {seat + 1} now.")
        welcome = dumps({"type": "welcome", "seat": None, "table": table.id})
        for listener, at in list(table.listeners.items()):
            try:
                if at == seat:
                    listener.send(mine)
                    listener.send(welcome)
                else:
                    listener.send(theirs)
            except Exception:  # a dead connection is let go by its own loop
                log.debug("a listener of %s is gone", table.id, exc_info=True)
        log.info("table %s: seat %d ran out of time", table.id, seat)
        try:
            self.leave(table, seat)
        except (TableError, StoreError):
            log.warning("table %s: the clock could not hand seat %d over", table.id, seat,
                        exc_info=True)
