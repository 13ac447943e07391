"""The full-screen game: a Textual app around one :class:`~binokel.ui.session.BaseSession`.

The screen, top to bottom: a status line (hand, dealer, Trumpf or Durch, declarer and bid, the
declarer side's points), the seats with cards left and Stiche, what the phase needs (auction,
Dabb, melds; folded away after), the Stich with who played what, what happened, your hand with
the cards you may choose, and the keys.  It fits 80×24 and grows with the window.

Keys: ← → move over the cards and choices, Enter (or a click) takes one; digits and card names
are typed and read by the line mode's parser (so every line-mode command works typed);
``?`` help, ``h`` hint, ``u`` undo, ``s`` score sheet, ``l`` last Stich, ``r`` rules, ``q``
quit (the game is saved after every move).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.widgets import RichLog, Static

from ...bots.base import BotError
from ...cards import Rank
from ...games.binokel.game import IllegalActionError, Phase
from ...games.binokel.rules import BINOKEL
from ..coach import Coach
from ..i18n import Strings
from ..parse import Command, InputError
from ..render import DIM, HEADING, SUIT_STYLES, event_text
from ..session import BaseSession
from ..terminal import WHOLE_GAME, Presenter, hint_item, save_problem
from .pages import InfoScreen, as_page, now
from .panels import Choice, Panels, Slot, panels_for
from .summary import hand_summary

#: Keys that act at once when nothing is typed.
HOTKEYS = {"?": "help", "h": "hint", "u": "undo", "s": "score", "l": "last", "r": "rules",
           "v": "review"}

CSS = """
Screen { layout: vertical; }
#status { height: auto; background: $boost; padding: 0 1; }
#seats { height: auto; padding: 0 1; }
#phase { height: auto; padding: 0 1; }
#trick { height: auto; border: round $accent; padding: 0 1; }
#log { height: 1fr; min-height: 2; padding: 0 1; scrollbar-size: 0 0; }
#hand { height: auto; padding: 0 1; }
#choices { height: auto; padding: 0 1; }
#prompt { height: auto; max-height: 3; padding: 0 1; }
#keys { height: 1; background: $boost; padding: 0 1; }
InfoScreen { align: center middle; }
InfoScreen > #box { width: auto; max-width: 100%; height: auto; max-height: 100%;
                    border: round $accent; background: $surface; padding: 0 1; }
InfoScreen.-wide > #box { border: none; padding: 0; }
#box > #page { width: auto; height: auto; max-height: 100%; scrollbar-size-vertical: 1; }
#page > #info { width: auto; height: auto; }
#box > #closing { width: auto; height: 1; }
"""


def monochrome(text: Text) -> Text:
    """``text`` without colours (bold, dim and reverse stay): for ``--mono`` and NO_COLOR."""
    out = text.copy()
    out.spans = [span._replace(style=(Style.parse(span.style) if isinstance(span.style, str)
                                      else span.style).without_color)
                 for span in text.spans]
    out.style = ""
    return out


class PlayApp(App[int]):
    """One person at the full-screen table; returns the exit status when it ends."""

    CSS = CSS
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, session: BaseSession[Any], tr: Strings, *, record_path: Path,
                 save: Callable[[BaseSession[Any], Path], None], presenter: Presenter,
                 mono: bool = False) -> None:
        super().__init__()
        self.session = session
        self.tr = tr
        self.record_path = record_path
        self._save = save
        self.show = presenter
        self.panels: Panels = panels_for(session.state)
        self.mono = mono
        self.typed = ""
        self.cursor = 0
        self.marked: list[int] = []  # slot numbers picked for laying away
        self.message: Text = Text(tr("autosaved_at", path=record_path), style="cyan")
        #: The guided first game's lessons (``binokel learn``), or None.
        self.coach: Coach | None = None
        #: When the table last changed under the keys (a page closed, a move was made): keys
        #: typed before it never act on the table (one Enter of a burst makes one move).
        self.changed_at = 0.0
        #: Where each card and choice stands (row, first column, end column, number).
        self._spots: dict[str, list[tuple[int, int, int, int]]] = {"hand": [], "choices": []}
        self._shown: dict[str, Text] = {}  # what each part shows now
        self._lines: list[tuple[int, Text]] = []  # the log's lines and the moves made before
        self._told_hand = -1  # the last hand whose forced opening was told
        self._hotkey = ""  # the one-letter key being handled, if any
        if mono:  # the plain terminal theme; its name changed with Textual 8
            self.theme = ("textual-ansi" if "textual-ansi" in self.available_themes
                          else "ansi-dark")

    # --- building ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        for name in ("status", "seats", "phase", "trick"):
            yield Static(id=name)
        log = RichLog(id="log", wrap=True, markup=False, auto_scroll=True)
        log.can_focus = False  # the arrow keys choose cards, they do not scroll
        yield log
        for name in ("hand", "choices", "prompt", "keys"):
            yield Static(id=name)

    def on_mount(self) -> None:
        if self.message.plain == self.tr("autosaved_at", path=self.record_path):
            self.write_log(self.message)  # in the log: the prompt line is the prompt's
            self.message = Text()
        self.advance()

    # --- reading the table ------------------------------------------------------------------

    @property
    def view(self) -> Any:
        return self.session.state.view(self.session.human)

    def items(self) -> list[Slot | Choice]:
        """What ← → move over: the cards that may be chosen now, then the other choices."""
        view = self.view
        cards: list[Slot | Choice] = [s for s in self.panels.slots(view) if s.action is not None]
        return cards + list(self.panels.choices(view, self.tr))

    def paint(self, text: Text) -> Text:
        """What is drawn: cards in the person's language (``O♠`` in German), no colour under
        ``--mono``."""
        text = self.tr.cards(text)
        return monochrome(text) if self.mono else text

    # --- drawing ----------------------------------------------------------------------------

    def part(self, name: str) -> Static:
        """A part of the table (on the bottom screen, whatever page is over it)."""
        return self.screen_stack[0].query_one(f"#{name}", Static)

    def redraw(self) -> None:
        view, names, tr, panels = self.view, self.session.names, self.tr, self.panels
        phase = panels.phase(view, names, tr)
        self.part("phase").display = bool(phase)
        keys = tr("tui_keys") if self.size.width >= 100 else tr("tui_keys_short")
        for name, text in (
                ("status", Text("\n").join(panels.status(view, names, tr))),
                ("seats", Text("\n").join(panels.seats(view, names, tr))),
                ("phase", Text("\n").join(phase)),
                ("trick", panels.trick(view, names, tr)),
                ("hand", self.hand_text()),
                ("choices", self.choices_text()),
                ("prompt", self.prompt_text())):
            self.show_part(name, self.paint(text))
        self.show_part("keys", self.paint(Text(keys, style=DIM)))

    def show_part(self, name: str, text: Text) -> None:
        """Draw a part anew only when what it shows changed (a key often changes one)."""
        if self._shown.get(name) != text:
            self._shown[name] = text
            self.part(name).update(text)

    def hand_text(self) -> Text:
        """Your hand, a row a suit: the cursor reversed, the cards you may choose bold (and
        starred when not all may be), the others dim, the ones picked to lay away underlined
        and ticked.  Styles are spans of their own (no style of the whole text), so that each
        card keeps its suit's colour; where each card stands is kept for clicks."""
        items = self.items()
        current = items[self.cursor] if 0 <= self.cursor < len(items) else None
        slots = self.panels.slots(self.view)
        some = not all(s.action for s in slots)
        out = Text()
        out.append(self.tr("tui_hand"), style=HEADING)
        self._spots["hand"] = []
        group: str | None = None
        row, column = 0, 0
        for slot in slots:
            if slot.group != group:
                group = slot.group
                out.append("\n")
                label = self.tr("b_table_row") if group == "table" else group
                out.append(f"{label:>5} ",
                           style="" if group == "table" else SUIT_STYLES[slot.card.suit])
                row, column = row + 1, len(f"{label:>5} ")
            look = Style.parse(SUIT_STYLES[slot.card.suit])
            if slot.action is not None:
                look += Style(bold=True)
            elif self.view.is_my_turn:
                look += Style(dim=True)
            picked = slot.number in self.marked
            if picked:
                look += Style(underline=True)
            if isinstance(current, Slot) and current.number == slot.number:
                look += Style(reverse=True)
            number = f" {slot.number:>2} "
            out.append(number, style=DIM)
            out.append(str(slot.card), style=look)
            out.append("✓" if picked else "*" if slot.action is not None and some else " ",
                       style="bold")
            width = len(number) + len(str(slot.card)) + 1
            self._spots["hand"].append((row, column, column + width, slot.number))
            column += width
        return out

    def choices_text(self) -> Text:
        """The choices that are not cards, on as many lines as they need (never cut in two)."""
        items = self.items()
        choices = [i for i in items if isinstance(i, Choice)]
        self._spots["choices"] = []
        if not choices:
            return Text()
        width = max(20, self.size.width - 2)
        out = Text()
        row, column = 0, 0
        for n, choice in enumerate(choices, 1):
            number, label = f" {n} ", choice.label
            size = len(number) + len(label) + 1
            if column and column + size > width:
                out.append("\n")
                row, column = row + 1, 0
            out.append(number, style=DIM)
            chosen = 0 <= self.cursor < len(items) and items[self.cursor] is choice
            out.append(label, style="bold reverse" if chosen else "bold")
            out.append(" ")
            self._spots["choices"].append((row, column, column + size, n))
            column += size
        return out

    def prompt_text(self) -> Text:
        view = self.view
        if self.typed:
            note = {"q": self.tr("tui_q_typed"), "u": self.tr("tui_u_typed")}.get(self.typed, "")
            out = Text(f"> {self.typed}▏", style="bold")
            if note:
                out.append(f"   {note}", style=DIM)
            return out
        out = Text()
        if self.message.plain:  # what was just said, above the prompt
            out.append_text(self.message)
            out.append("\n")
        if self.session.state.is_over:
            out.append(self.tr("tui_over"), style=DIM)
        elif not view.is_my_turn:
            out.append(self.tr("tui_wait"), style=DIM)
        else:
            prompt = self.show.prompt(view, self.tr).rstrip(" >")
            need = self.panels.picks(view)
            if need > 1:
                prompt += f" · {self.tr('tui_picked', n=len(self.marked), need=need)}"
            out.append(prompt, style="bold")
        return out

    def say(self, text: str, style: str = "cyan") -> None:
        self.message = Text(text, style=style)

    # --- the game going on ------------------------------------------------------------------

    def advance(self) -> None:
        """Let the computer players move, tell what happened, stop at the person's turn."""
        session = self.session
        try:
            session.run_bots()
        except BotError as exc:
            self.say(self.tr("bot_failed", error=exc), "bold red")
            self.exit(1)
            return
        self.log_events()
        self.marked = []
        self.cursor = self.suggested_cursor(0)
        self.redraw()

    def write_log(self, text: Text) -> None:
        """A line of what happened, kept with the number of moves made, so that undo takes
        back the lines of the moves it takes back."""
        self._lines.append((len(self.session.actions), text))
        self.screen_stack[0].query_one("#log", RichLog).write(self.paint(text))

    def unlog(self) -> None:
        """The log without the lines of moves taken back."""
        made = len(self.session.actions)
        self._lines = [(n, text) for n, text in self._lines if n <= made]
        log = self.screen_stack[0].query_one("#log", RichLog)
        log.clear()
        for _, text in self._lines:
            log.write(self.paint(text))

    def tell_hand_start(self, view: Any) -> None:
        """Once a hand, what the rules did before anyone chose: forehand's forced opening bid
        (Binokel); the dealer's 10 for turning up the dix (Binocle, Bézique)."""
        if self._told_hand == view.hand_no:
            return
        self._told_hand = view.hand_no
        names, tr = self.session.names, self.tr
        if getattr(view, "bids", None) is not None:
            if view.phase is Phase.AUCTION and view.bids \
                    and view.bids[0][1] == view.rules.min_bid:
                seat = view.bids[0][0]
                key = "forced_you" if seat == view.seat else "forced"
                self.write_log(Text(tr(key, name=names[seat], bid=view.rules.min_bid),
                                    style=DIM))
        elif not view.tricks and view.dix_points[view.dealer] and view.turned is not None:
            self.write_log(Text(tr("b_turned_dix_why", name=names[view.dealer],
                                   card=str(view.turned)), style=DIM))

    def log_events(self) -> None:
        events = list(self.session.events)
        self.session.events.clear()
        ends = [e for e in events if e.key in ("hand_over", "b_hand_over")]
        view = self.view
        if self._told_hand < 0:
            self.tell_hand_start(view)
        for event in events:
            self.write_log(event_text(event, self.tr))
            if event.key in ("new_hand", "new_hand_you"):
                self.tell_hand_start(view)
        if self.session.state.is_over:
            lines = self.show.final(view, self.session.names, self.tr)
            lines.append(Text(self.tr("record_at", path=self.record_path)))
            lines.append(Text(self.tr("review_offer_end", path=self.record_path,
                                      seat=self.session.human), style="cyan"))
            self.push_screen(InfoScreen([self.paint(t) for t in lines], self.tr("tui_close")),
                             lambda _: self.exit(0))
        elif ends:
            summary = hand_summary(view, self.session.names, self.tr)
            summary.append(Text(self.tr("tui_review_offer"), style="cyan"))
            self.push_screen(InfoScreen([self.paint(t) for t in summary], self.tr("sum_next"),
                                        keys={"v": lambda: self.review(whole=False)}))
        note = self.coach.note(view) if self.coach is not None else None
        if note:  # on top: read before the table (or the end) it explains
            self.write_log(Text(note, style="cyan"))
            self.push_screen(InfoScreen([Text(note, style="cyan")], self.tr("tui_close")))

    def act(self, actions: Sequence[Any]) -> None:
        try:
            self.session.play(actions)
        except IllegalActionError as exc:
            self.say(self.tr.engine_error(str(exc)), "bold red")
            self.redraw()
            return
        self.message = Text()
        self.changed_at = now()
        self.advance()

    # --- input --------------------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        event.stop()
        if event.time <= self.changed_at:  # typed before the table changed under it
            self.late_key(event)
            return
        page = as_page(self.screen)
        if page is not None:  # typed before the page opened: it is the page's
            page.take_key(event)
            return
        if self.screen is not self.screen_stack[0]:
            return
        key, char = event.key, event.character
        if key in ("left", "up", "right", "down", "tab", "shift+tab"):
            count = len(self.items())
            if count:
                step = -1 if key in ("left", "up", "shift+tab") else 1
                self.cursor = (self.cursor + step) % count
        elif key == "enter":
            self.enter()
            return
        elif key == "space" and not self.typed:
            self.message = Text()
            self.take_cursor(lay_now=False)
            return
        elif key == "backspace":
            self.typed = self.typed[:-1]
        elif key == "escape":
            self.typed, self.marked = "", []
        elif char and char.isprintable():
            if not self.typed and char == "u" and self.unter_may_be_typed():
                self.typed = char  # a German Unter (u♠); Enter alone still takes back
            elif not self.typed and char in HOTKEYS:
                self._hotkey = char
                try:
                    self.command(Command(HOTKEYS[char]))
                finally:
                    self._hotkey = ""
                return
            elif not self.typed and char == "q" and not self.queen_may_be_typed():
                self.command(Command("quit"))
                return
            else:
                self.typed += char
        else:
            return
        self.message = Text()
        self.redraw()

    def late_key(self, event: events.Key) -> None:
        """A key typed before the table was shown again: it types on a word being typed (a
        page opened by a one-letter key handed it back), else it is dropped."""
        char = event.character
        if self.typed and char and char.isprintable():
            self.typed += char
            self.redraw()

    def page_closed(self, typed: str) -> None:
        """A page was closed; ``typed`` is the word it hands back to the typed line."""
        self.changed_at = now()
        if typed:
            self.typed, self.message = typed, Text()
        self.redraw()

    def on_paste(self, event: events.Paste) -> None:
        """Pasted text is typed; a line break in it is Enter (the first line only acts)."""
        event.stop()
        if self.screen is not self.screen_stack[0]:
            return
        text = event.text.replace("\r\n", "\n").replace("\r", "\n")
        first, newline, _ = text.partition("\n")
        self.typed += "".join(c for c in first if c.isprintable())
        if newline and self.typed:
            self.enter()
            return
        self.message = Text()
        self.redraw()

    def queen_may_be_typed(self) -> bool:
        """Whether a typed ``q`` may begin a card's name (a Queen you may choose now)."""
        return any(s.card.rank is Rank.QUEEN for s in self.panels.slots(self.view)
                   if s.action is not None)

    def unter_may_be_typed(self) -> bool:
        """Whether a typed ``u`` may begin a card's name: the screen is German, where the
        Jack is the Unter (``u♠``), and an Unter may be chosen now."""
        return self.tr.cards("J♠") == "U♠" and any(
            s.card.rank is Rank.JACK for s in self.panels.slots(self.view)
            if s.action is not None)

    def enter(self) -> None:
        if self.typed == "u" and self.unter_may_be_typed():
            self.typed = ""
            self.command(Command("undo"))
            return
        if self.typed:
            text, self.typed = self.typed.removeprefix(":"), ""
            self.submit(text)
        else:
            self.take_cursor(lay_now=True)

    def submit(self, text: str) -> None:
        """A typed line, read as the line mode reads it; a number alone picks a choice when
        no card is to be chosen (``3`` for the third)."""
        items = self.items()
        choices = [i for i in items if isinstance(i, Choice)]
        if text.strip().isdigit() and len(choices) == len(items) \
                and 1 <= int(text) <= len(choices):
            self.take(choices[int(text) - 1])
            return
        try:
            parsed = self.show.parse(text, self.view, self.tr)
        except InputError as exc:
            self.say(str(exc), "bold red")
            self.redraw()
            return
        if isinstance(parsed, Command):
            self.command(parsed)
        else:
            self.act(parsed.actions)

    def take_cursor(self, *, lay_now: bool) -> None:
        items = self.items()
        if not items:
            return
        self.take(items[min(self.cursor, len(items) - 1)], lay_now=lay_now)

    def take(self, item: Slot | Choice, *, lay_now: bool = True) -> None:
        """Take a card or choice.  Laying away (several cards at once): Space or Enter picks
        the card or puts it back; never more than the Dabb's size are picked, and Enter with
        all picked lays them, wherever the cursor stands (Esc lets go of them all)."""
        need = self.panels.picks(self.view)
        if need > 1:
            slots = {s.number: s for s in self.panels.slots(self.view)}
            if lay_now and len(self.marked) == need:
                self.act([slots[n].action for n in self.marked])
                return
            if isinstance(item, Slot):
                if item.number in self.marked:
                    self.marked.remove(item.number)
                elif len(self.marked) < need:
                    self.marked.append(item.number)
                    # On to the next card (in the guided game: the next one it suggests).
                    self.cursor = self.suggested_cursor(self.next_card())
                elif not lay_now:
                    self.say(self.tr("tui_picked_all", need=need), "bold red")
            if lay_now and len(self.marked) == need:
                self.act([slots[n].action for n in self.marked])
                return
            if isinstance(item, Choice) and not self.marked:
                self.act([item.action])
                return
            if isinstance(item, Choice):
                self.say(self.tr("tui_picked_first", n=len(self.marked)), "bold red")
            self.redraw()
            return
        self.act([item.action])

    def suggested_cursor(self, default: int) -> int:
        """Where the cursor starts: in the guided game (``binokel learn``) on the move the coach
        suggests, so that Enter alone plays a sound hand; else at ``default``."""
        if self.coach is None:
            return default
        wanted = self.coach.suggest(self.view)
        items = self.items()
        for item in items:  # the cards already picked are no longer wanted
            if isinstance(item, Slot) and item.number in self.marked and item.action in wanted:
                wanted.remove(item.action)
        for i, item in enumerate(items):
            if item.action in wanted and not (isinstance(item, Slot)
                                              and item.number in self.marked):
                return i
        return default

    def next_card(self) -> int:
        """The cursor's place on the next card not yet picked (cards only, never a choice)."""
        items = self.items()
        cards = [n for n, i in enumerate(items) if isinstance(i, Slot)]
        for step in range(1, len(cards) + 1):
            place = cards[(cards.index(self.cursor) + step) % len(cards)] \
                if self.cursor in cards else cards[0]
            item = items[place]
            if isinstance(item, Slot) and item.number not in self.marked:
                return place
        return self.cursor

    def on_click(self, event: events.Click) -> None:
        """A click on a card or a choice (their pieces carry their numbers)."""
        if self.screen is not self.screen_stack[0]:
            return
        for name, act in (("hand", self.action_pick), ("choices", self.action_choose)):
            offset = event.get_content_offset(self.part(name))
            if offset is None:
                continue
            for row, start, end, number in self._spots[name]:
                if offset.y == row and start <= offset.x < end:
                    act(number)
                    return

    def action_pick(self, number: int) -> None:
        """A click on a card of the hand."""
        for slot in self.panels.slots(self.view):
            if slot.number == number and slot.action is not None:
                self.take(slot)
                return

    def action_choose(self, number: int) -> None:
        """A click on a choice."""
        choices = self.panels.choices(self.view, self.tr)
        if 1 <= number <= len(choices):
            self.take(choices[number - 1])

    # --- commands -----------------------------------------------------------------------------

    def page(self, lines: Sequence[Text]) -> None:
        self.push_screen(InfoScreen([self.paint(t) for t in lines], self.tr("tui_close"),
                                    opened_by=self._hotkey,
                                    scroll_note=self.tr("tui_close_scroll")))

    def command(self, command: Command) -> None:
        tr, session, view = self.tr, self.session, self.view
        name = command.name
        if name == "help":
            binocle = not isinstance(view.rules, type(BINOKEL))
            self.page([Text(tr("tui_help_binocle" if binocle else "tui_help"))])
        elif name == "last":
            self.page([self.show.last_trick(view, session.names, tr)])
        elif name == "score":
            self.page(self.show.score(view, session.names, tr))
        elif name == "rules":
            self.page(self.show.rules(view, tr, session.names))
        elif name == "hint":
            self.hint()
        elif name == "review":
            self.review(whole=command.argument.strip().lower() in WHOLE_GAME)
        elif name == "undo":
            undone = session.undo()
            if undone is None:
                self.say(tr("nothing_to_undo"), "bold red")
            else:
                self.say(tr("undone", action=tr.action(undone)))
                session.events.clear()
                self.unlog()
            self.cursor, self.marked = 0, []
            self.redraw()
        elif name == "save":
            self.save_copy(command.argument)
        elif name == "quit":
            self.exit(0)

    def hint(self) -> None:
        tr, session, view = self.tr, self.session, self.view
        try:
            hint = session.hint()
        except (RuntimeError, BotError) as exc:
            self.say(str(exc), "bold red")
            self.redraw()
            return
        lines = [Text(tr("hint", bot=hint.bot, action=tr.action(hint.action)), style=HEADING)]
        why = hint.why or self.show.hint_facts(view, hint.action, tr)
        if why:
            lines.append(Text(tr("hint_why", why=why)))
        deals = max((worlds for _, _, worlds in hint.values), default=0)
        if deals:
            shown = " · ".join(hint_item(tr.action(a), v) for a, v, _ in hint.values[:6])
            lines.append(Text(tr("hint_values", n=deals, values=shown).replace("\u00a0", " ")))
        self.page(lines)

    def review(self, *, whole: bool) -> None:
        """The expert's review of the person's decisions in the last hand (or the game)."""
        from ..review_text import review_at_table, review_lines

        try:
            review = review_at_table(self.session.state, self.session.human, whole=whole,
                                     bot=self.session.judge)
        except (ValueError, RuntimeError) as exc:
            self.say(str(exc), "bold red")
            self.redraw()
            return
        if review is None:
            self.page([Text(self.tr("review_none"))])
            return
        lines = review_lines(review, self.tr, whole=whole)
        self.page([Text(lines[0], style=HEADING), *(Text(line) for line in lines[1:])])

    def save_copy(self, argument: str) -> None:
        tr = self.tr
        if not argument:
            self.say(tr("need_file"), "bold red")
        else:
            path = Path(argument).expanduser()
            problem = save_problem(path, tr)
            if problem is None:
                try:
                    self._save(self.session, path)
                except OSError as exc:
                    problem = tr("save_failed", path=path, error=exc.strerror or exc)
            self.say(problem or tr("saved", path=path), "bold red" if problem else "cyan")
        self.redraw()


__all__ = ["PlayApp", "monochrome"]
