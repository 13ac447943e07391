"""A club tournament's record: its settings, players, rounds, tables and corrections.

The record is a plain value kept as JSON (:meth:`Tournament.to_json`); every change is a method
that checks it first and raises :class:`ClubError` naming what forbids it, changing nothing.

>>> t = Tournament.new("Kirbe", rules="binokel", rounds=2, hands=3, seed="s")
>>> for name in ("Anna", "Bert", "Cora"):
...     _ = t.add_player(name)
>>> t.add_player("anna")
Traceback (most recent call last):
binokel.club.model.ClubError: players: there is a player named 'Anna' already
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .draw import Seating

MAX_NAME = 40
MAX_PLAYERS = 400
MAX_ROUNDS = 10
MAX_HANDS = 120


class ClubError(ValueError):
    """A change the tournament refuses; the message names the field or rule."""


@dataclass
class Player:
    id: str
    name: str
    paid: bool = False
    joined: int = 1
    """The first round the player is drawn for (a late entry joins later)."""
    withdrawn: int | None = None
    """The last round the player sat in before leaving (0: before round 1), or None."""


@dataclass
class Table:
    number: int
    players: list[str]
    """Player ids in seat order."""
    first_dealer: int
    pad: str | None = None
    """The id of the table's score pad."""
    typed: list[int] | None = None
    """Final totals the organiser typed from the table's paper sheet (instead of the pad)."""
    points: list[int] | None = None
    """Each seat's points, fixed when the round closed."""
    missed: list[int] | None = None
    """Contracts each seat missed as declarer, fixed when the round closed."""


@dataclass
class Round:
    number: int
    seed: str
    tables: list[Table]
    closed: bool = False


@dataclass
class Correction:
    round: int
    player: str
    delta: int
    who: str
    why: str
    at: float


@dataclass
class Tournament:
    name: str
    rules: str
    rounds: int
    hands: int
    """Hands a table of three plays a round (a table of four plays a third more, so everyone
    plays and deals alike)."""
    seed: str
    by_standing: bool = False
    players: list[Player] = field(default_factory=list)
    played: list[Round] = field(default_factory=list)
    corrections: list[Correction] = field(default_factory=list)

    @classmethod
    def new(cls, name: str, *, rules: str, rounds: int, hands: int, seed: str,
            by_standing: bool = False) -> Tournament:
        name = _name(name, "name")
        if not 1 <= rounds <= MAX_ROUNDS:
            raise ClubError(f"rounds: from 1 to {MAX_ROUNDS}, not {rounds}")
        if not 3 <= hands <= MAX_HANDS or hands % 3:
            raise ClubError(f"hands: a multiple of 3 from 3 to {MAX_HANDS} (so everyone deals "
                            f"alike), not {hands}")
        if not seed or len(seed) > 64:
            raise ClubError("seed: 1 to 64 characters")
        return cls(name, rules, rounds, hands, seed, by_standing)

    # --- what it is ---------------------------------------------------------------------------

    def hands_at(self, seats: int) -> int:
        """Hands a table of ``seats`` plays in a round: 4/3 as many at a table of four, where
        the dealer sits out, so each player plays ``hands`` of them."""
        return self.hands * seats // 3

    @property
    def open_round(self) -> Round | None:
        return self.played[-1] if self.played and not self.played[-1].closed else None

    @property
    def finished(self) -> bool:
        return len(self.played) == self.rounds and self.open_round is None

    def player(self, player_id: str) -> Player:
        for p in self.players:
            if p.id == player_id:
                return p
        raise ClubError(f"player: there is no player {player_id!r}")

    def round(self, number: int) -> Round:
        if not 1 <= number <= len(self.played):
            raise ClubError(f"round: there is no round {number} yet ({len(self.played)} drawn)")
        return self.played[number - 1]

    def table(self, number: int, table: int) -> Table:
        tables = self.round(number).tables
        if not 1 <= table <= len(tables):
            raise ClubError(f"table: round {number} has tables 1-{len(tables)}, not {table}")
        return tables[table - 1]

    def active(self) -> list[str]:
        """Ids of the players the next draw seats (not withdrawn), in entry order."""
        return [p.id for p in self.players if p.withdrawn is None]

    # --- registration -------------------------------------------------------------------------

    def _check_name(self, name: str, player_id: str | None = None) -> str:
        name = _name(name, "name")
        for p in self.players:
            if p.id != player_id and p.name.casefold() == name.casefold():
                raise ClubError(f"players: there is a player named {p.name!r} already")
        return name

    def add_player(self, name: str) -> Player:
        """A new player; after round 1 a late entry, drawn from the next round."""
        if self.open_round is not None:
            raise ClubError(f"players: round {self.open_round.number} is being played; a late "
                            "entry joins before the next round is drawn")
        if len(self.played) >= self.rounds:
            raise ClubError("players: every round has been played")
        if len(self.players) >= MAX_PLAYERS:
            raise ClubError(f"players: at most {MAX_PLAYERS}")
        player = Player(f"p{len(self.players) + 1}", self._check_name(name),
                        joined=len(self.played) + 1)
        self.players.append(player)
        return player

    def rename(self, player_id: str, name: str) -> None:
        self.player(player_id).name = self._check_name(name, player_id)

    def set_paid(self, player_id: str, paid: bool) -> None:
        self.player(player_id).paid = paid

    def withdraw(self, player_id: str) -> None:
        """The player leaves: not drawn again, keeps the points played (a round being played
        is finished at their table, by its pad or its paper sheet)."""
        player = self.player(player_id)
        if player.withdrawn is not None:
            raise ClubError(f"players: {player.name} has withdrawn already")
        player.withdrawn = len(self.played)

    # --- rounds -------------------------------------------------------------------------------

    def check_can_draw(self) -> int:
        """The number of the round to draw next (or :class:`ClubError` saying why not)."""
        if self.open_round is not None:
            raise ClubError(f"draw: round {self.open_round.number} is not closed yet")
        if len(self.played) >= self.rounds:
            raise ClubError(f"draw: all {self.rounds} rounds have been drawn")
        return len(self.played) + 1

    def start_round(self, seating: Seating) -> Round:
        number = self.check_can_draw()
        seated = sorted(p for t in seating.tables for p in t)
        if seated != sorted(self.active()):
            raise ClubError("draw: the seating does not hold every player in the tournament")
        tables = [Table(i + 1, list(t), d) for i, (t, d)
                  in enumerate(zip(seating.tables, seating.dealers, strict=True))]
        drawn = Round(number, seating.seed, tables)
        self.played.append(drawn)
        return drawn

    def type_sheet(self, number: int, table: int, totals: Sequence[int]) -> None:
        """The organiser's totals from a table's paper sheet (they stand for the pad's)."""
        drawn = self.table(number, table)
        if self.round(number).closed:
            raise ClubError(f"round {number} is closed: change a result by a correction")
        if len(totals) != len(drawn.players):
            raise ClubError(f"totals: table {table} has {len(drawn.players)} players, "
                            f"{len(totals)} totals given")
        if any(not isinstance(t, int) or isinstance(t, bool) or abs(t) > 100_000
               for t in totals):
            raise ClubError("totals: whole numbers of points, at most 100000 either way")
        drawn.typed = list(totals)

    def close_round(self, number: int, results: dict[int, tuple[list[int], list[int]]]
                    ) -> None:
        """Close a round with each table's (points, missed contracts) by seat; every table
        must have its result."""
        drawn = self.round(number)
        if drawn.closed:
            raise ClubError(f"round {number} is closed already")
        missing = [t.number for t in drawn.tables if t.number not in results]
        if missing:
            raise ClubError("close: not every table has played its hands: table "
                            + ", ".join(str(m) for m in missing))
        for t in drawn.tables:
            t.points, t.missed = (list(v) for v in results[t.number])
        drawn.closed = True

    def correct(self, number: int, player_id: str, delta: int, who: str, why: str,
                at: float) -> Correction:
        """Add ``delta`` points to a player's closed round, saying who and why."""
        drawn = self.round(number)
        if not drawn.closed:
            raise ClubError(f"round {number} is not closed: correct the table's pad or sheet")
        if not any(player_id in t.players for t in drawn.tables):
            raise ClubError(f"player: {self.player(player_id).name} did not play round {number}")
        if not delta or abs(delta) > 100_000:
            raise ClubError("delta: a whole number of points, not 0, at most 100000 either way")
        correction = Correction(number, player_id, delta, _name(who, "who"),
                                _name(why, "why", 200), at)
        self.corrections.append(correction)
        return correction

    def closed_points(self) -> dict[str, dict[int, tuple[int, int]]]:
        """Each player's (points, missed contracts) in every closed round, corrections in."""
        out: dict[str, dict[int, tuple[int, int]]] = {p.id: {} for p in self.players}
        for drawn in self.played:
            if not drawn.closed:
                continue
            for t in drawn.tables:
                assert t.points is not None and t.missed is not None
                for seat, pid in enumerate(t.players):
                    out[pid][drawn.number] = (t.points[seat], t.missed[seat])
        for c in self.corrections:
            points, missed = out[c.player][c.round]
            out[c.player][c.round] = (points + c.delta, missed)
        return out

    # --- stored as JSON -----------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Tournament:
        rounds = [Round(r["number"], r["seed"], [Table(**t) for t in r["tables"]], r["closed"])
                  for r in data["played"]]
        return cls(data["name"], data["rules"], data["rounds"], data["hands"], data["seed"],
                   data["by_standing"], [Player(**p) for p in data["players"]], rounds,
                   [Correction(**c) for c in data["corrections"]])


def _name(value: object, what: str, longest: int = MAX_NAME) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ClubError(f"{what}: give a text of 1 to {longest} characters")
    text = " ".join(value.split())
    if len(text) > longest or any(not c.isprintable() for c in text):
        raise ClubError(f"{what}: 1 to {longest} printable characters")
    return text
