"""The errors every game raises, in the shared layer so that each game package stands alone.

Each is a :class:`ValueError` whose message speaks to a player: it names the rule, the field or
the text at fault, and whatever raised it changed nothing.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping


class RulesError(ValueError):
    """A rule set that does not add up, or one that cannot be found; the message names the field."""


class NotationError(ValueError):
    """Text that is not an action."""


class IllegalActionError(ValueError):
    """An action the rules forbid; the message names the rule. The state is unchanged."""


def did_you_mean(name: str, known: Iterable[str], *,
                 canonical: Mapping[str, str] | None = None) -> str:
    """`` (did you mean X?)`` for the known name closest to ``name``, or ``""`` if none is close.

    ``canonical`` maps an alias to the name to suggest in its place.

    >>> did_you_mean("targt", ["target", "players"])
    ' (did you mean target?)'
    >>> did_you_mean("zzz", ["target"])
    ''
    """
    close = difflib.get_close_matches(name, list(known), n=1)
    if not close:
        return ""
    return f" (did you mean {(canonical or {}).get(close[0], close[0])}?)"


__all__ = ["IllegalActionError", "NotationError", "RulesError", "did_you_mean"]
