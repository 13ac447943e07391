"""The rulebook is in the repository (docs/rules/), and every ``§`` reference points into it.

* No file of the repository sends a reader to a rules folder outside it.
* Every ``§N`` (and ``§N.M``) in the code, the tests and the docs names a section that the
  rulebook it refers to has: ``docs/rules/binocle.md §6`` (or ``Binocle §6``) names that book;
  a bare ``§6`` names the book the line named last, else the file's own game (a path with
  ``bezique`` in it: Bézique; ``binocle``: Binocle; any other: Binokel).
* The rulebook tests are named after the sections they test: ``tests/test_rules_6_tricks.py``
  tests Binokel §6, and the words of its name are words of that section's title.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BOOKS = ROOT / "docs" / "rules"
GAMES = ("binokel", "binocle", "bezique")
#: Folders that are not the project's text (tools' caches, builds, a virtualenv).
SKIP = {".git", ".venv", "venv", "node_modules", "__pycache__", "build", "dist", ".mypy_cache",
        ".ruff_cache", ".pytest_cache", ".hypothesis", "api"}
SUFFIXES = {".py", ".pyi", ".md", ".txt", ".toml", ".c", ".h", ".js", ".html", ".css", ".cfg",
            ".in", ".yml", ".yaml", ""}
#: The strings no file may hold, built here so that this file does not hold them either.
OUTSIDE = ("shared" + "/rules", "../" + "shared")

_HEADING = re.compile(r"^## (\d+)\. (.+)$", re.MULTILINE)
_BOOK = re.compile(r"(?:docs/rules/)?(binokel|binocle|bezique)\.md|\b(Binokel|Binocle|Bézique)\b")
_SECTION = re.compile(r"§(\d+)(?:\.(\d+))?")


def _text_files() -> list[Path]:
    out = []
    for path in ROOT.rglob("*"):
        rel = path.relative_to(ROOT)
        if any(part in SKIP or part.endswith(".egg-info") or part.startswith(".venv")
               for part in rel.parts[:-1]):
            continue
        if path.is_file() and path.suffix in SUFFIXES:
            out.append(path)
    return sorted(out)


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (UnicodeDecodeError, OSError):
        return None


def sections(game: str) -> dict[int, tuple[str, int]]:
    """A rulebook's sections: number -> (title, how many numbered items it lists)."""
    text = (BOOKS / f"{game}.md").read_text(encoding="utf-8")
    heads = list(_HEADING.finditer(text))
    out = {}
    for i, head in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(text)
        body = text[head.end():end]
        out[int(head.group(1))] = (head.group(2), len(re.findall(r"^\d+\. ", body, re.M)))
    return out


def _default_book(rel: Path) -> str:
    name = rel.as_posix().lower()
    return "bezique" if "bezique" in name else "binocle" if "binocle" in name else "binokel"


def references() -> list[tuple[str, str, int, int | None]]:
    """Every ``§`` reference: (where, book, section, item)."""
    out = []
    for path in _text_files():
        text = _read(path)
        if text is None or "§" not in text:
            continue
        rel = path.relative_to(ROOT)
        if rel.parts[:2] == ("docs", "rules"):
            continue
        default = _default_book(rel)
        for number, line in enumerate(text.splitlines(), 1):
            book = default
            marks = sorted([(m.start(), "book", m) for m in _BOOK.finditer(line)]
                           + [(m.start(), "section", m) for m in _SECTION.finditer(line)],
                           key=lambda mark: mark[0])
            for _, kind, match in marks:
                if kind == "book":
                    word = (match.group(1) or match.group(2)).lower()
                    book = "bezique" if word == "bézique" else word
                else:
                    item = int(match.group(2)) if match.group(2) else None
                    out.append((f"{rel}:{number}", book, int(match.group(1)), item))
    return out


def test_the_rulebook_has_every_game_with_numbered_sections() -> None:
    for game in GAMES:
        numbers = sorted(sections(game))
        assert numbers == list(range(1, len(numbers) + 1)), (game, numbers)
    assert len(sections("binokel")) == 10
    assert len(sections("binocle")) == 8
    assert len(sections("bezique")) == 6


def test_no_file_sends_a_reader_outside_the_repository() -> None:
    offending = []
    for path in _text_files():
        text = _read(path)
        if text is not None:
            offending += [f"{path.relative_to(ROOT)}: {s}" for s in OUTSIDE if s in text]
    assert offending == []


def test_every_section_reference_names_a_section_of_its_rulebook() -> None:
    refs = references()
    assert len(refs) > 100  # the code, tests and docs cite the rules; a broken scan finds none
    books = {game: sections(game) for game in GAMES}
    wrong = []
    for where, book, number, item in refs:
        section = books[book].get(number)
        if section is None or (item is not None and not 1 <= item <= section[1]):
            wrong.append(f"{where}: {book}.md §{number}{'' if item is None else f'.{item}'}")
    assert wrong == []


_TEST_NAME = re.compile(r"^test_(?:rules_)?((?:\d+_)+)(.+)\.py$")
_FILLER = {"and", "the", "of", "a"}


def _numbered_tests() -> list[tuple[str, str, list[int], list[str]]]:
    out = []
    for folder, game in (("tests", "binokel"), ("tests/binocle", "binocle"),
                         ("tests/bezique", "bezique")):
        for path in sorted((ROOT / folder).glob("test_*.py")):
            match = _TEST_NAME.match(path.name)
            if match and (game != "binokel" or path.name.startswith("test_rules_")):
                numbers = [int(n) for n in match.group(1).strip("_").split("_")]
                words = [w for w in match.group(2).split("_") if w not in _FILLER]
                out.append((f"{folder}/{path.name}", game, numbers, words))
    return out


def test_the_rulebook_tests_are_found() -> None:
    found = {game for _, game, _, _ in _numbered_tests()}
    assert found == set(GAMES)
    assert len(_numbered_tests()) >= 18


@pytest.mark.parametrize(("name", "game", "numbers", "words"), _numbered_tests(),
                         ids=[name for name, *_ in _numbered_tests()])
def test_a_rulebook_test_is_named_after_its_sections(name: str, game: str, numbers: list[int],
                                                     words: list[str]) -> None:
    book = sections(game)
    assert all(n in book for n in numbers), (name, numbers)
    titles = " ".join(book[n][0] for n in numbers).lower()
    missing = [word for word in words if word not in titles]
    assert missing == [], f"{name}: {missing} not in the titles {titles!r}"


# --- the rulebook's numbers are the default rule sets' numbers ------------------------------

#: Each meld row of a rulebook's table (by the start of its name) and the fields of the default
#: rule set that hold its points, in the order the row gives them.
MELD_ROWS: dict[str, dict[str, tuple[str, ...]]] = {
    "binokel": {
        "Pair": ("meld_pair_plain", "meld_pair_trump"),
        "Family": ("meld_family_plain", "meld_family_trump"),
        "Double family": ("meld_double_family", "meld_double_family"),
        "Binokel": ("meld_binokel", "meld_binokel"),
        "Double Binokel": ("meld_double_binokel", "meld_double_binokel"),
        "Four Aces": ("meld_four_aces", "meld_four_aces"),
        "Four Kings, Queens, Jacks": ("meld_four_kings", "meld_four_queens", "meld_four_jacks"),
        "Eight Aces, Kings, Queens, Jacks": ("meld_eight_aces",),
        "*Dissle*": ("meld_dissle",),
    },
    "binocle": {
        "Marriage": ("meld_marriage",),
        "Royal marriage": ("meld_royal_marriage",),
        "Sequence": ("meld_sequence",),
        "Binocle": ("meld_binocle",),
        "Grand binocle": ("meld_grand_binocle",),
        "Double binocle": ("meld_double_binocle",),
        "Four Aces, Kings, Queens, Jacks": ("meld_four_aces", "meld_four_kings",
                                            "meld_four_queens", "meld_four_jacks"),
        "Eight Aces, Kings, Queens, Jacks": ("meld_eight_aces", "meld_eight_kings",
                                             "meld_eight_queens", "meld_eight_jacks"),
        "Dix": ("meld_dix",),
    },
    "bezique": {
        "Common marriage": ("meld_marriage",),
        "Royal marriage": ("meld_royal_marriage",),
        "Sequence": ("meld_sequence",),
        "Bézique": ("meld_binocle",),
        "Double bézique": ("meld_double_binocle",),
        "Four Aces, Kings, Queens, Jacks": ("meld_four_aces", "meld_four_kings",
                                            "meld_four_queens", "meld_four_jacks"),
        "Trump Seven": ("meld_dix",),
    },
}


def _meld_rows(game: str) -> dict[str, list[int]]:
    """The meld table's rows: name -> the numbers of its points cells, options left out."""
    text = (BOOKS / f"{game}.md").read_text(encoding="utf-8")
    rows = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 4 or not line.startswith("|") or set(cells[0]) <= {"-"}:
            continue
        points = " ".join(cells[3:])
        points = re.split(r"\(option|\*\*\(option", points)[0]
        name = re.sub(r"\s*\(.*\)$", "", cells[1])
        rows[name] = [int(n) for n in re.findall(r"\d+", points)]
    return rows


@pytest.mark.parametrize("game", GAMES)
def test_the_meld_tables_give_the_default_rule_sets_points(game: str) -> None:
    from binokel.games import find_game_rules

    rules = find_game_rules(game)
    rows = _meld_rows(game)
    for name, fields in MELD_ROWS[game].items():
        row = rows.get(name)
        assert row is not None, f"{game}.md: no meld row {name!r} in {sorted(rows)}"
        assert row[:len(fields)] == [getattr(rules, f) for f in fields], (game, name, row)


def test_the_card_points_and_targets_are_the_engines() -> None:
    from binokel.cards import CARD_POINTS, Rank
    from binokel.games import find_game_rules

    binokel = (BOOKS / "binokel.md").read_text(encoding="utf-8")
    said = dict(re.findall(r"(Ace|Ten|King|Queen|Jack) (\d+)", binokel.split("## 2.")[0]))
    ranks = {"Ace": Rank.ACE, "Ten": Rank.TEN, "King": Rank.KING, "Queen": Rank.QUEEN,
             "Jack": Rank.JACK}
    assert {name: int(n) for name, n in said.items()} == {
        name: CARD_POINTS[rank] for name, rank in ranks.items()}
    binocle = (BOOKS / "binocle.md").read_text(encoding="utf-8").split("## 2.")[0]
    rules = find_game_rules("binocle")
    assert dict(re.findall(r"(Ace|Ten|King|Queen|Jack) (\d+)", binocle)) == {
        "Ace": str(rules.points_ace), "Ten": str(rules.points_ten),
        "King": str(rules.points_king), "Queen": str(rules.points_queen),
        "Jack": str(rules.points_jack)}
    bezique = find_game_rules("bezique")
    assert (bezique.points_ace, bezique.points_ten, bezique.points_king) == (10, 10, 0)
    assert "each Ace and each Ten taken scores 10" in (BOOKS / "bezique.md").read_text("utf-8")
    targets = {"binokel": find_game_rules("binokel").target, "binocle": rules.target,
               "bezique": bezique.target}
    for game, target in targets.items():
        text = (BOOKS / f"{game}.md").read_text(encoding="utf-8")
        assert f"**{target}**" in text, (game, target)
