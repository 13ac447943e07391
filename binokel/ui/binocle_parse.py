"""Reading what a person types at a Binocle table: the Binocle twin of :mod:`binokel.ui.parse`.

A card is named by its notation (``QS``, ``q♠``) or by its number as the screen shows it (the
hand first, then the melded cards on the table); ``table Q♠`` plays a melded card.  After a
trick won the screen numbers the melds and dix on offer: a number (or ``meld 2``) picks one,
``meld binocle`` or ``meld marriage ♠`` names one, ``exchange`` / ``show`` score the dix and
``done`` ends melding.  ``claim`` claims 1000, and asks for ``claim!`` when the seat's own count
shows the claim would be wrong.  Table commands (``hint``, ``undo`` ...) are those of
:data:`binokel.ui.parse.COMMANDS`; both languages are understood whatever the screen speaks.

>>> from binokel.games.binocle import new_binocle_game
>>> from binokel.ui.i18n import Strings
>>> view = new_binocle_game(seed=7).view(0)
>>> parse_binocle_input("2", view, Strings("en"))
BinocleMoves(actions=(Play(card=Card(suit=Suit.CLUBS, rank=Rank.TEN), from_table=False),))
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card, CardError, parse_card
from ..errors import NotationError
from ..games.binocle import BinocleAction, BinocleView, Phase, parse_binocle_action
from ..games.binocle import actions as A
from .binocle_render import meld_choices, numbered_cards
from .i18n import Strings
from .parse import COMMANDS, Command, InputError


@dataclass(frozen=True, slots=True)
class BinocleMoves:
    """Actions to apply in order (one, at Binocle)."""

    actions: tuple[BinocleAction, ...]


_DONE = {"done", "d", "fertig", "weiter", "ziehen", "draw"}
_EXCHANGE = {"exchange", "tauschen", "tausche", "tausch"}
_SHOW = {"show", "zeigen", "zeige"}
_CLAIM = {"claim", "aus", "ausmachen"}
_CLAIM_ANYWAY = {"claim!", "aus!", "ausmachen!"}
_MELD = {"meld", "melde", "melden"}
_TABLE = {"table", "tisch"}
_PLAY = {"play", "spiele", "spiel"}
#: Every word a Binocle line may begin with, besides the table commands.
WORDS: frozenset[str] = frozenset(
    {*_DONE, *_EXCHANGE, *_SHOW, *_CLAIM, *_CLAIM_ANYWAY, *_MELD, *_TABLE, *_PLAY})


def parse_binocle_input(text: str, view: BinocleView, tr: Strings) -> Command | BinocleMoves:
    """What the person typed, read against the seat's current decision."""
    words = text.strip().split()
    if not words:
        raise InputError(_expect(view, tr, text))
    head = words[0].lower()
    if head in COMMANDS:
        return Command(COMMANDS[head], " ".join(text.strip().split(None, 1)[1:]))
    if len(words) == 1 and head in _CLAIM | _CLAIM_ANYWAY:
        total = view.claim_total(view.seat)
        if head in _CLAIM and total < view.target:
            raise InputError(tr("b_claim_short", total=total, target=view.target))
        return BinocleMoves((A.CLAIM,))
    if view.phase is Phase.MELD:
        return BinocleMoves((_meld_phase(words, view, tr, text),))
    if view.phase is Phase.PLAY:
        if head in _TABLE and len(words) == 2:
            card = _card(words[1], view, tr, text)
            if card not in view.table(view.seat):
                raise InputError(tr("b_not_on_table", card=card))
            return BinocleMoves((A.PLAY_TABLE[card.kind],))
        tokens = words[1:] if head in _PLAY else words
        if len(tokens) == 1:
            return BinocleMoves((_play(tokens[0], view, tr, text),))
    try:
        return BinocleMoves((parse_binocle_action(text),))
    except NotationError:
        raise InputError(_expect(view, tr, text)) from None


def _meld_phase(words: list[str], view: BinocleView, tr: Strings, text: str) -> BinocleAction:
    head = words[0].lower()
    choices = meld_choices(view)
    if len(words) == 1 and head in _DONE:
        return A.DONE
    if len(words) == 1 and head in _EXCHANGE | _SHOW:
        wanted = A.ExchangeDix if head in _EXCHANGE else A.ShowDix
        for choice in choices:
            if isinstance(choice, wanted):
                return choice
        raise InputError(tr("b_no_dix", what=head))
    number = words[-1] if (len(words) == 2 and head in _MELD) or len(words) == 1 else ""
    if number.lower().startswith("m") and number[1:].isdigit():
        number = number[1:]
    if number.isdigit():
        n = int(number)
        if not 1 <= n <= len(choices):
            raise InputError(tr("b_no_meld_number", n=n, size=len(choices)))
        return choices[n - 1]
    if head in _MELD and head != "meld":
        text = "meld " + " ".join(words[1:])
    try:
        return parse_binocle_action(text)
    except NotationError:
        raise InputError(_expect(view, tr, text)) from None


def _play(token: str, view: BinocleView, tr: Strings, text: str) -> BinocleAction:
    cards = numbered_cards(view)
    if token.isdigit():  # "10" alone is no card (it lacks a suit), so digits are numbers
        n = int(token)
        if not 1 <= n <= len(cards):
            raise InputError(tr("no_card_number", n=n, size=len(cards)))
        card, on_table = cards[n - 1]
        return A.PLAY_TABLE[card.kind] if on_table else A.PLAY[card.kind]
    card = _card(token, view, tr, text)
    if card in view.hand:
        return A.PLAY[card.kind]
    if view.stock_lasts and card in view.table(view.seat):
        return A.PLAY_TABLE[card.kind]
    raise InputError(tr("not_in_hand", card=card, extra=""))


def _card(token: str, view: BinocleView, tr: Strings, text: str) -> Card:
    try:
        return parse_card(token)
    except CardError:
        raise InputError(_expect(view, tr, text)) from None


def _expect(view: BinocleView, tr: Strings, text: str) -> str:
    expect = tr("b_expect_meld") if view.phase is Phase.MELD else tr("b_expect_card")
    return tr("unknown_input", text=text.strip(), expect=expect)


__all__ = ["WORDS", "BinocleMoves", "parse_binocle_input"]
