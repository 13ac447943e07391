"""Reading a Binocle state: everything :class:`~binokel.games.binocle.game.BinocleState` tells.

The state's transitions live in :mod:`binokel.games.binocle.game`; this module holds the questions
one may ask of it, so that each module holds one idea.
"""

from __future__ import annotations

from typing import Self

from ...cards import CARDS, Card, Suit, unpack
from ..chain import ActionChain
from . import actions as A
from .actions import BinocleAction
from .hand import TAKEN, BinocleDeal, BinocleHandResult, BinocleTrick, Ending, Phase, _Hand
from .melds import Placement, ScoredMeld, TableCard, _Need
from .rules import BinocleRules


class StateReader(ActionChain[BinocleAction]):
    """The reading half of :class:`~binokel.games.binocle.game.BinocleState`."""

    __slots__ = ()

    _rules: BinocleRules
    _seed: int | str
    _cut: tuple[tuple[Card, Card], ...]
    _h: _Hand
    _target: int
    _results: tuple[BinocleHandResult, ...]
    _winner: int
    _ending: Ending | None
    _phase: Phase
    _to_move: int
    _hands: tuple[int, int]
    _tables: tuple[tuple[TableCard, ...], tuple[TableCard, ...]]
    _table_bits: tuple[int, int]
    _melds: tuple[tuple[ScoredMeld, ...], tuple[ScoredMeld, ...]]
    _known: tuple[int, int]
    _dix_points: tuple[int, int]
    _turned: int
    _drawn: int
    _exchanged: bool
    _shown: bool
    _leader: int
    _led: int
    _led_from_table: bool
    _tricks: tuple[BinocleTrick, ...]
    _points: tuple[int, int]
    _scores: tuple[int, int]
    _turn_melded: bool
    _turn_dix: bool
    _placements: dict[A.Meld, tuple[_Need, Placement | None]] | None
    _parent: Self | None
    _last_action: BinocleAction | None
    _legal: tuple[BinocleAction, ...] | None


    # --- reading the state ---------------------------------------------------------------------

    @property
    def rules(self) -> BinocleRules:
        return self._rules

    @property
    def seed(self) -> int | str:
        return self._seed

    @property
    def cut(self) -> tuple[tuple[Card, Card], ...]:
        """The cuts for the first deal: (seat 0's card, seat 1's card), again after equal ranks."""
        return self._cut

    @property
    def hand_no(self) -> int:
        """Number of the hand being played, from 0."""
        return self._h.hand_no

    @property
    def dealer(self) -> int:
        return self._h.dealer

    @property
    def pone(self) -> int:
        return 1 - self._h.dealer

    @property
    def deal(self) -> BinocleDeal:
        """The cards of this hand as dealt."""
        return self._h.deal

    @property
    def trump(self) -> Suit:
        return self._h.trump

    @property
    def dix(self) -> Card:
        """The dix: the trump Nine (Seven in the 64-card game)."""
        return CARDS[self._h.dix]

    @property
    def target(self) -> int:
        """Points needed to win: 1000, raised by 250 each time both pass it unclaimed (§7)."""
        return self._target

    @property
    def scores(self) -> tuple[int, int]:
        """Game totals: the hands before, plus this hand's dix, melds and last trick."""
        return self._scores

    @property
    def start_scores(self) -> tuple[int, int]:
        """The game totals when this hand was dealt."""
        return self._h.start_scores

    @property
    def points(self) -> tuple[int, int]:
        """Card points each seat has taken in tricks this hand (counted at its end)."""
        return self._points

    @property
    def results(self) -> tuple[BinocleHandResult, ...]:
        """The score sheet: one result per finished hand."""
        return self._results

    @property
    def winner(self) -> int | None:
        """The winning seat once the game is over."""
        return None if self._winner < 0 else self._winner

    @property
    def ending(self) -> Ending | None:
        return self._ending

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def to_move(self) -> int:
        """The seat to act, or :data:`TERMINAL`."""
        return self._to_move

    @property
    def is_over(self) -> bool:
        return self._phase is Phase.GAME_OVER

    @property
    def hands(self) -> tuple[int, int]:
        """Each seat's concealed cards as a packed multiset (see :mod:`binokel.cards`)."""
        return self._hands

    @property
    def table_bits(self) -> tuple[int, int]:
        """Each seat's melded cards on the table as a packed multiset."""
        return self._table_bits

    @property
    def known(self) -> tuple[int, int]:
        """Concealed cards each seat is publicly known to hold, packed (the turned trump taken,
        a shown dix, melded cards taken back)."""
        return self._known

    @property
    def turned(self) -> Card | None:
        """The face-up trump card under the stock, until it is taken."""
        return None if self._turned == TAKEN else CARDS[self._turned]

    @property
    def stock_size(self) -> int:
        """Face-down cards left in the stock."""
        return len(self._h.deal.stock) - self._drawn

    @property
    def stock_lasts(self) -> bool:
        """Whether the game is still in its first part (§4): cards are left to draw."""
        return self._turned != TAKEN

    @property
    def leader(self) -> int:
        """Who led (or is to lead) the current trick."""
        return self._leader

    @property
    def tricks(self) -> tuple[BinocleTrick, ...]:
        """The finished tricks of this hand."""
        return self._tricks

    @property
    def melds(self) -> tuple[tuple[ScoredMeld, ...], tuple[ScoredMeld, ...]]:
        """Each seat's melds scored this hand, in order."""
        return self._melds

    @property
    def dix_points(self) -> tuple[int, int]:
        return self._dix_points

    @property
    def dix_exchanged(self) -> bool:
        """Whether the first dix has been exchanged (or was itself turned up)."""
        return self._exchanged

    @property
    def dix_shown(self) -> bool:
        return self._shown

    @property
    def has_melded(self) -> bool:
        """In the meld phase: whether the winner has scored the one meld of this trick."""
        return self._turn_melded

    @property
    def has_used_dix(self) -> bool:
        """In the meld phase: whether the winner has exchanged or shown a dix after this trick."""
        return self._turn_dix

    def hand(self, seat: int) -> list[Card]:
        """A seat's concealed cards, grouped by suit, high to low."""
        return unpack(self._hands[seat])

    def table(self, seat: int) -> list[Card]:
        """A seat's melded cards lying face up on the table."""
        return unpack(self._table_bits[seat])

    def table_cards(self, seat: int) -> tuple[TableCard, ...]:
        """The table with the melds each card served in (see :data:`~.melds.TableCard`)."""
        return self._tables[seat]

    def all_cards(self, seat: int) -> list[Card]:
        """Everything a seat holds: concealed and on the table."""
        return unpack(self._hands[seat] + self._table_bits[seat])

    def current_trick(self) -> list[tuple[int, Card]]:
        """The trick in progress as (seat, card)."""
        return [] if self._led < 0 else [(self._leader, CARDS[self._led])]

    @property
    def led_from_table(self) -> bool:
        return self._led_from_table

    def claim_total(self, seat: int) -> int:
        """What a claim by ``seat`` would count now (§7): score plus card points taken."""
        return self._scores[seat] + self._points[seat]


    def __repr__(self) -> str:
        return (f"<BinocleState hand {self.hand_no} {self._phase.value} to_move={self._to_move} "
                f"scores={list(self._scores)} stock={self.stock_size}>")

