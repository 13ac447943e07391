"""One judge for hints and reviews (issue 44): the table's hint, its review (``v``),
``binokel hint`` and ``binokel review`` value a position alike, and the hint is the best value
it shows."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from binokel.cli.main import main
from binokel.games import dump_record, find_game_rules, new_game
from binokel.review.judge import judge, timeline_of
from binokel.search.binocle import GAME_VALUE
from binokel.ui.review_text import review_at_table
from binokel.ui.session import BaseSession, Hint, Player, session_for

SPEC = "expert:samples=4,plan=8"


def _hinted_hand(name: str, seed: int) -> tuple[BaseSession[Any], dict[int, Hint]]:
    """One hand in which the person (seat 0) plays every hint; the hints by action number."""
    rules = find_game_rules(name)
    seats = rules.players if name == "binokel" else 2
    players = [Player("me")] + [Player(f"bot{s}", "heuristic") for s in range(1, seats)]
    session = session_for(new_game(rules, seed=seed), players)
    session.hint_bots = (SPEC,)
    session.run_bots()
    hints: dict[int, Hint] = {}
    while session.is_human_turn and not session.state.results and not session.state.is_over:
        hint = session.hint()
        hints[len(session.actions)] = hint
        session.play([hint.action])
        session.run_bots()
    return session, hints


@pytest.mark.parametrize(("name", "seed"), [("binokel", 5), ("binocle", 4), ("bezique", 4)])
def test_the_hint_is_its_best_value_and_the_review_of_the_hand_agrees(name: str,
                                                                       seed: int) -> None:
    session, hints = _hinted_hand(name, seed)
    valued = [h for h in hints.values() if len(h.values) > 1]
    assert len(valued) >= 5
    for hint in valued:
        values = [v for _, v, _ in hint.values]
        assert hint.values[0][0] == hint.action  # the move recommended comes first ...
        assert values == sorted(values, reverse=True)  # ... and has the best value
        assert all(abs(v) <= GAME_VALUE for v in values)  # points, no sentinel
    review = review_at_table(session.state, 0, whole=False, bot=session.judge)
    assert review is not None and review.decisions
    for decision in review.decisions:
        hint = hints[decision.number - 1]
        assert decision.loss == 0.0 and decision.grade == "good"  # the hint lost nothing
        hinted = {str(a).lower(): round(v, 2) for a, v, _ in hint.values}
        for candidate in decision.candidates:
            if candidate.action.lower() != decision.chosen.lower():
                # The same position, player and sampling: the same values.  (The chosen
                # action may be worth more to the review: it also knows the whole discard the
                # seat went on to lay away.)
                assert hinted[candidate.action.lower()] == candidate.value


def test_binokel_hint_and_binokel_review_agree_on_a_record(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    session, hints = _hinted_hand("bezique", 4)
    number = next(n for n, h in hints.items() if len(h.values) > 2)
    position = session.replay(session.actions[:number])
    path = tmp_path / "game.binokel"
    path.write_text(dump_record(position, players=["me", "bot"]), encoding="utf-8")
    assert main(["hint", str(path), "--bot", SPEC, "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    found = judge(timeline_of(position), bot=SPEC)
    assert printed["choice"] == str(found.best) == printed["candidates"][0]["action"]
    assert [c["value"] for c in printed["candidates"]] == [round(v, 1)
                                                           for _, v, _ in found.values]
    # What the table hinted is what `binokel hint` says, from the record alone.
    assert str(hints[number].action) == printed["choice"]
