"""OpenSpiel's observer of a rule set's game: the requested observation type, honoured.

The tensor is the codec's vector of the seat's view (:mod:`binokel.env.codec`) with the blocks
the type does not ask for set to zero:

* *private* blocks (:data:`PRIVATE_BLOCKS`: the seat's own hand and the cards it laid away)
  only with ``private_info=SINGLE_PLAYER``; a public observation also leaves out ``seat``
  (whose view it is), so it is the same for every seat;
* every other block is public (what all seats see) and present with ``public_info=True``.

With ``perfect_recall=True`` a block ``history`` follows: every finished trick in order, each
seat's card, who led and which card came from the table (Binocle; always 0 elsewhere), so two
histories that differ in the order of the tricks or their leaders never share a tensor.  The
perfect-recall *string* is what the seat saw, step by step, and nothing else: its first
observation after the deal, then per action the acting seat and the action (a card laid away
face down by another seat as ``?``) and, with private information, the seat's hand after it.
Seeing every seat's cards (``private_info=ALL_PLAYERS``) is refused.

>>> from binokel.env.codecs import codec_for
>>> from binokel.games import find_game_rules
>>> codec = codec_for(find_game_rules("binokel"))
>>> kind = observation_type(None)
>>> kind.public, kind.private, kind.recall
(True, True, False)
>>> SpielObserver(codec, ObservationType(True, True, True)).tensor.size - codec.layout.size
792
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
import pyspiel

from .codec import Codec
from .parts import SeatEncoder

#: The blocks of a seat's vector that hold its own private cards.
PRIVATE_BLOCKS = frozenset({"hand", "discard"})
#: The block that says whose view a vector is (left out of a public observation).
SEAT_BLOCK = "seat"


class ObservationType(NamedTuple):
    """What an observer shows: public information, the seat's private cards, perfect recall."""

    public: bool
    private: bool
    recall: bool


def observation_type(iig_obs_type: Any) -> ObservationType:
    """OpenSpiel's ``IIGObservationType`` (None: the default observation) as this module's."""
    if iig_obs_type is None:
        return ObservationType(True, True, False)
    private = iig_obs_type.private_info
    if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
        raise ValueError("observing every seat's private cards is not offered: the game is "
                         "one of imperfect information")
    return ObservationType(bool(iig_obs_type.public_info),
                           private == pyspiel.PrivateInfoType.SINGLE_PLAYER,
                           bool(iig_obs_type.perfect_recall))


def history_shape(codec: Codec) -> tuple[int, int, int]:
    """The shape of the perfect-recall trick history: tricks, seats, card kinds + led + from
    the table (for a game whose tricks say so; else always 0)."""
    return (codec.max_tricks(), codec.players, len(set(codec.pack())) + 2)


class SpielObserver:
    """The observer of one observation type: ``tensor`` and ``dict`` after ``set_from``."""

    def __init__(self, codec: Codec, kind: ObservationType) -> None:
        self.codec = codec
        self.kind = kind
        self.perfect_recall = kind.recall
        self._encoders: dict[int, SeatEncoder] = {}
        layout = codec.layout
        keep = np.zeros(layout.size, np.float32)
        for block in layout.blocks:
            private = block.name in PRIVATE_BLOCKS
            shown = (kind.private if private
                     else kind.public and not (block.name == SEAT_BLOCK and not kind.private))
            if shown:
                at = layout.offset(block.name)
                keep[at:at + block.size] = 1.0
        self._keep = keep
        self._all = bool(keep.all())
        size = layout.size
        self._history: tuple[int, int, int] | None = None
        if kind.recall:
            self._history = history_shape(codec)
            size += int(np.prod(self._history))
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {}
        for block in layout.blocks:
            at = layout.offset(block.name)
            self.dict[block.name] = self.tensor[at:at + block.size].reshape(block.shape)
        if self._history is not None:
            self.dict["history"] = self.tensor[layout.size:].reshape(self._history)
        kinds = sorted(set(codec.pack()))
        self._slot = {kind: i for i, kind in enumerate(kinds)}

    def set_from(self, state: Any, player: int) -> None:
        engine = state.engine
        self.tensor.fill(0.0)
        if engine is None:
            return  # nothing is dealt yet: nothing to see
        encoder = self._encoders.get(player)
        if encoder is None:
            encoder = self._encoders[player] = self.codec.encoder()
        view = engine.view(player)
        size = self.codec.layout.size
        self.tensor[:size] = encoder.update(view)
        if not self._all:
            self.tensor[:size] *= self._keep
        if self._history is not None and self.kind.public:
            self._write_history(view)

    def _write_history(self, view: Any) -> None:
        history = self.dict["history"]
        card_slots = len(self._slot)
        for t, trick in enumerate(view.tricks):
            seats = trick_seats(trick, view)
            table = getattr(trick, "from_table", None)
            for i, (seat, card) in enumerate(zip(seats, trick.cards, strict=True)):
                row = history[t, seat]
                row[self._slot[card.kind]] = 1.0
                if seat == trick.leader:
                    row[card_slots] = 1.0
                if table is not None and table[i]:
                    row[card_slots + 1] = 1.0

    def string_from(self, state: Any, player: int) -> str:
        history = state.history
        if state.engine is None:
            return f"seat {player}: dealing" if self.kind.private else "dealing"
        last = len(history.engines) - 1
        if not self.kind.recall:
            return self._text(history, last, player)
        return self._joined(history, last, player)

    def _joined(self, history: Any, i: int, player: int) -> str:
        """The texts of states 0 to ``i``, joined (kept per state: each extends the last)."""
        key = ("recall", player, self.kind)
        texts = history.texts[i]
        found = texts.get(key)
        if found is None:
            # The first state whose joined text is known, then forward from there.
            start = i
            while start > 0 and key not in history.texts[start - 1]:
                start -= 1
            found = history.texts[start - 1][key] if start > 0 else None
            for j in range(start, i + 1):
                text = self._text(history, j, player) if j == 0 else self._step(history, j, player)
                found = text if found is None else f"{found}\n--\n{text}"
                history.texts[j][key] = found
        return str(found)

    def _step(self, history: Any, i: int, player: int) -> str:
        """What ``player`` saw of step ``i`` (the action taking state ``i - 1`` to ``i``): the
        actor and the action, unless it was hidden from the player, and (with private
        information) the player's hand after it."""
        before, after = history.engines[i - 1], history.engines[i]
        actor = before.to_move
        action = self.codec.action_of(history.actions[i - 1])
        hidden = self.codec.hidden_action(action, before, after)
        seen = str(action) if not hidden or (actor == player and self.kind.private) else "?"
        text = f"seat {actor}: {seen}" if self.kind.public or actor == player else "-"
        if self.kind.private:
            text += " | hand " + " ".join(str(c) for c in after.view(player).hand)
        return text

    def _text(self, history: Any, i: int, player: int) -> str:
        key = (player, self.kind)
        texts = history.texts[i]
        text = texts.get(key)
        if text is None:
            view = history.engines[i].view(player)
            vector = self.codec.encode(view)
            if not self._all:
                vector = vector * self._keep
            exact = " ".join(f"{j}:{v:g}" for j, v in zip(
                np.flatnonzero(vector).tolist(), vector[vector != 0].tolist(), strict=True))
            if self.kind.private and self.kind.public:
                text = f"{self.codec.describe(view)}\n{exact}"
            else:
                text = exact
            texts[key] = text
        return str(text)


def trick_seats(trick: Any, view: Any) -> list[int]:
    """The seat that played each card of a finished trick (the games' tricks say it so)."""
    active = getattr(view, "active", None)
    return list(trick.seats(active) if active is not None else trick.seats())
