"""The plumbing both games share (binokel.games.plumbing): one wording for both games."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from binokel.errors import RulesError
from binokel.games.binocle.records import load_binocle_record
from binokel.games.binocle.rules import BINOCLE
from binokel.games.binokel.records import load_record
from binokel.games.binokel.rules import Rules
from binokel.games.plumbing import check_end_tags, hand_blocks, record_seed
from binokel.record_text import RecordError


@pytest.mark.parametrize("make", [lambda **kw: Rules(**kw), BINOCLE.replace])
def test_both_games_refuse_a_wrong_field_type_in_the_same_words(make: Callable[..., Any]) -> None:
    for value, words in ((True, "must be a whole number, not True"),
                         ("x", "must be a whole number, not 'x'")):
        with pytest.raises(RulesError, match=f"^target: {words}$"):
            make(target=value)


def test_only_binocle_refuses_a_negative_whole_number_by_type() -> None:
    with pytest.raises(RulesError, match=r"^target: must not be negative, not -1$"):
        BINOCLE.replace(target=-1)
    with pytest.raises(RulesError, match=r"^target: must be positive$"):
        Rules(target=-1)


def test_seed_tag_is_a_number_only_when_written_as_one() -> None:
    assert record_seed({"Seed": "7"}, 1) == 7
    assert record_seed({"Seed": "07"}, 1) == "07"
    with pytest.raises(RecordError, match=r"^line 4: the record has no Seed tag$"):
        record_seed({}, 4)


def test_hand_blocks_skip_comments_and_refuse_a_stray_line_unless_taken() -> None:
    lines = ["; note", "Cut: x", "Hand 1: dealer 0", "", "Trick 1: 0 A♠", "Hand 2: dealer 1"]
    with pytest.raises(RecordError, match=r"^line 11: expected 'Hand 1: dealer N'"):
        hand_blocks(lines, 10)
    taken: list[tuple[str, int]] = []

    def take(line: str, n: int) -> bool:
        taken.append((line, n))
        return line.startswith("Cut")

    blocks = hand_blocks(lines, 10, take)
    assert taken == [("Cut: x", 11)]
    assert blocks == [[(12, "Hand 1: dealer 0"), (14, "Trick 1: 0 A♠")],
                      [(15, "Hand 2: dealer 1")]]


def test_end_tags_compare_without_spacing() -> None:
    check_end_tags(None, " 1   2 ", "*", (1, 2))
    with pytest.raises(RecordError, match="the Totals tag says '1 3', but the actions give"):
        check_end_tags(None, "1 3", "*", (1, 2))


@pytest.mark.parametrize("load, game, seats", [(load_record, "Binokel", "the rules seat 3"),
                                                (load_binocle_record, "Binocle",
                                                 "Binocle has two")])
def test_players_tag_count_is_checked_by_both_games(load: Callable[[str], Any], game: str,
                                                    seats: str) -> None:
    text = f'[Game "{game}"]\n[Rules "{game.lower()}"]\n[Seed "1"]\n[Players "A, B, C, D"]\n'
    with pytest.raises(RecordError, match=rf"^line 1: the Players tag names 4 players, but "
                                          f"{seats}$"):
        load(text)
