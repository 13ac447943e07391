"""Which game a rule set plays, and one front door per chore for both games.

binokel plays two games on the same cards: Binokel (:mod:`binokel.games.binokel.game`) and Foster's
two-handed Binocle (:mod:`binokel.games.binocle`).  They share the design (rule sets as data, one
state with one door, records, views) but not their types.  The shells — the command line, the
terminal game, the web server — ask this module instead of choosing themselves: which game a
rule-set name belongs to, the rule set of ``--rules``/``--set``/``--rules-file``, a new game,
records (dump, load, replay), random players and computer players.

>>> game_of("binocle-64"), game_of("kreuzbinokel")
('binocle', 'binokel')
>>> find_game_rules("binocle+target=1500").target
1500
>>> state = new_game(find_game_rules("binocle"), seed=4)
>>> text = dump_record(state, players=["Anna", "Karle"])
>>> text.splitlines()[0]
'[Game "Binocle"]'
>>> type(replay(load_record(text))).__name__
'BinocleState'
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import random
import tomllib
import typing
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, overload

from ..cards import Rank
from ..record_text import only_record, parse_records
from .binocle import (
    BINOCLE_RULESETS,
    BinocleAction,
    BinocleRules,
    BinocleState,
    BinocleView,
    new_binocle_game,
)
from .binocle import random_action as binocle_random_action
from .binocle.records import (
    BinocleRecord,
    dump_binocle_record,
    parse_binocle_record,
    replay_binocle,
)
from .binokel.actions import Action
from .binokel.game import GameState
from .binokel.game import new_game as new_binokel_game
from .binokel.records import Record
from .binokel.records import dump_record as dump_binokel_record
from .binokel.records import parse_record as parse_binokel_record
from .binokel.records import replay as replay_binokel
from .binokel.rulefile import resolve_rules
from .binokel.rules import Rules, RulesError
from .binokel.views import View

if TYPE_CHECKING:
    from ..bots.base import Bot, TableView

Game = Literal["binokel", "binocle"]
AnyRules = Rules | BinocleRules
AnyState = GameState | BinocleState
AnyView = View | BinocleView
AnyAction = Action | BinocleAction
AnyRecord = Record | BinocleRecord

GAMES: tuple[Game, ...] = ("binokel", "binocle")


# --- which game ---------------------------------------------------------------------------------

def is_binocle_name(name: str) -> bool:
    """Whether a rule-set name (or spec ``NAME+field=value``) names a Binocle rule set."""
    return name.partition("+")[0].strip() in BINOCLE_RULESETS


def game_of(thing: AnyRules | AnyState | AnyRecord | str) -> Game:
    """The game of a rule set, a state, a record or a rule-set name."""
    if isinstance(thing, str):
        return "binocle" if is_binocle_name(thing) else "binokel"
    if isinstance(thing, BinocleRules | BinocleState | BinocleRecord):
        return "binocle"
    return "binokel"


def seats_of(rules: AnyRules) -> int:
    """How many players sit at the table."""
    return 2 if isinstance(rules, BinocleRules) else rules.players


def winners_of(state: AnyState) -> tuple[int, ...]:
    """The seats that won the game (empty while it goes on)."""
    if isinstance(state, BinocleState):
        return () if state.winner is None else (state.winner,)
    return state.winners


# --- Binocle rule sets from text ---------------------------------------------------------------

@functools.cache
def _binocle_hints() -> dict[str, Any]:
    hints = typing.get_type_hints(BinocleRules)
    return {f.name: hints[f.name] for f in dataclasses.fields(BinocleRules) if f.init}


_RANKS: dict[str, Rank] = {
    "A": Rank.ACE, "10": Rank.TEN, "T": Rank.TEN, "K": Rank.KING, "Q": Rank.QUEEN,
    "J": Rank.JACK, "9": Rank.NINE, "8": Rank.EIGHT, "7": Rank.SEVEN,
}
_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


def _binocle_field(name: str) -> Any:
    hints = _binocle_hints()
    if name not in hints:
        known = ", ".join(hints)
        raise RulesError(f"{name}: no such Binocle rule field (fields: {known})")
    return hints[name]


def _rank(name: str, item: object) -> Rank:
    if isinstance(item, Rank):
        return item
    found = _RANKS.get(str(item).strip().upper())
    if found is None:
        raise RulesError(f"{name}: {item!r} is not a rank (A 10 K Q J 9 8 7)")
    return found


def binocle_value(name: str, value: object) -> Any:
    """A Binocle rule field's value from ``--set`` text or TOML data.

    >>> binocle_value("dix_uses_meld", "yes"), binocle_value("ranks", "7,8,9,J,Q,K,10,A")[0]
    (True, <Rank.SEVEN: 0>)
    """
    hint = _binocle_field(name)
    text = value.strip() if isinstance(value, str) else None
    if hint is bool:
        if isinstance(value, bool):
            return value
        if text is not None and text.lower() in _TRUE + _FALSE:
            return text.lower() in _TRUE
        raise RulesError(f"{name}: must be true or false, not {value!r}")
    if hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if text is not None and text.lstrip("-").isdigit():
            return int(text)
        raise RulesError(f"{name}: must be a whole number, not {value!r}")
    if hint is str:
        if text is None:
            raise RulesError(f"{name}: must be text, not {value!r}")
        if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
            return text[1:-1]
        return text
    if hint is Rank:
        return _rank(name, value)
    items = text.replace(",", " ").split() if text is not None else value
    if not isinstance(items, list | tuple):
        raise RulesError(f"{name}: must be a list of ranks such as 9,J,Q,K,10,A")
    return tuple(sorted(_rank(name, item) for item in items))


def _format_binocle_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Rank):
        return value.label
    if isinstance(value, tuple):
        return ",".join(r.label for r in sorted(value, reverse=True))
    return str(value)


def binocle_fields_text(rules: BinocleRules) -> dict[str, str]:
    """Every field of a Binocle rule set in its ``--set`` text form."""
    return {name: _format_binocle_value(value) for name, value in rules.fields().items()}


def derive_binocle_rules(base: BinocleRules, changes: Mapping[str, Any]) -> BinocleRules:
    """``base`` with fields changed, named by its spec (``binocle+target=1500``) unless a
    change names it."""
    values = {name: binocle_value(name, value) for name, value in changes.items()}
    play = {k: v for k, v in values.items()
            if k not in ("name", "description") and getattr(base, k) != v}
    root = base.name.partition("+")[0]
    preset = BINOCLE_RULESETS.get(root, base)
    try:
        new = base.replace(**play) if play else base
    except (TypeError, ValueError) as exc:
        raise RulesError(str(exc)) from None
    name = values.get("name")
    if name is None:
        diffs = [f"{k}={_format_binocle_value(v)}" for k, v in new.fields().items()
                 if k not in ("name", "description") and getattr(preset, k) != v]
        if not diffs:
            return preset if "description" not in values else preset.replace(
                description=values["description"])
        name = "+".join([preset.name, *diffs])
        description = values.get("description",
                                 f"{preset.description} (changed: {', '.join(diffs)})")
    else:
        description = values.get("description", new.description)
    return new.replace(name=name, description=description)


def apply_binocle_settings(rules: BinocleRules, settings: Iterable[str]) -> BinocleRules:
    """``rules`` with ``FIELD=VALUE`` changes (as ``--set`` gives them).

    >>> apply_binocle_settings(BINOCLE_RULESETS["binocle"], ["target=1500"]).name
    'binocle+target=1500'
    """
    changes: dict[str, str] = {}
    for text in settings:
        name, eq, value = text.partition("=")
        name = name.strip().replace("-", "_")
        if not eq or not name:
            raise RulesError(f"{text.strip()!r}: a change is written FIELD=VALUE, "
                             f"e.g. target=1500")
        _binocle_field(name)
        changes[name] = value
    return derive_binocle_rules(rules, changes) if changes else rules


def find_binocle_spec(name: str) -> BinocleRules:
    """A Binocle rule set by name, or by spec ``NAME+field=value+...``."""
    root, *changes = name.split("+")
    found = BINOCLE_RULESETS.get(root.strip())
    if found is None:
        known = ", ".join(sorted(BINOCLE_RULESETS))
        raise RulesError(f"unknown Binocle rule set {root!r}; known: {known}")
    return apply_binocle_settings(found, changes) if changes else found


def find_game_rules(name: str) -> AnyRules:
    """The rule set of a name, an alias or a spec, in either game."""
    if is_binocle_name(name):
        return find_binocle_spec(name)
    return resolve_rules(name)


def resolve_game_rules(name: str | None = None, settings: Iterable[str] = (),
                       rules_file: str | Path | None = None) -> AnyRules:
    """The rule set of ``--rules NAME``, ``--rules-file FILE`` and ``--set FIELD=VALUE``.

    A Binocle name (or a rules file whose ``base`` is one) gives Binocle rules; everything else
    goes to :func:`binokel.games.binokel.rulefile.resolve_rules`.
    """
    settings = list(settings)
    data: dict[str, Any] | None = None
    if rules_file is not None:
        try:
            data = tomllib.loads(Path(rules_file).read_text(encoding="utf-8"))
        except OSError as exc:
            raise RulesError(f"{rules_file}: cannot read the rules file ({exc.strerror})"
                             ) from None
        except tomllib.TOMLDecodeError as exc:
            raise RulesError(f"{rules_file}: not a TOML file ({exc})") from None
    base_name = data.get("base") if data is not None else None
    binocle = (name is not None and is_binocle_name(name)) or (
        isinstance(base_name, str) and is_binocle_name(base_name))
    if not binocle:
        return resolve_rules(name, settings, rules_file)
    rules = find_binocle_spec(name) if name is not None else None
    if data is not None:
        fields = dict(data)
        fields.pop("base", None)
        named = find_binocle_spec(base_name) if isinstance(base_name, str) else None
        if rules is None:
            rules = named
        elif named is not None and named.fields() != rules.fields():
            raise RulesError(f"{rules_file}: base = {base_name!r} differs from the rule set "
                             f"{rules.name!r} chosen with --rules")
        assert rules is not None
        try:
            rules = derive_binocle_rules(rules, fields)
        except RulesError as exc:
            raise RulesError(f"{rules_file}: {exc}") from None
    assert rules is not None
    return apply_binocle_settings(rules, settings)


def rules_from_args(args: argparse.Namespace) -> AnyRules:
    """The rule set the options of :func:`binokel.cli.common.add_rules_options` name, in either
    game (a sibling of :func:`binokel.cli.common.rules_from_args`, which is Binokel's)."""
    return resolve_game_rules(getattr(args, "rules", None),
                              getattr(args, "rule_settings", None) or (),
                              getattr(args, "rules_file", None))


# --- games and records --------------------------------------------------------------------------

@overload
def new_game(rules: Rules, seed: int | str = 0) -> GameState: ...
@overload
def new_game(rules: BinocleRules, seed: int | str = 0) -> BinocleState: ...
@overload
def new_game(rules: AnyRules, seed: int | str = 0) -> AnyState: ...


def new_game(rules: AnyRules, seed: int | str = 0) -> AnyState:
    """A new game of the rule set's game, dealt from ``seed``."""
    if isinstance(rules, BinocleRules):
        return new_binocle_game(rules, seed)
    return new_binokel_game(rules, seed)


def dump_record(state: AnyState, *, players: Sequence[str] | None = None,
                tags: dict[str, str] | None = None) -> str:
    """The game up to ``state`` as a record of its game (see ``docs/records.md``)."""
    if isinstance(state, BinocleState):
        return dump_binocle_record(state, players=players, tags=tags)
    return dump_binokel_record(state, players=players, tags=tags)


def dump_records(states: Iterable[AnyState], *, players: Sequence[str] | None = None) -> str:
    """Several games as one text, separated by blank lines."""
    return "\n".join(dump_record(s, players=players) for s in states)


def load_records(text: str) -> list[AnyRecord]:
    """Every record of a text, each read by its game's ``[Game "..."]`` tag."""
    return parse_records(text, _parse_any_record, '[Game "Binokel"] or [Game "Binocle"]')


def _parse_any_record(lines: list[str], first: int) -> AnyRecord:
    head = next((line.strip() for line in lines if line.strip().startswith("[Game ")), "")
    if head.replace(" ", "") in ('[Game"Binocle"]', '[Game"Bezique"]'):
        return parse_binocle_record(lines, first)
    return parse_binokel_record(lines, first)


def load_record(text: str) -> AnyRecord:
    """The one record of a text, of either game."""
    return only_record(load_records(text), "load_records")


@overload
def replay(record: Record) -> GameState: ...
@overload
def replay(record: BinocleRecord) -> BinocleState: ...
@overload
def replay(record: AnyRecord) -> AnyState: ...


def replay(record: AnyRecord) -> AnyState:
    """Re-apply and check every action of a record; the state at its end (see
    :func:`binokel.games.binokel.records.replay`)."""
    if isinstance(record, BinocleRecord):
        return replay_binocle(record)
    return replay_binokel(record)


# --- players ------------------------------------------------------------------------------------

def random_action(view: AnyView, rng: random.Random) -> AnyAction:
    """A random player's choice: uniform among the legal actions; at Binocle it claims exactly
    when the claim is right (a uniform claim would mostly be wrong and lose at once)."""
    if isinstance(view, BinocleView):
        return binocle_random_action(view, rng)
    return view.legal_actions[rng.randrange(len(view.legal_actions))]


class RandomBinocleBot:
    """Random legal Binocle play that claims only when sure."""

    def __init__(self, name: str = "random") -> None:
        self._name = name

    @property
    def name(self) -> str:
        return self._name

    def choose(self, view: TableView[Any], rng: random.Random) -> Any:
        if not isinstance(view, BinocleView):
            raise TypeError("the random Binocle player plays Binocle views")
        return binocle_random_action(view, rng)

    def close(self) -> None:
        return None


class SearchBinocleBot:
    """Plays the action of best mean value over sampled deals
    (:func:`binokel.search.binocle.binocle_values`); claims when the claim is right."""

    def __init__(self, name: str = "search", *, samples: int = 24) -> None:
        if samples < 1:
            raise ValueError("search: samples must be at least 1")
        self._name = name
        self.samples = samples

    @property
    def name(self) -> str:
        return self._name

    def choose(self, view: TableView[Any], rng: random.Random) -> Any:
        if not isinstance(view, BinocleView):
            raise TypeError("the Binocle search player plays Binocle views")
        from ..search.binocle import binocle_values

        values = binocle_values(view, rng, samples=self.samples)
        return max(values, key=lambda item: item[1])[0]

    def close(self) -> None:
        return None


#: Binocle's own computer players; ``search:samples=N`` sets its effort,
#: ``heuristic:level=easy|medium|hard`` (:mod:`binokel.bots.binocle_heuristic`) its level.
BINOCLE_BOTS = ("random", "heuristic", "search")
DEFAULT_BINOCLE_BOT = "search"
STRONGEST_BINOCLE_BOT = "search:samples=64"


def make_game_bot(spec: str, rules: AnyRules, *, time_limit: float | None = None) -> Bot:
    """A computer player for the rule set's game, by name.

    Binokel: :func:`binokel.bots.make_bot`.  Binocle: ``random`` (claims only when sure),
    ``heuristic[:level=easy|medium|hard]`` or ``search[:samples=N]``; any other name is made
    by :func:`binokel.bots.make_bot` and tried on a Binocle position first, so a player that
    cannot play Binocle is refused at once.  ``time_limit`` goes to external programs.
    """
    from ..bots import make_bot, parse_bot_name

    def build(name: str) -> Bot:
        return make_bot(name) if time_limit is None else make_bot(name, time_limit=time_limit)

    if not isinstance(rules, BinocleRules):
        return build(spec)
    kind, options = ("cmd", {}) if spec.startswith("cmd:") else parse_bot_name(spec)
    if kind == "random" and not options:
        return RandomBinocleBot(spec)
    if kind == "search":
        rest = dict(options)
        samples = rest.pop("samples", "24")
        if rest or not samples.isdigit():
            raise ValueError(f"search takes samples=N only (got {spec!r})")
        return SearchBinocleBot(spec, samples=int(samples))
    if kind == "heuristic":
        from ..bots.binocle_heuristic import BinocleHeuristicBot

        rest = dict(options)
        level = rest.pop("level", "medium")
        if rest:
            raise ValueError(f"the Binocle heuristic takes level=easy|medium|hard only "
                             f"(got {spec!r})")
        return BinocleHeuristicBot(spec, level=level)
    bot = build(spec)
    probe = new_binocle_game(rules, "probe")
    view = probe.view(probe.to_move)
    try:
        action = bot.choose(view, random.Random(0))
        ok = action in view.legal_actions
    except Exception:
        ok = False
    if not ok:
        bot.close()
        raise ValueError(f"{spec!r} does not play Binocle; Binocle players: "
                         f"{', '.join(BINOCLE_BOTS)} (e.g. search:samples=48)")
    return bot


def play_random_game(rules: AnyRules, seed: int | str, *, rng: random.Random,
                     max_hands: int = 1000) -> AnyState:
    """One game between random players, each seeing only its view, to its end or until
    ``max_hands`` hands are played."""
    state: AnyState = new_game(rules, seed)
    while not state.is_over and len(state.results) < max_hands:
        if isinstance(state, BinocleState):
            state = state.apply(binocle_random_action(state.view(state.to_move), rng))
        else:
            view = state.view(state.to_move)
            state = state.apply(view.legal_actions[rng.randrange(len(view.legal_actions))])
    return state


__all__ = [
    "BINOCLE_BOTS", "DEFAULT_BINOCLE_BOT", "GAMES", "STRONGEST_BINOCLE_BOT", "AnyAction",
    "AnyRecord", "AnyRules", "AnyState", "AnyView", "Game", "RandomBinocleBot",
    "SearchBinocleBot", "apply_binocle_settings", "binocle_fields_text", "binocle_value",
    "derive_binocle_rules", "dump_record", "dump_records", "find_binocle_spec",
    "find_game_rules", "game_of", "is_binocle_name", "load_record", "load_records",
    "make_game_bot", "new_game", "play_random_game", "random_action", "replay",
    "resolve_game_rules", "rules_from_args", "seats_of", "winners_of",
]
