"""Shared tools of the rulebook tests: set deals, scripted play, and independent referees.

The referees (:func:`oracle_legal_cards`, :func:`oracle_trick_winner`, :func:`oracle_meld_total`,
:func:`oracle_scores`, :class:`Referee`) restate docs/rules/binokel.md in the plainest code we can
write, without the engine's packed ints or caches, so that property tests compare the engine against
the rulebook rather than against itself.

Seat convention of the set deals: the dealer is seat 2, so seat 0 is forehand (F), seat 1
middlehand (M) and seat 2 the dealer, rearhand (D).
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from binokel import (
    Action,
    Bid,
    Card,
    Contract,
    Deal,
    Discard,
    Durch,
    GameState,
    GiveUp,
    HandResult,
    IllegalActionError,
    NameTrump,
    OpenDurch,
    Pass,
    Phase,
    Play,
    Rank,
    Rules,
    Suit,
    apply_all,
    new_game,
    parse_cards,
)
from binokel.cards import pack
from binokel.games.binokel.rulefile import find_rules
from binokel.games.binokel.rules import BINOKEL

F, M, D = 0, 1, 2
"""Forehand, middlehand and dealer (rearhand) of a set deal."""

# The rulebook's own tables (§1), written out again rather than read from the engine.
ORDER = {Rank.SEVEN: 0, Rank.JACK: 1, Rank.QUEEN: 2, Rank.KING: 3, Rank.TEN: 4, Rank.ACE: 5}
POINTS = {Rank.SEVEN: 0, Rank.JACK: 2, Rank.QUEEN: 3, Rank.KING: 4, Rank.TEN: 10, Rank.ACE: 11}
BINOKEL_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
#: A deal in which forehand holds all ten clubs and both A♥: declaring with the first four
#: cards of the Dabb laid away and clubs trumps (or Durch), forehand wins every trick.
#: Middlehand melds three pairs and a Binokel (100 with clubs trumps).
SWEEP = {F: "A♣ A♣ 10♣ 10♣ K♣ K♣ Q♣ Q♣ J♣ J♣ A♥ A♥",
         M: "K♥ Q♥ K♠ Q♠ K♦ Q♦ J♦ J♦ 10♥ 10♥ 10♠ 10♠"}
SWEEP_DABB = "A♠ A♠ A♦ A♦"
SWEEP_DISCARD = ("lay A♠", "lay A♠", "lay A♦", "lay A♦")

_CARD = {(s, r): Card(suit=s, rank=r) for s in Suit for r in Rank}


def cards(text: str) -> list[Card]:
    """Cards from notation, e.g. ``cards("A♠ 10♥ KC")``."""
    return parse_cards(text)


def card(text: str) -> Card:
    (one,) = parse_cards(text)
    return one


def points(cs: Iterable[Card]) -> int:
    return sum(POINTS[c.rank] for c in cs)


def full_pack(rules: Rules = BINOKEL) -> Counter[Card]:
    return Counter({_CARD[s, r]: 2 for s in Suit for r in rules.ranks})


def make_deal(hands: Mapping[int, str], dabb: str | None = None, *,
              rules: Rules | str = BINOKEL, dealer: int | None = None) -> Deal:
    """A deal with the given hands (seat -> cards); the other playing seats and the Dabb are
    filled from the rest of the pack, in pack order; a dealer who sits out gets nothing (the
    dealer is the last seat unless given).  Refuses a deal that is not exactly the pack."""
    rules = find_rules(rules) if isinstance(rules, str) else rules
    dealer = rules.players - 1 if dealer is None else dealer
    rest = full_pack(rules)
    fixed: dict[int, list[Card]] = {seat: cards(text) for seat, text in hands.items()}
    fixed_dabb = cards(dabb) if dabb is not None else None
    for group in [*fixed.values(), *([fixed_dabb] if fixed_dabb is not None else [])]:
        for c in group:
            assert rest[c] > 0, f"{c} is dealt more than twice"
            rest[c] -= 1
    pool = sorted(rest.elements(), key=lambda c: (c.suit, -ORDER[c.rank]))
    packed: list[int] = []
    for seat in range(rules.players):
        if rules.dealer_sits_out and seat == dealer:
            assert seat not in fixed, "the dealer sits out"
            packed.append(0)
            continue
        hand = fixed.get(seat)
        if hand is None:
            hand, pool = pool[:rules.hand_size], pool[rules.hand_size:]
        assert len(hand) == rules.hand_size, f"seat {seat} holds {len(hand)} cards"
        packed.append(pack(hand))
    if fixed_dabb is None:
        fixed_dabb, pool = pool[:rules.dabb_size], pool[rules.dabb_size:]
    assert len(fixed_dabb) == rules.dabb_size and not pool, "the deal is not the whole pack"
    return Deal(hands=tuple(packed), dabb=pack(fixed_dabb))


def game_with(hands: Mapping[int, str], dabb: str | None = None, *,
              rules: Rules | str = BINOKEL, dealer: int | None = None,
              seed: int = 0) -> GameState:
    """A new game whose first hand is the given deal: ``rules`` (a rule set or its name;
    default Binokel) and the dealer (default the last seat, so seat 0 is forehand)."""
    rules = find_rules(rules) if isinstance(rules, str) else rules
    dealer = rules.players - 1 if dealer is None else dealer
    return new_game(rules, seed, dealer=dealer,
                    deal=make_deal(hands, dabb, rules=rules, dealer=dealer))


def play(state: GameState, *actions: str | Action) -> GameState:
    """Apply actions in notation (``"pass"``, ``"160"``, ``"lay Q♠"``, ``"trump ♥"``, ``"A♠"``)."""
    return apply_all(state, list(actions))


def play_out(state: GameState) -> GameState:
    """Finish the current hand, each player playing their first legal card."""
    hand_no = state.hand_no
    while state.hand_no == hand_no and not state.is_over:
        assert state.phase is Phase.PLAY
        state = state.apply(state.legal_actions()[0])
    return state


def hand_of(state: GameState, seat: int) -> Counter[Card]:
    return Counter(state.hand(seat))


def snapshot(state: GameState) -> tuple[object, ...]:
    """Everything observable about a state, to prove that a refused action changed nothing."""
    return (
        state.phase, state.to_move, state.legal_actions(), state.hands,
        [state.hand(s) for s in range(state.rules.players)], state.bids, state.bid,
        state.declarer, state.contract, state.trump, state.discard, state.melds,
        state.current_trick(), state.tricks, state.tricks_won, state.points, state.scores,
        state.results, state.hand_no, state.dealer, state.history(),
        [state.view(s) for s in range(state.rules.players)],
    )


def refused(state: GameState, action: str | Action, *, seat: int | None = None) -> str:
    """Apply an action that must be refused; return the message, checking nothing changed."""
    from binokel import parse_action

    act = parse_action(action) if isinstance(action, str) else action
    before = snapshot(state)
    try:
        state.apply(act, seat=seat)
    except IllegalActionError as exc:
        assert snapshot(state) == before, "a refused action changed the state"
        return str(exc)
    raise AssertionError(f"{act} was accepted")


# --- the rulebook restated -------------------------------------------------------------------

def beats(later: Card, best: Card, trump: Suit | None) -> bool:
    """§6: a later card beats the best so far if it is higher in the same suit, or a trump on a
    non-trump; an identical card does not (the first played wins)."""
    if later.suit == best.suit:
        return ORDER[later.rank] > ORDER[best.rank]
    return trump is not None and later.suit == trump


def oracle_trick_winner(trick: Sequence[Card], trump: Suit | None) -> int:
    best = 0
    for i in range(1, len(trick)):
        if beats(trick[i], trick[best], trump):
            best = i
    return best


def oracle_legal_cards(hand: Iterable[Card], trick: Sequence[Card], trump: Suit | None, *,
                       rules: Rules = BINOKEL) -> set[Card]:
    """§6 duties 1-4 with the options of §6, as a set of distinct cards."""
    held = set(hand)
    if not trick:
        return held
    led = trick[0].suit
    best = trick[oracle_trick_winner(trick, trump)]
    follow = {c for c in held if c.suit == led}
    if follow:
        if best.suit == led:
            higher = {c for c in follow if beats(c, best, trump)}
            return higher or follow
        if rules.beat_suit_when_trumped:
            top = max((c for c in trick if c.suit == led), key=lambda c: ORDER[c.rank])
            higher = {c for c in follow if ORDER[c.rank] > ORDER[top.rank]}
            return higher or follow
        return follow
    trumps = {c for c in held if trump is not None and c.suit == trump}
    if trumps:
        higher = {c for c in trumps if beats(c, best, trump)}
        if higher:
            return higher
        return trumps if rules.must_undertrump else held
    return held


def oracle_meld_total(hand: Iterable[Card], trump: Suit | None, rules: Rules = BINOKEL) -> int:
    """§5: the best meld total of a hand, kind by kind."""
    count = Counter(hand)
    total = 0
    for suit in Suit:
        is_trump = suit == trump
        families = min(count[_CARD[suit, r]] for r in BINOKEL_RANKS)
        if families == 2:
            total += rules.meld_double_family
        elif families == 1:
            total += rules.meld_family_trump if is_trump else rules.meld_family_plain
        kings = count[_CARD[suit, Rank.KING]] - families
        queens = count[_CARD[suit, Rank.QUEEN]] - families
        total += min(kings, queens) * (rules.meld_pair_trump if is_trump else rules.meld_pair_plain)
    binokels = min(count[_CARD[Suit.SPADES, Rank.QUEEN]], count[_CARD[Suit.DIAMONDS, Rank.JACK]])
    total += {0: 0, 1: rules.meld_binokel, 2: rules.meld_double_binokel}[binokels]
    four_eight = {
        Rank.ACE: (rules.meld_four_aces, rules.meld_eight_aces),
        Rank.KING: (rules.meld_four_kings, rules.meld_eight_kings),
        Rank.QUEEN: (rules.meld_four_queens, rules.meld_eight_queens),
        Rank.JACK: (rules.meld_four_jacks, rules.meld_eight_jacks),
    }
    for rank, (four, eight) in four_eight.items():
        sets = min(count[_CARD[s, rank]] for s in Suit)
        total += {0: 0, 1: four, 2: eight}[sets]
    if trump is not None and Rank.SEVEN in rules.ranks:
        total += rules.meld_dissle * count[_CARD[trump, Rank.SEVEN]]
    return total


def oracle_scores(*, active: Sequence[int], declarer: int, bid: int, contract: Contract,
                  melds: Sequence[int], tricks_won: Sequence[int], trick_points: Sequence[int],
                  discard_points: int, rules: Rules = BINOKEL) -> tuple[int, ...]:
    """§4 giving up, §7 and §8 for three players each playing for themselves."""
    scores = [0] * rules.players
    if contract is Contract.GIVE_UP:
        for seat in active:
            scores[seat] = -bid if seat == declarer else rules.give_up_bonus + melds[seat]
        return tuple(scores)
    if contract is Contract.DURCH:
        others_won = sum(tricks_won[s] for s in active if s != declarer)
        scores[declarer] = rules.durch_value if others_won == 0 else -rules.durch_value
        return tuple(scores)
    for seat in active:
        if seat == declarer:
            total = trick_points[seat] + discard_points + melds[seat]
            made = total >= bid and tricks_won[seat] > 0
            scores[seat] = total if made else -2 * bid
        elif tricks_won[seat] > 0:
            scores[seat] = trick_points[seat] + melds[seat]
    return tuple(scores)


# --- random play -----------------------------------------------------------------------------

def random_action(rng: random.Random, state: GameState) -> Action:
    """A random legal action, biased so that most hands are played out in trumps: giving up and
    Durch are rare, as at a real table."""
    legal = state.legal_actions()
    if state.phase in (Phase.DISCARD, Phase.TRUMP):
        roll = rng.random()
        give_ups = [a for a in legal if isinstance(a, GiveUp)]
        if roll < 0.02 and give_ups:
            return rng.choice(give_ups)
        if roll < 0.06 and Durch() in legal:
            return Durch()
        plain = [a for a in legal if not isinstance(a, GiveUp | Durch | OpenDurch)]
        return rng.choice(plain)
    return rng.choice(legal)


# --- an independent referee ------------------------------------------------------------------

@dataclasses.dataclass
class _HandModel:
    dealer: int
    active: tuple[int, ...]
    hands: dict[int, Counter[Card]]
    dabb: Counter[Card]
    high: int
    holder: int
    mover: int
    waiting: list[int]
    declarer: int = -1
    discards: list[Card] = dataclasses.field(default_factory=list)
    contract: Contract | None = None
    trump: Suit | None = None
    melds: dict[int, int] = dataclasses.field(default_factory=dict)
    trick: list[tuple[int, Card]] = dataclasses.field(default_factory=list)
    leader: int = -1
    won: dict[int, int] = dataclasses.field(default_factory=dict)
    taken: dict[int, int] = dataclasses.field(default_factory=dict)
    played: int = 0


class Referee:
    """Watches a game action by action and checks it against the rulebook, independently of the
    engine: whose turn it is (§2, §3, §6), the auction (§3), the Dabb and discard (§4), the legal
    cards (§6), trick winners and points, melds (§5), each hand's scores (§4, §7, §8), the 250
    points, the dealer moving right and the end of the game (§10).  It keeps its own copy of
    every hand.  Three players each for themselves."""

    def __init__(self, state: GameState) -> None:
        self.rules = state.rules
        self.totals = [0] * self.rules.players
        self.hands_checked = 0
        self.full_trump_hands = 0
        self.model = self._new_hand(state, expected_dealer=state.dealer)

    def _new_hand(self, state: GameState, *, expected_dealer: int) -> _HandModel:
        n = self.rules.players
        assert state.phase is Phase.AUCTION
        assert state.dealer == expected_dealer, "§2: the deal passes to the right"
        dealer = state.dealer
        active = tuple((dealer + 1 + i) % n for i in range(n))
        assert state.active == active, "§2: forehand is the dealer's right-hand neighbour"
        hands = {s: hand_of(state, s) for s in active}
        dabb = Counter(state.deal.dabb_cards())
        assert all(sum(h.values()) == self.rules.hand_size for h in hands.values())
        assert sum(hands.values(), Counter()) + dabb == full_pack(self.rules), "§2: whole pack"
        assert list(state.bids) == [(active[0], self.rules.min_bid)], "§3: forced opening"
        return _HandModel(dealer=dealer, active=active, hands=hands, dabb=dabb,
                          high=self.rules.min_bid, holder=active[0], mover=active[1],
                          waiting=list(active[2:]), won=dict.fromkeys(active, 0),
                          taken=dict.fromkeys(active, 0))

    def step(self, state: GameState, action: Action, after: GameState) -> None:
        """Check one applied action (``after = state.apply(action)``)."""
        h = self.model
        legal = state.legal_actions()
        assert action in legal, "every applied action is legal"
        seat = state.to_move
        if state.phase is Phase.AUCTION:
            self._auction(h, legal, seat, action)
            if h.declarer >= 0:
                assert after.declarer == h.declarer and after.bid == h.high
                h.hands[h.declarer] += h.dabb  # §4.1: the declarer takes the Dabb
        elif state.phase is Phase.DISCARD:
            assert seat == h.declarer
            expected = {Discard(c) for c in +h.hands[seat]} | {GiveUp(s) for s in Suit}
            assert set(legal) == expected, "§4: lay away any card of the hand, or give up"
            if isinstance(action, Discard):
                h.discards.append(action.card)
                h.hands[seat][action.card] -= 1
            else:
                self._declare(h, action)
        elif state.phase is Phase.TRUMP:
            assert seat == h.declarer and len(h.discards) == self.rules.dabb_size
            self._declare(h, action)
        elif state.phase is Phase.PLAY:
            self._play(h, legal, seat, action)
        else:  # pragma: no cover - no other phase is reachable under the default rules
            raise AssertionError(state.phase)
        if len(after.results) > len(state.results):
            self._finish(h, after)
        elif after.phase is Phase.PLAY and state.phase is not Phase.PLAY:
            self._start_play(h, after)

    def _auction(self, h: _HandModel, legal: Sequence[Action], seat: int,
                 action: Action) -> None:
        assert seat == h.mover, "§3: the auction is a series of duels"
        step = self.rules.bid_step
        expected: set[Action] = {Pass()}
        if h.high + step <= self.rules.max_bid:
            expected.add(Bid(h.high + step))
        assert set(legal) == expected, "§3: pass or exactly 10 more, no jumps"
        if isinstance(action, Bid):
            h.high, h.holder, h.mover = action.value, h.mover, h.holder
            return
        if h.waiting:  # the survivor (the holder) duels the next player to enter
            h.mover = h.waiting.pop(0)
            return
        h.declarer = h.holder

    def _declare(self, h: _HandModel, action: Action) -> None:
        if isinstance(action, GiveUp):
            h.contract, h.trump = Contract.GIVE_UP, action.suit
            h.melds = {s: 0 if s == h.declarer else oracle_meld_total(+h.hands[s], h.trump)
                       for s in h.active}
        elif isinstance(action, NameTrump):
            h.contract, h.trump = Contract.TRUMP, action.suit
        else:
            assert isinstance(action, Durch)
            h.contract, h.trump = Contract.DURCH, None

    def _start_play(self, h: _HandModel, state: GameState) -> None:
        for seat in h.active:
            assert hand_of(state, seat) == +h.hands[seat], "§4: Dabb taken, discard laid away"
        assert Counter(state.discard) == Counter(h.discards)
        if h.contract is Contract.TRUMP:
            h.melds = {s: oracle_meld_total(+h.hands[s], h.trump) for s in h.active}
            h.leader = h.active[0]
        else:
            h.melds = dict.fromkeys(h.active, 0)
            h.leader = h.declarer
        assert {s: sum(m.points for m in state.melds[s]) for s in h.active} == h.melds, "§5"
        assert state.to_move == h.leader, "§6/§8: forehand leads, in Durch the declarer"

    def _play(self, h: _HandModel, legal: Sequence[Action], seat: int, action: Action) -> None:
        assert isinstance(action, Play)
        n = len(h.active)
        expected_seat = (h.leader + len(h.trick)) % n
        assert seat == expected_seat, "§6: the winner leads, play goes to the right"
        trick_cards = [c for _, c in h.trick]
        hand = h.hands[seat]
        rulebook = oracle_legal_cards([c for c, k in hand.items() if k], trick_cards, h.trump,
                                      rules=self.rules)
        engine = {a.card for a in legal if isinstance(a, Play)}
        assert engine == rulebook and len(engine) == len(legal), (
            f"§6: legal cards {sorted(map(str, engine))} != rulebook "
            f"{sorted(map(str, rulebook))} for trick {[str(c) for c in trick_cards]}, "
            f"trump {h.trump}")
        hand[action.card] -= 1
        h.trick.append((seat, action.card))
        if len(h.trick) < n:
            return
        trick_cards = [c for _, c in h.trick]
        winner = h.trick[oracle_trick_winner(trick_cards, h.trump)][0]
        h.played += 1
        last = h.played == self.rules.hand_size
        h.won[winner] += 1
        h.taken[winner] += points(trick_cards) + (self.rules.last_trick_bonus if last else 0)
        h.trick = []
        h.leader = winner

    def _finish(self, h: _HandModel, after: GameState) -> None:
        result: HandResult = after.results[-1]
        assert h.contract is not None
        assert result.declarer == h.declarer and result.bid == h.high
        assert result.contract is h.contract and result.trump == h.trump
        assert not h.trick, "a hand ends only after a whole trick"
        if h.contract is Contract.GIVE_UP:
            assert h.played == 0 and result.tricks == (), "§4: nobody plays a trick"
        elif h.contract is Contract.DURCH:
            others = sum(h.won[s] for s in h.active if s != h.declarer)
            assert h.played == self.rules.hand_size or (
                others == 1 and h.leader != h.declarer
            ), "§8: the hand ends as soon as another player wins a trick"
        else:
            assert h.played == self.rules.hand_size
            self.full_trump_hands += 1
            assert (sum(h.taken.values()) + points(h.discards)
                    == 240 + self.rules.last_trick_bonus == 250), "§1: 250 points in a hand"
        assert len(result.tricks) == h.played
        if h.played:
            assert result.tricks[-1].winner == h.leader
        won = tuple(h.won.get(s, 0) for s in range(self.rules.players))
        taken = tuple(h.taken.get(s, 0) for s in range(self.rules.players))
        assert result.tricks_won == won and result.trick_points == taken
        assert result.discard_points == points(h.discards)
        melds = [h.melds.get(s, 0) for s in range(self.rules.players)]
        scores = oracle_scores(active=h.active, declarer=h.declarer, bid=h.high,
                               contract=h.contract, melds=melds, tricks_won=won,
                               trick_points=taken, discard_points=points(h.discards),
                               rules=self.rules)
        assert result.scores == scores, f"§7: scores {result.scores} != rulebook {scores}"
        self.totals = [t + s for t, s in zip(self.totals, scores, strict=True)]
        assert list(result.totals) == self.totals == list(after.scores)
        self.hands_checked += 1
        winners = oracle_winners(self.totals, declarer=h.declarer, target=self.rules.target)
        assert after.winners == winners, f"§10: winners {after.winners} != rulebook {winners}"
        if winners:
            assert after.is_over and after.phase is Phase.GAME_OVER
            assert after.legal_actions() == ()
        else:
            self.model = self._new_hand(after,
                                        expected_dealer=(h.dealer + 1) % self.rules.players)


def oracle_winners(totals: Sequence[int], *, declarer: int, target: int) -> tuple[int, ...]:
    """§10: the first to reach the target wins; of several, the declarer, else the higher
    total; an exact tie plays another hand."""
    reached = [s for s, t in enumerate(totals) if t >= target]
    if not reached:
        return ()
    if declarer in reached:
        return (declarer,)
    best = max(totals[s] for s in reached)
    leaders = [s for s in reached if totals[s] == best]
    return (leaders[0],) if len(leaders) == 1 else ()


def play_random_game(seed: int, *, rules: Rules = BINOKEL, max_hands: int = 10_000,
                     referee: bool = True) -> tuple[GameState, Referee | None]:
    """Play a whole game of random legal actions, refereed step by step."""
    rng = random.Random(seed)
    state = new_game(rules, seed)
    ref = Referee(state) if referee else None
    while not state.is_over and state.hand_no < max_hands:
        action = random_action(rng, state)
        after = state.apply(action)
        if ref is not None:
            ref.step(state, action, after)
        state = after
    return state, ref


# --- what a seat may know --------------------------------------------------------------------

#: Every field of a view.  A new field must be added here, with a rule in :func:`check_view`
#: saying whether and when it is public: the test fails until someone has thought about it.
VIEW_FIELDS = frozenset({
    "rules", "seat", "hand_no", "dealer", "phase", "to_move", "hand", "hand_sizes", "active",
    "bids", "bid", "declarer", "dabb", "discard", "contract", "trump", "melds", "open_hand",
    "leader", "trick", "tricks", "tricks_won", "trick_points", "scores", "results", "winners",
    "legal_actions",
})
#: Fields a view may have beyond those: trumps laid away that are shown to all (with trumps
#: named before the discard), public by the rule set.
OPTIONAL_VIEW_FIELDS = frozenset({"shown_discard"})
#: Every field of a score sheet line; all of it is public once the hand is over.
RESULT_FIELDS = frozenset({
    "hand_no", "dealer", "declarer", "bid", "contract", "trump", "melds", "meld_points",
    "trick_points", "tricks_won", "discard_points", "scores", "totals", "tricks",
})


def _open_table(state: GameState) -> tuple[list[Counter[Card]], Counter[Card]]:
    """Every seat's hand, and the cards every seat may see in this hand: the shown Dabb, the
    cards played, everyone's shown melds, an open Durch hand and trumps laid away openly."""
    hands = [hand_of(state, s) for s in range(state.rules.players)]
    seen: Counter[Card] = Counter()
    if state.dabb_shown:
        seen += Counter(state.dabb)
    for trick in state.tricks:
        seen += Counter(trick.cards)
    seen += Counter(c for _, c in state.current_trick())
    for melds in state.melds:
        for meld in melds:
            seen += Counter(meld.cards)
    if state.contract in (Contract.OPEN_DURCH, Contract.OPEN_DURCH_NO_DABB):
        assert state.declarer is not None
        seen += hands[state.declarer]
    seen += Counter(getattr(state, "shown_discard", ()))
    return hands, seen


def hidden_cards(state: GameState, seat: int) -> set[Card]:
    """Card kinds that sit only in places hidden from ``seat`` -- other hands, the unturned
    Dabb, another seat's discard -- and that ``seat`` sees nowhere: not in its own hand or
    discard, nor on the open table."""
    hands, seen = _open_table(state)
    return _hidden(state, seat, hands, seen, Counter(state.discard))


def _hidden(state: GameState, seat: int, hands: list[Counter[Card]], seen: Counter[Card],
            discard: Counter[Card]) -> set[Card]:
    hidden: Counter[Card] = Counter()
    for other, hand in enumerate(hands):
        if other != seat:
            hidden += hand
    if not state.dabb_shown:
        hidden += Counter(state.dabb)
    known = seen + hands[seat]
    if state.declarer == seat:
        known += discard
    elif state.declarer is not None:
        hidden += discard
    return {c for c in hidden if not known[c]}


def check_views(state: GameState) -> None:
    """Every seat's view holds exactly what that seat may know (docs/rules/binokel.md, issue 2)."""
    hands, seen = _open_table(state)
    discard = Counter(state.discard)
    sizes = tuple(sum(h.values()) for h in hands)
    for seat in range(state.rules.players):
        _check_view(state, seat, hands, sizes, _hidden(state, seat, hands, seen, discard),
                    discard)


def check_view(state: GameState, seat: int) -> None:
    """A seat's view holds exactly what that seat may know."""
    hands, seen = _open_table(state)
    discard = Counter(state.discard)
    sizes = tuple(sum(h.values()) for h in hands)
    _check_view(state, seat, hands, sizes, _hidden(state, seat, hands, seen, discard), discard)


def _check_view(state: GameState, seat: int, hands: list[Counter[Card]],
                sizes: tuple[int, ...], hidden: set[Card], discard: Counter[Card]) -> None:
    view = state.view(seat)
    fields = {f.name for f in dataclasses.fields(view)}
    assert fields >= VIEW_FIELDS, f"view fields missing: {VIEW_FIELDS - fields}"
    unknown = fields - VIEW_FIELDS - OPTIONAL_VIEW_FIELDS
    assert not unknown, f"new view fields {unknown}: say in check_view whether they are public"
    over = state.is_over
    assert view.seat == seat and view.phase is state.phase and view.to_move == state.to_move
    assert Counter(view.hand) == hands[seat]
    assert view.hand_sizes == sizes
    if state.dabb_shown and not over:
        assert view.dabb is not None and Counter(view.dabb) == Counter(state.dabb)
    else:
        assert view.dabb is None, "the Dabb before it is shown"
    if state.declarer == seat and not over:
        assert view.discard is not None and Counter(view.discard) == discard
    else:
        assert view.discard is None, "another seat's discard"
    if state.contract in (Contract.OPEN_DURCH, Contract.OPEN_DURCH_NO_DABB) and not over:
        assert state.declarer is not None and view.open_hand is not None
        assert Counter(view.open_hand) == hands[state.declarer]
    else:
        assert view.open_hand is None
    assert view.melds == state.melds
    shown_discard = getattr(view, "shown_discard", ())
    if shown_discard:
        assert not over and Counter(shown_discard) <= discard
        assert Counter(shown_discard) == Counter(getattr(state, "shown_discard", ()))
    assert list(view.trick) == state.current_trick()
    assert view.tricks == (state.tricks if not over else ())
    assert view.legal_actions == (state.legal_actions() if state.to_move == seat else ()), \
        "another seat's legal actions reveal its hand"
    assert view.bids == state.bids and view.scores == state.scores
    assert view.results == state.results and view.winners == state.winners
    for result in view.results:
        assert {f.name for f in dataclasses.fields(result)} == RESULT_FIELDS
    if not hidden:
        return
    # Nothing hidden may appear anywhere in the view's text.  Earlier hands are finished and
    # their score sheet is public, so the text is checked without it.
    text = repr(dataclasses.replace(view, results=()))
    for card in hidden:
        assert repr(card) not in text and str(card) not in text, (
            f"seat {seat}'s view shows {card}, which only another seat may know")


def examples(n: int) -> int:
    """Property-test examples, scaled by ``BINOKEL_PROPERTY_SCALE`` (e.g. 10 for a long run)."""
    import os

    return max(1, round(n * float(os.environ.get("BINOKEL_PROPERTY_SCALE", "1"))))
