"""The interactive loop of ``binokel play``: draw the table, read a line, act on it.

Two screens share the loop.  On a terminal (:class:`RichScreen`) suits are coloured and the
table is redrawn in place at each decision; anywhere else (:class:`PlainScreen`, e.g.
``binokel play < moves.txt``) the same lines are printed as plain text with no colour and no cursor
movement, and each line read is echoed after its prompt so that a transcript reads like a game.
The loop is the same for both games; a :class:`Presenter` holds each game's drawing and reading.
"""

from __future__ import annotations

import contextlib
import dataclasses
import sys
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TextIO

from rich.console import Console
from rich.text import Text

from ..bots.base import BotError
from ..errors import IllegalActionError
from ..games import game_of
from .binocle_parse import BinocleMoves, parse_binocle_input
from .binocle_render import (
    binocle_hint_facts,
    binocle_prompt,
    render_binocle_final,
    render_binocle_last_trick,
    render_binocle_rules,
    render_binocle_sheet_details,
    render_binocle_table,
)
from .coach import Coach
from .i18n import Strings
from .parse import Command, InputError, Moves, parse_input
from .render import (
    Event,
    hint_facts,
    prompt_for,
    render_final,
    render_last_trick,
    render_rules,
    render_sheet_details,
    render_table,
)
from .session import BaseSession

ERROR = "bold red"
NOTE = "cyan"

_NO_ANSWERS = frozenset({"n", "no", "nein", "nee", "ne"})
#: ``review game`` (``auswertung partie``) reviews the whole game, not just the last hand.
WHOLE_GAME = frozenset({"game", "partie", "all", "alle", "ganz"})
#: Joins the words of one item (a move and its value) so that no line breaks inside it.
NBSP = "\u00a0"


def wrap_words(text: str, width: int) -> list[str]:
    """``text`` broken into lines of at most ``width`` at spaces, never inside a word or
    inside an item joined by :data:`NBSP`; each line of the text is wrapped on its own."""
    out: list[str] = []
    for line in text.split("\n"):
        indent = line[: len(line) - len(line.lstrip(" "))]
        wrapped = textwrap.wrap(line, width=max(20, width), subsequent_indent=indent + "  ",
                                break_long_words=False, break_on_hyphens=False) or [""]
        out += [part.replace(NBSP, " ") for part in wrapped]
    return out


class Screen(Protocol):
    """Where the table is drawn and lines are read."""

    def show(self, lines: Sequence[Text]) -> None: ...

    def clear(self) -> None: ...

    def say(self, text: str, style: str = "", *, wrap: bool = False) -> None:
        """A message; ``wrap`` breaks it at spaces to the screen's width (a path is said
        unwrapped, so that it stays whole)."""
        ...

    def ask(self, prompt: str) -> str | None:
        """A line typed by the person, or None when input has ended."""
        ...


class PlainScreen:
    """Plain text for pipes and files: no colour, no cursor movement; input lines are echoed."""

    def __init__(self, stdin: TextIO, stdout: TextIO, *, echo: bool = True) -> None:
        self._in = stdin
        self._out = stdout
        self._echo = echo

    def show(self, lines: Sequence[Text]) -> None:
        for line in lines:
            self._out.write(line.plain.rstrip() + "\n")
        self._out.flush()

    def clear(self) -> None:
        self._out.write("\n")

    def say(self, text: str, style: str = "", *, wrap: bool = False) -> None:
        self._out.write(text.replace(NBSP, " ") + "\n")
        self._out.flush()

    def ask(self, prompt: str) -> str | None:
        self._out.write(prompt)
        self._out.flush()
        line = self._in.readline()
        if not line:
            self._out.write("\n")
            return None
        if self._echo:
            self._out.write(line if line.endswith("\n") else line + "\n")
        return line.rstrip("\n")


class RichScreen:
    """A colour terminal: the table is redrawn from the top at every decision."""

    def __init__(self, console: Console | None = None) -> None:
        self.console = console or Console(highlight=False)
        with contextlib.suppress(ImportError):  # line editing at the prompt, where there is one
            import readline  # noqa: F401

    def show(self, lines: Sequence[Text]) -> None:
        for line in lines:
            self.console.print(line)  # wrapped at word boundaries to the terminal width

    def clear(self) -> None:
        self.console.clear()

    def say(self, text: str, style: str = "", *, wrap: bool = False) -> None:
        # Wrapped here, at spaces, so that a long hint never breaks inside a number.
        for line in wrap_words(text, self.console.width) if wrap else [text.replace(NBSP, " ")]:
            self.console.print(Text(line, style=style), soft_wrap=True)

    def ask(self, prompt: str) -> str | None:
        try:
            return self.console.input(Text(prompt, style="bold"))
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            return None


class CardWords:
    """A screen that writes the cards in the person's language (``O♠`` for ``Q♠`` in
    German): every line the table shows, says or asks passes here."""

    def __init__(self, screen: Screen, tr: Strings) -> None:
        self._screen = screen
        self._tr = tr

    def show(self, lines: Sequence[Text]) -> None:
        self._screen.show([self._tr.cards(line) for line in lines])

    def clear(self) -> None:
        self._screen.clear()

    def say(self, text: str, style: str = "", *, wrap: bool = False) -> None:
        self._screen.say(self._tr.cards(text), style, wrap=wrap)

    def ask(self, prompt: str) -> str | None:
        return self._screen.ask(self._tr.cards(prompt))


def make_screen(stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> Screen:
    """A colour screen when both ends are a terminal, plain text otherwise."""
    if stdin.isatty() and stdout.isatty():
        return RichScreen()
    return PlainScreen(stdin, stdout, echo=not stdin.isatty())


@dataclass(frozen=True, slots=True)
class Presenter:
    """How one game is drawn and read at the table: its render and parse functions."""

    table: Callable[..., list[Text]]
    """``(view, names, tr, *, events)``: the whole table at a decision."""
    final: Callable[[Any, Sequence[str], Strings], list[Text]]
    prompt: Callable[[Any, Strings], str]
    parse: Callable[[str, Any, Strings], Command | Moves | BinocleMoves]
    last_trick: Callable[[Any, Sequence[str], Strings], Text]
    score: Callable[[Any, Sequence[str], Strings], list[Text]]
    rules: Callable[[Any, Strings, Sequence[str]], list[Text]]
    hint_facts: Callable[[Any, object, Strings], str | None]
    help_key: str


BINOKEL_PRESENTER = Presenter(
    table=render_table, final=render_final, prompt=prompt_for, parse=parse_input,
    last_trick=render_last_trick,
    score=lambda view, names, tr: render_sheet_details(view.results, range(view.rules.players),
                                                       names, tr, teams=view.rules.teams),
    rules=lambda view, tr, names: render_rules(view.rules, tr, names), hint_facts=hint_facts,
    help_key="help")
BINOCLE_PRESENTER = Presenter(
    table=render_binocle_table, final=render_binocle_final, prompt=binocle_prompt,
    parse=parse_binocle_input, last_trick=render_binocle_last_trick,
    score=render_binocle_sheet_details, rules=render_binocle_rules,
    hint_facts=binocle_hint_facts, help_key="help_binocle")
#: Bézique plays on the Binocle screen; its help has no claim and says declaration and Seven.
BEZIQUE_PRESENTER = dataclasses.replace(BINOCLE_PRESENTER, help_key="help_bezique")


#: How the terminal shows and reads each game, by game name.
PRESENTERS: dict[str, Presenter] = {
    "binokel": BINOKEL_PRESENTER,
    "binocle": BINOCLE_PRESENTER,
    "bezique": BEZIQUE_PRESENTER,
}


def presenter_for(session: BaseSession[Any]) -> Presenter:
    return PRESENTERS[game_of(session.state).name]


class Table:
    """One person at the table: the loop that ends when the game is over or the person quits."""

    def __init__(self, session: BaseSession[Any], screen: Screen, tr: Strings, *,
                 record_path: Path, save: Callable[[BaseSession[Any], Path], None]) -> None:
        self.session = session
        self.screen: Screen = CardWords(screen, tr)
        self.tr = tr
        self.record_path = record_path
        self._save = save
        self.show = presenter_for(session)
        #: The guided first game's lessons (``binokel learn``), or None.
        self.coach: Coach | None = None
        #: Finished hands whose review has been offered (a resumed game's old hands count).
        self._hands_offered = len(session.state.results)

    def run(self) -> int:
        """Play until the game ends (exit status 0), the person quits (0), or a computer player
        fails (1)."""
        tr, screen, session = self.tr, self.screen, self.session
        screen.say(tr("autosaved_at", path=self.record_path), NOTE)
        redraw = True
        while True:
            try:
                session.run_bots()
            except BotError as exc:
                screen.say(tr("bot_failed", error=exc), ERROR)
                screen.say(tr("bye", path=self.record_path), NOTE)
                return 1
            view = session.state.view(session.human)
            if session.state.is_over:
                self.teach(view)
                screen.show([Text()])
                screen.show(self.show.final(view, session.names, tr))
                # Said, not drawn: a path must not be broken across lines.
                screen.say(tr("record_at", path=self.record_path), NOTE)
                screen.say(tr("review_offer_end", path=self.record_path, seat=session.human),
                           NOTE)
                return 0
            if redraw:
                screen.clear()
                screen.show(self.show.table(view, session.names, tr, events=session.events))
                session.events.clear()
                self.teach(view)
                if len(session.state.results) > self._hands_offered:
                    self._hands_offered = len(session.state.results)
                    screen.say(tr("review_offer"), NOTE, wrap=True)
                redraw = False
            line = screen.ask(self.show.prompt(view, tr))
            if line is None:
                screen.say(tr("bye", path=self.record_path), NOTE)
                return 0
            if not line.strip():
                suggested = self.suggested(view)
                if suggested:  # the guided game: Enter alone takes the coach's move
                    screen.say(tr("learn_enter", action=", ".join(tr.action(a)
                                                                   for a in suggested)), NOTE)
                    session.play(suggested)
                    redraw = True
                    continue
                screen.say(tr("empty_line"), NOTE)  # so the next prompt is not on the same line
                continue
            try:
                parsed = self.show.parse(line, view, tr)
            except InputError as exc:
                screen.say(str(exc), ERROR)
                continue
            if isinstance(parsed, Command):
                outcome = self.command(parsed)
                if outcome == "quit":
                    return 0
                redraw = outcome == "redraw"
                continue
            try:
                session.play(parsed.actions)
            except IllegalActionError as exc:
                screen.say(tr.engine_error(str(exc)), ERROR)
                continue
            redraw = True

    def suggested(self, view: Any) -> list[Any]:
        """In the guided game, the moves Enter alone takes: the coach's suggestion (laying
        away: every card still to lay); else none."""
        if self.coach is None:
            return []
        moves = self.coach.suggest(view)
        if len(moves) > 1 and all(m in view.legal_actions for m in moves[:1]):
            need = view.rules.dabb_size - len(view.discard or ())
            return moves[:need]
        return moves[:1]

    def teach(self, view: object) -> None:
        note = self.coach.note(view) if self.coach is not None else None
        if note:
            self.screen.say(note, NOTE, wrap=True)

    def command(self, command: Command) -> str:
        """Carry out a table command; returns ``quit``, ``redraw`` or ``stay``."""
        tr, screen, session = self.tr, self.screen, self.session
        view = session.state.view(session.human)
        name = command.name
        if name == "help":
            screen.say(tr(self.show.help_key))
        elif name == "last":
            screen.show([self.show.last_trick(view, session.names, tr)])
        elif name == "score":
            screen.show(self.show.score(view, session.names, tr))
        elif name == "rules":
            screen.show(self.show.rules(view, tr, session.names))
        elif name == "hint":
            try:
                hint = session.hint()
            except (RuntimeError, BotError) as exc:
                screen.say(str(exc), ERROR)
                return "stay"
            screen.say(tr("hint", bot=hint.bot, action=tr.action(hint.action)), NOTE, wrap=True)
            why = hint.why or self.show.hint_facts(view, hint.action, tr)
            if why:
                screen.say(tr("hint_why", why=why), NOTE, wrap=True)
            deals = max((worlds for _, _, worlds in hint.values), default=0)
            if deals:
                shown = " · ".join(hint_item(tr.action(action), value)
                                   for action, value, _ in hint.values[:6])
                screen.say(tr("hint_values", n=deals, values=shown), NOTE, wrap=True)
        elif name == "review":
            self.review(whole=command.argument.strip().lower() in WHOLE_GAME)
        elif name == "save":
            if not command.argument:
                screen.say(tr("need_file"), ERROR)
            else:
                self.save_copy(Path(command.argument).expanduser())
        elif name == "undo":
            undone = session.undo()
            if undone is None:
                screen.say(tr("nothing_to_undo"), ERROR)
                return "stay"
            session.events.append(Event("undone", {"action": tr.action(undone)}))
            return "redraw"
        elif name == "quit":
            answer = (screen.ask(tr("prompt_file")) or "").strip()
            # "n", "no", "nein" answer the question rather than name a file.
            if answer and answer.lower() not in _NO_ANSWERS:
                self.save_copy(Path(answer).expanduser())
            screen.say(tr("bye", path=self.record_path), NOTE)
            return "quit"
        return "stay"

    def review(self, *, whole: bool) -> None:
        """The expert's review of the person's decisions: the last finished hand, or the game."""
        from .review_text import review_at_table, review_lines

        tr, screen, session = self.tr, self.screen, self.session
        screen.say(tr("review_working"), NOTE)
        try:
            review = review_at_table(session.state, session.human, whole=whole,
                                     bot=session.judge)
        except (ValueError, RuntimeError) as exc:
            screen.say(str(exc), ERROR)
            return
        if review is None:
            screen.say(tr("review_none"), NOTE)
            return
        for line in review_lines(review, tr, whole=whole):
            screen.say(line, NOTE, wrap=True)

    def save_copy(self, path: Path) -> None:
        problem = save_problem(path, self.tr)
        if problem is None:
            try:
                self._save(self.session, path)
            except OSError as exc:  # the reason alone: a temporary file's name means nothing
                problem = self.tr("save_failed", path=path, error=exc.strerror or exc)
        if problem is not None:
            self.screen.say(problem, ERROR)
        else:
            self.screen.say(self.tr("saved", path=path), NOTE)


def save_problem(path: Path, tr: Strings) -> str | None:
    """Why a copy cannot be saved at ``path`` (a folder, or a folder that does not exist), or
    None; folders are never made for a copy."""
    if path.is_dir():
        return tr("save_is_folder", path=path)
    if not path.parent.is_dir():
        return tr("save_no_folder", path=path, folder=path.parent)
    return None


def hint_item(action: str, value: float) -> str:
    """One move and its value, held together for wrapping: ``drück Q♠ +12.5``."""
    return f"{action} {value:+.1f}".replace(" ", NBSP)


__all__ = ["PlainScreen", "RichScreen", "Screen", "Table", "make_screen"]
