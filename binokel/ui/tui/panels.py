"""What each part of the full-screen table shows, per game: pure functions from a seat's view to
styled text, found by the game's name (:func:`panels_for`), never by the state's type.

Binokel's panels read a :class:`~binokel.games.binokel.views.View`; Binocle's (and Bézique's,
played by the Binocle engine) a Binocle view.  Sizes (cards in hand, tricks in a hand) come from
the view and its rules, so a game with other counts draws as well.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text

from ...cards import Card
from ...games import game_of
from ...games.binocle import Phase as BPhase
from ...games.binocle import actions as BA
from ...games.binokel import actions as A
from ...games.binokel.game import Phase
from ...games.binokel.melds import meld_total
from ...games.binokel.scoring import side_of
from ..binocle_render import meld_choices, meld_label, numbered_cards
from ..i18n import Strings
from ..render import (
    DIM,
    HEADING,
    card_text,
    cards_text,
    declarer_side_points,
    hand_order,
    render_auction,
    render_dabb,
    suit_text,
    trick_line,
)


@dataclass(frozen=True, slots=True)
class Slot:
    """One numbered card of the seat's hand: its action when it may be chosen now."""

    number: int
    card: Card
    action: Any | None
    group: str
    """The row it is drawn in: a suit's symbol, or ``table`` (Binocle's melded cards)."""


@dataclass(frozen=True, slots=True)
class Choice:
    """A decision that is not a card: a bid, pass, a suit for Trumpf, a meld, done..."""

    label: str
    action: Any


@dataclass(frozen=True, slots=True)
class Panels:
    """One game's drawing for the full-screen table."""

    status: Callable[[Any, Sequence[str], Strings], list[Text]]
    seats: Callable[[Any, Sequence[str], Strings], list[Text]]
    trick: Callable[[Any, Sequence[str], Strings], Text]
    phase: Callable[[Any, Sequence[str], Strings], list[Text]]
    slots: Callable[[Any], list[Slot]]
    choices: Callable[[Any, Strings], list[Choice]]
    picks: Callable[[Any], int]
    """How many cards the current decision takes at once (the discard: the Dabb's size)."""


def seat_line(tr: Strings, cards: int, tricks: int) -> str:
    """``12 cards · 1 Stich``: a seat's cards in hand and Stiche won, in the right number.

    >>> seat_line(Strings("en"), 1, 1), seat_line(Strings("de"), 2, 0)
    ('1 card · 1 Stich', '2 Karten · 0 Stiche')
    """
    return tr("tui_seat_line", cards=tr("tui_cards_1") if cards == 1 else tr("tui_cards", n=cards),
              tricks=tr("tui_stiche_1") if tricks == 1 else tr("tui_stiche", n=tricks))


def _team_word(view: Any, seat: int, names: Sequence[str], tr: Strings) -> str:
    if view.rules.teams:
        if seat in side_of(view.rules, view.seat) and seat != view.seat:
            return f" ({tr('tui_partner')})"
        return ""
    # One against three: the others are one side against the declarer.
    alone = view.rules.players > 3 and not view.rules.dealer_sits_out
    if alone and seat == view.declarer:
        return f" ({tr('tui_alone')})"
    return ""


# --- Binokel ------------------------------------------------------------------------------------

def binokel_status(view: Any, names: Sequence[str], tr: Strings) -> list[Text]:
    rules = view.rules
    goal = (tr("game_hands", hands=rules.fixed_hands) if rules.fixed_hands
            else tr("game_to", target=rules.target))
    first = Text(f"{tr('hand_no', n=view.hand_no + 1).capitalize()} · {goal} · "
                 f"{tr('dealer')} {names[view.dealer]}", style=HEADING)
    if rules.name != game_of(rules).rule_set_names()[0]:  # not the game's default
        first.append(f" · {rules.name}")
    second = Text()
    if view.contract is not None and view.contract.is_durch:
        second.append("Durch", style=HEADING)
    elif view.trump is not None:
        second.append(f"{tr('tui_trump')} ")
        second.append_text(suit_text(view.trump))
        second.append(f" {tr.suit_name(view.trump)}")
    else:
        second.append(f"{tr('tui_trump')} {tr('no_trump')}", style=DIM)
    if view.declarer is not None:
        side = " & ".join(names[s] for s in side_of(rules, view.declarer))
        second.append(f" · {tr('declarer')} {names[view.declarer]} · {tr('bid')} {view.bid}")
        second.append(" · " + tr("tui_side_points", side=side, points=declarer_side_points(view),
                                 bid=view.bid))
    else:
        second.append(f" · {tr('bid')} {view.bid}")
    return [first, second, binokel_totals(view, names, tr)]


def binokel_totals(view: Any, names: Sequence[str], tr: Strings) -> Text:
    """The game's score so far: each seat's total, or each team's in team games."""
    rules = view.rules
    sides = [tuple(team) for team in rules.teams] or [(s,) for s in range(rules.players)]
    out = Text(f"{tr('tui_totals')} ", style=HEADING)
    out.append(" · ".join(f"{' & '.join(names[s] for s in side)} {view.scores[side[0]]}"
                          for side in sides))
    return out


def binokel_seats(view: Any, names: Sequence[str], tr: Strings) -> list[Text]:
    parts: list[Text] = []
    for seat in range(view.rules.players):
        if seat == view.seat:
            continue
        part = Text(f"{names[seat]}{_team_word(view, seat, names, tr)}", style=HEADING)
        if seat not in view.active:
            part.append(f" {tr('tui_sits_out')}", style=DIM)
        else:
            part.append(" " + seat_line(tr, view.hand_sizes[seat], view.tricks_won[seat]))
        if seat == view.to_move:
            part.append(" ◀", style=HEADING)
        parts.append(part)
    mine = Text(f"{names[view.seat]}{_mine(view, names, tr)}", style=HEADING)
    mine.append(" " + seat_line(tr, view.hand_sizes[view.seat], view.tricks_won[view.seat]))
    if len(parts) > 2:  # four at the table: a line each, so that no seat is cut in two
        return [*parts, mine]
    return [Text(" │ ").join(parts), mine]


def _mine(view: Any, names: Sequence[str], tr: Strings) -> str:
    if view.rules.teams:
        partners = [names[s] for s in side_of(view.rules, view.seat) if s != view.seat]
        return f" ({tr('tui_with', names=' & '.join(partners))})"
    return ""


def binokel_trick(view: Any, names: Sequence[str], tr: Strings) -> Text:
    if view.phase is not Phase.PLAY:
        return Text(tr("tui_no_trick"), style=DIM)
    out = Text(f"{tr('trick', n=len(view.tricks) + 1)} / {view.rules.hand_size}: ",
               style=HEADING)
    if view.trick:
        out.append_text(trick_line(view.trick, names))
    elif view.leader == view.seat:
        out.append(tr("you_lead"))
    else:
        out.append(tr("leads", name=names[view.leader]))
    return out


def binokel_phase(view: Any, names: Sequence[str], tr: Strings) -> list[Text]:
    """The auction while it runs, the Dabb and laid-away cards until trumps are named, and the
    melds during the first Stich; folded away after."""
    lines: list[Text] = []
    if view.phase in (Phase.AUCTION, Phase.DABB) or (view.phase is not Phase.PLAY and view.bids):
        lines.append(render_auction(view, names, tr))
    if view.phase in (Phase.DABB, Phase.DISCARD, Phase.TRUMP):
        dabb = render_dabb(view, tr)
        if dabb is not None:
            lines.append(dabb)
    if view.phase is Phase.PLAY and len(view.tricks) < 1 and any(view.melds):
        for seat in view.active:
            line = Text(f"{tr('melds')} {names[seat]}: ")
            if view.melds[seat]:
                line.append_text(Text(", ").join(
                    Text(f"{tr.meld(m.name)} ").append_text(cards_text(m.cards))
                    for m in view.melds[seat]))
                line.append(f" = {meld_total(view.melds[seat])}", style=HEADING)
            else:
                line.append(tr("no_melds"), style=DIM)
            lines.append(line)
    return lines


def binokel_slots(view: Any) -> list[Slot]:
    cards = hand_order(view)
    chosen: dict[Card, Any] = {}
    if view.is_my_turn:
        for action in view.legal_actions:
            if isinstance(action, A.Play | A.Discard):
                chosen[action.card] = action
    return [Slot(i, card, chosen.get(card), card.suit.symbol) for i, card in enumerate(cards, 1)]


def binokel_choices(view: Any, tr: Strings) -> list[Choice]:
    if not view.is_my_turn:
        return []
    out = [Choice(tr.action(a), a) for a in view.legal_actions
           if not isinstance(a, A.Play | A.Discard)]
    bids = [c for c in out if isinstance(c.action, A.Bid)]
    if len(bids) > 6:  # jumps: the lowest bids, and the rest by typing
        out = [c for c in out if not isinstance(c.action, A.Bid)] + bids[:6]
    return out


def binokel_picks(view: Any) -> int:
    if view.phase is Phase.DISCARD and view.is_my_turn:
        return int(view.rules.dabb_size - len(view.discard or ()))
    return 1


# --- Binocle (and Bézique) -----------------------------------------------------------------------

def binocle_status(view: Any, names: Sequence[str], tr: Strings) -> list[Text]:
    first = Text(f"{tr('hand_no', n=view.hand_no + 1).capitalize()} · "
                 f"{tr('b_game_to', target=view.target)} · {tr('dealer')} {names[view.dealer]}",
                 style=HEADING)
    if view.rules.name != game_of(view.rules).rule_set_names()[0]:  # not the game's default
        first.append(f" · {view.rules.name}")
    second = Text(f"{tr('tui_trump')} ")
    second.append_text(suit_text(view.trump))
    second.append(f" {tr.suit_name(view.trump)} · ")
    if view.turned is not None:
        second.append(tr("tui_stock", n=view.stock_size) + " ")
        second.append_text(card_text(view.turned))
    else:
        second.append(tr("tui_stock_gone"))
    second.append(" · ")
    second.append(f"{tr('tui_totals')} ", style=HEADING)
    second.append(" · ".join(f"{names[s]} {view.claim_total(s)}" for s in (0, 1)))
    return [first, second]


def binocle_seats(view: Any, names: Sequence[str], tr: Strings) -> list[Text]:
    lines = []
    for seat in (1 - view.seat, view.seat):
        won = sum(1 for t in view.tricks if t.winner == seat)
        line = Text(names[seat], style=HEADING)
        line.append(" " + seat_line(tr, view.hand_sizes[seat], won))
        melds = view.melds[seat]
        total = sum(m.points for m in melds) + view.dix_points[seat]
        if total:
            line.append(f" · {tr('melds')} {total}")
        table = view.table(seat)
        if table and view.stock_lasts and seat != view.seat:
            line.append(f" · {tr('b_on_table')}: ")
            line.append_text(cards_text(table))
        if seat == view.to_move:
            line.append(" ◀", style=HEADING)
        lines.append(line)
    return lines


def binocle_trick(view: Any, names: Sequence[str], tr: Strings) -> Text:
    tricks = view.rules.pack_size // 2
    out = Text(f"{tr('trick', n=len(view.tricks) + (1 if view.phase is BPhase.PLAY else 0))} / "
               f"{tricks}: ", style=HEADING)
    if view.phase is BPhase.MELD:
        last = view.tricks[-1]
        out.append_text(trick_line(list(zip(last.seats(), last.cards, strict=True)), names))
        out.append(f" — {tr('won_by', name=names[last.winner])}")
    elif view.trick:
        out.append_text(trick_line(view.trick, names))
    elif view.leader == view.seat:
        out.append(tr("you_lead"))
    else:
        out.append(tr("leads", name=names[view.leader]))
    return out


def binocle_phase(view: Any, names: Sequence[str], tr: Strings) -> list[Text]:
    if view.phase is BPhase.MELD and view.is_my_turn:
        return [Text(tr("b_meld_list"), style=HEADING)]
    return []


def binocle_slots(view: Any) -> list[Slot]:
    chosen: dict[tuple[Card, bool], Any] = {}
    if view.is_my_turn:
        for action in view.legal_actions:
            if isinstance(action, BA.Play):
                chosen[(action.card, action.from_table)] = action
    return [Slot(i, card, chosen.get((card, on_table)),
                 "table" if on_table else card.suit.symbol)
            for i, (card, on_table) in enumerate(numbered_cards(view), 1)]


def binocle_choices(view: Any, tr: Strings) -> list[Choice]:
    if not view.is_my_turn or view.phase is not BPhase.MELD:
        return []
    out: list[Choice] = []
    for action in meld_choices(view):
        if isinstance(action, BA.Meld):
            out.append(Choice(f"{meld_label(action, tr)} {action.meld.points(view.rules)}",
                              action))
        else:
            out.append(Choice(tr.action(action), action))
    out.append(Choice(tr.action(BA.DONE), BA.DONE))
    return out


BINOKEL_PANELS = Panels(status=binokel_status, seats=binokel_seats, trick=binokel_trick,
                        phase=binokel_phase, slots=binokel_slots, choices=binokel_choices,
                        picks=binokel_picks)
BINOCLE_PANELS = Panels(status=binocle_status, seats=binocle_seats, trick=binocle_trick,
                        phase=binocle_phase, slots=binocle_slots, choices=binocle_choices,
                        picks=lambda view: 1)

#: The panels of each game by its name; Bézique is played by the Binocle engine.
PANELS: dict[str, Panels] = {"binokel": BINOKEL_PANELS, "binocle": BINOCLE_PANELS,
                             "bezique": BINOCLE_PANELS}


def panels_for(state: object) -> Panels:
    """The panels of the game a state belongs to, by the game's name."""
    return PANELS[game_of(state).name]


__all__ = ["BINOCLE_PANELS", "BINOKEL_PANELS", "PANELS", "Choice", "Panels", "Slot",
           "panels_for"]
