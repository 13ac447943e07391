"""Deals a Binocle player could be facing: full states consistent with a seat's view.

Search samples the cards hidden from a seat (the opponent's concealed cards and the face-down
stock) and plays on from the full states it gets; what the seat has seen stays as it was.
"""

from __future__ import annotations

import random

from ...cards import BITS, ONE, RANK_SLOTS
from .game import BinocleState
from .hand import TAKEN, BinocleDeal, Phase, _Hand
from .views import BinocleView, unseen_packed


def _shuffled(packed: int, rng: random.Random) -> list[int]:
    kinds = [k for k in range(4 * RANK_SLOTS) for _ in range((packed >> (k * BITS)) & 3)]
    rng.shuffle(kinds)
    return kinds


def redeal_hidden(state: BinocleState, seat: int, rng: random.Random) -> BinocleState:
    """The same position with the cards hidden from ``seat`` dealt again at random.

    The opponent's unknown concealed cards and the face-down stock are shuffled together and
    redistributed; everything ``seat`` can see stays.  The result has no history.
    """
    return sample_state(state.view(seat), rng, own_hand=state.hands[seat])


def sample_state(view: BinocleView, rng: random.Random, *, own_hand: int | None = None
                 ) -> BinocleState:
    """A full state consistent with a view: the hidden cards dealt at random (for search).

    Hands after the current one are dealt from a seed drawn from ``rng``.
    """
    seat = view.seat
    other = 1 - seat
    hidden = _shuffled(unseen_packed(view), rng)
    known_other = sum(ONE[c.kind] for c in view.known[other])
    unknown_count = view.hand_sizes[other] - len(view.known[other])
    other_hand = known_other + sum(ONE[k] for k in hidden[:unknown_count])
    stock = tuple(hidden[unknown_count:])
    mine = sum(ONE[c.kind] for c in view.hand) if own_hand is None else own_hand
    hands = (mine, other_hand) if seat == 0 else (other_hand, mine)
    deal = BinocleDeal(hands, view.turned_up.kind, stock)
    h = _Hand(hand_no=view.hand_no, dealer=view.dealer, deal=deal, trump=view.trump,
              dix=view.dix.kind, start_scores=view.start_scores)
    state = object.__new__(BinocleState)
    led = view.trick[0][1].kind if view.trick else -1
    values: dict[str, object] = dict(
        _rules=view.rules, _seed=f"sample/{rng.getrandbits(64)}", _cut=view.cut, _h=h,
        _target=view.target, _results=view.results,
        _winner=-1 if view.winner is None else view.winner, _ending=view.ending,
        _phase=view.phase, _to_move=view.to_move, _hands=hands, _tables=view.tables,
        _table_bits=(sum(ONE[e[0]] for e in view.tables[0]),
                     sum(ONE[e[0]] for e in view.tables[1])),
        _melds=view.melds,
        _known=(sum(ONE[c.kind] for c in view.known[0]), sum(ONE[c.kind] for c in view.known[1])),
        _dix_points=view.dix_points, _turned=TAKEN if view.turned is None else view.turned.kind,
        _drawn=0, _exchanged=view.dix_exchanged, _shown=view.dix_shown, _leader=view.leader,
        _led=led, _led_from_table=view.led_from_table, _tricks=view.tricks,
        _points=view.points, _scores=view.scores, _turn_melded=view.has_melded,
        _turn_dix=view.has_used_dix, _placements=None, _parent=None, _last_action=None,
        _legal=() if view.phase is Phase.GAME_OVER else None)
    for name, value in values.items():
        setattr(state, name, value)
    return state
