"""The cached state messages say exactly what encoding each view afresh says, over whole games
of every game the server holds, for every seat and for spectators."""

from __future__ import annotations

import json
import random

import pytest

from binokel.web.games import game_for_rules, new_state, seat_count
from binokel.web.messages import ViewEncoder, dumps_text, public_fields, state_text
from binokel.web.protocol import encode_view, public_view


@pytest.mark.parametrize("rules", ["binokel", "binocle", "kreuzbinokel"])
def test_cached_messages_equal_fresh_encoding_move_by_move(rules: str) -> None:
    try:
        game = game_for_rules(rules)
    except KeyError:
        pytest.skip(f"no rule set {rules} here")
    rng = random.Random(rules)
    state = new_state(game, rules, f"messages-{rules}")
    encoder = ViewEncoder()
    players = seat_count(game, rules)
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
            # ASCII (suit symbols escaped): the frame's UTF-8 is then a plain copy.
            assert text.isascii()
        spectator = state_text(n=3, seat=None, table="{}", view=public_fields(cached))
        assert json.loads(spectator)["view"] == public_view(fresh)
        state = state.apply(rng.choice(list(state.legal_actions())))


def test_texts_are_ascii_and_say_the_same_whatever_the_characters() -> None:
    for value in [{"hand": ["Q♠", "10♥", "A♦", "K♣"]}, {"name": "Jürgen 🂡", "n": 1.5},
                  ["plain", None, True, 'quote " and \\ backslash']]:
        text = dumps_text(value)  # type: ignore[arg-type]
        assert text.isascii()
        assert json.loads(text) == value
