"""The pages over the full-screen table (help, hint, score sheet, last Stich, end of hand) and
how keys reach them when they come in bursts.

A terminal hands over several keys in one read when a person types fast, holds a key down or
pastes without bracketed paste; Textual queues them all before the first is handled.  So:

* a page closes once: a key that reaches it after it closed goes to the table as a late key;
* a key typed before the table was shown again (it was already queued when the page closed)
  never acts on the table: it only types on a word the page handed back (below), else it is
  dropped, so Enter Enter on a page closes it and plays nothing;
* a page opened by a one-letter key (``s`` for the sheet) gives way to typing: when the next
  key continues a word a line may begin with (``sh`` of ``show``, ``la`` of ``lay``, ``he`` of
  ``help``) the page closes and the two letters stand in the typed line.

When a page is taller than the screen, ↑ ↓ PgUp PgDn Home End scroll it and the other keys
close it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol, cast

from rich.text import Text
from textual import events
from textual._time import get_time  # the clock of Message.time, to tell keys typed before
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ..binocle_parse import WORDS as BINOCLE_WORDS
from ..parse import WORDS
from ..render import DIM

#: Keys that scroll a page taller than the screen.
SCROLL_KEYS = {"up": "scroll_up", "down": "scroll_down", "pageup": "scroll_page_up",
               "pagedown": "scroll_page_down", "home": "scroll_home", "end": "scroll_end"}


def begins_word(text: str, words: Iterable[str] = WORDS | BINOCLE_WORDS) -> bool:
    """Whether ``text`` (two letters or more) begins a word a typed line may start with.

    >>> begins_word("sh"), begins_word("la"), begins_word("he"), begins_word("s1")
    (True, True, True, False)
    """
    text = text.lower()
    return len(text) >= 2 and any(word.startswith(text) for word in words)


class Table(Protocol):
    """What a page asks of the table under it."""

    def page_closed(self, typed: str) -> None: ...
    def late_key(self, event: events.Key) -> None: ...


def now() -> float:
    """The time on the clock that stamps Textual's messages."""
    return get_time()


class InfoScreen(ModalScreen[None]):
    """A page over the table; any key closes it (once), ↑ ↓ scroll it when it is tall."""

    def __init__(self, lines: Sequence[Text], closing: str,
                 keys: dict[str, Callable[[], None]] | None = None, *, opened_by: str = "",
                 scroll_note: str = "") -> None:
        super().__init__()
        #: Keys that close the page and then act (``v`` on the hand summary: the review).
        self._keys = keys or {}
        self._text = Text("\n").join(lines)
        self._closing_note = closing
        self._scroll_note = scroll_note
        self.opened_by = opened_by
        self.shut = False

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            with VerticalScroll(id="page"):
                yield Static(self._text, id="info")
            yield Static(Text(self._closing_note, style=DIM), id="closing")

    def on_mount(self) -> None:
        self._fit()
        self.call_after_refresh(self._note_scrolling)

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        """Lines longer than the screen wrap (between words) inside the box, never cut; a
        table as wide as the screen (the score sheet of three players is 80 columns) gets the
        whole width: the box drops its border and padding."""
        width = self.app.size.width
        widest = max((line.cell_len for line in self._text.split() if "│" in line.plain),
                     default=0)  # a table's line, which must not wrap
        self.set_class(width - 4 < widest <= width, "-wide")
        room = max(10, width if self.has_class("-wide") else width - 4)
        self.query_one("#info", Static).styles.max_width = room
        border = 0 if self.has_class("-wide") else 2
        page = self.query_one("#page", VerticalScroll)
        page.styles.max_height = max(3, self.app.size.height - border - 1)  # and the note
        self.query_one("#closing", Static).styles.max_width = room

    def _note_scrolling(self) -> None:
        if self.query_one("#page", VerticalScroll).max_scroll_y > 0 and self._scroll_note:
            self.query_one("#closing", Static).update(Text(self._scroll_note, style=DIM))

    @property
    def table(self) -> Table:
        return cast(Table, self.app)

    def on_key(self, event: events.Key) -> None:
        event.stop()
        self.take_key(event)

    def take_key(self, event: events.Key) -> None:
        """A key for this page: it scrolls, closes the page or (closed) goes to the table."""
        if self.shut:
            self.table.late_key(event)
            return
        scroller = self.query_one("#page", VerticalScroll)
        if event.key in SCROLL_KEYS and scroller.max_scroll_y > 0:
            getattr(scroller, SCROLL_KEYS[event.key])(animate=False)
            return
        char = event.character or ""
        word = self.opened_by + char if self.opened_by and char.isalpha() else ""
        then = self._keys.get(char)
        self.close(word if begins_word(word) else "")
        if then is not None:
            then()

    def on_click(self, event: events.Click) -> None:
        self.close()

    def close(self, typed: str = "") -> None:
        if self.shut:
            return
        self.shut = True
        self.dismiss(None)
        self.table.page_closed(typed)


def as_page(screen: Any) -> InfoScreen | None:
    return screen if isinstance(screen, InfoScreen) else None


__all__ = ["InfoScreen", "Table", "as_page", "begins_word", "now"]
