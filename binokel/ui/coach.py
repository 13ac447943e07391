"""The guided first game (``binokel learn``): a note on each rule the first time it matters.

:class:`Coach` looks at the person's view before each decision and gives the lesson of that
moment once: the auction, the Dabb and laying away, Trumpf, the melds, following in a Stich,
leading, the last Stiche, and the count at the end.  The rules' four tips for beginners come with
the lessons they belong to (:data:`TIPS`).  Notes are message keys of :mod:`binokel.ui.i18n`, so
both languages say the same.

>>> from binokel.games.binokel.game import new_game
>>> from binokel.ui.i18n import Strings
>>> coach = Coach(Strings("en"))
>>> state = new_game(seed=1, dealer=0)
>>> coach.note(state.view(state.to_move)).startswith("Reizen")
True
>>> coach.note(state.view(state.to_move)) is None
True
"""

from __future__ import annotations

from typing import Any

from ..games.binokel.game import Phase
from .i18n import Strings

#: The tips for beginners (binokel-rules.txt, "Tips for beginners") each lesson brings along.
TIPS: dict[str, tuple[str, ...]] = {
    "learn_auction": ("tip_count_melds",),
    "learn_discard": ("tip_discard_points", "tip_discard_suits"),
    "learn_last": ("tip_last_trick",),
}


class Coach:
    """Gives each lesson once, when its moment first comes."""

    def __init__(self, tr: Strings) -> None:
        self.tr = tr
        self.given: set[str] = set()

    def lesson(self, view: Any) -> str | None:
        """The key of the lesson this decision calls for, given or not."""
        if view.results and not view.tricks and view.phase is not Phase.PLAY:
            return "learn_count"
        if not view.is_my_turn:
            return None
        phase = view.phase
        if phase is Phase.AUCTION:
            return "learn_auction"
        if phase is Phase.DISCARD:
            return "learn_discard"
        if phase is Phase.TRUMP:
            return "learn_trump"
        if phase is Phase.PLAY:
            if len(view.tricks) == view.rules.hand_size - 3:
                return "learn_last"
            if not view.tricks and any(view.melds):
                return "learn_melds"
            if view.trick:
                return "learn_follow"
            return "learn_lead"
        return None

    def note(self, view: Any) -> str | None:
        """The lesson of this moment if it has not been given yet (then it counts as given)."""
        key = self.lesson(view)
        if key is None or key in self.given:
            return None
        self.given.add(key)
        tips = [self.tr("tip", text=self.tr(tip)) for tip in TIPS.get(key, ())]
        return "\n".join([self.tr(key), *tips])


__all__ = ["Coach"]
