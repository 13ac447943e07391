"""A fixed-length observation vector as named blocks, and its decoding.

Every encoder describes its vector as a :class:`Layout`: an ordered list of named blocks, each a
flat run of numbers with a shape.  Encoders write into a plain list through the block offsets
(fast in Python); :meth:`Layout.decode` cuts a vector back into its blocks, which is how the
documentation is generated and how the leak tests read an observation.

>>> layout = Layout([Block("hand", (4,), high=2.0), Block("seat", (2,))])
>>> layout.size, layout.offset("seat")
(6, 4)
>>> {k: v.tolist() for k, v in layout.decode([0, 1, 2, 0, 1, 0]).items()}
{'hand': [0.0, 1.0, 2.0, 0.0], 'seat': [1.0, 0.0]}
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

Vector = npt.NDArray[np.float32]


@dataclass(frozen=True, slots=True)
class Block:
    """One named part of an observation: its shape, bounds and meaning."""

    name: str
    shape: tuple[int, ...]
    low: float = 0.0
    high: float = 1.0
    doc: str = ""
    size: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "size", math.prod(self.shape))


class Layout:
    """Named blocks laid end to end in one flat float32 vector."""

    def __init__(self, blocks: Sequence[Block]) -> None:
        self.blocks = tuple(blocks)
        names = [b.name for b in self.blocks]
        if len(set(names)) != len(names):
            raise ValueError(f"block names repeat: {names}")
        self._offsets: dict[str, int] = {}
        at = 0
        for block in self.blocks:
            self._offsets[block.name] = at
            at += block.size
        self.size = at

    def offset(self, name: str) -> int:
        """Where a block starts in the vector."""
        return self._offsets[name]

    def block(self, name: str) -> Block:
        """The block of a name."""
        return self.blocks[list(self._offsets).index(name)]

    def span(self, name: str, last: str | None = None) -> tuple[int, int]:
        """Where block ``name`` starts and where block ``last`` (default: the same) ends."""
        end = last or name
        return self._offsets[name], self._offsets[end] + self.block(end).size

    def bounds(self) -> tuple[Vector, Vector]:
        """Per-element lower and upper bounds (for a ``Box`` space)."""
        low = np.concatenate([np.full(b.size, b.low, np.float32) for b in self.blocks])
        high = np.concatenate([np.full(b.size, b.high, np.float32) for b in self.blocks])
        return low, high

    def decode(self, vector: Sequence[float] | Vector) -> dict[str, Vector]:
        """The vector cut into its blocks, each reshaped."""
        flat = np.asarray(vector, dtype=np.float32)
        if flat.shape != (self.size,):
            raise ValueError(f"an observation here has {self.size} numbers, not {flat.shape}")
        return {b.name: flat[self._offsets[b.name]:self._offsets[b.name] + b.size]
                .reshape(b.shape) for b in self.blocks}

    def table(self) -> str:
        """The layout as a Markdown table (for docs/research.md)."""
        lines = ["| block | shape | offset | meaning |", "| --- | --- | --- | --- |"]
        for b in self.blocks:
            shape = "×".join(str(n) for n in b.shape)
            lines.append(f"| `{b.name}` | {shape} | {self._offsets[b.name]} | {b.doc} |")
        return "\n".join(lines)
