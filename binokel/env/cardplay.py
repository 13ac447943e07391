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
``leader``, ``bid``).  Any other step that keeps the hand going (the auction's end, the Dabb,
the last discard, trumps with their melds, Durch) is logged as a :data:`REFRESH` event naming
the groups of blocks it changed, which the catch-up writes whole from the state as it is then
(:meth:`BinokelCardPlay.refresh`, decision env-07).  The rest (giving up, the hand's end, any
step of an open Durch, whose declarer's hand is shown) is no event: the environment falls back
to the seat's view and its :class:`~binokel.env.parts.SeatEncoder` (decision env-05) — unless
another seat's vector is exact (then :meth:`BinokelCardPlay.copy_seat` copies it and rewrites
the blocks that differ from seat to seat: ``seat``, ``hand``, ``discard``), or the state is in
the auction (then :meth:`BinokelCardPlay.auction` writes the vector from the public fields and
the own hand; decision env-06).

What an event holds is public (who played which card, the finished trick, a bid, which groups
of blocks changed) or the seat's own (a card leaving its own hand or laid away by it), and a
refresh reads public fields, the seat's own hand and the declarer's own discard (its own seat
only): the vector is still that seat's view and nothing more.  A property test compares every
seat's vector with a fresh encode of its view at every step (tests/env/test_incremental.py).

Where the compiled catch-up is built (:mod:`binokel.env.native`), the events, the catch-up and
the writers run in C, with the same arithmetic; this module's code is then the reference that
tests/env/test_native.py compares them with, and the fallback (decision env-11).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import numpy as np

from ..cards import BITS, RANK_SLOTS, size_of
from ..games.binokel import actions as A
from ..games.binokel.actions import Discard, Play
from ..games.binokel.game import Phase
from ..games.binokel.melds import Meld
from ..games.binokel.scoring import Contract
from . import native
from .codec import POINT_SCALE, Event, Mask
from .parts import Buffer, card_positions

_PLAY = Phase.PLAY
_AUCTION = Phase.AUCTION
_DISCARD = Phase.DISCARD
_DABB = Phase.DABB
_TRUMP = Phase.TRUMP
_INT8 = np.int8
_frombuffer = np.frombuffer
_GAME_OVER = Phase.GAME_OVER
#: Each phase's position in the codec's ``phase`` block (one entry per phase, in order).
PHASE_INDEX = {phase: i for i, phase in enumerate(Phase)}
#: Each contract's position in the codec's ``contract`` block.
CONTRACT_INDEX = {contract: i for i, contract in enumerate(Contract)}
_AUCTION_INDEX = PHASE_INDEX[_AUCTION]
#: The kind of an event: a bid or a pass, a card laid away, any other step within a hand
#: (a card played has its card's kind).
BID, LAY_AWAY, REFRESH = -1, -2, -3
#: The groups of blocks a :data:`REFRESH` event names (bits): the own hand and the hand sizes;
#: the phase, the leader and the melds; the declarer, the bids and the bid standing; the
#: contract, the trump and the trumps shown; the Dabb; the own discard and the trumps shown.
HANDS, PHASE, AUCTION, CONTRACT, DABB, DISCARD = 1, 2, 4, 8, 16, 32
_OPEN = (Contract.OPEN_DURCH, Contract.OPEN_DURCH_NO_DABB)
#: Every REFRESH group (the compiled catch-up answers them, with a bit above for "a bid or a
#: pass was applied").
_REFRESH_BITS = HANDS | PHASE | AUCTION | CONTRACT | DABB | DISCARD


class SuitCounts(dict[int, Buffer]):
    """A card-count block's run for one suit, by the suit's part of a packed multiset (shifted
    down to bits 0-15): the copies of each of the rule set's ranks, low to high, as float32.
    Made on first use; at most 3^8 entries."""

    def __init__(self, ranks: list[int]) -> None:
        super().__init__()
        self.ranks = ranks
        self.r = len(ranks)

    @classmethod
    def of_layout(cls, slot: dict[int, int]) -> SuitCounts:
        """The runs of a codec whose card-count blocks (``slot``: each kind's place) hold the
        pack's kinds suit by suit, ranks low to high, which one run per suit's part of a packed
        multiset writes in four slices; a ValueError for any other layout."""
        ranks = sorted(kind for kind in slot if kind < RANK_SLOTS)
        if sorted(slot) != [s * RANK_SLOTS + r for s in range(4) for r in ranks] or any(
                slot[s * RANK_SLOTS + r] != s * len(ranks) + i
                for s in range(4) for i, r in enumerate(ranks)):
            raise ValueError("the card blocks must hold the pack's kinds suit by suit, ranks "
                             "low to high")
        return cls(ranks)

    def __missing__(self, part: int) -> Buffer:
        found = self[part] = array("f", [(part >> (r * BITS)) & 3 for r in self.ranks])
        return found

    def write(self, buf: Buffer, at: int, packed: int) -> None:
        """Write the card-count block at ``at`` (all of it, suit by suit) from a packed
        multiset."""
        r = self.r
        buf[at:at + r] = self[packed & _PART]
        at += r
        buf[at:at + r] = self[(packed >> _SUIT_SHIFT) & _PART]
        at += r
        buf[at:at + r] = self[(packed >> 2 * _SUIT_SHIFT) & _PART]
        at += r
        buf[at:at + r] = self[(packed >> 3 * _SUIT_SHIFT) & _PART]


class SuitMarks(dict[int, bytes]):
    """A mask's run for one suit's cards, by the suit's part of a packed multiset (as
    :class:`SuitCounts`): 1 for each of the rule set's ranks held, low to high.  Made on
    first use; at most 3^8 entries."""

    def __init__(self, ranks: list[int]) -> None:
        super().__init__()
        self.ranks = ranks

    def __missing__(self, part: int) -> bytes:
        found = self[part] = bytes(1 if (part >> (r * BITS)) & 3 else 0 for r in self.ranks)
        return found


#: Where one suit's part of a packed multiset begins (bits).
_SUIT_SHIFT = RANK_SLOTS * BITS
_PART = (1 << _SUIT_SHIFT) - 1


def write_melds(buf: Buffer, melds: tuple[tuple[Meld, ...], ...], melded: int,
                meld_points: int, slot: dict[int, int]) -> None:
    """Each seat's shown melds into zeroed ``melded`` (seat by card kind) and ``meld_points``
    blocks: a card may serve in several melds, so a seat showed the most copies any one needs."""
    k = len(slot)
    for seat, shown in enumerate(melds):
        base = melded + seat * k
        for meld in shown:
            counts: dict[int, int] = {}
            for card in meld.cards:
                counts[card.kind] = counts.get(card.kind, 0) + 1
            for kind, count in counts.items():
                i = base + slot[kind]
                buf[i] = max(buf[i], float(count))
        buf[meld_points + seat] = sum(m.points for m in shown) / POINT_SCALE


class BinokelCardPlay:
    """The simple steps of the Binokel vector (:class:`~binokel.env.binokel_codec.BinokelCodec`)."""

    # In slots: past 30 instance-dict keys CPython 3.11 reads every attribute slower
    # (decision env-12).
    __slots__ = (
        "at", "bid", "bid_made", "cards", "config", "core", "discard", "discard_at", "discards",
        "event", "hand", "hand_at", "k", "leader", "marks", "mask_of", "melds_block", "melds_of",
        "n", "orders", "passed", "played_at", "points", "ready", "seat", "shown_at", "sizes",
        "slot", "suit_counts", "to_move", "trick", "trick_at", "won", "zero_all", "zero_bids",
        "zero_cards", "zero_contracts", "zero_melds", "zero_phases", "zero_seats", "zero_suits",
        "zero_trick",
    )

    def __init__(self, at: dict[str, int], slot: dict[int, int], players: int,
                 size: int, actions: Sequence[Any] = (),
                 mask_of: Callable[[Sequence[Any]], Mask] | None = None) -> None:
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
        self.slot = slot
        self.shown_at = card_positions(at["shown_discard"], slot)
        self.zero_phases = array("f", bytes(4 * len(PHASE_INDEX)))
        self.zero_contracts = array("f", bytes(4 * len(CONTRACT_INDEX)))
        self.zero_suits = array("f", bytes(4 * 4))
        # The melded block (seat by card kind) and the meld points after it, zeroed in one.
        self.zero_melds = array("f", bytes(4 * (n * k + n)))
        self.zero_bids = array("f", bytes(4 * 2 * n))  # bid_made and passed, one after the other
        self.suit_counts = SuitCounts.of_layout(slot)
        ranks = self.suit_counts.ranks
        self.cards: Callable[[Buffer, int, int], None] = self.suit_counts.write
        """Write a card-count block at ``at`` from a packed multiset."""
        self.core: Any = native.CORE
        """The compiled catch-up (binokel.env.native), or None: the pure path (env-11)."""
        self.config = native.config({
            "players": n, "kinds": k, "points": at["trick_points"], "phases": len(PHASE_INDEX),
            "contracts": len(CONTRACT_INDEX), **{name: at[name] for name in (
                "hand", "discard", "trick", "played", "hand_sizes", "to_move", "leader",
                "tricks_won", "bid_made", "passed", "seat", "phase", "dealer", "active",
                "scores", "bid", "declarer", "contract", "trump", "dabb", "shown_discard",
                "melded")}}, ranks, slot) if self.core is not None else None
        self.event: Callable[[Any, Any, Any], Event | None] = self.pure_event
        """The event of ``action`` taking ``before`` to ``after`` if it is a simple step."""
        if self.core is not None:
            self.cards = partial(self.core.counts, self.config)
            self.event = partial(self.core.binokel_event, (
                _PLAY, _AUCTION, _DISCARD, _GAME_OVER, Play, Discard, *_OPEN))
        self.orders: dict[tuple[tuple[int, ...], int], list[list[Any]]] = {}
        self.melds_of: Any = None
        """The last melds written and their block (melded and meld points) as written."""
        self.melds_block = array("f", bytes(4 * (n * k + n)))
        if at["meld_points"] != at["melded"] + n * k or at["passed"] != at["bid_made"] + n:
            raise ValueError("the layout must have meld_points after melded, passed after "
                             "bid_made (each pair is zeroed as one run)")
        self.mask_of = mask_of
        self.ready: dict[Any, Mask] = {}
        """Masks of the auction by the bid standing, of the Dabb and of trumps (decision
        env-08)."""
        self.marks = SuitMarks(ranks)
        self.discards: tuple[bytes, bytes, bytes] | None = None
        """A discard's mask around its card runs: the bytes before the Discard actions, after
        them with the GiveUp actions offered, and after them without."""
        if mask_of is not None and actions:
            where = {id(a): i for i, a in enumerate(actions)}
            first = where.get(id(A.DISCARD[ranks[0]]))
            give_up = [where.get(id(a)) for a in A.GIVE_UP]
            if first is None or None in give_up or any(
                    where.get(id(A.DISCARD[kind])) != first + i for kind, i in slot.items()):
                raise ValueError("the action map must hold the Discard actions in the card "
                                 "blocks' order, and the GiveUp actions")
            after = bytearray(len(actions) - first - k)
            without = bytes(after)
            for i in give_up:
                assert i is not None
                after[i - first - k] = 1
            self.discards = (bytes(first), bytes(after), without)

    def pure_event(self, before: Any, action: Any, after: Any) -> Event | None:
        """The event of a step (:attr:`event` without the compiled core)."""
        phase = before.phase
        if phase is _PLAY:
            if type(action) is not Play or after.phase is not _PLAY or before.contract in _OPEN:
                return None
            tricks = after.tricks
            done = tricks[-1] if len(tricks) > len(before.tricks) else None
            return (before.to_move, action.card.kind, done)
        after_phase = after.phase
        if phase is _AUCTION and after_phase is _AUCTION:
            bids = after.bids
            if len(bids) == len(before.bids) + 1:
                return (before.to_move, BID, bids[-1])
            return None
        if (phase is _DISCARD and after_phase is _DISCARD and type(action) is Discard
                and not before.rules.trump_before_discard):
            return (before.to_move, LAY_AWAY, action.card.kind)
        # Any other step that keeps the hand going, the open hand of an open Durch aside (the
        # auction's end, the Dabb, the last discard, trumps, Durch): the groups of blocks it
        # changed are read again from the state when the seat next catches up (env-07).
        if after_phase is _AUCTION or after_phase is _GAME_OVER or after.contract in _OPEN:
            return None
        groups = PHASE if after_phase is not phase else 0
        if after.hands is not before.hands:
            groups |= HANDS
        if after.bids is not before.bids or after.declarer != before.declarer:
            groups |= AUCTION
        if after.contract is not before.contract or after.trump is not before.trump:
            groups |= CONTRACT
        if after.dabb_shown is not before.dabb_shown:
            groups |= DABB
        if after.discard_packed != before.discard_packed:
            groups |= DISCARD
        return (before.to_move, REFRESH, groups)

    def mask(self, state: Any) -> Mask | None:
        """The mask of the legal actions of ``state``'s seat to act (a new array) where the
        state tells them, else None (card play, whose shared legal tuples the action map's
        cache finds by their ids; or a helper without an action map).  A discard offers each
        kind of the declarer's hand (and giving up while no trumps are named): its mask is
        joined from one cached run per suit, with no key and no miss.  The auction's choices
        follow from the bid standing, the Dabb's and trumps' from the rule set: each such
        mask is made once from the legal actions and copied (decision env-08)."""
        phase = state.phase
        if phase is _PLAY or self.mask_of is None:
            return None
        if phase is _DISCARD:
            discards = self.discards
            if discards is None:
                return None
            marks = self.marks
            hand = state.hands[state.to_move]
            return _frombuffer(bytearray(b"".join((
                discards[0], marks[hand & _PART], marks[(hand >> _SUIT_SHIFT) & _PART],
                marks[(hand >> 2 * _SUIT_SHIFT) & _PART], marks[(hand >> 3 * _SUIT_SHIFT) & _PART],
                discards[1] if state.contract is None else discards[2]))), _INT8)
        if phase is _AUCTION:
            key: Any = state.bid
        elif phase is _DABB or phase is _TRUMP:
            key = phase.name
        else:
            return None
        found = self.ready.get(key)
        if found is None:
            found = self.ready[key] = self.mask_of(state.legal_actions())
        return found.copy()

    def write_hands(self, buf: Buffer, seat: int, hands: tuple[int, ...]) -> None:
        """Write the seat's own hand (packed) and every seat's hand size."""
        self.cards(buf, self.hand, hands[seat])
        i = self.sizes
        for packed in hands:
            buf[i] = size_of(packed)
            i += 1

    def write_bids(self, buf: Buffer, state: Any) -> None:
        """Write the auction's bids and passes into the zeroed ``bid_made`` and ``passed``
        blocks, as the Binokel codec's ``bids`` writer has them, and the bid standing."""
        for bidder, value in state.bids:
            if value:
                i = self.bid_made + bidder
                buf[i] = max(buf[i], value / POINT_SCALE)
            else:
                buf[self.passed + bidder] = 1.0
        buf[self.bid] = state.bid / POINT_SCALE

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
        self.cards(buf, self.hand, state.hands[seat])
        at = self.discard
        if state.declarer == seat and state.phase is not _GAME_OVER:
            self.cards(buf, at, state.discard_packed)
        else:
            buf[at:at + self.k] = self.zero_cards

    def auction(self, buf: Buffer, seat: int, state: Any) -> bool:
        """Write ``seat``'s vector of ``state`` into ``buf`` from the state's public fields and
        the seat's own hand if ``state`` is in the auction (a hand just dealt, the first
        observation of an episode); whether it was.  In the auction there is no declarer
        yet, hence no Dabb shown, discard, contract, trumps, melds, trick or finished trick:
        their blocks are zero (a state with a declarer or a trick is refused all the same)."""
        if state.phase is not _AUCTION or state.declarer is not None or state.tricks:
            return False
        if self.core is not None:  # the same writes, compiled (env-11)
            self.core.binokel_auction(self.config, buf, seat, state, _AUCTION_INDEX)
            return True
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
        self.write_hands(buf, seat, state.hands)
        self.write_bids(buf, state)
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
        if self.core is not None:  # the same arithmetic, compiled (env-11)
            left = self.core.binokel_catch_up(self.config, buf, seat, events, state)
            if left:  # REFRESH groups, and the bids again with them if any were made
                refresh = left & _REFRESH_BITS
                self.refresh(buf, seat, state, refresh | (AUCTION if left != refresh else 0))
            return
        hand_at = self.hand_at
        sizes = self.sizes
        bidding = False
        refresh = 0
        for mover, kind, done in events:
            if kind >= 0:  # a card played (the usual event)
                if mover == seat:
                    buf[hand_at[kind]] -= 1.0
                buf[sizes + mover] -= 1.0
                if done is None:
                    buf[self.trick_at[mover][kind]] = 1.0
                    continue
                buf[self.trick:self.trick + len(self.zero_trick)] = self.zero_trick
                leader = done.leader
                for played_at, card in zip(self.order(state.active, leader), done.cards,
                                          strict=True):
                    buf[played_at[card.kind]] += 1.0
                # Only the winner's tricks and points changed (written as they are now: a
                # later trick of the same seat writes the same), and it leads the next trick.
                winner = done.winner
                at = self.leader
                buf[at + leader] = 0.0
                buf[at + winner] = 1.0
                buf[self.won + winner] = state.tricks_won[winner]
                buf[self.points + winner] = state.points[winner] / POINT_SCALE
            elif kind == BID:  # a bid or a pass, as the Binokel codec's ``bids`` writer has it
                bidding = True
                bidder, value = done
                if value:
                    i = self.bid_made + bidder
                    buf[i] = max(buf[i], value / POINT_SCALE)
                else:
                    buf[self.passed + bidder] = 1.0
            elif kind == LAY_AWAY:  # the declarer's card: its own hand and discard, a hand size
                if mover == seat:
                    buf[hand_at[done]] -= 1.0
                    buf[self.discard_at[done]] += 1.0
                buf[sizes + mover] -= 1.0
            else:  # REFRESH: the groups are read again from the state below
                refresh |= done
        # The vector's seat to act is the first event's mover (the events begin at its step).
        at = self.to_move
        buf[at + events[0][0]] = 0.0
        buf[at + state.to_move] = 1.0
        if refresh:
            self.refresh(buf, seat, state, refresh | (AUCTION if bidding else 0))
        elif bidding:
            buf[self.bid] = state.bid / POINT_SCALE

    def melds(self, melds: tuple[tuple[Meld, ...], ...]) -> Buffer:
        """The melded and meld points blocks of ``melds`` as one run.  The melds are the same
        for every seat: written once per melds tuple (held, so no other tuple can take its
        identity)."""
        block = self.melds_block
        if melds is not self.melds_of:
            block[:] = self.zero_melds
            write_melds(block, melds, 0, len(block) - self.n, self.slot)
            self.melds_of = melds
        return block

    def order(self, active: tuple[int, ...], leader: int) -> list[list[Any]]:
        """Per card of a finished trick led by ``leader``, in playing order, the positions of
        its player's ``played`` block (cached by seating and leader)."""
        key = (active, leader)
        found = self.orders.get(key)
        if found is None:
            i = active.index(leader)
            found = self.orders[key] = [self.played_at[active[(i + j) % len(active)]]
                                        for j in range(len(active))]
        return found

    def refresh(self, buf: Buffer, seat: int, state: Any, groups: int) -> None:
        """Write again from ``state`` the ``groups`` of blocks (bits: :data:`HANDS`,
        :data:`PHASE` ...) that the steps within a hand other than a card played, a bid or a
        card laid away change (the auction's end, the Dabb, the last discard, trumps, Durch).
        Each block is written whole from the state as it is now, so the simple events before
        and after such a step (applied to the other blocks) may be caught up in any number at
        once.  Read are public fields, the seat's own hand and, for the declarer only, its own
        discard; the open hand of an open Durch is never written here (its steps are no
        events)."""
        if self.core is not None:  # the same writes, compiled (env-11); the enums' places here
            phase_at = leader = contract_at = trump_at = -1  # (read for their groups only)
            block = self.melds_block
            if groups & PHASE:
                phase = state.phase
                phase_at = PHASE_INDEX[phase]
                if phase is _PLAY:
                    leader = state.leader
                block = self.melds(state.melds)
            if groups & CONTRACT:
                contract = state.contract
                trump = state.trump
                contract_at = -1 if contract is None else CONTRACT_INDEX[contract]
                trump_at = -1 if trump is None else int(trump)
            self.core.binokel_refresh(self.config, buf, seat, groups, state, phase_at, leader,
                                      contract_at, trump_at, block)
            return
        at = self.at
        n = self.n
        k = self.k
        zero_cards = self.zero_cards
        declarer = state.declarer
        if groups & HANDS:
            self.write_hands(buf, seat, state.hands)
        if groups & PHASE:
            i = at["phase"]
            buf[i:i + len(PHASE_INDEX)] = self.zero_phases
            phase = state.phase
            buf[i + PHASE_INDEX[phase]] = 1.0
            i = self.leader
            buf[i:i + n] = self.zero_seats
            if phase is _PLAY and state.leader >= 0:
                buf[i + state.leader] = 1.0
            block = self.melds(state.melds)
            i = at["melded"]
            buf[i:i + len(block)] = block
        if groups & AUCTION:
            i = at["declarer"]
            buf[i:i + n] = self.zero_seats
            if declarer is not None:
                buf[i + declarer] = 1.0
            i = self.bid_made
            buf[i:i + len(self.zero_bids)] = self.zero_bids
            self.write_bids(buf, state)
        if groups & CONTRACT:
            i = at["contract"]
            buf[i:i + len(CONTRACT_INDEX)] = self.zero_contracts
            contract = state.contract
            if contract is not None:
                buf[i + CONTRACT_INDEX[contract]] = 1.0
            i = at["trump"]
            buf[i:i + 4] = self.zero_suits
            trump = state.trump
            if trump is not None:
                buf[i + int(trump)] = 1.0
        if groups & DABB:
            i = at["dabb"]
            if state.dabb_shown:  # the Dabb turned face up: the deal's Dabb, and only it
                self.cards(buf, i, state.deal.dabb)
            else:
                buf[i:i + k] = zero_cards
        if groups & DISCARD:
            i = self.discard
            if declarer == seat:
                self.cards(buf, i, state.discard_packed)
            else:
                buf[i:i + k] = zero_cards
        if groups & (CONTRACT | DISCARD):
            i = at["shown_discard"]
            buf[i:i + k] = zero_cards
            shown_at = self.shown_at
            for card in state.shown_discard:
                buf[shown_at[card.kind]] += 1.0
