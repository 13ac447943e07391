"""Web tables written into a store at a chosen moment of a game, for the browser checks: a
seeded random game is played out in the engine, and a table is stored with the actions up to
a moment where the person's seat has a given choice to make (its phase), with a seat token
the page is given.  The server resumes the tables when it starts.

>>> from binokel.web.store import Store
>>> store = Store(":memory:")
>>> point = seed_point(store, "binokel", "auction", seed="doc")
>>> point.phase, point.seat, len(point.token) > 10
('auction', 0, True)
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from binokel.web.games import game_for_rules, new_state, seat_count
from binokel.web.store import StoredSeat, StoredTable, TableStore
from binokel.web.table import token_hash

ME = 0
"""The person's seat at every seeded table."""

NOT_RANDOM = ("durch", "open", "claim", "out")
"""Actions a random player here never takes (a Durch, a claim or giving up ends a hand or
a game too soon)."""


@dataclass(frozen=True)
class Point:
    table_id: str
    rules: str
    phase: str
    """The moment: a phase of the game (``auction``, ``play``...), ``summary`` (a hand just
    ended, its summary unread), ``last card`` (the person's card ends the hand), ``claim``
    (Binocle: the person may claim, short of the target) or ``game over``."""
    seat: int
    token: str
    state: Any
    tokens: tuple[str, ...] = ()
    """Every person's seat token, seat by seat (seats 0, 1... are the people)."""
    move: str = ""
    """(``last card``) the card that ends the hand."""


def random_move(state: Any, rng: random.Random, durch: bool = False) -> Any:
    if durch and any(str(a) == "durch" for a in state.legal_actions()):
        return next(a for a in state.legal_actions() if str(a) == "durch")
    legal = [a for a in state.legal_actions() if str(a).split()[0] not in NOT_RANDOM]
    binocle_claim = [a for a in state.legal_actions() if str(a) == "claim"]
    if binocle_claim and state.claim_total(state.to_move) >= state.target:
        return binocle_claim[0]  # (Binocle) a claim that is right ends the game
    if not legal:
        legal = list(state.legal_actions())
    # Mostly the lowest bid or a pass, so that hands are played, not given up at once.
    return rng.choice(legal)


def _results(state: Any) -> int:
    return len(state.view(ME).results)


def _matches(phase: str, state: Any, move: Any, after: Any) -> bool:
    if state.is_over:
        return phase == "game over"
    mine = state.to_move == ME
    view = state.view(ME)
    name = view.phase.value if hasattr(view.phase, "value") else str(view.phase)
    if phase == "claim":
        return mine and any(str(a) == "claim" for a in state.legal_actions()) \
            and state.claim_total(ME) < state.target and name == "play"
    if phase == "melds shown":
        return mine and name == "play" and any(len(m) for m in view.melds) \
            and len(view.trick) == 0 and len(view.tricks) > 0
    if phase == "last card":
        return mine and len(str(move).split()) == 1 and _results(after) > _results(state)
    return mine and name == phase


def seed_point(store: TableStore, rules: str, phase: str, *, seed: str = "points",
               bots: str = "bot:random", name: str = "Anna", people: int = 1,
               durch: bool = False,
               accept: Callable[[Any, Any], bool] = lambda state, after: True) -> Point:
    """Store a table of ``rules`` at the first moment of a seeded random game that is
    ``phase`` (see :class:`Point`; ``new``: before the first action) and that ``accept``
    takes (called with the state and the state after the game's next move); ``people``
    persons sit in the first seats, computer players (``bots``) in the others; with ``durch``
    every declarer plays Durch.  Raises LookupError if the game never gets there."""
    game = game_for_rules(rules)
    rng = random.Random(f"{rules}/{phase}/{seed}")
    players = seat_count(game, rules)
    game_seed = f"{seed}-{rules}"
    state = new_state(game, rules, game_seed)
    actions: list[str] = []
    if phase == "new":
        return _store(store, rules, phase, game_seed, [], players, bots, name, state,
                      "playing", people)
    for _ in range(20_000):
        if state.is_over:
            if phase == "game over":
                return _store(store, rules, phase, game_seed, actions, players, bots, name,
                              state, "finished", people)
            break
        move = random_move(state, rng, durch)
        after = state.apply(move)
        if phase != "game over" and _matches(phase, state, move, after) \
                and accept(state, after):
            return _store(store, rules, phase, game_seed, actions, players, bots, name, state,
                          "playing", people, str(move))
        actions.append(str(move))
        state = after
    raise LookupError(f"{rules}: no moment {phase!r} in the game of seed {seed!r}")


def _store(store: TableStore, rules: str, phase: str, seed: str, actions: list[str],
           players: int, bots: str, name: str, state: Any, status: str, people: int,
           move: str = "") -> Point:
    tokens = tuple(secrets.token_urlsafe(16) for _ in range(people))
    token = tokens[0]
    table_id = "p" + secrets.token_hex(6)
    names = [name, "Bert", "Cleo", "Dora"]
    seats = [StoredSeat(kind="human", name=names[i], bot=None, token_hash=token_hash(tokens[i]))
             for i in range(people)]
    for _ in range(players - people):
        seats.append(StoredSeat(kind="bot", name="", bot=bots.split(":", 1)[1], token_hash=None))
    store.create_table(StoredTable(id=table_id, game=game_for_rules(rules).name, rules=rules,
                                   seed=seed, title="", created=0.0, status=status,
                                   seats=seats, actions=list(actions)))
    return Point(table_id=table_id, rules=rules, phase=phase, seat=ME, token=token, state=state,
                 tokens=tokens, move=move)
