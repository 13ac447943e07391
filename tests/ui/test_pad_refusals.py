"""Every refusal the score pad can raise has its German wording, found by reading the sources
(a refusal added later without one fails here), and a German pad session that meets the
refusals prints no English."""

from __future__ import annotations

import ast
import asyncio
import re
from pathlib import Path

import pytest
from textual.widgets import Input

from binokel.pad import Pad
from binokel.ui.i18n_pad import PadStrings
from binokel.ui.i18n_refusals import REFUSALS_DE, translate
from binokel.ui.pad_dialogue import PadDialogue

PACKAGE = Path(__file__).resolve().parents[2] / "binokel"
#: Where the pad's refusals are raised: the pad, its questions, and the card reader it uses.
SOURCES = [*sorted((PACKAGE / "pad").glob("*.py")), PACKAGE / "ui" / "pad_dialogue.py",
           PACKAGE / "cards.py"]
#: Refusals raised with a message made elsewhere: the call and where its words are.
PASSED_ON = {"str(exc)", "pad.no_claims()", "pad._wrong_kind(entry)",
             "self._wrong_kind(entry)"}
#: English words no German refusal may keep (rule fields such as ``min_bid`` and the record
#: format's own keywords are not checked).
ENGLISH = re.compile(r"\b(the|is|not|of|and|no|only|must|but|hand|hands|melds?|trick|tricks|"
                     r"points|seat|declarer|who|took|under|these|rules|players?|one|every|"
                     r"more|than|with|suit|card|cards|nobody|someone|expected)\b")
KEYWORDS = re.compile(r"(melds, tricks oder no trick|melds, cards, claim oder last|"
                      r"[a-z_]+_[a-z_]+|'trump ♥'|docs/rules/\S+)")


def _template(node: ast.expr, constants: dict[str, str]) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(str(v.value) if isinstance(v, ast.Constant) else "{}"
                       for v in node.values)
    if isinstance(node, ast.Name):
        return constants.get(node.id)
    return None


def raised_templates() -> tuple[set[str], set[str]]:
    """The English templates of every ``PadError``/``CardError`` raised in the sources (and of
    the messages made for them), and the calls that pass a message on."""
    templates: set[str] = set()
    passed: set[str] = set()
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants = {target.id: text for node in tree.body if isinstance(node, ast.Assign)
                     for target in node.targets if isinstance(target, ast.Name)
                     if (text := _template(node.value, {})) is not None}
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in ("PadError", "CardError") and node.args:
                text = _template(node.args[0], constants)
                if text is None:
                    passed.add(ast.unparse(node.args[0]))
                else:
                    templates.add(text)
            if isinstance(node, ast.FunctionDef) and node.name in ("no_claims", "_wrong_kind",
                                                                    "scored"):
                for inner in ast.walk(node):  # the messages these make for a refusal
                    if isinstance(inner, ast.JoinedStr):
                        text = _template(inner, constants)
                        if text and " " in text:
                            templates.add(text)
    return templates, passed


def test_every_refusal_the_pad_raises_has_a_german_wording() -> None:
    templates, passed = raised_templates()
    assert len(templates) > 60  # the reader found them (there are some 75)
    missing = sorted(templates - set(REFUSALS_DE))
    assert not missing, "refusals without a German wording (binokel/ui/i18n_refusals.py):\n" \
        + "\n".join(missing)
    assert passed <= PASSED_ON, f"a refusal whose words are made elsewhere: {passed - PASSED_ON}"
    stale = sorted(set(REFUSALS_DE) - templates)
    assert not stale, f"German wordings of refusals the pad no longer raises: {stale}"


@pytest.mark.parametrize("english", sorted(REFUSALS_DE))
def test_each_german_wording_keeps_every_value_and_no_english(english: str) -> None:
    values = [f"<{n}>" for n in range(english.count("{}"))]
    message = english.replace("{}", "{!s}").format(*values) if values else english
    german = translate(message)
    assert german != message
    for value in values:
        assert german.count(value) == 1, (english, german)
    words = KEYWORDS.sub("", german)
    assert not ENGLISH.search(words), german


def _talk(rules: str, players: list[str], dealer: int = 0) -> PadDialogue:
    return PadDialogue(Pad.new(rules, players, first_dealer=dealer), PadStrings("de"))


#: Wrong answers a German table may type, each at the question it answers (then a right one).
BINOKEL_SESSION = [
    "Anna 155", "Anna 1600", "Anna 165", "Zoe 200", "Anna 200",  # bids, a stranger
    "durch h", "x", "h",  # a Durch with trumps, no suit, then hearts
    "125", "1000", "Q♠ Q♠ Q♠", "X♠", "Z", "A♥ 10♥ K♥ O♥ U♥",  # Anna's melds
    "", "",  # Berta, Karle
    "300", "100 100 100", "150", "zoe", "60", "zoe", "",
]
BINOCLE_SESSION = [
    "x", "h", "anna royal marriage ♠", "anna marriage ♥", "anna four queens",
    "karle grand binocle", "", "95", "500", "130", "zoe", "karle",
]


@pytest.mark.parametrize(("rules", "players", "typed"), [
    ("binokel", ["Anna", "Berta", "Karle"], BINOKEL_SESSION),
    ("binocle", ["Anna", "Karle"], BINOCLE_SESSION),
    ("bezique", ["Anna", "Karle"], [*BINOCLE_SESSION[:7], "claim karle 40", "95", "130",
                                     "karle"]),
])
def test_a_german_pad_session_meets_its_refusals_in_german(rules: str, players: list[str],
                                                           typed: list[str]) -> None:
    talk = _talk(rules, players)
    refusals: list[str] = []
    for line in typed:
        for shown in talk.answer(line):
            if shown.startswith("Abgelehnt"):
                refusals.append(shown)
    assert len(refusals) >= 6, refusals
    for refusal in refusals:
        assert not ENGLISH.search(KEYWORDS.sub("", refusal)), refusal
    assert talk.pad.entries, "the session's last answers are right: the hand is scored"


def test_a_long_refusal_is_shown_whole_in_the_full_screen_pad() -> None:
    """At 80×24 a refusal longer than a line wraps with nothing lost (the log's scrollbar had
    hidden the two columns the text was wrapped into: ``ab 1`` for ``ab 150``)."""
    from binokel.ui.tui.pad_app import PadApp

    app = PadApp(_talk("binokel", ["Anna", "Berta", "Karle"], dealer=2))

    async def run() -> str:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.query_one("#answer", Input).value = "Anna 155"
            await pilot.press("enter")
            await pilot.pause()
            strips = app.screen._compositor.render_strips()
            return "\n".join(strip.text.rstrip() for strip in strips)
    shown = asyncio.run(run())
    assert "gereizt wird in Schritten von 10 ab 150" in shown, shown


def test_the_german_binocle_pad_takes_meld_names_in_german() -> None:
    talk = _talk("binocle", ["Anna", "Karle"])
    shown = [*talk.answer("h"), *talk.answer("anna Trumpfpaar"),
             *talk.answer("karle paar schippen"), *talk.answer("anna vier ober"),
             *talk.answer("karle familie")]
    assert "  Anna: Trumpfpaar 40 - 40" in shown, shown
    assert "  Karle: Paar 20 - 20" in shown, shown  # a marriage in spades (not in trumps)
    assert any(line.startswith("  Anna: Vier Ober") for line in shown), shown
    assert any(line.startswith("  Karle: Familie") for line in shown), shown
    assert not any(line.startswith("Abgelehnt") for line in shown), shown
    talk = _talk("binocle", ["Anna", "Karle"])
    talk.answer("h")
    assert "Trumpfpaar" in talk.prompt  # the question gives a German example
