"""Self-play: whole games between uniformly random legal players, written as records.

Each player sees only its own view (as every computer player does) and picks uniformly among
the legal actions with a generator seeded from the self-play seed, so a run is repeatable:
game ``g`` of seed ``s`` is dealt from seed ``"s/g"`` and played with ``Random("selfplay/s/g")``.
Binocle rule sets play Binocle, whose random player claims 1000 exactly when it is right
(see :func:`binokel.games.random_action`).

>>> games = list(selfplay(seed=1, games=2))
>>> [g.seed for g in games]
['1/0', '1/1']
>>> games[0].state.is_over
True
>>> from binokel.games.binocle import BINOCLE
>>> print(next(selfplay(BINOCLE, seed=1)).summary())
game 1 (seed 1/0): 6 hands, winner seat 0 (Random 0) by reaching the target in play; totals 1024 836
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ..games import PlayState, game_of, seats_of, winners_of
from ..games import dump_record as dump_any_record
from ..games import play_random_game as play_any_random_game
from ..games.binocle import BinocleState, Ending
from ..games.binokel.rules import BINOKEL

#: Hands after which a game between random players is stopped unfinished (random bidding can,
#: in principle, lose points for ever).
MAX_HANDS = 1000

#: How a Binocle game was won, for the summary line.
_HOW = {
    Ending.REACHED: "by reaching the target in play",
    Ending.CLAIMED: "by a right claim",
    Ending.WRONG_CLAIM: "by the other's wrong claim",
    Ending.COUNTED: "at the count",
}


def _binocle_ending(state: BinocleState) -> str:
    return "" if state.ending is None else f" {_HOW[state.ending]}"


#: How a finished game ended, for the summary line, by game name (games not named here end
#: only at the count of a hand, which needs no words).
ENDINGS: dict[str, Callable[[Any], str]] = {"binocle": _binocle_ending, "bezique": _binocle_ending}


def play_random_game(rules: Any, seed: int | str, *, rng: random.Random,
                     max_hands: int = MAX_HANDS) -> Any:
    """One game between random players, to its end or until ``max_hands`` hands are played."""
    return play_any_random_game(rules, seed, rng=rng, max_hands=max_hands)


@dataclass(frozen=True, slots=True)
class SelfplayGame:
    """One finished (or stopped) self-play game."""

    number: int
    seed: str
    state: PlayState

    @property
    def players(self) -> list[str]:
        return [f"Random {seat}" for seat in range(seats_of(self.state.rules))]

    def record(self) -> str:
        """The game as a record of its game (see :mod:`binokel.games.binokel.records`)."""
        return dump_any_record(self.state, players=self.players,
                               tags={"Event": "selfplay", "Round": str(self.number + 1)})

    def summary(self) -> str:
        """One line: hands played, the winner and the totals."""
        state = self.state
        names = self.players
        totals = " ".join(str(t) for t in state.scores)
        game = game_of(state)
        count = game.hands_played(state)
        hands = f"{count} hand{'s' if count != 1 else ''}"
        if not state.is_over:
            outcome = f"unfinished after {hands}"
        else:
            won = winners_of(state)
            winners = " and ".join(f"seat {s} ({names[s]})" for s in won)
            outcome = f"{hands}, winner{'s' if len(won) > 1 else ''} {winners}"
            ending = ENDINGS.get(game.name)
            if ending is not None:
                outcome += ending(state)
        return f"game {self.number + 1} (seed {self.seed}): {outcome}; totals {totals}"


def selfplay(rules: Any = BINOKEL, *, seed: int | str = 0, games: int = 1,
             max_hands: int = MAX_HANDS) -> Iterator[SelfplayGame]:
    """Play ``games`` games between random players, one after another (Binokel or Binocle,
    as the rule set says)."""
    for number in range(games):
        game_seed = f"{seed}/{number}"
        rng = random.Random(f"selfplay/{game_seed}")
        state = play_random_game(rules, game_seed, rng=rng, max_hands=max_hands)
        yield SelfplayGame(number, game_seed, state)


__all__ = ["MAX_HANDS", "SelfplayGame", "play_random_game", "selfplay"]
