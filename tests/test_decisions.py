"""The decision records: one numbering, an index that lists every record, no dangling names.

A record is ``docs/decisions/TOPIC-NN-short-title.md`` headed ``# TOPIC-NN — Title``; each
``TOPIC-NN`` is used once; ``docs/decisions/README.md`` links every record; and every
``docs/decisions/...md`` path written anywhere in the repository names a record that exists.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DECISIONS = ROOT / "docs" / "decisions"
_NAME = re.compile(r"^([a-z]+)-(\d\d)-[a-z0-9-]+\.md$")

pytestmark = pytest.mark.skipif(not DECISIONS.is_dir(), reason="no docs/decisions")


def records() -> list[Path]:
    return sorted(p for p in DECISIONS.glob("*.md") if p.name != "README.md")


def test_every_record_is_named_and_headed_by_its_topic_and_number() -> None:
    assert len(records()) >= 78
    wrong = []
    for path in records():
        match = _NAME.match(path.name)
        head = path.read_text(encoding="utf-8").split("\n", 1)[0]
        if match is None or not head.startswith(f"# {match.group(1)}-{match.group(2)} — "):
            wrong.append(f"{path.name}: {head}")
    assert wrong == []


def test_no_two_records_share_a_number() -> None:
    ids = [path.name[:path.name.index("-", path.name.index("-") + 1)] for path in records()]
    assert sorted({i for i in ids if ids.count(i) > 1}) == []


def test_the_index_links_every_record_once() -> None:
    index = (DECISIONS / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)]+\.md)\)", index)
    assert sorted(links) == [path.name for path in records()]


def test_every_record_named_in_the_repository_exists() -> None:
    names = {path.name for path in records()}
    missing = []
    pattern = re.compile(r"decisions/([a-z0-9_-]+\.md)")
    for folder in ("binokel", "docs", "tests", "scripts"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix not in {".py", ".md", ".c", ".h", ".js", ".html"} or not path.is_file():
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            missing += [f"{path.relative_to(ROOT)}: {name}" for name in pattern.findall(text)
                        if name not in names and name != "README.md"]
    for path in (ROOT / "README.md", ROOT / "CHANGELOG.md"):
        if path.exists():
            missing += [f"{path.name}: {name}" for name in pattern.findall(path.read_text("utf-8"))
                        if name not in names and name != "README.md"]
    assert missing == []
