"""The contract every game answers: one :class:`Game` object per game, found through the registry.

A shell, a player or a tool never asks *which* game it holds; it asks the game's object
(:func:`binokel.games.game_for`) the same questions for every game: its rule sets and how to
resolve ``--rules``/``--set``/``--rules-file``, a new game from rules and a seed, the notation of
actions, why an action is illegal, the record (dump, load, replay), the random player and the
names of the computer players it offers.  A game's state answers the questions of
:class:`PlayState` — its one door.  What a screen needs to show a game lives with that screen,
looked up by :attr:`Game.name`; the games know no screens.

>>> from binokel.games import game_for
>>> game = game_for("binocle-64")
>>> game.name, game.title, game.seats(game.find_rules("binocle-64"))
('binocle', 'Binocle', 2)
"""

from __future__ import annotations

import enum
import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, Self, TypeVar, runtime_checkable

RulesT = TypeVar("RulesT")
StateT = TypeVar("StateT", bound="PlayState")
ActionT = TypeVar("ActionT")
#: Views are only ever given to a game (to its random player), hence contravariant.
ViewT_contra = TypeVar("ViewT_contra", contravariant=True)
RecordT = TypeVar("RecordT")


@runtime_checkable
class PlayState(Protocol):
    """The one door of a game state: immutable, changed only by applying a legal action."""

    @property
    def rules(self) -> Any: ...

    @property
    def phase(self) -> enum.Enum: ...

    @property
    def to_move(self) -> int:
        """The seat to act (the game's ``TERMINAL`` once it is over)."""

    @property
    def hand_no(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's game total so far."""

    @property
    def results(self) -> tuple[Any, ...]:
        """One result per finished hand."""

    def legal_actions(self) -> tuple[Any, ...]: ...

    def apply(self, action: Any, *, seat: int | None = None) -> Self:
        """The next state; an illegal action (or one by another ``seat`` than the one to move)
        raises :class:`~binokel.errors.IllegalActionError` naming the rule and changes nothing."""

    def view(self, seat: int) -> Any:
        """What ``seat`` may know, and nothing more."""


class Game(Protocol[RulesT, StateT, ActionT, ViewT_contra, RecordT]):
    """One game: every question the shells, players and tools ask of it."""

    @property
    def name(self) -> str:
        """The registry's key, lower case (``"binokel"``); screens look their pieces up by it."""

    @property
    def title(self) -> str:
        """The game's name for people (``"Bézique"``)."""

    @property
    def record_tag(self) -> str:
        """What a record of the game says in its ``[Game "..."]`` tag (plain letters)."""

    # --- rule sets -----------------------------------------------------------------------------

    def rule_set_names(self) -> tuple[str, ...]:
        """The named rule sets, the default first."""

    def has_rule_set(self, name: str) -> bool:
        """Whether a name, alias or spec (``NAME+field=value``) names one of this game's rule
        sets."""

    def find_rules(self, name: str) -> RulesT:
        """The rule set of a name, alias or spec; :class:`~binokel.errors.RulesError` if none."""

    def resolve_rules(self, name: str | None, settings: Sequence[str] = (),
                      data: Mapping[str, Any] | None = None,
                      source: str = "rules file") -> RulesT:
        """The rule set of ``--rules NAME``, a rules file's data and ``--set`` changes."""

    def rules_fields(self, rules: RulesT) -> dict[str, str]:
        """Every field of a rule set in its ``--set`` text form."""

    def seats(self, rules: RulesT) -> int:
        """How many players sit at the table."""

    # --- play ----------------------------------------------------------------------------------

    def new_game(self, rules: RulesT, seed: int | str = 0, *,
                 dealer: int | None = None) -> StateT:
        """A new game, dealt from ``seed``; ``dealer`` fixes the first dealer instead of the
        seeded draw (duplicate matches deal the same cards with every dealer)."""

    def parse_action(self, text: str) -> ActionT:
        """An action from its notation; :class:`~binokel.errors.NotationError` if it is none."""

    def format_action(self, action: ActionT) -> str:
        """An action's notation (``parse_action(format_action(a)) == a``)."""

    def why_illegal(self, state: StateT, action: object) -> str | None:
        """The rule that forbids ``action`` now, in a player's words; ``None`` if it is legal."""

    def winners(self, state: StateT) -> tuple[int, ...]:
        """The seats that won the game (empty while it goes on)."""

    def hands_played(self, state: StateT) -> int:
        """Hands dealt and finished, counting a hand the game ended in."""

    def random_action(self, view: ViewT_contra, rng: random.Random) -> ActionT:
        """The random player's choice from a seat's view."""

    # --- records -------------------------------------------------------------------------------

    def dump_record(self, state: StateT, *, players: Sequence[str] | None = None,
                    tags: Mapping[str, str] | None = None) -> str:
        """The game up to ``state`` as a record (``docs/records.md``)."""

    def parse_record(self, lines: list[str], first: int) -> RecordT:
        """One record from its lines (``first`` is the first line's number, for messages);
        :class:`~binokel.record_text.RecordError` names what is wrong."""

    def replay(self, record: RecordT) -> StateT:
        """Re-apply and check every action of a record; the state at its end.  A record whose
        actions, written lines or end do not follow from its deal is refused with a
        :class:`~binokel.record_text.RecordError` naming the problem."""

    # --- players -------------------------------------------------------------------------------

    @property
    def player_names(self) -> tuple[str, ...]:
        """The computer players the game offers, by kind (``random``, ``heuristic``, ...)."""

    @property
    def default_player(self) -> str:
        """The opponent ``binokel play`` seats when none is named."""

    @property
    def strongest_player(self) -> str: ...

    # --- which game ----------------------------------------------------------------------------

    def owns(self, thing: object) -> bool:
        """Whether a rule set, state, view, action or record belongs to this game."""


#: Any registered game, as the shells hold it.
AnyGame = Game[Any, Any, Any, Any, Any]

__all__ = ["ActionT", "AnyGame", "Game", "PlayState", "RecordT", "RulesT", "StateT", "ViewT_contra"]
