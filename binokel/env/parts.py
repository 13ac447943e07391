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
from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import Any, NamedTuple, TypeAlias

import numpy as np

from ..cards import KIND_COUNT
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
    whole: bool = False
    """Whether ``write`` sets every position of the part (then it is not zeroed first)."""


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

    The update is one function generated from the parts when the encoder is made (decision
    env-04): each field is read once and compared with the last view's by identity, and each
    part whose fields changed is zeroed and written, straight-line code with no per-part
    bookkeeping at run time.
    """

    def __init__(self, parts: Sequence[Part], size: int) -> None:
        self.parts = tuple(parts)
        self._buf = array("f", bytes(4 * size))
        self._vector: Vector = np.frombuffer(self._buf, np.float32)
        self._update, self._forget = _compile(self.parts, self._buf)

    def update(self, view: Any) -> Vector:
        """The vector of ``view`` (this encoder's array: valid until the next update)."""
        self._update(view)
        return self._vector

    @property
    def buffer(self) -> Buffer:
        """The vector's buffer (:attr:`vector` is a numpy array over it), for updates made
        without a view (:mod:`binokel.env.cardplay`; :meth:`forget` before the next
        :meth:`update` then)."""
        return self._buf

    @property
    def vector(self) -> Vector:
        """The encoder's array as it stands (valid until the next update)."""
        return self._vector

    def forget(self) -> None:
        """Drop the last view (its objects are no longer held); the next update writes all."""
        self._forget()


#: What no field of a view is: the "last view" of an encoder that has none.
_UNSET = object()


def _compile(parts: Sequence[Part], buf: Buffer) -> tuple[Callable[[Any], None],
                                                       Callable[[], None]]:
    """The update and forget functions of an encoder over ``buf``, generated from ``parts``.

    The source is built from the parts' field names (checked to be identifiers) and numbers
    only; the writers, extenders and zero runs are passed in, never written into the text.
    """
    names: list[str] = []
    for part in parts:
        names += [n for n in part.fields if n not in names]
    for name in names:
        if not name.isidentifier():
            raise ValueError(f"a part names the field {name!r}, which is not an identifier")
    at = {name: i for i, name in enumerate(names)}
    last = ", ".join(f"l{i}" for i in range(len(names)))
    lines = ["def make(buf, W, E, Z, UNSET):",
             f"    {' = '.join(f'l{i}' for i in range(len(names)))} = UNSET",
             "    def update(view):",
             f"        nonlocal {last}"]
    lines += [f"        v{i} = view.{name}" for i, name in enumerate(names)]
    for k, part in enumerate(parts):
        fields = [at[n] for n in part.fields]
        changed = " or ".join(f"v{i} is not l{i}" for i in fields)
        lines.append(f"        if {changed}:")
        rewrite = [f"W[{k}](buf, view)"]
        if not part.whole:
            rewrite.insert(0, f"buf[{part.start}:{part.stop}] = Z[{k}]")
        if part.extend is None:
            lines += [f"            {line}" for line in rewrite]
            continue
        # A tuple that only grew (the finished tricks): add the new items to the part.
        g = fields[0]
        same = "".join(f" and (v{i} is l{i} or v{i} == l{i})" for i in fields[1:])
        lines += [f"            if (l{g} is not UNSET and len(v{g}) > len(l{g}){same}",
                  f"                    and v{g}[:len(l{g})] == l{g}):",
                  f"                E[{k}](buf, view, len(l{g}))",
                  "            else:"]
        lines += [f"                {line}" for line in rewrite]
    lines += [f"        {last} = {', '.join(f'v{i}' for i in range(len(names)))}",
              "    def forget():",
              f"        nonlocal {last}",
              f"        {' = '.join(f'l{i}' for i in range(len(names)))} = UNSET",
              "    return update, forget"]
    scope: dict[str, Any] = {}
    exec(compile("\n".join(lines), "<binokel.env.parts encoder>", "exec"), scope)
    zeros = tuple(array("f", bytes(4 * (p.stop - p.start))) for p in parts)
    made: tuple[Callable[[Any], None], Callable[[], None]] = scope["make"](
        buf, tuple(p.write for p in parts), tuple(p.extend for p in parts), zeros, _UNSET)
    return made


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

    def card_play(self) -> Any:
        """No card-play updates unless the codec has them (``binokel.env.cardplay``)."""
        return None


def one_hot_part(field: str, start: int, stop: int) -> Part:
    """A one-hot block of an ``int`` field (nothing for ``None`` or a negative value)."""
    def write(buf: Buffer, view: Any) -> None:
        value = getattr(view, field)
        if value is not None and value >= 0:
            buf[start + value] = 1.0
    return Part((field,), start, stop, write)


def per_seat_part(field: str, start: int, stop: int, scale: float = 1.0) -> Part:
    """A block of one number per seat from a tuple field, divided by ``scale``."""
    get = attrgetter(field)
    seats = stop - start

    def write(buf: Buffer, view: Any) -> None:
        values = get(view)
        if len(values) != seats:  # a slice of another length would resize the buffer
            raise ValueError(f"{field}: {len(values)} numbers for {seats} seats")
        buf[start:stop] = array("f", values)  # the whole block, in C

    def write_scaled(buf: Buffer, view: Any) -> None:
        i = start
        for value in get(view):
            if value:
                buf[i] = value / scale
            i += 1
    if scale == 1.0:
        return Part((field,), start, stop, write, whole=True)
    return Part((field,), start, stop, write_scaled)


def card_counts_part(field: str, start: int, stop: int, slot: dict[int, int]) -> Part:
    """Copies of each card kind in a field holding cards (``None``: no cards)."""
    get = attrgetter(field)
    at = card_positions(start, slot)

    def write(buf: Buffer, view: Any) -> None:
        cards = get(view)
        if cards:
            for card in cards:
                buf[at[card.kind]] += 1.0
    return Part((field,), start, stop, write)


def card_positions(start: int, slot: dict[int, int]) -> list[Any]:
    """For each card kind, its position in a block of card counts at ``start`` (a list is
    read faster than a dict); ``None`` for a kind outside the pack, which no buffer takes."""
    return [None if kind not in slot else start + slot[kind] for kind in range(KIND_COUNT)]
