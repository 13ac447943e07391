"""The one explanation of a hand's end (``binokel.games.reasons``), as the terminal and the web
table show it: over whole random games of every Binokel rule set, the declarer's line says
made exactly when the hand's score says so, with the points the scoring counted; melds are
said lost exactly for a seat with melds and no trick; the last trick's bonus is named only
where it counted (a trump game)."""

from __future__ import annotations

import pytest

from binokel import Contract, find_rules, rule_set_names
from binokel.games.binokel.scoring import explain_hand, side_of
from tests.helpers import play_random_game

BINOKEL_SETS = [name for name in rule_set_names() if "binocle" not in name
                and "bezique" not in name]


@pytest.mark.parametrize("name", BINOKEL_SETS)
def test_every_hand_is_explained_as_it_was_scored(name: str) -> None:
    rules = find_rules(name)
    checked = 0
    for seed in range(3):
        state, _ = play_random_game(seed, rules=rules, max_hands=6, referee=False)
        for result in state.results:
            lines = explain_hand(rules, result)
            first = lines[0]
            score = result.scores[result.declarer]
            assert first.seat == result.declarer and first.bid == result.bid
            if result.contract is Contract.GIVE_UP:
                assert first.key == "gave_up" and first.points == rules.give_up_bonus
                assert len(lines) == 1
            elif result.contract.is_durch:
                assert first.key == ("durch_won" if score > 0 else "durch_lost")
                assert first.points == abs(score) and len(lines) == 1
            else:
                side = side_of(rules, result.declarer)
                won = sum(result.tricks_won[s] for s in side)
                assert first.key == ("made" if score > 0 else "missed")
                # Made: the points counted are the score; missed: short of the bid or no trick.
                assert (first.points == score) if score > 0 else \
                    (first.points < result.bid or won == 0)
                lost = {r.seat for r in lines if r.key == "melds_lost"}
                assert lost == {s for s, melds in enumerate(result.melds)
                                if sum(m.points for m in melds) and not result.tricks_won[s]}
                last = [r for r in lines if r.key == "last_trick"]
                assert [r.seat for r in last] == [result.tricks[-1].winner]
            checked += 1
    assert checked >= 3
