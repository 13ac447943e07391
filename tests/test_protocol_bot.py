"""``scripts/bench/protocol_bot.py`` serves a bot of any checkout over the bot protocol.

Arenas against an older commit's expert (issue 17's "today's expert") rest on it, so the
view it rebuilds from the protocol's JSON must be the view the arena sent, and the bot it
serves must answer what the same bot answers in-process with the same random stream.
"""

from __future__ import annotations

import hashlib
import json
import random
import shlex
import sys

import pytest

from binokel import GameState, GiveUp, View, find_rules, new_game
from binokel.bots import ExternalBot, ask, make_bot
from binokel.bots.external.wire import decide_message, encode
from binokel.games.binokel.rules import rule_set_names
from tests.script_modules import SCRIPTS, load_script

protocol_bot = load_script("protocol_bot")


def views_of_a_hand(rules_name: str, seed: int) -> list[View]:
    """Every view a seat to move is shown in one hand played at random (never giving up)."""
    state: GameState = new_game(find_rules(rules_name), seed)
    rng = random.Random(seed)
    views = []
    while not state.results:
        view = state.view(state.to_move)
        views.append(view)
        state = state.apply(rng.choice([a for a in view.legal_actions
                                        if not isinstance(a, GiveUp)]))
    return views


def sent(view: View) -> dict[str, object]:
    """The view as the arena sends it, read back from the protocol's line."""
    message = json.loads(encode(decide_message(view, 1, 5.0)))
    assert message["type"] == "decide"
    view_json: dict[str, object] = message["view"]
    return view_json


@pytest.mark.parametrize("rules_name", rule_set_names())
def test_the_rebuilt_view_is_the_view_that_was_sent(rules_name: str) -> None:
    decoder = protocol_bot.Decoder()
    views = views_of_a_hand(rules_name, 11)
    phases = {view.phase for view in views}
    assert len(phases) >= 3, phases  # the auction, the Dabb and the tricks at least
    for view in views:
        rebuilt = decoder.decode(View, sent(view))
        assert rebuilt == view
        assert rebuilt.legal_actions == view.legal_actions


def test_the_served_bot_answers_as_the_same_bot_in_process() -> None:
    name = "heuristic:level=hard"
    script = SCRIPTS / "bench" / "protocol_bot.py"
    served = make_bot("cmd:" + shlex.join([sys.executable, str(script), name]), time_limit=30.0)
    local = make_bot(name)
    state = new_game(seed=4, dealer=1)
    decisions = 0
    try:
        while not state.results:
            view = state.view(state.to_move)
            if state.to_move == 0:
                # The script seeds each decision by the view's JSON text.
                text = json.dumps(sent(view), sort_keys=True, ensure_ascii=False)
                rng = random.Random(hashlib.sha256(text.encode()).digest())
                expected = local.choose(view, rng)
                action = ask(served, view, random.Random(0))
                assert action == expected
                decisions += 1
            else:
                action = view.legal_actions[0]
            state = state.apply(action)
        # The program introduced itself by the name it serves.
        assert isinstance(served, ExternalBot) and served.bot_name == f"{name} (protocol)"
    finally:
        served.close()
    assert decisions >= 10
