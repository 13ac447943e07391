"""Why a hand ended as it did, as facts the reader's words are put to: the terminal and the
web page show the same explanation, made here once from the hand's result and the rules
(never worked out again from the score sheet by a screen).

A :class:`HandReason` is one line of it: a key saying what happened and the numbers that
line names.  The keys are

``made`` / ``missed``
    the declarer's side counted ``points`` against the ``bid``;
``gave_up``
    the declarer gave up at the ``bid`` in ``suit``; the others get ``points`` (the bonus);
``durch_won`` / ``durch_lost``
    a Durch (``contract``) won or lost, for ``points``;
``melds_lost``
    the seat's melds did not count: it won no trick;
``last_trick``
    the seat took the last trick's ``points``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class HandReason:
    """One line of why a hand ended as it did (see the module)."""

    key: str
    seat: int
    points: int = 0
    bid: int = 0
    suit: str = ""
    """The suit's symbol, where the line names one."""
    contract: str = ""
    """The contract's name (``durch``, ``open durch``...), where the line names one."""
