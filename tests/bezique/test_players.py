"""The Binocle players at Bézique: legal play from views, Bézique's points in their values."""

from __future__ import annotations

import random

import pytest

from binokel.bots import make_player
from binokel.bots.heuristic.binocle import keep_value, meld_keep_values
from binokel.cards import parse_card
from binokel.games.binocle import BinocleAction, Play, new_binocle_game
from binokel.games.binocle.rules import BEZIQUE, BINOCLE
from binokel.search.binocle import binocle_values, solve_after_stock

from .scenarios import random_states


@pytest.mark.parametrize("spec", ["random", "heuristic:level=easy", "heuristic:level=hard",
                                  "search:samples=2"])
def test_each_player_plays_a_whole_bezique_game_legally_from_its_views(spec: str) -> None:
    rng = random.Random(4)
    bots = [make_player(spec, BEZIQUE), make_player("heuristic", BEZIQUE)]
    state = new_binocle_game(BEZIQUE, seed=4)
    while not state.is_over:
        view = state.view(state.to_move)
        action = bots[state.to_move].choose(view, rng)
        assert action in view.legal_actions
        state = state.apply(action)
    assert state.winner in (0, 1) and max(state.scores) >= 1000


def test_the_expert_chooses_a_legal_bezique_action() -> None:
    expert = make_player("expert", BEZIQUE)
    for state in random_states(BEZIQUE, 7)[::60]:
        if state.is_over:
            continue
        view = state.view(state.to_move)
        assert expert.choose(view, random.Random(1)) in view.legal_actions


def test_the_heuristic_values_cards_by_bezique_points() -> None:
    # Kings and Queens are no brisques: what a King is worth to keep comes from its meld
    # value alone at Bézique, and from its 4 points besides at Binocle.
    bez = meld_keep_values(0, int(BEZIQUE.dix_rank), True, BEZIQUE)
    binocle = meld_keep_values(0, int(BINOCLE.dix_rank), True, BINOCLE)
    king, ace = parse_card("K♥").kind, parse_card("A♥").kind
    assert binocle[king] - bez[king] == 4 and binocle[ace] - bez[ace] == 1
    state = next(s for s in random_states(BEZIQUE, 1) if not s.stock_lasts)
    view = state.view(0)
    trump = view.trump.symbol
    # After the stock: card points, and 3 more for a trump.
    assert keep_value(parse_card(f"K{trump}"), view) == 3.0
    assert keep_value(parse_card(f"10{trump}"), view) == 13.0


@pytest.mark.parametrize("seed", range(3))
def test_the_endgame_solver_counts_brisques_like_the_game(seed: int) -> None:
    """After the stock, the open-card solver (Binokel's, given Bézique's card points) and a
    plain alpha-beta over the game's own states rank the cards alike."""
    states = random_states(BEZIQUE, seed)
    state = next(s for s in states if not s.stock_lasts and len(s.hand(s.to_move)) == 4
                 and not s.current_trick() and not s.is_over)
    view = state.view(state.to_move)
    solved = {a: v for a, v, _ in binocle_values(view, random.Random(0), samples=2)}
    exact: dict[BinocleAction, float] = {
        a: solve_after_stock(state.apply(a), state.to_move) for a in view.legal_actions
        if isinstance(a, Play)}
    assert set(solved) == set(exact)
    base = next(iter(solved))
    for action in solved:
        # The solver counts from here on, the game's value the whole hand: the same offset.
        assert solved[action] - solved[base] == exact[action] - exact[base]


def test_the_terminal_names_bezique_and_its_help_offers_no_claim() -> None:
    from binokel.ui.binocle_render import render_binocle_header
    from binokel.ui.i18n import Strings
    from binokel.ui.session import BinocleSession, Player
    from binokel.ui.terminal import presenter_for

    state = new_binocle_game(BEZIQUE, seed=4)
    for lang in ("en", "de"):
        tr = Strings(lang)
        header = render_binocle_header(state.view(0), ("You", "Karle"), tr)
        assert header[0].plain.startswith("Bézique · ")
        session = BinocleSession(state, [Player("You"), Player("Karle", "random")])
        help_text = tr(presenter_for(session).help_key)
        assert "claim" not in help_text and "aus " not in help_text
        assert "bezique" in help_text
