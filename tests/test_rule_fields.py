"""A mistyped rule field is named back with the closest real one, in every game (issue 48).

``--set targt=1000`` says ``targt: not a field of a Binokel rule set (did you mean target?)``
in Binokel, Binocle and Bézique alike, on one line, without listing every field.
"""

from __future__ import annotations

import dataclasses
import re

import pytest

from binokel.errors import RulesError
from binokel.games import registered_games, resolve_game_rules

GAMES = [(game.name, game.rule_set_names()[0]) for game in registered_games()]
_HINT = re.compile(r"\(did you mean ([a-z0-9_]+)\?\)$")


def _fields(rules_name: str) -> list[str]:
    rules = resolve_game_rules(rules_name)
    return [f.name for f in dataclasses.fields(rules)
            if f.init and f.name not in ("name", "description")]


def test_every_registered_game_is_checked() -> None:
    assert {name for name, _ in GAMES} >= {"binokel", "binocle"}
    assert any(rules_name == "bezique" for game in registered_games()
               for rules_name in game.rule_set_names())


@pytest.mark.parametrize(("game", "rules_name"), [*GAMES, ("binocle", "bezique")])
def test_a_mistyped_target_is_named_back(game: str, rules_name: str) -> None:
    with pytest.raises(RulesError) as caught:
        resolve_game_rules(rules_name, ["targt=1000"])
    message = str(caught.value)
    assert message.startswith("targt: not a field of a ")
    assert message.endswith("(did you mean target?)")
    assert "\n" not in message and len(message) < 100


@pytest.mark.parametrize(("game", "rules_name"), GAMES)
def test_every_field_with_a_letter_dropped_gets_a_real_field_back(game: str,
                                                                    rules_name: str) -> None:
    fields = _fields(rules_name)
    assert len(fields) > 10
    for field in fields:
        typo = field[:2] + field[3:]
        if typo in fields or len(field) < 5:
            continue
        with pytest.raises(RulesError) as caught:
            resolve_game_rules(rules_name, [f"{typo}=1"])
        hint = _HINT.search(str(caught.value))
        assert hint is not None, str(caught.value)
        assert hint.group(1) in fields


@pytest.mark.parametrize(("game", "rules_name"), GAMES)
def test_a_name_like_no_field_says_where_the_fields_are_listed(game: str,
                                                               rules_name: str) -> None:
    with pytest.raises(RulesError, match=r"^qqqqq: not a field of a .* rule set "
                                         r"\(`binokel rules [a-z]+` lists them\)$"):
        resolve_game_rules(rules_name, ["qqqqq=1"])
