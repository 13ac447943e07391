"""``binokel review --plot``: the seat's expected hand score decision by decision, the costly
decisions marked.  Needs matplotlib (``pip install 'binokel[plot]'``)."""

from __future__ import annotations

import importlib
import itertools
from typing import Any

from .game import THRESHOLDS, GameReview

_COLOURS = {"blunder": "#cc3311", "mistake": "#ee7733", "inaccuracy": "#ccbb44"}


def plot_review(review: GameReview, path: str, *, title: str = "review") -> None:
    """Draw, per reviewed seat, the chosen action's value and the best one's at each decision;
    inaccuracies, mistakes and blunders get a coloured marker; hands are separated by lines."""
    try:
        matplotlib: Any = importlib.import_module("matplotlib")
    except ImportError:
        raise RuntimeError("--plot needs matplotlib: pip install 'binokel[plot]'") from None
    matplotlib.use("Agg")
    plt: Any = importlib.import_module("matplotlib.pyplot")

    seats = sorted({h.seat for h in review.hands})
    fig, axes = plt.subplots(len(seats) or 1, 1, figsize=(11, 3.6 * max(1, len(seats))),
                             squeeze=False)
    for row, seat in enumerate(seats):
        ax = axes[row][0]
        decisions = [d for d in review.decisions if d.seat == seat]
        xs = list(range(1, len(decisions) + 1))
        best = [d.best_value for d in decisions]
        chosen = [d.best_value if d.chosen_value is None else d.chosen_value
                  for d in decisions]
        ax.plot(xs, best, color="#4477aa", linewidth=1, label="best candidate")
        ax.plot(xs, chosen, color="black", linewidth=1.2, marker=".", label="chosen")
        for name, _ in THRESHOLDS:
            marked = [(x, c) for x, c, d in zip(xs, chosen, decisions, strict=True)
                      if d.grade == name]
            if marked:
                ax.scatter([m[0] for m in marked], [m[1] for m in marked], s=60, zorder=3,
                           color=_COLOURS[name], label=name)
        for x, (a, b) in enumerate(itertools.pairwise(decisions), 1):
            if a.hand != b.hand:
                ax.axvline(x + 0.5, color="grey", linewidth=0.6, linestyle=":")
        ax.axhline(0, color="black", linewidth=0.5)
        ax.set_ylabel(f"seat {seat}: expected hand score")
        ax.legend(loc="best", fontsize="small")
    axes[-1][0].set_xlabel("decision (dotted lines: a new hand)")
    fig.suptitle(f"{title} by {review.reviewer}")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
