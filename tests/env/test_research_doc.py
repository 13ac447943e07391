"""The quick start of docs/research.md runs as written, and its tables say what the code says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from binokel.env import codec_for, rule_set_names
from binokel.games import find_game_rules

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"
TEXT = DOC.read_text(encoding="utf-8")
BLOCKS = re.findall(r"```python\n(.*?)```", TEXT, re.S)


def test_the_doc_has_a_quick_start_for_each_framework_and_an_ismcts_example() -> None:
    assert len(BLOCKS) == 4


@pytest.mark.parametrize("number", range(len(BLOCKS)))
def test_quick_start_block_runs(number: int) -> None:
    exec(compile(BLOCKS[number], f"docs/research.md block {number + 1}", "exec"), {})


def test_the_layout_tables_are_the_codecs() -> None:
    for name in ("binokel", "binocle"):
        assert codec_for(find_game_rules(name)).layout.table() in TEXT


def test_the_size_table_lists_every_rule_set() -> None:
    for name in rule_set_names():
        codec = codec_for(find_game_rules(name))
        row = f"| `{name}` | {codec.players} | {codec.layout.size} | {codec.action_count} |"
        assert row in TEXT
