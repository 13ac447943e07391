"""A saved MLP policy (numpy only): the actor of the benchmark's PPO baseline.

``examples/train_ppo.py`` trains a masked PPO with PyTorch and saves its actor as a ``.npz``
of float32 arrays ``w0, b0, w1, b1, ...`` (hidden layers with tanh, then the action logits);
this module reads it back and plays it as a policy of :func:`binokel.env.evaluate` (the most
likely legal action), so the benchmark needs no PyTorch.

>>> import numpy as np
>>> policy = MlpPolicy([(np.eye(2, dtype=np.float32), np.zeros(2, np.float32)),
...                     (np.array([[1, 0], [0, 2], [5, 5]], np.float32),
...                      np.zeros(3, np.float32))])
>>> policy(np.array([1.0, 1.0], np.float32), np.array([1, 1, 0], np.int8))
1
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

Layer = tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]


class MlpPolicy:
    """Tanh hidden layers, then logits; plays the masked argmax."""

    def __init__(self, layers: Sequence[Layer]) -> None:
        if not layers:
            raise ValueError("an MLP policy needs at least its output layer")
        for weights, bias in layers:
            if weights.ndim != 2 or bias.shape != (weights.shape[0],):
                raise ValueError(f"layer shapes {weights.shape} and {bias.shape} do not match")
        self.layers = [(np.asarray(w, np.float32), np.asarray(b, np.float32)) for w, b in layers]

    @classmethod
    def load(cls, path: str) -> MlpPolicy:
        with np.load(path) as saved:
            count = sum(1 for name in saved.files if name.startswith("w"))
            return cls([(saved[f"w{i}"], saved[f"b{i}"]) for i in range(count)])

    def save(self, path: str) -> None:
        arrays: dict[str, Any] = {}
        for i, (weights, bias) in enumerate(self.layers):
            arrays[f"w{i}"], arrays[f"b{i}"] = weights, bias
        np.savez_compressed(path, **arrays)

    def logits(self, observation: npt.NDArray[Any]) -> npt.NDArray[np.float32]:
        x = np.asarray(observation, np.float32)
        for weights, bias in self.layers[:-1]:
            x = np.tanh(weights @ x + bias)
        weights, bias = self.layers[-1]
        return weights @ x + bias

    def __call__(self, observation: npt.NDArray[Any], mask: npt.NDArray[np.int8]) -> int:
        """The policy API of :func:`binokel.env.evaluate`: the most likely legal action."""
        return int(np.argmax(np.where(mask > 0, self.logits(observation), -np.inf)))
