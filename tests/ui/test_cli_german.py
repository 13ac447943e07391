"""``binokel review``, ``binokel hint`` and ``binokel melds`` in German (``--lang de``, or a German
locale as ``binokel play`` reads it): no English sentence, cards as O/U, the catalogue's meld
names; English stays the default of an English locale."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from binokel.cli.main import main

GOLDEN = Path(__file__).parent.parent / "golden"
ONE_HAND = GOLDEN / "one-hand-d28.binokel"
PARTIAL = GOLDEN / "one-hand-d28-partial.binokel"
FAST = "expert:samples=4,plan=16"
#: English words no German line may keep (as tests/ui/test_pad_refusals.py checks the pad).
ENGLISH = re.compile(r"\b(the|is|not|of|and|no|only|must|but|hand|hands|melds?|trick|tricks|"
                     r"points|seat|who|with|suit|card|cards|expected|review|reviewed|lost|best|"
                     r"instead|decisions?|scored|hindsight|game|trumps|total|value|sampled|"
                     r"deals|plays|act|candidate|pass|blunder|mistake|inaccuracy|good|won|"
                     r"order|adds|in all|chosen|kind|costliest|none)\b", re.IGNORECASE)
#: A card written with the French-suited pack's Queen or Jack letter.
ENGLISH_CARD = re.compile(r"(?<![A-Za-z0-9])[QJ][♣♠♥♦]")
GERMAN_CARD = re.compile(r"(?<![A-Za-z0-9])[OU][♣♠♥♦]")


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> str:
    status = main([str(a) for a in args])
    out, err = capsys.readouterr()
    assert status == 0, err
    return out


def assert_german(out: str) -> None:
    # the bot's options (samples=4) and the rule set's name are notation, not language
    text = re.sub(r"\w+=\S+|\((binokel|binocle|bezique)\)", "", out)
    english = [line for line in text.splitlines() if ENGLISH.search(line)]
    assert not english, "English left in the German output:\n" + "\n".join(english)
    assert not ENGLISH_CARD.search(out), out
    assert GERMAN_CARD.search(out), out


def test_german_review_prints_no_english(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "review", ONE_HAND, "--seat", "0", "--bot", FAST, "--lang", "de")
    assert out.startswith("Binokel: Auswertung von Platz 0")
    assert "Spiel 1, Platz 0: 9 Entscheidungen" in out
    assert "im Nachhinein, er kennt die Karten" in out
    assert "grober Fehler" in out and "je Entscheidung" in out
    assert_german(out)


def test_german_hint_prints_no_english(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "hint", PARTIAL, "--bot", "expert:samples=4", "--lang", "de")
    lines = out.splitlines()
    assert lines[0] == "Binokel, Spiel 1, Ausspielen: Platz 2 ist dran"
    assert lines[1].startswith("Karten: ") and "O♥" in lines[1]
    assert lines[3].startswith("Experte (samples=4) spielt: ")
    assert "gezogene Verteilungen" in out
    assert_german(out)


@pytest.mark.parametrize("args", [
    ("K♠ Q♠ Q♥ Q♣ Q♦ J♦", "--trump", "H"),
    ("K♠ Q♠ Q♥ Q♣ Q♦ J♦ A♠ 10♠ J♠", "--trump", "S", "--rules", "binocle"),
    ("K♠ Q♠ Q♥ Q♣ Q♦ J♦ A♠ 7♠", "--trump", "S", "--rules", "bezique"),
])
def test_german_melds_print_no_english(capsys: pytest.CaptureFixture[str],
                                       args: tuple[str, ...]) -> None:
    out = run(capsys, "melds", *args, "--lang", "de")
    assert out.startswith(("Meldungen bei ", "Binocle: Meldungen", "Bézique: Meldungen"))
    assert "Vier Ober" in out  # the catalogue's name, not "Four queens"
    assert_german(out)


def test_a_german_locale_is_the_default_and_lang_en_overrides_it(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    german = run(capsys, "melds", "K♠ Q♠ Q♥ Q♣ Q♦ J♦", "--trump", "H")
    assert german == run(capsys, "melds", "K♠ Q♠ Q♥ Q♣ Q♦ J♦", "--trump", "H", "--lang", "de")
    english = run(capsys, "melds", "K♠ Q♠ Q♥ Q♣ Q♦ J♦", "--trump", "H", "--lang", "en")
    assert english.splitlines()[0] == "Melds with ♥ trumps (binokel)"
    assert "Four queens  Q♣ Q♠ Q♥ Q♦" in english
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert run(capsys, "melds", "K♠ Q♠ Q♥ Q♣ Q♦ J♦", "--trump", "H") == english
