"""Choosing a card from a view: an expected-value rule with card counting, and a Monte-Carlo search.

:func:`ev_card` weighs each legal card by the chance that it (or a partner's card it leaves
standing) takes the trick, the points that then change hands, and what the card is still worth
for later tricks.  The chances come from :class:`~binokel.search.knowledge.Knowledge`: cards played,
shown melds, and the voids and missing high cards the trick duties revealed.

:func:`search_card` (the hard level) samples hidden hands consistent with that knowledge, plays
every candidate card and then the rest of the hand greedily (:mod:`binokel.search.rollout`), and
keeps the card with the best mean result for the seat.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...cards import ABOVE, ONE, RANK_SLOTS, SUIT_MASK, pack, points_of
from ...games.binokel.melds import meld_total
from ...games.binokel.scoring import Contract
from ...games.binokel.tricks import NO_TRUMP, beats
from ...games.binokel.views import View
from ...search.knowledge import ASIDE, Knowledge, full_pack, knowledge_of, minus, sample_deal
from ...search.rollout import KIND_POINTS, Table, hand_scores, make_table, rollout, utility


@dataclass(frozen=True, slots=True)
class PlayStyle:
    """How a level plays its cards."""

    inference: bool = True
    """Use the trick duties' inferences (voids, missing higher cards)."""
    counting: bool = True
    """Count cards: know which cards are masters."""
    noise: float = 0.0
    """Standard deviation of random noise added to each card's value."""
    blunder: float = 0.0
    """Chance of playing a random legal card instead."""
    search: int = 0
    """Sampled deals per decision for Monte-Carlo search (0: no search)."""


def table_of(view: View) -> Table:
    """The fixed facts of the hand being played, from a view in the play phase."""
    contract = view.contract if view.contract is not None else Contract.TRUMP
    trump = NO_TRUMP if view.trump is None else int(view.trump)
    melds = tuple(meld_total(m) for m in view.melds)
    if len(melds) < view.rules.players:
        melds = (0,) * view.rules.players
    declarer = view.declarer if view.declarer is not None else view.active[0]
    return make_table(view.rules, trump=trump, active=view.active, declarer=declarer,
                      contract=contract, bid=view.bid, melds=melds)


def play_kinds(view: View) -> list[int]:
    """The distinct card kinds the view may play."""
    return [a.card.kind for a in view.legal_actions if hasattr(a, "card")]


def choose_kind(view: View, rng: random.Random, style: PlayStyle) -> int:
    """The card kind to play, by the level's style."""
    kinds = play_kinds(view)
    if len(kinds) == 1:
        return kinds[0]
    if style.blunder and rng.random() < style.blunder:
        return kinds[rng.randrange(len(kinds))]
    know = knowledge_of(view)
    if not style.inference:
        know.forbidden.clear()
    table = table_of(view)
    values = ev_values(view, know, table, kinds, counting=style.counting)
    if style.noise:
        values = {k: v + rng.gauss(0.0, style.noise) for k, v in values.items()}
    if style.search and len(kinds) > 1:
        return search_card(view, know, table, kinds, values, rng, style.search)
    return max(kinds, key=lambda k: values[k])


def ev_values(view: View, know: Knowledge, table: Table, kinds: list[int], *,
              counting: bool = True) -> dict[int, float]:
    """Each legal card's expected value: points won or lost in this trick, minus its later use."""
    me = view.seat
    trump = table.trump
    team = table.team
    mine = team[me]
    nxt = table.next_seat
    trick = [c.kind for _, c in view.trick]
    seats = [s for s, _ in view.trick]
    others: list[int] = []
    s = nxt[me]
    for _ in range(len(table.active) - len(trick) - 1):
        others.append(s)
        s = nxt[s]
    opps = [s for s in others if team[s] != mine]
    partners = len(others) - len(opps)
    bonus = view.rules.last_trick_bonus if len(view.hand) == 1 else 0
    base = sum(KIND_POINTS[k] for k in trick) + bonus
    win_extra = 8 * partners + 3 * len(opps)
    lose_extra = 2 * partners + 8 * len(opps)
    durch = table.is_durch
    outside = know.unknown
    for cards in know.known.values():
        outside += cards
    if not counting:  # without counting, every card not in the hand might still be out
        outside = minus(full_pack(view.rules), know.hand)

    def p_beat(seat: int, card: int, led: int) -> float:
        if card // RANK_SLOTS == led:
            p = know.p_any(seat, ABOVE[card])
            if trump != NO_TRUMP and led != trump:
                void = 1.0 - know.p_any(seat, SUIT_MASK[led])
                if void > 0.0:
                    p += void * know.p_any(seat, SUIT_MASK[trump])
            return min(1.0, p)
        void = 1.0 - know.p_any(seat, SUIT_MASK[led])
        return void * know.p_any(seat, ABOVE[card]) if void > 0.0 else 0.0

    def keep(card: int) -> float:
        suit = card // RANK_SLOTS
        rank = card % RANK_SLOTS
        value = 0.0
        if suit == trump:
            value = 12.0 + 2.0 * rank
        if not outside & ABOVE[card]:
            value += 8.0 + KIND_POINTS[card] / 2 if suit != trump else 6.0
        return value

    def holds(card: int, led: int) -> float:
        p = 1.0
        for seat in opps:
            p *= 1.0 - p_beat(seat, card, led)
        return p

    out: dict[int, float] = {}
    if trick:
        led = trick[0] // RANK_SLOTS
        best = 0
        for i in range(1, len(trick)):
            if beats(trick[i], trick[best], trump):
                best = i
        top = trick[best]
        partner_best = team[seats[best]] == mine
        stands = holds(top, led) if partner_best else 0.0
    for k in kinds:
        if not trick:
            led = k // RANK_SLOTS
            p_win = holds(k, led)
            extra = 0.0
            if led == trump and trump != NO_TRUMP:
                their_trumps = sum(know.p_any(s, SUIT_MASK[trump]) for s in opps)
                extra = 8.0 * their_trumps if mine == 0 else -6.0
        else:
            p_win = holds(k, led) if beats(k, top, trump) else stands
            extra = 0.0
        if durch:
            value = 300.0 * (2.0 * p_win - 1.0) - KIND_POINTS[k] * 0.01
        else:
            pts = base + KIND_POINTS[k]
            value = p_win * (pts + win_extra) - (1.0 - p_win) * (pts + lose_extra) - keep(k)
        out[k] = value + extra
    return out


def search_card(view: View, know: Knowledge, table: Table, kinds: list[int],
                prior: dict[int, float], rng: random.Random, samples: int) -> int:
    """Monte-Carlo choice: each candidate played out on ``samples`` sampled deals."""
    me = view.seat
    rules = view.rules
    ranked = sorted(kinds, key=lambda k: -prior[k])[:6]
    if len(ranked) == 1:
        return ranked[0]
    totals = dict.fromkeys(ranked, 0.0)
    trick0 = [c.kind for _, c in view.trick]
    points0 = list(view.trick_points)
    won0 = list(view.tricks_won)
    my_discard = points_of(pack(view.discard)) if view.discard else 0
    shown_discard = points_of(pack(view.shown_discard)) if view.shown_discard else 0
    for _ in range(samples):
        deal = sample_deal(know, rng)
        hands = [0] * rules.players
        hands[me] = know.hand
        for seat in know.need:
            hands[seat] = deal[seat]
        discard_points = my_discard if me == table.declarer else \
            points_of(deal[ASIDE]) + shown_discard
        for k in ranked:
            h = list(hands)
            h[me] -= ONE[k]
            points = list(points0)
            won = list(won0)
            rollout(table, h, view.leader, [*trick0, k], points, won)
            totals[k] += utility(table, me, hand_scores(table, points, won, discard_points))
    # Ties (common when the result is settled) go to the expected-value rule's favourite.
    return max(ranked, key=lambda k: (totals[k] / samples + 0.01 * prior[k]))


__all__ = ["PlayStyle", "choose_kind", "ev_values", "play_kinds", "search_card", "table_of"]
