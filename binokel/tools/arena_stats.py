"""Summaries of an arena run: differences with confidence intervals, declarer records, timings.

The unit of the statistics is the deal: each deal's difference (A minus B, points per hand,
averaged over its seatings) is one observation, so the confidence interval is the usual
``mean ± t · sd / √n`` over deals (Student's t, which is 1.96 for many deals).
"""

from __future__ import annotations

import csv
import importlib
import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from .arena import LABELS, ArenaResult, DealResult, seatings

# Two-sided 95% quantiles of Student's t for 1..30 degrees of freedom.
_T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
        2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
        2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


def t95(df: int) -> float:
    """The two-sided 95% quantile of Student's t with ``df`` degrees of freedom."""
    if df <= 0:
        return math.inf
    if df <= len(_T95):
        return _T95[df - 1]
    return 1.96 + 2.4 / df  # within 0.002 of the exact value beyond 30


def mean_ci(values: list[float]) -> tuple[float, float, float, float]:
    """Mean, standard deviation, and the 95% confidence interval of the mean.

    >>> mean_ci([1.0, 2.0, 3.0])[:2]
    (2.0, 1.0)
    """
    n = len(values)
    if not n:
        return 0.0, 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, 0.0, -math.inf, math.inf
    sd = statistics.stdev(values)
    half = t95(n - 1) * sd / math.sqrt(n)
    return mean, sd, mean - half, mean + half


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) by linear interpolation; 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    pos = q * (len(ordered) - 1)
    low = math.floor(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


@dataclass(frozen=True, slots=True)
class BotSummary:
    """One bot's record over the run."""

    name: str
    mean_score: float
    declared: int
    """Hands in which one of its seats won the auction (give-ups included)."""
    made: int
    gave_up: int
    durch: int
    durch_made: int
    mean_winning_bid: float
    decisions: int
    time_median_ms: float
    time_p95_ms: float

    @property
    def success_rate(self) -> float:
        """Share of its declared hands that it made (a give-up counts as not made)."""
        return self.made / self.declared if self.declared else 0.0

    @property
    def missed(self) -> int:
        """Declared hands played out and lost: neither made nor given up."""
        return self.declared - self.made - self.gave_up

    @property
    def missed_share(self) -> float:
        """Share of its declared hands that it played and missed."""
        return self.missed / self.declared if self.declared else 0.0

    @property
    def given_up_share(self) -> float:
        """Share of its declared hands that it gave up."""
        return self.gave_up / self.declared if self.declared else 0.0

    @property
    def failed_share(self) -> float:
        """Share of its declared hands missed or given up (1 − success rate when it declared).

        >>> bot = BotSummary(name="x", mean_score=0.0, declared=20, made=17, gave_up=2, durch=0,
        ...                  durch_made=0, mean_winning_bid=0.0, decisions=0,
        ...                  time_median_ms=0.0, time_p95_ms=0.0)
        >>> bot.missed, bot.missed_share, bot.given_up_share, bot.failed_share
        (1, 0.05, 0.1, 0.15)
        """
        return (self.missed + self.gave_up) / self.declared if self.declared else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name, "mean_score": round(self.mean_score, 3),
            "declared": self.declared, "made": self.made,
            "declarer_success_rate": round(self.success_rate, 4),
            "gave_up": self.gave_up, "missed": self.missed,
            "contract_shares": {"made": round(self.success_rate, 4),
                                "missed": round(self.missed_share, 4),
                                "given_up": round(self.given_up_share, 4),
                                "missed_or_given_up": round(self.failed_share, 4)},
            "durch": self.durch, "durch_made": self.durch_made,
            "mean_winning_bid": round(self.mean_winning_bid, 2), "decisions": self.decisions,
            "time_per_decision_ms": {"median": round(self.time_median_ms, 3),
                                     "p95": round(self.time_p95_ms, 3)},
        }


@dataclass(frozen=True, slots=True)
class Summary:
    """What ``binokel arena`` reports."""

    bot_a: str
    bot_b: str
    rules: str
    seed: str
    deals: int
    hands: int
    mean_difference: float
    stdev: float
    ci95: tuple[float, float]
    a: BotSummary
    b: BotSummary
    seconds: float
    workers: int
    ray: str | None = None
    """Where Ray ran the deals (``""``: a local Ray), or ``None``: worker processes."""
    by_seats: dict[int, tuple[float, float, float, int]] = field(default_factory=dict)
    """With three or more players: the difference over the seatings where A holds ``k``
    seats, by ``k`` (mean, the 95% interval's ends, deals).  Where A sits twice its two
    copies play against each other as well as against B, so the two can differ."""

    @property
    def ran_on(self) -> str:
        if self.ray is None:
            return f"with {self.workers} worker(s)"
        return f"on Ray at {self.ray}" if self.ray else "on a local Ray"

    def to_json(self) -> dict[str, Any]:
        return {
            "bot_a": self.bot_a, "bot_b": self.bot_b, "rules": self.rules, "seed": self.seed,
            "deals": self.deals, "hands": self.hands,
            "mean_difference": round(self.mean_difference, 3),
            "ci95": [round(self.ci95[0], 3), round(self.ci95[1], 3)],
            "stdev": round(self.stdev, 3),
            "by_seats": {str(k): {"mean_difference": round(mean, 3),
                                  "ci95": [round(low, 3), round(high, 3)], "deals": n}
                         for k, (mean, low, high, n) in self.by_seats.items()},
            "bots": {"A": self.a.to_json(), "B": self.b.to_json()},
            "seconds": round(self.seconds, 2), "workers": self.workers, "ray": self.ray,
        }

    def text(self) -> str:
        """The human-readable report."""
        lines = [
            f"arena: A = {self.bot_a}  vs  B = {self.bot_b}",
            f"rules {self.rules}, seed {self.seed!r}, {self.deals} duplicate deals, "
            f"{self.hands} hands, {self.seconds:.1f} s {self.ran_on}",
            "",
            f"mean difference A - B: {self.mean_difference:+.1f} points per hand  "
            f"(95% CI {self.ci95[0]:+.1f} .. {self.ci95[1]:+.1f}, sd {self.stdev:.1f})",
            *(f"  where A holds {k} seat{'s' if k > 1 else ''}: {mean:+.1f}  "
              f"(95% CI {low:+.1f} .. {high:+.1f}, {n} deals)"
              for k, (mean, low, high, n) in self.by_seats.items()),
            "",
            f"{'':<3}{'bot':<28}{'score/hand':>11}{'declared':>9}{'made':>7}{'success':>8}"
            f"{'avg bid':>8}{'missed':>7}{'gave up':>8}{'failed':>7}{'durch':>6}"
            f"{'ms med':>8}{'ms p95':>8}",
        ]
        for label, bot in (("A", self.a), ("B", self.b)):
            name = bot.name if len(bot.name) <= 27 else bot.name[:26] + "…"
            lines.append(
                f"{label:<3}{name:<28}{bot.mean_score:>11.1f}{bot.declared:>9}{bot.made:>7}"
                f"{100 * bot.success_rate:>7.1f}%{bot.mean_winning_bid:>8.1f}{bot.missed:>7}"
                f"{bot.gave_up:>8}{100 * bot.failed_share:>6.1f}%{bot.durch:>6}"
                f"{bot.time_median_ms:>8.2f}{bot.time_p95_ms:>8.2f}")
        if self.a.declared or self.b.declared:  # games without an auction have no contracts
            lines += ["", "contracts (share of the hands each bot declared):"]
            lines += [self._contract_line(label, bot)
                      for label, bot in (("A", self.a), ("B", self.b))]
        return "\n".join(lines)

    @staticmethod
    def _contract_line(label: str, bot: BotSummary) -> str:
        return (f"{label}: declared {bot.declared}, made {bot.made} "
                f"({100 * bot.success_rate:.1f}%), missed {bot.missed} "
                f"({100 * bot.missed_share:.1f}%), given up {bot.gave_up} "
                f"({100 * bot.given_up_share:.1f}%); missed or given up "
                f"{100 * bot.failed_share:.1f}%")


def summarize(result: ArenaResult) -> Summary:
    """The report of an arena run."""
    config = result.config
    deals = result.deals
    mean, sd, low, high = mean_ci([d.difference for d in deals])
    bots = {}
    for label, name in zip(LABELS, (config.bot_a, config.bot_b), strict=True):
        declared = made = gave_up = durch = durch_made = 0
        bid_total = 0
        times: list[float] = []
        for deal in deals:
            times.extend(deal.times.get(label, ()))
            for hand in deal.compared():
                if hand.declarer < 0 or hand.seating[hand.declarer] != label:
                    continue
                declared += 1
                bid_total += hand.bid
                made += hand.made
                gave_up += hand.gave_up
                if "durch" in hand.contract:
                    durch += 1
                    durch_made += hand.made
        scores = [d.mean_score(label) for d in deals]
        bots[label] = BotSummary(
            name=name, mean_score=sum(scores) / len(scores) if scores else 0.0,
            declared=declared, made=made, gave_up=gave_up, durch=durch, durch_made=durch_made,
            mean_winning_bid=bid_total / declared if declared else 0.0, decisions=len(times),
            time_median_ms=1000 * percentile(times, 0.5),
            time_p95_ms=1000 * percentile(times, 0.95))
    return Summary(
        bot_a=config.bot_a, bot_b=config.bot_b, rules=config.rules.name, seed=config.seed,
        deals=len(deals), hands=sum(len(d.hands) for d in deals), mean_difference=mean,
        stdev=sd, ci95=(low, high), a=bots["A"], b=bots["B"], seconds=result.seconds,
        workers=config.workers, ray=config.ray, by_seats=_by_seats(deals))


def _by_seats(deals: Sequence[DealResult]) -> dict[int, tuple[float, float, float, int]]:
    """The deals' differences split by how many seats A holds (:func:`seat_split`)."""
    groups: dict[int, list[float]] = {}
    for deal in deals:
        for k, value in deal.difference_by_seats().items():
            groups.setdefault(k, []).append(value)
    return seat_split(groups)


def seat_split(groups: dict[int, list[float]]) -> dict[int, tuple[float, float, float, int]]:
    """Per number of seats A holds, the deals' differences over those seatings as (mean, the
    95% interval's ends, deals); nothing where A holds one number of seats in every compared
    seating (two players), and no group of a single deal."""
    if len(groups) < 2:
        return {}
    out = {}
    for k, values in sorted(groups.items()):
        if len(values) > 1:
            mean, _, low, high = mean_ci(values)
            out[k] = (mean, low, high, len(values))
    return out


def write_csv(result: ArenaResult, out: TextIO) -> None:
    """One row per deal: its seed and dealer, both bots' mean scores, the difference, and the
    difference in every seating (empty where a seating left one bot out of the hand)."""
    names = seatings(result.config.rules)
    writer = csv.writer(out)
    writer.writerow(["deal", "seed", "dealer", "score_a", "score_b", "difference",
                     *(f"diff_{s}" for s in names)])
    for deal in result.deals:
        by_seating = {h.seating: h for h in deal.compared()}
        writer.writerow([
            deal.deal, deal.seed, deal.dealer, f"{deal.mean_score('A'):.3f}",
            f"{deal.mean_score('B'):.3f}", f"{deal.difference:.3f}",
            *(f"{by_seating[s].difference:.1f}" if s in by_seating else "" for s in names)])


def seats_of_a(column: str) -> int | None:
    """How many seats A holds in a seating column of :func:`write_csv` (``diff_ABB``: 1), at
    a table of three.  ``None`` for a table of four, where a dealer may sit out and the CSV
    does not say who played, and for every other column."""
    if column.startswith("diff_") and len(column) == len("diff_") + 3:
        return column.count("A")
    return None


def plot(result: ArenaResult, path: str) -> None:
    """A PNG: the distribution of per-deal differences and the running mean with its 95% band.

    Needs matplotlib (``pip install binokel[plot]``).
    """
    try:
        matplotlib: Any = importlib.import_module("matplotlib")
    except ImportError:
        raise RuntimeError("--plot needs matplotlib: pip install 'binokel[plot]'") from None
    matplotlib.use("Agg")
    plt: Any = importlib.import_module("matplotlib.pyplot")

    summary = summarize(result)
    diffs = [d.difference for d in result.deals]
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    left.hist(diffs, bins=min(60, max(10, len(diffs) // 20)), color="#4477aa")
    left.axvline(0, color="black", linewidth=0.8)
    left.axvline(summary.mean_difference, color="#cc3311", linewidth=1.5,
                 label=f"mean {summary.mean_difference:+.1f}")
    left.set_xlabel("difference A − B per deal (points per hand)")
    left.set_ylabel("deals")
    left.legend()
    running: list[float] = []
    lows: list[float] = []
    highs: list[float] = []
    for n in range(1, len(diffs) + 1):
        mean, _, low, high = mean_ci(diffs[:n]) if n <= 50 or n % 10 == 0 or n == len(diffs) \
            else (running[-1], 0.0, lows[-1], highs[-1])
        running.append(mean)
        lows.append(low if math.isfinite(low) else mean)
        highs.append(high if math.isfinite(high) else mean)
    xs = list(range(1, len(diffs) + 1))
    right.plot(xs, running, color="#cc3311", label="running mean")
    right.fill_between(xs, lows, highs, color="#cc3311", alpha=0.2, label="95% interval")
    right.axhline(0, color="black", linewidth=0.8)
    right.set_xlabel("deals")
    right.set_ylabel("mean difference A − B")
    right.legend()
    fig.suptitle(f"{summary.bot_a} (A) vs {summary.bot_b} (B), rules {summary.rules}")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


__all__ = ["BotSummary", "Summary", "mean_ci", "percentile", "plot", "seat_split", "seats_of_a",
           "summarize", "t95", "write_csv"]
