"""What every game's state shares: the chain of states its actions made.

A state keeps the state before it and the action that led from there (``_parent`` and
``_last_action``, each game's slots); from them every game answers the same questions here,
once: the state before, the last action, every action since the game began, and the states
back to the first.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Generic, Self, TypeVar

ActionT = TypeVar("ActionT")


class ActionChain(Generic[ActionT]):
    """The history of a state; a game's state class declares the two slots."""

    __slots__ = ()

    _parent: Self | None
    _last_action: ActionT | None

    @property
    def parent(self) -> Self | None:
        """The state before the last action."""
        return self._parent

    @property
    def last_action(self) -> ActionT | None:
        """The action that led to this state (``None`` at the start of the game)."""
        return self._last_action

    def history(self) -> list[ActionT]:
        """Every action applied since the game began, oldest first."""
        out: list[ActionT] = []
        state: ActionChain[ActionT] | None = self
        while state is not None and state._last_action is not None:
            out.append(state._last_action)
            state = state._parent
        out.reverse()
        return out

    def states(self) -> Iterator[Self]:
        """This state and its ancestors, newest first."""
        state: Self | None = self
        while state is not None:
            yield state
            state = state._parent


__all__ = ["ActionChain"]
