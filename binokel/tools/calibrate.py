"""Fit the trick model of :mod:`binokel.bots.heuristic.evaluate` on hands the medium bot plays out.

``python -m binokel.tools.calibrate --rules binokel --hands 3000`` deals hands, lets medium bots
bid, makes the declarer play the best trump option (never giving up, so weak hands are measured
too), plays the cards with medium bots, and fits the declarer's trick points by least squares on
the model's features.  It prints the coefficients and the residual spread (``sigma``) to paste
into :data:`binokel.bots.heuristic.evaluate.BINOKEL_MODEL`.  A development tool; nothing imports it.

``--side`` (team rule sets) instead lets medium players bid, declare and play whole hands and
fits what the declaring side really scores (counted melds, tricks, discard) against the
declarer's own estimate: side − own = slope × (pack points − own) + offset, for
:data:`binokel.bots.heuristic.evaluate.TEAM_SIDE`.

``--bids LEVEL`` lets that level bid, declare and play whole hands and sets, per band of the
declarer's predicted chance of making its winning bid (over the Dabbs it sampled in the auction),
how often the contract was really made: predicted against realised, to choose ``confidence``.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import sys

from ..bots.base import ask
from ..bots.heuristic.binokel import HeuristicBot
from ..bots.heuristic.evaluate import (
    FEATURES,
    features,
    leads_first,
    model_for,
    options,
    pack_points,
)
from ..cards import Suit, pack
from ..games.binokel import actions as A
from ..games.binokel.game import GameState, Phase, active_seats, new_game
from ..games.binokel.melds import find_melds_packed, meld_total
from ..games.binokel.rulefile import find_rules
from ..games.binokel.scoring import Contract, side_of


def sample_hand(rules_name: str, seed: str, bot: HeuristicBot) -> tuple[list[float], float] | None:
    """Features of the declarer's kept hand and the trick points it took, for one dealt hand."""
    rules = find_rules(rules_name)
    state: GameState = new_game(rules, seed=seed, dealer=0)
    rng = random.Random(seed)
    while state.phase is Phase.AUCTION:
        state = state.apply(ask(bot, state.view(state.to_move), rng))
    if state.phase is Phase.DABB:
        state = state.apply(A.TAKE_DABB)
    declarer = state.to_move
    full = pack(state.hand(declarer))
    leads = leads_first(rules, forehand=declarer == state.active[0])
    option = options(full, rules, leads=leads)[0]
    while state.phase in (Phase.DISCARD, Phase.TRUMP):
        if state.phase is Phase.TRUMP:
            state = state.apply(A.NAME_TRUMP[option.trump])
        else:
            remaining = option.discard - pack(state.discard)
            kind = next(k for k in range(32) if (remaining >> (2 * k)) & 3)
            state = state.apply(A.DISCARD[kind])
    while not state.results:
        state = state.apply(ask(bot, state.view(state.to_move), rng))
    result = state.results[0]
    return features(option.kept, option.trump, leads=leads), float(result.trick_points[declarer])


def side_row(rules_name: str, seed: str, dealer: int,
             bot: HeuristicBot) -> tuple[float, float] | None:
    """One whole hand among ``bot``s: the declarer's own estimated total (melds, trick model,
    discard) and what its side really scored; ``None`` for a Durch or a give-up."""
    rules = find_rules(rules_name)
    state: GameState = new_game(rules, seed=seed, dealer=dealer)
    rng = random.Random(seed)
    own: float | None = None
    while not state.results:
        if state.phase is Phase.PLAY and own is None:
            if state.contract is not Contract.TRUMP or state.trump is None:
                return None
            declarer = state.declarer
            if declarer is None:
                return None
            kept = pack(state.hand(declarer))
            trump = int(state.trump)
            leads = leads_first(rules, forehand=declarer == state.active[0])
            own = (meld_total(find_melds_packed(kept, Suit(trump), rules))
                   + model_for(rules).estimate(kept, trump, leads=leads))
        state = state.apply(ask(bot, state.view(state.to_move), rng))
    result = state.results[0]
    if own is None:
        return None
    side = side_of(rules, result.declarer)
    total = sum(result.meld_points[s] + result.trick_points[s] for s in side)
    return own + result.discard_points, float(total + result.discard_points)


def bid_row(rules_name: str, seed: str, dealer: int,
            bot: HeuristicBot) -> tuple[float, float, bool] | None:
    """One whole hand among ``bot``s: at the winning bid, the declarer's predicted chance of
    making it (:func:`~binokel.bots.heuristic.evaluate.make_share` over the Dabbs the bot
    sampled in the auction), its expected score there, and whether the contract was made;
    ``None`` when no one bid."""
    rules = find_rules(rules_name)
    state: GameState = new_game(rules, seed=seed, dealer=dealer)
    rng = random.Random(seed)
    hands = {seat: pack(state.hand(seat)) for seat in range(rules.players)}
    while not state.results:
        state = state.apply(ask(bot, state.view(state.to_move), rng))
    result = state.results[0]
    if not result.bid:
        return None
    seat = result.declarer
    leads = leads_first(rules, forehand=seat == active_seats(rules, dealer)[0])
    chance, ev = bot.bid_chance(rules, hands[seat], leads, result.bid)
    return chance, ev, result.made


def calibration_table(rows: list[tuple[float, float, bool]],
                      edges: tuple[float, ...] = (0.0, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1.0)
                      ) -> list[str]:
    """Lines of predicted against realised: per band of predicted chance, the contracts and the
    share made (from :func:`bid_row` rows).

    >>> calibration_table([(0.75, 20.0, True), (0.72, 5.0, False), (0.99, 90.0, True)])[1:3]
    ['predicted 0.70-0.80:     2 contracts, made 50.0%', 'predicted 0.95-1.00:     1 contracts, made 100.0%']
    """  # noqa: E501
    out = [f"{len(rows)} contracts, made {_share([m for _, _, m in rows])}, "
           f"predicted {sum(c for c, _, _ in rows) / max(1, len(rows)):.1%}"]
    for lo, hi in itertools.pairwise(edges):
        band = [m for c, _, m in rows if lo <= c < hi or (hi == edges[-1] and c == hi)]
        if band:
            out.append(f"predicted {lo:.2f}-{hi:.2f}: {len(band):5d} contracts, made "
                       f"{_share(band)}")
    return out


def _share(flags: list[bool]) -> str:
    return f"{sum(flags) / max(1, len(flags)):.1%}"


def fit_side(rows: list[tuple[float, float]], pack_total: float) -> tuple[float, float, float]:
    """Slope, offset and residual spread of side − own against pack points − own (``rows``:
    the declarer's own points and its side's total; ``pack_total``: the pack's points)."""
    xs = [pack_total - min(own, pack_total) for own, _ in rows]
    ys = [side - own for own, side in rows]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    slope = (sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
             / max(1e-9, sum((x - mx) ** 2 for x in xs)))
    offset = my - slope * mx
    residuals = [y - slope * x - offset for x, y in zip(xs, ys, strict=True)]
    sigma = math.sqrt(sum(r * r for r in residuals) / max(1, len(rows) - 2))
    return slope, offset, sigma


def fit(rows: list[tuple[list[float], float]], ridge: float = 1.0) -> tuple[list[float], float]:
    """Least squares (with a little ridge) by the normal equations; coefficients and sigma."""
    n = len(rows[0][0])
    xtx = [[0.0] * n for _ in range(n)]
    xty = [0.0] * n
    for x, y in rows:
        for i in range(n):
            xty[i] += x[i] * y
            for j in range(n):
                xtx[i][j] += x[i] * x[j]
    for i in range(1, n):
        xtx[i][i] += ridge
    coef = _solve(xtx, xty)
    residuals = [y - sum(c * v for c, v in zip(coef, x, strict=True)) for x, y in rows]
    sigma = math.sqrt(sum(r * r for r in residuals) / max(1, len(rows) - n))
    return coef, sigma


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        if abs(m[col][col]) < 1e-12:
            continue
        for r in range(n):
            if r != col:
                factor = m[r][col] / m[col][col]
                for c in range(col, n + 1):
                    m[r][c] -= factor * m[col][c]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m binokel.tools.calibrate")
    parser.add_argument("--rules", default="binokel")
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", default="calibrate")
    parser.add_argument("--side", action="store_true",
                        help="fit the declaring side's points in a team game (TEAM_SIDE)")
    parser.add_argument("--bids", metavar="LEVEL",
                        help="compare a level's predicted chance of making its winning bids "
                             "with how often it made them (e.g. medium or medium,confidence=0.7)")
    args = parser.parse_args(argv)
    if args.bids:
        level, *rest = args.bids.split(",")
        fields = dict(item.split("=", 1) for item in rest)
        bidder = HeuristicBot(level=level, options=fields)
        rules = find_rules(args.rules)
        found = [bid for i in range(args.hands)
                 if (bid := bid_row(args.rules, f"{args.seed}/{i}", i % rules.players, bidder))]
        for line in calibration_table(found):
            print(line)
        return 0
    bot = HeuristicBot(level="medium")
    if args.side:
        rules = find_rules(args.rules)
        sides: list[tuple[float, float]] = []
        for i in range(args.hands):
            side = side_row(args.rules, f"{args.seed}/{i}", i % rules.players, bot)
            if side is not None:
                sides.append(side)
        slope, offset, spread = fit_side(sides, pack_points(rules))
        print(f"{len(sides)} hands: SideModel(slope={slope:.3f}, offset={offset:.1f}, "
              f"sigma={spread:.1f})")
        return 0
    rows = []
    for i in range(args.hands):
        row = sample_hand(args.rules, f"{args.seed}/{i}", bot)
        if row is not None:
            rows.append(row)
        if (i + 1) % 500 == 0:
            print(f"{i + 1} hands", file=sys.stderr)
    coef, sigma = fit(rows)
    for name, c in zip(FEATURES, coef, strict=True):
        print(f"{name:>24}: {c:7.2f}")
    print(f"{'sigma':>24}: {sigma:7.2f}")
    print("coefficients=(" + ", ".join(f"{c:.1f}" for c in coef) + f"), sigma={sigma:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
