"""The Binocle encoder and action map (Foster's two-handed Binocle, docs/rules/binocle.md; and the
rule sets the Binocle engine plays, Bézique among them).

Sizes come from the rule set: ``K`` card kinds (4 suits x the ranks of the pack), the copies
of each kind, the hand and the stock.  Seats are absolute (seat 0 is ``player_0``).

>>> from binokel.games import find_game_rules, new_game
>>> codec = BinocleCodec(find_game_rules("binocle"))
>>> codec.layout.size, codec.action_count
(326, 85)
>>> view = new_game(codec.rules, seed=3).view(0)
>>> int(codec.layout.decode(codec.encode(view))["stock_size"][0] * codec.rules.pack_size)
23
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import CARD_POINTS, ONE, RANK_SLOTS, Suit, format_cards, unpack_kinds
from ..games.binocle import actions as A
from ..games.binocle.actions import BinocleAction
from ..games.binocle.game import BinocleDeal, BinocleState, full_pack, new_binocle_game
from ..games.binocle.hand import Phase
from ..games.binocle.melds import meld_of
from ..games.binocle.rules import BinocleRules
from ..games.binocle.views import BinocleView
from .binocle_cardplay import MELD_INDEX, MELD_KINDS, PHASE_INDEX, PHASES, BinocleCardPlay
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


def binocle_actions(rules: BinocleRules) -> list[BinocleAction]:
    """Every action of a rule set, in the order of the action map."""
    kinds = sorted(set(full_pack(rules)))
    dixes = [suit * RANK_SLOTS + rules.dix_rank for suit in Suit]
    melds: list[BinocleAction] = []
    for kind in MELD_KINDS:
        suits: Sequence[Suit | None] = tuple(Suit) if kind.needs_suit else (None,)
        melds += [A.meld_action(meld_of(kind, suit, rules.dix_rank)) for suit in suits]
    return [A.DONE, A.CLAIM, *(A.PLAY[k] for k in kinds), *(A.PLAY_TABLE[k] for k in kinds),
            *(A.EXCHANGE[k] for k in dixes), *(A.SHOW[k] for k in dixes), *melds]


class BinocleCodec(PartsEncoding, ActionMap):
    """Observation encoder, action map and hand dealer for one Binocle-engine rule set."""

    game = "binocle"

    def __init__(self, rules: BinocleRules) -> None:
        super().__init__(binocle_actions(rules))
        self.rules = rules
        self.players = 2
        pack = full_pack(rules)
        self.kinds = tuple(sorted(set(pack)))
        self.copies = max(pack.count(kind) for kind in self.kinds)
        k = len(self.kinds)
        self.slot = {kind: i for i, kind in enumerate(self.kinds)}
        c = float(self.copies)
        inf = float("inf")
        self.layout = Layout([
            Block("seat", (2,), doc="whose view this is (one-hot)"),
            Block("phase", (len(PHASES),), doc="phase: " + ", ".join(p.value for p in PHASES)),
            Block("to_move", (2,), doc="the seat to act (all 0 once the game is over)"),
            Block("dealer", (2,), doc="the dealer"),
            Block("hand", (k,), high=c, doc="own concealed hand: copies of each card kind"),
            Block("hand_sizes", (2,), high=rules.pack_size, doc="concealed cards of each seat"),
            Block("known", (2, k), high=c,
                  doc="concealed cards each seat is publicly known to hold"),
            Block("table", (2, k), high=c, doc="each seat's melded cards on the table"),
            Block("trump", (4,), doc="trump suit (♣ ♠ ♥ ♦)"),
            Block("turned_up", (k,), doc="the card turned for trump at the deal"),
            Block("turned", (k,), doc="the face-up card under the stock now (until taken)"),
            Block("stock_size", (1,), doc="face-down stock ÷ the pack size"),
            Block("leader", (2,), doc="who led the trick in progress"),
            Block("trick", (2, k), doc="the trick in progress: each seat's card"),
            Block("led_from_table", (1,), doc="the lead came from the table"),
            Block("played", (2, k), high=c, doc="cards each seat played to finished tricks"),
            Block("points", (2,), high=inf, doc="card points taken this hand ÷ 1000"),
            Block("scores", (2,), low=-inf, high=inf, doc="game scores ÷ 1000"),
            Block("target", (1,), high=inf, doc="the target to claim ÷ 1000"),
            Block("melds", (2, len(MELD_KINDS)), high=inf,
                  doc="melds each seat scored this hand, by kind: "
                      + ", ".join(m.value for m in MELD_KINDS)),
            Block("meld_points", (2,), high=inf, doc="meld points each seat scored ÷ 1000"),
            Block("dix_points", (2,), high=inf, doc="dix points each seat scored ÷ 1000"),
            Block("flags", (4,), doc="dix exchanged, dix shown, melded this turn, "
                                     "dix used this turn"),
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
        trick_at = [card_positions(at["trick"] + seat * k, slot) for seat in range(2)]
        played_at = [card_positions(at["played"] + seat * k, slot) for seat in range(2)]

        def phase(buf: Buffer, view: BinocleView) -> None:
            buf[at["phase"] + PHASE_INDEX[view.phase]] = 1.0

        def known(buf: Buffer, view: BinocleView) -> None:
            for seat in (0, 1):
                base = at["known"] + seat * k
                for card in view.known[seat]:
                    buf[base + slot[card.kind]] += 1.0

        def tables(buf: Buffer, view: BinocleView) -> None:
            for seat in (0, 1):
                base = at["table"] + seat * k
                for entry in view.tables[seat]:
                    buf[base + slot[entry[0]]] += 1.0

        def trump(buf: Buffer, view: BinocleView) -> None:
            buf[at["trump"] + int(view.trump)] = 1.0

        def turned_up(buf: Buffer, view: BinocleView) -> None:
            buf[at["turned_up"] + slot[view.turned_up.kind]] = 1.0

        def turned(buf: Buffer, view: BinocleView) -> None:
            if view.turned is not None:
                buf[at["turned"] + slot[view.turned.kind]] = 1.0

        def stock_size(buf: Buffer, view: BinocleView) -> None:
            buf[at["stock_size"]] = view.stock_size / self.rules.pack_size

        def leader(buf: Buffer, view: BinocleView) -> None:
            if view.phase is not Phase.GAME_OVER and view.leader is not None \
                    and view.leader >= 0:
                buf[at["leader"] + view.leader] = 1.0

        def trick(buf: Buffer, view: BinocleView) -> None:
            for seat, card in view.trick:
                buf[trick_at[seat][card.kind]] = 1.0
            if view.trick and view.led_from_table:
                buf[at["led_from_table"]] = 1.0

        def played(buf: Buffer, view: BinocleView, first: int = 0) -> None:
            for done in view.tricks[first:]:
                for seat, card in zip(done.seats(), done.cards, strict=True):
                    buf[played_at[seat][card.kind]] += 1.0

        def target(buf: Buffer, view: BinocleView) -> None:
            buf[at["target"]] = view.target / POINT_SCALE

        def melds(buf: Buffer, view: BinocleView) -> None:
            for seat in (0, 1):
                base = at["melds"] + seat * len(MELD_KINDS)
                for scored in view.melds[seat]:
                    buf[base + MELD_INDEX[scored.meld.kind]] += 1.0
                points = sum(m.points for m in view.melds[seat])
                buf[at["meld_points"] + seat] = points / POINT_SCALE

        def flags(buf: Buffer, view: BinocleView) -> None:
            for i, flag in enumerate((view.dix_exchanged, view.dix_shown, view.has_melded,
                                      view.has_used_dix)):
                if flag:
                    buf[at["flags"] + i] = 1.0

        def part(fields: tuple[str, ...], name: str, write: Writer,
                 last: str | None = None) -> Part:
            return Part(fields, *span(name, last), write)

        return (
            one_hot_part("seat", *span("seat")),
            part(("phase",), "phase", phase),
            one_hot_part("to_move", *span("to_move")),
            one_hot_part("dealer", *span("dealer")),
            card_counts_part("hand", *span("hand"), slot),
            per_seat_part("hand_sizes", *span("hand_sizes")),
            part(("known",), "known", known),
            part(("tables",), "table", tables),
            part(("trump",), "trump", trump),
            part(("turned_up",), "turned_up", turned_up),
            part(("turned",), "turned", turned),
            part(("stock_size",), "stock_size", stock_size),
            part(("leader", "phase"), "leader", leader),
            part(("trick", "led_from_table"), "trick", trick, last="led_from_table"),
            Part(("tricks",), *span("played"), played, played),
            per_seat_part("points", *span("points"), POINT_SCALE),
            per_seat_part("scores", *span("scores"), POINT_SCALE),
            part(("target",), "target", target),
            part(("melds",), "melds", melds, last="meld_points"),
            per_seat_part("dix_points", *span("dix_points"), POINT_SCALE),
            part(("dix_exchanged", "dix_shown", "has_melded", "has_used_dix"), "flags", flags),
        )

    def card_play(self) -> BinocleCardPlay:
        """The updates of a seat's vector without its view (decision env-09)."""
        return BinocleCardPlay(self._at, self.slot, self.layout.size, self.rules.pack_size)

    def describe(self, view: BinocleView) -> str:
        lines = [f"Binocle ({self.rules.name}), hand {view.hand_no + 1}, {view.phase.value}; "
                 f"seat {view.seat}'s view, seat {view.to_move} to act",
                 f"hand: {format_cards(view.hand)}",
                 f"trump {view.trump.symbol}, turned {view.turned or '-'}, "
                 f"stock {view.stock_size}"]
        for seat in (0, 1):
            if view.tables[seat]:
                lines.append(f"table {seat}: {format_cards(view.table(seat))}")
        if view.trick:
            lines.append("trick: " + "  ".join(f"{s}:{c}" for s, c in view.trick))
        lines.append(f"scores: {view.scores[0]} {view.scores[1]} (target {view.target})")
        return "\n".join(lines)

    def pack(self) -> tuple[int, ...]:
        return tuple(sorted(full_pack(self.rules)))

    def start_hand(self, dealer: int, cards: Sequence[int]) -> BinocleState:
        """The pone takes the first ``hand_size`` cards, the dealer the next; then the turned
        card, then the stock from the top."""
        size = self.rules.hand_size
        pone = sum(ONE[kind] for kind in cards[:size])
        mine = sum(ONE[kind] for kind in cards[size:2 * size])
        hands = (pone, mine) if dealer == 1 else (mine, pone)
        deal = BinocleDeal(hands, cards[2 * size], tuple(cards[2 * size + 1:]))
        return new_binocle_game(self.rules, "openspiel", dealer=dealer, deal=deal)

    def hidden_action(self, action: BinocleAction, before: BinocleState,
                      after: BinocleState) -> bool:
        return False  # every action shows its cards (melds, the dix, the card played)

    def deal_cards(self, state: BinocleState) -> list[int]:
        deal = state.deal
        dealer = state.dealer
        return [*unpack_kinds(deal.hands[1 - dealer]), *unpack_kinds(deal.hands[dealer]),
                deal.turned, *deal.stock]

    def utility_range(self) -> tuple[float, float]:
        bound = self.utility_bound()
        return -bound, bound

    def utility_bound(self) -> float:
        rules = self.rules
        values: dict[str, Any] = rules.fields()
        best_meld = max(v for name, v in values.items()
                        if name.startswith("meld_") and isinstance(v, int))
        tricks = rules.pack_size // 2
        points = sum(CARD_POINTS[kind % RANK_SLOTS] for kind in full_pack(rules))
        one_seat = tricks * best_meld + 2 * rules.meld_dix + rules.last_trick_bonus + points
        return float(2 * one_seat)

    def max_hand_length(self) -> int:
        # Per trick: two cards, then melds, dix exchange or showing, done; a claim at the end.
        return self.rules.pack_size // 2 * 8 + 2

    def max_tricks(self) -> int:
        return int(self.rules.pack_size) // 2
