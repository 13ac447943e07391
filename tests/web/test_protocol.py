"""The web protocol as pure functions: what a browser may send, what a view looks like."""

from __future__ import annotations

import json

import pytest

from binokel import new_game
from binokel.web.app import RateLimiter
from binokel.web.protocol import (
    MAX_MESSAGE_BYTES,
    Act,
    Hello,
    HintRequest,
    ProtocolError,
    encode_view,
    parse_message,
    public_view,
)


@pytest.mark.parametrize(("raw", "expected"), [
    ('{"type": "hello", "token": "abc"}', Hello(token="abc")),
    ('{"type": "hello"}', Hello(token=None)),
    ('{"type": "act", "action": "lay Q♠", "n": 4}', Act(actions=("lay Q♠",), n=4)),
    ('{"type": "act", "actions": ["lay QS", "lay JD"]}', Act(actions=("lay QS", "lay JD"),
                                                              n=None)),
    (b'{"type": "hint"}', HintRequest()),
])
def test_valid_messages_are_read(raw: str | bytes, expected: object) -> None:
    assert parse_message(raw) == expected


@pytest.mark.parametrize(("raw", "reason"), [
    ("", "not valid JSON"),
    (b"\xff\xfe", "not valid JSON"),
    ("null", "JSON object"),
    ('{"type": 3}', "unknown message type"),
    ('{"type": "act", "action": "pass", "actions": ["pass"]}', '"action"'),
    ('{"type": "act", "action": "pass", "n": true}', "n must be"),
    ('{"type": "act", "action": "pass", "n": -1}', "n must be"),
    ('{"type": "act", "action": "  "}', "1 to 64"),
    ('{"type": "act", "action": "pa\\u0000ss"}', "control characters"),
    ('{"type": "act", "action": "pass\\u001f"}', "control characters"),
    ('{"type": "hello", "token": "\\ttoken"}', "control characters"),
    ('{"type": "act", "actions": ["pass", 1]}', "action must be text"),
    ('{"type": "act", "actions": ' + json.dumps(["pass"] * 17) + "}", "1 to 16"),
    ('{"type": "hello", "token": ' + json.dumps("t" * 65) + "}", "1 to 64"),
    ('{"type": "hint", "please": true}', "unexpected field"),
])
def test_malformed_messages_are_refused_with_the_reason(raw: str | bytes, reason: str) -> None:
    with pytest.raises(ProtocolError, match=reason.replace("(", r"\(")):
        parse_message(raw)


def test_the_size_limit_counts_bytes_not_characters() -> None:
    # Each ♠ is three bytes of UTF-8: a message short in characters can be long in bytes.
    text = json.dumps({"type": "act", "action": "♠" * (MAX_MESSAGE_BYTES // 3)},
                      ensure_ascii=False)
    assert len(text) < MAX_MESSAGE_BYTES < len(text.encode())
    with pytest.raises(ProtocolError, match="too large"):
        parse_message(text)


def test_a_seat_view_is_plain_json_in_card_notation() -> None:
    state = new_game(seed=3)
    view = encode_view(state.view(state.to_move))
    assert json.loads(json.dumps(view)) == view
    assert view["phase"] == "auction" and view["rules"] == "binokel"
    hand = view["hand"]
    assert isinstance(hand, list)
    assert all(isinstance(card, str) and card[-1] in "♣♠♥♦" for card in hand)
    assert view["legal_actions"] == [str(a) for a in state.legal_actions()]
    assert view["is_my_turn"] is True


def test_a_spectator_gets_only_what_every_seat_sees_alike() -> None:
    state = new_game(seed=3)
    views = [encode_view(state.view(s)) for s in range(3)]
    public = public_view(views)
    for private in ("seat", "hand", "discard", "legal_actions", "is_my_turn"):
        assert public[private] is None
    assert public["bids"] == views[0]["bids"] and public["hand_sizes"] == [12, 12, 12]


def test_the_rate_limiter_refills_over_time() -> None:
    now = [0.0]
    limiter = RateLimiter(rate=2, burst=2, clock=lambda: now[0])
    assert [limiter.allow() for _ in range(3)] == [True, True, False]
    now[0] += 0.5
    assert limiter.allow() and not limiter.allow()


def test_every_card_is_sent_as_its_notation() -> None:
    from binokel.cards import Card, Rank, Suit
    from binokel.web.protocol import to_json

    cards = [Card(suit=suit, rank=rank) for suit in Suit for rank in Rank]
    assert len(cards) == 32
    assert [to_json(card) for card in cards] == [str(card) for card in cards]
    assert to_json((cards[0], [cards[-1]])) == [str(cards[0]), [str(cards[-1])]]
