"""The expert's budget: how much it searches, set from the options in its name
(``expert:samples=8,time=0.5``), and the clock that counts samples against it.

>>> budget_from({"samples": "8"}).samples
8
>>> budget_from({"samples": "0"})
Traceback (most recent call last):
...
ValueError: expert option samples must be at least 1
"""

from __future__ import annotations

import dataclasses
import math
import time
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Budget:
    """How much the expert searches; every field can be set in the bot's name."""

    samples: int = 16
    """Sampled worlds per card decision (Binocle: half as many, each played out for every
    candidate)."""
    plan: int = 64
    """Sampled worlds for bidding and declaring (0: twice ``samples``); cheap, once a hand."""
    time: float = 0.0
    """Seconds per decision (0: no limit); sampling stops when spent, after ``min_samples``."""
    min_samples: int = 4
    exact: int = 6
    """Tricks left from which card play is solved exactly in each world."""
    tau: float = -30.0
    """Expected score (against the others' mean) a bid must keep: what passing is worth."""
    sigma: float = 10.0
    """Spread of a played-out hand's result around what it really brings, for bidding."""
    greedy: int = 1
    """Binocle: play the sampled deals out with the rule-based player (1) or at random (0)."""
    v: int = 2
    """Version: 1 is the first expert (bids against ``tau``, reads nothing from the bids);
    2 values passing by the defence and reads the auction (:mod:`.auction`)."""
    pool: int = 4
    """Version 2: worlds sampled per world valued, for weighting by the auction (1: none)."""
    conf: float = 0.5
    """Version 2: the least chance of making a bid, over the auction's worlds, at which the
    expert still bids it (0: no floor; decision ``search-08``: over 2,000 deals on each of two
    seeds 0.5 gains on 0.6 against the hard heuristic, and fails more of its contracts)."""
    oconf: float = 0.0
    """Version 2: the confidence floor the other seats' bidding limits are modelled with
    (:func:`.auction.bidder_model`; the heuristic's medium and hard levels bid with 0.8;
    0: the first fit, without a floor)."""
    bias: float = 0.0
    """Version 2: points added to a bid's expected gain over passing in the auction (the
    calibration found declaring valued too low and passing too high; decision ``search-14``)."""
    gmargin: float = 0.0
    """After the Dabb: give up unless the best plan that plays beats giving up by more than
    this many standard errors of the paired difference over the plan's worlds (0: the best
    mean; decision ``search-14``)."""

    aexact: int = 0
    """Version 2's auction: each world's game is played out greedily until this many tricks
    are left and the rest solved exactly (0: greedy to the end; decision ``search-19``)."""
    pexact: int = 0
    """After the Dabb (discard, trump, giving up): as ``aexact`` for the plans' games."""
    prank: int = 0
    """With ``pexact``: 1 lets the exact values only rank the plans that play, and judges the
    best of them against giving up by its greedy value (0: by its exact value)."""

    anchor: float = 1.5
    """Binocle: keep the rule-based player's move while the stock lasts unless another gains
    on it by more than this many standard errors over the played-out deals (0: the best mean;
    decision ``search-12``)."""

    @property
    def plan_samples(self) -> int:
        return self.plan or 2 * self.samples


def budget_from(options: dict[str, str]) -> Budget:
    """A budget with fields set from text (``{"samples": "8"}``); unknown keys are refused."""
    types = {f.name: f.type for f in dataclasses.fields(Budget)}
    changes: dict[str, Any] = {}
    for key, text in options.items():
        if key not in types:
            raise ValueError(f"unknown expert option {key!r}; options: {', '.join(types)}")
        try:
            value: float = int(text) if types[key] in ("int", int) else float(text)
        except ValueError:
            raise ValueError(f"expert option {key}={text!r}: not a {types[key]}") from None
        if not math.isfinite(value):
            raise ValueError(f"expert option {key}={text!r} must be a finite number")
        if value < 0 and key not in ("tau", "bias"):
            raise ValueError(f"expert option {key}={text!r} must not be negative")
        changes[key] = value
    budget = dataclasses.replace(Budget(), **changes)
    if budget.samples < 1:
        raise ValueError("expert option samples must be at least 1")
    if budget.v not in (1, 2):
        raise ValueError(f"expert option v={budget.v}: versions are 1 and 2")
    if budget.pool < 1:
        raise ValueError("expert option pool must be at least 1")
    for name in ("conf", "oconf"):
        if getattr(budget, name) > 1.0:
            raise ValueError(f"expert option {name}={getattr(budget, name)}: a chance, at most 1")
    return budget


class Clock:
    """Counts samples against the budget: ``more(i)`` says whether to draw sample ``i``."""

    def __init__(self, budget: Budget, samples: int) -> None:
        self.samples = samples
        self.minimum = min(samples, budget.min_samples)
        self.deadline = time.perf_counter() + budget.time if budget.time else 0.0

    def more(self, i: int) -> bool:
        if i >= self.samples:
            return False
        if self.deadline and i >= self.minimum:
            return time.perf_counter() < self.deadline
        return True


__all__ = ["Budget", "Clock", "budget_from"]
