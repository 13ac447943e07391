"""The full-screen score pad (``binokel pad`` on a terminal): the same questions as the line
mode (:class:`~binokel.ui.pad_dialogue.PadDialogue`) around the sheet.

Top to bottom: the title, the score sheet with running totals, what was said (refusals name
the rule), the question, and the line to type the answer in.  The commands (undo, edit N, void,
sheet, csv FILE, save, quit, help) are typed as in the line mode; Ctrl+Q quits.  The pad is
saved after every hand.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Input, RichLog, Static

from ..pad_dialogue import PadDialogue

CSS = """
Screen { layout: vertical; }
#title { height: 1; background: $boost; padding: 0 1; }
#sheet { height: auto; max-height: 60%; border: round $accent; padding: 0 1; }
#log { height: 1fr; min-height: 3; padding: 0 1; scrollbar-size: 0 0; }
#prompt { height: auto; padding: 0 1; color: $accent; }
#answer { height: 3; }
"""


class PadApp(App[int]):
    """The pad full-screen; the app's result is the exit status."""

    CSS = CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit_pad", "quit", priority=True)]

    def __init__(self, dialogue: PadDialogue) -> None:
        super().__init__()
        self.dialogue = dialogue

    def compose(self) -> ComposeResult:
        talk = self.dialogue
        yield Static(talk.opening[0], id="title")
        yield Static(talk.sheet(), id="sheet")
        yield RichLog(id="log", wrap=True, markup=False)
        yield Static(talk.prompt, id="prompt")
        yield Input(id="answer")

    def on_mount(self) -> None:
        log = self.query_one("#log", RichLog)
        for text in self.dialogue.opening[1:]:
            if text != self.dialogue.sheet():
                log.write(text)
        self.query_one("#answer", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        talk = self.dialogue
        log = self.query_one("#log", RichLog)
        log.write(f"{talk.prompt} > {event.value}")  # the answer with its question
        sheet = talk.sheet()
        for text in talk.answer(event.value):
            if text.startswith(sheet.splitlines()[0]):
                continue  # the sheet has its own panel
            log.write(text)
        event.input.value = ""
        self.query_one("#sheet", Static).update(talk.sheet())
        self.query_one("#prompt", Static).update(talk.prompt)
        if talk.finished:
            self.exit(0)

    def action_quit_pad(self) -> None:
        self.dialogue.answer("quit")
        self.exit(0)


__all__ = ["PadApp"]
