"""What every game's encoder answers, and the shared pieces (the lookup by game name is
:mod:`binokel.env.codecs`).

A codec turns one seat's view into a fixed-length vector (:attr:`Codec.layout`), numbers every
action of a rule set (:attr:`Codec.actions`, the fixed discrete action space), and knows how to
start a hand from a dealt card sequence (OpenSpiel's chance nodes).  The adapters
(:mod:`binokel.env.aec`, :mod:`binokel.env.single`, :mod:`binokel.env.spiel`) hold a codec and
never look at which game they play; the codec is found by the game's name
(:func:`binokel.games.game_of`).

>>> from binokel.env.codecs import codec_for
>>> from binokel.games import find_game_rules
>>> codec = codec_for(find_game_rules("binokel"))
>>> codec.game, codec.players, codec.action_count
('binokel', 3, 188)
>>> codec.action_of(codec.index(codec.action_of(7)))
Bid(value=180)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, cast

import numpy as np
import numpy.typing as npt

from . import native
from .layout import Layout, Vector
from .parts import Buffer, SeatEncoder

#: Points are divided by this in observations (a Binokel hand moves a few hundred points).
POINT_SCALE = 1000.0

Mask = npt.NDArray[np.int8]
#: What an action number may be (a tuple: ``int | np.integer`` would be made at every call).
_INTEGERS = (int, np.integer)

#: One simple step: the seat that acted and, for a card played, the card's kind and the trick
#: it finished (or None); for a bid or a pass in the auction, -1 and the auction's new
#: ``(seat, value)`` entry (value 0: a pass); for a card laid away by the declarer (discards
#: still to come, no trumps shown), -2 and the card's kind; for any other step within a hand
#: (the auction's end, the Dabb, the last discard, trumps, Durch), -3 and the groups of blocks
#: it changed (bits), read again from the state on catch-up.
Event = tuple[int, int, Any]


class CardPlay(Protocol):
    """A codec's updates from simple steps (:mod:`binokel.env.cardplay`)."""

    def event(self, before: Any, action: Any, after: Any) -> Event | None:
        """The event of ``action`` taking ``before`` to ``after`` if it is a simple play."""
        ...

    def catch_up(self, buf: Buffer, seat: int, events: list[Event], state: Any) -> None:
        """Bring ``seat``'s vector ``buf`` (exact before ``events``, which are not empty) to
        ``state``."""
        ...

    def copy_seat(self, buf: Buffer, seat: int, donor: Buffer, state: Any) -> None:
        """Write into ``buf`` ``seat``'s vector of ``state`` from ``donor``, another seat's
        exact vector of ``state``."""
        ...

    def auction(self, buf: Buffer, seat: int, state: Any) -> bool:
        """Write ``seat``'s vector of ``state`` into ``buf`` without a view if ``state`` is
        one the helper can write so (the auction); whether it did."""
        ...


class Codec(Protocol):
    """One rule set's observation encoder and action map."""

    game: str
    rules: Any
    players: int
    layout: Layout
    actions: tuple[Any, ...]
    compiled_masks: Callable[[Sequence[Any]], Mask | None] | None
    """Masks of legal actions by the actions' identity, in C (None on the pure path)."""

    @property
    def action_count(self) -> int: ...

    def index(self, action: Any) -> int:
        """The number of an action (raises ``ValueError`` for one outside the map)."""
        ...

    def action_of(self, index: int) -> Any:
        """The action of a number (raises ``ValueError`` naming the range)."""
        ...

    def encode(self, view: Any) -> Vector:
        """The seat's view as a vector (a new array); reads nothing but the view."""
        ...

    def encoder(self) -> SeatEncoder:
        """One seat's vector kept up to date from its successive views (the environments')."""
        ...

    def mask(self, view: Any) -> Mask:
        """1 for each action the view's seat may take now, else 0 (a new array)."""
        ...

    def mask_of(self, legal: Sequence[Any]) -> Mask:
        """1 for each action of ``legal``, else 0 (a new array)."""
        ...

    def card_play(self) -> CardPlay | None:
        """The updates of a seat's vector from the cards played, without its view
        (:mod:`binokel.env.cardplay`), or None if the codec has none."""
        ...

    def legal_indices(self, legal: Sequence[Any]) -> list[int]:
        """The numbers of the actions ``legal`` in ascending order."""
        ...

    def describe(self, view: Any) -> str:
        """The view as a few lines of text (``render``)."""
        ...

    def pack(self) -> tuple[int, ...]:
        """The card kinds of the pack, one entry per copy (what chance deals from)."""
        ...

    def start_hand(self, dealer: int, cards: Sequence[int]) -> Any:
        """A first hand dealt by ``dealer`` from the pack in the order ``cards``."""
        ...

    def hidden_action(self, action: Any, before: Any, after: Any) -> bool:
        """Whether the seats other than the actor do not see ``action`` (taking ``before`` to
        ``after``): a card laid away face down."""
        ...

    def deal_cards(self, state: Any) -> list[int]:
        """The cards of ``state``'s hand in the order :meth:`start_hand` deals them (its
        inverse: ``start_hand(dealer, deal_cards(state))`` deals the same hands)."""
        ...

    def utility_range(self) -> tuple[float, float]:
        """The least and the most hand reward of a seat (OpenSpiel's utility range)."""
        ...

    def utility_bound(self) -> float:
        """A bound on the absolute hand reward and on the points of one hand (bids, melds, card
        points, a hand's score): the observation bounds use it."""
        ...

    def max_hand_length(self) -> int:
        """A bound on the actions of one hand, deal excluded."""
        ...

    def max_tricks(self) -> int:
        """The most tricks one hand can have."""
        ...


class ActionMap:
    """The shared half of a codec: actions numbered in a fixed order."""

    actions: tuple[Any, ...]

    def __init__(self, actions: Sequence[Any]) -> None:
        self.actions = tuple(actions)
        self._index = {a: i for i, a in enumerate(self.actions)}
        if len(self._index) != len(self.actions):
            raise ValueError("an action appears twice in the action map")
        # The engines hand out shared action instances; looking them up by identity skips
        # hashing a dataclass (the map holds them, so their ids stay theirs).
        self._by_id = {id(a): i for i, a in enumerate(self.actions)}
        self._masks: dict[tuple[int, ...], Mask] = {}
        self.compiled_masks = native.masks(self.actions)
        """The masks by the actions' identity in C (:func:`binokel.env.native.masks`), or
        None on the pure path."""

    @property
    def action_count(self) -> int:
        return len(self.actions)

    def __deepcopy__(self, memo: dict[int, Any]) -> ActionMap:
        # A codec never changes after it is built: copies of a game state (OpenSpiel clones
        # them with deepcopy) share it.
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # A pickle holds the rule set; loading it makes the codec again (its compiled masks
        # and generated writers are made, never pickled).
        return (type(self), (self.__dict__["rules"],))

    def index(self, action: Any) -> int:
        found = self._by_id.get(id(action))
        if found is None:
            found = self._index.get(action)
        if found is None:
            raise ValueError(f"{action} has no number in this action map")
        return found

    def action_of(self, index: int) -> Any:
        if type(index) is int and 0 <= index < len(self.actions):  # the usual case, first
            return self.actions[index]
        if not isinstance(index, _INTEGERS) or not 0 <= index < len(self.actions):
            raise ValueError(f"action {index!r} is not a number from 0 to "
                             f"{len(self.actions) - 1}")
        return self.actions[int(index)]

    def mask(self, view: Any) -> Mask:
        """The view's legal actions as a mask (a new array, the caller's own)."""
        return self.mask_of(view.legal_actions)

    def mask_of(self, legal: Sequence[Any]) -> Mask:
        """A mask of the actions ``legal`` (a new array, the caller's own).

        The compiled masks find the map's own action instances by their addresses; on the pure
        path masks are cached by the ids of the legal actions, and only for tuples of the map's
        own action instances: the map holds those, so no other object can have their ids.
        """
        if self.compiled_masks is not None:
            made = self.compiled_masks(legal)
            if made is not None:
                return made
        key = tuple(map(id, legal))
        cached = self._masks.get(key)
        if cached is not None:
            return cached.copy()
        found = list(map(self._by_id.get, key))
        own = None not in found
        # Equal actions of other instances are looked up by value.
        numbers = cast("list[int]", found) if own else [self.index(a) for a in legal]
        out = np.zeros(len(self.actions), np.int8)
        out[numbers] = 1
        if own:
            if len(self._masks) >= LEGAL_CACHE_SIZE:
                self._masks.clear()
            self._masks[key] = out
            return out.copy()
        return out

    def legal_indices(self, legal: Sequence[Any]) -> list[int]:
        """The numbers of ``legal`` in ascending order (a new list)."""
        found = list(map(self._by_id.get, map(id, legal)))
        if None in found:
            return sorted(self.index(a) for a in legal)
        return sorted(cast("list[int]", found))


#: How many distinct legal-action tuples a codec keeps masks for (then it starts afresh).
LEGAL_CACHE_SIZE = 1 << 14


def hand_rewards(scores: Sequence[int]) -> list[float]:
    """Each seat's hand score minus the mean of the other seats' (sums to zero).

    >>> hand_rewards([120, -300, 60])
    [240.0, -390.0, 150.0]
    """
    total = sum(scores)
    n = len(scores)
    return [s - (total - s) / (n - 1) for s in scores]
