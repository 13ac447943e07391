"""The heuristic levels stop overcalling and bid as partners in team games (issue 17).

The first bidding (``v=1``) is kept selectable to measure against; these tests show where the
levels of today (``v=2``) differ from it.
"""

from __future__ import annotations

import random

import pytest

from binokel.bots import ask
from binokel.bots.heuristic.binokel import LEVELS, HeuristicBot
from binokel.cards import Rank, Suit, pack
from binokel.games.binokel import actions as A
from binokel.games.binokel.game import GameState, Phase
from binokel.games.binokel.melds import find_melds_packed, meld_total
from binokel.games.binokel.rulefile import find_rules
from binokel.games.binokel.rules import Rules
from binokel.games.binokel.scoring import side_of
from binokel.games.binokel.tricks import NO_TRUMP, beats
from tests.helpers import D, M, game_with

#: About 40 in melds whatever the trump, not one Ace (the issue's example bid 330 on such a hand).
WEAK = {
    "binokel": "10♣ K♣ Q♣ J♣ 10♠ Q♥ Q♥ 10♦ 10♦ Q♦ J♦ J♦",
    "kreuzbinokel": "10♠ 10♠ 10♥ 10♥ K♥ Q♥ J♥ Q♦ J♦",
}


def highest_bid(state: GameState, seat: int, bot: HeuristicBot) -> int:
    """The highest bid ``bot`` at ``seat`` makes when every opponent always bids on and its
    partner passes."""
    rules = state.rules
    rng = random.Random(0)
    top = 0
    while state.phase is Phase.AUCTION:
        mover = state.to_move
        if mover == seat:
            action = ask(bot, state.view(mover), rng)
            if isinstance(action, A.Pass):
                return top
            assert isinstance(action, A.Bid)
            top = action.value
        elif mover in side_of(rules, seat):
            action = A.PASS
        else:
            bids = [a for a in state.legal_actions() if isinstance(a, A.Bid)]
            action = min(bids, key=lambda b: b.value)
        state = state.apply(action)
    return top


def weak_hand_game(rules: Rules) -> GameState:
    return game_with({M: WEAK[rules.name]}, rules=rules, dealer=D)


@pytest.mark.parametrize("rules_name", sorted(WEAK))
def test_a_hand_with_40_in_melds_and_no_aces_never_bids_330(rules_name: str) -> None:
    rules = find_rules(rules_name)
    state = weak_hand_game(rules)
    hand = pack(state.hand(M))
    assert not any(c.rank is Rank.ACE for c in state.hand(M))
    assert max(meld_total(find_melds_packed(hand, t, rules)) for t in Suit) == 40
    for level in LEVELS:
        limit = highest_bid(state, M, HeuristicBot(level=level))
        first = highest_bid(state, M, HeuristicBot(level=level, options={"v": "1"}))
        assert limit < 330, (level, limit)
        assert limit <= first, (level, limit, first)
        if level == "medium":  # the cautious level stops well below where it used to
            assert limit <= first - 40, (level, limit, first)
        if level == "hard" and not rules.teams:  # hard bids for strength: the first bidding
            assert limit == first, (level, limit, first)


def play_hand(seed: str, seat: int, version: str) -> tuple[bool, int]:
    """A Kreuzbinokel hand among medium players, seat ``seat`` bidding by ``version``: whether
    that seat ever raised its partner's standing bid, and what its team scored."""
    rules = find_rules("kreuzbinokel")
    bots = [HeuristicBot(level="medium") for _ in range(rules.players)]
    bots[seat] = HeuristicBot(level="medium", options={"v": version})
    from binokel import new_game

    state = new_game(rules, seed=seed, dealer=2)
    rngs = [random.Random(f"{seed}/{s}") for s in range(rules.players)]
    raised = False
    while not state.results:
        mover = state.to_move
        view = state.view(mover)
        action = ask(bots[mover], view, rngs[mover])
        if mover == seat and isinstance(action, A.Bid):
            holder = next((s for s, bid in reversed(view.bids) if bid), view.active[0])
            raised |= holder != seat and holder in side_of(rules, seat)
        state = state.apply(action)
    return raised, state.results[0].scores[seat]


@pytest.mark.parametrize(("seed", "seat"), [("partner/10", 2), ("partner/8", 1)])
def test_kreuzbinokel_a_player_does_not_outbid_its_partner_where_the_team_loses(
        seed: str, seat: int) -> None:
    """On these deals the first bidding raised the partner and took the contract itself (on
    partner/10 it missed it, −380; on partner/8 it made 214 where the partner's hand makes 460);
    the levels of today leave the contract to the partner."""
    raised_before, team_before = play_hand(seed, seat, "1")
    raised_now, team_now = play_hand(seed, seat, "2")
    assert raised_before
    assert not raised_now
    assert team_now > team_before + 100


def partner_is_winning_last_tricks(level: str, deals: int, rules_name: str
                                   ) -> tuple[int, int, int]:
    """Across whole hands among ``level`` players: the decisions of a player who plays last to
    a trick its partner is winning and holds a card that would not take it over; how many of
    those took the partner's trick over anyway; how many gave the partner the most points that
    such a card could (ties counted)."""
    rules = find_rules(rules_name)
    bots = [HeuristicBot(level=level) for _ in range(rules.players)]
    seen = overtaken = richest = 0
    from binokel import new_game

    for deal in range(deals):
        state = new_game(rules, seed=f"smear/{deal}", dealer=deal % rules.players)
        rngs = [random.Random(f"smear/{deal}/{s}") for s in range(rules.players)]
        while not state.results:
            mover = state.to_move
            view = state.view(mover)
            action = ask(bots[mover], view, rngs[mover])
            if (state.phase is Phase.PLAY and view.trick
                    and len(view.trick) == len(view.active) - 1):
                assert isinstance(action, A.Play)
                trump = NO_TRUMP if view.trump is None else int(view.trump)
                best = 0
                for i in range(1, len(view.trick)):
                    if beats(view.trick[i][1].kind, view.trick[best][1].kind, trump):
                        best = i
                winner, top = view.trick[best]
                cards = [a.card for a in view.legal_actions if isinstance(a, A.Play)]
                under = [c for c in cards if not beats(c.kind, top.kind, trump)]
                if winner in side_of(rules, mover) and under:
                    seen += 1
                    overtaken += beats(action.card.kind, top.kind, trump)
                    richest += action.card.points == max(c.points for c in under)
            state = state.apply(action)
    return seen, overtaken, richest


def test_kreuzbinokel_partners_do_not_take_over_a_partners_won_trick_and_smear_points() -> None:
    """Playing last to a trick the partner has won, the card cannot change who wins it: a
    player never spends a card (a trump) that takes it over, and almost always gives the most
    card points it can in most cases (it keeps a card no one can beat any more for later)."""
    seen, overtaken, richest = partner_is_winning_last_tricks("medium", 20, "kreuzbinokel")
    assert seen >= 20
    assert overtaken == 0
    assert richest >= 0.6 * seen


@pytest.mark.parametrize(("level", "seed"), [("medium", "conf/24"), ("hard", "conf/11")])
def test_medium_and_hard_open_hands_they_make_four_times_in_five(level: str, seed: str) -> None:
    """Medium bids while the chance of making the bid stays at 0.8 or above (0.85 lost to
    the first bidding head to head and 0.75 failed 12% of its contracts against itself, see
    docs/decisions/bots-07-heuristic-bidding.md): on these hands the forehand's chance at the
    first bid is between the two, so today's level bids and the former 0.85 passes.  Hard has
    no floor (bots-09) and bids them too."""
    from binokel import new_game
    from binokel.bots.heuristic.evaluate import leads_first

    state = new_game(seed=seed, dealer=0)
    view = state.view(state.to_move)
    bot = HeuristicBot(level=level)
    before = HeuristicBot(level=level, options={"confidence": "0.85"})
    action = ask(bot, view, random.Random(0))
    assert isinstance(action, A.Bid)
    assert isinstance(ask(before, view, random.Random(0)), A.Pass)
    chance, ev = bot.bid_chance(view.rules, pack(view.hand), leads_first(view.rules, forehand=True),
                                action.value)
    assert LEVELS[level].confidence <= chance < 0.85
    assert ev >= LEVELS[level].tau


def test_the_pack_points_are_every_card_of_the_pack_and_the_last_trick() -> None:
    from binokel.bots.heuristic.evaluate import pack_points
    from binokel.cards import points_of
    from binokel.games.binokel.rules import rule_set_names
    from binokel.search.knowledge import full_pack

    for name in rule_set_names():
        rules = find_rules(name)
        assert pack_points(rules) == points_of(full_pack(rules)) + rules.last_trick_bonus


def test_the_bid_calibration_row_is_the_declarers_chance_at_its_winning_bid() -> None:
    """The declarer made the winning bid itself, so its predicted chance there is at least the
    level's confidence (what ``calibrate --bids`` compares with the contracts made)."""
    from binokel.tools.calibrate import bid_row

    rows = [bid_row("binokel", f"cal/{i}", i % 3, HeuristicBot(level="medium")) for i in range(3)]
    found = [row for row in rows if row is not None]
    assert found
    for chance, ev, made in found:
        assert LEVELS["medium"].confidence <= chance <= 1.0
        assert ev >= LEVELS["medium"].tau
        assert isinstance(made, bool)


def test_hard_bids_for_strength_and_medium_keeps_its_floor() -> None:
    """Hard has no confidence floor (issue 51, docs/decisions/bots-09-hard-bids-for-strength.md):
    in a three-player table it bids exactly as the first bidding (``v=1``) does, also where its
    chance of making the bid is under medium's 0.8, where the cautious hard passed."""
    from binokel import new_game
    from binokel.bots.heuristic.evaluate import leads_first

    assert LEVELS["hard"].confidence == 0.0 and LEVELS["medium"].confidence == 0.8
    hard, first = HeuristicBot(level="hard"), HeuristicBot(level="hard", options={"v": "1"})
    cautious = HeuristicBot(level="hard", options={"confidence": "0.8"})
    bids = below_the_floor = 0
    for deal in range(12):
        state = new_game(seed=f"bold/{deal}", dealer=deal % 3)
        while state.phase is Phase.AUCTION:  # an auction among hard players
            view = state.view(state.to_move)
            action = ask(hard, view, random.Random(0))
            assert action == ask(first, view, random.Random(0))
            if isinstance(action, A.Bid):
                bids += 1
                chance, _ = hard.bid_chance(
                    view.rules, pack(view.hand),
                    leads_first(view.rules, forehand=view.seat == view.active[0]), action.value)
                if chance < 0.8:
                    below_the_floor += 1
                    assert isinstance(ask(cautious, view, random.Random(0)), A.Pass)
            state = state.apply(action)
    assert bids >= 12 and below_the_floor >= 1, (bids, below_the_floor)
