"""What one Binocle seat may know (a view), and sampling full states consistent with it.

A view holds the seat's own concealed hand, both tables of melded cards, the turned trump card,
every played card, the melds and dix scored, what each seat is publicly known to hold (the
turned trump it drew or took in exchange, a shown dix, its melded cards taken back when the
stock ran out), the stock's size and the scores.  The stock's order and the opponent's other
concealed cards never appear in it; nor does the seed, which would tell them.

>>> from binokel.games.binocle import new_binocle_game
>>> view = new_binocle_game(seed=1).view(0)
>>> len(view.hand), view.hand_sizes, view.stock_size
(12, (12, 12), 23)
"""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import CARDS, ONE, Card, Suit, size_of, unpack
from .actions import BinocleAction
from .hand import (
    BinocleHandResult,
    BinocleTrick,
    Ending,
    Phase,
    full_pack,
)
from .melds import ScoredMeld, TableCard
from .rules import BinocleRules
from .state import StateReader


@dataclass(frozen=True, slots=True, kw_only=True)
class BinocleView:
    """One seat's knowledge of a Binocle game at one moment."""

    rules: BinocleRules
    seat: int
    cut: tuple[tuple[Card, Card], ...]
    hand_no: int
    dealer: int
    phase: Phase
    to_move: int
    hand: tuple[Card, ...]
    """The seat's own concealed cards."""
    hand_sizes: tuple[int, int]
    """Concealed cards of each seat."""
    tables: tuple[tuple[TableCard, ...], tuple[TableCard, ...]]
    """Each seat's melded cards on the table, with the melds each served in."""
    known: tuple[tuple[Card, ...], tuple[Card, ...]]
    """Concealed cards each seat is publicly known to hold."""
    trump: Suit
    dix: Card
    turned_up: Card
    """The card turned for trump at the deal."""
    turned: Card | None
    """The face-up card under the stock now (the dix after an exchange), until it is taken."""
    stock_size: int
    leader: int
    trick: tuple[tuple[int, Card], ...]
    led_from_table: bool
    tricks: tuple[BinocleTrick, ...]
    points: tuple[int, int]
    """Card points each seat has taken in tricks this hand."""
    scores: tuple[int, int]
    start_scores: tuple[int, int]
    """The scores when this hand was dealt."""
    target: int
    melds: tuple[tuple[ScoredMeld, ...], tuple[ScoredMeld, ...]]
    dix_points: tuple[int, int]
    dix_exchanged: bool
    dix_shown: bool
    has_melded: bool
    has_used_dix: bool
    results: tuple[BinocleHandResult, ...]
    winner: int | None
    ending: Ending | None
    legal_actions: tuple[BinocleAction, ...]

    @property
    def is_my_turn(self) -> bool:
        return self.to_move == self.seat

    @property
    def stock_lasts(self) -> bool:
        return self.turned is not None

    def table(self, seat: int) -> list[Card]:
        """A seat's melded cards on the table."""
        return unpack(sum(ONE[e[0]] for e in self.tables[seat]))

    def claim_total(self, seat: int) -> int:
        """What a claim by ``seat`` would count now (§7)."""
        return self.scores[seat] + self.points[seat]

    def unseen(self) -> list[Card]:
        """Cards this seat has not seen: the opponent's unknown concealed cards and the stock."""
        return unpack(unseen_packed(self))


def make_view(state: StateReader, seat: int, legal: tuple[BinocleAction, ...]) -> BinocleView:
    """Project a full state onto what ``seat`` may know."""
    if seat not in (0, 1):
        raise ValueError(f"no seat {seat} at this table (seats 0 and 1)")
    return BinocleView(
        rules=state.rules,
        seat=seat,
        cut=state.cut,
        hand_no=state.hand_no,
        dealer=state.dealer,
        phase=state.phase,
        to_move=state.to_move,
        hand=tuple(unpack(state.hands[seat])),
        hand_sizes=(size_of(state.hands[0]), size_of(state.hands[1])),
        tables=(state.table_cards(0), state.table_cards(1)),
        known=(tuple(unpack(state.known[0])), tuple(unpack(state.known[1]))),
        trump=state.trump,
        dix=state.dix,
        turned_up=state.deal.turned_card,
        turned=state.turned,
        stock_size=state.stock_size,
        leader=state.leader,
        trick=tuple(state.current_trick()),
        led_from_table=state.led_from_table,
        tricks=state.tricks,
        points=state.points,
        scores=state.scores,
        start_scores=state._h.start_scores,
        target=state.target,
        melds=state.melds,
        dix_points=state.dix_points,
        dix_exchanged=state.dix_exchanged,
        dix_shown=state.dix_shown,
        has_melded=state.has_melded,
        has_used_dix=state.has_used_dix,
        results=state.results,
        winner=state.winner,
        ending=state.ending,
        legal_actions=legal if state.to_move == seat else (),
    )


def unseen_packed(view: BinocleView) -> int:
    """Packed cards hidden from the view's seat (what search deals at random)."""
    rest = 0
    for kind in full_pack(view.rules):
        rest += ONE[kind]
    seen = [*view.hand, *view.known[1 - view.seat], *(c for _, c in view.trick)]
    for seat in (0, 1):
        seen += [CARDS[e[0]] for e in view.tables[seat]]
    for trick in view.tricks:
        seen += trick.cards
    if view.turned is not None:
        seen.append(view.turned)
    for card in seen:
        rest -= ONE[card.kind]
    return rest
