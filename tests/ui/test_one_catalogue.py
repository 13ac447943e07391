"""One catalogue of the game's own words for the terminal and the browser: a card, a meld, a
suit, a rule set reads the same in both.  The browser's copy (``gamewords.js``) is written from
the terminal's (``binokel/ui/catalogue.py``), the page's scripts keep no table of their own, and
what the page shows (its scripts run by node) is what the terminal says."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from binokel.cards import Suit
from binokel.ui.catalogue import WORDS, gamewords_js
from binokel.ui.i18n import Strings

STATIC = Path(__file__).resolve().parents[2] / "binokel" / "web" / "static"
PROBE = Path(__file__).parent / "catalogue_probe.js"


def test_the_browsers_copy_is_written_from_the_catalogue() -> None:
    assert (STATIC / "gamewords.js").read_text(encoding="utf-8") == gamewords_js(), \
        "run: python -m binokel.ui.catalogue > binokel/web/static/gamewords.js"
    pages = [p for p in STATIC.glob("*.html") if "/static/words.js" in p.read_text("utf-8")]
    assert len(pages) >= 2  # the table and the pad (and the club's pages)
    for page in pages:  # every page that loads words.js loads the catalogue before it
        html = page.read_text(encoding="utf-8")
        assert "/static/gamewords.js" in html, page.name
        assert html.index("/static/gamewords.js") < html.index("/static/words.js"), page.name


def test_the_pages_scripts_keep_no_table_of_the_games_words() -> None:
    """No meld name, rank name or rule-set description of the catalogue's is spelt out again
    in a script of the page (the pad's words included)."""
    scripts = {p.name: p.read_text(encoding="utf-8") for p in STATIC.glob("*.js")
               if p.name != "gamewords.js"}
    for lang, words in WORDS.items():
        for table in ("melds", "rule_sets"):
            for key, text in words[table].items():
                if len(text.split()) < 2 and table == "melds":
                    continue  # one word (Dix, Binokel) is also ordinary text
                for name, source in scripts.items():
                    assert f'"{text}"' not in source, (lang, table, key, name)
    assert not any(re.search(r'"four queens"\s*:', s) for s in scripts.values())


@pytest.mark.skipif(shutil.which("node") is None, reason="node runs the page's scripts")
def test_the_page_and_the_terminal_say_the_same_words() -> None:
    done = subprocess.run(["node", str(PROBE), str(STATIC / "gamewords.js"),
                           str(STATIC / "words.js")], capture_output=True, text=True,
                          timeout=60, check=True)
    page = json.loads(done.stdout)
    for lang in ("en", "de"):
        tr = Strings(lang)
        shown = page[lang]
        assert shown["melds"] == {name: tr.meld(name) for name in WORDS["en"]["melds"]}
        assert shown["cards"] == [tr.cards(c) for c in ("Q♠", "J♦", "10♥", "K♣")]
        assert {s: w.split(" (")[0] for s, w in shown["suits"].items()} == {
            suit.symbol: tr.suit_name(suit) for suit in Suit}
        assert shown["rules"] == {r: tr.rules_description(r, "EN")
                                  for r in ("binokel", "bezique", "binocle-64")}
    assert page["de"]["cards"][:2] == ["O♠", "U♦"] and page["de"]["melds"]["four queens"] \
        == "Vier Ober"
