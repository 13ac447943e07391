"""Simple steps without views: each seat's vector brought up to date from what was done.

During card play every card played is public, and a play changes only a few blocks of a seat's
vector: the seat to act, the hand sizes, the trick in progress, the mover's own hand (in the
mover's vector only), and when it completes a trick the played cards, the leader, the tricks won
and the card points.  A bid or a pass that leaves the auction open changes the seat's highest
bid or its pass, the bid standing and the seat to act; a card laid away while more are to come
(trumps not yet named) the declarer's own hand and discard and a hand size.

The environment (:mod:`binokel.env.aec`) logs an :data:`Event` for each such *simple step*; a
seat's observation applies the events since its last one to the seat's vector, and reads the
few numbers a finished trick changes from the public state (``tricks_won``, ``points``,
``leader``, ``bid``).  Every other step (the auction's end, the Dabb, the last discard, trumps,
melds, Durch, giving up, the hand's end, any step of an open Durch, whose declarer's hand is
shown) is no event: the environment falls back to the seat's view and its
:class:`~binokel.env.parts.SeatEncoder` (decision env-05) — unless another seat's vector is
exact (then :meth:`BinokelCardPlay.copy_seat` copies it and rewrites the blocks that differ from
seat to seat: ``seat``, ``hand``, ``discard``), or the state is in the auction (then
:meth:`BinokelCardPlay.auction` writes the vector from the public fields and the own hand;
decision env-06).

What an event holds is public (who played which card, the finished trick, a bid) or the seat's
own (a card leaving its own hand or laid away by it): the vector is still that seat's view and
nothing more.  A property test compares every seat's vector with a fresh encode of its view at
every step (tests/env/test_incremental.py).
"""

from __future__ import annotations

from array import array
from typing import Any

from ..games.binokel.actions import Discard, Play
from ..games.binokel.game import Phase
from ..games.binokel.scoring import Contract
from ..games.binokel.views import cards_of
from .codec import POINT_SCALE, Event
from .parts import Buffer, card_positions

_PLAY = Phase.PLAY
_AUCTION = Phase.AUCTION
_DISCARD = Phase.DISCARD
_GAME_OVER = Phase.GAME_OVER
#: The auction's position in the codec's ``phase`` block (one entry per phase, in order).
_AUCTION_INDEX = tuple(Phase).index(_AUCTION)
#: The kind of an event: a bid or a pass, a card laid away (a card played has its card's kind).
BID, LAY_AWAY = -1, -2
_OPEN = (Contract.OPEN_DURCH, Contract.OPEN_DURCH_NO_DABB)


class BinokelCardPlay:
    """The simple steps of the Binokel vector (:class:`~binokel.env.binokel_codec.BinokelCodec`)."""

    def __init__(self, at: dict[str, int], slot: dict[int, int], players: int,
                 size: int) -> None:
        k = len(slot)
        n = players
        self.hand_at = card_positions(at["hand"], slot)
        self.discard_at = card_positions(at["discard"], slot)
        self.trick_at = [card_positions(at["trick"] + seat * k, slot) for seat in range(n)]
        self.played_at = [card_positions(at["played"] + seat * k, slot) for seat in range(n)]
        self.sizes = at["hand_sizes"]
        self.to_move = at["to_move"]
        self.trick = at["trick"]
        self.leader = at["leader"]
        self.won = at["tricks_won"]
        self.points = at["trick_points"]
        self.bid_made = at["bid_made"]
        self.passed = at["passed"]
        self.bid = at["bid"]
        self.n = n
        self.at = at
        self.zero_all = array("f", bytes(4 * size))
        self.seat = at["seat"]
        self.hand = at["hand"]
        self.discard = at["discard"]
        self.k = k
        self.zero_cards = array("f", bytes(4 * k))
        self.zero_trick = array("f", bytes(4 * n * k))
        self.zero_seats = array("f", bytes(4 * n))

    def event(self, before: Any, action: Any, after: Any) -> Event | None:
        if before.phase is _AUCTION:
            bids = after.bids
            if after.phase is _AUCTION and len(bids) == len(before.bids) + 1:
                return (before.to_move, BID, bids[-1])
            return None
        if before.phase is _DISCARD:
            if (type(action) is Discard and after.phase is _DISCARD
                    and not before.rules.trump_before_discard):
                return (before.to_move, LAY_AWAY, action.card.kind)
            return None
        if (type(action) is not Play or before.phase is not _PLAY or after.phase is not _PLAY
                or before.contract in _OPEN):
            return None
        tricks = after.tricks
        done = tricks[-1] if len(tricks) > len(before.tricks) else None
        return (before.to_move, action.card.kind, done)

    def copy_seat(self, buf: Buffer, seat: int, donor: Buffer, state: Any) -> None:
        """Make ``buf`` ``seat``'s vector of ``state`` from ``donor``, another seat's exact
        vector of it: a view differs from seat to seat only in ``seat``, ``hand`` and
        ``discard`` (the declarer's own), which are written from the seat's own hand and
        discard in the state."""
        buf[:] = donor
        n = self.n
        at = self.seat
        buf[at:at + n] = self.zero_seats
        buf[at + seat] = 1.0
        k = self.k
        zero = self.zero_cards
        at = self.hand
        buf[at:at + k] = zero
        hand_at = self.hand_at
        for card in cards_of(state.hands[seat]):
            buf[hand_at[card.kind]] += 1.0
        at = self.discard
        buf[at:at + k] = zero
        if state.declarer == seat and state.phase is not _GAME_OVER:
            discard_at = self.discard_at
            for card in cards_of(state.discard_packed):
                buf[discard_at[card.kind]] += 1.0

    def auction(self, buf: Buffer, seat: int, state: Any) -> bool:
        """Write ``seat``'s vector of ``state`` into ``buf`` from the state's public fields and
        the seat's own hand if ``state`` is in the auction (a hand just dealt, the first
        observation of an episode); whether it was.  In the auction there is no declarer
        yet, hence no Dabb shown, discard, contract, trumps, melds, trick or finished trick:
        their blocks are zero (a state with a declarer or a trick is refused all the same)."""
        if state.phase is not _AUCTION or state.declarer is not None or state.tricks:
            return False
        at = self.at
        n = self.n
        buf[:] = self.zero_all
        buf[at["seat"] + seat] = 1.0
        buf[at["phase"] + _AUCTION_INDEX] = 1.0
        if state.to_move >= 0:
            buf[at["to_move"] + state.to_move] = 1.0
        if state.dealer >= 0:
            buf[at["dealer"] + state.dealer] = 1.0
        for s in state.active:
            buf[at["active"] + s] = 1.0
        hands = state.hands
        hand_at = self.hand_at
        for card in cards_of(hands[seat]):
            buf[hand_at[card.kind]] += 1.0
        i = self.sizes
        for packed in hands:
            buf[i] = len(cards_of(packed))
            i += 1
        for bidder, value in state.bids:
            if value:
                i = self.bid_made + bidder
                buf[i] = max(buf[i], value / POINT_SCALE)
            else:
                buf[self.passed + bidder] = 1.0
        buf[self.bid] = state.bid / POINT_SCALE
        won = state.tricks_won
        if len(won) != n:  # a slice of another length would resize the buffer
            raise ValueError(f"tricks_won: {len(won)} numbers for {n} seats")
        buf[self.won:self.won + n] = array("f", won)
        for start, values in ((self.points, state.points), (at["scores"], state.scores)):
            for value in values:
                if value:
                    buf[start] = value / POINT_SCALE
                start += 1
        return True

    def catch_up(self, buf: Buffer, seat: int, events: list[Event], state: Any) -> None:
        hand_at = self.hand_at
        trick_at = self.trick_at
        sizes = self.sizes
        finished = False
        bidding = False
        for mover, kind, done in events:
            if kind == LAY_AWAY:  # the declarer's card: its own hand and discard, a hand size
                if mover == seat:
                    buf[hand_at[done]] -= 1.0
                    buf[self.discard_at[done]] += 1.0
                buf[sizes + mover] -= 1.0
                continue
            if kind == BID:  # a bid or a pass, as the Binokel codec's ``bids`` writer has it
                bidding = True
                bidder, value = done
                if value:
                    i = self.bid_made + bidder
                    buf[i] = max(buf[i], value / POINT_SCALE)
                else:
                    buf[self.passed + bidder] = 1.0
                continue
            if mover == seat:
                buf[hand_at[kind]] -= 1.0
            buf[sizes + mover] -= 1.0
            if done is None:
                buf[trick_at[mover][kind]] = 1.0
                continue
            finished = True
            buf[self.trick:self.trick + len(self.zero_trick)] = self.zero_trick
            played_at = self.played_at
            for s, card in zip(done.seats(state.active), done.cards, strict=True):
                buf[played_at[s][card.kind]] += 1.0
        n = self.n
        at = self.to_move
        buf[at:at + n] = self.zero_seats
        buf[at + state.to_move] = 1.0
        if bidding:
            buf[self.bid] = state.bid / POINT_SCALE
        if finished:
            at = self.leader
            buf[at:at + n] = self.zero_seats
            buf[at + state.leader] = 1.0
            won = state.tricks_won
            if len(won) != n:  # a slice of another length would resize the buffer
                raise ValueError(f"tricks_won: {len(won)} numbers for {n} seats")
            buf[self.won:self.won + n] = array("f", won)
            at = self.points
            for value in state.points:
                buf[at] = value / POINT_SCALE
                at += 1
