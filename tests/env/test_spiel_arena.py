"""OpenSpiel bots as players of the package: from a seat's view, a state that gives the seat
that very view, and ``binokel arena openspiel:…``."""

from __future__ import annotations

import random

import pytest

from binokel.bots import make_player
from binokel.cli.main import main
from binokel.env.spiel import load_game
from binokel.env.spiel_arena import SpielViewBot, state_from_view
from binokel.games import find_game_rules, new_game


@pytest.mark.parametrize("name", ["binokel", "kreuzbinokel", "binokel-4-dealer-out"])
def test_every_view_of_a_hand_gives_a_state_with_that_view(name: str) -> None:
    rules = find_game_rules(name)
    game = load_game(name)
    rng = random.Random(2)
    bots = [make_player("heuristic:level=easy", rules) for _ in range(rules.players)]
    state = new_game(rules, seed=2)
    while not state.results:
        view = state.view(state.to_move)
        made = state_from_view(game, view, rng)
        assert made.engine.view(view.seat) == view
        state = state.apply(bots[state.to_move].choose(view, rng))


def test_a_later_hand_and_binocle_are_refused() -> None:
    with pytest.raises(ValueError, match="Binokel rule sets"):
        SpielViewBot("ismcts", find_game_rules("binocle"))
    state = new_game(find_game_rules("binokel"), seed=1)
    while not state.results:
        state = state.apply(state.legal_actions()[-1])
    with pytest.raises(ValueError, match="first hand only"):
        state_from_view(load_game("binokel"), state.view(state.to_move), random.Random(0))


def test_the_arena_plays_an_openspiel_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "openspiel:ismcts:sims=2", "random", "--deals", "1",
                 "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "openspiel:ismcts:sims=2" in out and "mean difference A - B" in out
    assert main(["arena", "openspiel:ismcts", "random", "--deals", "1", "--workers", "2",
                 "--no-progress"]) != 0
    assert "one process" in capsys.readouterr().err
