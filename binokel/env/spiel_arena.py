"""Any OpenSpiel bot as a player of the package (``binokel arena openspiel:ismcts:sims=8 …``).

The package's players are handed their seat's view; an OpenSpiel bot wants a state of the
game.  :class:`SpielViewBot` makes one from the view: a world the view allows is drawn with
:class:`binokel.search.sampling.WorldSampler`, the deal is worked back from it
(:func:`binokel.env.spiel_resample.binokel_cards`), and the hand's actions are found again by a
search over the legal actions guided by what the view shows (the auction in order, the
declarer, the contract, the Dabb, the finished tricks in order, the trick in progress; a card
laid away out of the seat's sight is one of the sampled discard).  The state is checked to give
the seat the very view it was handed, then the bot steps on it.  Whatever the bot reads, the
cards the seat cannot see are the sampled ones.  Binokel rule sets only: a Binocle view does not
say in which order melds and tricks came (``binokel.env.evaluate`` plays OpenSpiel bots at every
rule set).

>>> import random
>>> from binokel.games import find_game_rules, new_game
>>> bot = SpielViewBot("ismcts:sims=2", find_game_rules("binokel"))
>>> state = new_game(find_game_rules("binokel"), seed=3)
>>> view = state.view(state.to_move)
>>> bot.choose(view, random.Random(1)) in view.legal_actions
True
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from ..bots import make_player as package_player
from ..bots.base import BaseBot
from ..errors import RulesError
from ..games import find_game_rules, seats_of
from ..games.binokel.actions import Discard
from ..search.sampling import WorldSampler
from ..tools.arena import LABELS, ArenaConfig, ArenaResult, play_deal
from .codecs import codec_for
from .spiel import BinokelSpielState, load_game, parameters_of
from .spiel_bots import spiel_bot
from .spiel_resample import TRIES, binokel_cards

PREFIX = "openspiel:"
#: The games whose views :func:`state_from_view` turns into states.
VIEW_GAMES = frozenset({"binokel"})


class SpielViewBot(BaseBot):
    """An OpenSpiel bot (by :func:`binokel.env.spiel_bots.spiel_bot`'s spec) that plays from
    a seat's view."""

    def __init__(self, spec: str, rules: Any, *, seed: int = 0) -> None:
        if codec_for(rules).game not in VIEW_GAMES:
            raise ValueError(f"{PREFIX}{spec}: OpenSpiel players take Binokel rule sets in the "
                             "arena (binokel.env.evaluate plays them at every rule set)")
        super().__init__(f"{PREFIX}{spec}")
        self.game = _game_of(rules)
        self.codec = self.game.codec
        self.bot = spiel_bot(spec, self.game, seed=seed)

    def choose(self, view: Any, rng: random.Random) -> Any:
        state = state_from_view(self.game, view, rng)
        return self.codec.action_of(int(self.bot.step(state)))


def _game_of(rules: Any) -> Any:
    """The OpenSpiel game of a rule set: a named one, with the fields it changes as
    parameters."""
    try:
        named = find_game_rules(rules.name)
    except RulesError:
        raise ValueError(f"{PREFIX}: OpenSpiel players take named rule sets with changed fields "
                         f"(NAME+field=value), not {rules.name!r}") from None
    base = parameters_of(named)
    changed = {k: v for k, v in parameters_of(rules).items() if base.get(k) != v}
    game = load_game(rules.name, changed)
    if game.rules != rules:
        raise ValueError(f"{PREFIX}: the rule set {rules.name!r} differs from the named one in "
                         "fields OpenSpiel cannot carry")
    return game


def make_player(name: str, rules: Any, *, seed: int = 0, time_limit: float | None = None) -> Any:
    """A player by name: ``openspiel:SPEC`` (:class:`SpielViewBot`), else the package's."""
    if name.startswith(PREFIX):
        return SpielViewBot(name[len(PREFIX):], rules, seed=seed)
    return package_player(name, rules, time_limit=time_limit)


def run_spiel_arena(config: ArenaConfig,
                    progress: Callable[[int], None] | None = None) -> ArenaResult:
    """:func:`binokel.tools.arena.run_arena` in one process, where a player may be an OpenSpiel
    bot (``openspiel:SPEC``): the same deals, seatings and random streams."""
    if config.workers != 1 or config.ray is not None:
        raise ValueError("OpenSpiel players run in one process: no --workers or --ray")
    started = time.perf_counter()
    names = {"A": config.bot_a, "B": config.bot_b}
    bots = {(label, seat): make_player(names[label], config.rules, seed=seat,
                                       time_limit=config.time_limit)
            for label in LABELS for seat in range(seats_of(config.rules))}
    deals = []
    try:
        for deal in range(config.deals):
            deals.append(play_deal(config, deal, bots))
            if progress is not None:
                progress(1)
    finally:
        for bot in bots.values():
            bot.close()
    return ArenaResult(config=config, deals=deals, seconds=time.perf_counter() - started)


def state_from_view(game: Any, view: Any, rng: random.Random) -> BinokelSpielState:
    """A state of ``game`` whose seat ``view.seat`` sees exactly ``view``."""
    codec = game.codec
    if view.hand_no != 0 or any(view.scores):
        raise ValueError("an OpenSpiel episode is one hand from a fresh score sheet: OpenSpiel "
                         f"players play a game's first hand only (this is hand {view.hand_no + 1})")
    sampler = WorldSampler(view)
    for _ in range(TRIES):
        world = sampler.sample(rng)
        cards = binokel_cards(codec, view, world, view.dealer, rng)
        if cards is None:
            continue
        start = codec.start_hand(view.dealer, cards)
        actions = _actions(codec, start, view, Counter(_kinds(world.discard)))
        if actions is None:
            continue
        state: BinokelSpielState = game.new_initial_state()
        for number in [view.dealer, *cards, *actions]:
            state.apply_action(number)
        if state.engine.view(view.seat) == view:
            return state
    raise ValueError(f"no hand found that gives seat {view.seat} this view")


def _kinds(packed: int) -> list[int]:
    from ..cards import unpack_kinds

    return unpack_kinds(packed)


def _actions(codec: Any, start: Any, target: Any, hidden: Counter[int]) -> list[int] | None:
    """The action numbers from ``start`` to a state whose seat sees ``target`` (a search
    guided by the view; None if there is none)."""
    seat = target.seat
    path: list[int] = []

    def search(state: Any, hidden: Counter[int]) -> bool:
        view = state.view(seat)
        if view == target:
            return True
        if not _consistent(view, target) or not state.legal_actions():
            return False
        for action in state.legal_actions():
            left = hidden
            if isinstance(action, Discard) and state.to_move != seat:
                if hidden[action.card.kind] <= 0:
                    continue
                left = hidden.copy()
                left[action.card.kind] -= 1
            path.append(codec.index(action))
            if search(state.apply(action), left):
                return True
            path.pop()
        return False

    return path if search(start, hidden) else None


def _consistent(view: Any, target: Any) -> bool:
    """Whether ``view`` can still lead to ``target``: what it shows so far is a beginning of
    what the target shows."""
    if view.hand_no != target.hand_no or target.bids[:len(view.bids)] != view.bids:
        return False
    done = len(view.tricks)
    if done > len(target.tricks) or target.tricks[:done] != view.tricks:
        return False
    if done == len(target.tricks):
        if target.trick[:len(view.trick)] != view.trick:
            return False
    elif view.trick:
        nxt = target.tricks[done]
        seats = nxt.seats(target.active)
        if list(zip(seats, nxt.cards, strict=True))[:len(view.trick)] != list(view.trick):
            return False
    for name in ("declarer", "contract", "trump", "dabb", "open_hand"):
        mine = getattr(view, name)
        if mine is not None and mine != getattr(target, name):
            return False
    if (view.discard is not None and target.discard is not None
            and Counter(view.discard) - Counter(target.discard)):
        return False
    return tuple(target.shown_discard[:len(view.shown_discard)]) == tuple(view.shown_discard)
