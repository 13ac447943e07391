"""docs/rules/binokel.md §9: every variant is a named rule set, and a rule set that does not add up
is refused with a message naming the field."""

from __future__ import annotations

from typing import Any

import pytest

from binokel import Rank, Rules, RulesError, find_rules, rule_set_names
from binokel.games.binokel.rulefile import rule_spec
from binokel.games.binokel.rules import (
    BINOKEL,
    FIELD_GROUPS,
    FIELD_HELP,
    SEVENS_RANKS,
    FirstLead,
    register_rules,
    registered_rules,
)

#: What each named rule set changes against the default, field by field (docs/rules/binokel.md §9).
EXPECTED_CHANGES: dict[str, dict[str, Any]] = {
    "binokel": {},
    "binokel-4": {"players": 4, "hand_size": 9},
    "kreuzbinokel": {"players": 4, "hand_size": 9, "teams": ((0, 2), (1, 3))},
    "binokel-4-dealer-out": {"players": 4, "dealer_sits_out": True},
    "binokel-sevens": {"ranks": SEVENS_RANKS, "hand_size": 15, "dabb_size": 3,
                       "dabb_after_rounds": (1, 2, 3)},
    "binokel-to-1000": {"target": 1000},
    "binokel-to-2000": {"target": 2000},
    "binokel-12-hands": {"fixed_hands": 12},
    "binokel-bid-200": {"min_bid": 200},
    "binokel-bid-250": {"min_bid": 250},
    "binokel-jumps": {"bid_jumps": True},
    "binokel-open-durch": {"open_durch": True, "open_durch_without_dabb": True},
    "binokel-eights-graded": {"meld_eight_kings": 800, "meld_eight_queens": 600,
                              "meld_eight_jacks": 400},
}


def test_9_every_variant_is_a_registered_rule_set() -> None:
    assert rule_set_names() == list(EXPECTED_CHANGES)
    assert rule_set_names()[0] == "binokel"


@pytest.mark.parametrize("name", list(EXPECTED_CHANGES))
def test_9_each_rule_set_changes_exactly_its_fields(name: str) -> None:
    rules = find_rules(name)
    default = BINOKEL.play_fields()
    changed = {k: v for k, v in rules.play_fields().items() if default[k] != v}
    assert changed == EXPECTED_CHANGES[name]


@pytest.mark.parametrize("rules", registered_rules(), ids=lambda r: r.name)
def test_9_each_rule_set_has_a_one_line_description_and_finds_itself(rules: Rules) -> None:
    assert rules.description and "\n" not in rules.description
    assert len(rules.description) <= 100
    assert find_rules(rules.name) is rules
    assert rule_spec(rules) == rules.name


def test_9_rule_set_values_of_the_spec() -> None:
    # The numbers of §9, read the way a player would check them.
    four = find_rules("binokel-4")
    assert (four.players, four.hand_size, four.deal_packet, four.dabb_size,
            four.dabb_after_rounds) == (4, 9, 3, 4, (1, 2))
    assert find_rules("kreuzbinokel").teams == ((0, 2), (1, 3)), "partners sit opposite"
    out = find_rules("binokel-4-dealer-out")
    assert out.players == 4 and out.active_players == 3 and out.hand_size == 12
    sevens = find_rules("binokel-sevens")
    assert sevens.pack_size == 48 and sevens.has_sevens
    assert (sevens.hand_size, sevens.dabb_size, sevens.meld_dissle) == (15, 3, 10)
    graded = find_rules("binokel-eights-graded")
    assert (graded.meld_eight_aces, graded.meld_eight_kings, graded.meld_eight_queens,
            graded.meld_eight_jacks) == (1000, 800, 600, 400)
    durch = find_rules("binokel-open-durch")
    assert (durch.durch_value, durch.open_durch_value,
            durch.open_durch_without_dabb_value) == (1000, 1500, 2000)


@pytest.mark.parametrize(("alias", "name"), [
    ("binokel-1000", "binokel-to-1000"),
    ("binokel-2000", "binokel-to-2000"),
    ("binokel-200", "binokel-bid-200"),
    ("binokel-250", "binokel-bid-250"),
    ("Kreuz_Binokel", "kreuzbinokel"),
    ("sevens", "binokel-sevens"),
    ("BINOKEL", "binokel"),
])
def test_rule_sets_are_found_by_their_aliases(alias: str, name: str) -> None:
    assert find_rules(alias) is find_rules(name)


def test_a_name_with_changes_is_a_spec_that_finds_the_changed_rule_set() -> None:
    rules = find_rules("kreuzbinokel+target=2000+partner_need_not_beat=true")
    assert rules.teams and rules.target == 2000 and rules.partner_need_not_beat
    assert rules.name == "kreuzbinokel+partner_need_not_beat=true+target=2000", \
        "changes are named in field order"
    assert find_rules(rules.name) == rules
    assert rule_spec(rules) == rules.name


def test_an_unknown_rule_set_is_refused_with_the_known_names() -> None:
    with pytest.raises(RulesError, match=r"unknown rule set 'kreuzbinokl'.*kreuzbinokel"):
        find_rules("kreuzbinokl")


def test_every_field_is_explained_and_grouped() -> None:
    assert set(FIELD_HELP) == set(BINOKEL.fields())
    grouped = [name for _, names in FIELD_GROUPS for name in names]
    assert sorted(grouped) == sorted(FIELD_HELP)


def test_register_rules_adds_a_named_rule_set() -> None:
    club = BINOKEL.replace(name="test-club", description="a club", target=900)
    register_rules(club)
    try:
        assert find_rules("test-club") is club
        with pytest.raises(RulesError, match=r"name: .* may not contain '\+'"):
            register_rules(club.replace(name="test+club"))
    finally:
        from binokel.games.binokel import rules as rules_module

        del rules_module._PRESETS["test-club"]


# --- refusing what does not add up -----------------------------------------------------------

REFUSED: list[tuple[dict[str, Any], str]] = [
    # cards dealt != cards in the pack
    ({"hand_size": 13}, r"^hand_size: 3 players x 13 cards \+ Dabb 4 = 43, but the pack has 40"),
    ({"players": 4}, r"^hand_size: 4 players x 12 cards \+ Dabb 4 = 52, but the pack has 40"),
    ({"ranks": SEVENS_RANKS}, r"^hand_size: .* the pack has 48 cards"),
    # §9: a Sevens game for four active players without a stated deal
    ({"players": 4, "ranks": SEVENS_RANKS, "hand_size": 9}, r"^hand_size: 4 players x 9"),
    ({"deal_packet": 5}, r"^deal_packet: 12 cards cannot be dealt in packets of 5"),
    ({"dabb_after_rounds": (1, 2, 3)}, r"^dabb_after_rounds: a Dabb of 4 cannot be split"),
    ({"dabb_after_rounds": (2, 4)}, r"^dabb_after_rounds: must be distinct rounds between 1"),
    # teams
    ({"players": 4, "hand_size": 9, "teams": ((0, 1, 2), (3,))},
     r"^teams: must be of equal size, not of sizes \[3, 1\]"),
    ({"players": 4, "hand_size": 9, "teams": ((0, 2), (1, 2))},
     r"^teams: every seat 0-3 must be in exactly one team"),
    ({"players": 4, "dealer_sits_out": True, "teams": ((0, 2), (1, 3))},
     r"^teams: a team game cannot have the dealer sit out"),
    ({"partner_need_not_beat": True}, r"^partner_need_not_beat: only means something"),
    # types
    ({"min_bid": "200"}, r"^min_bid: must be a whole number, not '200'"),
    ({"min_bid": 200.0}, r"^min_bid: must be a whole number"),
    ({"bid_jumps": 1}, r"^bid_jumps: must be true or false, not 1"),
    ({"hand_size": True}, r"^hand_size: must be a whole number, not True"),
    ({"first_lead": "declarer"}, r"^first_lead: must be 'forehand' or 'declarer'"),
    ({"ranks": [Rank.JACK]}, r"^ranks: must be distinct ranks"),
    ({"ranks": (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.SEVEN, Rank.EIGHT)},
     r"^ranks: must include A, 10, K, Q and J"),
    ({"teams": [[0, 2], [1, 3]]}, r"^teams: must be lists of seat numbers"),
    # values
    ({"max_bid": 100}, r"^max_bid: 100 is below min_bid 150"),
    ({"bid_step": 0}, r"^bid_step: must be positive"),
    ({"meld_pair_plain": -20}, r"^meld_pair_plain: must not be negative"),
    ({"durch_value": 0}, r"^durch_value: must be positive"),
    ({"durch_allowed": False, "open_durch": True}, r"^open_durch: needs durch_allowed"),
    ({"target": 0}, r"^target: must be positive"),
    ({"fixed_hands": -1}, r"^fixed_hands: must not be negative"),
    ({"players": 1, "hand_size": 36}, r"^players: at least two players"),
]


@pytest.mark.parametrize(("changes", "message"), REFUSED, ids=[m[:30] for _, m in REFUSED])
def test_9_a_rule_set_that_does_not_add_up_is_refused_naming_the_field(
        changes: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules(name="bad", **changes)


def test_an_unknown_field_is_refused_with_a_suggestion() -> None:
    with pytest.raises(RulesError, match=r"^min_bd: not a field of a Binokel rule set "
                                         r"\(did you mean min_bid\?\)"):
        BINOKEL.replace(min_bd=200)


def test_refusals_are_value_errors_for_the_shells() -> None:
    assert issubclass(RulesError, ValueError)


def test_rules_are_frozen_hashable_values() -> None:
    a = BINOKEL.replace(name="x", target=1000)
    b = BINOKEL.replace(name="x", target=1000)
    assert a == b and hash(a) == hash(b) and a != BINOKEL
    with pytest.raises(AttributeError):
        a.target = 5  # type: ignore[misc]
    assert BINOKEL.first_lead is FirstLead.FOREHAND
