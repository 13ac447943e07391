"""The errors every game raises, in the shared layer so that each game package stands alone.

Each is a :class:`ValueError` whose message speaks to a player: it names the rule, the field or
the text at fault, and whatever raised it changed nothing.
"""

from __future__ import annotations


class RulesError(ValueError):
    """A rule set that does not add up, or one that cannot be found; the message names the field."""


class NotationError(ValueError):
    """Text that is not an action."""


class IllegalActionError(ValueError):
    """An action the rules forbid; the message names the rule. The state is unchanged."""


__all__ = ["IllegalActionError", "NotationError", "RulesError"]
