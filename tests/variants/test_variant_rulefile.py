"""A club's house rules: TOML rules files, ``--set FIELD=VALUE`` and rule specs round-trip."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from binokel import Rank, Rules, RulesError, find_rules, rule_set_names
from binokel.games.binokel.rulefile import (
    apply_settings,
    format_value,
    load_rules_file,
    parse_rules_toml,
    parse_setting,
    parse_value,
    resolve_rules,
    rule_spec,
    rules_from_mapping,
    rules_to_dict,
    rules_to_toml,
)
from binokel.games.binokel.rules import BINOKEL, FIELD_HELP, FirstLead, registered_rules

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules.md"

CLUB = """\
# Gasthaus Ochsen, Tuesdays
base = "binokel"
name = "ochsen"
description = "The Ochsen's Tuesday rules"
trump_before_discard = true
give_up_bonus = 40
give_up_keeps_melds = false
round_trick_points = true
first_lead = "declarer"
"""


def test_a_club_file_changes_the_fields_it_names() -> None:
    rules = parse_rules_toml(CLUB)
    assert rules.name == "ochsen" and rules.description == "The Ochsen's Tuesday rules"
    assert rules.trump_before_discard and rules.round_trick_points
    assert rules.give_up_bonus == 40 and not rules.give_up_keeps_melds
    assert rules.first_lead is FirstLead.DECLARER
    assert rules.play_fields() == BINOKEL.replace(
        trump_before_discard=True, give_up_bonus=40, give_up_keeps_melds=False,
        round_trick_points=True, first_lead=FirstLead.DECLARER).play_fields()


def test_a_club_file_without_a_name_is_named_by_its_changes(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text('base = "kreuzbinokel"\ntarget = 2000\npartner_need_not_beat = true\n')
    rules = load_rules_file(path)
    assert rules.name == "kreuzbinokel+partner_need_not_beat=true+target=2000"
    assert "changed: partner_need_not_beat=true, target=2000" in rules.description
    assert find_rules(rules.name) == rules


def test_a_file_without_base_starts_from_binokel() -> None:
    assert parse_rules_toml("min_bid = 200").play_fields() == \
        find_rules("binokel-bid-200").play_fields()


def test_a_change_is_named_against_the_rule_set_it_starts_from() -> None:
    rules = parse_rules_toml("min_bid = 200")
    assert rules.name == "binokel+min_bid=200"
    assert rules.play_fields() == find_rules("binokel-bid-200").play_fields()


def test_setting_a_field_to_its_value_changes_nothing() -> None:
    four = find_rules("binokel-4")
    assert apply_settings(four, ["players=4", "min_bid=150"]) is four


@pytest.mark.parametrize(("text", "message"), [
    ("give_up_bonus = \"40\"", r"^club.toml: give_up_bonus: must be a whole number, not '40'"),
    ("give_up_bonus = 40.0", r"^club.toml: give_up_bonus: must be a whole number"),
    ("trump_before_discard = \"yes\"", r"^club.toml: trump_before_discard: must be true or"),
    ("min_bd = 200", r"^club.toml: min_bd: not a field .*did you mean min_bid"),
    ("first_lead = \"left\"", r"^club.toml: first_lead: must be 'forehand' or 'declarer'"),
    ("base = \"kreuz\"\n", r"^club.toml: base: unknown rule set 'kreuz'"),
    ("base = 4", r"^club.toml: base: must be the name of a rule set"),
    ("players = 4\nteams = [[0, 1, 2], [3]]\nhand_size = 9",
     r"^club.toml: teams: must be of equal size"),
    ("hand_size = 10", r"^club.toml: hand_size: 3 players x 10 cards"),
    ("name = \"binokel\"\ntarget = 1000", r"^club.toml: name: 'binokel' is a registered rule set"),
    ("name = \"binokel+target=900\"\ntarget = 1000", r"^club.toml: name: .* does not match"),
    ("min_bid = ", r"^club.toml: not a TOML file"),
])
def test_a_club_file_that_does_not_add_up_is_refused_naming_file_and_field(
        text: str, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        parse_rules_toml(text, source="club.toml")


def test_an_unreadable_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RulesError, match="cannot read the rules file"):
        load_rules_file(tmp_path / "missing.toml")


# --- --set FIELD=VALUE -----------------------------------------------------------------------

@pytest.mark.parametrize(("text", "value"), [
    ("min_bid=200", 200),
    ("bid_jumps=true", True),
    ("bid_jumps=off", False),
    ("first_lead=declarer", FirstLead.DECLARER),
    ("first_lead=\"forehand\"", FirstLead.FOREHAND),
    ("teams=0,2/1,3", ((0, 2), (1, 3))),
    ("teams=[[0,2],[1,3]]", ((0, 2), (1, 3))),
    ("teams=", ()),
    ("dabb_after_rounds=1,2,3", (1, 2, 3)),
    ("dabb_after_rounds=[1, 2]", (1, 2)),
    ("ranks=7,J,Q,K,10,A", (Rank.SEVEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE)),
    ("ranks=A T K Q J 7", (Rank.SEVEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE)),
    ("description=Our rules", "Our rules"),
    ("give-up-bonus=40", 40),
])
def test_set_reads_each_kind_of_field(text: str, value: object) -> None:
    name, parsed = parse_setting(text)
    assert parsed == value
    assert name in FIELD_HELP


@pytest.mark.parametrize(("text", "message"), [
    ("min_bid", r"a change is written FIELD=VALUE"),
    ("=200", r"a change is written FIELD=VALUE"),
    ("min_bid=abc", r"^min_bid: must be a whole number, not 'abc'"),
    ("bid_jumps=maybe", r"^bid_jumps: must be true or false"),
    ("first_lead=left", r"^first_lead: must be 'forehand' or 'declarer'"),
    ("teams=0,2/1,x", r"^teams: must be teams of seats"),
    ("ranks=7,J,Q,K,10,B", r"^ranks: must be a list of ranks"),
    ("dabb_after_rounds=[1,", r"^dabb_after_rounds: must be"),
    ("colour=red", r"^colour: not a field"),
])
def test_a_bad_setting_is_refused_naming_the_field(text: str, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        parse_setting(text)


def test_set_applies_after_the_file_and_later_settings_win(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text(CLUB)
    rules = resolve_rules(None, ["give_up_bonus=50", "min_bid=200", "min_bid=250"], path)
    assert rules.give_up_bonus == 50 and rules.min_bid == 250 and rules.trump_before_discard
    # The club's name no longer describes these rules: they are named by a spec again.
    assert rules.name.startswith("binokel-bid-250+") and find_rules(rules.name) == rules


def test_rules_option_and_file_base_must_agree(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text('base = "kreuzbinokel"\ntarget = 2000\n')
    assert resolve_rules("kreuzbinokel", (), path).target == 2000
    assert resolve_rules(None, (), path).teams
    with pytest.raises(RulesError, match=r"base = 'kreuzbinokel' differs from the rule set "
                                         r"'binokel-4'"):
        resolve_rules("binokel-4", (), path)
    other = tmp_path / "plain.toml"
    other.write_text("target = 2000\n")
    assert resolve_rules("binokel-4", (), other).players == 4, "without base, --rules is it"


def test_resolve_without_options_is_the_default() -> None:
    assert resolve_rules() is BINOKEL


# --- round trips -----------------------------------------------------------------------------

def _variants() -> list[Rules]:
    changed = [
        BINOKEL.replace(name="x", trump_before_discard=True, first_lead=FirstLead.DECLARER),
        find_rules("kreuzbinokel").replace(name="y", partner_need_not_beat=True),
        find_rules("binokel-sevens").replace(name="z", doubled_melds_twice=True, target=900),
    ]
    return [*registered_rules(), *changed]


@pytest.mark.parametrize("rules", _variants(), ids=lambda r: r.name)
def test_every_rule_set_round_trips_through_toml_json_and_its_spec(rules: Rules) -> None:
    assert parse_rules_toml(rules_to_toml(rules)) == rules
    assert parse_rules_toml(rules_to_toml(rules, comments=True)) == rules
    assert rules_from_mapping(rules_to_dict(rules)) == rules
    assert find_rules(rule_spec(rules)).play_fields() == rules.play_fields()
    for name, value in rules.fields().items():
        assert parse_value(name, format_value(name, value)) == value, name


def test_a_toml_file_against_a_base_holds_only_the_changes() -> None:
    rules = BINOKEL.replace(name="quick", target=500)
    text = rules_to_toml(rules, base=BINOKEL)
    assert re.findall(r"^(\w+) =", text, re.M) == ["base", "name", "target"]
    assert parse_rules_toml(text) == rules


def test_the_example_club_file_of_the_docs_reads() -> None:
    # docs/rules.md shows a club file; it must stay a file the program accepts.
    blocks = re.findall(r"```toml\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.S)
    assert blocks, "docs/rules.md shows an example rules file"
    for block in blocks:
        rules = parse_rules_toml(block, source="docs/rules.md")
        assert rules.name not in rule_set_names() or rules is find_rules(rules.name)


def test_the_docs_name_every_rule_set_and_every_field() -> None:
    text = DOCS.read_text(encoding="utf-8")
    for name in rule_set_names():
        assert f"`{name}`" in text, name
    for field in FIELD_HELP:
        assert f"`{field}`" in text, field
