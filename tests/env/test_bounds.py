"""Issue 47: the hand-return bounds (binokel.env.bounds) hold for played hands and come close to
hands the engine deals and plays: a witness hand scores near each bound through the real
scoring, and random games stay inside."""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations_with_replacement

import pytest

from binokel.cards import ONE, RANK_SLOTS, Suit, parse_cards, unpack_kinds
from binokel.env.binokel_codec import BinokelCodec, pack_kinds
from binokel.env.bounds import (
    BUILT_IN_BOUNDS,
    derive_hand_return_bounds,
    hand_return_bounds,
    max_meld_pair,
    max_melds,
    trick_loss,
)
from binokel.env.codec import hand_rewards
from binokel.games import all_rule_set_names, find_game_rules
from binokel.games.binokel import actions as A
from binokel.games.binokel.game import Deal, GameState, new_game
from binokel.games.binokel.melds import find_melds_packed, meld_total
from binokel.games.binokel.rules import BINOKEL, PRESETS, Rules
from binokel.games.binokel.scoring import HandResult, side_of
from binokel.games.binokel.state import Phase, active_seats

BINOKEL_SETS = [n for n in all_rule_set_names() if "binokel" in n]
POINTS = {k: (0, 0, 0, 2, 3, 4, 10, 11)[k % RANK_SLOTS] for k in range(4 * RANK_SLOTS)}


def rules_of(name: str) -> Rules:
    rules = find_game_rules(name)
    assert isinstance(rules, Rules)
    return rules


def loss(rules: Rules, packed: int, trump: Suit) -> int:
    """trick_loss of the trumps in ``packed`` (0 where the search ignores tricks)."""
    return trick_loss(rules, {r: (packed >> ((trump * RANK_SLOTS + r) * 2)) & 3
                              for r in rules.ranks})


def best_by_search(rules: Rules, cards: int, losing: bool = False) -> int:
    kinds = pack_kinds(rules)
    best: int | None = None
    for hand in combinations_with_replacement(kinds, cards):
        if any(hand.count(k) > 2 for k in set(hand)):
            continue
        packed = sum(ONE[k] for k in hand)
        for t in Suit:
            value = meld_total(find_melds_packed(packed, t, rules))
            value -= loss(rules, packed, t) if losing else 0
            best = value if best is None else max(best, value)
    assert best is not None
    return best


@pytest.mark.parametrize("name", ["binokel", "binokel-sevens", "binokel-eights-graded"])
@pytest.mark.parametrize(("cards", "losing"), [(4, False), (5, False), (4, True)])
def test_max_melds_equals_a_search_of_every_small_hand(name: str, cards: int,
                                                       losing: bool) -> None:
    rules = rules_of(name)
    assert max_melds(rules, cards, losing)[0] == best_by_search(rules, cards, losing)


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


def brute_pair(rules: Rules, cards: int, losing: bool = False) -> int:
    """The most two disjoint hands of ``cards`` cards meld under one trump (less the trick loss
    of their trumps together, with ``losing``), by trying them all."""
    kinds = pack_kinds(rules)
    hands = [sum(ONE[k] for k in h) for h in combinations_with_replacement(kinds, cards)
             if all(h.count(k) <= 2 for k in set(h))]
    least = trick_loss(rules, {r: 2 for r in rules.ranks}) if losing else 0  # the least loss
    best = -10**9
    for trump in Suit:
        scored = sorted(((meld_total(find_melds_packed(h, trump, rules)), h) for h in hands),
                        reverse=True)
        for value, hand in scored:
            if value + scored[0][0] - least <= best:
                break
            for other, partner in scored:
                if value + other - least <= best:
                    break
                if not any(((hand >> (k * 2)) & 3) + ((partner >> (k * 2)) & 3) > 2
                           for k in kinds):
                    found = value + other - (loss(rules, hand + partner, trump) if losing else 0)
                    best = max(best, found)
                    if not losing:
                        break
    return best


@pytest.mark.parametrize("losing", [False, True])
@pytest.mark.parametrize("name", ["binokel", "binokel-sevens", "binokel-eights-graded"])
@pytest.mark.parametrize("cards", [3, 4])
def test_max_meld_pair_equals_a_search_of_every_pair_of_small_hands(name: str, cards: int,
                                                                     losing: bool) -> None:
    rules = rules_of(name)
    value, first, second, trump = max_meld_pair(rules, cards, losing)
    assert value == brute_pair(rules, cards, losing)
    assert meld_total(find_melds_packed(first, trump, rules)) + meld_total(
        find_melds_packed(second, trump, rules)) - (
        loss(rules, first + second, trump) if losing else 0) == value



def auction(state: GameState, declarer: int) -> GameState | None:
    """The auction played out so that ``declarer`` wins it at the top bid (it bids the least
    it may; the others bid the least they may or pass, whichever gets there), whatever the
    cards; ``None`` if it cannot."""
    if state.phase is not Phase.AUCTION:
        ok = state.declarer == declarer and state.bid == state.rules.max_bid
        return state if ok else None
    legal = state.legal_actions()
    bids = sorted((a for a in legal if isinstance(a, A.Bid)), key=lambda a: a.value)[:1]
    for action in bids + ([] if state.to_move == declarer and bids else [A.PASS]):
        if action in legal:
            found = auction(state.apply(action), declarer)
            if found is not None:
                return found
    return None


def dealt(rules: Rules, opponents_cards: tuple[str, ...], discard: str,
          trump: Suit) -> tuple[GameState, int, list[int]]:
    """A hand in which middlehand (or else forehand) wins the auction at the top bid, its
    opponents are dealt ``opponents_cards`` (in the order they play), the declarer the rest,
    with ``discard`` in the Dabb and laid away again, and ``trump`` named: the state when play
    starts, the declarer's place (0 forehand, 1 middlehand) and the seats of the opponents then
    the declarer."""
    dealer = 0
    active = active_seats(rules, dealer)
    place = next(p for p in (1, 0)
                 if auction(new_game(rules, "w", dealer=dealer), active[p]) is not None)
    declarer = active[place]
    opponents = [s for s in active if s != declarer]
    rest = [k for k in pack_kinds(rules) for _ in range(2)]
    hands = [0] * rules.players
    for holder, text in zip(opponents, opponents_cards, strict=True):
        for card in parse_cards(text):
            rest.remove(card.kind)
            hands[holder] += ONE[card.kind]
    away = [card.kind for card in parse_cards(discard)]
    for kind in away:
        rest.remove(kind)
    assert len(rest) == rules.hand_size
    hands[declarer] = sum(ONE[k] for k in rest)
    state = new_game(rules, "witness", dealer=dealer,
                     deal=Deal(tuple(hands), sum(ONE[k] for k in away)))
    found = auction(state, declarer)
    assert found is not None
    state = found
    while state.phase is not Phase.PLAY:
        legal = state.legal_actions()
        discards = [a for a in legal if isinstance(a, A.Discard) and a.card.kind in away]
        if A.TAKE_DABB in legal:
            state = state.apply(A.TAKE_DABB)
        elif discards:
            away.remove(discards[0].card.kind)
            state = state.apply(discards[0])
        elif A.NameTrump(trump) in legal:
            state = state.apply(A.NameTrump(trump))
        else:
            state = state.apply(A.PASS)
    assert state.declarer == declarer and state.bid == rules.max_bid
    return state, place, [*opponents, declarer]


def played(rules: Rules, first: str, second: str, discard: str, trump: Suit,
           openings: dict[int, str], seat: int, target: float) -> list[float]:
    """A hand :func:`dealt` with ``first`` and ``second`` to the opponents, the first cards
    played as ``openings`` says for the declarer's place (0 forehand, 1 middlehand) and the
    rest by a search for a play in which the declarer takes no trick and ``seat``'s return is
    ``target`` (0 the first opponent, 1 the second, 2 the declarer): the seats' returns."""
    state, place, seats = dealt(rules, (first, second), discard, trump)
    declarer = seats[-1]
    seat = seats[seat]
    for card in parse_cards(openings.get(place, "")):
        state = state.apply(A.Play(card))

    def search(state: GameState) -> list[float] | None:
        if state.results:
            rewards = hand_rewards(state.results[0].scores)
            return rewards if rewards[seat] == target else None
        plays = [a for a in state.legal_actions() if isinstance(a, A.Play)]
        for action in sorted(plays, key=lambda a: -POINTS[a.card.kind]):
            after = state.apply(action)
            if len(after.tricks) > len(state.tricks) and after.tricks[-1].winner == declarer:
                continue
            found = search(after)
            if found is not None:
                return found
        return None

    rewards = search(state)
    assert rewards is not None, "no such play"
    return rewards


#: The rule sets whose upper bound a played hand reaches (three active seats of 12 cards, no
#: Sevens; docs/decisions/env-18-hand-return-bounds.md).
EXACT_HIGH = [n for n in BINOKEL_SETS if rules_of(n).active_players == 3
              and rules_of(n).hand_size == 12 and not rules_of(n).has_sevens]


@pytest.mark.parametrize("name", EXACT_HIGH)
def test_a_played_hand_reaches_the_upper_bound(name: str) -> None:
    """The declarer misses the top bid; forehand melds the best hand (double family of trumps
    and double Binokel) and takes every trick, the four Jacks laid away being the only points
    it does not take; the other opponent takes no trick."""
    rules = rules_of(name)
    high = hand_return_bounds(rules)[1]
    rewards = played(rules, "A♦ A♦ 10♦ 10♦ K♦ K♦ Q♦ Q♦ J♦ J♦ Q♠ Q♠",
                     "A♣ A♣ 10♣ 10♣ K♣ K♣ Q♣ Q♣ A♠ A♠ 10♠ 10♠", "J♣ J♣ J♥ J♥", Suit.DIAMONDS,
                     {}, 0, high)
    assert max(rewards) == high


@pytest.mark.parametrize("name", EXACT_HIGH)
def test_a_played_hand_comes_within_one_of_the_lower_bound(name: str) -> None:
    """Both opponents meld (double family of trumps and double Binokel; double family and a
    pair) and take every trick; the bound lets them lose two points less to the Dabb (three
    seats: one point of return; dealer out: two thirds)."""
    rules = rules_of(name)
    low = hand_return_bounds(rules)[0]
    # J♦, Q♦ from the declarer and K♦ make the second opponent's trick.
    witness = -3000 - 3560 / (rules.players - 1)
    rewards = played(rules, "A♠ A♠ 10♠ 10♠ K♠ K♠ Q♠ Q♠ J♠ J♠ J♦ J♦",
                     "A♥ A♥ 10♥ 10♥ K♥ K♥ Q♥ Q♥ J♥ J♥ K♦ Q♦", "J♣ J♣ Q♣ Q♣", Suit.SPADES,
                     {0: "Q♦ J♦ K♦", 1: "J♦ Q♦ K♦"}, 2, witness)
    assert min(rewards) == witness
    # The bound's opponents hold the top trumps and lose only four Jacks to the Dabb (8).
    assert low == pytest.approx(witness - 2 / (rules.players - 1))


def trumps_first(state: GameState, trump: Suit) -> list[float]:
    """Play on, every seat playing its dearest trump it may, else its dearest card: the seats'
    returns."""
    while not state.results:
        plays = [a for a in state.legal_actions() if isinstance(a, A.Play)]
        state = state.apply(max(plays, key=lambda a: (a.card.suit is trump,
                                                     POINTS[a.card.kind])))
    return hand_rewards(state.results[0].scores)


def test_a_played_hand_reaches_the_upper_bound_with_sevens() -> None:
    """Forehand holds double family of diamonds, Q♠ Q♠ and a King of every other suit (1900:
    double family, double Binokel, four Kings, the spade pair) against a declarer who bids 1500
    and misses; the declarer lays away 7♦ 7♦ 7♣, so forehand holds every trump in play, leads
    them while the others throw their Aces, Tens and Kings, then takes the rest: 1900 + 250,
    plus half of 3000.  The best melding hand (1920, spades trump) cannot: the four high spades
    are lost to it (trick_loss 42)."""
    rules = rules_of("binokel-sevens")
    state, _, seats = dealt(rules, ("A♦ A♦ 10♦ 10♦ K♦ K♦ Q♦ Q♦ J♦ J♦ Q♠ Q♠ K♠ K♣ K♥",
                                    "A♣ A♣ 10♣ 10♣ A♥ A♥ Q♣ Q♣ J♣ J♣ 7♣ Q♥ Q♥ J♥ J♥"),
                            "7♦ 7♦ 7♣", Suit.DIAMONDS)
    rewards = trumps_first(state, Suit.DIAMONDS)
    assert rewards[seats[0]] == hand_return_bounds(rules)[1] == 1900 + 250 + 1500


def test_a_played_hand_comes_within_six_of_the_upper_bound_with_four_seats() -> None:
    """binokel-4: forehand holds the eight Aces and 10♣ (1000, clubs trump), the others follow
    suit to every lead and the declarer lays away four Jacks: 1000 + 242, plus a third of 3000
    (the others take no trick and score nothing).  The bound allows eight Kings and Q♣ (1040
    with the trump pair) to lose only the four high clubs (42), which it cannot quite do."""
    rules = rules_of("binokel-4")
    state, _, seats = dealt(rules, ("A♣ A♣ A♠ A♠ A♥ A♥ A♦ A♦ 10♣",
                                    "10♠ K♠ Q♠ 10♥ K♥ 10♦ K♦ 10♣ K♣",
                                    "10♠ K♠ Q♠ 10♥ K♥ 10♦ K♦ K♣ Q♣"), "J♥ J♥ J♦ J♦", Suit.CLUBS)
    rewards = trumps_first(state, Suit.CLUBS)
    assert rewards[seats[0]] == 1242 + 1000 == hand_return_bounds(rules)[1] - 6


@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: r.name)
def test_the_stored_bounds_of_every_built_in_rule_set_are_the_derived_ones(rules: Rules) -> None:
    """BUILT_IN_BOUNDS spares a game's first load the knapsacks: each stored value must be
    what the derivation gives today, and no built-in rule set may be missing."""
    assert BUILT_IN_BOUNDS[rules.name] == derive_hand_return_bounds(rules)
    assert hand_return_bounds(rules) == BUILT_IN_BOUNDS[rules.name]


def test_a_changed_rule_set_is_derived_not_looked_up() -> None:
    changed = BINOKEL.replace(max_bid=BINOKEL.max_bid + 500)  # same name, another top bid
    assert changed.name == "binokel"
    low, high = hand_return_bounds(changed)
    assert (low, high) == derive_hand_return_bounds(changed) != BUILT_IN_BOUNDS["binokel"]
