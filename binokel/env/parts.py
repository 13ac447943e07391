"""Observations written part by part, and kept up to date view by view.

A codec describes its vector as :class:`Part` s: each owns a run of positions ``[start, stop)``
and is written from a few named fields of the seat's view, and from nothing else.  From scratch
(:func:`encode_parts`) every part is written into a zeroed vector.  A :class:`SeatEncoder` keeps
one seat's vector and, for each new view, rewrites only the parts whose fields are other objects
than in the view it encoded last (compared by identity): between two actions most of a view is
the same objects (the engines share unchanged tuples from state to state), and a field that is
equal but another object is merely written again.  Both read only
the view they are given, so an observation is still that seat's view and nothing more; a
property test checks that the two agree at every step of random games.

>>> import numpy as np
>>> parts = (Part(("a",), 0, 2, lambda buf, v: buf.__setitem__(v.a, 1.0)),)
>>> class V:  # a stand-in for a view
...     def __init__(self, a: int) -> None: self.a = a
>>> encoder = SeatEncoder(parts, 2)
>>> encoder.update(V(1)).tolist(), encode_parts(parts, 2, V(0)).tolist()
([0.0, 1.0], [1.0, 0.0])
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Sequence
from itertools import chain, compress
from operator import attrgetter, is_not
from typing import Any, NamedTuple, TypeAlias

import numpy as np

from .layout import Layout, Vector

#: The vector being written: a flat float32 buffer (item writes on it are plain Python speed).
Buffer: TypeAlias = "array[float]"  # array("f")

Writer = Callable[[Buffer, Any], None]
Extender = Callable[[Buffer, Any, int], None]


class Part(NamedTuple):
    """Positions ``[start, stop)`` of the vector, written by ``write`` from the view's
    ``fields`` only (into zeros; the writer may add to positions it writes twice).

    ``extend``, if given, adds what the items of the first field (a tuple that only grows,
    like the finished tricks) from a position on contribute: when only that field changed
    and the old tuple begins the new one, the encoder adds the new items to the part as it
    stands instead of writing it again.
    """

    fields: tuple[str, ...]
    start: int
    stop: int
    write: Writer
    extend: Extender | None = None


def check_parts(parts: Sequence[Part], size: int) -> None:
    """Refuse parts that overlap or leave a position of the vector to nobody."""
    at = 0
    for part in sorted(parts, key=lambda p: p.start):
        if part.start != at or part.stop <= part.start:
            raise ValueError(f"parts must tile the vector: a part starts at {part.start}, "
                             f"expected {at}")
        at = part.stop
    if at != size:
        raise ValueError(f"parts cover {at} positions of {size}")


def encode_parts(parts: Sequence[Part], size: int, view: Any) -> Vector:
    """The whole vector of a view, every part written from scratch (a new array)."""
    buf = array("f", bytes(4 * size))
    for part in parts:
        part.write(buf, view)
    return np.frombuffer(buf, np.float32).copy()


class SeatEncoder:
    """One seat's observation vector, updated from each new view of that seat.

    :meth:`update` returns the encoder's own array, which the next update overwrites: copy it
    before handing it on (the environments do).  Any view of the seat may come next (a later
    state, an earlier one, a clone's): whatever differs from the last view is rewritten.
    """

    def __init__(self, parts: Sequence[Part], size: int) -> None:
        self.parts = tuple(parts)
        names: list[str] = []
        for part in self.parts:
            names += [n for n in part.fields if n not in names]
        self._names = tuple(names)
        getter = attrgetter(*names)
        self._get: Callable[[Any], tuple[Any, ...]] = (
            getter if len(names) > 1 else lambda view: (getter(view),))
        #: For each field, the parts it feeds.
        self._feeds = tuple(tuple(i for i, p in enumerate(self.parts) if name in p.fields)
                            for name in names)
        #: For each part, the positions of its fields among the encoder's fields.
        self._fields_at = tuple(tuple(names.index(n) for n in p.fields) for p in self.parts)
        self._zeros = tuple(array("f", bytes(4 * (p.stop - p.start))) for p in self.parts)
        #: Per part, what a rewrite needs, in one tuple (fewer lookups in the loop).
        self._rows = tuple((p.start, p.stop, p.write, p.extend, self._zeros[i],
                            self._fields_at[i]) for i, p in enumerate(self.parts))
        #: The parts to rewrite, in order, by which fields changed (one flag per field).
        self._plans: dict[tuple[bool, ...], tuple[int, ...]] = {}
        self._buf = array("f", bytes(4 * size))
        self._vector: Vector = np.frombuffer(self._buf, np.float32)
        self._last: tuple[Any, ...] | None = None

    def update(self, view: Any) -> Vector:
        """The vector of ``view`` (this encoder's array: valid until the next update)."""
        values = self._get(view)
        last = self._last
        buf = self._buf
        if last is None:
            dirty: Iterable[int] = range(len(self.parts))
        else:
            # Which fields are other objects than last time, found in C; the parts they feed,
            # planned once per pattern.  By identity alone: the engines' views share every
            # unchanged tuple from state to state, and an equal field that is another object
            # is only written again, to the same numbers.
            changed = tuple(map(is_not, values, last))
            if not any(changed):
                return self._vector
            dirty = self._plans.get(changed) or self._plan(changed)
        rows = self._rows
        for i in dirty:
            start, stop, write, extend, zeros, fields_at = rows[i]
            if extend is not None and last is not None:
                first = fields_at[0]
                old, new = last[first], values[first]
                grown = len(new) - len(old)
                if grown > 0 and new[:len(old)] == old and all(
                        values[j] is last[j] or values[j] == last[j] for j in fields_at[1:]):
                    extend(buf, view, len(old))
                    continue
            buf[start:stop] = zeros
            write(buf, view)
        self._last = values
        return self._vector

    def _plan(self, changed: tuple[bool, ...]) -> tuple[int, ...]:
        """The parts fed by the fields flagged in ``changed``, in order (kept for next time)."""
        plan = tuple(sorted(set(chain.from_iterable(compress(self._feeds, changed)))))
        if len(self._plans) >= 4096:  # bounded: 2^fields patterns are possible in principle
            self._plans.clear()
        self._plans[changed] = plan
        return plan

    def forget(self) -> None:
        """Drop the last view (its objects are no longer held); the next update writes all."""
        self._last = None


class PartsEncoding:
    """A codec's encoding from its parts: :meth:`encode` from scratch, :meth:`encoder` kept
    up to date."""

    layout: Layout
    parts: tuple[Part, ...]

    def set_parts(self, parts: Sequence[Part]) -> None:
        check_parts(parts, self.layout.size)
        self.parts = tuple(parts)

    def encode(self, view: Any) -> Vector:
        """The seat's view as a vector (a new array); reads nothing but the view."""
        return encode_parts(self.parts, self.layout.size, view)

    def encoder(self) -> SeatEncoder:
        """A :class:`SeatEncoder` for one seat's successive views."""
        return SeatEncoder(self.parts, self.layout.size)


def one_hot_part(field: str, start: int, stop: int) -> Part:
    """A one-hot block of an ``int`` field (nothing for ``None`` or a negative value)."""
    def write(buf: Buffer, view: Any) -> None:
        value = getattr(view, field)
        if value is not None and value >= 0:
            buf[start + value] = 1.0
    return Part((field,), start, stop, write)


def per_seat_part(field: str, start: int, stop: int, scale: float = 1.0) -> Part:
    """A block of one number per seat from a tuple field, divided by ``scale``."""
    def write(buf: Buffer, view: Any) -> None:
        for seat, value in enumerate(getattr(view, field)):
            if value:
                buf[start + seat] = value / scale
    return Part((field,), start, stop, write)


def card_counts_part(field: str, start: int, stop: int, slot: dict[int, int]) -> Part:
    """Copies of each card kind in a field holding cards (``None``: no cards)."""
    def write(buf: Buffer, view: Any) -> None:
        for card in getattr(view, field) or ():
            buf[start + slot[card.kind]] += 1.0
    return Part((field,), start, stop, write)
