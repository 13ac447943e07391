"""The compact playout obeys exactly the engine's trick duties and counting."""

from __future__ import annotations

import random

import pytest

from binokel.games.binokel import actions as A
from binokel.games.binokel.game import GameState, Phase, new_game
from binokel.games.binokel.playout import Position, random_playout
from binokel.games.binokel.rules import BINOKEL, Rules

VARIANTS = {
    "default": BINOKEL,
    "beat the led suit when trumped": BINOKEL.replace(name="t1", beat_suit_when_trumped=True),
    "no under-trumping duty": BINOKEL.replace(name="t2", must_undertrump=False),
    "no duty to beat": BINOKEL.replace(name="t3", must_beat=False),
    "no last-trick bonus": BINOKEL.replace(name="t4", last_trick_bonus=0),
}


def _to_play(rules: Rules, seed: int) -> GameState:
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    while state.phase is not Phase.PLAY:
        legal = [a for a in state.legal_actions()
                 if not isinstance(a, A.GiveUp | A.Durch | A.OpenDurch)]
        state = state.apply(rng.choice(legal))
    return state


@pytest.mark.parametrize("name", list(VARIANTS))
@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("cards_played", [0, 1, 5])
def test_playout_matches_engine_choice_for_choice(name: str, seed: int, cards_played: int) -> None:
    rules = VARIANTS[name]
    state = _to_play(rules, seed)
    pick = random.Random(seed * 7 + 1)
    for _ in range(cards_played):
        state = state.apply(state.legal_actions()[int(pick.random() * len(state.legal_actions()))])
    position = Position.from_state(state)
    hand_no = state.hand_no
    # The engine lists legal cards in the same order as the playout draws from them, so the
    # same random numbers choose the same cards.
    rnd = random.Random(seed).random
    engine = state
    while engine.hand_no == hand_no and not engine.is_over:
        legal = engine.legal_actions()
        engine = engine.apply(legal[int(rnd() * len(legal))])
    expected = list(engine.results[hand_no].trick_points)
    assert random_playout(position, random.Random(seed).random) == expected


def test_position_requires_play_phase() -> None:
    with pytest.raises(ValueError, match="play phase"):
        Position.from_state(new_game(seed=1))
