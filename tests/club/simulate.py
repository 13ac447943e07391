"""Simulated players at a tournament's table: random legal hands played by the engine, told to
the table's pad through the pad API as the people at the table would tell them."""

from __future__ import annotations

import dataclasses
import random
import urllib.parse
from typing import Any

from binokel.games import find_game_rules, play_random_game
from binokel.pad import BinokelHand, Pad, entry_to_json
from tests.pad.test_pad_agrees_with_engine import told_binokel


def random_hand(rules_name: str, players: list[str], dealer: int, rng: random.Random
                ) -> dict[str, Any]:
    """One random legal hand dealt by ``dealer``, as the pad's entry (JSON)."""
    rules = find_game_rules(rules_name)
    state = play_random_game(rules, rng.randrange(10**9), rng=rng, max_hands=1)
    result = state.results[0]
    pad = Pad.new(rules_name, players, first_dealer=result.dealer)
    told = told_binokel(pad, result)
    shift = (dealer - result.dealer) % len(players)

    def seat(s: int) -> int:
        return int((s + shift) % len(players))

    melds: list[Any] = [None] * len(players)
    for s, m in enumerate(told.melds):
        melds[seat(s)] = m
    turned = dataclasses.replace(told, declarer=seat(told.declarer), melds=tuple(melds),
                                 no_trick=frozenset(seat(s) for s in told.no_trick))
    assert isinstance(turned, BinokelHand)
    entry: dict[str, Any] = entry_to_json(turned)
    entry["trump"] = turned.trump.symbol if turned.trump is not None else None  # as a page sends
    return entry


def pad_of(link: str) -> tuple[str, str]:
    """A table's pad id and secret from its link ``/pad/ID?club=CLUB#TOKEN``."""
    parts = urllib.parse.urlsplit(link)
    assert parts.path.startswith("/pad/") and parts.fragment, link
    return parts.path.removeprefix("/pad/"), parts.fragment


def play_table(client: Any, link: str, rng: random.Random, stop_after: int | None = None
               ) -> dict[str, Any]:
    """Enter random hands in a table's pad (its link ``/pad/ID?club=CLUB#TOKEN``) until the
    pad says the table has played its hands (or ``stop_after`` hands); the last sheet."""
    pad_id, token = pad_of(link)
    sheet = client.post(f"/api/pads/{pad_id}", json={"token": token}).json()
    n = 0
    while not sheet["winners"] and (stop_after is None or n < stop_after):
        entry = random_hand(sheet["rule_set"], sheet["players"], sheet["next"]["dealer"], rng)
        op = {"id": f"h{n}-{rng.randrange(10**9)}", "kind": "add", "entry": entry}
        answer = client.post(f"/api/pads/{pad_id}/ops", json={"token": token, "op": op})
        assert answer.status_code == 200, answer.text
        sheet = answer.json()
        n += 1
    return dict(sheet)
