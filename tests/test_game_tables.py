"""Every registered game has an entry in every table keyed by game name.

Shells and players keep their per-game pieces in tables keyed by the game's name
(``PANELS[game_of(state).name]``, ``ExpertBot._PLAYS``, ``CODECS``, the player makers, …;
decision arch-01).  A game added to the registry but forgotten in one of them would fail only
when a person reaches that table.  This test finds the tables in the source (a dict display
whose keys are string constants, at least two of them game names, assigned at module level
or to a class attribute, with the keys later assigned one by one) and asks that each holds
every registered game, unless it is listed in :data:`PARTIAL` with the reason it serves some
games only.  Tables keyed by rule-set name (some of whose keys are rule sets that are no
game's name) are not per-game tables and are left out.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from binokel import games

PACKAGE = Path(__file__).resolve().parent.parent / "binokel"

#: Tables that serve some games only, by ``path:name``, and why.
PARTIAL = {
    "binokel/bots/random_bot.py:RandomBinocleBot._PLAYS":
        "Binocle family's random player; Binokel's is RandomBot",
    "binokel/bots/searcher.py:SearchBinocleBot._PLAYS": "Binocle family's search player",
    "binokel/bots/heuristic/binocle.py:BinocleHeuristicBot._PLAYS":
        "Binocle family's play; HeuristicBot._PLAYS dispatches every game",
    "binokel/tools/selfplay.py:ENDINGS": "a line after a Binocle game; Binokel's has none",
    "binokel/cli/cmd_rules.py:LIST_NOTES": "a note beside some games in the list",
    "binokel/env/spiel_resample.py:DEALS":
        "deals by card family: Bézique uses the Binocle deal (looked up by family)",
}


def game_names() -> set[str]:
    return {game.name for game in games.registered_games()}


def rule_set_names() -> set[str]:
    """The rule sets that are not also a game's name (``kreuzbinokel``, ``binocle-64``, …)."""
    names = {name for game in games.registered_games() for name in game.rule_set_names()}
    return names - game_names()


def _keys(node: ast.Dict) -> list[str] | None:
    keys = []
    for key in node.keys:
        if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
            return None
        keys.append(key.value)
    return keys


def _target(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return f"{node.value.id}.{node.attr}"
    return None


def tables(source: str, names: set[str]) -> Iterator[tuple[str, set[str]]]:
    """``(name, game keys)`` of each table keyed by game name assigned at the top of
    ``source`` (``T["game"] = ...`` further down adds a key)."""
    found: dict[str, set[str]] = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            target, value = node.target, node.value
        else:
            continue
        if isinstance(target, ast.Subscript) and isinstance(target.slice, ast.Constant):
            name = _target(target.value)
            if name in found and isinstance(target.slice.value, str):
                found[name].add(target.slice.value)
            continue
        name = _target(target)
        keys = _keys(value) if isinstance(value, ast.Dict) else None
        if name is not None and keys is not None and len(set(keys) & names) >= 2:
            found[name] = set(keys)
    others = rule_set_names()
    for table, table_keys in found.items():
        if not table_keys & others:
            yield table, table_keys & names


def all_tables() -> dict[str, set[str]]:
    names = game_names()
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE.parent).as_posix()
        if rel.startswith("binokel/games/"):
            continue  # the games' own registry data, not dispatch tables
        for name, keys in tables(path.read_text(encoding="utf-8"), names):
            out[f"{rel}:{name}"] = keys
    return out


def test_the_source_holds_tables_keyed_by_game_name() -> None:
    found = all_tables()
    # the dispatch tables of the issue that asked for this test, as a floor
    for table in ("binokel/bots/heuristic/binokel.py:HeuristicBot._PLAYS",
                  "binokel/bots/expert/binokel.py:ExpertBot._PLAYS",
                  "binokel/bots/registry.py:MAKERS", "binokel/env/codecs.py:CODECS",
                  "binokel/ui/tui/panels.py:PANELS", "binokel/ui/session.py:SESSIONS"):
        assert table in found
    assert len(found) >= 20


def test_every_registered_game_is_in_every_table() -> None:
    names = game_names()
    missing = {table: sorted(names - keys) for table, keys in all_tables().items()
               if table not in PARTIAL and keys != names}
    assert missing == {}


def test_the_partial_tables_exist_and_are_partial() -> None:
    found = all_tables()
    assert sorted(set(PARTIAL) - set(found)) == []
    assert [t for t in PARTIAL if found[t] == game_names()] == []


@pytest.mark.parametrize(("snippet", "expected"), [
    ("T = {'binokel': 1, 'binocle': 2}", [("T", {"binokel", "binocle"})]),
    ("T: dict[str, int] = {'binokel': 1, 'bezique': 2, 'x': 3}",
     [("T", {"binokel", "bezique"})]),
    ("C._PLAYS = {'binocle': f, 'bezique': f}", [("C._PLAYS", {"binocle", "bezique"})]),
    ("T = {'binokel': 1}", []),
    ("def f():\n    return {'binokel': 1, 'binocle': 2}", []),
    ("T = {'binokel': 1, 'binocle': 2}\nT['bezique'] = 3",
     [("T", {"binokel", "binocle", "bezique"})]),
    ("T = {'binokel': 1, 'binocle': 2, 'kreuzbinokel': 3}", []),
])
def test_the_scan_finds_a_table(snippet: str, expected: list[tuple[str, set[str]]]) -> None:
    assert list(tables(snippet, game_names())) == expected
