"""What a person sees of a page, checked in the browser: every message, prompt and button in
sight is inside the screen and on top (``elementFromPoint`` at its centre is it or inside
it), nothing widens the page, every tap target is at least 44 x 44 CSS px (a card of the
fanned hand: the strip of it left in view), and a German page shows no English word (the
visible text against the page's own catalogue of words).

``look(page)`` returns the problems found, as sentences; an empty list is a page a person can
use.  The scripts run in the page (``page.evaluate``); they read only what is drawn.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

TAP_PX = 44
"""The smallest tap target (CSS px) a finger is given: width and height."""

# The elements that must be in sight without scrolling (when drawn at all): the messages and
# prompts of the table and the player's choices.
IN_SIGHT = ", ".join([
    "#toast.show", "#status", "#trump", "#running", "#hint-box", "#actions .prompt",
    "#actions button", "#actions select", "#hand button.card", "#confirm-text",
    "#confirm-yes", "#confirm-no", "#final-trick", "#lay-away",
])
# Messages and buttons a person scrolls to (inside a scrolling summary, or below the felt):
# scrolled into view, each must then be on top.
ON_TOP = ", ".join([
    "#why li", "#next-hand", "#standing", "#ending", "#rematch", "#to-review",
    "#summary-last", "#end h3",
])
TARGETS = "button, a, summary, select, input, [role=button]"

HERE = Path(__file__).parent
LOOK_JS = (HERE / "seeing_look.js").read_text(encoding="utf-8")
ENGLISH_JS = (HERE / "seeing_english.js").read_text(encoding="utf-8")


def look(page: Any) -> list[str]:
    """The problems a person would meet on the page as drawn now (see the module)."""
    found: list[str] = page.evaluate(LOOK_JS, [IN_SIGHT, ON_TOP, TARGETS, TAP_PX])
    return found


def english_words(page: Any) -> list[str]:
    """English words in the visible text of a German page."""
    found: list[str] = page.evaluate(ENGLISH_JS)
    return found
