"""Binocle and Bézique steps without views: each seat's vector brought up to date from the
state's public fields and the seat's own hand (decision env-09).

Every step of a Binocle hand but its last (a card led or played to the trick, from the hand or
the table, with the draws after it; a meld; the dix exchanged or shown; done) is logged by the
environment (:mod:`binokel.env.aec`) as an :data:`~binokel.env.codec.Event` ``(mover, groups,
trick)``: ``groups`` are bits for the blocks the step changed, found by comparing the two
states' fields by identity (the engine's fields are immutable and shared while unchanged), and
``trick`` the trick the step finished (or None).  A seat's observation applies the events since
its last one: the finished tricks' cards are added to the ``played`` block (it only grows within
a hand), and the blocks of every group named are written again, whole, from the state as it is
now, as are the few cheap blocks most steps change (the phase, the seat to act, the leader, the
trick in progress, the turn's flags).  A drawn card changes the drawer's own hand only: the
other seat's vector sees its hand size and the stock's size change, as its view does.

The hand's end and the game's end are no events: the log is cleared, and the next observation
of a seat is written whole from the state (:meth:`BinocleCardPlay.auction`, the protocol's
writer without a view, which for Binocle takes any state) or copied from the other seat's
exact vector with the seat's own blocks (``seat``, ``hand``) rewritten
(:meth:`BinocleCardPlay.copy_seat`): a Binocle view differs from seat to seat in nothing else.

Read are public fields (``phase``, ``to_move``, ``dealer``, ``leader``, ``current_trick()``,
``led_from_table``, ``tricks``, ``known``, ``table_bits``, ``trump``, ``turned``,
``stock_size``, ``points``, ``scores``, ``target``, ``melds``, ``dix_points``, the four flags,
the turned-up card of ``deal``), the seat's own hand and the other seat's hand *size*: the
vector is still that seat's view and nothing more.  tests/env/test_incremental_binocle.py
compares every observation with a fresh encode of the seat's view at every step.

Where the compiled catch-up is built (:mod:`binokel.env.native`), the events, the catch-up and
the writers run in C but for the phase and melds blocks, which this module writes; its code is
then the reference and the fallback (decision env-11).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from functools import partial
from typing import Any

from ..cards import BITS, RANK_SLOTS, size_of
from ..games.binocle.actions import Play
from ..games.binocle.hand import Phase
from ..games.binocle.melds import MeldKind
from . import native
from .cardplay import SuitCounts
from .codec import POINT_SCALE, Event
from .parts import Buffer, card_positions

#: Each phase's position in the codec's ``phase`` block, each meld kind's in ``melds``.
PHASES = tuple(Phase)
MELD_KINDS = tuple(MeldKind)
PHASE_INDEX = {phase: i for i, phase in enumerate(PHASES)}
MELD_INDEX = {kind: i for i, kind in enumerate(MELD_KINDS)}
_GAME_OVER = Phase.GAME_OVER
#: The groups of blocks an event names, each written whole from the state on catch-up (bits):
#: the own hand and the hand sizes; the known cards; the tables; the melds and meld points; the
#: dix points; the stock's size; the scores; the turned card; the phase; the turn's flags.  (A
#: card played changes the rest, and is applied from the event itself.)
HANDS, KNOWN, TABLE, MELDS, DIX, STOCK, SCORES, TURNED, PHASE, FLAGS = (
    1 << i for i in range(10))
#: Every group (a vector written whole).
ALL = (1 << 10) - 1
#: The trick ended while the stock lasts: the flags of the winner's turn (melded, dix used)
#: are cleared (the dix's own flags are not changed by a card played).
TURN_OVER = 1 << 10
#: The groups that the catch-up leaves to :meth:`BinocleCardPlay.write`.
_RARE = KNOWN | TABLE | MELDS | DIX | SCORES | TURNED | FLAGS
#: The low bit of each kind's count in a packed multiset (a count is 0 to 3: bit counts of the
#: low and the high bits give the cards, as :func:`binokel.cards.size_of` counts them).
_LOW = sum(1 << (kind * BITS) for kind in range(4 * RANK_SLOTS))


class BinocleCardPlay:
    """The steps of the Binocle vector (:class:`~binokel.env.binocle_codec.BinocleCodec`)
    without views."""

    # In slots: past 30 instance-dict keys CPython 3.11 reads every attribute slower
    # (decision env-12).
    __slots__ = (
        "at", "cards", "config", "core", "event", "flags", "hand", "hand_at", "k", "known_at",
        "leader", "led_from_table", "pack_size", "phase", "played_at", "points", "sizes", "slot",
        "stock_size", "suit_counts", "table_at", "to_move", "trick", "trick_at", "turned_at",
        "zero_all", "zero_cards", "zero_flags", "zero_melds", "zero_pair", "zero_phases",
        "zero_trick",
    )

    def __init__(self, at: dict[str, int], slot: dict[int, int], size: int,
                 pack_size: int) -> None:
        k = len(slot)
        self.at = at
        self.k = k
        self.slot = slot
        self.pack_size = pack_size
        self.hand_at = card_positions(at["hand"], slot)
        self.known_at = [card_positions(at["known"] + seat * k, slot) for seat in (0, 1)]
        self.table_at = [card_positions(at["table"] + seat * k, slot) for seat in (0, 1)]
        self.played_at = [card_positions(at["played"] + seat * k, slot) for seat in (0, 1)]
        self.trick_at = [card_positions(at["trick"] + seat * k, slot) for seat in (0, 1)]
        self.turned_at = card_positions(at["turned"], slot)
        self.sizes = at["hand_sizes"]
        self.trick = at["trick"]
        self.led_from_table = at["led_from_table"]
        self.leader = at["leader"]
        self.points = at["points"]
        self.to_move = at["to_move"]
        self.hand = at["hand"]
        self.stock_size = at["stock_size"]
        self.phase = at["phase"]
        self.flags = at["flags"]
        self.zero_all = array("f", bytes(4 * size))
        self.zero_cards = array("f", bytes(4 * k))
        # The trick block and led_from_table after it, zeroed as one run.
        self.zero_trick = array("f", bytes(4 * (2 * k + 1)))
        self.zero_pair = array("f", bytes(4 * 2))
        self.zero_phases = array("f", bytes(4 * len(PHASES)))
        self.zero_flags = array("f", bytes(4 * 4))
        self.zero_melds = array("f", bytes(4 * 2 * len(MELD_KINDS)))
        if at["led_from_table"] != at["trick"] + 2 * k:
            raise ValueError("the layout must have led_from_table after trick (zeroed as one)")
        self.suit_counts = SuitCounts.of_layout(slot)
        self.cards: Callable[[Buffer, int, int], None] = self.suit_counts.write
        """Write a card-count block at ``at`` from a packed multiset."""
        self.core: Any = native.CORE
        """The compiled catch-up (binokel.env.native), or None: the pure path (env-11)."""
        self.config = native.config({
            "players": 2, "kinds": k, "pack_size": pack_size, **{name: at[name] for name in (
                "hand", "trick", "played", "hand_sizes", "to_move", "leader", "points",
                "table", "known", "led_from_table", "stock_size", "flags", "turned",
                "dix_points", "scores", "seat", "dealer", "trump", "turned_up", "target")}},
            self.suit_counts.ranks, slot) if self.core is not None else None
        self.event: Callable[[Any, Any, Any], Event | None] = self.pure_event
        """The event of a step (:meth:`pure_event`, or its compiled twin)."""
        if self.core is not None:
            self.cards = partial(self.core.counts, self.config)
            self.event = partial(self.core.binocle_event, (Play, _GAME_OVER))

    def pure_event(self, before: Any, action: Any, after: Any) -> Event | None:
        """``(mover, groups, card)`` for a step within a hand, ``card`` being for a card
        played ``(kind, from the table, known to be held, the trick it finished or None)``
        and None for any other step; None for a step that ends the hand or the game."""
        if after.phase is _GAME_OVER:
            return None
        mover = before.to_move
        if type(action) is Play:  # most steps: a card to the trick (and the draws after it)
            kind = action.card.kind
            from_table = action.from_table
            # A concealed card the seat was known to hold: one known copy fewer.
            known = not from_table and bool((before.known[mover] >> (kind * BITS)) & 3)
            tricks = after.tricks
            if tricks is before.tricks:  # a lead: nothing else changes
                return (mover, 0, (kind, from_table, known, None))
            if not tricks:  # the hand's last trick: a new deal, with no trick yet
                return None
            groups = 0
            if before.stock_lasts:  # the meld phase begins, or the draws at once
                groups = TURN_OVER
                if after.phase is not before.phase:
                    groups |= PHASE
                if after.stock_size != before.stock_size:
                    groups |= HANDS | STOCK
                    if after.turned is None:  # the last draw: the melded cards taken back
                        groups |= KNOWN | TABLE | TURNED
            return (mover, groups, (kind, from_table, known, tricks[-1]))
        # A meld, the dix exchanged or shown, done (and the draws after them): in the meld
        # phase, with no trick in progress and none finished.
        groups = FLAGS
        if after.phase is not before.phase:
            groups |= PHASE
        if after.hands is not before.hands:
            groups |= HANDS
        if after.known is not before.known:
            groups |= KNOWN
        if after.table_bits is not before.table_bits:
            groups |= TABLE
        if after.melds is not before.melds:
            groups |= MELDS
        if after.dix_points is not before.dix_points:
            groups |= DIX
        if after.stock_size != before.stock_size:
            groups |= STOCK
        if after.turned is not before.turned:
            groups |= TURNED
        if after.scores is not before.scores:
            groups |= SCORES
        return (mover, groups, None)

    def copy_seat(self, buf: Buffer, seat: int, donor: Buffer, state: Any) -> None:
        """Make ``buf`` ``seat``'s vector of ``state`` from ``donor``, the other seat's exact
        vector of it: a view differs from seat to seat only in ``seat`` and ``hand``."""
        buf[:] = donor
        at = self.at["seat"]
        buf[at:at + 2] = self.zero_pair
        buf[at + seat] = 1.0
        self.cards(buf, self.at["hand"], state.hands[seat])

    def auction(self, buf: Buffer, seat: int, state: Any) -> bool:
        """Write ``seat``'s vector of ``state`` whole into ``buf`` from the state's public
        fields and the seat's own hand (any Binocle state: the first observation of an
        episode, of a hand, the last of a game); always True."""
        if self.core is not None:  # the same writes, compiled, but the phase's and melds' (env-11)
            self.enums(buf, state, self.core.binocle_whole(self.config, buf, seat, state,
                                                           state.phase is _GAME_OVER))
            return True
        at = self.at
        buf[:] = self.zero_all
        buf[at["seat"] + seat] = 1.0
        if state.dealer >= 0:
            buf[at["dealer"] + state.dealer] = 1.0
        buf[at["trump"] + int(state.trump)] = 1.0
        buf[at["turned_up"] + self.slot[state.deal.turned]] = 1.0  # of the deal, only this
        buf[at["target"]] = state.target / POINT_SCALE
        trick = state.current_trick()
        for who, card in trick:
            buf[self.trick_at[who][card.kind]] = 1.0
        if trick and state.led_from_table:
            buf[self.led_from_table] = 1.0
        for done in state.tricks:
            first, second = done.cards
            buf[self.played_at[done.leader][first.kind]] += 1.0
            buf[self.played_at[1 - done.leader][second.kind]] += 1.0
        if state.phase is not _GAME_OVER and state.leader >= 0:
            buf[self.leader + state.leader] = 1.0
        points = state.points
        buf[self.points] = points[0] / POINT_SCALE
        buf[self.points + 1] = points[1] / POINT_SCALE
        self.write(buf, seat, state, ALL, -1)
        return True

    def catch_up(self, buf: Buffer, seat: int, events: list[Event], state: Any) -> None:
        if self.core is not None:  # the same arithmetic, compiled (env-11)
            left = self.core.binocle_catch_up(self.config, buf, seat, events, state)
            if left:
                self.enums(buf, state, left)
            return
        groups = 0
        for mover, named, play in events:
            groups |= named
            if play is None:
                continue
            kind, from_table, known, done = play
            if from_table:
                buf[self.table_at[mover][kind]] -= 1.0
            else:
                if mover == seat:
                    buf[self.hand_at[kind]] -= 1.0
                buf[self.sizes + mover] -= 1.0
                if known:
                    buf[self.known_at[mover][kind]] -= 1.0
            if done is None:  # a lead
                buf[self.trick_at[mover][kind]] = 1.0
                if from_table:
                    buf[self.led_from_table] = 1.0
                continue
            # The trick held the lead only (the vector was exact before the events): cleared.
            leader = done.leader
            first, second = done.cards
            kind = first.kind
            buf[self.trick_at[leader][kind]] = 0.0
            buf[self.led_from_table] = 0.0
            played_at = self.played_at
            buf[played_at[leader][kind]] += 1.0
            buf[played_at[1 - leader][second.kind]] += 1.0
            # The winner leads next, and only its card points changed (written as they are
            # now: a later trick of the same seat writes the same).
            winner = done.winner
            at = self.leader
            buf[at + leader] = 0.0
            buf[at + winner] = 1.0
            buf[self.points + winner] = state.points[winner] / POINT_SCALE
        # The vector's seat to act is the first event's mover (the events begin at its step).
        at = self.to_move
        buf[at + events[0][0]] = 0.0
        buf[at + state.to_move] = 1.0  # (a step within a hand leaves a seat to act)
        if not groups:
            return
        # The groups of the draws and the meld phase, as :meth:`write` has them, inline.
        if groups & HANDS:
            hands = state.hands
            self.cards(buf, self.hand, hands[seat])
            at = self.sizes
            packed = hands[0]
            buf[at] = (packed & _LOW).bit_count() + 2 * ((packed >> 1) & _LOW).bit_count()
            packed = hands[1]
            buf[at + 1] = (packed & _LOW).bit_count() + 2 * ((packed >> 1) & _LOW).bit_count()
        if groups & STOCK:
            buf[self.stock_size] = state.stock_size / self.pack_size
        if groups & PHASE:
            at = self.phase
            buf[at:at + len(PHASES)] = self.zero_phases
            buf[at + PHASE_INDEX[state.phase]] = 1.0
        if groups & TURN_OVER:
            at = self.flags
            buf[at + 2] = 0.0
            buf[at + 3] = 0.0
        if groups & _RARE:
            self.write(buf, seat, state, groups & _RARE, -1)

    def write(self, buf: Buffer, seat: int, state: Any, groups: int, to_move: int) -> None:
        """Write again from ``state`` the seat to act (the vector's was ``to_move``, -1 if
        none) and the blocks of ``groups``, each whole."""
        if self.core is not None:  # the same writes, compiled, but the phase's and melds' (env-11)
            left = self.core.binocle_write(self.config, buf, seat, groups, state, to_move)
            if left:
                self.enums(buf, state, left)
            return
        i = self.to_move
        if to_move >= 0:
            buf[i + to_move] = 0.0
        to_move = state.to_move
        if to_move >= 0:
            buf[i + to_move] = 1.0
        if not groups:
            return
        at = self.at
        if groups & HANDS:
            hands = state.hands
            self.cards(buf, at["hand"], hands[seat])
            i = self.sizes
            buf[i] = size_of(hands[0])
            buf[i + 1] = size_of(hands[1])
        if groups & STOCK:
            buf[at["stock_size"]] = state.stock_size / self.pack_size
        if groups & PHASE:
            i = at["phase"]
            buf[i:i + len(PHASES)] = self.zero_phases
            buf[i + PHASE_INDEX[state.phase]] = 1.0
        if groups & TURN_OVER:
            i = at["flags"]
            buf[i + 2] = 0.0
            buf[i + 3] = 0.0
        if groups & FLAGS:
            i = at["flags"]
            buf[i:i + 4] = self.zero_flags
            if state.dix_exchanged:
                buf[i] = 1.0
            if state.dix_shown:
                buf[i + 1] = 1.0
            if state.has_melded:
                buf[i + 2] = 1.0
            if state.has_used_dix:
                buf[i + 3] = 1.0
        if groups & KNOWN:
            known = state.known
            self.cards(buf, at["known"], known[0])
            self.cards(buf, at["known"] + self.k, known[1])
        if groups & TABLE:
            bits = state.table_bits
            self.cards(buf, at["table"], bits[0])
            self.cards(buf, at["table"] + self.k, bits[1])
        if groups & TURNED:
            i = at["turned"]
            buf[i:i + self.k] = self.zero_cards
            turned = state.turned
            if turned is not None:
                buf[self.turned_at[turned.kind]] = 1.0
        if groups & MELDS:
            self.write_melds(buf, state.melds)
        if groups & DIX:
            i = at["dix_points"]
            values = state.dix_points
            buf[i] = values[0] / POINT_SCALE
            buf[i + 1] = values[1] / POINT_SCALE
        if groups & SCORES:
            i = at["scores"]
            values = state.scores
            buf[i] = values[0] / POINT_SCALE
            buf[i + 1] = values[1] / POINT_SCALE

    def enums(self, buf: Buffer, state: Any, groups: int) -> None:
        """The groups the compiled writer leaves (they read the game's enums): the phase and
        the melds."""
        if groups & PHASE:
            at = self.phase
            buf[at:at + len(PHASES)] = self.zero_phases
            buf[at + PHASE_INDEX[state.phase]] = 1.0
        if groups & MELDS:
            self.write_melds(buf, state.melds)

    def write_melds(self, buf: Buffer, melds: Any) -> None:
        """The melds block (each seat's melds scored, by kind) and the meld points."""
        at = self.at
        base = at["melds"]
        n = len(MELD_KINDS)
        buf[base:base + 2 * n] = self.zero_melds
        for seat in (0, 1):
            scored = melds[seat]
            for meld in scored:
                buf[base + seat * n + MELD_INDEX[meld.meld.kind]] += 1.0
            buf[at["meld_points"] + seat] = sum(m.points for m in scored) / POINT_SCALE
