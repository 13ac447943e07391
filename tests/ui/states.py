"""Positions for the terminal tests, reached through the engine's one door."""

from __future__ import annotations

from binokel import GameState, Phase, new_game, parse_action
from binokel.bots.random_bot import RandomBot
from binokel.ui.session import Player, Session

NAMES = ("Anna", "Karle", "Frieda")


def auction(seed: int = 7) -> GameState:
    """Hand 1 dealt by seat 0: seat 1 opens (forehand), seat 2 bids first, seat 0 enters last."""
    return new_game(seed=seed, dealer=0)


def discard(seed: int = 7) -> GameState:
    """Seat 0 is forehand; both others pass, so seat 0 is declarer at 150 and lays away."""
    state = new_game(seed=seed, dealer=2)
    state = state.apply(parse_action("pass")).apply(parse_action("pass"))
    assert state.phase is Phase.DISCARD and state.to_move == 0
    return state


def trump(seed: int = 7) -> GameState:
    state = discard(seed)
    for _ in range(4):
        state = state.apply(state.legal_actions()[0])
    assert state.phase is Phase.TRUMP
    return state


def play(seed: int = 7, *, until_seat0_follows: bool = True) -> GameState:
    """Trumps named; played on with the first legal action until seat 0 must follow a lead."""
    state = trump(seed).apply(parse_action("trump ♥"))
    while until_seat0_follows and not (state.to_move == 0 and state.current_trick()):
        state = state.apply(state.legal_actions()[0])
    return state


def random_session(seed: int = 5, names: tuple[str, ...] = NAMES) -> Session:
    players = [Player(names[0]), Player(names[1], "random"), Player(names[2], "random")]
    return Session(new_game(seed=seed), players, bot_factory=lambda spec: RandomBot())
