"""Drawing a Binocle table for one seat: pure functions from a Binocle view to styled lines.

The Binocle twin of :mod:`binokel.ui.render`, sharing its colours and score-sheet layout.  The
screen shows what the seat's :class:`~binokel.games.binocle.BinocleView` holds: the hand and the
seat's melded cards on the table (numbered together), both players' melds, the turned trump
card and the size of the stock, the trick, the scores, and — after a trick won — the numbered
melds and dix the seat may score.

>>> from binokel.games.binocle import new_binocle_game
>>> from binokel.ui.i18n import Strings
>>> view = new_binocle_game(seed=7).view(0)
>>> [line.plain for line in render_binocle_hand(view, Strings("en"))][:2]
['Your hand', '  ♣    1 A♣*   2 10♣*   3 Q♣*']
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from ..cards import CARDS, Card, sort_cards
from ..games import game_of
from ..games.binocle import (
    BinocleHandResult,
    BinocleState,
    BinocleView,
    Ending,
    Phase,
    ScoredMeld,
)
from ..games.binocle import actions as A
from ..games.binocle.melds import MeldKind, meld_word
from .i18n import Strings
from .render import (
    DIM,
    HEADING,
    Event,
    MeldName,
    _short,
    card_text,
    cards_text,
    compact_events,
    event_text,
    suit_text,
    trick_line,
)


def numbered_cards(view: BinocleView) -> list[tuple[Card, bool]]:
    """The seat's cards in the order the screen numbers them: the hand by suit, high to low,
    then the melded cards on the table (``True``) while the stock lasts."""
    cards = [(card, False) for card in sort_cards(view.hand)]
    if view.stock_lasts:
        cards += [(card, True) for card in sort_cards(view.table(view.seat))]
    return cards


def meld_choices(view: BinocleView) -> list[A.Meld | A.ExchangeDix | A.ShowDix]:
    """The melds and dix actions open to the seat after a trick won, as the screen numbers
    them."""
    return [a for a in view.legal_actions if isinstance(a, A.Meld | A.ExchangeDix | A.ShowDix)]


def meld_label(meld: ScoredMeld | A.Meld, tr: Strings) -> str:
    """A meld's name in the screen's language, with its suit where it has one."""
    return MeldName(meld.meld.name, meld.meld.suit).told(tr)


# --- the parts of the table ---------------------------------------------------------------------

def render_binocle_header(view: BinocleView, names: Sequence[str], tr: Strings) -> list[Text]:
    game = game_of(view.rules)
    title = Text(f"{game.title} · {tr('hand_no', n=view.hand_no + 1).capitalize()} · "
                 f"{tr('b_game_to', target=view.target)}", style=HEADING)
    if view.rules.name != game.rule_set_names()[0]:  # not the game's default
        title.append(f" · {view.rules.name}")
    line = Text(f"{tr('dealer')} {names[view.dealer]} · {tr('trump')}: ")
    line.append_text(suit_text(view.trump))
    line.append(f" {tr.suit_name(view.trump)} · {tr('b_turned')} ")
    line.append_text(card_text(view.turned_up))
    if view.turned is not None:
        stock = _filled(tr, "b_stock_line", n=view.stock_size, card=view.turned)
    else:
        stock = Text(tr("b_stock_gone"))
    scores = Text(f"{tr('b_scores')}: ")
    scores.append(" · ".join(tr("b_score_item", name=names[s], score=view.scores[s],
                                points=view.points[s], total=view.claim_total(s))
                             for s in (0, 1)))
    return [title, line, stock, scores]


def render_binocle_melds(view: BinocleView, names: Sequence[str], tr: Strings) -> list[Text]:
    """Each player's melds of this hand with points, and the melded cards still on the
    table."""
    if not any(view.melds) and not any(view.dix_points) and not any(view.tables):
        return []
    lines = [Text(f"{tr('b_melds')}:")]
    width = max(len(n) for n in names)
    for seat in (0, 1):
        line = Text(f"  {names[seat]:<{width}}  ")
        melds = view.melds[seat]
        parts: list[Text] = []
        for meld in melds:
            part = Text(f"{meld_label(meld, tr)} ")
            part.append_text(cards_text(meld.cards))
            part.append(f" {meld.points}")
            parts.append(part)
        if view.dix_points[seat]:
            parts.append(Text(f"{tr.meld(meld_word(MeldKind.DIX, view.rules.game))} "
                              f"{view.dix_points[seat]}"))
        if parts:
            line.append_text(Text(", ").join(parts))
            total = sum(m.points for m in melds) + view.dix_points[seat]
            line.append(f" = {total}", style=HEADING)
        else:
            line.append(tr("no_melds"), style=DIM)
        table = view.table(seat)
        if table and view.stock_lasts:
            line.append(f" · {tr('b_on_table')}: ")
            line.append_text(cards_text(table))
        lines.append(line)
    return lines


def render_binocle_trick(view: BinocleView, names: Sequence[str], tr: Strings) -> Text | None:
    if view.phase is not Phase.PLAY:
        return None
    out = Text(f"{tr('trick', n=len(view.tricks) + 1)}: ", style=HEADING)
    if view.leader == view.seat and not view.trick:
        out.append(tr("you_lead"))
    else:
        out.append(tr("leads", name=names[view.leader]))
        if view.trick:
            out.append(": ")
            out.append_text(trick_line(view.trick, names))
    return out


def render_binocle_hand(view: BinocleView, tr: Strings) -> list[Text]:
    """The seat's cards, one suit a line, numbered; then its melded cards on the table with the
    numbers that go on; legal cards marked with ``*`` when a card is to be played."""
    cards = numbered_cards(view)
    legal: set[tuple[Card, bool]] | None = None
    if view.phase is Phase.PLAY and view.is_my_turn:
        legal = {(a.card, a.from_table) for a in view.legal_actions if isinstance(a, A.Play)}
    lines = [Text(tr("your_hand"), style=HEADING)]
    current: Text | None = None
    group: object = None
    for number, (card, on_table) in enumerate(cards, 1):
        key = "table" if on_table else card.suit
        if key != group:
            group = key
            if on_table:
                current = Text(f"  {tr('b_table_row')}")
            else:
                current = Text("  ").append_text(suit_text(card.suit)).append(" ")
            lines.append(current)
        assert current is not None
        playable = legal is None or (card, on_table) in legal
        current.append(f"  {number:>2} ", style="" if playable else DIM)
        current.append_text(card_text(card) if playable else Text(str(card), style=DIM))
        if legal is not None and playable:
            current.append("*", style=HEADING)
    if legal is not None and len(legal) < len(set(cards)):
        lines.append(Text(f"  {tr('legend')}", style=DIM))
    if any(on_table for _, on_table in cards) and legal is not None:
        lines.append(Text(f"  {tr('b_table_legend')}", style=DIM))
    return lines


def render_meld_choices(view: BinocleView, tr: Strings) -> list[Text]:
    """After a trick won: the melds and dix the seat may score, numbered."""
    if view.phase is not Phase.MELD or not view.is_my_turn:
        return []
    lines = [Text(f"{tr('b_meld_list')}:", style=HEADING)]
    for number, action in enumerate(meld_choices(view), 1):
        line = Text(f"  {number:>2}  ")
        if isinstance(action, A.Meld):
            line.append(f"{meld_label(action, tr)} ")
            line.append_text(cards_text(action.meld.cards))
            line.append(f"  {action.meld.points(view.rules)}", style=HEADING)
        elif isinstance(action, A.ExchangeDix):
            assert view.turned is not None
            line.append_text(_filled(tr, "b_dix_exchange", card=action.card, turned=view.turned))
        else:
            line.append_text(_filled(tr, "b_dix_show", card=action.card))
        lines.append(line)
    return lines


def _filled(tr: Strings, key: str, **values: object) -> Text:
    return event_text(Event(key, values), tr)


def render_binocle_last_trick(view: BinocleView, names: Sequence[str], tr: Strings) -> Text:
    if not view.tricks:
        if view.results and view.results[-1].tricks:
            trick = view.results[-1].tricks[-1]
        else:
            return Text(tr("no_last_trick"))
    else:
        trick = view.tricks[-1]
    out = Text(f"{tr('last_trick')}: ", style=HEADING)
    out.append_text(trick_line(list(zip(trick.seats(), trick.cards, strict=True)), names))
    out.append(f" — {tr('won_by', name=names[trick.winner])}")
    return out


# --- the score sheet ----------------------------------------------------------------------------

def render_binocle_sheet(results: Sequence[BinocleHandResult], names: Sequence[str],
                         tr: Strings, *, last: int | None = None,
                         claimed: BinocleView | None = None) -> list[Text]:
    """The score sheet, one line a hand: dealer and turned card; per seat melds (with the dix),
    hand score and running total.  ``claimed`` is a game ended by a claim: its last hand,
    stopped at the claim, is a line too, counted as the claim counts it (§7)."""
    if claimed is not None:
        results = [*results, claimed_result(claimed)]
    lines = [Text(tr("score_sheet"), style=HEADING)]
    if not results:
        lines.append(Text(f"  {tr('no_hands')}", style=DIM))
        return lines
    dealer, turned = tr("b_sheet_head").split()
    head = Text(f" # {dealer:<8.8} {turned:<6.6} ")
    width = len(head.plain)
    sub = Text(" " * width)
    for seat in (0, 1):
        head.append(f"│{_short(names[seat], 16):^16}")
        sub.append(f"│{tr('sheet_sub'):>16.16}")
    lines += [head, sub]
    shown = results if last is None or len(results) <= last else results[-last:]
    for result in shown:
        row = Text(f"{result.hand_no + 1:>2} {_short(names[result.dealer], 8):<8} ")
        row.append_text(card_text(result.turned))
        row.append(" " * max(0, 7 - len(str(result.turned))))
        for seat in (0, 1):
            melds = sum(m.points for m in result.melds[seat]) + result.dix[seat]
            row.append(f"│{melds:>4} {result.scores[seat]:>5} ")
            row.append(f"{result.totals[seat]:>5}", style=HEADING)
        lines.append(row)
    totals = results[-1].totals
    foot = Text(f"{tr('total'):<{width}}")
    for seat in (0, 1):
        foot.append(f"│{'':>4} {'':>5} ")
        foot.append(f"{totals[seat]:>5}", style=HEADING)
    lines.append(foot)
    return lines


def render_binocle_sheet_details(view: BinocleView, names: Sequence[str],
                                 tr: Strings) -> list[Text]:
    """The whole score sheet with every number of every hand (the ``score`` command)."""
    results = view.results
    lines = [Text(tr("score_sheet"), style=HEADING)]
    if not results:
        lines.append(Text(f"  {tr('no_hands')}", style=DIM))
    width = max(8, *(len(n) for n in names))
    for result in results:
        title = Text(f"{tr('hand_no', n=result.hand_no + 1).capitalize()} · {tr('dealer')} "
                     f"{names[result.dealer]} · {tr('trump')} ", style=HEADING)
        title.append_text(card_text(result.turned))
        lines.append(title)
        lines.append(Text(" " * 12 + "".join(f"{names[s]:>{width + 2}}" for s in (0, 1))))
        bonus = view.rules.last_trick_bonus
        rows = (
            (tr("row_melds"), [sum(m.points for m in result.melds[s]) + result.dix[s]
                               for s in (0, 1)]),
            (tr("row_tricks"), [result.card_points[s] + (bonus if result.last_trick == s else 0)
                                for s in (0, 1)]),
            (tr("row_score"), list(result.scores)),
            (tr("row_total"), list(result.totals)),
        )
        for label, numbers in rows:
            lines.append(Text(f"  {label:<10}" + "".join(f"{numbers[s]:>{width + 2}}"
                                                         for s in (0, 1))))
    return lines


# --- whole screens ------------------------------------------------------------------------------

def render_binocle_table(view: BinocleView, names: Sequence[str], tr: Strings, *,
                         events: Sequence[Event] = (), sheet_hands: int = 6) -> list[Text]:
    """Everything the seat needs at a decision: header with trumps, stock and scores, both
    players' melds, the score sheet, what happened, the trick, the hand and the meld choices."""
    lines = render_binocle_header(view, names, tr)
    lines += render_binocle_melds(view, names, tr)
    lines.append(Text())
    lines += render_binocle_sheet(view.results, names, tr, last=sheet_hands)
    if events:
        lines.append(Text())
        lines.append(Text(f"{tr('recent')}:", style=HEADING))
        lines += [Text("  ").append_text(event_text(e, tr)) if e is not None else Text("  …")
                  for e in compact_events(events)]
    lines.append(Text())
    trick = render_binocle_trick(view, names, tr)
    if trick is not None:
        lines.append(trick)
    lines += render_binocle_hand(view, tr)
    lines += render_meld_choices(view, tr)
    return lines


def render_binocle_rules(view: BinocleView, tr: Strings,
                         names: Sequence[str] = ()) -> list[Text]:
    rules = view.rules
    description = tr.rules_description(rules.name, rules.description)
    return [Text(tr("rules_head", name=rules.name, description=description), style=HEADING),
            Text(tr("b_rules_seats", hand=rules.hand_size, stock=rules.stock_size,
                    target=view.target)),
            Text(tr("b_rules_stock")),
            Text(tr("b_rules_after", bonus=rules.last_trick_bonus)),
            Text(tr("b_rules_claim" if rules.claims else "b_rules_count", target=view.target)),
            Text(tr("b_rules_more"), style=DIM)]


def is_claimed(view: BinocleView) -> bool:
    """Whether the game ended by a claim, right or wrong, in the middle of a hand."""
    return view.ending in (Ending.CLAIMED, Ending.WRONG_CLAIM)


def claimed_result(view: BinocleView) -> BinocleHandResult:
    """The hand a claim stopped, as a score-sheet line: each seat's score before the hand plus
    this hand's dix, melds and the card points of its Stiche, as the claim counts them (§7)."""
    totals = (view.claim_total(0), view.claim_total(1))
    return BinocleHandResult(
        hand_no=view.hand_no, dealer=view.dealer, turned=view.turned_up, melds=view.melds,
        dix=view.dix_points, last_trick=-1, card_points=view.points,
        scores=(totals[0] - view.start_scores[0], totals[1] - view.start_scores[1]),
        totals=totals, tricks=view.tricks)


def final_totals(view: BinocleView) -> tuple[int, int]:
    """The game's end totals: with a claim, the counts the claim was checked against."""
    return (view.claim_total(0), view.claim_total(1)) if is_claimed(view) else view.scores


def render_binocle_final(view: BinocleView, names: Sequence[str], tr: Strings) -> list[Text]:
    lines = [Text(tr("game_over"), style=HEADING)]
    lines += render_binocle_sheet(view.results, names, tr,
                                  claimed=view if is_claimed(view) else None)
    lines.append(Text())
    if view.winner is not None:
        if view.winner == view.seat:
            lines.append(Text(tr("wins_game_you"), style=HEADING))
        else:
            lines.append(Text(tr("wins_game", names=names[view.winner]), style=HEADING))
        how = _ending_event(view, names)
        if how is not None:
            lines.append(event_text(how, tr))
    totals = final_totals(view)
    lines.append(Text(f"{tr('final_totals')}: " + " · ".join(
        f"{names[s]} {totals[s]}" for s in (0, 1))))
    return lines


def _ending_event(view: BinocleView, names: Sequence[str]) -> Event | None:
    """How the game was won, told as the event that ended it."""
    winner, ending = view.winner, view.ending
    if winner is None or ending is None:
        return None
    you = "_you" if (winner if ending is not Ending.WRONG_CLAIM else 1 - winner) == view.seat \
        else ""
    if ending in (Ending.CLAIMED, Ending.WRONG_CLAIM):
        claimant = winner if ending is Ending.CLAIMED else 1 - winner
        key = "b_claim_right" if ending is Ending.CLAIMED else "b_claim_wrong"
        return Event(key + you, {"name": names[claimant], "target": view.target,
                                 "total": view.claim_total(claimant)})
    key = "b_reached" if ending is Ending.REACHED else "b_counted"
    return Event(key + you, {"name": names[winner], "target": view.target,
                             "score": view.scores[winner]})


def binocle_hint_facts(view: BinocleView, action: object, tr: Strings) -> str | None:
    """What can be said for a suggested move without the bot's reasoning."""
    choices = [a for a in view.legal_actions if not isinstance(a, A.Claim)]
    if len(choices) == 1:
        return tr("hint_only")
    if isinstance(action, A.Meld):
        return tr("hint_scores", points=action.meld.points(view.rules))
    if isinstance(action, A.ExchangeDix | A.ShowDix):
        return tr("hint_scores", points=view.rules.meld_dix)
    if isinstance(action, A.Play) and view.trick:
        led = view.trick[0][1]
        card = action.card
        wins = (card.suit == led.suit and card.rank > led.rank) or (
            card.suit == view.trump and led.suit != view.trump)
        kind_points = view.rules.kind_points  # the rule set's card points (Bézique: brisques)
        points = kind_points[led.kind] + kind_points[card.kind]
        if wins:
            return tr("hint_takes", card=card, points=points)
        return tr("hint_gives", card=card, points=kind_points[card.kind])
    return None


def binocle_prompt(view: BinocleView, tr: Strings) -> str:
    if view.phase is Phase.MELD:
        return tr("b_prompt_meld")
    return tr("b_prompt_card", n=len(view.tricks) + 1,
              trump=tr("trump_is", suit=view.trump.symbol))


# --- telling what happened ---------------------------------------------------------------------

def describe_binocle(before: BinocleState, action: A.BinocleAction, mover: int,
                     after: BinocleState, names: Sequence[str], human: int) -> list[Event]:
    """The events of one action, told from the person's seat (hidden cards stay hidden)."""
    you = mover == human
    name = names[mover]
    out: list[Event] = []

    def add(key: str, **values: object) -> None:
        out.append(Event(key, values))

    counted = len(after.results) != len(before.results)
    if isinstance(action, A.Play):
        if action.from_table:
            add("b_plays_table_you" if you else "b_plays_table", name=name, card=action.card)
        else:
            add("plays_you" if you else "plays", name=name, card=action.card)
        tricks = after.results[-1].tricks if counted else after.tricks
        if len(tricks) > len(before.tricks):
            trick = tricks[-1]
            key = "takes_trick_you" if trick.winner == human else "takes_trick"
            add(key, name=names[trick.winner], cards=trick.cards,
                points=sum(before.rules.kind_points[c.kind] for c in trick.cards))
            if len(tricks) == before.rules.tricks_per_hand and before.rules.last_trick_bonus:
                add("b_last_bonus_you" if trick.winner == human else "b_last_bonus",
                    name=names[trick.winner], bonus=before.rules.last_trick_bonus)
    elif isinstance(action, A.Meld):
        add("b_melds_event_you" if you else "b_melds_event", name=name,
            meld=MeldName(action.meld.name, action.meld.suit), cards=action.meld.cards,
            points=action.meld.points(before.rules))
    elif isinstance(action, A.ExchangeDix):
        add("b_exchanges_you" if you else "b_exchanges", name=name, card=action.card,
            turned=before.turned)
    elif isinstance(action, A.ShowDix):
        add("b_shows_you" if you else "b_shows", name=name, card=action.card)
    if not counted and before.turned is not None and (
            after.turned is None or after.stock_size != before.stock_size):
        out += _draw_events(before, action, after, names, human)
    if counted:
        result = after.results[-1]
        add("b_hand_over", n=result.hand_no + 1, name0=names[0], name1=names[1],
            score0=result.scores[0], score1=result.scores[1])
    if after.is_over:
        out += _game_over_events(action, human, after, names)
    elif counted:
        if after.target != before.target:
            add("b_play_on", old=before.target, target=after.target)
        add("b_new_hand_you" if after.dealer == human else "b_new_hand",
            n=after.hand_no + 1, name=names[after.dealer], card=after.deal.turned_card)
        if after.dix_exchanged:
            add("b_turned_dix", name=names[after.dealer])
    return out


def _draw_events(before: BinocleState, action: A.BinocleAction, after: BinocleState,
                 names: Sequence[str], human: int) -> list[Event]:
    tricks = after.tricks
    winner = tricks[-1].winner
    stock = after.deal.stock
    top = len(stock) - before.stock_size
    face_up = before.dix if isinstance(action, A.ExchangeDix) else before.turned
    assert face_up is not None
    if before.stock_size > 1:
        mine = stock[top] if winner == human else stock[top + 1]
        key = "b_draw_you" if winner == human else "b_draw_other"
        out = [Event(key, {"card": CARDS[mine], "name": names[1 - human]})]
    else:
        if winner == human:
            out = [Event("b_draw_last_you", {"card": CARDS[stock[top]], "turned": face_up,
                                             "name": names[1 - human]})]
        else:
            out = [Event("b_draw_last_other", {"turned": face_up, "name": names[1 - human]})]
        out.append(Event("b_stock_over", {}))
    return out


def _game_over_events(action: A.BinocleAction, human: int, after: BinocleState,
                      names: Sequence[str]) -> list[Event]:
    found = _ending_event(after.view(human), names)
    return [] if found is None else [found]


__all__ = [
    "binocle_hint_facts", "binocle_prompt", "describe_binocle", "meld_choices", "meld_label",
    "numbered_cards", "render_binocle_final", "render_binocle_hand", "render_binocle_header",
    "render_binocle_last_trick", "render_binocle_melds", "render_binocle_rules",
    "render_binocle_sheet", "render_binocle_sheet_details", "render_binocle_table",
    "render_binocle_trick",
]
