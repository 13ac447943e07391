"""Post-game review: every decision of a seat weighed by a reviewing player (docs/review.md).

For each decision a seat made (more than one legal action), the reviewer — the expert by
default — is given **that seat's view at that moment** (``state.view(seat)``) and values every
candidate: the seat's expected hand score minus the others' mean.  The chosen action's value
against the best one's is the points lost; losses are classed by :data:`THRESHOLDS`.  Each hand
also gets a *hindsight* score: what the hand scored on the real deal with the reviewer's choices
for the seat (it knows the cards: the other seats keep their recorded actions until the play
departs from the record, then the reviewer plays them too).

>>> from binokel import new_game
>>> from binokel.bots import make_bot
>>> import random
>>> state = new_game(seed=3)
>>> rng = random.Random(1)
>>> for _ in range(4):
...     state = state.apply(make_bot("heuristic").choose(state.view(state.to_move), rng))
>>> review = review_game(state, bot="expert:samples=2", hindsight=False)
>>> [d.hand for d in review.decisions] == [1] * len(review.decisions)
True
>>> all(d.loss is None or d.loss >= 0 for d in review.decisions)
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Container, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bots.expert.binokel import ExpertBot
from ..games import game_of
from .judge import JUDGE, JUDGE_SEED, Judgement, judge, make_judge, timeline_of, values_for

#: Points lost from which a decision is classed so (the first that applies, largest first).
THRESHOLDS: tuple[tuple[str, float], ...] = (("blunder", 60.0), ("mistake", 20.0),
                                             ("inaccuracy", 5.0))

#: The reviewer when none is named: the judge of hints and reviews (:mod:`binokel.review.judge`),
#: the expert at its playing budget (docs/review.md has the time per decision).
DEFAULT_BOT = JUDGE

#: What each action is called in a review, per game, by the action's kind.
_KINDS: dict[str, dict[str, str]] = {
    "binokel": {"Bid": "bid", "Pass": "pass", "TakeDabb": "Dabb", "Discard": "lay away",
                "NameTrump": "trump", "Durch": "Durch", "OpenDurch": "Durch",
                "GiveUp": "give up", "Play": "card"},
    "binocle": {"Play": "card", "Meld": "meld", "ExchangeDix": "dix", "ShowDix": "dix",
                "Done": "meld", "Claim": "claim"},
}
_KINDS["bezique"] = _KINDS["binocle"]


def classify(loss: float | None) -> str:
    """The class of a loss of points (``good`` below every threshold; ``unvalued`` if the
    reviewer did not value the chosen action).

    >>> classify(0.0), classify(7.5), classify(20), classify(61), classify(None)
    ('good', 'inaccuracy', 'mistake', 'blunder', 'unvalued')
    """
    if loss is None:
        return "unvalued"
    for name, threshold in THRESHOLDS:
        if loss >= threshold:
            return name
    return "good"


@dataclass(frozen=True, slots=True)
class Valued:
    """One candidate of a decision: its notation, expected value and sampled deals behind it."""

    action: str
    value: float
    worlds: int


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of a seat, weighed from its view."""

    number: int
    """The action's place in the game, from 1 (every seat's actions counted)."""
    hand: int
    seat: int
    phase: str
    kind: str
    chosen: str
    best: str
    chosen_value: float | None
    best_value: float
    loss: float | None
    grade: str
    candidates: tuple[Valued, ...]
    seconds: float


@dataclass(slots=True)
class HandReview:
    """The decisions of one seat in one hand, and what the hand scored."""

    hand: int
    seat: int
    decisions: list[Decision] = field(default_factory=list)
    actual: int | None = None
    """The seat's hand score as played (``None``: the record ends inside the hand)."""
    hindsight: int | None = None
    """The seat's hand score on the real deal with the reviewer's choices (hindsight)."""

    @property
    def lost(self) -> float:
        return sum(d.loss or 0.0 for d in self.decisions)

    def costliest(self, n: int = 3) -> list[Decision]:
        return costliest(self.decisions, n)


@dataclass(slots=True)
class GameReview:
    """A whole record's review."""

    game: str
    reviewer: str
    hands: list[HandReview]
    seconds: float

    @property
    def decisions(self) -> list[Decision]:
        return [d for h in self.hands for d in h.decisions]

    @property
    def lost(self) -> float:
        return sum(h.lost for h in self.hands)

    def costliest(self, n: int = 3) -> list[Decision]:
        return costliest(self.decisions, n)


def costliest(decisions: Sequence[Decision], n: int = 3) -> list[Decision]:
    """The ``n`` decisions that lost most (under half a point left out), costliest first."""
    lossy = [d for d in decisions if d.loss is not None and d.loss >= 0.5]
    return sorted(lossy, key=lambda d: (-(d.loss or 0.0), d.number))[:n]


def _said_for_them(state: Any) -> bool:
    """A Binocle trick won with nothing to declare: the shells say done for a person there
    (decision binocle-06), and a claim waits as well for the lead that follows."""
    quiet = getattr(state, "nothing_to_declare", None)
    return quiet is not None and bool(quiet())


def _reviewer(spec: str) -> ExpertBot:
    try:
        return make_judge(spec)
    except ValueError:
        raise ValueError(f"{spec!r} cannot review: reviews need expert or expert:OPTIONS") \
            from None


def check_reviewer(spec: str) -> None:
    """Refuse (:class:`ValueError`) a reviewer that cannot review, before a review starts."""
    _reviewer(spec)


def _kind(game_name: str, action: object, phase: str) -> str:
    return _KINDS.get(game_name, {}).get(type(action).__name__, phase)


def weigh(bot: ExpertBot, view: Any, chosen: object, rng: random.Random,
          *, number: int, later: Sequence[Any] = ()) -> Decision:
    """One decision weighed from ``view`` (the seat's view before it acted) by ``bot``;
    ``later`` are the game's states after it (the seat's own later views tell, say, its whole
    discard).  :func:`review_game` asks :func:`binokel.review.judge.judge` instead, which gives
    every decision a fresh reviewer."""
    started = time.perf_counter()
    found = values_for(bot, view, rng, chosen=chosen, later=later)
    return decision_of(view, chosen, found, number=number,
                       seconds=time.perf_counter() - started)


def decision_of(view: Any, chosen: Any, found: Judgement, *, number: int,
                seconds: float) -> Decision:
    """A decision and the judge's values of its position: the points lost against the best."""
    game = game_of(view)
    best_action, best_value, _ = found.values[0]
    chosen_value = found.value_of(chosen)
    # The expert's ranking can carry tie-breaking nudges of 1e-6: a loss that small is none.
    loss = None if chosen_value is None else max(0.0, round(best_value - chosen_value, 3))
    if chosen == best_action:
        loss = 0.0
    return Decision(
        number=number, hand=view.hand_no + 1, seat=view.seat, phase=view.phase.value,
        kind=_kind(game.name, chosen, view.phase.value), chosen=game.format_action(chosen),
        best=game.format_action(best_action),
        chosen_value=None if chosen_value is None else round(chosen_value, 2),
        best_value=round(best_value, 2), loss=loss, grade=classify(loss),
        candidates=tuple(Valued(game.format_action(a), round(v, 2), n)
                         for a, v, n in found.values),
        seconds=seconds)


def review_game(final: Any, *, seats: Sequence[int] | None = None, bot: str = DEFAULT_BOT,
                seed: int | str = JUDGE_SEED, hindsight: bool = True,
                hands: Container[int] | None = None,
                progress: Callable[[int, int], None] | None = None) -> GameReview:
    """Review every decision ``seats`` (default: all) made in the game that led to ``final``
    (only in ``hands``, numbered from 1, if given).

    Each decision's sampling is seeded from ``seed`` and its place in the game, so a review is
    repeatable and depends only on what the seat saw.
    """
    started = time.perf_counter()
    game = game_of(final)
    states = timeline_of(final)
    players = game.seats(final.rules)
    chosen_seats = tuple(range(players)) if seats is None else tuple(seats)
    for seat in chosen_seats:
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat}: the game has seats 0 to {players - 1}")
    _reviewer(bot)
    todo = [(i, s) for i, s in enumerate(states[:-1])
            if s.to_move in chosen_seats and len(s.legal_actions()) > 1 and not _said_for_them(s)
            and (hands is None or s.hand_no + 1 in hands)]
    reviews: dict[tuple[int, int], HandReview] = {}
    best_of: dict[int, Any] = {}
    for done, (i, state) in enumerate(todo):
        seat = state.to_move
        view = state.view(seat)
        chosen = states[i + 1].last_action
        started = time.perf_counter()
        found = judge(states[:i + 1], chosen=chosen, later=states[i + 1:], bot=bot, seed=seed)
        decision = decision_of(view, chosen, found, number=i + 1,
                               seconds=time.perf_counter() - started)
        best_of[i] = game.parse_action(decision.best)
        key = (state.hand_no, seat)
        reviews.setdefault(key, HandReview(hand=state.hand_no + 1, seat=seat))
        reviews[key].decisions.append(decision)
        if progress is not None:
            progress(done + 1, len(todo))
    for (hand_no, seat), review in reviews.items():
        if hand_no < len(final.results):
            review.actual = final.results[hand_no].scores[seat]
        if hindsight:
            review.hindsight = _hindsight(states, hand_no, seat, best_of, bot, seed)
    ordered = sorted(reviews.values(), key=lambda h: (h.hand, h.seat))
    return GameReview(game=game.name, reviewer=bot, hands=ordered,
                      seconds=time.perf_counter() - started)


def _hindsight(states: list[Any], hand_no: int, seat: int, best_of: dict[int, Any],
               spec: str, seed: int | str) -> int | None:
    """The seat's score for the hand on the real deal with the reviewer's choices for it
    (a fresh reviewer ``spec`` plays where the game leaves the record: the expert remembers
    views, so a shared one could make a hand's score depend on the hands replayed before)."""
    bot = _reviewer(spec)
    first = next(i for i, s in enumerate(states) if s.hand_no == hand_no)
    state = states[first]
    follow = True
    i = first
    while not state.is_over and state.hand_no == hand_no:
        recorded = states[i + 1].last_action if follow and i + 1 < len(states) else None
        if follow and state.to_move == seat and i in best_of:
            action = best_of[i]
        elif recorded is not None:
            action = recorded
        else:
            action = bot.choose(state.view(state.to_move), random.Random(f"{seed}/h{i}"))
        follow = follow and recorded is not None and action == recorded
        state = state.apply(action)
        i += 1
    if hand_no >= len(state.results):
        return None
    score: int = state.results[hand_no].scores[seat]
    return score


# --- as data (``binokel review --json`` and the web server's review page) -----------------------

def decision_json(d: Decision) -> dict[str, Any]:
    """One decision as data (docs/review.md)."""
    return {
        "number": d.number, "hand": d.hand, "seat": d.seat, "phase": d.phase, "kind": d.kind,
        "chosen": d.chosen, "best": d.best, "chosen_value": d.chosen_value,
        "best_value": d.best_value, "loss": d.loss, "grade": d.grade,
        "seconds": round(d.seconds, 3),
        "candidates": [{"action": c.action, "value": c.value, "worlds": c.worlds}
                       for c in d.candidates],
    }


def review_json(review: GameReview, players: list[str], *, complete: bool) -> dict[str, Any]:
    """The review as data; every field is described in docs/review.md."""
    return {
        "game": review.game,
        "reviewer": review.reviewer,
        "players": players,
        "complete": complete,
        "thresholds": {name: threshold for name, threshold in THRESHOLDS},
        "seconds": round(review.seconds, 2),
        "hands": [{
            "hand": h.hand, "seat": h.seat, "lost": round(h.lost, 2),
            "decisions_count": len(h.decisions),
            "lost_per_decision": round(h.lost / len(h.decisions), 2) if h.decisions else 0.0,
            "costliest": [d.number for d in h.costliest()],
            "actual": h.actual, "hindsight": h.hindsight,
            "decisions": [decision_json(d) for d in h.decisions],
        } for h in review.hands],
        "summary": summary_json(review),
    }


def summary_json(review: GameReview) -> dict[str, Any]:
    """The game's summary as data (docs/review.md)."""
    decisions = review.decisions
    grades: dict[str, int] = {}
    for d in decisions:
        grades[d.grade] = grades.get(d.grade, 0) + 1
    seats = sorted({h.seat for h in review.hands})
    return {
        "decisions": len(decisions),
        "lost": round(review.lost, 2),
        "lost_per_decision": round(review.lost / len(decisions), 2) if decisions else 0.0,
        "grades": grades,
        "costliest": [decision_json(d) for d in review.costliest()],
        "actual": {str(s): sum(h.actual or 0 for h in review.hands if h.seat == s)
                   for s in seats},
        "hindsight": {str(s): sum(h.hindsight or 0 for h in review.hands if h.seat == s)
                      for s in seats},
        "seconds_per_decision": round(review.seconds / len(decisions), 3) if decisions else 0.0,
    }


__all__ = ["DEFAULT_BOT", "THRESHOLDS", "Decision", "GameReview", "HandReview", "Valued",
           "check_reviewer", "classify", "costliest", "decision_json", "review_game", "review_json",
           "summary_json", "weigh"]
