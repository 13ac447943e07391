"""Cards in the player's language.  A German pack has Ober and Unter where the French-suited
one has Queen and Jack, so a German screen writes ``O♠`` and ``U♦`` for the engine's ``Q♠`` and
``J♦`` (the web table does the same).  Every text the terminal shows passes through
:func:`local_cards` at the one place it reaches the person (the full-screen table's paint, the
line mode's screen, the pad's lines); the letters change one for one, so the styles of a
:class:`rich.text.Text` stay on their characters.  Input takes either letter
(:func:`binokel.cards.parse_card` reads ``O``/``U`` as well as ``Q``/``J``).

>>> local_cards("Karle spielt Q♠; du hast J♦ 10♥ K♣.", "de")
'Karle spielt O♠; du hast U♦ 10♥ K♣.'
>>> local_cards("Karle plays Q♠.", "en")
'Karle plays Q♠.'
>>> local_cards("Familie (A 10 K Q J)", "de"), local_cards("QS, q♠, JH", "de")
('Familie (A 10 K Q J)', 'QS, q♠, JH')
"""

from __future__ import annotations

import re
from typing import TypeVar

from rich.text import Text

from .catalogue import WORDS

#: The rank letters that differ, by language (the engine's letter → the language's), from the
#: catalogue the browser shares.
RANK_LETTERS: dict[str, dict[str, str]] = {lang: words["faces"] for lang, words in WORDS.items()}
#: A rank letter written as a card: right before a suit symbol, not inside a word.
_CARD_RANK = re.compile(r"(?<![A-Za-z0-9])([QJ])(?=[♣♠♥♦])")

T = TypeVar("T", str, Text)


def card_label(label: str, lang: str) -> str:
    """A rank's letter in a language: ``card_label("Q", "de") == "O"``."""
    return RANK_LETTERS.get(lang, {}).get(label, label)


def _swap(text: str, letters: dict[str, str]) -> str:
    return _CARD_RANK.sub(lambda m: letters[m.group(1)], text)


def local_cards(text: T, lang: str) -> T:
    """``text`` with its cards written in ``lang`` (a :class:`~rich.text.Text` keeps its
    styles: the text keeps its length)."""
    letters = RANK_LETTERS.get(lang)
    if not letters:
        return text
    if isinstance(text, str):
        return _swap(text, letters)
    swapped = _swap(text.plain, letters)
    if swapped == text.plain:
        return text
    out = text.copy()
    out.plain = swapped  # same length: every span stays on its characters
    return out


__all__ = ["RANK_LETTERS", "card_label", "local_cards"]
