"""Every message of both catalogues, filled in as the screens fill them: no plural after a count
of one, no "Du hat", no English word in German where the screens name a player or a column
(issue 44)."""

from __future__ import annotations

import re
import string

import pytest

from binokel.ui.i18n import Strings
from binokel.ui.i18n_forms import SINGULARS
from binokel.ui.i18n_pad import PadStrings

_PLURALS = sorted(k for k, v in SINGULARS.items() if k != v)
_ONE_PLURAL = re.compile(r"\b1 (?:\w+ )?(" + "|".join(_PLURALS) + r")\b")
#: Third-person verbs after "Du": the person's own form (``Du hast``) was missed.
_DU_THIRD = re.compile(r"\bDu (hat|ist|macht|spielt|sagt|geht|nimmt|gibt|zieht|meldet|tauscht|"
                       r"zeigt|erreicht|schafft|verliert|gewinnt|legt|drückt|bekommt|kann|muss|"
                       r"darf|will|wird)\b")


def _fields(template: str) -> list[str]:
    return [f for _, f, _, _ in string.Formatter().parse(template) if f]


def _filled(tr: Strings, key: str, **given: object) -> str:
    values: dict[str, object] = dict.fromkeys(_fields(tr.template(key)), 1)
    values.update((k, v) for k, v in given.items() if k in values)
    return tr(key, **values)


def _keys(tr: Strings) -> list[str]:
    return sorted(k for k in tr._table if "/" not in k)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_plural_after_a_count_of_one(lang: str) -> None:
    tr = Strings(lang)  # type: ignore[arg-type]
    wrong = [(key, text) for key in _keys(tr)
             if _ONE_PLURAL.search(text := _filled(tr, key))]
    assert wrong == []


#: Messages whose ``{name}`` is never the person: the other player, when the person draws.
_NAME_IS_ANOTHER = {"b_draw_you", "b_draw_other", "b_draw_last_you", "b_draw_last_other"}


def test_the_person_is_du_with_the_verb_of_du() -> None:
    tr = Strings("de")
    wrong = [(key, text) for key in _keys(tr)
             if "name" in _fields(tr.template(key)) and key not in _NAME_IS_ANOTHER
             and _DU_THIRD.search(text := _filled(tr, key, name=tr("you")))]
    assert wrong == []
    assert tr("sum_result_made", name="Du", bid=200) == "Du hast die 200 geschafft"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_summary_columns_stay_apart(lang: str) -> None:
    tr = Strings(lang)  # type: ignore[arg-type]
    words = tr("sum_head").split()
    drawn = "".join(f"{w:>7}" for w in words)  # as the hand summary draws its head
    assert drawn.split() == words  # "SticheGedrückt" ran two columns together


def test_german_names_the_computer_players_in_german() -> None:
    tr = Strings("de")
    assert tr("hint", bot="expert", action="passe") == "Tipp (Experte): passe"
    assert "(expert)" not in _filled(tr, "hint", bot="expert")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_pad_has_no_plural_after_a_count_of_one(lang: str) -> None:
    tr = PadStrings(lang)  # type: ignore[arg-type]
    wrong = []
    for key, template in tr._table.items():
        values = dict.fromkeys(_fields(template), 1)
        text = tr(key, **values) if values else template
        if _ONE_PLURAL.search(text):
            wrong.append((key, text))
    assert wrong == []
