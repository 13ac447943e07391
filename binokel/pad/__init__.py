"""The score pad: keeps the score of a game played with real cards (issue 20).

The table says what happened in each hand; the pad checks it by the rule set, scores it with
the engines' own scoring and keeps the sheet.  Every game the registry knows has a line in
:data:`~binokel.pad.model.SCORERS` (Binokel and its variants, Binocle, Bézique).

The API:

* :class:`Pad` - a frozen value: ``Pad.new(rules_name, players, first_dealer=...)``,
  ``pad.add(entry)``, ``pad.void()``, ``pad.undo()``, ``pad.edit(n, entry)`` each return a new
  pad; ``pad.sheet()`` gives the :class:`Sheet` (lines, totals, next dealer, target, winners);
  ``pad.tallies(total)`` Foster's counters and the cribbage board where the game keeps them.
* Entries: :class:`BinokelHand`, :class:`BinocleHand` (with :class:`MeldMade` and
  :func:`parse_meld`), :class:`VoidHand`.
* :class:`PadError` - input the rules refuse; the message names the rule, nothing changed.
* The record: :func:`dump_pad`, :func:`load_pad` (``docs/records.md#pad-records``).
* :func:`sheet_csv`, :func:`pad_to_json` / :func:`pad_from_json`,
  :func:`entry_to_json` / :func:`entry_from_json` - for spreadsheets and web clients.

>>> from binokel.cards import Suit
>>> pad = Pad.new("binokel", ["Anna", "Berta", "Karle"], first_dealer=2)
>>> pad = pad.add(BinokelHand(declarer=0, bid=300, trump=Suit.HEARTS, melds=(190, 0, 0),
...                           side_points=(90, 80, None)))
>>> pad.sheet().totals
(-600, 80, 80)
>>> pad.add(BinokelHand(declarer=1, bid=155, trump=Suit.CLUBS, melds=(0, 0, 0),
...                     side_points=(100, 100, None)))
Traceback (most recent call last):
...
binokel.pad.errors.PadError: hand 2: bid 155: bids go up by 10 from 150 (bid_step, §3)
"""

from .binocle_hand import parse_meld
from .binokel_hand import meld_breakdown, possible_meld_totals, sides
from .entries import BinocleHand, BinokelHand, Entry, MeldEntry, MeldMade, VoidHand
from .errors import PadError
from .export import entry_from_json, entry_to_json, pad_from_json, pad_to_json, sheet_csv
from .model import SCORERS, Line, Pad, Sheet
from .record import dump_pad, load_pad
from .tally import counters, pegs

__all__ = [
    "SCORERS", "BinocleHand", "BinokelHand", "Entry", "Line", "MeldEntry", "MeldMade", "Pad",
    "PadError", "Sheet", "VoidHand", "counters", "dump_pad", "entry_from_json", "entry_to_json",
    "load_pad", "meld_breakdown", "pad_from_json", "pad_to_json", "parse_meld", "pegs",
    "possible_meld_totals", "sheet_csv", "sides",
]
