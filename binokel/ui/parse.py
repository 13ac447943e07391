"""Reading what a person types at the table: moves in the words of the current decision, or
commands.  Both languages are understood whatever the screen speaks.

A move may name a card by its notation (``QS``, ``q♠``, ``10♥``) or by its number in the hand as
the screen shows it; bids are numbers or ``pass``; several cards may be laid away at once
(``lay 3 7 9 12``); trumps are named by a suit's letter, symbol or word (``H``, ``♥``, ``hearts``,
``Herz``), and ``out ♦`` (``ab ♦``) gives up.

>>> from binokel import new_game
>>> from binokel.ui.i18n import Strings
>>> view = new_game(seed=7).view(1)
>>> parse_input("160", view, Strings("en"))
Moves(actions=(Bid(value=160),))
>>> parse_input("undo", view, Strings("en"))
Command(name='undo', argument='')
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..cards import Card, CardError, Suit, parse_card, parse_suit
from ..errors import NotationError
from ..games.binokel import actions as A
from ..games.binokel.actions import Action, parse_action
from ..games.binokel.game import Phase
from ..games.binokel.views import View
from .i18n import SUIT_WORDS, Strings
from .render import hand_order


class InputError(ValueError):
    """Text that is no move or command here; the message says what is expected."""


@dataclass(frozen=True, slots=True)
class Command:
    """A table command: ``hint``, ``review``, ``last``, ``score``, ``rules``, ``save``, ``undo``,
    ``quit``, ``help``."""

    name: str
    argument: str = ""


@dataclass(frozen=True, slots=True)
class Moves:
    """One or more actions to apply in order (several only when laying cards away)."""

    actions: tuple[Action, ...]


#: Every word for a command, in both languages.
COMMANDS: dict[str, str] = {
    "help": "help", "?": "help", "hilfe": "help",
    "hint": "hint", "tipp": "hint", "tip": "hint",
    "review": "review", "auswertung": "review", "analyse": "review",
    "last": "last", "letzter": "last", "letzte": "last",
    "score": "score", "scores": "score", "stand": "score", "block": "score",
    "rules": "rules", "regeln": "rules",
    "save": "save", "speichern": "save",
    "undo": "undo", "zurück": "undo", "zurueck": "undo",
    "quit": "quit", "exit": "quit", "q": "quit", "ende": "quit", "beenden": "quit",
}
_PASS = {"pass", "p", "passe", "weg", "nein"}
_LAY = {"lay", "discard", "drücken", "druecken", "drück", "drueck", "lege"}
_OUT = {"out", "giveup", "ab", "abgehen", "abgeh"}
_TRUMP = {"trump", "trumpf"}
_PLAY = {"play", "spiele", "spiel"}
#: Every word a line may begin with (the full-screen table lets a word that begins with a
#: one-letter key be typed on).
WORDS: frozenset[str] = frozenset(
    {*COMMANDS, *_PASS, *_LAY, *_OUT, *_TRUMP, *_PLAY, "bid", "reize", *SUIT_WORDS})


def parse_input(text: str, view: View, tr: Strings) -> Command | Moves:
    """What the person typed, read against the seat's current decision."""
    words = text.strip().split()
    if not words:
        raise InputError(_expect(view, tr, text))
    head = words[0].lower()
    if head in COMMANDS:
        return Command(COMMANDS[head], " ".join(text.strip().split(None, 1)[1:]))
    phase = view.phase
    if head in _OUT:
        if len(words) != 2:
            raise InputError(tr("out_needs_suit"))
        return Moves((A.GIVE_UP[_suit(words[1], view, tr, text)],))
    if phase is Phase.AUCTION:
        if head in _PASS:
            return Moves((A.PASS,))
        if head.isdigit() and len(words) == 1:
            return Moves((A.bid(int(head)),))
        if head in ("bid", "reize") and len(words) == 2 and words[1].isdigit():
            return Moves((A.bid(int(words[1])),))
    elif phase is Phase.DISCARD:
        tokens = words[1:] if head in _LAY else words
        if tokens:
            return Moves(tuple(A.DISCARD[c.kind] for c in _cards(tokens, view, tr, text)))
    elif phase is Phase.TRUMP:
        if head in _TRUMP and len(words) == 2:
            return Moves((A.NAME_TRUMP[_suit(words[1], view, tr, text)],))
        if len(words) == 1 and head not in ("durch", "open"):
            return Moves((A.NAME_TRUMP[_suit(words[0], view, tr, text)],))
    elif phase is Phase.PLAY:
        tokens = words[1:] if head in _PLAY else words
        if len(tokens) == 1:
            return Moves((A.PLAY[_cards(tokens, view, tr, text)[0].kind],))
    try:
        return Moves((parse_action(text),))
    except NotationError:
        raise InputError(_expect(view, tr, text)) from None


def _suit(word: str, view: View, tr: Strings, text: str) -> Suit:
    found = SUIT_WORDS.get(word.lower())
    if found is not None:
        return found
    try:
        return parse_suit(word)
    except CardError:
        raise InputError(_expect(view, tr, text)) from None


def _cards(tokens: list[str], view: View, tr: Strings, text: str) -> list[Card]:
    """Cards named by number or notation; checked against the hand (copies counted)."""
    hand = hand_order(view)
    cards: list[Card] = []
    numbers: set[int] = set()
    for token in tokens:
        if token.isdigit():  # "10" alone is no card (it lacks a suit), so digits are numbers
            number = int(token)
            if not 1 <= number <= len(hand):
                raise InputError(tr("no_card_number", n=number, size=len(hand)))
            if number in numbers:
                raise InputError(tr("twice_number", n=number))
            numbers.add(number)
            cards.append(hand[number - 1])
            continue
        try:
            cards.append(parse_card(token))
        except CardError:
            raise InputError(_expect(view, tr, text)) from None
    held = Counter(hand)
    for card, count in Counter(cards).items():
        if count > held[card]:
            extra = f" ×{count}" if held[card] else ""
            raise InputError(tr("not_in_hand", card=card, extra=extra))
    if view.phase is Phase.DISCARD:
        left = view.rules.dabb_size - len(view.discard or ())
        if len(cards) > left:
            raise InputError(tr("too_many", left=left, count=len(cards)))
        if 1 < len(cards) < left:  # one card is a choice, a short list a slip of the finger
            raise InputError(tr("too_few", left=left, count=len(cards)))
    return cards


def _expect(view: View, tr: Strings, text: str) -> str:
    phase = view.phase
    if phase is Phase.AUCTION:
        bids = [str(a) for a in view.legal_actions if isinstance(a, A.Bid)]
        expect = tr("expect_bid", bid=bids[0]) if bids else tr("expect_pass")
    elif phase is Phase.DABB:
        expect = tr("expect_dabb")
    elif phase is Phase.DISCARD:
        expect = tr("expect_discard")
    elif phase is Phase.TRUMP:
        expect = tr("expect_trump")
    else:
        expect = tr("expect_card")
    return tr("unknown_input", text=text.strip(), expect=expect)


__all__ = ["COMMANDS", "WORDS", "Command", "InputError", "Moves", "parse_input"]
