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

from .bots import make_bot
from .bots.expert import ExpertBot
from .bots.expert_review import review_values
from .games import game_of
from .search.evaluate import packed_of

#: Points lost from which a decision is classed so (the first that applies, largest first).
THRESHOLDS: tuple[tuple[str, float], ...] = (("blunder", 60.0), ("mistake", 20.0),
                                             ("inaccuracy", 5.0))

#: The reviewer when none is named: the expert at its playing budget (docs/review.md has the
#: time per decision; with the native core a Binokel hand takes about a second).
DEFAULT_BOT = "expert"

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


def _reviewer(spec: str) -> ExpertBot:
    bot = make_bot(spec)
    if not isinstance(bot, ExpertBot):
        raise ValueError(f"{spec!r} cannot review: reviews need expert or expert:OPTIONS")
    return bot


def check_reviewer(spec: str) -> None:
    """Refuse (:class:`ValueError`) a reviewer that cannot review, before a review starts."""
    _reviewer(spec)


def _timeline(final: Any) -> list[Any]:
    """Every state of the game, oldest first (the last one has no decision)."""
    return list(reversed(list(final.states())))


def _kind(game_name: str, action: object, phase: str) -> str:
    return _KINDS.get(game_name, {}).get(type(action).__name__, phase)


@dataclass(frozen=True, slots=True)
class Weighed:
    """The candidates' values of one decision, and the move the reviewer itself plays."""

    values: list[tuple[Any, float, int]]
    """(action, value, worlds) triples."""
    played: Any = None
    """The reviewer's own move when it is not simply the best mean (at Binocle the expert keeps
    the rule-based move unless another is clearly better, decision search-12); ``None``: the
    best value is the best move."""


#: How one decision is weighed: (reviewer, the seat's view, the chosen action, the sampling's
#: generator, the states after the decision) -> the candidates' values.
Valuer = Callable[[ExpertBot, Any, Any, random.Random, Sequence[Any]], Weighed]


def _values_deciding(bot: ExpertBot, view: Any, chosen: Any, rng: random.Random,
                     later: Sequence[Any]) -> Weighed:
    """What the expert weighs when it decides itself (every candidate, in Binocle)."""
    pick = bot.choose(view, rng)
    return Weighed(bot.last_values(view) or [(pick, 0.0, 0)], played=pick)


def _values_binokel(bot: ExpertBot, view: Any, chosen: Any, rng: random.Random,
                    later: Sequence[Any]) -> Weighed:
    """Binokel: also the chosen bid, every card laid away (with the whole discard the seat
    went on to lay away) and every trump (:func:`binokel.bots.expert_review.review_values`)."""
    return Weighed(review_values(bot, view, rng, chosen=chosen,
                                 completed=_completed_discard(view, later)))


def _completed_discard(view: Any, later: Sequence[Any]) -> int | None:
    """The whole discard the declaring seat laid away (packed), read from its own later views
    in the hand; ``None`` before laying away, or if the record ends first."""
    if view.phase.value not in ("discard", "trump"):
        return None
    for state in later[: view.rules.dabb_size + 2]:
        if state.hand_no != view.hand_no:
            return None
        seen = state.view(view.seat).discard
        if seen is not None and len(seen) == view.rules.dabb_size:
            return packed_of(seen)
    return None


#: How each game's decisions are valued, by game name (the default: :func:`_values_deciding`).
_VALUERS: dict[str, Valuer] = {"binokel": _values_binokel, "binocle": _values_deciding,
                               "bezique": _values_deciding}


def weigh(bot: ExpertBot, view: Any, chosen: object, rng: random.Random,
          *, number: int, later: Sequence[Any] = ()) -> Decision:
    """One decision weighed from ``view`` (the seat's view before it acted); ``later`` are
    the game's states after it (the seat's own later views tell, say, its whole discard)."""
    game = game_of(view)
    started = time.perf_counter()
    valuer = _VALUERS.get(game.name, _values_deciding)
    weighed = valuer(bot, view, chosen, rng, later)
    seconds = time.perf_counter() - started
    legal = set(view.legal_actions)
    ranked = sorted((c for c in weighed.values if c[0] in legal), key=lambda c: -c[1])
    # The reviewer's own move is the best one, if it names one (and it is legal).
    best_action, best_value, _ = next(
        (c for c in ranked if weighed.played is not None and c[0] == weighed.played), ranked[0])
    chosen_value = next((v for a, v, _ in ranked if a == chosen), None)
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
        candidates=tuple(Valued(game.format_action(a), round(v, 2), n) for a, v, n in ranked),
        seconds=seconds)


def review_game(final: Any, *, seats: Sequence[int] | None = None, bot: str = DEFAULT_BOT,
                seed: int | str = "review", hindsight: bool = True,
                hands: Container[int] | None = None,
                progress: Callable[[int, int], None] | None = None) -> GameReview:
    """Review every decision ``seats`` (default: all) made in the game that led to ``final``
    (only in ``hands``, numbered from 1, if given).

    Each decision's sampling is seeded from ``seed`` and its place in the game, so a review is
    repeatable and depends only on what the seat saw.
    """
    started = time.perf_counter()
    game = game_of(final)
    states = _timeline(final)
    players = game.seats(final.rules)
    chosen_seats = tuple(range(players)) if seats is None else tuple(seats)
    for seat in chosen_seats:
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat}: the game has seats 0 to {players - 1}")
    bots = {seat: _reviewer(bot) for seat in chosen_seats}
    todo = [(i, s) for i, s in enumerate(states[:-1])
            if s.to_move in bots and len(s.legal_actions()) > 1
            and (hands is None or s.hand_no + 1 in hands)]
    reviews: dict[tuple[int, int], HandReview] = {}
    best_of: dict[int, Any] = {}
    for done, (i, state) in enumerate(todo):
        seat = state.to_move
        view = state.view(seat)
        chosen = states[i + 1].last_action
        rng = random.Random(f"{seed}/{i}")
        decision = weigh(bots[seat], view, chosen, rng, number=i + 1, later=states[i + 1:])
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
