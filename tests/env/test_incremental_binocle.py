"""Binocle and Bézique observations without views (decision env-09): every observation the
AEC environment makes from its event log, from the other seat's vector or written whole from
the state equals the encode of that seat's view, byte for byte, at every step, and the view
path is never taken."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from binokel.env import codec_for, rule_set_names
from binokel.env.aec import BinokelAEC
from binokel.env.binocle_cardplay import BinocleCardPlay
from binokel.games import find_game_rules
from tests.env.test_incremental import run_checked_episodes
from tests.helpers import examples

#: Every named rule set of the Binocle engine, and variants whose games run longer (claims
#: made automatically: a random claim ends most games at once) or meld otherwise.
BINOCLE = [name for name in rule_set_names()
           if isinstance(codec_for(find_game_rules(name)).card_play(), BinocleCardPlay)]
VARIANTS = ["binocle+claim_automatically=true", "binocle-64+claim_automatically=true",
            "binocle+dix_uses_meld=true+claim_automatically=true",
            "bezique+dix_uses_meld=true"]


def test_every_binocle_and_bezique_rule_set_has_the_helper() -> None:
    assert {"binocle", "binocle-64", "bezique", "bezique-2000"} <= set(BINOCLE)


def counted(name: str, seeds: range, monkeypatch: pytest.MonkeyPatch, steps: int = 200
            ) -> tuple[int, int, int, int]:
    """Views built, and observations from the log, copied and written from the state, in
    the checked episodes of ``seeds`` (whole games for the first four, then one-hand
    episodes; every seat observed after each step at even seeds, a random few at odd)."""
    views = [0]
    plain = BinokelAEC._from_view

    def from_view(self: BinokelAEC, seat: int, encoder: Any) -> Any:
        views[0] += 1
        return plain(self, seat, encoder)

    monkeypatch.setattr(BinokelAEC, "_from_view", from_view)
    counts = [run_checked_episodes(name, seed, seed % 2 == 0, steps, None if seed < 4 else 1)
              for seed in seeds]
    from_log, copied, written, _ = (sum(c[i] for c in counts) for i in range(4))
    return views[0], from_log, copied, written


@pytest.mark.parametrize("name", BINOCLE + VARIANTS)
def test_binocle_observations_take_no_view_and_equal_the_views(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seeded games of every Binocle and Bézique rule set, each observation compared with
    the view's encode (in :func:`run_checked_episodes`); every path without a view is
    taken, and no view is built."""
    views, from_log, copied, written = counted(name, range(6), monkeypatch)
    assert views == 0, views
    assert from_log > 300, from_log
    assert copied > 10, copied
    assert written > 10, written


@settings(max_examples=examples(40), deadline=None)
@given(name=st.sampled_from(BINOCLE + VARIANTS), seed=st.integers(0, 10**6),
       every_seat=st.booleans(), hands=st.sampled_from([None, 1]))
def test_binocle_observations_equal_the_views_at_every_step(
        name: str, seed: int, every_seat: bool, hands: int | None) -> None:
    run_checked_episodes(name, seed, every_seat, hands=hands)
