"""Score pads on the web server: one phone at a real table keeps the score of a game (``/pad``).

A pad is the pad model's value (:mod:`binokel.pad`), stored in the web store as the model's JSON
with a version number; each change the page sends carries the page's own id, and the change and
its id are stored in one transaction, so a change sent again after a lost answer (the page's
outbox) is applied once.  A change the pad model refuses (the rule is named) stores nothing.
Two changes that arrive at once are both stored: the one that finds the pad moved on is applied
again to the pad as it is now (:data:`CONFLICT_TRIES` times), and a change is never answered
as stored (``applied``) unless it is.  A pad takes :data:`PAD_CHANGES_PER_SECOND` changes a
second (in bursts of :data:`PAD_CHANGE_BURST`) and :data:`MAX_PAD_CHANGES` in all.

Who may read or change a pad: whoever holds its secret, which the page keeps in the link's
fragment and in its own storage, like a private link; only its SHA-256 digest is stored.

>>> from binokel.web.store import Store
>>> pads = PadManager(Store(":memory:"))
>>> pad_id, token = pads.create("binokel", ("Anna", "Bert", "Cora"), first_dealer=2)
>>> op = PadOp(id="o1", kind="add", hand=None, entry={"declarer": 0, "bid": 300,
...     "contract": "trump", "trump": "♥", "melds": [190, 0, 0], "side_points": [128, 80, None]})
>>> pads.apply(pad_id, token, op)["totals"]
[318, 80, 42]
>>> pads.apply(pad_id, token, op)["duplicate"]  # sent again: applied once
True
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from collections.abc import Callable
from typing import Any

from . import padmodel
from .padproto import MAX_PAD_HANDS, PAD_ID, PadOp
from .protocol import JSON
from .store import StoredPad, TableStore

#: Pads one client address may open in an hour (a phone opens one a game).
MAX_PADS_PER_CLIENT_HOUR = 30
#: Pads the whole server keeps at most (beyond that, new ones are refused).
MAX_PADS = 100_000
#: Changes one pad takes a second on average, and at once (a person types far slower).
PAD_CHANGES_PER_SECOND = 5.0
PAD_CHANGE_BURST = 30
#: Changes one pad takes in all (its version number): 200 hands, each edited many times.
MAX_PAD_CHANGES = 5_000
#: Times a change that lost a race with another is applied again to the pad as it is now.
CONFLICT_TRIES = 20


class PadRefused(ValueError):
    """A request about a pad that is refused; ``status`` is the HTTP status to answer."""

    def __init__(self, reason: str, status: int = 409, *, rule: str | None = None) -> None:
        super().__init__(reason)
        self.status = status
        self.rule = rule


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class PadManager:
    """Opens pads, checks their secret, applies changes and answers the sheet."""

    def __init__(self, store: TableStore, *, per_client_hour: int = MAX_PADS_PER_CLIENT_HOUR,
                 clock: Callable[[], float] = time.time,
                 per_second: float = PAD_CHANGES_PER_SECOND, burst: int = PAD_CHANGE_BURST,
                 max_changes: int = MAX_PAD_CHANGES) -> None:
        self.store = store
        self.per_client_hour = per_client_hour
        self.clock = clock
        self.per_second = per_second
        self.burst = burst
        self.max_changes = max_changes
        self.opened: dict[str, list[float]] = {}
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def _spend(self, pad_id: str) -> None:
        """Take one of the pad's changes for this second, or refuse with 429."""
        if not self.per_second:
            return
        now = self.clock()
        with self._lock:
            tokens, stamp = self._buckets.get(pad_id, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - stamp) * self.per_second)
            if tokens < 1:
                self._buckets[pad_id] = (tokens, now)
                raise PadRefused(f"Too many changes to this pad: at most {self.per_second:g} "
                                 "a second. The page sends it again by itself.", 429)
            self._buckets[pad_id] = (tokens - 1, now)
            if len(self._buckets) > 10_000:
                self._buckets = {k: v for k, v in self._buckets.items() if v[1] > now - 60}

    def create(self, rules: str, players: tuple[str, ...], *, first_dealer: int = 0,
               client: str = "") -> tuple[str, str]:
        """A new pad: its id and its secret (shown once; only its digest is kept)."""
        now = self.clock()
        recent = [t for t in self.opened.get(client, []) if now - t < 3600]
        if self.per_client_hour and len(recent) >= self.per_client_hour:
            raise PadRefused(f"Too many new pads from your address: at most "
                             f"{self.per_client_hour} an hour.", 429)
        if self.store.pad_count() >= MAX_PADS:
            raise PadRefused("This server keeps no more pads.", 507)
        try:
            pad = padmodel.new_pad(rules, players, first_dealer=first_dealer)
        except padmodel.PadModelError as exc:
            raise PadRefused(str(exc), 400, rule=padmodel.rule_of(exc)) from None
        pad_id, token = secrets.token_urlsafe(9), secrets.token_urlsafe(18)
        self.store.create_pad(StoredPad(id=pad_id, token_hash=_digest(token), rules=rules,
                                        record=padmodel.dump(pad), version=0, created=now))
        self.opened[client] = [*recent, now]
        return pad_id, token

    def _load(self, pad_id: str, token: str) -> StoredPad:
        stored = self.store.load_pad(pad_id) if PAD_ID.match(pad_id) else None
        # The same answer for a pad that is not there and a wrong secret: ids are not probed.
        if stored is None or not hmac.compare_digest(stored.token_hash, _digest(token)):
            raise PadRefused("There is no such pad, or this is not its link.", 404)
        return stored

    def apply_request(self, pad_id: str, token: str,
                      parse: Callable[[int], PadOp]) -> dict[str, JSON]:
        """:meth:`apply` of the change ``parse`` reads from a request, given the pad's number
        of players (its lists are checked against it): the pad is loaded once for both."""
        stored = self._load(pad_id, token)
        pad = padmodel.load(stored.record)
        op = parse(padmodel.player_count(pad))
        self._spend(stored.id)
        return self._apply(stored, pad, op)

    def sheet(self, pad_id: str, token: str) -> dict[str, JSON]:
        stored = self._load(pad_id, token)
        return self._answer(stored, padmodel.load(stored.record))

    def _answer(self, stored: StoredPad, pad: Any, **extra: JSON) -> dict[str, JSON]:
        sheet = padmodel.sheet(pad)
        return {"id": stored.id, "version": stored.version, **sheet,
                **extra}

    def apply(self, pad_id: str, token: str, op: PadOp) -> dict[str, JSON]:
        """Apply one change and answer the new sheet; a change already applied (the same id)
        answers the sheet as it is, with ``"duplicate": true``."""
        stored = self._load(pad_id, token)
        self._spend(stored.id)
        return self._apply(stored, padmodel.load(stored.record), op)

    def _apply(self, stored: StoredPad, pad: Any, op: PadOp) -> dict[str, JSON]:
        pad_id = stored.id
        for _ in range(CONFLICT_TRIES):
            if self.store.has_pad_op(pad_id, op.id):
                return self._answer(stored, pad, duplicate=True, applied=op.id)
            if stored.version >= self.max_changes:
                raise PadRefused(f"A pad takes at most {self.max_changes} changes; start a new "
                                 "pad (this one's sheet and record stay as they are).", 409)
            if op.kind in ("add", "void") and padmodel.hand_count(pad) >= MAX_PAD_HANDS:
                raise PadRefused(f"A pad holds at most {MAX_PAD_HANDS} hands.", 409)
            try:
                changed = padmodel.change(pad, op)
            except padmodel.PadModelError as exc:
                raise PadRefused(str(exc), 422, rule=padmodel.rule_of(exc)) from None
            saved = StoredPad(id=stored.id, token_hash=stored.token_hash, rules=stored.rules,
                              record=padmodel.dump(changed), version=stored.version + 1)
            if self.store.save_pad(pad_id, op.id, saved.version, saved.record):
                return self._answer(saved, changed, applied=op.id)
            # Another change came first (or this one, sent twice at once): read the pad as it
            # is now; the loop answers a stored duplicate, or applies this change to it.
            again = self.store.load_pad(pad_id)
            if again is None:
                raise PadRefused("There is no such pad, or this is not its link.", 404)
            stored, pad = again, padmodel.load(again.record)
        # Never answered as stored unless it is: the page keeps it and sends it again.
        raise PadRefused("The pad was busy with other changes; this one was not stored yet "
                         "and is sent again.", 503)

    def csv(self, pad_id: str, token: str) -> str:
        return padmodel.csv(padmodel.load(self._load(pad_id, token).record))

    def record(self, pad_id: str, token: str) -> str:
        return padmodel.record(padmodel.load(self._load(pad_id, token).record))

    def melds(self, pad_id: str, token: str, cards: list[str],
              trump: str | None) -> dict[str, JSON]:
        pad = padmodel.load(self._load(pad_id, token).record)
        try:
            return padmodel.melds(pad, cards, trump)
        except padmodel.PadModelError as exc:
            raise PadRefused(str(exc), 422, rule=padmodel.rule_of(exc)) from None
