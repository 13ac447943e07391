"""Packed multisets: the table-driven unpacking and counting say what the plain definition
says (two bits per card kind, suits in order, high rank first within a suit)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from binokel.cards import BITS, KIND_COUNT, RANK_SLOTS, size_of, unpack_kinds

packed_sets = st.lists(st.integers(0, 2), min_size=KIND_COUNT, max_size=KIND_COUNT).map(
    lambda counts: sum(c << (k * BITS) for k, c in enumerate(counts)))


def plain_kinds(packed: int) -> list[int]:
    out: list[int] = []
    for suit in range(4):
        for rank in range(RANK_SLOTS - 1, -1, -1):
            kind = suit * RANK_SLOTS + rank
            out += [kind] * ((packed >> (kind * BITS)) & 3)
    return out


@given(packed_sets)
def test_unpack_kinds_lists_each_kind_by_its_count_suit_by_suit_high_first(packed: int) -> None:
    assert unpack_kinds(packed) == plain_kinds(packed)


@given(packed_sets)
def test_size_of_counts_every_copy(packed: int) -> None:
    assert size_of(packed) == len(plain_kinds(packed))
