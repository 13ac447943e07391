"""Tables of the web server: seats and their tokens, actions, bot turns and who hears what.

A :class:`TableManager` owns every table.  The only way to change a table is
:meth:`TableManager.act` (or a computer player taking its turn, which goes the same way): the
actions are checked by the game, **committed to the store**, and only then is each listener sent
what its seat may see -- its own view to a seat, the public view to a spectator.

Nothing here knows about HTTP or sockets: a listener is anything with ``send(text)``.

>>> import asyncio
>>> from binokel.web.store import Store
>>> async def demo() -> str:
...     manager = TableManager(Store(":memory:"), bot_delay=0)
...     table, token, cancel_token = manager.create("binokel", ["human", "open", "open"], take=0)
...     await manager.close()
...     return table.seats[0].kind
>>> asyncio.run(demo())
'human'
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hmac
import logging
import random
import secrets
import time
from collections import deque
from collections.abc import Callable, Sequence

from ..errors import IllegalActionError, NotationError
from ..games import PlayState
from .botpool import BotPool, searches
from .games import all_rule_sets, game_for_rules, new_state, replay, seat_count
from .hints import Hints
from .players import BOT_CANDIDATES, available_bots, make_bot
from .protocol import JSON, MAX_NAME_CHARS
from .store import StoredTable, TableStore
from .table import (
    ENDED,
    TABLE_ID,
    Created,
    Listener,
    Seat,
    Table,
    TableError,
    clean_name,
    token_hash,
)
from .tablelife import (
    BOTS_IDLE_MINUTES,
    MAX_PLAYING_TABLES,
    MAX_TABLES_PER_CLIENT,
    TABLE_IDLE_MINUTES,
    TURN_SECONDS,
    TableLife,
)

log = logging.getLogger("binokel.web")

__all__ = ["BOTS_IDLE_MINUTES", "BOT_CANDIDATES", "ENDED", "MAX_NAME_CHARS",
           "MAX_PLAYING_TABLES", "MAX_TABLES_PER_CLIENT", "TABLE_ID", "TABLE_IDLE_MINUTES",
           "TURN_SECONDS", "Created", "Listener", "Seat", "Table", "TableError", "TableManager",
           "available_bots", "clean_name", "make_bot"]

#: The computer player that takes the seat of a player who leaves a game in play.
REPLACEMENT_BOT = "heuristic:level=medium"


class TableManager(TableLife):
    """Every table of one server, backed by a :class:`Store`; computer players decide in a
    :class:`~binokel.web.botpool.BotPool`, hints in a pool of their own
    (:class:`~binokel.web.hints.Hints`); the limits are :class:`~binokel.web.tablelife.TableLife`'s.
    """

    def __init__(self, store: TableStore, *, bot_delay: float = 0.8,
                 per_client: int = MAX_TABLES_PER_CLIENT,
                 idle_minutes: float = TABLE_IDLE_MINUTES,
                 bots_idle_minutes: float = BOTS_IDLE_MINUTES,
                 max_tables: int = MAX_PLAYING_TABLES, turn_seconds: float = TURN_SECONDS,
                 pool: BotPool | None = None, hints: Hints | None = None,
                 quick: BotPool | None = None) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.per_client = per_client
        self.idle_seconds = 60.0 * idle_minutes
        self.bots_idle_seconds = 60.0 * min(bots_idle_minutes, idle_minutes)
        self.max_tables = max_tables
        self.turn_seconds = turn_seconds
        self.pool = pool if pool is not None else BotPool()
        # Players that do not search decide in a worker of their own (started by the first
        # move): an expert's long move never holds up another table's quick players.
        self.quick = quick if quick is not None else BotPool(
            workers=1, timeout=self.pool.timeout, function=self.pool.function,
            niceness=self.pool.niceness)
        self.hints = hints if hints is not None else Hints()
        # A hint's worker stops while a computer player thinks: hints never take its CPU.
        self._thinking: set[int] = set()
        self.pool.on_busy = functools.partial(self._pause_hints, 0)
        self.quick.on_busy = functools.partial(self._pause_hints, 1)
        self.tables: dict[str, Table] = {}
        self._pending: deque[str] = deque()
        self._closing = False
        self.claim: Callable[[str], bool] | None = None
        """With several servers on one database: take a table's lease before running it;
        False when another server runs it (see :mod:`binokel.web.cluster`)."""
        self.release: Callable[[str], None] | None = None
        """With several servers: let go of the lease of a table dropped from memory."""

    def _pause_hints(self, pool: int, busy: bool) -> None:
        """The hints' worker stops while either pool of computer players thinks."""
        (self._thinking.add if busy else self._thinking.discard)(pool)
        self.hints.pool.pause(bool(self._thinking))

    # --- lifecycle -----------------------------------------------------------------------

    def resume(self) -> int:
        """Note every table left playing in the store, however many; :meth:`load_pending`
        (or :meth:`get`, whichever comes first) brings each back and lets its computer players
        carry on.  Returns the number of tables to resume."""
        self._pending.extend(self.store.table_ids(status="playing"))
        return len(self._pending)

    async def load_pending(self, *, batch: int = 50) -> int:
        """Replay the tables :meth:`resume` noted, a batch at a time between other work."""
        loaded = 0
        while self._pending and not self._closing:
            for _ in range(min(batch, len(self._pending))):
                if self.get(self._pending.popleft()) is not None:
                    loaded += 1
            await asyncio.sleep(0)
        return loaded

    async def close(self) -> None:
        self._closing = True
        tasks = [t.bot_task for t in self.tables.values() if t.bot_task is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for table in self.tables.values():
            if table.clock_task is not None:
                table.clock_task.cancel()
        await asyncio.to_thread(self.pool.close)
        await asyncio.to_thread(self.quick.close)
        await asyncio.to_thread(self.hints.close)

    # --- finding and making tables --------------------------------------------------------

    def get(self, table_id: str) -> Table | None:
        """A table by id, from memory or replayed from the store; a table in play that comes
        back from the store has its computer players started."""
        table = self.tables.get(table_id)
        if table is not None or not TABLE_ID.match(table_id):
            return table
        # With servers sharing a store, the lease first: a table another server runs is not
        # read here for nothing, and one that becomes ours is read once, after the claim
        # (the server that held it may have written an action and let the lease go since).
        claim = (self.claim if self.claim is not None
                 and self.store.table_status(table_id) == "playing" else None)
        if claim is not None and not claim(table_id):
            return None  # another server runs it
        stored = self.store.load_table(table_id)
        if stored is None or (claim is not None and stored.status != "playing"):
            if claim is not None and self.release is not None:
                self.release(table_id)
            if stored is None:
                return None
            claim = None  # it ended in between: served from the store, not run here
        try:
            game = game_for_rules(stored.rules)
            state = replay(game, stored.rules, stored.seed, stored.actions)
        except Exception:
            log.exception("table %s cannot be replayed", table_id)
            if claim is not None and self.release is not None:
                self.release(table_id)
            return None
        table = Table(id=stored.id, game=game, rules=stored.rules, seed=stored.seed,
                      title=stored.title, created=stored.created, status=stored.status,
                      seats=[Seat(kind=s.kind, name=s.name, bot=s.bot, token_hash=s.token_hash,
                                  client=s.client) for s in stored.seats],
                      state=state, actions=list(stored.actions), creator=stored.creator,
                      creator_seat=stored.creator_seat, cancel_hash=stored.cancel_hash,
                      updated=stored.updated or stored.created, touched=time.time(),
                      rematch_votes=set(stored.rematch_votes),
                      rematch_table=stored.rematch_table,
                      clock=self.turn_seconds if stored.clock is None else stored.clock)
        # After a restart nobody is held to a summary they may have seen before it.
        table.seen = dict.fromkeys(range(len(table.seats)), table.hands_done)
        if table.is_playing:
            # A finished or abandoned game is rebuilt when asked for and not kept: memory holds
            # the games in play and the ended ones somebody is still watching.
            self.tables[table.id] = table
            self._kick(table)
        return table

    def can_end(self, table: Table) -> bool:
        """Whether the table's creator can still end it: cancel it (nobody else has sat
        down) or abandon it from the seat they took."""
        if not table.is_playing:
            return False
        mine = table.creator_seat
        return not table.others_seated() or (mine is not None and table.seats[mine].kind ==
                                             "human")

    def create(self, rules: str, seats: Sequence[str], *, take: int | None = None, name: str = "",
               title: str = "", seed: str | None = None, creator: str = "",
               clock: float | None = None, also: Sequence[str] = ()) -> Created:
        """A new table.  ``seats`` holds ``open``, ``human`` (the creator's seat) or
        ``bot:SPEC`` per seat; ``take`` is the seat whose token is returned; ``creator`` (the
        client's network, :func:`~binokel.web.guard.client_key`) may have at most
        ``per_client`` tables in play that it made or sits at, and so may the networks in
        ``also`` (the people a rematch seats).  ``clock`` is the turn clock in seconds (0:
        none; default: the server's).  The creator also gets a token that cancels the
        table."""
        try:
            game = game_for_rules(rules)
        except KeyError:
            known = ", ".join(sorted(all_rule_sets()))
            raise TableError(f"unknown rule set {rules!r}; known: {known}") from None
        self.expire_idle()
        for client in dict.fromkeys([creator, *also]):
            self.check_cap(client)
        players = seat_count(game, rules)
        if len(seats) != players:
            raise TableError(f"{rules} is played by {players}: give {players} seats, not "
                             f"{len(seats)}")
        if take is not None and not 0 <= take < players:
            raise TableError(f"take must be a seat number from 0 to {players - 1}, not {take}")
        bots = available_bots(game)
        built: list[Seat] = []
        for i, spec in enumerate(seats):
            if spec == "open":
                built.append(Seat(kind="open"))
            elif spec == "human":
                if take != i:
                    raise TableError("only the seat you take can be 'human'; others are 'open'")
                built.append(Seat(kind="open"))
            elif spec.startswith("bot:") and spec[4:] in bots:
                built.append(Seat(kind="bot", name=spec[4:], bot=spec[4:]))
            else:
                raise TableError(f"seat {i + 1}: {spec!r} is not 'open', 'human' or one of "
                                 + ", ".join(f"bot:{b}" for b in bots))
        token = None
        if take is not None:
            if built[take].kind != "open":
                raise TableError(f"take is {take}, but seat {take + 1} holds a computer player")
            token = secrets.token_urlsafe(24)
            built[take] = Seat(kind="human", name=clean_name(name, f"Player {take + 1}"),
                               token_hash=token_hash(token), client=creator or None)
        self.make_room()
        cancel_token = secrets.token_urlsafe(24)
        seed = seed if seed is not None else secrets.token_hex(16)
        table_id = secrets.token_urlsafe(6)
        while table_id in self.tables or self.store.has_table(table_id):
            table_id = secrets.token_urlsafe(6)
        now = time.time()
        table = Table(id=table_id, game=game, rules=rules, seed=seed,
                      title=clean_name(title, ""), created=now, status="playing",
                      seats=built, state=new_state(game, rules, seed), creator=creator,
                      creator_seat=take, cancel_hash=token_hash(cancel_token), updated=now,
                      touched=now, clock=self.turn_seconds if clock is None else clock)
        self.store.create_table(StoredTable(
            id=table.id, game=game.name, rules=rules, seed=seed, title=table.title,
            created=table.created, status=table.status, seats=[s.stored() for s in built],
            creator_seat=take, cancel_hash=table.cancel_hash, updated=now, creator=creator,
            clock=None if clock is None else table.clock))
        self.tables[table.id] = table
        self._kick(table)
        return Created(table, token, cancel_token)

    def join(self, table: Table, seat: int, name: str = "", client: str = "") -> str:
        """Take an open seat; returns the seat token (the only key to act for that seat).
        ``client`` (the network of the address sitting down) may sit at so many tables."""
        if not table.is_playing:
            raise TableError(f"This table is no longer playing (it is {table.status}).")
        if not 0 <= seat < len(table.seats):
            raise TableError(f"seat must be a seat number from 0 to {len(table.seats) - 1}, "
                             f"not {seat}")
        if table.seats[seat].kind != "open":
            raise TableError(f"Seat {seat + 1} is taken.")
        self.check_cap(client, table)
        token = secrets.token_urlsafe(24)
        new = Seat(kind="human", name=clean_name(name, f"Player {seat + 1}"),
                   token_hash=token_hash(token), client=client or None)
        self.store.set_seat(table.id, seat, new.stored())
        table.seats[seat] = new
        table.seen[seat] = table.hands_done  # a newcomer is not held to the hands before
        table.updated = time.time()
        self._broadcast(table)
        self._kick(table)  # (the turn clock starts once people play people)
        return token

    def seat_of(self, table: Table, token: str | None) -> int | None:
        """The seat a token belongs to, or None (a spectator)."""
        if not token:
            return None
        digest = token_hash(token)
        for i, seat in enumerate(table.seats):
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                return i
        return None

    def lobby(self) -> list[dict[str, JSON]]:
        """Tables one can join (an open seat) or watch (playing), newest first, each with
        when it last changed."""
        self.expire_idle()
        tables = sorted((t for t in self.tables.values() if t.is_playing),
                        key=lambda t: -t.created)
        return [{**t.info(), "updated": t.updated} for t in tables[:100]]

    def mine(self, tokens: dict[str, str]) -> list[dict[str, JSON]]:
        """The tables a browser holds seat tokens for (``{table id: token}``): those in play
        with the seat the token holds (a wrong token gets nothing), and the status of the
        others (so the page forgets their tokens)."""
        found: list[dict[str, JSON]] = []
        for table_id, token in list(tokens.items())[:50]:
            table = self.tables.get(table_id)
            if table is not None and table.is_playing:
                seat = self.seat_of(table, token)
                if seat is not None:
                    found.append({**table.info(), "updated": table.updated, "seat": seat})
                continue
            status = self.store.table_status(table_id) if TABLE_ID.match(table_id) else None
            if status is not None and status != "playing":
                found.append({"id": table_id, "status": status})
        return found

    # --- ending a table that never got going ------------------------------------------------

    def cancel(self, table: Table, token: str) -> None:
        """End a table with its creator's cancel token, while nobody else has sat down."""
        digest = token_hash(token)
        if table.cancel_hash is None or not hmac.compare_digest(table.cancel_hash, digest):
            raise TableError("That is not this table's cancel token: only its creator can "
                             "cancel it.")
        if not table.is_playing:
            raise TableError(f"This game is already {table.status}.")
        if table.others_seated():
            raise TableError("Other players have sat down at this table: it cannot be "
                             "cancelled now; a seated player can abandon the game.")
        self._end(table, "cancelled")

    def _end(self, table: Table, status: str) -> None:
        self.store.set_status(table.id, status)
        table.status = status
        table.updated = time.time()
        if table.bot_task is not None:
            # Let go of it, too: the cancelled task keeps its traceback, whose frame holds the
            # table, a cycle that only the garbage collector's (rare) sweep would free.
            table.bot_task.cancel()
            table.bot_task = None
        self.arm_clock(table)  # (stops it)
        self._broadcast(table)
        self._forget_if_ended(table)

    # --- listeners -----------------------------------------------------------------------

    def attach(self, table: Table, listener: Listener, seat: int | None) -> None:
        # An ended game rebuilt for a visitor is kept while watched, so that everyone at it
        # shares one table (and one rematch offer).
        self.tables.setdefault(table.id, table)
        table.listeners[listener] = seat
        table.touched = time.time()
        self._broadcast(table)  # the seat list (who is connected) changed for everyone

    def detach(self, table: Table, listener: Listener) -> None:
        if table.listeners.pop(listener, "gone") != "gone":
            table.touched = time.time()
            self._broadcast(table)
            self._kick(table)  # a player who went away holds the computer players up no more
        self._forget_if_ended(table)

    def _forget_if_ended(self, table: Table) -> None:
        """Drop an ended game that nobody watches from memory (the store keeps it, and
        :meth:`get` rebuilds it for its record or a late visitor)."""
        if not table.is_playing and not table.listeners and self.tables.get(table.id) is table:
            del self.tables[table.id]
            if self.release is not None:
                self.release(table.id)

    def drop(self, table_id: str) -> None:
        """Let go of a table another server runs now: its computer players stop here and
        every connection to it is closed with code 1012 (the page reconnects and finds the
        server that runs it)."""
        table = self.tables.pop(table_id, None)
        if table is None:
            return
        if table.bot_task is not None:
            table.bot_task.cancel()
            table.bot_task = None
        if table.clock_task is not None:
            table.clock_task.cancel()
        for listener in list(table.listeners):
            hang_up = getattr(listener, "hang_up", None)
            if hang_up is not None:
                hang_up(1012)
        table.listeners.clear()

    def message_for(self, table: Table, seat: int | None) -> str:
        """The ``state`` message a seat (or, for None, a spectator) is sent now
        (:meth:`Table.message`)."""
        return table.message(seat)

    def _broadcast(self, table: Table, *, seats: bool = True) -> None:
        table.changed(seats=seats)
        for listener, seat in list(table.listeners.items()):
            try:
                listener.send(self.message_for(table, seat))
            except Exception:  # a dead connection must not stop the others
                log.debug("dropping a listener of %s", table.id, exc_info=True)
                table.listeners.pop(listener, None)

    # --- the one way to change a table -----------------------------------------------------

    def act(self, table: Table, seat: int | None, texts: Sequence[str], *,
            n: int | None = None) -> None:
        """Apply actions for ``seat``, all or none; commit them; then tell every listener.

        Raises :class:`TableError` with the reason (not seated, stale, out of turn, illegal);
        the table is then unchanged.
        """
        if seat is None:
            raise TableError("Spectators cannot act: take a seat first.")
        if not table.is_playing:
            raise TableError(f"This game is {table.status}.")
        if n is not None and n != table.n:
            raise TableError("The table has moved on since your last update; try again.")
        state = table.state
        if state.to_move != seat:
            # (The engine numbers seats from 0; the page says "Seat 1" for the first.)
            raise TableError(f"It is not your turn: seat {state.to_move + 1} is to act.")
        applied: list[str] = []
        for text in texts:
            try:
                action = table.game.parse_action(text)
            except (NotationError, ValueError) as exc:
                raise TableError(str(exc)) from None
            try:
                state = state.apply(action, seat=seat)
            except IllegalActionError as exc:
                raise TableError(str(exc)) from None
            applied.append(str(action))
        before = table.progress()
        # Acting in the new hand says its player has moved on from the last summary.
        table.seen[seat] = max(table.seen.get(seat, 0), table.hands_done)
        self._commit(table, seat, state, applied, before)

    def next_hand(self, table: Table, seat: int | None, hands: int) -> None:
        """A seat's page has shown the summary of the first ``hands`` finished hands: the
        computer players stop waiting for that seat."""
        if seat is None:
            raise TableError("Spectators need not say when to deal on.")
        if hands > table.hands_done:
            raise TableError(f"Hand {hands} is not finished yet ({table.hands_done} are).")
        if hands <= table.seen.get(seat, 0):
            return  # said already (a second tab, a double tap): nothing changes
        table.seen[seat] = hands
        self._broadcast(table)
        self._kick(table)

    def _commit(self, table: Table, seat: int, state: PlayState, applied: list[str],
                before: tuple[int, tuple[int, ...]] | None = None) -> None:
        # Committed before anyone hears of it: a restart never forgets an announced action.
        # The status a last action causes is in the same transaction: no finished game can
        # be left "playing" by a crash between the two.
        before = table.progress() if before is None else before
        status = "finished" if state.is_over else None
        self.store.append_actions(table.id, table.n, seat, applied, status=status)
        table.actions.extend(applied)
        table.state = state
        table.updated = time.time()
        if status is not None:
            table.status = status
        # The table's info (not only the game) changes when the game ends, a hand ends or the
        # computer players stop waiting for someone's summary.
        self._broadcast(table, seats=status is not None or table.progress() != before)
        if not self._say_done(table):
            self._kick(table)
        self._forget_if_ended(table)

    def _say_done(self, table: Table) -> bool:
        """A person who won a trick with nothing to declare says done at once (decision
        binocle-06): nobody waits on it, and the others see the same step either way."""
        state, seat = table.state, table.state.to_move
        quiet = getattr(state, "nothing_to_declare", None)
        if not (table.is_playing and 0 <= seat < len(table.seats) and quiet is not None
                and table.seats[seat].kind == "human" and quiet()):
            return False
        done = table.game.parse_action("done")
        self._commit(table, seat, state.apply(done, seat=seat), [str(done)])
        return True

    def abandon(self, table: Table, seat: int | None) -> None:
        """End an unfinished game (a seated player's choice); its record becomes available."""
        if seat is None:
            raise TableError("Only a seated player can abandon the game.")
        if not table.is_playing:
            raise TableError(f"This game is already {table.status}.")
        self._end(table, "abandoned")

    def leave(self, table: Table, seat: int | None) -> None:
        """A seated player gets up: a computer player takes the seat and plays on, and every
        connection of that seat becomes a spectator's (its token acts no more)."""
        if seat is None:
            raise TableError("Only a seated player can leave a seat.")
        if not table.is_playing:
            raise TableError(f"This game is already {table.status}; there is no seat to leave.")
        bots = available_bots(table.game)
        spec = REPLACEMENT_BOT if REPLACEMENT_BOT in bots else bots[-1]
        old = table.seats[seat]
        new = Seat(kind="bot", name=clean_name(f"{old.name[:14]} (computer)", "Computer"),
                   bot=spec)
        self.store.set_seat(table.id, seat, new.stored())
        table.seats[seat] = new
        table.updated = time.time()
        for listener, at in list(table.listeners.items()):
            if at == seat:
                table.listeners[listener] = None
        self._broadcast(table)
        self._kick(table)

    def rematch(self, table: Table, seat: int | None) -> Table | None:
        """Offer or accept a new game at an ended table: same rule set, seats, names and
        computer players.  Once every person seated has said yes, the new table is made,
        each person keeps their seat token for it, and every listener hears of its id.
        Returns the new table, or None while the others have not accepted yet."""
        if seat is None:
            raise TableError("Only a seated player can ask for a rematch.")
        if table.is_playing:
            raise TableError("A rematch can be offered once this game is over.")
        if table.seats[seat].kind != "human":
            raise TableError("Only a person seated at this table can ask for a rematch.")
        if table.rematch_table is not None:
            raise TableError("The rematch has begun already.")
        people = {i for i, s in enumerate(table.seats) if s.kind == "human"}
        new: Table | None = None
        # The vote counts once it is taken: a rematch the server refuses (create raises
        # TableError) leaves the votes as they were.
        if people <= table.rematch_votes | {seat}:
            specs = [f"bot:{s.bot}" if s.kind == "bot" and s.bot else "open"
                     for s in table.seats]
            # The new table counts toward the cap of whoever made the old one and of everyone
            # it seats, as any table does.
            clients = [c for c in (table.seats[i].client for i in sorted(people)) if c]
            new = self.create(table.rules, specs, title=table.title, creator=table.creator,
                              clock=table.clock, also=clients).table
            for i in sorted(people):
                old = table.seats[i]
                # The same token acts for the same seat at the new table: nobody has to be
                # invited again, and no token travels over the wire.
                again = Seat(kind="human", name=old.name, token_hash=old.token_hash,
                             client=old.client)
                self.store.set_seat(new.id, i, again.stored())
                new.seats[i] = again
            table.rematch_table = new.id
            # (create has started the new table's computer players: they run from the next
            # turn of the event loop, when the seats above are in place)
        # Stored, not only remembered: a table reloaded after a restart has one rematch too.
        self.store.set_rematch(table.id, sorted(table.rematch_votes | {seat}),
                               table.rematch_table)
        table.rematch_votes.add(seat)
        self._broadcast(table)
        return new

    def record(self, table: Table) -> str:
        """The game record, once the game is over (earlier, the seed in it would tell every
        hidden card)."""
        if table.status not in ENDED:
            raise TableError("The record is available once the game is finished or abandoned "
                             "(or cancelled, or expired).")
        return table.record_text()

    # --- computer players ------------------------------------------------------------------

    async def hint(self, table: Table, seat: int | None) -> dict[str, JSON]:
        """What the best computer player would do in ``seat``'s place
        (:meth:`Hints.hint <binokel.web.hints.Hints.hint>`: its own pool and rate)."""
        return await self.hints.hint(table, seat)

    def _bot_to_move(self, table: Table) -> bool:
        """A computer player is to move, and no person is still reading the last summary."""
        seat = table.state.to_move
        return (table.is_playing and 0 <= seat < len(table.seats)
                and table.seats[seat].kind == "bot" and not table.waiting())

    def _kick(self, table: Table) -> None:
        """Start the table's computer players if one is to move (one task per table), or
        the turn clock of a person to move."""
        if self._closing:
            return
        if not self._bot_to_move(table):
            self.arm_clock(table)
            return
        if table.bot_task is not None and not table.bot_task.done():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop yet: resume() runs again when the server starts
        table.bot_task = loop.create_task(self._run_bots(table))
        table.bot_task.add_done_callback(_log_failure)

    async def _run_bots(self, table: Table) -> None:
        while self._bot_to_move(table):
            if self.bot_delay > 0:
                await asyncio.sleep(self.bot_delay)
            if not self._bot_to_move(table):
                return
            seat = table.state.to_move
            n = table.n
            spec = table.seats[seat].bot or "random"
            view = table.state.view(seat)  # the seat's view, and nothing more, goes out
            seed = f"{table.seed}/bot/{n}"
            pool = self.pool if searches(spec) else self.quick
            decision = await pool.decide(table.game.name, spec, view, seed=seed,
                                         share=table.creator or table.id)
            if table.n != n or not self._bot_to_move(table):
                continue  # the table changed while the bot thought (abandoned, say)
            legal = list(view.legal_actions)
            if decision is None:  # its worker crashed or got stuck: the table carries on
                action = random.Random(seed).choice(legal)
            elif decision.action in legal:
                action = decision.action
            else:
                log.error("bot %s chose an illegal %s at table %s", spec, decision.action,
                          table.id)
                action = legal[0]
            self._commit(table, seat, table.state.apply(action, seat=seat), [str(action)])
            await asyncio.sleep(0)  # let the announcements go out between moves


def _log_failure(task: asyncio.Task[None]) -> None:
    """A computer players' task must never die quietly: the table would wait forever."""
    if not task.cancelled() and task.exception() is not None:
        log.error("the computer players of a table stopped", exc_info=task.exception())
