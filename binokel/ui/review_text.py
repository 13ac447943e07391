"""The table's ``review`` command: the expert's review of the person's decisions, as lines in
the screen's language (the numbers are :func:`binokel.review.game.review_game`'s)."""

from __future__ import annotations

from typing import Any

from ..games import find_game
from ..review.game import GameReview, review_game
from ..review.judge import JUDGE
from .i18n import Strings

#: The table's review is the judge of its hints (:mod:`binokel.review.judge`), so the two agree.
TABLE_REVIEWER = JUDGE


def review_at_table(state: Any, seat: int, *, whole: bool,
                    bot: str = TABLE_REVIEWER) -> GameReview | None:
    """The review of ``seat``'s decisions in the last finished hand (``whole``: the game so
    far); ``None`` when there is nothing to review."""
    finished = len(state.results)
    if not whole and finished == 0:
        return None
    hands = None if whole else (finished,)
    review = review_game(state, seats=(seat,), bot=bot, hands=hands, hindsight=not whole)
    return review if review.decisions else None


def _value(value: float | None, tr: Strings) -> str:
    return tr("review_unvalued") if value is None else f"{value:+.0f}"


def review_lines(review: GameReview, tr: Strings, *, whole: bool) -> list[str]:
    """Each decision with its value; the lossy ones with what was better; the summary."""
    game_words = _Words(review, tr)
    decisions = review.decisions
    lost = f"{review.lost:.0f}"
    if whole:
        lines = [tr("review_head_game", n=len(decisions), lost=lost)]
    else:
        lines = [tr("review_head", hand=review.hands[0].hand, n=len(decisions), lost=lost)]
    for d in decisions:
        kind = _kind(d.kind, tr)
        chosen = game_words.action(d.chosen)
        if d.loss is not None and d.grade in ("inaccuracy", "mistake", "blunder"):
            lines.append(tr("review_line_lost", kind=kind, chosen=chosen,
                            value=_value(d.chosen_value, tr), loss=f"{d.loss:.0f}",
                            grade=tr(f"grade_{d.grade}"), best=game_words.action(d.best),
                            best_value=_value(d.best_value, tr)))
        else:
            lines.append(tr("review_line", kind=kind, chosen=chosen,
                            value=_value(d.chosen_value, tr)))
    worst = review.costliest()
    if worst:
        lines.append(tr("review_costliest", items=", ".join(
            f"{game_words.action(d.chosen)} (-{d.loss:.0f})" for d in worst)))
    if not whole:
        hand = review.hands[0]
        if hand.actual is not None and hand.hindsight is not None:
            lines.append(tr("review_hindsight", actual=hand.actual, hindsight=hand.hindsight))
    return lines


def _kind(kind: str, tr: Strings) -> str:
    try:
        return tr(f"kind_{kind}")
    except KeyError:  # a kind without words of its own: the game's phase name
        return kind


class _Words:
    """Actions in the words the person types (``passe`` for ``pass`` in German)."""

    def __init__(self, review: GameReview, tr: Strings) -> None:
        self.tr = tr
        self.game = review.game

    def action(self, notation: str) -> str:
        return self.tr.action(find_game(self.game).parse_action(notation))


__all__ = ["TABLE_REVIEWER", "review_at_table", "review_lines"]
