"""The score pad's questions, in the order a table talks: one engine for the line mode and the
full-screen pad (``binokel pad``).

A :class:`PadDialogue` holds the pad and the question being asked (:attr:`~PadDialogue.prompt`);
:meth:`~PadDialogue.answer` takes what the person typed and returns the lines to show.  Each
game's questions are a generator in :data:`FLOWS` (keyed by the game's registry name) that
yields questions, receives answers and returns the hand's entry; a wrong answer is refused with
the rule named and the same question is asked again.

>>> from binokel.pad import Pad
>>> talk = PadDialogue(Pad.new("binokel", ["Anna", "Berta", "Karle"], first_dealer=2),
...                    PadStrings("en"))
>>> talk.prompt
'Declarer and bid (e.g. "Anna 300"), or a command (help):'
>>> for text in ("Anna 300", "H", "190", "", "", "128", "80", ""):
...     shown = talk.answer(text)
>>> talk.pad.sheet().totals, shown[0]
((318, 80, 42), 'Hand 1: Anna made 318 of 300')
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from pathlib import Path

from ..cards import CardError, Rank, Suit, parse_card, parse_suit
from ..games.binocle.melds import BinocleMeld
from ..games.binokel.melds import Meld
from ..games.binokel.scoring import Contract
from ..games.binokel.state import active_seats
from ..pad import (
    BinocleHand,
    BinokelHand,
    Entry,
    MeldEntry,
    MeldMade,
    Pad,
    PadError,
    meld_breakdown,
    parse_meld,
    sheet_csv,
    sides,
)
from ..pad.binocle_hand import check as check_binocle
from ..pad.binokel_hand import (
    check_bid,
    check_contract,
    check_declarer,
    check_trick_points,
    hand_points,
    meld_points,
)
from .i18n import SUIT_WORDS
from .i18n_cards import card_label
from .i18n_pad import CONTRACT_WORDS_DE, PadStrings
from .pad_render import entry_text, hand_note, sheet_text

#: A hand's questions: yields a question, receives the answer, returns the entry.
Flow = Generator[str, str, Entry]


class _Refused(ValueError):
    """An answer that cannot be right: the message says why; the question is asked again."""


@dataclass
class Ask:
    """What a flow knows while it asks: the pad, the words, the dealer, and where to say
    things."""

    pad: Pad
    tr: PadStrings
    dealer: int
    said: list[str] = field(default_factory=list)

    def say(self, text: str) -> None:
        self.said.append(text)

    def seat(self, text: str) -> int:
        """A player by name (or its start), or by number from 1."""
        words = text.strip()
        names = self.pad.players
        if words.isdigit() and 1 <= int(words) <= len(names):
            return int(words) - 1
        found = [s for s, n in enumerate(names) if n.lower() == words.lower()]
        found = found or [s for s, n in enumerate(names)
                          if words and n.lower().startswith(words.lower())]
        if len(found) != 1:
            raise _Refused(self.tr("no_such_player", text=text, names=", ".join(names)))
        return found[0]

    def seat_and_rest(self, text: str) -> tuple[int, str]:
        """The player a text begins with (the longest name that fits), and what follows."""
        lowered = text.strip().lower()
        for seat, name in sorted(enumerate(self.pad.players), key=lambda i: -len(i[1])):
            if lowered == name.lower() or lowered.startswith(name.lower() + " "):
                return seat, text.strip()[len(name):].strip()
        head, _, rest = text.strip().partition(" ")
        return self.seat(head), rest.strip()

    def number(self, text: str) -> int:
        try:
            return int(text.strip())
        except ValueError:
            raise _Refused(self.tr("bad_number", text=text)) from None

    def side_name(self, side: tuple[int, ...]) -> str:
        return " + ".join(self.pad.players[s] for s in side)


def _suit(ask: Ask, text: str) -> Suit:
    """A suit by symbol, letter or word in either language (``♦``, ``D``, ``Schellen``)."""
    word = text.strip().lower()
    if word in SUIT_WORDS:
        return SUIT_WORDS[word]
    try:
        return parse_suit(text)
    except CardError:
        raise _Refused(ask.tr("not_a_suit", text=text.strip())) from None


def _contract(ask: Ask, text: str) -> tuple[Contract, Suit | None]:
    words = " ".join(text.lower().split())
    if ask.tr.lang == "de":
        for german, english in CONTRACT_WORDS_DE.items():
            if words == german or words.startswith(german + " "):
                words = english.lower() + words[len(german):]
                break
    for contract in sorted(Contract, key=lambda c: -len(c.value)):
        name = contract.value.lower()
        if contract is not Contract.TRUMP and (words == name or words.startswith(name + " ")):
            rest = words[len(name):].strip()
            return contract, _suit(ask, rest) if rest else None
    return Contract.TRUMP, _suit(ask, words)


def _meld_entry(tr: PadStrings, ranks: tuple[Rank, ...], text: str) -> MeldEntry:
    """One player's melds as typed: one number (their total) or the cards; a word that is no
    card is refused naming the ranks of this rule set's pack."""
    words = text.strip()
    if not words:
        return 0
    if words.lstrip("-").isdigit():
        return int(words)
    parts = words.replace(",", " ").split()
    if all(part.lstrip("-").isdigit() for part in parts):
        raise _Refused(tr("one_number", text=words))
    cards = []
    for part in parts:
        try:
            cards.append(parse_card(part))
        except CardError as exc:
            if "ranks are" not in str(exc):  # too short, or no suit: the reader's words
                raise _Refused(str(exc)) from None
            # not a rank: cards.py lists every rank it reads; say this pack's ranks instead
            labels = " ".join(card_label(r.label, tr.lang) for r in sorted(ranks, reverse=True))
            raise _Refused(tr("not_a_card", text=part, ranks=labels)) from None
    return tuple(cards)


def _meld_text(tr: PadStrings, meld: Meld) -> str:
    """A meld found in the cards said, e.g. ``Familie ♥ (A♥ 10♥ K♥ O♥ U♥) 150``."""
    suit = f" {meld.suit.symbol}" if meld.suit is not None else ""
    cards = " ".join(str(c) for c in meld.cards)
    name = tr.meld(meld.name)
    return f"{name[:1].upper()}{name[1:]}{suit} ({cards}) {meld.points}"


def binokel_flow(ask: Ask) -> Flow:
    """Declarer and bid; trump, Durch or giving up; each player's melds; trick points of every
    side but the last; who took no trick."""
    pad, tr, rules = ask.pad, ask.tr, ask.pad.rules
    while True:
        try:
            declarer, rest = ask.seat_and_rest((yield tr(
                "ask_declarer", example=pad.players[(ask.dealer + 1) % pad.seats])))
            bid = ask.number(rest)
            check_declarer(rules, declarer, ask.dealer, pad.players)
            check_bid(rules, bid)
            break
        except ValueError as exc:
            ask.say(tr("refused", why=exc))
    open_words = tr("open_words") if rules.open_durch or rules.open_durch_without_dabb else ""
    while True:
        try:
            contract, trump = _contract(ask, (yield tr("ask_contract", open=open_words)))
            check_contract(rules, contract, trump)
            break
        except ValueError as exc:
            ask.say(tr("refused", why=exc))
    groups = sides(rules, ask.dealer, declarer)
    melds: list[MeldEntry] = [None] * pad.seats
    active = active_seats(rules, ask.dealer)
    start = active.index(declarer) if declarer in active else 0
    for seat in (*active[start:], *active[:start]):  # the declarer first, as the table says
        melds[seat] = 0
        if contract.is_durch or (contract is Contract.GIVE_UP and seat in groups[0]):
            continue
        while True:
            try:
                entry = _meld_entry(tr, rules.ranks,
                                    (yield tr("ask_melds", name=pad.players[seat])))
                total = meld_points(rules, entry, trump, pad.players[seat])
                break
            except ValueError as exc:
                ask.say(tr("refused", why=exc))
        if isinstance(entry, tuple):
            found = meld_breakdown(rules, entry, trump)
            ask.say(tr("melds_of", melds=", ".join(_meld_text(tr, m) for m in found) or "-",
                       total=total))
        melds[seat] = entry
    hand = BinokelHand(declarer=declarer, bid=bid, contract=contract, trump=trump,
                       melds=tuple(melds))
    if contract is Contract.GIVE_UP:
        return hand
    if contract.is_durch:
        while True:
            answer = (yield tr("ask_durch", side=ask.side_name(groups[0]))).strip().lower()
            if answer and answer[:1] in (tr("yes"), tr("no"), "y", "n"):
                break
            ask.say(tr("yes_or_no", text=answer))
        won = answer[:1] in (tr("yes"), "y")
        opponents = frozenset(s for side in groups[1:] for s in side)
        return BinokelHand(declarer=declarer, bid=bid, contract=contract, melds=tuple(melds),
                           no_trick=opponents if won else frozenset())
    total = hand_points(rules)
    points: list[int | None] = []
    while len(points) < len(groups) - 1:
        index = len(points)
        discards = tr("with_discards") if index == 0 else ""
        try:
            text = (yield tr("ask_side", side=ask.side_name(groups[index]), discards=discards))
            # Every side's points at once ("128 80 42") are checked to add up; one number
            # is this side's, and the last side's are derived.
            values = [ask.number(w) for w in text.replace(",", " ").split()] or [ask.number("")]
            if index == 0 and len(values) == len(groups):
                check_trick_points(total, values, every_side=True)
                points = list(values)
                break
            if len(values) != 1:
                raise _Refused(tr("one_or_all", n=len(groups)))
            check_trick_points(total, [*(p or 0 for p in points), values[0]], every_side=False)
            points.append(values[0])
        except ValueError as exc:
            ask.say(tr("refused", why=exc))
    if len(points) < len(groups):
        ask.say(tr("derived", side=ask.side_name(groups[-1]),
                   points=total - sum(p or 0 for p in points), total=total))
        points.append(None)
    while True:
        try:
            text = (yield tr("ask_no_trick"))
            no_trick = frozenset(ask.seat(w) for w in text.replace(",", " ").split())
            break
        except ValueError as exc:
            ask.say(tr("refused", why=exc))
    return BinokelHand(declarer=declarer, bid=bid, contract=contract, trump=trump,
                       melds=tuple(melds), side_points=tuple(points), no_trick=no_trick)


def _said_meld(ask: Ask, text: str, trump: Suit) -> BinocleMeld:
    """A Binocle meld as said, in the engine's words or the pad's language (``Trumpfpaar``,
    ``Paar Schippen``)."""
    rules = ask.pad.rules
    try:
        return parse_meld(rules, text, trump)
    except PadError as first:
        for reading in ask.tr.meld_readings(text):
            head, _, last = reading.rpartition(" ")
            if head and last in SUIT_WORDS:  # a suit in German words: "paar herz"
                reading = f"{head} {SUIT_WORDS[last].symbol}"
            with contextlib.suppress(PadError):
                return parse_meld(rules, reading, trump)
        raise first


def binocle_flow(ask: Ask) -> Flow:
    """Trump suit (and the turned dix); each meld as it is made; card points and the last
    trick, or a claim."""
    pad, tr, rules = ask.pad, ask.tr, ask.pad.rules
    while True:
        words = (yield tr("ask_trump2")).lower().split()
        try:
            if not words or len(words) > 2 or (len(words) == 2 and words[1] != "dix"):
                raise _Refused(tr("trump_or_dix"))
            trump, turned = _suit(ask, words[0]), len(words) == 2
            check_binocle(rules, BinocleHand(trump=trump, turned_dix=turned))
            break
        except (ValueError, CardError) as exc:
            ask.say(tr("refused", why=exc))
    made: list[MeldMade] = []
    totals = list(pad.sheet().totals)
    if turned:
        totals[ask.dealer] += rules.meld_dix
    while True:
        text = (yield tr("ask_meld2", example=pad.players[1 - ask.dealer]))
        if not text.strip():
            break
        try:
            seat, rest = ask.seat_and_rest(text)
            meld = MeldMade(seat=seat, meld=_said_meld(ask, rest, trump))
            hand = BinocleHand(trump=trump, turned_dix=turned, melds=(*made, meld))
            check_binocle(rules, hand)
        except ValueError as exc:
            ask.say(tr("refused", why=exc))
            continue
        made.append(meld)
        points = meld.meld.points(rules)
        totals[seat] += points
        ask.say(tr("meld_made", name=pad.players[seat], meld=tr.meld(meld.meld.name), points=points,
                   total=totals[seat]))
        try:
            pad.add(hand)  # accepted without an end only when a meld reached the target
        except PadError:
            continue
        ask.say(tr("reached", name=pad.players[seat], target=pad.sheet().target))
        return hand
    first = 1 - ask.dealer  # the pone counts first
    while True:
        text = (yield tr("ask_end2", name=pad.players[first])).strip()
        try:
            if text.lower().startswith("claim "):
                seat, rest = ask.seat_and_rest(text[len("claim "):])
                counted: list[int | None] = [None, None]
                counted[seat] = ask.number(rest)
                claim = BinocleHand(trump=trump, turned_dix=turned, melds=tuple(made),
                                    card_points=(counted[0], counted[1]), claim=seat)
                check_binocle(rules, claim)
                return claim
            counted = [None, None]
            counted[first] = ask.number(text)
            check_binocle(rules, BinocleHand(trump=trump, card_points=(counted[0], counted[1]),
                                             last_trick=0))
            break
        except ValueError as exc:
            ask.say(tr("refused", why=exc))
    while True:
        try:
            last = ask.seat((yield tr("ask_last2")))
            break
        except ValueError as exc:
            ask.say(tr("refused", why=exc))
    return BinocleHand(trump=trump, turned_dix=turned, melds=tuple(made),
                       card_points=(counted[0], counted[1]), last_trick=last)


def binokel_intro(pad: Pad, tr: PadStrings, number: int, dealer: int) -> str:
    """Who deals, whether the dealer sits out, and who is forehand."""
    active = active_seats(pad.rules, dealer)
    key = "deals_out" if dealer not in active else "deals"
    return tr(key, n=number, dealer=pad.players[dealer], forehand=pad.players[active[0]])


def binocle_intro(pad: Pad, tr: PadStrings, number: int, dealer: int) -> str:
    return tr("deals2", n=number, dealer=pad.players[dealer])


#: How each game's hand is announced, by registry name.
INTROS: dict[str, Callable[[Pad, PadStrings, int, int], str]] = {
    "binokel": binokel_intro, "binocle": binocle_intro, "bezique": binocle_intro}
#: Each game's questions, by registry name.
FLOWS: dict[str, Callable[[Ask], Flow]] = {
    "binokel": binokel_flow, "binocle": binocle_flow, "bezique": binocle_flow}


class PadDialogue:
    """The pad and the question being asked; ``save`` writes the pad and returns where."""

    def __init__(self, pad: Pad, tr: PadStrings, *,
                 save: Callable[[Pad], Path] | None = None) -> None:
        self.pad = pad
        self.tr = tr
        self.save = save
        self.finished = False
        self.prompt = ""
        self._editing: int | None = None
        self._flow: Flow | None = None
        self._ask: Ask | None = None
        self.opening: list[str] = [tr("title", title=pad.title, players=", ".join(pad.players))]
        if pad.entries:
            self.opening.append(sheet_text(pad, tr))
        self.opening += self._begin()
        self.opening = [tr.cards(text) for text in self.opening]

    def sheet(self) -> str:
        """The score sheet as it stands (cards in the pad's language)."""
        return self.tr.cards(sheet_text(self.pad, self.tr))

    @property
    def prompt(self) -> str:
        """The question being asked."""
        return self.tr.cards(self._prompt)

    @prompt.setter
    def prompt(self, text: str) -> None:
        self._prompt = text

    # --- the flow of hands ------------------------------------------------------------------

    def _intro(self, number: int, dealer: int) -> str:
        return INTROS[self.pad.game](self.pad, self.tr, number, dealer)

    def _begin(self, edit: int | None = None) -> list[str]:
        """Start the questions of the next hand (or of hand ``edit`` again)."""
        sheet = self.pad.sheet()
        self._editing = edit
        if edit is None and sheet.is_over:
            self._flow = None
            self.prompt = self.tr("over")
            return [self.tr("winner", names=" + ".join(self.pad.players[s]
                                                        for s in sheet.winners))]
        if edit is None:
            number, dealer = len(self.pad.entries) + 1, sheet.dealer
            head = self._intro(number, dealer)
            pad = self.pad
        else:
            number, dealer = edit, sheet.lines[edit - 1].dealer
            head = self.tr("edit", n=edit, dealer=self.pad.players[dealer]) + "\n" + \
                self.tr("edit_was", entry=entry_text(self.pad, sheet.lines[edit - 1], self.tr))
            pad = Pad(self.pad.rules_name, self.pad.players, self.pad.first_dealer,
                      self.pad.entries[:edit - 1])
        self._ask = Ask(pad, self.tr, dealer)
        self._flow = FLOWS[self.pad.game](self._ask)
        self.prompt = next(self._flow)
        return [head, *self._take_said()]

    def _take_said(self) -> list[str]:
        assert self._ask is not None
        said, self._ask.said = self._ask.said, []
        return said

    def answer(self, text: str) -> list[str]:
        """Take an answer (or a command); the lines to show (cards in the pad's language)."""
        return [self.tr.cards(line) for line in self._answer(text)]

    def _answer(self, text: str) -> list[str]:
        words = text.strip().split()
        command = self.tr.command(words[0]) if words else None
        if command is not None and (len(words) == 1 or command in ("edit", "csv")):
            return self._command(command, words[1:])
        if self._flow is None:
            return [self.tr("over")]
        try:
            self.prompt = self._flow.send(text)
            return self._take_said()
        except StopIteration as stop:
            return [*self._take_said(), *self._finish(stop.value)]

    def _finish(self, entry: Entry) -> list[str]:
        number = self._editing or len(self.pad.entries) + 1
        try:
            if self._editing is not None:
                self.pad = self.pad.edit(self._editing, entry)
                shown = [self.tr("edited", n=self._editing)]
            else:
                self.pad = self.pad.add(entry)
                line = self.pad.sheet().lines[-1]
                shown = [self.tr("scored", n=number, note=hand_note(self.pad, line, self.tr))]
        except PadError as exc:
            return [self.tr("refused", why=exc), *self._begin(self._editing)]
        self._saved()
        return [*shown, sheet_text(self.pad, self.tr), *self._begin()]

    def _saved(self) -> Path | None:
        return self.save(self.pad) if self.save is not None else None

    def _command(self, command: str, args: list[str]) -> list[str]:
        tr = self.tr
        if command == "help":
            return [tr("help")]
        if command == "sheet":
            return [sheet_text(self.pad, tr)]
        if command == "save":
            path = self._saved()
            return [tr("saved", path=path)] if path else []
        if command == "csv":
            if len(args) != 1:
                return [tr("refused", why="csv FILE")]
            target = Path(args[0]).expanduser()
            try:
                target.write_text(sheet_csv(self.pad), encoding="utf-8")
            except OSError as exc:
                return [tr("refused", why=exc.strerror or exc)]
            return [tr("csv", path=target)]
        if command == "quit":
            self.finished = True
            self._saved()
            return []
        try:
            if command == "undo":
                number = len(self.pad.entries)
                self.pad = self.pad.undo()
                shown = [tr("undone", n=number)]
            elif command == "void":
                number = len(self.pad.entries) + 1
                dealer = self.pad.sheet().dealer
                self.pad = self.pad.void()
                shown = [tr("void", n=number, dealer=self.pad.players[dealer])]
            else:  # edit N
                number = int(args[0]) if len(args) == 1 and args[0].isdigit() else 0
                if not 1 <= number <= len(self.pad.entries):
                    raise PadError(f"edit: there is no hand {args[0] if args else '?'} "
                                   f"(hands 1-{len(self.pad.entries)})")
                return self._begin(number)
        except PadError as exc:
            return [tr("refused", why=exc)]
        self._saved()
        return [*shown, sheet_text(self.pad, tr), *self._begin()]


__all__ = ["FLOWS", "INTROS", "Ask", "PadDialogue", "binocle_flow", "binokel_flow"]
