"""A hand of an OpenSpiel state: the dealer, the cards dealt, the actions and the engine states
(:class:`History`), and how a pickle of one is loaded (:func:`replay`).

>>> from binokel.env.codecs import codec_for
>>> from binokel.games import find_game_rules
>>> codec = codec_for(find_game_rules("binocle"))
>>> history = replay(codec.rules, 0, list(codec.pack()), [])
>>> len(history.engines), history.engines[0].to_move in (0, 1)
(1, True)
"""

from __future__ import annotations

from typing import Any

from .codec import Codec
from .codecs import codec_for


class History:
    """A hand so far: the dealer, the cards dealt, the actions since and the engine states.

    The engine states are immutable and shared by copies (``copy.deepcopy`` is OpenSpiel's
    clone); a pickle holds the chance outcomes and action numbers only, and loading one plays
    them again (the engines hand out shared action instances, which a pickle of the states
    themselves would not keep).
    """

    __slots__ = ("actions", "cache", "cards", "codec", "dealer", "engines", "size", "texts")

    def __init__(self, codec: Codec) -> None:
        self.codec = codec
        self.size = len(codec.pack())
        self.dealer: int | None = None
        self.cards: list[int] = []
        self.actions: list[int] = []
        self.engines: list[Any] = []
        self.texts: list[dict[Any, str]] = []
        """Per engine state, each seat's observation text once asked (states never change)."""
        self.cache: dict[Any, Any] = {}
        """What resampling works out from the history, by seat and actions (shared by copies,
        whose actions tell them apart)."""

    def copy(self) -> History:
        new = History.__new__(History)
        new.codec = self.codec
        new.size = self.size
        new.dealer = self.dealer
        new.cards = list(self.cards)
        new.actions = list(self.actions)
        new.engines = list(self.engines)
        new.texts = list(self.texts)
        new.cache = self.cache
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> History:
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        return (replay, (self.codec.rules, self.dealer, list(self.cards), list(self.actions)))

    def deal(self, card: int) -> None:
        self.cards.append(card)
        if len(self.cards) == self.size:
            assert self.dealer is not None
            self.engines.append(self.codec.start_hand(self.dealer, self.cards))
            self.texts.append({})

    def play(self, action: int) -> Any:
        engine = self.engines[-1].apply(self.codec.action_of(action))
        self.actions.append(action)
        self.engines.append(engine)
        self.texts.append({})
        return engine


def replay(rules: Any, dealer: int | None, cards: list[int], actions: list[int]) -> History:
    """The history of a hand from its chance outcomes and actions (a pickle's loader)."""
    history = History(codec_for(rules))
    history.dealer = dealer
    for card in cards:
        history.deal(card)
    for action in actions:
        history.play(action)
    return history
