"""One episode of a game for the adapters: the state, the hands played, the rewards.

An episode is ``hands`` hands of a game (one by default), or the whole game (``hands=None``);
it also ends when the game does.  Rewards come at the end of each hand (``reward="hand"``:
the seat's hand score minus the mean of the others', so they sum to zero; a game decided in
the middle of a hand, by a Binocle claim, counts the points of the hand so far), or once, at
the end of the game (``reward="game"``: +1 for each winner, -1 for each other seat, 0 for all if
the episode stopped before the game was decided).

>>> from binokel.games import find_game_rules
>>> table = Table(find_game_rules("binocle"), seed=2)
>>> table.seats, table.done
(2, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from ..games import PlayState, new_game, seats_of, winners_of
from .codec import hand_rewards

Reward = Literal["hand", "game"]
REWARDS: tuple[Reward, ...] = ("hand", "game")


def check_options(hands: int | None, reward: str) -> None:
    """Refuse options that mean nothing, naming the option."""
    if hands is not None and (not isinstance(hands, int) or hands < 1):
        raise ValueError(f"hands: a whole number of at least 1, or None for the whole game "
                         f"(not {hands!r})")
    if reward not in REWARDS:
        raise ValueError(f"reward: one of {', '.join(REWARDS)} (not {reward!r})")


def hand_lines(state: Any, hands_played: int) -> list[tuple[int, ...]]:
    """What each seat scored in the hands finished after the first ``hands_played``.

    A game decided in the middle of a hand (a Binocle claim) has no line for it: the points
    of that hand so far count as its line.
    """
    results = state.results
    lines = [tuple(result.scores) for result in results[hands_played:]]
    if state.is_over and len(results) <= hands_played:
        base = results[-1].totals if results else (0,) * len(state.scores)
        lines.append(tuple(s - b for s, b in zip(state.scores, base, strict=True)))
    return lines


class Table:
    """A game from a seed, played until the episode ends."""

    def __init__(self, rules: Any, *, seed: int | str, hands: int | None = 1,
                 reward: Reward = "hand", state: PlayState | None = None,
                 seats: int | None = None) -> None:
        """``seats``: the rule set's number of seats where the caller knows it (an environment
        makes a table at every reset; the registry need not be asked each time)."""
        check_options(hands, reward)
        self.rules = rules
        self.seats = seats_of(rules) if seats is None else seats
        self.hands = hands
        self.reward: Reward = reward
        self.state: Any = new_game(rules, seed) if state is None else state
        self.hands_played = len(self.state.results)
        self.done = self._is_finished()
        """Whether the episode is over: its hands played, the game decided, or ended early
        (:meth:`end`)."""
        self.no_rewards: tuple[float, ...] = (0.0,) * self.seats
        """What :meth:`apply` answers for an action that rewards nobody (most of them): one
        tuple of zeros, which the adapters may tell by identity."""

    def _is_finished(self) -> bool:
        return bool(self.state.is_over) or (
            self.hands is not None and self.hands_played >= self.hands)

    def end(self) -> None:
        """End the episode early (an illegal action under ``illegal="end"``)."""
        self.done = True

    @property
    def to_move(self) -> int:
        return int(self.state.to_move)

    def apply(self, action: Any) -> Sequence[float]:
        """Apply an action (the engine refuses an illegal one, naming the rule, and nothing
        changes); the rewards it brings each seat (:attr:`no_rewards` if none)."""
        if self.done:
            raise ValueError("The episode is over: reset the environment.")
        state = self.state = self.state.apply(action)
        results = state.results
        if len(results) == self.hands_played and not state.is_over:
            return self.no_rewards  # the hand goes on: nothing to reward yet
        rewards = [0.0] * self.seats
        if self.reward == "hand":
            for scores in hand_lines(self.state, self.hands_played):
                for seat, value in enumerate(hand_rewards(scores)):
                    rewards[seat] += value
        self.hands_played = len(results)
        self.done = self._is_finished()
        if self.reward == "game" and self.done and self.state.is_over:
            winners = winners_of(self.state)
            rewards = [1.0 if seat in winners else -1.0 for seat in range(self.seats)]
        return rewards
