"""Which catch-up the environments run, and the door to the compiled one (binokel/env/csrc/).

The compiled catch-up is built by the install command whenever a C compiler is present, as the
search core is (``setup.py``); without one, or with ``BINOKEL_PURE=1`` in the environment,
:data:`CORE` is ``None`` and the card-play helpers (:mod:`binokel.env.cardplay`,
:mod:`binokel.env.binocle_cardplay`) run their pure-Python catch-up.  Both write the same
vectors: tests/env/test_native.py compares them step by step (decision env-11).

>>> PATH in ("native", "pure")
True

The compiled functions take a *config* (:func:`config`: the blocks' positions in the vector,
the rule set's ranks and each card kind's slot, as an ``array("i")``), the seat's float32
buffer, the seat, the events since its last observation and the state; they do the arithmetic
of the events that make up nearly every step and answer the groups of blocks left for the
Python helper to write from the state.
"""

from __future__ import annotations

import os
from array import array
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ..cards import KIND_COUNT

_PURE = os.environ.get("BINOKEL_PURE", "").strip() not in ("", "0")

if TYPE_CHECKING or not _PURE:  # with BINOKEL_PURE=1 not even loaded
    try:
        from . import _native
    except ImportError:  # installed without a C compiler: the pure path runs
        _native = None  # type: ignore[assignment]
else:
    _native = None

CORE: ModuleType | None = _native
"""The compiled module, or ``None`` when the pure-Python catch-up runs."""
PATH = "native" if CORE is not None else "pure"
"""``"native"`` or ``"pure"``: what the environments' catch-up runs on in this process."""


def config(blocks: Mapping[str, int], ranks: Sequence[int],
           slot: Mapping[int, int]) -> array[int]:
    """The compiled functions' config: each of ``CORE.CONFIG``'s fields from ``blocks`` (the
    codec's block positions under the codec's names; -1 for a block the game has not), then the
    rule set's ranks (low to high) and each card kind's slot in a card block (-1 outside the
    pack).  A ValueError without the compiled core, or for a name it does not know."""
    if CORE is None:
        raise ValueError("the compiled catch-up is not built (or BINOKEL_PURE is set)")
    fields: tuple[str, ...] = CORE.CONFIG
    unknown = set(blocks) - set(fields)
    if unknown:
        raise ValueError(f"config: no field {', '.join(sorted(unknown))}")
    if len(ranks) > CORE.RANK_LIMIT or CORE.KIND_COUNT != KIND_COUNT:
        raise ValueError("config: more ranks or card kinds than the compiled core takes")
    values = [blocks.get(name, -1) for name in fields]
    values[fields.index("ranks")] = len(ranks)
    values += [*ranks, *[0] * (CORE.RANK_LIMIT - len(ranks))]
    values += [slot.get(kind, -1) for kind in range(KIND_COUNT)]
    return array("i", values)


MaskMaker = Callable[[Sequence[Any]], npt.NDArray[np.int8] | None]
"""Legal actions in, a new int8 mask out (None: an action not among the map's instances)."""


def masks(actions: tuple[Any, ...]) -> MaskMaker | None:
    """The compiled masks of an action map's ``actions`` (distinct instances, which the caller
    holds), or None without the compiled core: called with legal actions, a new int8 array
    with 1 at the number of each, or None if one of them is not one of ``actions``' instances
    (an equal action made elsewhere, which only a lookup by value finds)."""
    if CORE is None:
        return None
    found: MaskMaker = CORE.Masks(
        actions, np.zeros(len(actions), np.int8))
    return found
