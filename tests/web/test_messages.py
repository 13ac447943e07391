"""The cached state messages say exactly what encoding each view afresh says, over whole games
of every game the server holds, for every seat and for spectators."""

from __future__ import annotations

import json
import random

import pytest

from binokel.web.games import game_for_rules
from binokel.web.messages import ViewEncoder, public_fields, state_text
from binokel.web.protocol import encode_view, public_view


@pytest.mark.parametrize("rules", ["binokel", "binocle", "kreuzbinokel"])
def test_cached_messages_equal_fresh_encoding_move_by_move(rules: str) -> None:
    try:
        game = game_for_rules(rules)
    except KeyError:
        pytest.skip(f"no rule set {rules} here")
    rng = random.Random(rules)
    state = game.new(rules, f"messages-{rules}")
    encoder = ViewEncoder()
    players = game.players(rules)
    for _ in range(400):
        if state.is_over:
            break
        views = [state.view(s) for s in range(players)]
        fresh = [encode_view(v) for v in views]
        cached = [encoder.fields(v) for v in views]
        for seat in range(players):
            text = state_text(n=3, seat=seat, table='{"id":"x"}', view=cached[seat])
            assert json.loads(text) == {"type": "state", "n": 3, "seat": seat,
                                        "table": {"id": "x"}, "view": fresh[seat]}
        spectator = state_text(n=3, seat=None, table="{}", view=public_fields(cached))
        assert json.loads(spectator)["view"] == public_view(fresh)
        state = state.apply(rng.choice(list(state.legal_actions())))
