"""The shape of the house, checked on the source (docs/decisions/arch-01-game-protocol.md).

* No import cycles between the package's modules (imports inside functions and under
  ``TYPE_CHECKING`` count: they are edges all the same).
* Outside a game's own package nothing tells the games apart: no ``isinstance``/``issubclass``/
  ``type(...)`` test against a game's rule-set, state, view or record types, no ``is_..._name``
  helper, and no comparison with a game's or a rule set's name.  Shells and players ask the
  registry (:mod:`binokel.games`) and keep their per-game pieces in tables keyed by game name.

The layers themselves (shells -> players -> games -> shared) are import-linter's contracts in
pyproject.toml, run by ``lint-imports`` in CI.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from binokel import games

PACKAGE = Path(__file__).resolve().parent.parent / "binokel"


def _modules() -> dict[str, Path]:
    """The package's modules by name: its ``.py`` files, and its compiled modules by their
    ``.pyi`` stubs (``from . import _native`` imports such a module, not its package)."""
    out = {}
    for path in sorted([*PACKAGE.rglob("*.py"), *PACKAGE.rglob("*.pyi")]):
        if path.suffix == ".pyi" and path.with_suffix(".py").exists():
            continue
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


def import_graph() -> dict[str, set[str]]:
    """Module -> the package's modules it imports (anywhere in the file)."""
    modules = _modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                subs = [f"{target}.{a.name}" for a in node.names]
                found = [s for s in subs if s in modules]
                # ``from pkg import submodule`` imports the submodule, not the package's names
                targets = found if len(found) == len(subs) else [target, *found]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                continue
            graph[name].update(t for t in targets if t in modules and t != name)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            part = []
            while True:
                other = stack.pop()
                on_stack.discard(other)
                part.append(other)
                if other == node:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_package_has_no_import_cycles() -> None:
    assert cycles(import_graph()) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


# --- nothing outside a game tells the games apart ---------------------------------------------

def identity_types() -> set[str]:
    """The class names that tell one game from another: each registered game's rule-set,
    state (and its bases from the game's package), view and record types."""
    names: set[str] = set()
    for game in games.registered_games():
        for rule_set in game.rule_set_names():
            rules = game.find_rules(rule_set)
            state = game.new_game(rules, seed="architecture")
            record = games.load_record(game.dump_record(state))
            for value in (rules, state, state.view(state.to_move), record):
                names.update(cls.__name__ for cls in type(value).__mro__
                             if cls.__module__.startswith("binokel.games."))
    return names


def game_words() -> set[str]:
    """Every game's name and title and every rule-set name."""
    words = set()
    for game in games.registered_games():
        words.update({game.name, game.title, *game.rule_set_names()})
    return words


def _names(node: ast.expr) -> Iterator[str]:
    if isinstance(node, ast.Name):
        yield node.id
    elif isinstance(node, ast.Attribute):
        yield node.attr
    elif isinstance(node, ast.Tuple | ast.List | ast.Set):
        for item in node.elts:
            yield from _names(item)
    elif isinstance(node, ast.BinOp):
        yield from _names(node.left)
        yield from _names(node.right)
    elif isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value  # a quoted annotation or a forward reference


def _strings(node: ast.expr) -> Iterator[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.Tuple | ast.List | ast.Set):
        for item in node.elts:
            yield from _strings(item)


def _is_game_name_test(called: str, words: set[str]) -> bool:
    """``is_binocle_name`` and the like: a helper that tells whether a name is a game's."""
    found = re.match(r"^is_(\w+)_name$", called)
    return found is not None and found.group(1) in {w.lower() for w in words}


def game_tests(source: str, types: set[str], words: set[str]) -> list[tuple[int, str]]:
    """Each place in ``source`` that tells the games apart, with what it does."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            func = node.func
            called = func.id if isinstance(func, ast.Name) else \
                func.attr if isinstance(func, ast.Attribute) else ""
            if called in ("isinstance", "issubclass") and len(node.args) == 2:
                hit = sorted(set(_names(node.args[1])) & types)
                if hit:
                    out.append((node.lineno, f"{called}(..., {', '.join(hit)})"))
            elif _is_game_name_test(called, words):
                out.append((node.lineno, f"{called}(...)"))
            elif called in ("startswith", "endswith") and node.args:
                hit = sorted(w for w in _strings(node.args[0]) if w in words
                             or (len(w) >= 4 and any(x.startswith(w) for x in words)))
                if hit:
                    out.append((node.lineno, f".{called}({hit[0]!r})"))
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            for side in sides:
                if isinstance(side, ast.Call) and isinstance(side.func, ast.Name) \
                        and side.func.id == "type":
                    others = [n for s in sides if s is not side for n in _names(s)]
                    hit = sorted(set(others) & types)
                    if hit:
                        out.append((node.lineno, f"type(...) against {hit[0]}"))
                hit = sorted(set(_strings(side)) & words)
                if hit:
                    out.append((node.lineno, f"a comparison with {hit[0]!r}"))
    return out


def _outside_the_games() -> Iterator[tuple[Path, str]]:
    game_packages = {PACKAGE / "games" / game.name for game in games.registered_games()}
    for path in sorted(PACKAGE.rglob("*.py")):
        if not any(package in path.parents for package in game_packages):
            yield path, path.read_text(encoding="utf-8")


def test_nothing_outside_a_game_package_tells_the_games_apart() -> None:
    types, words = identity_types(), game_words()
    found = [f"{path.relative_to(PACKAGE.parent)}:{line}: {what}"
             for path, source in _outside_the_games()
             for line, what in game_tests(source, types, words)]
    assert found == []


@pytest.mark.parametrize("snippet", [
    "if isinstance(state, BinocleState): pass",
    "ok = isinstance(view, View | BinocleView)",
    "binocle = isinstance(rules, (Rules, int))",
    "if is_binocle_name(name): pass",
    "if rules.name == 'binocle-64': pass",
    "if game_of(state).name != 'binocle': pass",
    "if name in ('binokel', 'x'): pass",
    "if spec.startswith('binocle'): pass",
    "if type(state) is GameState: pass",
])
def test_the_source_check_finds_each_kind_of_game_test(snippet: str) -> None:
    assert game_tests(snippet, identity_types(), game_words()) != []


def test_tables_keyed_by_game_name_are_lookups_not_tests() -> None:
    snippet = ("PRESENTERS = {'binokel': A, 'binocle': B}\n"
               "shown = PRESENTERS[game_of(state).name]\n"
               "if isinstance(action, Bid): pass\n")
    assert game_tests(snippet, identity_types(), game_words()) == []


def test_the_identity_types_are_every_games_own() -> None:
    assert {"Rules", "GameState", "View", "Record", "BinocleRules", "BinocleState",
            "BinocleView", "BinocleRecord"} <= identity_types()
