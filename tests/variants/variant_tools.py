"""Tools of the variant tests: random play and independent referees (set deals for any rule
set, and the card tables, are the rulebook tests' own, from :mod:`tests.helpers`).

The referees restate docs/rules/binokel.md (§5-§8 and the options of §6 and §9) in plain code on
cards, without the engine's packed ints, so that the variant tests check the engine against the
rulebook rather than against itself.

Seat convention of the set deals (``game_with``): the dealer is the last seat, so seat 0 is
forehand and, when the dealer sits out, the players are seats 0, 1 and 2.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterable, Sequence

from binokel import (
    Card,
    Contract,
    GameState,
    HandResult,
    Phase,
    Rules,
    Suit,
    View,
    new_game,
)
from tests.helpers import ORDER, POINTS, full_pack, play, play_out, points


def random_game(rules: Rules, seed: int, *, hands: int = 10_000, trump_only: bool = False,
                passive: bool = False) -> GameState:
    """A game played by uniformly random legal actions (seeded), for at most ``hands`` hands.

    ``trump_only`` keeps the declarer from giving up and from Durch, so every hand plays out;
    ``passive`` players always pass in the auction, so forehand declares at the minimum bid.
    """
    rng = random.Random(seed)
    state = new_game(rules, seed)
    while not state.is_over and state.hand_no < hands:
        legal = state.legal_actions()
        if trump_only and state.phase is not Phase.PLAY:
            legal = tuple(a for a in legal if type(a).__name__ not in
                          ("GiveUp", "Durch", "OpenDurch")) or legal
        if passive and state.phase is Phase.AUCTION:
            legal = legal[:1]
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


# --- referees --------------------------------------------------------------------------------

def beats(later: Card, best: Card, trump: Suit | None) -> bool:
    """§6: higher in the same suit, or a trump on a non-trump; an identical card does not."""
    if later.suit == best.suit:
        return ORDER[later.rank] > ORDER[best.rank]
    return trump is not None and later.suit == trump


def trick_winner(trick: Sequence[Card], trump: Suit | None) -> int:
    best = 0
    for i in range(1, len(trick)):
        if beats(trick[i], trick[best], trump):
            best = i
    return best


def side_of(rules: Rules, seat: int) -> tuple[int, ...]:
    for team in rules.teams:
        if seat in team:
            return tuple(team)
    return (seat,)


def legal_cards(rules: Rules, hand: Iterable[Card], trick: Sequence[tuple[int, Card]],
                trump: Suit | None, seat: int) -> set[Card]:
    """§6 duties 1-4 with every option of §6, as a set of distinct cards."""
    held = set(hand)
    if not trick:
        return held
    played = [c for _, c in trick]
    led = played[0].suit
    best_i = trick_winner(played, trump)
    best = played[best_i]
    partner_wins = trick[best_i][0] in side_of(rules, seat)
    beat = rules.must_beat and not (rules.partner_need_not_beat and partner_wins)
    follow = {c for c in held if c.suit == led}
    if follow:
        if not beat:
            return follow
        if best.suit == led:
            return {c for c in follow if beats(c, best, trump)} or follow
        if rules.beat_suit_when_trumped:
            top = max((c for c in played if c.suit == led), key=lambda c: ORDER[c.rank])
            return {c for c in follow if ORDER[c.rank] > ORDER[top.rank]} or follow
        return follow
    trumps = {c for c in held if trump is not None and c.suit == trump}
    if trumps:
        if not beat:
            return trumps
        higher = {c for c in trumps if beats(c, best, trump)}
        if higher:
            return higher
        return trumps if rules.must_undertrump else held
    return held


def _round10(value: int) -> int:
    return (value + 5) // 10 * 10


def expected_scores(rules: Rules, result: HandResult, active: Sequence[int],
                    discard_points: int) -> tuple[int, ...]:
    """The scores of a hand by §4, §7, §8 and §9, from the public record of the hand."""
    n = rules.players
    won = [0] * n
    taken = [0] * n
    for trick in result.tricks:
        won[trick.winner] += 1
        taken[trick.winner] += points(trick.cards)
    all_played = len(result.tricks) == rules.hand_size
    if result.tricks and all_played:
        taken[result.tricks[-1].winner] += rules.last_trick_bonus
    melds = [sum(m.points for m in result.melds[s]) for s in range(n)]
    declaring = side_of(rules, result.declarer)
    opponents = [s for s in active if s not in declaring]
    rnd = _round10 if rules.round_trick_points else (lambda v: v)
    side_score: dict[tuple[int, ...], int] = {}
    if result.contract is Contract.GIVE_UP:
        side_score[declaring] = -result.bid
        for s in opponents:
            gain = rules.give_up_bonus + (melds[s] if rules.give_up_keeps_melds else 0)
            side = side_of(rules, s)
            side_score[side] = side_score.get(side, 0) + gain
    elif result.contract.is_durch:
        value = {Contract.DURCH: rules.durch_value, Contract.OPEN_DURCH: rules.open_durch_value,
                 Contract.OPEN_DURCH_NO_DABB: rules.open_durch_without_dabb_value}[
                     result.contract]
        lost = any(won[s] for s in opponents)
        side_score[declaring] = -value if lost else value
    else:
        counted = [melds[s] if won[s] else 0 for s in range(n)]
        total = rnd(sum(taken[s] for s in declaring) + discard_points)
        total += sum(counted[s] for s in declaring)
        made = total >= result.bid and any(won[s] for s in declaring)
        side_score[declaring] = total if made else -2 * result.bid
        for s in opponents:
            side = side_of(rules, s)
            members = [m for m in side if m in active]
            if any(won[m] for m in members):
                side_score[side] = rnd(sum(taken[m] for m in members)) + sum(
                    counted[m] for m in members)
            else:
                side_score[side] = 0
    scores = [0] * n
    for side, value in side_score.items():
        for s in side:
            scores[s] = value
    return tuple(scores)


def cards_of_state(state: GameState) -> Counter[Card]:
    """Every card of the hand in progress: hands, trick, tricks, discard and an unused Dabb."""
    total: Counter[Card] = Counter()
    for seat in range(state.rules.players):
        total.update(state.hand(seat))
    total.update(c for _, c in state.current_trick())
    for trick in state.tricks:
        total.update(trick.cards)
    total.update(state.discard)
    if not state.dabb_shown:
        total.update(state.dabb)
    return total


def public_cards(state: GameState, seat: int) -> Counter[Card]:
    """Cards a seat may see besides its own hand and discard (max count per card)."""
    seen: Counter[Card] = Counter()

    def see(cs: Iterable[Card]) -> None:
        seen.update(c for c in Counter(cs).elements())

    if state.dabb_shown:
        see(state.dabb)
    for melds in state.melds:
        for meld in melds:
            see(meld.cards)
    see(c for _, c in state.current_trick())
    for trick in state.tricks:
        see(trick.cards)
    if state.contract in (Contract.OPEN_DURCH, Contract.OPEN_DURCH_NO_DABB):
        assert state.declarer is not None
        see(state.hand(state.declarer))
    if state.rules.trump_before_discard and state.contract is Contract.TRUMP:
        see(c for c in state.discard if c.suit == state.trump)
    return seen


#: View fields that carry cards, and those that copy public facts of the state.
CARD_FIELDS = {"hand", "dabb", "discard", "melds", "open_hand", "trick", "tricks", "results",
               "shown_discard", "legal_actions"}
PUBLIC_FIELDS = {"rules", "seat", "hand_no", "dealer", "phase", "to_move", "hand_sizes",
                 "active", "bids", "bid", "declarer", "contract", "trump", "leader",
                 "tricks_won", "trick_points", "scores", "winners"}


def check_view(state: GameState, seat: int) -> View:
    """A seat's view holds its own cards, public facts and public cards, and nothing else."""
    view = state.view(seat)
    names = {f.name for f in dataclasses.fields(view)}
    known = CARD_FIELDS | PUBLIC_FIELDS
    assert names == known, f"classify the view fields {names ^ known} in variant_tools"
    assert Counter(view.hand) == Counter(state.hand(seat))
    assert view.hand_sizes == tuple(len(state.hand(s)) for s in range(state.rules.players))
    if state.is_over:
        return view
    assert view.legal_actions == (state.legal_actions() if state.to_move == seat else ())
    assert (view.dabb is not None) == state.dabb_shown
    if view.dabb is not None:
        assert Counter(view.dabb) == Counter(state.dabb)
    if seat == state.declarer:
        assert view.discard is not None and Counter(view.discard) == Counter(state.discard)
    else:
        assert view.discard is None
    open_durch = state.contract in (Contract.OPEN_DURCH, Contract.OPEN_DURCH_NO_DABB)
    assert (view.open_hand is not None) == open_durch
    public = public_cards(state, seat)
    others: Counter[Card] = Counter()
    for field_cards in (view.dabb or (), view.open_hand or (), view.shown_discard,
                        [c for _, c in view.trick],
                        [c for t in view.tricks for c in t.cards],
                        [c for ms in view.melds for m in ms for c in m.cards]):
        for c, k in Counter(field_cards).items():
            others[c] = max(others[c], k)
    for c, k in others.items():
        assert public[c] >= k, f"seat {seat} sees {c} which is hidden from it"
    assert view.seat == seat and view.rules == state.rules
    for name in PUBLIC_FIELDS - {"seat", "rules", "hand_sizes"}:
        expected = getattr(state, "points" if name == "trick_points" else name)
        assert getattr(view, name) == expected, name
    return view


def all_rules() -> list[Rules]:
    from binokel.games.binokel.rules import registered_rules

    return registered_rules()


__all__ = [
    "ORDER", "POINTS", "all_rules", "beats", "cards_of_state", "check_view", "expected_scores",
    "full_pack", "legal_cards", "play", "play_out", "points",
    "public_cards", "random_game", "side_of", "trick_winner",
]
