"""The pad's one error: input the rules refuse.  Its message names the rule; the pad that
refused it is unchanged (pads are immutable values)."""

from __future__ import annotations

from ..errors import IllegalActionError


class PadError(IllegalActionError):
    """A hand (or an edit) the rules refuse: the message names the rule and says what to fix.

    >>> issubclass(PadError, ValueError)
    True
    """


__all__ = ["PadError"]
