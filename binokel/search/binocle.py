"""Search for Binocle: sampled deals, playouts while the stock lasts, exact play after it.

While the stock lasts the opponent's concealed cards and the stock's order are unknown: each
candidate action is tried on deals sampled from the view
(:func:`binokel.games.binocle.views.sample_state`) and the hand is played out — melds greedily (the
highest-scoring meld offered, the dix when it scores), cards at random.  Once the stock is gone
every card is known (the opponent holds exactly the cards not seen), and with few tricks left
the hand is solved exactly: in the play phase by the open-card solver of
:mod:`binokel.search.solver` (Binocle's duties after the stock are Binokel's for two players),
elsewhere (the meld step of the last trick with the stock) by alpha-beta over the game states.

:func:`binocle_choice` also picks the move: with an anchor (the rule-based player's move, given
by the caller) it keeps the anchor unless the played-out deals show another clearly better.

Values are the seat's hand score minus the opponent's
(:class:`~binokel.games.binocle.BinocleHandResult`
``scores``), with :data:`GAME_VALUE` for winning or losing the game on the way.

>>> import random
>>> from binokel.games.binocle import new_binocle_game
>>> state = new_binocle_game(seed=3)
>>> view = state.view(state.to_move)
>>> found = binocle_values(view, random.Random(1), samples=2)
>>> {c[0] for c in found} <= set(view.legal_actions)
True
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Sequence

from ..cards import RANK_SLOTS, Rank
from ..games.binocle import actions as BA
from ..games.binocle.actions import BinocleAction
from ..games.binocle.game import BinocleState, Phase
from ..games.binocle.sampling import sample_state
from ..games.binocle.views import BinocleView
from ..games.binokel.playout import Position
from ..games.binokel.rules import Rules
from .binocle_infer import MeldEvidence, weighted_state
from .binocle_keep import meld_keep_values
from .solver import best_cards

#: What winning the game is worth against a hand's score difference.
GAME_VALUE = 1000


def _hand_value(state: BinocleState, seat: int, hand_no: int) -> float:
    """The seat's hand score minus the opponent's once the hand (or the game) has ended."""
    value = 0.0
    if state.is_over and state.winner is not None:
        value += GAME_VALUE if state.winner == seat else -GAME_VALUE
    for result in state.results:
        if result.hand_no == hand_no:
            value += result.scores[seat] - result.scores[1 - seat]
            break
    else:
        # Won or lost before the hand was counted: the scores so far tell the rest.
        value += state.scores[seat] - state.scores[1 - seat]
    return value


def _policy(state: BinocleState, rng: random.Random) -> BinocleAction:
    """The playout player: the best meld or dix on offer, else a random card; never claims."""
    legal = state.legal_actions()
    if state.phase is Phase.MELD:
        best: BinocleAction | None = None
        best_points = 0
        for action in legal:
            points = _points_of(action, state)
            if points > best_points:
                best, best_points = action, points
        if best is not None:
            return best
        for action in legal:
            if isinstance(action, BA.Done):
                return action
    options: list[BinocleAction] = [a for a in legal if not isinstance(a, BA.Claim)]
    if not options:
        options = list(legal)
    return options[rng.randrange(len(options))]


def _greedy_policy(state: BinocleState, rng: random.Random) -> BinocleAction:
    """The sharper playout player: the best meld or dix on offer; while the stock lasts it wins
    tricks with points cheaply and throws the card it least needs for melds, after the stock it
    wins as cheaply as it can or throws its cheapest card; one card in ten is random."""
    legal = state.legal_actions()
    if state.phase is Phase.MELD:
        return _policy(state, rng)
    plays = [a for a in legal if isinstance(a, BA.Play)]
    if not plays:
        return _policy(state, rng)
    if len(plays) == 1:
        return plays[0]
    if rng.random() < 0.1:
        return plays[rng.randrange(len(plays))]
    trump = int(state.trump)
    stock = state.stock_lasts
    rules = state.rules
    points = rules.kind_points
    keep = (meld_keep_values(trump, int(rules.dix_rank), not state.dix_exchanged, rules)
            if stock else points)

    def cost(action: BA.Play) -> float:
        return keep[action.card.kind] - (2.0 if action.from_table else 0.0)

    trick = state.current_trick()
    if not trick:
        return min(plays, key=cost)
    led = trick[0][1].kind
    led_suit = led // RANK_SLOTS
    winners = []
    losers = []
    for action in plays:
        kind = action.card.kind
        suit = kind // RANK_SLOTS
        if (kind > led) if suit == led_suit else (suit == trump):
            winners.append(action)
        else:
            losers.append(action)
    at_stake = points[led]
    if stock:
        if winners and (at_stake >= 3 or not losers):
            cheapest = min(winners, key=cost)
            if not losers or cost(cheapest) - at_stake <= min(map(cost, losers)) + 4:
                return cheapest
        return min(losers or winners, key=cost)
    return min(winners or losers, key=cost)


def _points_of(action: BinocleAction, state: BinocleState) -> int:
    if isinstance(action, BA.Meld):
        return action.meld.points(state.rules)
    if isinstance(action, (BA.ExchangeDix, BA.ShowDix)):
        return state.rules.meld_dix
    return 0


def playout(state: BinocleState, rng: random.Random, *, greedy: bool = False) -> BinocleState:
    """Play the hand in progress to its end with the playout player (random cards, or with
    ``greedy`` the sharper rule-based one)."""
    hand_no = state.hand_no
    policy = _greedy_policy if greedy else _policy
    while state.hand_no == hand_no and not state.is_over:
        state = state.apply(policy(state, rng))
    return state


def _tricks_left(view: BinocleView) -> int:
    return len(view.hand)


def solve_after_stock(state: BinocleState, seat: int, alpha: float = -1e9,
                      beta: float = 1e9) -> float:
    """Exact value for ``seat`` of a state after the stock, every card known (alpha-beta)."""
    hand_no = state.hand_no
    if state.is_over or state.hand_no != hand_no:
        return _hand_value(state, seat, hand_no)
    return _search(state, seat, hand_no, alpha, beta)


def _search(state: BinocleState, seat: int, hand_no: int, alpha: float, beta: float) -> float:
    if state.is_over or state.hand_no != hand_no:
        return _hand_value(state, seat, hand_no)
    legal: list[BinocleAction] = [a for a in state.legal_actions()
                                  if not isinstance(a, BA.Claim)]
    if not legal:
        legal = list(state.legal_actions())
    maximise = state.to_move == seat
    best = -1e18 if maximise else 1e18
    for action in legal:
        value = _search(state.apply(action), seat, hand_no, alpha, beta)
        if maximise:
            if value > best:
                best = value
            alpha = max(alpha, value)
        else:
            if value < best:
                best = value
            beta = min(beta, value)
        if alpha >= beta:
            break
    return best


@functools.cache
def _endgame_rules(ranks: tuple[Rank, ...], bonus: int) -> Rules:
    """Binokel rules whose trick duties and points are Binocle's after the stock (§5): two
    players, follow and win if able, void: trump if able; the same card points."""
    return Rules(name="binocle-after-stock", description="Binocle's play after the stock",
                 players=2, ranks=ranks, hand_size=4 * len(ranks), deal_packet=4, dabb_size=0,
                 dabb_after_rounds=(), last_trick_bonus=bonus)


Valued = list[tuple[BinocleAction, float, int]]


def _endgame_values(view: BinocleView, rng: random.Random,
                    candidates: Sequence[BinocleAction]) -> Valued | None:
    """After the stock every card is known: the open-card solver gives each card's exact value
    (the seat's card points from here on minus the opponent's)."""
    me = view.seat
    state = sample_state(view, rng)  # the only deal there is: the opponent holds the unseen
    plays = {a.card.kind: a for a in candidates if isinstance(a, BA.Play) and not a.from_table}
    if len(plays) != len(candidates):
        return None
    trick = tuple(card.kind for _, card in view.trick)
    zeros = (0, 0)
    position = Position(_endgame_rules(tuple(view.rules.ranks), view.rules.last_trick_bonus),
                        tuple(state.hands), (0, 1), view.leader, trick, int(view.trump),
                        zeros, zeros)
    points = view.rules.kind_points
    values = best_cards(position, {me}, points=points)
    if set(values) != set(plays):
        return None  # the duties differ from what the solver knows: search the states instead
    rest = (sum(points[k] for k in trick) + sum(
        points[k] * ((hand >> (2 * k)) & 3) for hand in state.hands for k in range(32))
        + view.rules.last_trick_bonus)
    return [(plays[k], float(2 * v - rest), 1) for k, v in values.items()]


def binocle_values(view: BinocleView, rng: random.Random, *, samples: int = 16,
                   exact: int = 5, seconds: float = 0.0, min_samples: int = 2,
                   greedy: bool = False, evidence: MeldEvidence | None = None,
                   pool: int = 1) -> list[tuple[BinocleAction, float, int]]:
    """Each candidate action with its mean value over sampled deals, and the deals used.

    With ``evidence`` of the opponent's last meld and ``pool`` > 1, each deal is the pick of
    ``pool`` sampled deals by how likely that meld is in it (:mod:`.binocle_infer`).
    """
    return binocle_choice(view, rng, samples=samples, exact=exact, seconds=seconds,
                          min_samples=min_samples, greedy=greedy, evidence=evidence,
                          pool=pool)[1]


def clearly_better(gains: Sequence[float], z: float) -> bool:
    """Whether per-deal gains of one action over another (the same deals and playout dice for
    both) show it better: their mean is above zero by more than ``z`` standard errors.

    >>> clearly_better([30.0, 10.0, 20.0], 2.0), clearly_better([30.0, -25.0, 20.0], 2.0)
    (True, False)
    """
    n = len(gains)
    if n < 2:
        return False
    mean = sum(gains) / n
    spread = sum((g - mean) ** 2 for g in gains) / (n - 1)
    return mean > 0 and mean * mean * n > z * z * spread


def binocle_choice(view: BinocleView, rng: random.Random, *, samples: int = 16,
                   exact: int = 5, seconds: float = 0.0, min_samples: int = 2,
                   greedy: bool = False, evidence: MeldEvidence | None = None,
                   pool: int = 1, anchor: BinocleAction | None = None,
                   z: float = 0.0) -> tuple[BinocleAction, Valued]:
    """The action to play and :func:`binocle_values`' list of every candidate's value.

    The action is the candidate of the highest mean, except with an ``anchor`` (the rule-based
    player's choice) and ``z`` > 0 while the hand is played out on sampled deals: then the
    anchor is kept unless the best candidate gains on it by more than ``z`` standard errors over
    the same deals (:func:`clearly_better`). Played-out values are noisy, and a candidate a
    little ahead on a few deals is most often ahead by luck; the anchor is a sound player's move.
    The exact values after the stock are taken as they are.
    """
    legal = list(view.legal_actions)
    me = view.seat
    if any(isinstance(a, BA.Claim) for a in legal) and view.claim_total(me) >= view.target:
        return BA.CLAIM, [(a, (GAME_VALUE if isinstance(a, BA.Claim) else 0.0), 0)
                          for a in legal]
    candidates: Sequence[BinocleAction] = [a for a in legal if not isinstance(a, BA.Claim)]
    if len(candidates) <= 1:
        out = [(a, 0.0, 0) for a in candidates or legal]
        return out[0][0], out
    # A claim short of the target is wrong and loses the game: valued as a playout that loses it.
    claims: Valued = ([(BA.CLAIM, -float(GAME_VALUE), 0)]
                      if any(isinstance(a, BA.Claim) for a in legal) else [])
    # A claim that is not sure is never made: a wrong claim loses the game at once.
    if not view.stock_lasts and view.phase is Phase.PLAY:
        solved = _endgame_values(view, rng, candidates)
        if solved is not None:
            return max(solved, key=lambda c: c[1])[0], solved + claims
    exact_now = not view.stock_lasts and _tricks_left(view) <= exact
    found = _sampled(view, rng, candidates, samples, exact_now=exact_now, seconds=seconds,
                     min_samples=min_samples, greedy=greedy, evidence=evidence, pool=pool)
    out = [(a, sum(found[a]) / len(found[a]), len(found[a])) for a in candidates]
    best = max(out, key=lambda c: c[1])[0]
    if anchor in found and z > 0 and not exact_now and best != anchor:
        gains = [b - a for b, a in zip(found[best], found[anchor], strict=True)]
        if not clearly_better(gains, z):
            best = anchor
            out = kept_values(out, anchor)
    return best, out + claims


def kept_values(values: Valued, anchor: BinocleAction) -> Valued:
    """The values when the rule-based move (``anchor``) is kept because no gain on it is clear:
    a gain the deals do not show clearly counts nothing, so no candidate is worth more than the
    anchor, and the move played is the best value (decision search-24).  Losses stay as they
    are.

    >>> kept_values([(BA.CLAIM, 30.0, 8), (BA.DONE, 20.0, 8), (BA.CLAIM, 5.0, 8)], BA.DONE)
    [(Claim(), 20.0, 8), (Done(), 20.0, 8), (Claim(), 5.0, 8)]
    """
    base = next(v for a, v, _ in values if a == anchor)
    return [(a, min(v, base), n) for a, v, n in values]


def _sampled(view: BinocleView, rng: random.Random, candidates: Sequence[BinocleAction],
             samples: int, *, exact_now: bool, seconds: float, min_samples: int, greedy: bool,
             evidence: MeldEvidence | None, pool: int) -> dict[BinocleAction, list[float]]:
    """Each candidate's value on every sampled deal (the same deals and playout dice for all)."""
    me = view.seat
    found: dict[BinocleAction, list[float]] = {a: [] for a in candidates}
    deadline = time.perf_counter() + seconds if seconds else 0.0
    n = 0
    while n < samples:
        if deadline and n >= min_samples and time.perf_counter() > deadline:
            break
        state = weighted_state(view, rng, evidence, pool=pool)
        n += 1
        playout_seed = rng.getrandbits(32)  # the same playout dice for every candidate
        for action in candidates:
            nxt = state.apply(action)
            if exact_now:
                found[action].append(solve_after_stock(nxt, me))
            else:
                local = random.Random(playout_seed)
                found[action].append(_hand_value(playout(nxt, local, greedy=greedy), me,
                                                 view.hand_no))
    return found


__all__ = ["GAME_VALUE", "binocle_choice", "binocle_values", "clearly_better", "playout",
           "solve_after_stock"]
