"""Self-play data for imitation and offline RL (``binokel dataset``).

Game ``g`` is ``new_game(rules, seed=f"{seed}/{g}")`` played by one player (the expert by
default) at every seat, each seat handed only its view, for ``hands`` hands (or the whole
game).  Every decision becomes one row of the arrays:

* ``obs`` (float32, rows x the codec's vector): the acting seat's observation, exactly what the
  environments give it (:mod:`binokel.env.codec`);
* ``mask`` (int8, rows x actions): its legal actions; ``action`` (int16): the one chosen;
* ``ret`` (float32): the seat's reward for the hand the decision belongs to (its hand score
  minus the mean of the others', :func:`binokel.env.codec.hand_rewards`), the return of an
  episode of one hand;
* ``seat``, ``game``, ``hand`` (ints): who acted, in which game and hand.

The games are also written as records (``binokel replay`` checks them): the cards, every
action and every hand's result.

>>> data = play_games("binocle", games=1, seed="doc", player="random")
>>> data.arrays["obs"].shape[1], int(data.arrays["mask"][0].sum()) > 0, len(data.records)
(326, True, 1)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from ..bots import make_player
from ..games import dump_record, find_game_rules, new_game
from .codecs import codec_for
from .table import Table


@dataclass
class Dataset:
    """The arrays (by name) and the records of the games played."""

    arrays: dict[str, npt.NDArray[Any]]
    records: list[str] = field(default_factory=list)

    @property
    def rows(self) -> int:
        return int(self.arrays["action"].shape[0])


def play_games(rules_name: str | Any, *, games: int, seed: str = "0", player: str = "expert",
               hands: int | None = 1) -> Dataset:
    """Play ``games`` games of ``player`` against itself and gather every decision
    (``rules_name``: a rule-set name or a rule set)."""
    if games < 1:
        raise ValueError(f"games: at least 1 (not {games!r})")
    rules = find_game_rules(rules_name) if isinstance(rules_name, str) else rules_name
    codec = codec_for(rules)
    bots = [make_player(player, rules) for _ in range(codec.players)]
    obs: list[npt.NDArray[np.float32]] = []
    masks: list[npt.NDArray[np.int8]] = []
    actions: list[int] = []
    returns: list[float] = []
    seats: list[int] = []
    game_of: list[int] = []
    hand_of: list[int] = []
    records: list[str] = []
    try:
        for g in range(games):
            text = f"{seed}/{g}"
            table = Table(rules, seed=text, hands=hands, state=new_game(rules, text))
            rngs = [random.Random(f"{text}/{s}") for s in range(codec.players)]
            encoders = [codec.encoder() for _ in range(codec.players)]
            open_rows: list[int] = []  # the rows of the hand in progress
            while not table.done:
                seat = table.to_move
                view = table.state.view(seat)
                obs.append(encoders[seat].update(view).copy())
                masks.append(codec.mask(view))
                action = bots[seat].choose(view, rngs[seat])
                actions.append(codec.index(action))
                seats.append(seat)
                game_of.append(g)
                hand_of.append(table.hands_played)
                returns.append(0.0)
                open_rows.append(len(actions) - 1)
                rewards = table.apply(action)
                if rewards is not table.no_rewards:
                    for row in open_rows:
                        returns[row] = float(rewards[seats[row]])
                    open_rows = []
            records.append(dump_record(table.state))
    finally:
        for bot in bots:
            bot.close()
    size = codec.layout.size
    arrays: dict[str, npt.NDArray[Any]] = {
        "obs": np.asarray(obs, np.float32).reshape(-1, size),
        "mask": np.asarray(masks, np.int8).reshape(-1, codec.action_count),
        "action": np.asarray(actions, np.int16),
        "ret": np.asarray(returns, np.float32),
        "seat": np.asarray(seats, np.int8),
        "game": np.asarray(game_of, np.int32),
        "hand": np.asarray(hand_of, np.int16),
    }
    return Dataset(arrays, records)
