"""A game in progress between one person and computer players: history, undo, hints, events.

The session owns no rules: it keeps the list of actions applied to the first state of the game
and asks the engine for everything else.  :class:`Session` holds a Binokel game and
:class:`BinocleSession` a Binocle one; both are a :class:`BaseSession` of their game's state, and
:func:`session_for` picks the one a state needs.  Taking a move back rebuilds the state from
that list without the undone actions.  Every computer decision gets its own generator seeded
from the game seed, the seat and the number of actions so far, so a replay, an undo or a resumed
game makes the computer players choose exactly as before.

>>> from binokel import new_game
>>> from binokel.bots.random_bot import RandomBot
>>> players = [Player("Ann"), Player("Bo", "random"), Player("Cy", "random")]
>>> session = Session(new_game(seed=5), players, bot_factory=lambda spec: RandomBot())
>>> _ = session.run_bots()
>>> session.state.to_move in (0, -1)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ..bots.base import Bot, ask
from ..errors import IllegalActionError
from ..games import game_of
from ..games.binocle import BinocleState
from ..games.binocle import actions as BA
from ..games.binocle import apply_all as binocle_apply_all
from ..games.binokel import actions as A
from ..games.binokel.actions import Action
from ..games.binokel.game import GameState, Phase, apply_all
from ..games.binokel.scoring import explain_hand
from .binocle_render import describe_binocle
from .render import Event

BotFactory = Callable[[str], Bot]
S = TypeVar("S", GameState, BinocleState)


@dataclass(frozen=True, slots=True)
class Player:
    """A seat at the table: a person (``bot`` is None) or a computer player by name."""

    name: str
    bot: str | None = None

    @property
    def is_person(self) -> bool:
        return self.bot is None


#: Bots to ask for a hint, strongest first; the first one that can be made is used.
HINT_BOTS = ("expert", "heuristic:level=hard", "heuristic", "random")


@dataclass(frozen=True, slots=True)
class Hint:
    bot: str
    action: Any
    """An action of the session's game."""
    why: str | None
    values: tuple[tuple[Any, float, int], ...] = ()
    """From a searching player: each candidate, its expected value and the sampled deals."""


def bot_rng(seed: int | str, seat: int, actions_so_far: int) -> random.Random:
    """The generator of one computer decision: a function of the game seed, the seat and the
    number of actions before it, so every replay of the game makes the same choice."""
    return random.Random(f"binokel/bot/{seed}/{seat}/{actions_so_far}")


def _default_factory(spec: str) -> Bot:
    from ..bots import make_bot

    bot: Bot = make_bot(spec)
    return bot


class BaseSession(Generic[S]):
    """The state of one game at the table, with its history (the game's own parts are in
    :class:`Session` and :class:`BinocleSession`)."""

    #: Bots to ask for a hint, strongest first.
    hint_bots: tuple[str, ...] = HINT_BOTS

    def __init__(self, state: S, players: Sequence[Player], *,
                 bot_factory: BotFactory | None = None,
                 on_change: Callable[[BaseSession[S]], None] | None = None) -> None:
        persons = [seat for seat, p in enumerate(players) if p.is_person]
        seats = self.seat_count(state)
        if len(players) != seats or len(persons) != 1:
            raise ValueError(f"need {seats} players with exactly one person")
        self.players = tuple(players)
        self.human = persons[0]
        self._factory = bot_factory or self._default_factory(state)
        self._bots: dict[int, Bot] = {}
        self.on_change: Callable[[BaseSession[S]], None] | None = on_change
        chain = list(state.states())
        self.start: S = chain[-1]
        self.actions: list[Any] = list(state.history())
        # Who took each action: the seat to move in the state before it.
        self.movers: list[int] = [s.to_move for s in reversed(chain[1:])]
        self.auto: set[int] = set()
        """The actions the table said for the person (not the person's to undo)."""
        self.state: S = state
        self.events: list[Event] = []

    # --- what differs between the games -------------------------------------------------------

    def seat_count(self, state: S) -> int:
        raise NotImplementedError

    def _default_factory(self, state: S) -> BotFactory:
        raise NotImplementedError

    def describe(self, before: S, action: Any, mover: int, after: S) -> list[Event]:
        """The events of one action, told from the person's seat."""
        raise NotImplementedError

    def replay(self, actions: Sequence[Any]) -> S:
        """The first state with ``actions`` applied."""
        raise NotImplementedError

    # --- reading ------------------------------------------------------------------------------

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    @property
    def seed(self) -> int | str:
        return self.state.seed

    @property
    def is_human_turn(self) -> bool:
        return self.state.to_move == self.human

    def view(self) -> object:
        return self.state.view(self.human)

    def bot(self, seat: int) -> Bot:
        found = self._bots.get(seat)
        if found is None:
            spec = self.players[seat].bot
            assert spec is not None
            found = self._bots[seat] = self._factory(spec)
        return found

    def close(self) -> None:
        for bot in self._bots.values():
            bot.close()
        self._bots.clear()

    # --- changing ------------------------------------------------------------------------------

    def _apply(self, action: Any) -> None:
        before = self.state
        mover = before.to_move
        after = before.apply(action, seat=mover)
        self.actions.append(action)
        self.movers.append(mover)
        self.state = after
        for event in self.describe(before, action, mover, after):
            last = self.events[-1] if self.events else None
            if (event.key == "lays_hidden" and last is not None and last.key == event.key
                    and last.values["name"] == event.values["name"]):
                # One line for a computer player's whole discard, not one per card.
                count = int(last.values["count"]) + 1
                self.events[-1] = Event(event.key, {**event.values, "count": count})
            else:
                self.events.append(event)
        if self.on_change is not None:
            self.on_change(self)

    def run_bots(self) -> list[Event]:
        """Let the computer players act until it is the person's turn or the game is over;
        returns what happened (raises :class:`~binokel.bots.base.BotError` if a bot fails)."""
        start = len(self.events)
        while not self.state.is_over:
            if self.is_human_turn:
                said = self.said_for_person(self.state)
                if said is None:
                    break
                self.auto.add(len(self.actions))
                self._apply(said)
                continue
            seat = self.state.to_move
            view = self.state.view(seat)
            action = ask(self.bot(seat), view, bot_rng(self.seed, seat, len(self.actions)))
            self._apply(action)
        return self.events[start:]

    def said_for_person(self, state: S) -> Any | None:
        """An answer the table gives for the person, who has no choice to make (none here)."""
        return None

    def play(self, actions: Sequence[Any]) -> None:
        """Apply the person's actions in order, all or none: each is checked against the state
        the ones before it leave, and an :class:`IllegalActionError` changes nothing."""
        if not self.is_human_turn:
            raise IllegalActionError("It is not your turn.")
        state = self.state
        for action in actions:
            if state.to_move != self.human:
                raise IllegalActionError("It is not your turn for all of those.")
            state = state.apply(action, seat=self.human)
        for action in actions:
            self._apply(action)

    def undo(self) -> Any | None:
        """Take back the person's last decision and every computer move after it; returns the
        action taken back, or None if there is none."""
        mine = [i for i, seat in enumerate(self.movers)
                if seat == self.human and i not in self.auto]
        if not mine:
            return None
        cut = mine[-1]
        undone = self.actions[cut]
        self.actions = self.actions[:cut]
        self.movers = self.movers[:cut]
        self.auto = {i for i in self.auto if i < cut}
        self.state = self.replay(self.actions)
        self.events = []
        if self.on_change is not None:
            self.on_change(self)
        return undone

    @property
    def judge(self) -> str:
        """The judge of this table's hints and reviews: the first expert among the hint bots
        (:mod:`binokel.review.judge`), so the review (``v``) agrees with the hint."""
        from ..review.judge import JUDGE

        return next((spec for spec in self.hint_bots if spec.split(":")[0] == "expert"), JUDGE)

    def hint(self, bots: Sequence[str] | None = None) -> Hint:
        """What the strongest computer player that can be made would do here, and why (if it
        explains itself)."""
        from ..bots.expert.binokel import ExpertBot
        from ..review.judge import judge, timeline_of

        view = self.state.view(self.human)
        rng = bot_rng(self.seed, self.human, len(self.actions))
        error: Exception | None = None
        for spec in self.hint_bots if bots is None else bots:
            try:
                bot = self._factory(spec)
            except (ValueError, KeyError, ImportError) as exc:
                error = exc
                continue
            values: Any = None
            try:
                if isinstance(bot, ExpertBot):
                    # The expert's hint is the judge's: the same values as the review (``v``)
                    # and ``binokel review`` give this position, best first.
                    found = judge(timeline_of(self.state), bot=spec)
                    action, values = found.best, found.values
                else:
                    action = ask(bot, view, rng)
                    # A searching bot offers ``last_values(view)``: its candidates and values.
                    last_values = getattr(bot, "last_values", None)
                    values = last_values(view) if callable(last_values) else None
                # A bot that can say why offers ``explain(view, action) -> str``.
                explain = getattr(bot, "explain", None)
                why = explain(view, action) if callable(explain) else None
                return Hint(spec, action, str(why) if why else None, tuple(values or ()))
            finally:
                bot.close()
        raise RuntimeError(f"no computer player could give a hint ({error})")


class Session(BaseSession[GameState]):
    """A Binokel game at the table."""

    def seat_count(self, state: GameState) -> int:
        return state.rules.players

    def _default_factory(self, state: GameState) -> BotFactory:
        return _default_factory

    def describe(self, before: GameState, action: Any, mover: int,
                 after: GameState) -> list[Event]:
        return describe(before, action, mover, after, self.names, self.human)

    def replay(self, actions: Sequence[Any]) -> GameState:
        return apply_all(self.start, actions)


class BinocleSession(BaseSession[BinocleState]):
    """A Binocle game at the table: the person against one computer player."""

    hint_bots = ("expert", "heuristic:level=hard", "random")

    def seat_count(self, state: BinocleState) -> int:
        return 2

    def _default_factory(self, state: BinocleState) -> BotFactory:
        from ..bots import make_player

        rules = state.rules
        return lambda spec: make_player(spec, rules)

    def describe(self, before: BinocleState, action: Any, mover: int,
                 after: BinocleState) -> list[Event]:
        return describe_binocle(before, action, mover, after, self.names, self.human)

    def replay(self, actions: Sequence[Any]) -> BinocleState:
        return binocle_apply_all(self.start, actions)

    def said_for_person(self, state: BinocleState) -> Any | None:
        # A trick won with nothing to declare: done at once (decision binocle-06).
        return BA.DONE if state.nothing_to_declare() else None


#: The session class of each game, by game name.
SESSIONS: dict[str, type[BaseSession[Any]]] = {
    "binokel": Session,
    "binocle": BinocleSession,
    "bezique": BinocleSession,
}


def session_for(state: Any, players: Sequence[Player], *,
                bot_factory: BotFactory | None = None) -> BaseSession[Any]:
    """The session a game's state needs (:class:`Session`, :class:`BinocleSession`, ...)."""
    return SESSIONS[game_of(state).name](state, players, bot_factory=bot_factory)


# --- telling what happened ------------------------------------------------------------------

def describe(before: GameState, action: Action, mover: int, after: GameState,
             names: Sequence[str], human: int) -> list[Event]:
    """The events of one action, told from the person's seat (hidden cards stay hidden)."""
    you = mover == human
    name = names[mover]
    out: list[Event] = []

    def add(key: str, **values: object) -> None:
        out.append(Event(key, values))

    if isinstance(action, A.Bid) and not you:
        add("bids", name=name, bid=action.value)
    elif isinstance(action, A.Pass) and not you:
        add("passes", name=name)
    elif isinstance(action, A.Discard) and not you:
        add("lays_hidden", name=name, count=1)
    elif isinstance(action, A.TakeDabb) and not you:
        add("takes_dabb", name=name)
    elif isinstance(action, A.NameTrump) and not you:
        add("names_trump", name=name, suit=action.suit)
    elif isinstance(action, A.Durch):
        add("announces_durch_you" if you else "announces_durch", name=name)
    elif isinstance(action, A.OpenDurch):
        add("announces_open_you" if you else "announces_open", name=name)
    elif isinstance(action, A.GiveUp):
        add("gives_up_you" if you else "gives_up", name=name, suit=action.suit)
    elif isinstance(action, A.Play):
        add("plays_you" if you else "plays", name=name, card=action.card)
    hand_over = after.hand_no != before.hand_no or (after.is_over and not before.is_over)
    if before.phase is Phase.AUCTION and after.phase is not Phase.AUCTION and not hand_over:
        declarer = after.declarer
        if declarer is not None:
            key = "declares_you" if declarer == human else "declares"
            add(key, name=names[declarer], bid=after.bid, cards=tuple(after.dabb))
    if isinstance(action, A.Play):
        tricks = after.results[-1].tricks if hand_over else after.tricks
        if len(tricks) > len(before.tricks):
            trick = tricks[-1]
            key = "takes_trick_you" if trick.winner == human else "takes_trick"
            points = sum(c.points for c in trick.cards)
            add(key, name=names[trick.winner], cards=trick.cards, points=points)
    if hand_over:
        out += _hand_over_events(after, names, human)
    return out


_HAND_OVER_KEYS = {"made": "hand_made", "missed": "hand_failed", "gave_up": "hand_gave_up",
                   "durch_won": "hand_durch_won", "durch_lost": "hand_durch_lost"}
"""The terminal's line for the declarer's :func:`explain_hand` reason."""


def _hand_over_events(after: GameState, names: Sequence[str], human: int) -> list[Event]:
    result = after.results[-1]
    out = [Event("hand_over", {"n": result.hand_no + 1})]
    declarer = result.declarer
    score = result.scores[declarer]
    # The declarer's line of the one explanation the web table shows too.
    reason = explain_hand(after.rules, result)[0]
    key = _HAND_OVER_KEYS[reason.key]
    if declarer == human:
        key += "_you"
    out.append(Event(key, {"name": names[declarer], "bid": result.bid, "score": score,
                           "points": reason.points}))
    if not after.is_over:
        out.append(Event("new_hand_you" if after.dealer == human else "new_hand",
                         {"n": after.hand_no + 1, "name": names[after.dealer]}))
    return out


__all__ = [
    "HINT_BOTS", "BaseSession", "BinocleSession", "BotFactory", "Hint", "Player", "Session",
    "bot_rng", "describe", "session_for",
]
