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

#: How many entries a part's cache keeps (then it starts afresh).
CACHE_SIZE = 1 << 13


class Part(NamedTuple):
    """Positions ``[start, stop)`` of the vector, written by ``write`` from the view's
    ``fields`` only (into zeros; the writer may add to positions it writes twice).

    ``extend``, if given, adds what the items of the first field (a tuple that only grows,
    like the finished tricks) from a position on contribute: when only that field changed
    and the old tuple begins the new one, the encoder adds the new items to the part as it
    stands instead of writing it again.

    ``fill``, if given, is the fast way to the same numbers: it writes every position of the
    part (zeros too), typically one slice assignment from an array cached per field value, so
    the encoder does not zero the part first.  ``write`` stays the definition: the vector
    from scratch (:func:`encode_parts`) uses it alone, so the property test comparing the
    kept vector with the one from scratch checks every ``fill`` and ``extend``.
    """

    fields: tuple[str, ...]
    start: int
    stop: int
    write: Writer
    extend: Extender | None = None
    fill: Writer | None = None


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

    def __init__(self, parts: Sequence[Part], size: int, busy: Sequence[str] = ()) -> None:
        self.parts = tuple(parts)
        names: list[str] = []
        for part in self.parts:
            names += [n for n in part.fields if n not in names]
        # The busy fields (those that change from action to action) first, compared one by
        # one; the steady rest compared as one tuple, which is nearly always alike.
        busy_names = [n for n in names if n in busy]
        steady_names = [n for n in names if n not in busy]
        names = busy_names + steady_names
        self._names = tuple(names)
        self._busy_count = len(busy_names)
        self._get_busy = getter_of(busy_names)
        self._get_steady = getter_of(steady_names)
        #: For each field, the parts it feeds.
        self._feeds = tuple(tuple(i for i, p in enumerate(self.parts) if name in p.fields)
                            for name in names)
        #: For each part, the positions of its fields among the encoder's fields.
        self._fields_at = tuple(tuple(names.index(n) for n in p.fields) for p in self.parts)
        self._zeros = tuple(array("f", bytes(4 * (p.stop - p.start))) for p in self.parts)
        #: Per part, what a rewrite needs, in one tuple (fewer lookups in the loop): with a
        #: ``fill``, that and no zeros (it writes them itself).
        self._rows = tuple((p.start, p.stop, p.write if p.fill is None else p.fill, p.extend,
                            self._zeros[i] if p.fill is None else None, self._fields_at[i])
                           for i, p in enumerate(self.parts))
        #: The parts to rewrite, in order, by which fields changed: one flag per busy field,
        #: and one per steady field when the steady fields are not all alike.
        self._plans: dict[tuple[bool, ...], tuple[int, ...]] = {}
        self._buf = array("f", bytes(4 * size))
        self._vector: Vector = np.frombuffer(self._buf, np.float32)
        self._last: tuple[tuple[Any, ...], tuple[Any, ...]] | None = None

    def update(self, view: Any) -> Vector:
        """The vector of ``view`` (this encoder's array: valid until the next update)."""
        busy = self._get_busy(view)
        steady = self._get_steady(view)
        last = self._last
        buf = self._buf
        if last is None:
            dirty: Iterable[int] = range(len(self.parts))
        else:
            # Which busy fields are other objects than last time, found in C; the parts they
            # feed, planned once per pattern.  By identity alone: the engines' views share
            # every unchanged tuple from state to state, and an equal field that is another
            # object is only written again, to the same numbers.  The steady fields are
            # compared as one tuple (identity first, in C, item by item): when they are equal
            # they encode the same, else each is flagged like a busy one.
            changed = tuple(map(is_not, busy, last[0]))
            if steady is last[1] or steady == last[1]:
                if not any(changed):
                    return self._vector
            else:
                changed += tuple(map(is_not, steady, last[1]))
            dirty = self._plans.get(changed) or self._plan(changed)
        rows = self._rows
        values: tuple[Any, ...] = ()
        for i in dirty:
            start, stop, write, extend, zeros, fields_at = rows[i]
            if extend is not None and last is not None:
                if not values:
                    values, before = busy + steady, last[0] + last[1]
                if self._grew(values, before, fields_at):
                    extend(buf, view, len(before[fields_at[0]]))
                    continue
            if zeros is not None:
                buf[start:stop] = zeros
            write(buf, view)
        self._last = busy, steady
        return self._vector

    @staticmethod
    def _grew(values: tuple[Any, ...], before: tuple[Any, ...],
              fields_at: tuple[int, ...]) -> bool:
        """Whether the part's first field only grew (the old tuple begins the new one) and
        its other fields are alike: then the part is added to, not written again."""
        old, new = before[fields_at[0]], values[fields_at[0]]
        if len(new) <= len(old) or new[:len(old)] != old:
            return False
        for j in fields_at[1:]:
            if values[j] is not before[j] and values[j] != before[j]:
                return False
        return True

    def _plan(self, changed: tuple[bool, ...]) -> tuple[int, ...]:
        """The parts fed by the fields flagged in ``changed``, in order (kept for next time);
        a pattern of the busy fields alone leaves the steady ones out."""
        plan = tuple(sorted(set(chain.from_iterable(compress(self._feeds, changed)))))
        if len(self._plans) >= 4096:  # bounded: 2^fields patterns are possible in principle
            self._plans.clear()
        self._plans[changed] = plan
        return plan

    def forget(self) -> None:
        """Drop the last view (its objects are no longer held); the next update writes all."""
        self._last = None


def getter_of(names: Sequence[str]) -> Callable[[Any], tuple[Any, ...]]:
    """A function giving the named attributes of an object as a tuple (in C)."""
    if not names:
        return lambda view: ()
    getter = attrgetter(*names)
    return getter if len(names) > 1 else lambda view: (getter(view),)


class PartsEncoding:
    """A codec's encoding from its parts: :meth:`encode` from scratch, :meth:`encoder` kept
    up to date.  ``busy`` names the view fields that change from action to action (the
    encoder compares the others as one tuple); it only makes updates cheaper."""

    layout: Layout
    parts: tuple[Part, ...]
    busy: tuple[str, ...] = ()

    def set_parts(self, parts: Sequence[Part]) -> None:
        check_parts(parts, self.layout.size)
        self.parts = tuple(parts)

    def encode(self, view: Any) -> Vector:
        """The seat's view as a vector (a new array); reads nothing but the view."""
        return encode_parts(self.parts, self.layout.size, view)

    def encoder(self) -> SeatEncoder:
        """A :class:`SeatEncoder` for one seat's successive views."""
        return SeatEncoder(self.parts, self.layout.size, self.busy)


class BlockCache:
    """Arrays for the values of a field, kept by the value's identity (each entry holds its
    value, so no other object can have that id while the entry lives); bounded."""

    __slots__ = ("_compute", "_entries")

    def __init__(self, compute: Callable[[Any], Buffer]) -> None:
        self._entries: dict[int, tuple[Any, Buffer]] = {}
        self._compute = compute

    def get(self, value: Any) -> Buffer:
        """The array of ``value``, computed the first time."""
        entry = self._entries.get(id(value))
        if entry is not None and entry[0] is value:
            return entry[1]
        block = self._compute(value)
        if len(self._entries) >= CACHE_SIZE:
            self._entries.clear()
        self._entries[id(value)] = (value, block)
        return block


def zeros(size: int) -> Buffer:
    """A float32 buffer of ``size`` zeros."""
    return array("f", bytes(4 * size))


def one_hot_part(field: str, start: int, stop: int) -> Part:
    """A one-hot block of an ``int`` field (nothing for ``None`` or a negative value)."""
    def write(buf: Buffer, view: Any) -> None:
        value = getattr(view, field)
        if value is not None and value >= 0:
            buf[start + value] = 1.0
    return Part((field,), start, stop, write)


def per_seat_part(field: str, start: int, stop: int, scale: float = 1.0) -> Part:
    """A block of one number per seat from a tuple field, divided by ``scale`` (kept up to
    date from arrays cached by the tuple's value: a few small numbers)."""
    def write(buf: Buffer, view: Any) -> None:
        for seat, value in enumerate(getattr(view, field)):
            if value:
                buf[start + seat] = value / scale

    blocks: dict[tuple[Any, ...], Buffer] = {}
    get = attrgetter(field)

    def fill(buf: Buffer, view: Any) -> None:
        values = get(view)
        block = blocks.get(values)
        if block is None:
            block = zeros(stop - start)
            for seat, value in enumerate(values):
                block[seat] = value / scale
            if len(blocks) >= CACHE_SIZE:
                blocks.clear()
            blocks[values] = block
        buf[start:stop] = block
    return Part((field,), start, stop, write, fill=fill)


def card_counts_part(field: str, start: int, stop: int, slot: dict[int, int]) -> Part:
    """Copies of each card kind in a field holding cards (``None``: no cards); kept up to
    date from count arrays cached per card tuple (the engines share one tuple per hand)."""
    def write(buf: Buffer, view: Any) -> None:
        for card in getattr(view, field) or ():
            buf[start + slot[card.kind]] += 1.0

    def count(cards: Any) -> Buffer:
        block = zeros(stop - start)
        for card in cards or ():
            block[slot[card.kind]] += 1.0
        return block

    cache = BlockCache(count).get
    get = attrgetter(field)

    def fill(buf: Buffer, view: Any) -> None:
        buf[start:stop] = cache(get(view))
    return Part((field,), start, stop, write, fill=fill)
