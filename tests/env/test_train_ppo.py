"""The PPO baseline's training script (examples/train_ppo.py) runs a tiny training when the
``[ppo]`` extra (torch, sb3-contrib) is installed; CI's venv has no torch, so there it skips.
The full runs are in docs/benchmark.md.  The saved numpy actor is checked against the trained
torch model: same action on the positions the environment deals."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from binokel.env import single_seat
from binokel.env.mlp import MlpPolicy

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_ppo.py"


def load_example() -> Any:
    spec = importlib.util.spec_from_file_location("train_ppo", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_a_tiny_ppo_training_runs_saves_and_plays_as_the_torch_model(tmp_path: Path) -> None:
    pytest.importorskip("torch", reason="the [ppo] extra (torch) is not installed")
    pytest.importorskip("sb3_contrib", reason="the [ppo] extra (sb3-contrib) is not installed")
    example = load_example()
    weights, curve_file = tmp_path / "ppo.npz", tmp_path / "curve.csv"
    out = example.main(["--rules", "binocle+claim_automatically=true",
                        "--train-opponent", "random", "--opponent", "random",
                        "--steps", "128", "--n-steps", "64", "--batch-size", "32",
                        "--curve-every", "64", "--net", "8", "--eval", "3", "--seed", "1",
                        "--save", str(weights), "--curve", str(curve_file)])
    assert [steps for steps, _, _ in out["curve"]] == [64, 128]
    assert curve_file.read_text(encoding="utf-8").splitlines()[0] == "steps,hands,mean_reward"
    result = out["trained"]  # the benchmark's evaluate(): duplicate deals against random
    assert result.deals == 3 and result.opponent == "random"
    assert math.isfinite(result.mean) and result.low <= result.mean <= result.high
    saved = MlpPolicy.load(str(weights))
    assert [w.shape for w, _ in saved.layers] == [(8, 326), (85, 8)]
    model = out["model"]
    env = single_seat("binocle+claim_automatically=true", opponents=["random"])
    obs, _ = env.reset(seed=5)
    checked = 0
    for _ in range(40):
        mask = obs["action_mask"]
        if not mask.any():
            obs, _ = env.reset()
            continue
        expected, _ = model.predict(obs["observation"], action_masks=mask.astype(bool),
                                    deterministic=True)
        action = saved(obs["observation"], mask)
        assert action == int(expected) and mask[action]
        checked += 1
        obs, _, done, _, _ = env.step(action)
        if done:
            obs, _ = env.reset()
    assert checked >= 30


def test_the_same_seed_trains_the_same_weights(tmp_path: Path) -> None:
    """The documented command rebuilds the benchmark's weights: training is deterministic."""
    pytest.importorskip("torch", reason="the [ppo] extra (torch) is not installed")
    pytest.importorskip("sb3_contrib", reason="the [ppo] extra (sb3-contrib) is not installed")
    example = load_example()
    args = ["--rules", "binokel", "--train-opponent", "random", "--steps", "64",
            "--n-steps", "64", "--batch-size", "32", "--curve-every", "64", "--net", "8",
            "--eval", "0", "--seed", "4"]
    first = example.main([*args, "--save", str(tmp_path / "a.npz")])
    second = example.main([*args, "--save", str(tmp_path / "b.npz")])
    assert first["curve"] == second["curve"]
    a, b = MlpPolicy.load(str(tmp_path / "a.npz")), MlpPolicy.load(str(tmp_path / "b.npz"))
    assert all(np.array_equal(x, y) for (x, _), (y, _) in zip(a.layers, b.layers, strict=True))
    third = example.main([*args[:-1], "5", "--save", str(tmp_path / "c.npz")])
    c = MlpPolicy.load(str(tmp_path / "c.npz"))
    assert third["curve"] != first["curve"] or not np.array_equal(a.layers[0][0], c.layers[0][0])


def test_the_mlp_policy_plays_only_legal_actions_and_refuses_bad_layers() -> None:
    rng = np.random.default_rng(0)
    policy = MlpPolicy([(rng.normal(size=(4, 6)).astype(np.float32), np.zeros(4, np.float32)),
                        (rng.normal(size=(9, 4)).astype(np.float32), np.zeros(9, np.float32))])
    for _ in range(50):
        mask = (rng.random(9) < 0.3).astype(np.int8)
        mask[rng.integers(9)] = 1
        assert mask[policy(rng.normal(size=6).astype(np.float32), mask)] == 1
    with pytest.raises(ValueError, match="do not match"):
        MlpPolicy([(np.zeros((3, 2), np.float32), np.zeros(2, np.float32))])


def test_the_benchmark_scores_a_saved_mlp_as_the_policy_itself(tmp_path: Path) -> None:
    """``scripts/bench/benchmark.py --policy mlp:FILE`` (no torch): the file's actor, scored
    on the same deals as the policy object, gives the same figures."""
    from binokel.env import codec_for, evaluate
    from binokel.games import find_game_rules
    from tests.script_modules import load_script

    codec = codec_for(find_game_rules("binocle"))
    rng = np.random.default_rng(3)
    policy = MlpPolicy([(rng.normal(size=(6, codec.layout.size)).astype(np.float32),
                         np.zeros(6, np.float32)),
                        (rng.normal(size=(codec.action_count, 6)).astype(np.float32),
                         np.zeros(codec.action_count, np.float32))])
    path = tmp_path / "actor.npz"
    policy.save(str(path))
    out = load_script("benchmark").main(["--policy", f"mlp:{path}", "--rules", "binocle",
                                         "--opponent", "random", "--deals", "3",
                                         "--seeds", "t"])
    direct = evaluate(policy, "binocle", "random", 3, "t")
    assert out["seeds"][0]["differences"] == list(direct.differences)


def test_the_package_evaluate_stays_the_function_after_its_module_is_imported() -> None:
    """``from binokel.env.evaluate import Evaluation`` (the examples do it) once replaced
    ``binokel.env.evaluate`` with the module, so a later ``from binokel.env import evaluate``
    got a module that could not be called."""
    import importlib

    import binokel.env

    importlib.import_module("binokel.env.evaluate")
    from binokel.env import evaluate

    assert callable(evaluate) and evaluate is binokel.env.evaluate
    first = lambda observation, mask: int(np.flatnonzero(mask)[0])  # noqa: E731
    assert evaluate(first, "binocle", "random", 1, "pkg").deals == 1
