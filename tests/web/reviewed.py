"""A finished game put straight into a web store, for the review page's tests: three hands of
"binokel-to-1000" played by the heuristic (the shortest of twenty seeds), seat 0 a person."""

from __future__ import annotations

import functools
import random
from typing import Any

from binokel.bots import make_player
from binokel.review.game import review_game, review_json
from binokel.web.games import game_for_rules, new_state, replay
from binokel.web.reviews import review_players
from binokel.web.store import Store, StoredSeat, StoredTable
from binokel.web.tables import Seat

RULES = "binokel-to-1000"
SEED = "review-15"
TABLE = "revw-15"
#: A cheap reviewer: the tests check the page shows the review's numbers, not their quality.
FAST = "expert:samples=2,plan=4"
SEATS = [Seat(kind="human", name="Anna"), Seat(kind="bot", bot="heuristic"),
         Seat(kind="bot", bot="heuristic")]


@functools.lru_cache(maxsize=1)
def finished_actions() -> tuple[str, ...]:
    kind = game_for_rules(RULES)
    state: Any = new_state(kind, RULES, SEED)
    bot = make_player("heuristic", kind.find_rules(RULES))
    rng = random.Random(15)
    actions: list[str] = []
    while not state.is_over:
        action = bot.choose(state.view(state.to_move), rng)
        actions.append(str(action))
        state = state.apply(action)
    return tuple(actions)


def put_finished_table(store: Store, table_id: str = TABLE, *, status: str = "finished",
                       actions: tuple[str, ...] | None = None) -> None:
    """The finished game as the server would have stored it."""
    store.create_table(StoredTable(
        id=table_id, game="binokel", rules=RULES, seed=SEED, title="", created=0.0,
        status=status, seats=[StoredSeat(kind=s.kind, name=s.name, bot=s.bot, token_hash=None)
                              for s in SEATS],
        actions=list(finished_actions() if actions is None else actions)))


def expected_review(seat: int, bot: str = FAST) -> dict[str, Any]:
    """What ``binokel review --seat SEAT --bot BOT --json`` prints for the game (its
    ``seconds`` fields left out: they are wall time)."""
    kind = game_for_rules(RULES)
    state: Any = replay(kind, RULES, SEED, finished_actions())
    data = review_json(review_game(state, seats=(seat,), bot=bot), review_players(SEATS),
                       complete=True)
    result: dict[str, Any] = without_seconds(data)
    return result


def without_seconds(data: Any) -> Any:
    if isinstance(data, dict):
        return {k: without_seconds(v) for k, v in data.items()
                if k not in ("seconds", "seconds_per_decision")}
    if isinstance(data, list):
        return [without_seconds(v) for v in data]
    return data
