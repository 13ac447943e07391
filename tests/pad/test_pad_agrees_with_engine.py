"""The pad scores a hand as the engine does: random games played by the engine, each finished
hand told to the pad as a table would tell it (melds, trick points by side, who took no trick;
at Binocle the dix, melds, card points and last trick), give the engine's totals and winners."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from binokel.games import find_game_rules, game_of, play_random_game
from binokel.games.binocle.melds import MeldKind, meld_of
from binokel.games.binokel.melds import meld_total
from binokel.games.binokel.scoring import Contract, HandResult
from binokel.games.binokel.state import active_seats
from binokel.pad import BinocleHand, BinokelHand, Entry, MeldMade, Pad, sides


def told_binokel(pad: Pad, result: HandResult) -> BinokelHand:
    rules = pad.rules
    active = active_seats(rules, result.dealer)
    melds = tuple(meld_total(result.melds[s]) if s in active else None
                  for s in range(rules.players))
    if result.contract.is_durch:
        melds = tuple(0 if m is not None else None for m in melds)
    if result.contract is Contract.GIVE_UP:
        declaring = sides(rules, result.dealer, result.declarer)[0]
        melds = tuple(0 if s in declaring else m for s, m in enumerate(melds))
        return BinokelHand(declarer=result.declarer, bid=result.bid, contract=result.contract,
                           trump=result.trump, melds=melds)
    no_trick = frozenset(s for s in active if result.tricks_won[s] == 0)
    if result.contract.is_durch:
        return BinokelHand(declarer=result.declarer, bid=result.bid, contract=result.contract,
                           melds=melds, no_trick=no_trick)
    groups = sides(rules, result.dealer, result.declarer)
    points = [sum(result.trick_points[s] for s in side) for side in groups]
    points[0] += result.discard_points
    return BinokelHand(declarer=result.declarer, bid=result.bid, contract=result.contract,
                       trump=result.trump, melds=melds,
                       side_points=(*points[:-1], None), no_trick=no_trick)


def told_binocle(pad: Pad, result: object) -> BinocleHand:
    rules = pad.rules
    trump = result.turned.suit  # type: ignore[attr-defined]
    turned = result.turned.rank is rules.dix_rank  # type: ignore[attr-defined]
    dix = meld_of(MeldKind.DIX, trump, rules.dix_rank, rules.game)
    made: list[MeldMade] = []
    for seat in (0, 1):
        shown = result.dix[seat] - (rules.meld_dix if turned and  # type: ignore[attr-defined]
                                    seat == result.dealer else 0)  # type: ignore[attr-defined]
        made += [MeldMade(seat=seat, meld=dix)] * (shown // rules.meld_dix)
        made += [MeldMade(seat=seat, meld=m.meld)
                 for m in result.melds[seat]]  # type: ignore[attr-defined]
    return BinocleHand(trump=trump, turned_dix=turned, melds=tuple(made),
                       card_points=tuple(result.card_points),  # type: ignore[attr-defined]
                       last_trick=result.last_trick)  # type: ignore[attr-defined]


TOLD: dict[str, Callable[[Pad, Any], Entry]] = {
    "binokel": told_binokel, "binocle": told_binocle, "bezique": told_binocle}


@pytest.mark.parametrize("rules_name", [
    "binokel", "kreuzbinokel", "binokel-4", "binokel-4-dealer-out", "binokel-sevens",
    "binokel-open-durch", "binokel+round_trick_points=true", "binocle", "binocle-64",
    "bezique"])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_scored_by_the_pad_match_the_engine(rules_name: str, seed: int) -> None:
    rules = find_game_rules(rules_name)
    state = play_random_game(rules, seed, rng=random.Random(seed), max_hands=40)
    game = game_of(rules)
    players = [f"P{s}" for s in range(game.seats(rules))]
    first_dealer = state.results[0].dealer if state.results else 0
    pad = Pad.new(rules_name, players, first_dealer=first_dealer)
    for result in state.results:
        pad = pad.add(TOLD[game.name](pad, result))
        assert pad.sheet().totals == tuple(result.totals)
        assert pad.sheet().dealer == (result.dealer + 1) % len(players)
    # A game decided at a count (not by a claim or a meld during a later hand):
    if state.is_over and game.hands_played(state) == len(state.results):
        assert pad.sheet().winners == tuple(game.winners(state))
    else:
        assert pad.sheet().winners == ()
