"""Drawing the table for one seat: pure functions from a view to lines of styled text.

Every function returns :class:`rich.text.Text` lines; a colour terminal prints them with their
styles, a pipe prints ``text.plain``.  Nothing here reads input or knows the full game state: the
screen shows exactly what the seat's :class:`~binokel.games.binokel.views.View` holds.

>>> from binokel import new_game
>>> from binokel.ui.i18n import Strings
>>> view = new_game(seed=7).view(0)
>>> [line.plain for line in render_hand(view, Strings("de"))][:2]
['Deine Karten', '  ♠    1 A♠   2 A♠   3 10♠   4 Q♠   5 Q♠']
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text

from ..cards import Card, Suit, sort_cards
from ..games import game_of
from ..games.binokel.actions import Play
from ..games.binokel.game import Phase
from ..games.binokel.melds import meld_total
from ..games.binokel.rules import Rules
from ..games.binokel.scoring import Contract, HandResult, side_of
from ..games.binokel.tricks import Trick, trick_winner
from ..games.binokel.views import View
from .i18n import Strings

#: Suit colours on a colour terminal: red hearts, yellow (Schellen) diamonds, green clubs, and
#: blue spades, so that all four suits stay apart at a glance.
SUIT_STYLES: dict[Suit, str] = {
    Suit.CLUBS: "green",
    Suit.SPADES: "bright_blue",
    Suit.HEARTS: "bright_red",
    Suit.DIAMONDS: "yellow",
}
HEADING = "bold"
DIM = "dim"


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened at the table, told with a message key and its values."""

    key: str
    values: Mapping[str, Any]


def hand_order(view: View) -> list[Card]:
    """The seat's cards in the order the screen numbers them (by suit, high to low)."""
    return sort_cards(view.hand)


def card_text(card: Card) -> Text:
    return Text(str(card), style=SUIT_STYLES[card.suit])


def suit_text(suit: Suit) -> Text:
    return Text(suit.symbol, style=SUIT_STYLES[suit])


def cards_text(cards: Iterable[Card], sep: str = " ") -> Text:
    return Text(sep).join(card_text(c) for c in cards)


def styled(template: str, values: Mapping[str, Any]) -> Text:
    """Fill a message template, giving cards and suits their colours."""
    out = Text()
    for literal, field, spec, _ in string.Formatter().parse(template):
        out.append(literal)
        if field is None:
            continue
        value = values[field]
        if isinstance(value, Card):
            out.append_text(card_text(value))
        elif isinstance(value, Suit):
            out.append_text(suit_text(value))
        elif isinstance(value, (list, tuple)) and all(isinstance(v, Card) for v in value):
            out.append_text(cards_text(value))
        else:
            out.append(format(value, spec or ""))
    return out


@dataclass(frozen=True, slots=True)
class MeldName:
    """A meld's name in an event, told in the screen's language when the event is shown."""

    name: str
    suit: Suit | None = None

    def told(self, tr: Strings) -> str:
        word = tr.meld(self.name)
        return f"{word} {self.suit.symbol}" if self.suit is not None and self.name != "dix" \
            else word


def event_text(event: Event, tr: Strings) -> Text:
    values = {k: v.told(tr) if isinstance(v, MeldName) else v for k, v in event.values.items()}
    return styled(tr.template(event.key, values), values)


# --- the parts of the table ---------------------------------------------------------------------

def render_header(view: View, names: Sequence[str], tr: Strings) -> list[Text]:
    rules = view.rules
    goal = (tr("game_hands", hands=rules.fixed_hands) if rules.fixed_hands
            else tr("game_to", target=rules.target))
    title = Text(f"{tr('title')} · {tr('hand_no', n=view.hand_no + 1).capitalize()} · {goal}",
                 style=HEADING)
    if rules.name != game_of(rules).rule_set_names()[0]:  # not the game's default
        title.append(f" · {rules.name}")
    line = Text(f"{tr('dealer')} {names[view.dealer]}")
    if view.declarer is not None:
        line.append(f" · {tr('declarer')} {names[view.declarer]} · {tr('bid')} {view.bid}")
    line.append(f" · {tr('trump')}: ")
    if view.trump is not None and view.contract in (Contract.TRUMP, Contract.GIVE_UP):
        line.append_text(suit_text(view.trump))
        line.append(f" {tr.suit_name(view.trump)}")
    elif view.contract is not None and view.contract.is_durch:
        line.append(tr("durch"))
    else:
        line.append(tr("no_trump"))
    return [title, line]


def render_auction(view: View, names: Sequence[str], tr: Strings) -> Text:
    """Every bid and pass in order; a long duel shows its first and last bids around ``…``."""
    parts: list[str] = []
    run: list[str] = []  # bids since the last pass

    def flush() -> None:
        parts.extend(run if len(run) <= 5 else [*run[:2], "…", *run[-2:]])
        run.clear()

    for seat, value in view.bids:
        if value:
            run.append(f"{names[seat]} {value}")
        else:
            flush()
            parts.append(f"{names[seat]} {tr('pass_word')}")
    flush()
    return Text(f"{tr('auction')}: " + " · ".join(parts))


def render_dabb(view: View, tr: Strings) -> Text | None:
    if view.dabb is None:
        return None
    out = Text(f"{tr('dabb')}: ")
    out.append_text(cards_text(view.dabb))
    laid = view.discard or getattr(view, "shown_discard", ())
    if laid:  # the declarer's own discard, or trumps laid away that everyone is shown
        out.append(f"   ({tr('laid_away')}: ")
        out.append_text(cards_text(laid))
        out.append(")")
    return out


def render_melds(view: View, names: Sequence[str], tr: Strings) -> list[Text]:
    if not any(view.melds):
        return []
    lines = [Text(f"{tr('melds')}:")]
    width = max(len(names[s]) for s in view.active)
    for seat in view.active:
        melds = view.melds[seat]
        line = Text(f"  {names[seat]:<{width}}  ")
        if not melds:
            line.append(tr("no_melds"), style=DIM)
        for i, meld in enumerate(melds):
            if i:
                line.append(", ")
            line.append(f"{tr.meld(meld.name)} ")
            line.append_text(cards_text(meld.cards))
            line.append(f" {meld.points}")
        if melds:
            line.append(f" = {meld_total(melds)}", style=HEADING)
        lines.append(line)
    return lines


def trick_line(trick: Sequence[tuple[int, Card]], names: Sequence[str]) -> Text:
    return Text(" · ").join(Text(f"{names[seat]} ").append_text(card_text(card))
                            for seat, card in trick)


def render_trick(view: View, names: Sequence[str], tr: Strings) -> Text | None:
    if view.phase is not Phase.PLAY:
        return None
    out = Text(f"{tr('trick', n=len(view.tricks) + 1)}: ", style=HEADING)
    if view.leader == view.seat and not view.trick:
        out.append(tr("you_lead"))
        return out
    out.append(tr("leads", name=names[view.leader]))
    if view.trick:
        out.append(": ")
        out.append_text(trick_line(view.trick, names))
    return out


def render_tricks_won(view: View, names: Sequence[str], tr: Strings) -> Text | None:
    if view.phase is not Phase.PLAY or not view.tricks:
        return None
    parts = [f"{names[s]} {view.tricks_won[s]} ({view.trick_points[s]})" for s in view.active]
    return Text(f"{tr('tricks_won')}: " + " · ".join(parts))


def render_hand(view: View, tr: Strings) -> list[Text]:
    """The seat's cards, one suit a line, numbered; legal cards marked with ``*``."""
    cards = hand_order(view)
    legal: set[Card] | None = None
    if view.phase is Phase.PLAY and view.is_my_turn:
        legal = {a.card for a in view.legal_actions if isinstance(a, Play)}
    lines = [Text(tr("your_hand"), style=HEADING)]
    current: Text | None = None
    suit: Suit | None = None
    for number, card in enumerate(cards, 1):
        if card.suit is not suit:
            suit = card.suit
            current = Text("  ").append_text(suit_text(suit)).append(" ")
            lines.append(current)
        assert current is not None
        playable = legal is None or card in legal
        current.append(f"  {number:>2} ", style="" if playable else DIM)
        current.append_text(card_text(card) if playable else Text(str(card), style=DIM))
        if legal is not None and playable:
            current.append("*", style=HEADING)
    if legal is not None and len(legal) < len(set(cards)):
        lines.append(Text(f"  {tr('legend')}", style=DIM))
    return lines


def render_last_trick(view: View, names: Sequence[str], tr: Strings) -> Text:
    trick = view.last_trick
    if trick is None:
        return Text(tr("no_last_trick"))
    return last_trick_text(trick, view.active, names, tr)


def last_trick_text(trick: Trick, active: Sequence[int], names: Sequence[str],
                    tr: Strings) -> Text:
    seats = trick.seats(active) if trick.leader in active else list(range(len(trick.cards)))
    out = Text(f"{tr('last_trick')}: ", style=HEADING)
    out.append_text(trick_line(list(zip(seats, trick.cards, strict=True)), names))
    out.append(f" — {tr('won_by', name=names[trick.winner])}")
    return out


# --- the score sheet ----------------------------------------------------------------------------

def _short(name: str, width: int) -> str:
    return name if len(name) <= width else name[: width - 1] + "."


def _game_cell(result: HandResult, tr: Strings) -> Text:
    contract = result.contract
    if contract is Contract.GIVE_UP:
        out = Text(f"{tr('out_word')} ")
        if result.trump is not None:
            out.append_text(suit_text(result.trump))
        return out
    mark = " ✓" if result.made else " ✗"
    if contract.is_durch:
        return Text("Durch" + mark.strip())
    out = Text()
    if result.trump is not None:
        out.append_text(suit_text(result.trump))
    out.append(mark)
    return out


def sheet_columns(seats: Sequence[int], teams: Sequence[Sequence[int]],
                  names: Sequence[str]) -> list[tuple[tuple[int, ...], str]]:
    """The score sheet's columns: one per team in a team game (partners add their points, so
    one number stands for both), else one per seat; each with its seats and its name."""
    if teams:
        return [(tuple(team), "&".join(names[s] for s in team)) for team in teams]
    return [((seat,), names[seat]) for seat in seats]


def render_sheet(results: Sequence[HandResult], seats: Sequence[int], names: Sequence[str],
                 tr: Strings, *, last: int | None = None,
                 teams: Sequence[Sequence[int]] = ()) -> list[Text]:
    """The score sheet, one line a hand: dealer, declarer, bid, game; per seat (per team in a
    team game) melds, hand score and running total.  ``last`` keeps only the latest hands (the
    totals stay)."""
    lines = [Text(tr("score_sheet"), style=HEADING)]
    if not results:
        lines.append(Text(f"  {tr('no_hands')}", style=DIM))
        return lines
    columns = sheet_columns(seats, teams, names)
    # 29 columns for the hand, 17 per seat: three players fit an 80-column terminal; from
    # four players the melds column goes (the ``score`` command still shows it): 12 per seat.
    compact = len(columns) > 3
    width = 11 if compact else 16
    dealer, declarer, bid, game = tr("sheet_head").split()
    head = Text(f" # {dealer:<6.6} {declarer:<7.7} {bid:>4} {game:<6.6}")
    sub = Text(" " * len(head.plain))
    _, hand_word, total_word = tr("sheet_sub").split()
    sub_text = f"{hand_word:>5.5} {total_word:>5.5}" if compact else tr("sheet_sub")
    for _, name in columns:
        head.append(f"│{_short(name, width):^{width}}")
        sub.append(f"│{sub_text:>{width}.{width}}")
    lines += [head, sub]
    shown = results if last is None or len(results) <= last else results[-last:]
    for result in shown:
        row = Text(f"{result.hand_no + 1:>2} {_short(names[result.dealer], 6):<6} "
                   f"{_short(names[result.declarer], 7):<7} {result.bid:>4} ")
        cell = _game_cell(result, tr)
        row.append_text(cell)
        row.append(" " * max(0, 6 - len(cell.plain)))
        for column, _ in columns:
            seat = column[0]
            points = sum(result.meld_points[s] for s in column)
            melds = "" if compact else f"{points:>4} "
            row.append(f"│{melds}{result.scores[seat]:>5} ")
            row.append(f"{result.totals[seat]:>5}", style=HEADING)
        lines.append(row)
    totals = results[-1].totals
    foot = Text(f"{tr('total'):<{len(head.plain) - (width + 1) * len(columns)}}")
    for column, _ in columns:
        foot.append(f"│{'':>{width - 5}}")
        foot.append(f"{totals[column[0]]:>5}", style=HEADING)
    lines.append(foot)
    return lines


def render_sheet_details(results: Sequence[HandResult], seats: Sequence[int],
                         names: Sequence[str], tr: Strings, *,
                         teams: Sequence[Sequence[int]] = ()) -> list[Text]:
    """The whole score sheet with every number of every hand (the ``score`` command)."""
    lines = [Text(tr("score_sheet"), style=HEADING)]
    if not results:
        lines.append(Text(f"  {tr('no_hands')}", style=DIM))
        return lines
    width = max(8, *(len(names[s]) for s in seats))
    for result in results:
        title = Text(f"{tr('hand_no', n=result.hand_no + 1).capitalize()} · {tr('dealer')} "
                     f"{names[result.dealer]} · {tr('declarer')} {names[result.declarer]} · "
                     f"{tr('bid')} {result.bid} · ", style=HEADING)
        title.append_text(_game_cell(result, tr))
        lines.append(title)
        lines.append(Text(" " * 12 + "".join(f"{names[s]:>{width + 2}}" for s in seats)))
        rows = (
            (tr("row_melds"), result.meld_points),
            (tr("row_tricks"), result.trick_points),
            (tr("row_score"), result.scores),
            (tr("row_total"), result.totals),
        )
        for label, numbers in rows:
            lines.append(Text(f"  {label:<10}" + "".join(f"{numbers[s]:>{width + 2}}"
                                                         for s in seats)))
        if result.contract is not Contract.GIVE_UP and not result.contract.is_durch:
            lines.append(Text(f"  {tr('row_discards', points=result.discard_points)}",
                              style=DIM))
        if teams:  # partners score together: the hand and the total once per team
            lines.append(Text("  " + " · ".join(
                f"{tr('sum_team', names=' & '.join(names[s] for s in team))} "
                f"{result.scores[team[0]]:+d} = {result.totals[team[0]]}" for team in teams),
                style=HEADING))
    return lines


# --- whole screens ------------------------------------------------------------------------------

def render_table(view: View, names: Sequence[str], tr: Strings, *,
                 events: Sequence[Event] = (), sheet_hands: int = 6) -> list[Text]:
    """Everything the seat needs at a decision: header, Reizen, Dabb, melds, Stich, hand,
    score sheet, and what happened since the seat's last move."""
    lines = render_header(view, names, tr)
    sides = render_sides(view.rules, names, tr, view.declarer)
    if sides is not None:
        lines.append(sides)
    lines.append(render_auction(view, names, tr))
    for part in (render_dabb(view, tr),):
        if part is not None:
            lines.append(part)
    lines += render_melds(view, names, tr)
    lines.append(Text())
    for line in render_sheet(view.results, _seats(view), names, tr, last=sheet_hands,
                             teams=view.rules.teams):
        lines.append(line)
    if events:
        lines.append(Text())
        lines.append(Text(f"{tr('recent')}:", style=HEADING))
        lines += [Text("  ").append_text(event_text(e, tr)) if e is not None else Text("  …")
                  for e in compact_events(events)]
    lines.append(Text())
    if view.phase is Phase.PLAY:
        status = render_status(view, names, tr)
        if status is not None:
            lines.append(status)
    for part in (render_tricks_won(view, names, tr), render_trick(view, names, tr)):
        if part is not None:
            lines.append(part)
    lines += render_hand(view, tr)
    return lines


def compact_events(events: Sequence[Event], *, keep: int = 2) -> list[Event | None]:
    """The events with each long run of bids shortened to its first and last ``keep`` (None
    stands for the bids left out)."""
    out: list[Event | None] = []
    run: list[Event] = []

    def flush() -> None:
        out.extend(run if len(run) <= 2 * keep + 1 else [*run[:keep], None, *run[-keep:]])
        run.clear()

    for event in events:
        if event.key == "bids":
            run.append(event)
        else:
            flush()
            out.append(event)
    flush()
    return out


def _seats(view: View) -> list[int]:
    return list(range(view.rules.players))


def render_sides(rules: Rules, names: Sequence[str], tr: Strings,
                 declarer: int | None = None) -> Text | None:
    """Who plays with whom: the teams of a team game, or one against three at four."""
    if rules.teams:
        return Text(tr("rules_teams", teams=f" {tr('against')} ".join(
            " & ".join(names[s] for s in team) for team in rules.teams)))
    if rules.players > 3 and not rules.dealer_sits_out:
        if declarer is None:
            return Text(tr("rules_one_against_all"))
        others = " & ".join(names[s] for s in range(rules.players) if s != declarer)
        return Text(tr("one_against", name=names[declarer], others=others))
    return None


def render_rules(rules: Rules, tr: Strings, names: Sequence[str] = ()) -> list[Text]:
    description = tr.rules_description(rules.name, rules.description)
    lines = [Text(tr("rules_head", name=rules.name, description=description), style=HEADING),
             Text(tr("rules_seats", players=rules.active_players, hand=rules.hand_size,
                     dabb=rules.dabb_size)),
             Text(tr("rules_bids", min_bid=rules.min_bid, step=rules.bid_step,
                     jumps=tr("rules_jumps") if rules.bid_jumps else ""))]
    if rules.fixed_hands:
        lines.append(Text(tr("rules_fixed", hands=rules.fixed_hands)))
    else:
        lines.append(Text(tr("rules_target", target=rules.target)))
    lines.append(Text(tr("rules_duties")))
    lines.append(Text(tr("rules_durch", value=rules.durch_value, bonus=rules.give_up_bonus)))
    sides = render_sides(rules, names or [f"{n}" for n in range(rules.players)], tr)
    if sides is not None:
        lines.append(sides)
    lines.append(Text(tr("rules_more"), style=DIM))
    return lines


def render_final(view: View, names: Sequence[str], tr: Strings) -> list[Text]:
    seats = _seats(view)
    lines = [Text(tr("game_over"), style=HEADING)]
    lines += render_sheet(view.results, seats, names, tr, teams=view.rules.teams)
    lines.append(Text())
    winners = " & ".join(names[s] for s in view.winners)
    if tuple(view.winners) == (view.seat,):
        lines.append(Text(tr("wins_game_you"), style=HEADING))
    else:
        key = "wins_game" if len(view.winners) == 1 else "win_game"
        lines.append(Text(tr(key, names=winners), style=HEADING))
    lines.append(Text(f"{tr('final_totals')}: " + " · ".join(
        f"{names[s]} {view.scores[s]}" for s in seats)))
    return lines


def hint_facts(view: View, action: object, tr: Strings) -> str | None:
    """What can be said for a suggested move without the bot's reasoning: that it is forced,
    or whether a card takes the Stich as it stands."""
    if len(view.legal_actions) == 1:
        return tr("hint_only")
    if isinstance(action, Play) and view.trick:
        cards = [card for _, card in view.trick] + [action.card]
        points = sum(card.points for card in cards)
        if trick_winner(cards, view.trump) == len(cards) - 1:
            return tr("hint_takes", card=action.card, points=points)
        return tr("hint_gives", card=action.card, points=action.card.points)
    return None


def prompt_for(view: View, tr: Strings) -> str:
    """The prompt of the seat's current decision."""
    phase = view.phase
    if phase is Phase.AUCTION:
        higher = [str(a) for a in view.legal_actions if str(a).isdigit()]
        if higher:  # one bid, or a range where jumps are allowed
            bid = higher[0] if len(higher) == 1 else f"{higher[0]}–{higher[-1]}"
            return tr("prompt_bid", bid=bid)
        return tr("prompt_pass", bid=view.bid)
    if phase is Phase.DABB:
        return tr("prompt_dabb")
    if phase is Phase.DISCARD:
        left = view.rules.dabb_size - len(view.discard or ())
        return tr("prompt_discard", left=left)
    if phase is Phase.TRUMP:
        durch = tr("prompt_durch") if view.rules.durch_allowed else ""
        if view.rules.open_durch:
            durch += tr("prompt_open")
        return tr("prompt_trump", durch=durch)
    return tr("prompt_card", n=len(view.tricks) + 1, trump=trump_word(view, tr))


def trump_word(view: View, tr: Strings) -> str:
    """``Trumpf ♥`` or ``Durch``: what a player must keep in mind at every card."""
    if view.contract is not None and view.contract.is_durch:
        return "Durch"
    if view.trump is not None:
        return tr("trump_is", suit=view.trump.symbol)
    return tr("no_trump")


def declarer_side_points(view: View) -> int:
    """What the declarer's side has so far this hand as this seat may know it: its melds and
    Stiche, and the cards laid away when this seat laid them."""
    if view.declarer is None:
        return 0
    side = side_of(view.rules, view.declarer)
    melds = sum(meld_total(view.melds[s]) for s in side)
    tricks = sum(view.trick_points[s] for s in side)
    laid = sum(c.points for c in view.discard or ())
    return melds + tricks + laid


def side_name(view: View, seat: int, names: Sequence[str]) -> str:
    """A seat's side by name: ``Anna & Sepp`` in a team game, else the seat's name."""
    return " & ".join(names[s] for s in side_of(view.rules, seat))


def render_status(view: View, names: Sequence[str], tr: Strings) -> Text | None:
    """One line to keep beside the trick: Trumpf, the declarer and bid, the side's points."""
    if view.declarer is None:
        return None
    key = "status_declarer_you" if view.declarer == view.seat else "status_declarer"
    out = Text()
    trump = trump_word(view, tr)
    if view.trump is not None and trump != "Durch":
        out.append(trump.removesuffix(view.trump.symbol))
        out.append_text(suit_text(view.trump))
    else:
        out.append(trump)
    out.append(" · " + tr(key, name=names[view.declarer], bid=view.bid))
    out.append(" · " + tr("status_side", side=side_name(view, view.declarer, names),
                          points=declarer_side_points(view)))
    return out


__all__ = [
    "Event", "MeldName", "card_text", "cards_text", "compact_events", "event_text", "hand_order",
    "hint_facts", "last_trick_text",
    "prompt_for", "render_auction", "render_dabb", "render_final", "render_hand",
    "render_header", "render_last_trick", "render_melds", "render_rules", "render_sheet",
    "render_sheet_details", "render_table", "render_trick", "styled",
]
