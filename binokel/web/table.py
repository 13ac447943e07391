"""One web table: its seats, its game, who listens, and the messages each listener is sent.

A :class:`Table` is the state :class:`~binokel.web.tables.TableManager` changes; here it only
answers what anyone may know about it (:meth:`Table.info`) and what each seat or spectator is
sent now (:meth:`Table.message`): each seat's view is built and encoded once per change, and
what did not change is reused (:mod:`binokel.web.messages`).

>>> from binokel.web.games import game_for_rules, new_state
>>> game = game_for_rules("binokel")
>>> table = Table(id="demo", game=game, rules="binokel", seed="s", title="", created=0.0,
...               status="playing", seats=[Seat(kind="open") for _ in range(3)],
...               state=new_state(game, "binokel", "s"))
>>> table.message(None) is table.message(None), '"hand":null' in table.message(None)
(True, True)
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import time
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

from ..games import AnyGame, PlayState
from .messages import ViewEncoder, dumps_text, public_fields, state_text
from .protocol import JSON, MAX_NAME_CHARS
from .store import StoredSeat

__all__ = ["ENDED", "TABLE_ID", "Created", "Listener", "Seat", "Table", "TableError",
           "clean_name", "token_hash"]

#: Statuses of a game that is over, one way or another.
ENDED = ("finished", "abandoned", "cancelled", "expired")
TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{4,32}$")


class Listener(Protocol):
    """Where a table's messages go: one browser connection, or a test's list."""

    def send(self, text: str) -> None: ...


class TableError(ValueError):
    """A request the table refuses; the text says why, for the player."""


# --- tables ----------------------------------------------------------------------------------

@dataclass
class Seat:
    kind: str
    """``open`` (waiting for a player), ``human`` or ``bot``."""
    name: str = ""
    bot: str | None = None
    token_hash: str | None = None
    client: str | None = None
    """The network of the address that took the seat (the per-address cap counts it)."""

    def stored(self) -> StoredSeat:
        return StoredSeat(kind=self.kind, name=self.name, bot=self.bot, token_hash=self.token_hash,
                          client=self.client)


@dataclass(eq=False)
class Table:
    id: str
    game: AnyGame
    rules: str
    seed: str
    title: str
    created: float
    status: str
    seats: list[Seat]
    state: PlayState
    actions: list[str] = field(default_factory=list)
    listeners: dict[Listener, int | None] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    creator: str = ""
    """The network of the client address that made the table (stored)."""
    seen: dict[int, int] = field(default_factory=dict)
    """Seat -> finished hands whose summary that seat's page has shown (memory only)."""
    rematch_votes: set[int] = field(default_factory=set)
    """Seats that offered or accepted a rematch (stored)."""
    rematch_table: str | None = None
    """The new table of an accepted rematch (stored: a table has one rematch)."""
    creator_seat: int | None = None
    """The seat the creator took when making the table, if any."""
    cancel_hash: str | None = None
    updated: float = 0.0
    """Wall-clock time of the last change: made, a seat taken or left, an action."""
    touched: float = 0.0
    """Wall-clock time somebody last connected or left (memory only: a restart counts)."""
    clock: float = 0.0
    """Seconds a person may take for a turn at a table with other people (0: no clock)."""
    clock_task: asyncio.TimerHandle | None = None
    clock_at: tuple[int, int] | None = None
    """The action number and seat the running turn clock is for."""
    encoder: ViewEncoder = field(default_factory=ViewEncoder)
    _rules_value: Any = None
    _sent: dict[int | None, str] = field(default_factory=dict)
    _fields: list[dict[str, str]] | None = None
    _info: dict[str, JSON] | None = None
    _info_text: str | None = None

    @property
    def n(self) -> int:
        """Number of actions applied."""
        return len(self.actions)

    @property
    def is_playing(self) -> bool:
        return self.status == "playing"

    @property
    def rules_value(self) -> Any:
        """The rule set itself (looked up once: the lookup builds every rule set)."""
        if self._rules_value is None:
            self._rules_value = self.game.find_rules(self.rules)
        return self._rules_value

    def open_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "open"]

    def others_seated(self) -> bool:
        """Whether a person other than the creator has taken a seat."""
        return any(s.kind == "human" and i != self.creator_seat for i, s in enumerate(self.seats))

    def people(self) -> list[int]:
        """The seats people hold."""
        return [i for i, s in enumerate(self.seats) if s.kind == "human"]

    def idle_since(self) -> float | None:
        """Since when nobody has been connected and nothing has happened; None while somebody
        is connected."""
        return None if self.listeners else max(self.updated, self.touched)

    def connected(self, seat: int) -> int:
        return sum(1 for s in self.listeners.values() if s == seat)

    @property
    def hands_done(self) -> int:
        """Finished hands (each one a line of the score sheet)."""
        return len(getattr(self.state, "results", ()))

    def waiting(self) -> list[int]:
        """The seats the computer players wait for: people at the table whose page has not
        shown the last hand's summary yet (a disconnected player holds nobody up)."""
        if not self.is_playing:
            return []
        done = self.hands_done
        return [i for i, s in enumerate(self.seats)
                if s.kind == "human" and self.seen.get(i, 0) < done and self.connected(i)]

    def progress(self) -> tuple[int, tuple[int, ...]]:
        """What of the table's info a move may change: finished hands and who is waited for."""
        return self.hands_done, tuple(self.waiting())

    def changed(self, *, seats: bool = True) -> None:
        """Forget the messages made for the table as it was; ``seats=False`` after a move
        that changed only the game (the table's info stays as it was)."""
        self._sent.clear()
        self._fields = None
        if seats:
            self._info = None
            self._info_text = None

    def info(self) -> dict[str, JSON]:
        """What anyone may know about the table (never the seed or a token)."""
        if self._info is not None:
            return self._info
        rules = self.rules_value
        seats: list[JSON] = [
            {"name": s.name, "kind": s.kind, "bot": s.bot, "connected": self.connected(i)}
            for i, s in enumerate(self.seats)]
        self._info = {
            "id": self.id, "title": self.title, "game": self.game.name, "rules": self.rules,
            "status": self.status, "seats": seats, "created": self.created,
            "spectators": sum(1 for s in self.listeners.values() if s is None),
            "hand_size": int(getattr(rules, "hand_size", 0)),
            "dabb_size": int(getattr(rules, "dabb_size", 0)),
            "teams": [list(team) for team in getattr(rules, "teams", ())],
            "record": self.status in ENDED,
            "hands": self.hands_done,
            "scores": [int(x) for x in getattr(self.state, "scores", ())],
            "clock": self.clock,
            "waiting": [*self.waiting()],
            "rematch": {"accepted": [*sorted(self.rematch_votes)], "table": self.rematch_table},
        }
        return self._info

    def info_text(self) -> str:
        if self._info_text is None:
            self._info_text = dumps_text(self.info())
        return self._info_text

    def record_text(self) -> str:
        """The game record (:meth:`TableManager.record <binokel.web.tables.TableManager.record>`
        gives it once the game is over)."""
        # A record's Players tag separates names by commas, so a comma in a name is dropped.
        players = [" ".join((s.name or "").replace(",", " ").split()) or s.kind
                   for s in self.seats]
        tags = {"Table": self.id, "Status": self.status,
                "Date": time.strftime("%Y-%m-%d", time.gmtime(self.created))}
        if self.title:
            tags["Event"] = self.title
        try:
            return self.game.dump_record(self.state, players=players, tags=tags)
        except (ImportError, TypeError):
            pass  # no record format for this game yet: the plain form below says the same
        head = {"Game": self.game.name, "Rules": self.rules, "Seed": self.seed,
                "Players": ", ".join(players), **tags}
        lines = [f'[{key} "{value}"]' for key, value in head.items()]
        return "\n".join([*lines, "", "Actions:", *self.actions, ""])

    def message(self, seat: int | None) -> str:
        """The ``state`` message a seat (or, for None, a spectator) is sent now: each seat's
        view is built and encoded once per change, and what did not change is reused."""
        cached = self._sent.get(seat)
        if cached is not None:
            return cached
        fields = self._fields
        if fields is None:
            fields = self._fields = [self.encoder.fields(self.state.view(s))
                                     for s in range(len(self.seats))]
        view = fields[seat] if seat is not None else public_fields(fields)
        text = self._sent[seat] = state_text(n=self.n, seat=seat, table=self.info_text(),
                                             view=view)
        return text


class Created(NamedTuple):
    table: Table
    token: str | None
    """The seat token of the seat the creator took (None if none)."""
    cancel_token: str
    """The creator's key to cancel the table while no one else has sat down."""


def token_hash(token: str) -> str:
    """The digest kept of a seat or cancel token (never the token itself)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def clean_name(name: object, fallback: str) -> str:
    """A display name: printable, at most :data:`MAX_NAME_CHARS` characters."""
    if not isinstance(name, str):
        return fallback
    text = "".join(ch for ch in name if ch.isprintable()).strip()[:MAX_NAME_CHARS]
    return text or fallback

