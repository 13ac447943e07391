"""The score pad: a frozen value holding the rule set, the players, the first dealer and the
hands as entered; the score sheet is worked out from them every time, so an edit or an undo
recomputes every later total.

Per-game behaviour lives in :data:`SCORERS`, keyed by the game's registry name
(``game_of(rules).name``); the pad never asks which game it holds otherwise.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..games import find_game_rules, game_for, game_of
from ..record_text import player_names
from . import binocle_hand, binokel_hand
from .entries import BinocleHand, BinokelHand, Entry, VoidHand
from .errors import PadError
from .scored import Before, Scored
from .tally import counters, pegs

Score = Callable[[Any, Any, Before, Sequence[str]], Scored]
Check = Callable[[Any, Any, int, Sequence[str]], Any]
MeldCalculator = Callable[[Any, Sequence[Any], Any], tuple[Any, ...]]


@dataclass(frozen=True, slots=True)
class Scorer:
    """What the pad needs of one game: the entry it takes, how to score it, how the deal
    passes, and the extra ways its totals are shown."""

    entry: type
    check: Check
    """(rules, entry, dealer, names) -> the entry with derived points filled in."""
    score: Score
    """(rules, checked entry, before, names) -> how the hand scores (the entry is not checked
    again)."""
    next_dealer: Callable[[int, int], int]
    """(dealer, seats) -> the next hand's dealer."""
    hand_points: Callable[[Any], int]
    """(rules) -> what a hand's trick (card) points add up to: a page works out the one left
    empty."""
    tallies: tuple[str, ...] = ()
    """Extra views of a total: ``counters`` (Foster's), ``pegs`` (cribbage board)."""
    claims: bool = False
    meld_calculator: MeldCalculator | None = None
    """(rules, cards, trump) -> the melds in cards a player showed, for a game whose players
    show their melds as cards at once (None: melds are entered one by one as they are made)."""


def _to_the_right(dealer: int, seats: int) -> int:
    return (dealer + 1) % seats


def _score_binokel(rules: Any, entry: Any, before: Before, names: Sequence[str]) -> Scored:
    return binokel_hand.score_checked(rules, entry, before, names)


def _check_binokel(rules: Any, entry: Any, dealer: int, names: Sequence[str]) -> Any:
    return binokel_hand.check(rules, entry, dealer, names)


def _check_binocle(rules: Any, entry: Any, dealer: int, names: Sequence[str]) -> Any:
    return binocle_hand.check(rules, entry)


def _score_binocle(rules: Any, entry: Any, before: Before, names: Sequence[str]) -> Scored:
    return binocle_hand.score_checked(rules, entry, before, names)


def _card_points_total(rules: Any) -> int:
    return int(rules.card_points_total)


_BINOCLE_FAMILY = Scorer(entry=BinocleHand, check=_check_binocle, score=_score_binocle,
                         next_dealer=_to_the_right, hand_points=_card_points_total,
                         tallies=("counters", "pegs"), claims=True)
#: The pad's per-game table, by registry name.
SCORERS: dict[str, Scorer] = {
    "binokel": Scorer(entry=BinokelHand, check=_check_binokel, score=_score_binokel,
                      next_dealer=_to_the_right, hand_points=binokel_hand.hand_points,
                      meld_calculator=binokel_hand.meld_breakdown),
    "binocle": _BINOCLE_FAMILY,
    "bezique": dataclasses.replace(_BINOCLE_FAMILY, tallies=("counters",)),
}
#: What each tally shows for a total.
TALLIES: dict[str, Callable[[int], object]] = {"counters": counters, "pegs": pegs}


@dataclass(frozen=True, slots=True)
class Line:
    """One line of the score sheet: the hand's number, its dealer, what was entered and, for a
    played hand, how it scored."""

    number: int
    dealer: int
    entry: Entry
    scored: Scored | None
    """``None`` for a void hand."""
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Sheet:
    """The score sheet: every line, the totals, the next dealer, the target play goes on to and
    the winners once the game is decided."""

    lines: tuple[Line, ...]
    totals: tuple[int, ...]
    dealer: int
    target: int
    winners: tuple[int, ...]

    @property
    def is_over(self) -> bool:
        return bool(self.winners)


@dataclass(frozen=True, slots=True)
class Pad:
    """A score pad.  Every change returns a new pad; a refused one raises :class:`PadError`.

    >>> from binokel.cards import Suit
    >>> pad = Pad.new("binokel", ["Anna", "Berta", "Karle"], first_dealer=2)
    >>> pad = pad.add(BinokelHand(declarer=0, bid=300, trump=Suit.HEARTS,
    ...                           melds=(190, 0, 40), side_points=(128, 80, None)))
    >>> pad.sheet().totals, pad.sheet().dealer
    ((318, 80, 82), 0)
    """

    rules_name: str
    players: tuple[str, ...]
    first_dealer: int = 0
    entries: tuple[Entry, ...] = ()
    rules: Any = field(init=False, repr=False, compare=False)
    _sheet: Sheet | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        try:
            rules = find_game_rules(self.rules_name)
        except ValueError as exc:
            raise PadError(str(exc)) from None
        object.__setattr__(self, "rules", rules)
        seats = game_of(rules).seats(rules)
        try:
            names = player_names(list(self.players), seats)
        except ValueError as exc:
            raise PadError(f"players: {exc}") from None
        if len(set(names)) != len(names):
            raise PadError(f"players: every player needs a name of their own, not {names}")
        object.__setattr__(self, "players", tuple(names))
        if not 0 <= self.first_dealer < seats:
            raise PadError(f"dealer: seat {self.first_dealer} is not at this table of {seats}")
        for entry in self.entries:
            if not isinstance(entry, self.scorer.entry | VoidHand):
                raise PadError(self._wrong_kind(entry))

    @classmethod
    def new(cls, rules_name: str, players: Sequence[str] | None = None, *,
            first_dealer: int = 0) -> Pad:
        """An empty pad for a rule set (any game's name, alias or ``NAME+field=value``)."""
        game = game_for(rules_name) if _known(rules_name) else None
        if players is None and game is not None:
            players = [f"Player {s + 1}" for s in range(game.seats(game.find_rules(rules_name)))]
        return cls(rules_name, tuple(players or ()), first_dealer)

    # --- what the pad is ------------------------------------------------------------------------

    @property
    def game(self) -> str:
        """The game's registry name (the key of :data:`SCORERS`)."""
        return game_of(self.rules).name

    @property
    def title(self) -> str:
        return game_of(self.rules).title

    @property
    def scorer(self) -> Scorer:
        return SCORERS[self.game]

    @property
    def seats(self) -> int:
        return len(self.players)

    def sheet(self) -> Sheet:
        """The score sheet worked out from the entries (:class:`PadError` if one is refused)."""
        if self._sheet is None:
            object.__setattr__(self, "_sheet", _work_out(self, self.entries))
        assert self._sheet is not None
        return self._sheet

    # --- changing it ----------------------------------------------------------------------------

    def add(self, entry: Entry) -> Pad:
        """The pad with one more hand; refused (nothing changed) if the rules forbid it."""
        sheet = self.sheet()
        if sheet.is_over:
            raise PadError(f"the game is over: {self.winner_text()}; start a new pad")
        # Only the new hand needs working out: it goes on from this pad's sheet.
        return self._with((*self.entries, entry), start=sheet)

    def void(self) -> Pad:
        """The pad with a void hand: a misdeal, the same dealer deals again."""
        return self.add(VoidHand())

    def undo(self) -> Pad:
        """The pad without its last hand."""
        if not self.entries:
            raise PadError("undo: there is no hand to take back")
        return dataclasses.replace(self, entries=self.entries[:-1])

    def edit(self, number: int, entry: Entry) -> Pad:
        """The pad with hand ``number`` (from 1) replaced; every later total recomputes.  An edit
        that makes that hand or a later one impossible is refused."""
        if not 1 <= number <= len(self.entries):
            raise PadError(f"edit: there is no hand {number} (hands 1-{len(self.entries)})")
        entries = list(self.entries)
        entries[number - 1] = entry
        return self._with(tuple(entries))

    def with_entries(self, entries: Sequence[Entry]) -> Pad:
        """The pad with ``entries`` in place of its own, checked and worked out in one go;
        :class:`PadError` names the first hand refused."""
        return self._with(tuple(entries))

    def winner_text(self) -> str:
        winners = self.sheet().winners
        return " and ".join(self.players[s] for s in winners) + " won" if winners else ""

    def tallies(self, total: int) -> dict[str, str]:
        """The game's extra views of a total (Foster's counters, cribbage-board pegs)."""
        return {name: str(TALLIES[name](total)) for name in self.scorer.tallies}

    def _with(self, entries: tuple[Entry, ...], start: Sheet | None = None) -> Pad:
        # Refuse (raise) before anything is handed back; keep the entries as checked, with
        # derived points filled in, so that a record and JSON hold them written out.
        sheet = _work_out(self, entries, start)
        pad = dataclasses.replace(self, entries=tuple(line.entry for line in sheet.lines))
        object.__setattr__(pad, "_sheet", sheet)
        return pad

    def no_claims(self) -> str:
        """Why a claim is refused at a game without claims."""
        return (f"claim: nobody claims at {self.title} with {self.seats} players; claiming "
                f"the game is two-handed Binocle's (docs/rules/binocle.md §7)")

    def _wrong_kind(self, entry: object) -> str:
        if isinstance(entry, BinocleHand) and entry.claim is not None and not self.scorer.claims:
            return self.no_claims()
        return f"a {type(entry).__name__} is not a hand of {self.title}"


def _known(name: str) -> bool:
    try:
        game_for(name)
    except ValueError:
        return False
    return True


def _work_out(pad: Pad, entries: Sequence[Entry], start: Sheet | None = None) -> Sheet:
    """The sheet of ``entries``; with ``start``, the sheet of the first of them, going on."""
    rules, scorer = pad.rules, pad.scorer
    if start is None:
        start = Sheet((), (0,) * pad.seats, pad.first_dealer, getattr(rules, "target", 0), ())
    totals, dealer, target, winners = start.totals, start.dealer, start.target, start.winners
    lines = list(start.lines)
    played = sum(1 for line in lines if line.scored is not None)
    for number, entry in enumerate(entries[len(lines):], start=len(lines) + 1):
        if winners:
            raise PadError(f"hand {number}: the game was over after hand {number - 1}")
        if not isinstance(entry, scorer.entry | VoidHand):
            raise PadError(pad._wrong_kind(entry))
        if isinstance(entry, VoidHand):
            lines.append(Line(number, dealer, entry, None, totals))
            continue  # Foster: in all misdeals the same dealer deals again
        try:
            entry = scorer.check(rules, entry, dealer, pad.players)
            scored = scorer.score(rules, entry, Before(totals=totals, dealer=dealer,
                                                       hands_played=played, target=target),
                                  pad.players)
        except PadError as exc:
            raise PadError(f"hand {number}: {exc}") from None
        played += 1
        totals, target, winners = scored.totals, scored.target, scored.winners
        lines.append(Line(number, dealer, entry, scored, totals))
        dealer = scorer.next_dealer(dealer, pad.seats)
    return Sheet(tuple(lines), totals, dealer, target, winners)


__all__ = ["SCORERS", "TALLIES", "Line", "Pad", "Scorer", "Sheet"]
