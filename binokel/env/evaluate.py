"""The benchmark: a policy against the built-in players over duplicate deals
(:func:`evaluate`; the protocol is docs/benchmark.md).

Deal ``i`` is the arena's (:mod:`binokel.tools.arena`): the first hand of
``new_game(rules, seed=f"{seed}/{i}", dealer=i % seats)``.  It is played once with the policy
(A) in each seat and the opponent (B) in every other (``seatings="alone"``, the benchmark's
protocol: ``ABB``, ``BAB``, ``BBA`` at three seats), or in every seating but all-A and all-B
as the arena plays (``seatings="all"``), the hand to its result.  The deal's difference is the
mean over seatings of A's mean hand score minus B's, and the result is the mean over deals with
its 95% interval (:func:`binokel.tools.arena_stats.mean_ci`).  The cards of ``(rules, deals, seed)``
are the ones ``binokel arena`` deals with that seed.

A *policy* is one of

* a Python callable ``policy(observation, action_mask) -> action number``: the observation
  is the seat's vector (:mod:`binokel.env.codec`, the environments' ``observation``), the mask
  the legal actions (int8); a new array each call;
* a ``pyspiel.Bot`` (:func:`binokel.env.spiel_bots.ismcts_bot`, or any other): it is handed
  :meth:`~binokel.env.spiel.BinokelSpielState.resample_from_infostate` of the real state for
  its seat, so whatever it reads, the cards it cannot see are dealt at random (the package's
  players as :class:`~binokel.env.spiel_bots.PackageBot` read only the seat's view and get the
  state itself).

>>> import numpy as np
>>> first = lambda observation, mask: int(np.flatnonzero(mask)[0])
>>> result = evaluate(first, "binocle", "random", deals=2, seed="doc")
>>> result.deals, len(result.differences)
(2, 2)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel

from ..bots import make_player
from ..games import find_game_rules, game_of
from ..tools.arena import OUTCOMES, DealResult, deal_seed, seatings
from ..tools.arena_stats import mean_ci
from .spiel import BinokelSpielState, load_game
from .spiel_bots import PackageBot

Policy = Callable[[npt.NDArray[np.float32], npt.NDArray[np.int8]], int]


@dataclass(frozen=True)
class Evaluation:
    """A policy's mean difference per hand against the opponent, with its 95% interval."""

    rules: str
    opponent: str
    seed: str
    deals: int
    seatings: str
    mean: float
    low: float
    high: float
    sd: float
    differences: tuple[float, ...]
    seconds: float

    def __str__(self) -> str:
        return (f"{self.mean:+.1f} [{self.low:+.1f}, {self.high:+.1f}] points a hand against "
                f"{self.opponent} ({self.rules}, {self.deals} deals, seed {self.seed!r})")


def evaluate(policy: Policy | Any, rules: str = "binokel",
             opponents: str = "heuristic:level=medium", deals: int = 200, seed: str = "bench",
             *, seatings: str = "alone",
             progress: Callable[[int], None] | None = None) -> Evaluation:
    """Score ``policy`` against the player ``opponents`` (a name ``binokel arena`` takes) over
    ``deals`` duplicate deals from ``seed``."""
    if deals < 1:
        raise ValueError(f"deals: at least 1 (not {deals!r})")
    if seatings not in ("alone", "all"):
        raise ValueError(f"seatings: 'alone' or 'all' (not {seatings!r})")
    found = find_game_rules(rules)
    game = load_game(rules)
    started = time.perf_counter()
    bots = {seat: make_player(opponents, found) for seat in range(game.num_players())}
    player = _player(policy, game)
    differences: list[float] = []
    try:
        for deal in range(deals):
            differences.append(_play_deal(game, found, deal, str(seed), player, bots,
                                          seatings).difference)
            if progress is not None:
                progress(deal + 1)
    finally:
        for bot in bots.values():
            bot.close()
    mean, sd, low, high = mean_ci(differences)
    return Evaluation(rules=found.name, opponent=opponents, seed=str(seed), deals=deals,
                      seatings=seatings, mean=mean, low=low, high=high, sd=sd,
                      differences=tuple(differences),
                      seconds=time.perf_counter() - started)


Chooser = Callable[[BinokelSpielState, int, random.Random], int]


def _player(policy: Any, game: Any) -> Chooser:
    """How the policy picks an action number in a state for a seat."""
    codec = game.codec
    if isinstance(policy, PackageBot):
        # It reads the acting seat's view of the state and nothing else: no resampling needed.
        return lambda state, seat, rng: int(policy.step(state))
    if isinstance(policy, pyspiel.Bot):
        def spiel(state: BinokelSpielState, seat: int, rng: random.Random) -> int:
            seen = state.resample_from_infostate(seat, rng.random)
            return int(policy.step(seen))
        return spiel
    if not callable(policy):
        raise TypeError("policy: a callable (observation, action_mask) -> action, or a "
                        f"pyspiel.Bot (not {type(policy).__name__})")
    encoders: dict[int, Any] = {}

    def call(state: BinokelSpielState, seat: int, rng: random.Random) -> int:
        view = state.engine.view(seat)
        encoder = encoders.get(seat)
        if encoder is None:
            encoder = encoders[seat] = codec.encoder()
        encoder.forget()  # a new hand's views share no objects with the last one's
        return int(policy(encoder.update(view).copy(), codec.mask(view)))
    return call


def _play_deal(game: Any, rules: Any, deal: int, seed: str, player: Chooser,
               bots: dict[int, Any], which: str) -> DealResult:
    """Deal ``deal`` in each seating: ``A`` is the policy, ``B`` the opponent."""
    codec = game.codec
    text = deal_seed(seed, deal)
    dealer = deal % codec.players
    engine = game_of(rules).new_game(rules, text, dealer=dealer)
    cards = codec.deal_cards(engine)
    outcome = OUTCOMES[game_of(rules).name]
    hands = []
    for seating in seatings(rules):
        if which == "alone" and seating.count("A") != 1:
            continue
        state = game.new_initial_state()
        state.apply_action(dealer)
        for card in cards:
            state.apply_action(card)
        rngs = [random.Random(f"{text}/{seating}/{s}") for s in range(len(seating))]
        while not state.is_terminal():
            seat = state.current_player()
            if seating[seat] == "A":
                number = player(state, seat, rngs[seat])
                legal = state.legal_actions()
                if number not in legal:
                    shown = ", ".join(f"{a} ({codec.action_of(a)})" for a in legal)
                    raise ValueError(f"the policy chose action {number}, which is not legal "
                                     f"for seat {seat} here (legal: {shown})")
            else:
                view = state.engine.view(seat)
                number = codec.index(bots[seat].choose(view, rngs[seat]))
            state.apply_action(number)
        hands.append(outcome(state.engine, seating))
    return DealResult(deal=deal, seed=text, dealer=dealer, hands=tuple(hands))
