"""The tournament's pure rules: table sizes (never a table of two), the draw's bound on
repeated pairs, its reproducibility from the shown seed, seating by standing, the record's
refusals, the tie-breaks and the CSV's formula guard."""

from __future__ import annotations

from collections import Counter

import pytest

from binokel.club import (
    ClubError,
    DrawError,
    Tournament,
    count_repeats,
    draw,
    rank,
    read_standings_csv,
    standings_csv,
    table_sizes,
)


@pytest.mark.parametrize("count", [3, 4, 6, 7, 8, 9, 10, 11, 31, 32, 100])
def test_tables_are_of_three_or_four_and_seat_everyone(count: int) -> None:
    sizes = table_sizes(count)
    assert sum(sizes) == count and set(sizes) <= {3, 4}
    assert sizes.count(4) == count % 3  # as few tables of four as can be


@pytest.mark.parametrize("count", [0, 1, 2, 5])
def test_a_table_of_two_is_never_drawn(count: int) -> None:
    with pytest.raises(DrawError, match="never a table of two"):
        table_sizes(count)


def three_rounds(count: int, seed: str, by_standing: bool = False) -> list[int]:
    ids = [f"p{i}" for i in range(count)]
    met: Counter[frozenset[str]] = Counter()
    repeats = []
    for number in (1, 2, 3):
        seating = draw(ids, f"{seed}/{number}", met=met, by_standing=by_standing and number > 1)
        assert sorted(p for t in seating.tables for p in t) == sorted(ids)
        repeats.append(count_repeats(seating.tables, met))
        met = seating.pairs(met)
    return repeats


def test_the_documented_bound_no_repeated_pair_in_three_rounds_from_twelve_players() -> None:
    for count in [9, *range(12, 101)]:
        for seed in ("a", "b"):
            assert three_rounds(count, seed) == [0, 0, 0], (count, seed)


def test_seating_by_standing_keeps_the_bound_and_keeps_players_near_their_rank() -> None:
    for count in [9, *range(12, 101, 7)]:
        assert three_rounds(count, "s", by_standing=True) == [0, 0, 0], count
    ids = [f"p{i:02d}" for i in range(30)]  # already in standing order
    met: Counter[frozenset[str]] = Counter()
    for number in (1, 2, 3):
        seating = draw(ids, f"x/{number}", met=met, by_standing=True)
        for table_no, table in enumerate(seating.tables):
            # a player sits at most three tables away from where the order put them
            assert all(abs(ids.index(p) // 3 - table_no) <= 3 for p in table)
        met = seating.pairs(met)


def test_a_draw_is_reproduced_from_its_seed_and_differs_with_another() -> None:
    ids = [f"p{i}" for i in range(31)]
    assert draw(ids, "kirbe") == draw(list(ids), "kirbe")
    assert draw(ids, "kirbe").tables != draw(ids, "kirbe2").tables
    first = draw(ids, "kirbe")
    assert all(0 <= d < len(t) for t, d in zip(first.tables, first.dealers, strict=True))


def test_registration_refusals_name_the_rule_and_change_nothing() -> None:
    t = Tournament.new("Kirbe", rules="binokel", rounds=2, hands=3, seed="s")
    for name in ("Anna", "Bert", "Cora"):
        t.add_player(name)
    before = t.to_json()
    with pytest.raises(ClubError, match="already"):
        t.add_player("  ANNA ")
    with pytest.raises(ClubError, match="1 to 40"):
        t.add_player("x" * 41)
    with pytest.raises(ClubError, match="no round 1"):
        t.close_round(1, {})
    assert t.to_json() == before
    t.start_round(draw(t.active(), "s/1"))
    with pytest.raises(ClubError, match="late entry joins before the next round"):
        t.add_player("Dora")
    with pytest.raises(ClubError, match="table 1"):
        t.close_round(1, {})
    with pytest.raises(ClubError, match="not closed"):
        t.correct(1, "p1", 5, "me", "why", 0.0)
    t.close_round(1, {1: ([10, 20, 30], [0, 1, 0])})
    with pytest.raises(ClubError, match="who"):
        t.correct(1, "p1", 5, " ", "why", 0.0)
    t.withdraw("p2")
    late = t.add_player("Dora")
    assert late.joined == 2 and t.active() == ["p1", "p3", "p4"]
    assert Tournament.from_json(t.to_json()) == t


def test_ties_are_broken_by_the_last_round_then_fewer_missed_contracts_else_shared() -> None:
    rows = rank([("a", "Anna", [100, 50], 0, ""), ("b", "Bert", [50, 100], 2, ""),
                 ("c", "Cora", [50, 100], 1, ""), ("d", "Dora", [50, 100], 1, "late"),
                 ("e", "Emil", [200, None], 0, "withdrawn")])
    assert [(r.place, r.name, r.total) for r in rows] == [
        (1, "Emil", 200), (2, "Cora", 150), (2, "Dora", 150), (4, "Bert", 150), (5, "Anna", 150)]


def test_the_csv_reads_back_and_no_name_is_a_formula() -> None:
    rows = rank([("a", "=HYPERLINK(\"x\")", [10], 0, ""), ("b", "'quoted", [5], 0, ""),
                 ("c", "-minus, with comma", [None], 0, "withdrawn")])
    text = standings_csv(rows)
    assert ',"\'=HYPERLINK' in text and ",''quoted" in text and ',"\'-minus' in text
    assert read_standings_csv(text) == rows
