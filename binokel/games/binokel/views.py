"""What one seat may know (a view), and nothing more.

Bots, the terminal and the web server receive views, never a
:class:`~binokel.games.binokel.game.GameState`.
A view holds the seat's own hand, the auction, the Dabb once turned up, everyone's shown melds,
every played card, hand sizes and the score sheet; in an open Durch the declarer's hand, and
with trumps named before the discard the trumps laid away.  Other hands, the unturned Dabb and
the rest of another seat's discard never appear in it.  A partner's hand is as hidden as an
opponent's (Kreuzbinokel), and the dealer who sits a hand out sees no more than the players.

>>> from binokel import new_game
>>> view = new_game(seed=1).view(0)
>>> len(view.hand), view.dabb
(12, None)
"""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import Card, Suit, size_of, unpack
from .actions import Action
from .melds import Meld
from .rules import Rules
from .scoring import Contract, HandResult, side_of
from .state import Phase, StateReader
from .tricks import Trick


@dataclass(frozen=True, slots=True, kw_only=True)
class View:
    """One seat's knowledge of the game at one moment."""

    rules: Rules
    seat: int
    hand_no: int
    dealer: int
    phase: Phase
    to_move: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    active: tuple[int, ...]
    bids: tuple[tuple[int, int], ...]
    bid: int
    declarer: int | None
    dabb: tuple[Card, ...] | None
    """The Dabb, once turned face up (§4.1)."""
    discard: tuple[Card, ...] | None
    """The cards laid away: known only to the declarer."""
    contract: Contract | None
    trump: Suit | None
    melds: tuple[tuple[Meld, ...], ...]
    open_hand: tuple[Card, ...] | None
    """The declarer's hand in an open Durch, face up to all."""
    leader: int
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, ...]
    trick_points: tuple[int, ...]
    scores: tuple[int, ...]
    results: tuple[HandResult, ...]
    winners: tuple[int, ...]
    legal_actions: tuple[Action, ...]
    shown_discard: tuple[Card, ...] = ()
    """Laid-away cards shown to all: the trumps laid away when trumps are named before the
    discard (``trump_before_discard``)."""

    @property
    def side(self) -> tuple[int, ...]:
        """The seats on this seat's side: its team (Kreuzbinokel), or the seat alone."""
        return side_of(self.rules, self.seat)

    @property
    def is_playing(self) -> bool:
        """Whether this seat plays the current hand (the dealer may sit out, §9)."""
        return self.seat in self.active

    @property
    def is_my_turn(self) -> bool:
        return self.to_move == self.seat

    @property
    def last_trick(self) -> Trick | None:
        """The last finished trick, of this hand or else of the hand before."""
        if self.tricks:
            return self.tricks[-1]
        if self.results and self.results[-1].tricks:
            return self.results[-1].tricks[-1]
        return None


def make_view(state: StateReader, seat: int, legal: tuple[Action, ...]) -> View:
    """Project a full state onto what ``seat`` may know; ``legal`` is the legal actions of the
    player to move (the state machine's answer, which only that seat's view carries)."""
    if not 0 <= seat < state.rules.players:
        raise ValueError(f"no seat {seat} at this table (seats 0-{state.rules.players - 1})")
    declarer = state.declarer
    contract = state.contract
    open_hand = None
    if contract in (Contract.OPEN_DURCH, Contract.OPEN_DURCH_NO_DABB) and declarer is not None:
        open_hand = tuple(unpack(state.hands[declarer]))
    over = state.phase is Phase.GAME_OVER
    return View(
        rules=state.rules,
        seat=seat,
        hand_no=state.hand_no,
        dealer=state.dealer,
        phase=state.phase,
        to_move=state.to_move,
        hand=tuple(unpack(state.hands[seat])),
        hand_sizes=tuple(size_of(h) for h in state.hands),
        active=state.active,
        bids=state.bids,
        bid=state.bid,
        declarer=declarer,
        dabb=tuple(state.dabb) if state.dabb_shown and not over else None,
        discard=tuple(state.discard) if declarer == seat and not over else None,
        contract=contract,
        trump=state.trump,
        melds=state.melds,
        open_hand=open_hand,
        leader=state.leader,
        trick=tuple(state.current_trick()),
        tricks=state.tricks if not over else (),
        tricks_won=state.tricks_won,
        trick_points=state.points,
        scores=state.scores,
        results=state.results,
        winners=state.winners,
        legal_actions=legal if state.to_move == seat else (),
        shown_discard=tuple(state.shown_discard) if not over else (),
    )
