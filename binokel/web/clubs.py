"""Club tournaments on the web server (``/club``): the organiser's changes, the tables' pads
and the standings, over :mod:`binokel.club` (the rules of a tournament) and
:mod:`.clubstore` (its rows).

Who may do what (decision club-03): the organiser's secret (shown once, kept in the link's
fragment, only its digest stored) allows every change; a table's link is its score pad's link
(the pad's own secret), so a table can only enter its own hands; the standings are public and
read only.  A table's pad secret is not stored either: it is an HMAC of the organiser's secret
and the pad's id, worked out again when the organiser asks for the table cards.

Each table of a round plays in a pad whose rule set is the tournament's with a fixed number of
hands (``+fixed_hands=N``; a table of four: ``+players=4+dealer_sits_out=true`` as well), so
the pad itself refuses a hand too many, checks every hand by the rules, and the table has
played its hands when the pad says the game is decided.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import threading
import time
from collections.abc import Callable
from typing import Any

from ..club import ClubError, Tournament, draw, rank, standings_csv
from ..club.draw import DrawError, Pairs
from ..club.standings import Standing
from . import padmodel
from .clubstore import ClubStore
from .games import all_rule_sets
from .pads import MAX_PADS, PadRefused
from .store import StoredPad, TableStore

#: Tournaments the whole server keeps at most.
MAX_CLUBS = 10_000
#: Times a change that lost a race with another is applied again to the tournament as it is.
CONFLICT_TRIES = 20


class ClubRefused(ValueError):
    """A refused request about a tournament; ``status`` is the HTTP status to answer."""

    def __init__(self, reason: str, status: int = 409) -> None:
        super().__init__(reason)
        self.status = status


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def pad_token(organiser_token: str, pad_id: str) -> str:
    """A table pad's secret: the organiser's secret and the pad's id make it (not stored)."""
    mac = hmac.new(organiser_token.encode(), f"binokel-club-pad:{pad_id}".encode(),
                   hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).decode()[:24]


def pad_rules(rules: str, seats: int, hands: int) -> str:
    """The rule set of a table's pad: the tournament's, for ``seats`` players and ``hands``
    hands."""
    extra = "+players=4+dealer_sits_out=true" if seats == 4 else ""
    return f"{rules}{extra}+fixed_hands={hands}"


def check_rules(rules: str) -> None:
    """A tournament is played to a rule set for three (house rules as ``+field=value``) that
    also seats four with the dealer sitting out, to a fixed number of hands: Binokel's."""
    base = rules.split("+", 1)[0]
    kind = all_rule_sets().get(base)
    if kind is None:
        raise ClubRefused(f"rules: there is no rule set {base!r}", 400)
    try:  # (a game without a dealer who sits out, or fixed hands, is refused here)
        for seats in (3, 4):
            padmodel.new_pad(pad_rules(rules, seats, 3), tuple(f"P{i}" for i in range(seats)))
        three = kind.find_rules(base)
    except (padmodel.PadModelError, ValueError, KeyError) as exc:
        raise ClubRefused(f"rules: {base!r} cannot be played at tables of three and four "
                          f"({exc})", 400) from None
    if getattr(three, "players", 3) != 3 or getattr(three, "teams", ()):
        raise ClubRefused("rules: a tournament plays a rule set for three, without teams", 400)


class ClubManager:
    """Opens tournaments, checks their secret, applies the organiser's changes."""

    def __init__(self, store: TableStore, *, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.rows = ClubStore(store)
        self.clock = clock
        self._lock = threading.Lock()
        self._sheets: dict[tuple[str, int], tuple[list[int], list[int], bool, int]] = {}

    # --- opening and reading ------------------------------------------------------------------

    def create(self, asked: dict[str, Any]) -> tuple[str, str]:
        check_rules(asked["rules"])
        if self.rows.count() >= MAX_CLUBS:
            raise ClubRefused("This server keeps no more tournaments.", 507)
        seed = asked.get("seed") or secrets.token_hex(4)
        try:
            t = Tournament.new(asked["name"], rules=asked["rules"], rounds=asked["rounds"],
                               hands=asked["hands"], seed=seed,
                               by_standing=asked.get("by_standing", False))
        except ClubError as exc:
            raise ClubRefused(str(exc), 400) from None
        club_id, token = secrets.token_urlsafe(9), secrets.token_urlsafe(18)
        if not self.rows.create(club_id, digest(token),
                                json.dumps(t.to_json(), ensure_ascii=False), at=self.clock()):
            raise ClubRefused("The tournament could not be stored; try again.", 503)
        return club_id, token

    def _get(self, club_id: str) -> tuple[int, Tournament]:
        stored = self.rows.load(club_id) if _ID_OK(club_id) else None
        if stored is None:
            raise ClubRefused("There is no such tournament.", 404)
        return stored.version, Tournament.from_json(json.loads(stored.record))

    def _check(self, club_id: str, token: str) -> tuple[int, Tournament]:
        stored = self.rows.load(club_id) if _ID_OK(club_id) else None
        # The same answer for a tournament that is not there and a wrong secret.
        if stored is None or not hmac.compare_digest(stored.token_hash, digest(token)):
            raise ClubRefused("There is no such tournament, or this is not its organiser's "
                              "link.", 404)
        return stored.version, Tournament.from_json(json.loads(stored.record))

    def version(self, club_id: str) -> int:
        stored = self.rows.load(club_id) if _ID_OK(club_id) else None
        if stored is None:
            raise ClubRefused("There is no such tournament.", 404)
        return stored.version

    # --- the tables' pads ---------------------------------------------------------------------

    def table_sheet(self, pad_id: str) -> tuple[list[int], list[int], bool, int]:
        """A pad's totals, missed contracts by seat, whether its hands are all played, and
        how many are; cached by the pad's version."""
        stored = self.store.load_pad(pad_id)
        if stored is None:
            raise ClubRefused(f"the pad {pad_id} is missing", 500)
        key = (pad_id, stored.version)
        cached = self._sheets.get(key)
        if cached is not None:
            return cached
        pad = padmodel.load(stored.record)
        sheet = pad.sheet()
        missed = [0] * pad.seats
        played = 0
        for line in sheet.lines:
            if line.scored is None:  # a void hand: dealt again
                continue
            played += 1
            declarer = getattr(line.entry, "declarer", None)
            if isinstance(declarer, int) and line.scored.scores[declarer] < 0:
                missed[declarer] += 1
        result = (list(sheet.totals), missed, bool(sheet.winners), played)
        if len(self._sheets) > 20_000:
            self._sheets.clear()
        self._sheets[key] = result
        return result

    def _result(self, t: Tournament, number: int, table: int
                ) -> tuple[list[int], list[int], bool, int]:
        drawn = t.table(number, table)
        if drawn.typed is not None:
            return list(drawn.typed), [0] * len(drawn.players), True, t.hands_at(
                len(drawn.players))
        assert drawn.pad is not None
        return self.table_sheet(drawn.pad)

    # --- the organiser's changes --------------------------------------------------------------

    def change(self, club_id: str, token: str, op: dict[str, Any]) -> dict[str, Any]:
        """Apply one change and answer the organiser's view; the tournament unchanged on a
        refusal (naming what forbids it)."""
        with self._lock:  # one change at a time here; the version guards across servers
            for _ in range(CONFLICT_TRIES):
                version, t = self._check(club_id, token)
                try:
                    what, who, why = self._apply(t, club_id, token, op)
                except ClubError as exc:
                    raise ClubRefused(str(exc), 422) from None
                except DrawError as exc:
                    raise ClubRefused(f"draw: {exc}", 422) from None
                record = json.dumps(t.to_json(), ensure_ascii=False)
                if self.rows.save(club_id, version + 1, record, what, who=who, why=why,
                                  at=self.clock()):
                    return self.organiser(club_id, token)
        raise ClubRefused("The tournament was busy with other changes; send this one again.",
                          503)

    def _apply(self, t: Tournament, club_id: str, token: str, op: dict[str, Any]
               ) -> tuple[str, str, str]:
        kind = op["kind"]
        if kind == "add":
            player = t.add_player(op["name"])
            return f"added {player.name} ({player.id})", "", ""
        if kind == "rename":
            old = t.player(op["player"]).name
            t.rename(op["player"], op["name"])
            return f"renamed {old} to {t.player(op['player']).name}", "", ""
        if kind == "withdraw":
            t.withdraw(op["player"])
            return f"{t.player(op['player']).name} withdrew", "", ""
        if kind == "paid":
            t.set_paid(op["player"], op["paid"])
            return f"{t.player(op['player']).name}: fee {'paid' if op['paid'] else 'unpaid'}", \
                "", ""
        if kind == "draw":
            return self._draw(t, club_id, token), "", ""
        if kind == "sheet":
            t.type_sheet(op["round"], op["table"], op["totals"])
            return f"round {op['round']} table {op['table']}: sheet typed {op['totals']}", "", ""
        if kind == "close":
            number = op["round"]
            results: dict[int, tuple[list[int], list[int]]] = {}
            for drawn in t.round(number).tables:
                points, missed, done, _ = self._result(t, number, drawn.number)
                if done:
                    results[drawn.number] = (points, missed)
            t.close_round(number, results)
            return f"round {number} closed", "", ""
        assert kind == "correct"
        c = t.correct(op["round"], op["player"], op["delta"], op["who"], op["why"],
                      self.clock())
        return (f"correction: {t.player(c.player).name} round {c.round} {c.delta:+d}",
                c.who, c.why)

    def _draw(self, t: Tournament, club_id: str, token: str) -> str:
        number = t.check_can_draw()
        met: Pairs | None = None
        for drawn in t.played:
            for table in drawn.tables:
                met = _pairs_of(table.players, met)
        order = t.active()
        if t.by_standing and t.played:
            ranked = {s.player: i for i, s in enumerate(self.ranking(t))}
            order.sort(key=lambda p: ranked.get(p, len(ranked)))
        seating = draw(order, f"{t.seed}/{number}", met=met,
                       by_standing=t.by_standing and bool(t.played))
        if self.store.pad_count() + len(seating.tables) > MAX_PADS:
            raise ClubRefused("This server keeps no more pads.", 507)
        drawn = t.start_round(seating)
        for table in drawn.tables:
            pad_id = secrets.token_urlsafe(9)
            seats = len(table.players)
            pad = padmodel.new_pad(pad_rules(t.rules, seats, t.hands_at(seats)),
                                   tuple(t.player(p).name for p in table.players),
                                   first_dealer=table.first_dealer)
            self.store.create_pad(StoredPad(id=pad_id, token_hash=digest(
                pad_token(token, pad_id)), rules=pad.rules_name, record=padmodel.dump(pad),
                version=0, created=self.clock()))
            table.pad = pad_id
        return f"round {number} drawn from seed {seating.seed}: {len(drawn.tables)} tables"

    # --- views --------------------------------------------------------------------------------

    def ranking(self, t: Tournament) -> list[Standing]:
        """The standings: closed rounds as closed (corrections in), the round being played as
        its tables' pads say now."""
        closed = t.closed_points()
        live: dict[str, tuple[int, int]] = {}
        if t.open_round is not None:
            for table in t.open_round.tables:
                points, missed, _, _ = self._result(t, t.open_round.number, table.number)
                for seat, pid in enumerate(table.players):
                    live[pid] = (points[seat], missed[seat])
        entries = []
        for p in t.players:
            rounds: list[int | None] = []
            misses = 0
            for drawn in t.played:
                got = closed[p.id].get(drawn.number) if drawn.closed else live.get(p.id)
                rounds.append(None if got is None else got[0])
                misses += got[1] if got else 0
            status = "withdrawn" if p.withdrawn is not None else ("late" if p.joined > 1 else "")
            entries.append((p.id, p.name, rounds, misses, status))
        return rank(entries)

    def public(self, club_id: str) -> dict[str, Any]:
        """What anyone may read: the standings and the round's tables (names only)."""
        _, t = self._get(club_id)
        return {"id": club_id, "name": t.name, "rules": t.rules, "rounds": t.rounds,
                "hands": t.hands, "seed": t.seed, "drawn": len(t.played),
                "closed": sum(1 for r in t.played if r.closed), "finished": t.finished,
                "standings": [_standing_json(s) for s in self.ranking(t)],
                "tables": self._tables(t, None)}

    def _tables(self, t: Tournament, token: str | None, club_id: str = ""
                ) -> list[dict[str, Any]]:
        if not t.played:
            return []
        drawn = t.played[-1]
        out = []
        for table in drawn.tables:
            points, _, done, played = self._result(t, drawn.number, table.number)
            item: dict[str, Any] = {
                "round": drawn.number, "table": table.number,
                "players": [t.player(p).name for p in table.players],
                "ids": list(table.players), "first_dealer": table.first_dealer,
                "hands": t.hands_at(len(table.players)), "played": played, "done": done,
                "totals": points, "typed": table.typed is not None}
            if token is not None and table.pad is not None:
                item["pad"] = table.pad
                # ?club=: the pad page says the table is done (not "X wins") when its hands
                # are in, and shows the way to the standings.
                item["link"] = (f"/pad/{table.pad}?club={club_id}"
                                f"#{pad_token(token, table.pad)}")
            out.append(item)
        return out

    def organiser(self, club_id: str, token: str) -> dict[str, Any]:
        version, t = self._check(club_id, token)
        view = self.public(club_id)
        view.update({
            "version": version, "by_standing": t.by_standing,
            "players": [{"id": p.id, "name": p.name, "paid": p.paid, "joined": p.joined,
                         "withdrawn": p.withdrawn} for p in t.players],
            "rounds_played": [{"round": r.number, "seed": r.seed, "closed": r.closed,
                               "tables": [{"table": x.number, "players": x.players,
                                           "points": x.points, "typed": x.typed}
                                          for x in r.tables]} for r in t.played],
            "tables": self._tables(t, token, club_id),
            "log": [{"n": line.n, "at": line.at, "what": line.what, "who": line.who,
                     "why": line.why} for line in self.rows.log(club_id)]})
        return view

    def csv(self, club_id: str) -> str:
        _, t = self._get(club_id)
        return standings_csv(self.ranking(t))

    def etag(self, club_id: str) -> str:
        """A tag that changes whenever the standings may: the tournament's version and its
        round's pads' versions (one small query each)."""
        version, t = self._get(club_id)
        pads = [x.pad for x in t.open_round.tables if x.pad] if t.open_round else []
        versions = self.rows.pad_versions(pads)
        mark = hashlib.sha256(json.dumps([version, sorted(versions.items())]).encode())
        return f'"{mark.hexdigest()[:20]}"'


def _pairs_of(players: list[str], met: Pairs | None) -> Pairs:
    from collections import Counter
    from itertools import combinations

    out: Pairs = Counter(met or {})
    out.update(frozenset(p) for p in combinations(players, 2))
    return out


def _standing_json(s: Standing) -> dict[str, Any]:
    return {"place": s.place, "player": s.player, "name": s.name, "rounds": list(s.rounds),
            "total": s.total, "missed": s.missed, "status": s.status}


def _ID_OK(club_id: str) -> bool:
    return 8 <= len(club_id) <= 16 and all(c.isalnum() or c in "-_" for c in club_id)


__all__ = ["ClubManager", "ClubRefused", "PadRefused", "pad_rules", "pad_token"]
