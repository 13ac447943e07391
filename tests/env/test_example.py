"""The training example runs end to end on a tiny budget (CI); the full run is in
docs/research.md.  This checks that the loop runs and reports finite numbers, not that it
learned."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path
from typing import Any

import numpy as np

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_card_play.py"


def load_example() -> Any:
    spec = importlib.util.spec_from_file_location("train_card_play", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_the_training_example_runs_and_reports_finite_figures(tmp_path: Path) -> None:
    example = load_example()
    curve_file = tmp_path / "curve.csv"
    weights = tmp_path / "weights.npz"
    out = example.main(["--hands", "40", "--eval", "20", "--report-every", "20",
                        "--curve", str(curve_file), "--save", str(weights)])
    assert [hands for hands, _ in out["curve"]] == [20, 40]
    assert all(math.isfinite(mean) for _, mean in out["curve"])
    for key in ("trained", "random"):
        result = out[key]  # the benchmark's evaluate(): duplicate deals against random
        assert result.deals == 20 and result.opponent == "random"
        assert math.isfinite(result.low) and result.low <= result.mean <= result.high
    assert curve_file.read_text(encoding="utf-8").splitlines()[0] == "hands,mean_reward"
    saved = np.load(weights)
    assert saved["weights"].shape == (85, 326) and saved["bias"].shape == (85,)


def test_the_trained_policy_takes_a_legal_action() -> None:
    example = load_example()
    policy = example.Policy.zeros(3, 2)
    policy.bias[:] = [5.0, 1.0, 0.0]
    assert policy(np.zeros(2, np.float32), np.array([0, 1, 1], np.int8)) == 1
