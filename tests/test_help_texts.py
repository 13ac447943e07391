"""What the command line says of itself (issue 44): every game named where a command serves
all three, a legend only for marks that are printed, no path of a source checkout."""

from __future__ import annotations

import pytest

from binokel.cli.main import build_parser, main
from binokel.games.binokel.rules import KREUZBINOKEL
from binokel.ui.i18n import Strings
from binokel.ui.render import render_rules


def _help(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    with pytest.raises(SystemExit):
        main([*args, "--help"])
    return " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize("command", [(), ("serve",), ("replay",), ("hint",), ("play",)])
def test_help_names_bezique(capsys: pytest.CaptureFixture[str], command: tuple[str, ...]) -> None:
    text = _help(capsys, *command)
    assert "Bézique" in text and "Binocle" in text


def test_the_top_level_list_names_bezique_for_play() -> None:
    assert "Bézique" in build_parser().format_help()


def test_rules_prints_its_legend_only_for_marks_it_prints(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "binokel"]) == 0
    plain = capsys.readouterr().out
    assert " *" not in plain and "* differs" not in plain
    assert main(["rules", "kreuzbinokel"]) == 0
    marked = capsys.readouterr().out
    assert " *" in marked and "* differs from the default rule set" in marked


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_rules_page_points_at_the_program_not_a_checkout(lang: str) -> None:
    tr = Strings(lang)  # type: ignore[arg-type]
    text = " ".join(line.plain for line in render_rules(KREUZBINOKEL, tr))
    assert "docs/" not in text and "binokel rules" in text
    assert "docs/" not in tr("b_rules_more") and "binokel rules" in tr("b_rules_more")
