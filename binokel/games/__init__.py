"""The games binokel plays, one :class:`~binokel.games.protocol.Game` object each, and the
registry that finds them.

Everything outside a game's own package asks the registry: :func:`game_for` by rule-set name,
:func:`game_of` by a rule set, state, view or record, :func:`find_game` by the game's name.  The
functions below are the same questions asked of whichever game a value belongs to.

>>> [game.name for game in registered_games()]
['binokel', 'binocle', 'bezique']
>>> game_for("binocle-64").title, game_of(find_game_rules("kreuzbinokel")).name
('Binocle', 'binokel')
>>> state = new_game(find_game_rules("binocle"), seed=4)
>>> text = dump_record(state, players=["Anna", "Karle"])
>>> text.splitlines()[0]
'[Game "Binocle"]'
>>> replay(load_record(text)) == state
False
>>> replay(load_record(text)).history() == state.history()
True
"""

from __future__ import annotations

import random
import tomllib
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from ..errors import RulesError, did_you_mean
from ..record_text import RecordError, only_record, parse_records
from .binocle.definition import BEZIQUE_GAME, BINOCLE_GAME
from .binokel.definition import BINOKEL_GAME
from .protocol import AnyGame, Game, PlayState

_GAMES: dict[str, AnyGame] = {}


def register_game(game: AnyGame) -> None:
    """Add a game to the registry (its :attr:`~binokel.games.protocol.Game.name` is the key)."""
    _GAMES[game.name] = game


register_game(BINOKEL_GAME)
register_game(BINOCLE_GAME)
register_game(BEZIQUE_GAME)

#: The game a command plays when no rule set is named.
DEFAULT_GAME = BINOKEL_GAME.name


def registered_games() -> tuple[AnyGame, ...]:
    """Every game, the default first."""
    return tuple(_GAMES.values())


def game_names() -> tuple[str, ...]:
    return tuple(_GAMES)


def find_game(name: str) -> AnyGame:
    """A game by its name (``binokel``, ``binocle``, ...)."""
    found = _GAMES.get(name)
    if found is None:
        raise KeyError(f"no game {name!r}; games: {', '.join(_GAMES)}")
    return found


def all_rule_set_names() -> list[str]:
    """Every named rule set of every game, each game's default first."""
    return [name for game in _GAMES.values() for name in game.rule_set_names()]


def game_for(rules_name: str) -> AnyGame:
    """The game a rule-set name, alias or spec (``NAME+field=value``) belongs to.

    >>> game_for("binocle+target=1500").name
    'binocle'
    >>> game_for("binokl")
    Traceback (most recent call last):
    ...
    binokel.errors.RulesError: unknown rule set 'binokl' (did you mean binokel?); known: ...
    """
    for game in _GAMES.values():
        if game.has_rule_set(rules_name):
            return game
    root = rules_name.partition("+")[0].strip()
    names = all_rule_set_names()
    hint = did_you_mean(root.lower(), names)
    raise RulesError(f"unknown rule set {root!r}{hint}; known: {', '.join(names)}")


def game_of(thing: object) -> AnyGame:
    """The game a rule set, state, view, action or record belongs to."""
    for game in _GAMES.values():
        if game.owns(thing):
            return game
    raise TypeError(f"{type(thing).__name__} belongs to no registered game")


# --- rule sets ----------------------------------------------------------------------------------

def find_game_rules(name: str) -> Any:
    """The rule set of a name, an alias or a spec, in whichever game has it."""
    return game_for(name).find_rules(name)


def resolve_game_rules(name: str | None = None, settings: Iterable[str] = (),
                       rules_file: str | Path | None = None, *, game: str | None = None) -> Any:
    """The rule set of ``--rules NAME``, ``--rules-file FILE`` and ``--set FIELD=VALUE``.

    The game is ``game`` when a command plays one game only, else the one of ``NAME``, else of
    the rules file's ``base``, else the default game.
    """
    data: dict[str, Any] | None = None
    if rules_file is not None:
        try:
            data = tomllib.loads(Path(rules_file).read_text(encoding="utf-8"))
        except OSError as exc:
            raise RulesError(f"{rules_file}: cannot read the rules file ({exc.strerror})"
                             ) from None
        except tomllib.TOMLDecodeError as exc:
            raise RulesError(f"{rules_file}: not a TOML file ({exc})") from None
    base = data.get("base") if data is not None else None
    if game is not None:
        return find_game(game).resolve_rules(name, list(settings), data, str(rules_file))
    if name is not None:
        found = game_for(name)
    elif isinstance(base, str):
        try:
            found = game_for(base)
        except RulesError as exc:
            raise RulesError(f"{rules_file}: base: {exc}") from None
    else:
        found = _GAMES[DEFAULT_GAME]
    return found.resolve_rules(name, list(settings), data, str(rules_file))


def seats_of(rules: object) -> int:
    """How many players sit at the table."""
    return game_of(rules).seats(rules)


def winners_of(state: PlayState) -> tuple[int, ...]:
    """The seats that won the game (empty while it goes on)."""
    return game_of(state).winners(state)


# --- games and records --------------------------------------------------------------------------

def new_game(rules: Any, seed: int | str = 0) -> Any:
    """A new game of the rule set's game, dealt from ``seed``."""
    return game_of(rules).new_game(rules, seed)


def dump_record(state: PlayState, *, players: Sequence[str] | None = None,
                tags: dict[str, str] | None = None) -> str:
    """The game up to ``state`` as a record of its game (see ``docs/records.md``)."""
    return game_of(state).dump_record(state, players=players, tags=tags)


def dump_records(states: Iterable[PlayState], *, players: Sequence[str] | None = None) -> str:
    """Several games as one text, separated by blank lines."""
    return "\n".join(dump_record(s, players=players) for s in states)


def _game_tag(lines: list[str]) -> str:
    for line in lines:
        text = line.strip()
        if text.startswith("[Game ") and text.endswith("]"):
            return text[len("[Game "):-1].strip().strip('"')
    return ""


def _parse_any_record(lines: list[str], first: int) -> Any:
    tag = _game_tag(lines)
    for game in _GAMES.values():
        if game.record_tag == tag:
            return game.parse_record(lines, first)
    known = " or ".join(f'[Game "{game.record_tag}"]' for game in _GAMES.values())
    raise RecordError(f"line {first}: a record starts with {known}, not {tag!r}" if tag else
                      f"line {first}: a record starts with {known}")


def load_records(text: str) -> list[Any]:
    """Every record of a text, each read by its game's ``[Game "..."]`` tag."""
    known = " or ".join(f'[Game "{game.record_tag}"]' for game in _GAMES.values())
    return parse_records(text, _parse_any_record, known)


def load_record(text: str) -> Any:
    """The one record of a text, of any game."""
    return only_record(load_records(text), "load_records")


def replay(record: Any) -> Any:
    """Re-apply and check every action of a record; the state at its end."""
    return game_of(record).replay(record)


def replay_actions(rules: Any, seed: int | str, actions: Iterable[str]) -> Any:
    """The state after ``actions`` (in notation, as a table logs them) from a new game of
    ``rules`` dealt from ``seed``.  A game may read its old logs its own way: a state's
    ``apply_logged``, where it has one, applies a logged action (Binocle's logs from before
    decision binocle-06 lack a winner's ``done`` with nothing to declare)."""
    game = game_of(rules)
    state = game.new_game(rules, seed)
    for text in actions:
        apply = getattr(state, "apply_logged", state.apply)
        state = apply(game.parse_action(text))
    return state


# --- the random player --------------------------------------------------------------------------

def random_action(view: Any, rng: random.Random) -> Any:
    """The random player's choice in the view's game."""
    return game_of(view).random_action(view, rng)


def play_random_game(rules: Any, seed: int | str, *, rng: random.Random,
                     max_hands: int = 1000) -> Any:
    """One game between random players, each seeing only its view, to its end or until
    ``max_hands`` hands are played."""
    game = game_of(rules)
    state = game.new_game(rules, seed)
    while not state.is_over and len(state.results) < max_hands:
        state = state.apply(game.random_action(state.view(state.to_move), rng))
    return state


__all__ = [
    "DEFAULT_GAME", "AnyGame", "Game", "PlayState", "all_rule_set_names", "dump_record",
    "dump_records", "find_game", "find_game_rules", "game_for", "game_names", "game_of",
    "load_record", "load_records", "new_game", "play_random_game", "random_action",
    "register_game", "registered_games", "replay", "resolve_game_rules", "seats_of",
    "winners_of",
]
