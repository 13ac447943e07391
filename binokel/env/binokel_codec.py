"""The Binokel encoder and action map (three-player Binokel and its variants,
docs/rules/binokel.md).

Sizes come from the rule set: ``K`` card kinds (4 suits x the ranks of the pack), ``N`` seats.
Seats are absolute (seat 0 is ``player_0``); the block ``seat`` says whose view it is.

>>> from binokel.games import find_game_rules, new_game
>>> codec = BinokelCodec(find_game_rules("binokel"))
>>> codec.layout.size, codec.action_count
(335, 188)
>>> view = new_game(codec.rules, seed=3).view(0)
>>> int(codec.layout.decode(codec.encode(view))["hand"].sum())
12
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import ONE, RANK_SLOTS, Suit, format_cards, unpack_kinds
from ..games.binokel import actions as A
from ..games.binokel.actions import Action
from ..games.binokel.game import Deal, GameState, Phase, active_seats, new_game
from ..games.binokel.rules import Rules
from ..games.binokel.scoring import Contract
from ..games.binokel.views import View
from .bounds import hand_return_bounds
from .cardplay import CONTRACT_INDEX, PHASE_INDEX, BinokelCardPlay, write_melds
from .codec import POINT_SCALE, ActionMap
from .layout import Block, Layout
from .parts import (
    Buffer,
    Part,
    PartsEncoding,
    Writer,
    card_counts_part,
    card_positions,
    one_hot_part,
    per_seat_part,
)

PHASES = tuple(Phase)
CONTRACTS = tuple(Contract)


def binokel_actions(rules: Rules) -> list[Action]:
    """Every action of a rule set, in the order of the action map."""
    kinds = pack_kinds(rules)
    bids = range(rules.min_bid, rules.max_bid + 1, rules.bid_step)
    return [A.PASS, A.TAKE_DABB, A.DURCH, A.OPEN_DURCH, *(A.bid(v) for v in bids),
            *(A.DISCARD[k] for k in kinds), *A.NAME_TRUMP, *A.GIVE_UP,
            *(A.PLAY[k] for k in kinds)]


def pack_kinds(rules: Rules) -> tuple[int, ...]:
    """The card kinds of the pack in suit-then-rank order (one entry per kind)."""
    return tuple(s * RANK_SLOTS + r for s in range(4) for r in sorted(rules.ranks))


class BinokelCodec(PartsEncoding, ActionMap):
    """Observation encoder, action map and hand dealer for one Binokel rule set."""

    game = "binokel"

    def __init__(self, rules: Rules) -> None:
        super().__init__(binokel_actions(rules))
        self.rules = rules
        self.players = n = rules.players
        self.kinds = pack_kinds(rules)
        k = len(self.kinds)
        self.slot = {kind: i for i, kind in enumerate(self.kinds)}
        inf = float("inf")
        self.layout = Layout([
            Block("seat", (n,), doc="whose view this is (one-hot)"),
            Block("phase", (len(PHASES),), doc="phase: " + ", ".join(p.value for p in PHASES)),
            Block("to_move", (n,), doc="the seat to act (all 0 once the game is over)"),
            Block("dealer", (n,), doc="the dealer"),
            Block("active", (n,), doc="the seats playing this hand"),
            Block("hand", (k,), high=2, doc="own hand: copies of each card kind"),
            Block("hand_sizes", (n,), high=rules.hand_size + rules.dabb_size,
                  doc="cards in each hand"),
            Block("bid_made", (n,), high=inf, doc="each seat's highest bid ÷ 1000 (0: none)"),
            Block("passed", (n,), doc="each seat that has passed"),
            Block("bid", (1,), high=inf, doc="the bid standing ÷ 1000"),
            Block("declarer", (n,), doc="the declarer, once the auction is won"),
            Block("contract", (len(CONTRACTS),),
                  doc="the contract: " + ", ".join(c.value for c in CONTRACTS)),
            Block("trump", (4,), doc="trump suit (♣ ♠ ♥ ♦); none in Durch"),
            Block("dabb", (k,), high=2, doc="the Dabb, once turned face up"),
            Block("discard", (k,), high=2, doc="cards laid away: the declarer's own view only"),
            Block("shown_discard", (k,), high=2, doc="laid-away trumps shown to all"),
            Block("open_hand", (k,), high=2, doc="the declarer's hand in an open Durch"),
            Block("melded", (n, k), high=2, doc="cards each seat showed in melds"),
            Block("meld_points", (n,), high=inf, doc="each seat's meld points ÷ 1000"),
            Block("trick", (n, k), doc="the trick in progress: each seat's card"),
            Block("leader", (n,), doc="who led the trick in progress"),
            Block("played", (n, k), high=2, doc="cards each seat played to finished tricks"),
            Block("tricks_won", (n,), high=rules.hand_size, doc="tricks won by each seat"),
            Block("trick_points", (n,), high=inf, doc="card points won ÷ 1000"),
            Block("scores", (n,), low=-inf, high=inf, doc="the score sheet totals ÷ 1000"),
        ])
        self._at = {b.name: self.layout.offset(b.name) for b in self.layout.blocks}
        self.set_parts(self._parts())

    def _parts(self) -> tuple[Part, ...]:
        """The vector's parts, each written from the fields of the view it names."""
        at = self._at
        k = len(self.kinds)
        slot = self.slot
        span = self.layout.span
        # Per seat, each card kind's position in the trick and played blocks.
        trick_at = [card_positions(at["trick"] + seat * k, slot) for seat in range(self.players)]
        played_at = [card_positions(at["played"] + seat * k, slot) for seat in range(self.players)]

        def phase(buf: Buffer, view: View) -> None:
            buf[at["phase"] + PHASE_INDEX[view.phase]] = 1.0

        def active(buf: Buffer, view: View) -> None:
            for seat in view.active:
                buf[at["active"] + seat] = 1.0

        def bids(buf: Buffer, view: View) -> None:
            for seat, value in view.bids:
                if value:
                    i = at["bid_made"] + seat
                    buf[i] = max(buf[i], value / POINT_SCALE)
                else:
                    buf[at["passed"] + seat] = 1.0

        def bid(buf: Buffer, view: View) -> None:
            buf[at["bid"]] = view.bid / POINT_SCALE

        def contract(buf: Buffer, view: View) -> None:
            if view.contract is not None:
                buf[at["contract"] + CONTRACT_INDEX[view.contract]] = 1.0

        def trump(buf: Buffer, view: View) -> None:
            if view.trump is not None:
                buf[at["trump"] + int(view.trump)] = 1.0

        def melds(buf: Buffer, view: View) -> None:
            write_melds(buf, view.melds, at["melded"], at["meld_points"], slot)

        def trick(buf: Buffer, view: View) -> None:
            for seat, card in view.trick:
                buf[trick_at[seat][card.kind]] = 1.0

        def leader(buf: Buffer, view: View) -> None:
            if view.phase is Phase.PLAY and view.leader >= 0:
                buf[at["leader"] + view.leader] = 1.0

        def played(buf: Buffer, view: View, first: int = 0) -> None:
            active = view.active
            for done in view.tricks[first:]:
                for seat, card in zip(done.seats(active), done.cards, strict=True):
                    buf[played_at[seat][card.kind]] += 1.0

        def part(fields: tuple[str, ...], name: str, write: Writer,
                 last: str | None = None) -> Part:
            return Part(fields, *span(name, last), write)

        return (
            one_hot_part("seat", *span("seat")),
            part(("phase",), "phase", phase),
            one_hot_part("to_move", *span("to_move")),
            one_hot_part("dealer", *span("dealer")),
            part(("active",), "active", active),
            card_counts_part("hand", *span("hand"), slot),
            per_seat_part("hand_sizes", *span("hand_sizes")),
            part(("bids",), "bid_made", bids, last="passed"),
            part(("bid",), "bid", bid),
            one_hot_part("declarer", *span("declarer")),
            part(("contract",), "contract", contract),
            part(("trump",), "trump", trump),
            card_counts_part("dabb", *span("dabb"), slot),
            card_counts_part("discard", *span("discard"), slot),
            card_counts_part("shown_discard", *span("shown_discard"), slot),
            card_counts_part("open_hand", *span("open_hand"), slot),
            part(("melds",), "melded", melds, last="meld_points"),
            part(("trick",), "trick", trick),
            part(("leader", "phase"), "leader", leader),
            Part(("tricks", "active"), *span("played"), played, played),
            per_seat_part("tricks_won", *span("tricks_won")),
            per_seat_part("trick_points", *span("trick_points"), POINT_SCALE),
            per_seat_part("scores", *span("scores"), POINT_SCALE),
        )

    def card_play(self) -> BinokelCardPlay:
        """The updates of a seat's vector from the cards played (:mod:`binokel.env.cardplay`)."""
        return BinokelCardPlay(self._at, self.slot, self.players, self.layout.size,
                               self.actions, self.mask_of)

    def describe(self, view: View) -> str:
        lines = [f"Binokel ({self.rules.name}), hand {view.hand_no + 1}, {view.phase.value}; "
                 f"seat {view.seat}'s view, seat {view.to_move} to act",
                 f"hand: {format_cards(view.hand)}"]
        if view.declarer is not None:
            trump = view.trump.symbol if isinstance(view.trump, Suit) else "none"
            contract = view.contract.value if view.contract is not None else "-"
            lines.append(f"declarer {view.declarer} at {view.bid}, {contract}, trump {trump}")
        if view.dabb is not None:
            lines.append(f"Dabb: {format_cards(view.dabb)}")
        if view.trick:
            lines.append("trick: " + "  ".join(f"{s}:{c}" for s, c in view.trick))
        lines.append("scores: " + " ".join(str(s) for s in view.scores))
        return "\n".join(lines)

    def pack(self) -> tuple[int, ...]:
        return tuple(kind for kind in self.kinds for _ in range(2))

    def start_hand(self, dealer: int, cards: Sequence[int]) -> GameState:
        """The active seats take ``hand_size`` cards each in seat order, the Dabb the rest."""
        rules = self.rules
        hands = [0] * rules.players
        size = rules.hand_size
        for i, seat in enumerate(active_seats(rules, dealer)):
            hands[seat] = sum(ONE[kind] for kind in cards[i * size:(i + 1) * size])
        dabb = sum(ONE[kind] for kind in cards[rules.active_players * size:])
        return new_game(rules, "openspiel", dealer=dealer, deal=Deal(tuple(hands), dabb))

    def hidden_action(self, action: Action, before: GameState, after: GameState) -> bool:
        if not isinstance(action, A.Discard):
            return False
        seat = before.to_move
        # A trump laid away after trumps were named is shown to all (shown_discard).
        return len(after.view(seat).shown_discard) == len(before.view(seat).shown_discard)

    def deal_cards(self, state: GameState) -> list[int]:
        deal = state.deal
        cards: list[int] = []
        for seat in active_seats(self.rules, state.dealer):
            cards += unpack_kinds(deal.hands[seat])
        return cards + unpack_kinds(deal.dabb)

    def utility_range(self) -> tuple[float, float]:
        return hand_return_bounds(self.rules)

    def utility_bound(self) -> float:
        low, high = self.utility_range()
        return max(-low, high)

    def max_hand_length(self) -> int:
        rules = self.rules
        bids = (rules.max_bid - rules.min_bid) // rules.bid_step + rules.players
        return bids + 4 + rules.dabb_size + rules.pack_size

    def max_tricks(self) -> int:
        return int(self.rules.hand_size)
