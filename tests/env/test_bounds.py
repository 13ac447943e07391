"""Issue 47: the hand-return bounds (binokel.env.bounds) hold for played hands and come close to
hands the engine deals and plays: a witness hand scores near each bound through the real
scoring, and random games stay inside."""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations_with_replacement

import pytest

from binokel.cards import ONE, RANK_SLOTS, Suit, unpack_kinds
from binokel.env.binokel_codec import BinokelCodec, pack_kinds
from binokel.env.bounds import hand_return_bounds, max_melds
from binokel.env.codec import hand_rewards
from binokel.games import all_rule_set_names, find_game_rules
from binokel.games.binokel import actions as A
from binokel.games.binokel.game import Deal, GameState, new_game
from binokel.games.binokel.melds import find_melds_packed, meld_total
from binokel.games.binokel.rules import Rules
from binokel.games.binokel.scoring import HandResult, side_of
from binokel.games.binokel.state import active_seats

BINOKEL_SETS = [n for n in all_rule_set_names() if "binokel" in n]
POINTS = {k: (0, 0, 0, 2, 3, 4, 10, 11)[k % RANK_SLOTS] for k in range(4 * RANK_SLOTS)}


def rules_of(name: str) -> Rules:
    rules = find_game_rules(name)
    assert isinstance(rules, Rules)
    return rules


def best_by_search(rules: Rules, cards: int) -> int:
    kinds = pack_kinds(rules)
    best = 0
    for hand in combinations_with_replacement(kinds, cards):
        if any(hand.count(k) > 2 for k in set(hand)):
            continue
        packed = sum(ONE[k] for k in hand)
        best = max(best, *(meld_total(find_melds_packed(packed, t, rules)) for t in Suit))
    return best


@pytest.mark.parametrize("name", ["binokel", "binokel-sevens", "binokel-eights-graded"])
@pytest.mark.parametrize("cards", [4, 5])
def test_max_melds_equals_a_search_of_every_small_hand(name: str, cards: int) -> None:
    rules = rules_of(name)
    assert max_melds(rules, cards)[0] == best_by_search(rules, cards)


@pytest.mark.parametrize("name", BINOKEL_SETS)
def test_max_melds_is_scored_by_the_engine_and_beats_random_hands(name: str) -> None:
    rules = rules_of(name)
    value, packed, trump = max_melds(rules, rules.hand_size)
    assert len(unpack_kinds(packed)) == rules.hand_size
    assert meld_total(find_melds_packed(packed, trump, rules)) == value
    pack = [k for k in pack_kinds(rules) for _ in range(2)]
    rng = random.Random(47)
    for _ in range(300):
        hand = sum(ONE[k] for k in rng.sample(pack, rules.hand_size))
        assert meld_total(find_melds_packed(hand, rng.choice(list(Suit)), rules)) <= value


def choose(state: GameState, declarer: int, trump: Suit) -> A.Action:
    """The witness's play: everyone bids the least bid it may, so that the bidding ends on the
    top bid, whatever the cards; the declarer takes the Dabb, lays away its cheapest cards, names
    ``trump`` and plays its cheapest cards; its opponents play their dearest cards."""
    legal = state.legal_actions()
    seat = state.to_move
    bids = sorted((a for a in legal if isinstance(a, A.Bid)), key=lambda a: a.value)
    if bids:
        return bids[0]
    if A.PASS in legal:
        return A.PASS
    if A.TAKE_DABB in legal:
        return A.TAKE_DABB
    for action in legal:
        if isinstance(action, A.NameTrump) and action.suit is trump:
            return action
    cards = [a for a in legal if isinstance(a, A.Play | A.Discard)]
    assert cards, legal
    dear = seat not in side_of(state.rules, declarer) and isinstance(cards[0], A.Play)
    key: Callable[[A.Play | A.Discard], int] = lambda a: POINTS[a.card.kind]  # noqa: E731
    return max(cards, key=key) if dear else min(cards, key=key)


def deal_around(rules: Rules, active: tuple[int, ...], declarer: int, packed: int) -> Deal:
    """``packed`` to the first opponent of ``declarer``, to the other opponents a good melding
    hand of the rest (a short climb), to the declarer's side and the Dabb what is left."""
    rest = [k for k in pack_kinds(rules) for _ in range(2)]
    for k in unpack_kinds(packed):
        rest.remove(k)
    size = rules.hand_size
    hands = [0] * rules.players
    opponents = [s for s in active if s not in side_of(rules, declarer)]
    hands[opponents[0]] = packed
    rng = random.Random(47)
    for seat in opponents[1:]:
        rng.shuffle(rest)

        def value(cards: list[int]) -> int:
            held = sum(ONE[k] for k in cards)
            return max(meld_total(find_melds_packed(held, t, rules)) for t in Suit)

        best = value(rest[:size])
        for _ in range(600):
            i, j = rng.randrange(size), rng.randrange(size, len(rest))
            rest[i], rest[j] = rest[j], rest[i]
            now = value(rest[:size])
            if now >= best:
                best = now
            else:
                rest[i], rest[j] = rest[j], rest[i]
        hands[seat] = sum(ONE[k] for k in rest[:size])
        rest = rest[size:]
    rest.sort(key=lambda k: POINTS[k])  # the declarer's side gets the cheapest cards left
    for seat in (s for s in active if s not in opponents):
        hands[seat] = sum(ONE[k] for k in rest[:size])
        rest = rest[size:]
    return Deal(tuple(hands), sum(ONE[k] for k in rest))


def play(rules: Rules, dealer: int, deal: Deal, declarer: int, trump: Suit) -> HandResult:
    state = new_game(rules, "witness", dealer=dealer, deal=deal)
    while not state.results:
        state = state.apply(choose(state, declarer, trump))
    return state.results[0]


def witness(rules: Rules) -> tuple[list[float], int, int]:
    """A hand dealt with the best melding hand to an opponent of a declarer who bids the top
    bid and misses it: the seats' returns through the engine's own scoring."""
    value, packed, _ = max_melds(rules, rules.hand_size)
    # Of the trumps that give the holder its best melds, the one it holds most cards of.
    trump = max((t for t in Suit if meld_total(find_melds_packed(packed, t, rules)) == value),
                key=lambda t: sum(k // RANK_SLOTS == t for k in unpack_kinds(packed)))
    dealer = 0
    active = active_seats(rules, dealer)
    # The bidding does not look at the cards: find its winner once, then deal around it.
    declarer = play(rules, dealer, deal_around(rules, active, active[0], packed), active[0],
                    trump).declarer
    result = play(rules, dealer, deal_around(rules, active, declarer, packed), declarer, trump)
    holder = next(s for s in active if s not in side_of(rules, declarer))
    assert result.declarer == declarer and result.bid == rules.max_bid and not result.made
    return hand_rewards(result.scores), holder, declarer


@pytest.mark.parametrize("name", BINOKEL_SETS)
def test_witness_hand_comes_close_to_both_bounds(name: str) -> None:
    rules = rules_of(name)
    low, high = hand_return_bounds(rules)
    rewards, holder, declarer = witness(rules)
    assert low <= min(rewards) and max(rewards) <= high
    # Recorded in docs/decisions/env-18-hand-return-bounds.md: how far the witness stays off.
    print(f"{name}: bounds [{low:.0f}, {high:.0f}], witness [{rewards[declarer]:.0f}, "
          f"{rewards[holder]:.0f}]")
    # With 12 cards or more the best melding hand also takes most tricks: the upper bound is
    # within 10% of a played hand (binokel: 3508 of 3550).  With 9 cards (four seats) it melds
    # eight Jacks and takes no trick, so the witness stays further off.
    assert rewards[holder] >= (0.9 if rules.hand_size >= 12 else 0.35) * high
    # Both bounds count every opponent melding the best hand alone; two cannot at once.
    assert rewards[declarer] <= 0.6 * low


@pytest.mark.parametrize("name", BINOKEL_SETS)
def test_random_games_stay_inside_the_bounds(name: str) -> None:
    rules = rules_of(name)
    low, high = hand_return_bounds(rules)
    rng = random.Random(name)
    for hand in range(20):
        state = new_game(rules, f"bounds-{hand}")
        while not state.results:
            state = state.apply(rng.choice(state.legal_actions()))
        rewards = hand_rewards(state.results[0].scores)
        assert all(low <= r <= high for r in rewards), (rewards, low, high)


@pytest.mark.parametrize("name", BINOKEL_SETS)
def test_the_bound_also_bounds_a_hands_points(name: str) -> None:
    """The observation bounds use utility_bound for bids, melds, card points and hand scores."""
    rules = rules_of(name)
    bound = BinokelCodec(rules).utility_bound()
    durch = max(rules.durch_value, rules.open_durch_value, rules.open_durch_without_dabb_value)
    assert bound >= max(2 * rules.max_bid, durch, 250 + max_melds(rules, rules.hand_size)[0])
    assert bound < 34_860 / 5  # the old bound of plain Binokel, over five times tighter


def test_rounded_card_points_stay_inside_the_bounds() -> None:
    rules = rules_of("binokel+round_trick_points=true")
    low, high = hand_return_bounds(rules)
    rng = random.Random(47)
    for hand in range(20):
        state = new_game(rules, f"rounded-{hand}")
        while not state.results:
            state = state.apply(rng.choice(state.legal_actions()))
        assert all(low <= r <= high for r in hand_rewards(state.results[0].scores))
