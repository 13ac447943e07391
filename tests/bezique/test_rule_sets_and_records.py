"""Bézique's rule sets (data of the Binocle engine) and its records."""

from __future__ import annotations

import random

import pytest

from binokel import games
from binokel.errors import RulesError
from binokel.games.binocle import BINOCLE, BINOCLE_64, find_binocle_rules, play_random_game
from binokel.games.binocle.records import dump_binocle_record, load_binocle_record
from binokel.games.binocle.rules import BEZIQUE, BEZIQUE_2000, BEZIQUE_FIELDS, BinocleRules
from binokel.record_text import RecordError


def test_the_presets_play_bezique_and_binocles_play_binocle() -> None:
    assert find_binocle_rules("bezique") is BEZIQUE
    assert find_binocle_rules("bezique-2000") is BEZIQUE_2000
    assert (BEZIQUE.game, BEZIQUE_2000.game) == ("bezique", "bezique")
    assert (BINOCLE.game, BINOCLE_64.game) == ("binocle", "binocle")
    assert (BEZIQUE.target, BEZIQUE_2000.target) == (1000, 2000)
    assert (BEZIQUE.hand_size, BEZIQUE.meld_sequence, BEZIQUE.meld_double_binocle) == (8, 250,
                                                                                     500)
    assert not BEZIQUE.claims and not BEZIQUE.grand_binocle and not BEZIQUE.eight_of_a_kind
    assert games.find_game_rules("bezique+target=1500").target == 1500
    assert games.game_for("bezique").name == "bezique"  # the registry: a game of its own


def test_binocle_keeps_its_values_for_every_field_bezique_added() -> None:
    defaults = BinocleRules()
    assert {name: getattr(defaults, name) for name in BEZIQUE_FIELDS} == {
        "game": "binocle", "deal_packets": "", "points_ace": 11, "points_ten": 10,
        "points_king": 4, "points_queen": 3, "points_jack": 2, "eight_of_a_kind": True,
        "claims": True, "both_reach": "play on", "fours": "one of each suit"}


@pytest.mark.parametrize(("changes", "field", "words"), [
    ({"deal_packets": "3 2 2"}, "deal_packets", "deal 7 cards each, but a hand holds 8"),
    ({"deal_packets": "3 x 3"}, "deal_packets", "must be packet sizes"),
    ({"deal_packet": 4}, "deal_packet", "must be 0 when deal_packets lists the packets"),
    ({"deal_packets": ""}, "deal_packet", "8 cards cannot be dealt in packets of 0"),
    ({"game": "pinochle"}, "game", "must be one of binocle, bezique"),
    ({"both_reach": "both win"}, "both_reach", "must be one of 'play on', 'higher wins'"),
    ({"claim_automatically": True}, "claim_automatically", "no claims"),
    ({"meld_double_binocle": 40}, "meld_double_binocle", "must be worth more than meld_binocle"),
    ({"meld_sequence": 30}, "meld_sequence", "must be worth more than meld_royal_marriage"),
    ({"points_ace": -10}, "points_ace", "must not be negative"),
    ({"hand_size": 32, "deal_packets": "16 16"}, "hand_size", "leave no stock"),
])
def test_a_bezique_rule_set_that_does_not_add_up_is_refused_naming_the_field(
        changes: dict[str, object], field: str, words: str) -> None:
    with pytest.raises(RulesError, match=f"^{field}: .*{words}"):
        BEZIQUE.replace(**changes)


def test_a_bezique_record_has_its_own_game_tag_and_every_field() -> None:
    state = play_random_game(BEZIQUE, seed=5, rng=random.Random(5))
    text = dump_binocle_record(state)
    assert text.startswith('[Game "Bezique"]\n[Rules "bezique"]\n')
    for name in BEZIQUE.fields():
        assert f"[Rule {name} " in text
    assert '[Rule deal_packets "3 2 3"]' in text and '[Rule claims "false"]' in text
    assert load_binocle_record(text).rules == BEZIQUE
    assert games.load_record(text).rules == BEZIQUE


def test_a_binocle_record_leaves_the_bezique_fields_out() -> None:
    text = dump_binocle_record(play_random_game(BINOCLE, seed=5, rng=random.Random(5)))
    assert '[Game "Binocle"]' in text
    assert not any(f"[Rule {name} " in text for name in BEZIQUE_FIELDS)
    assert load_binocle_record(text).rules == BINOCLE


def test_a_game_tag_that_does_not_match_the_rules_is_refused() -> None:
    text = dump_binocle_record(play_random_game(BEZIQUE, seed=2, rng=random.Random(2)))
    wrong = text.replace('[Game "Bezique"]', '[Game "Binocle"]', 1)
    with pytest.raises(RecordError, match=r'says \[Game "Binocle"\], but its rules play '
                                          r'Bezique'):
        load_binocle_record(wrong)


def test_a_bezique_deal_written_against_the_seed_is_refused() -> None:
    text = dump_binocle_record(play_random_game(BEZIQUE, seed=3, rng=random.Random(3)))
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("Cards 0: "))
    mine, theirs = lines[at].split(": ")[1].split(), lines[at + 1].split(": ")[1].split()
    other = next(c for c in theirs if c not in mine)  # swap one card between the hands
    lines[at] = "Cards 0: " + " ".join([other, *mine[1:]])
    lines[at + 1] = "Cards 1: " + " ".join([mine[0] if c == other else c for c in theirs])
    with pytest.raises(RecordError, match="seat 0's cards are written as"):
        games.replay(games.load_record("\n".join(lines) + "\n"))
