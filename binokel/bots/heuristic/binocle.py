"""A rule-based player for Foster's two-handed Binocle, at three levels.

While the stock lasts the player wins tricks that carry points or that let it meld, keeps its
meld cards (trumps, the dix, Q♠ and J♦, Kings and Queens, Aces) and throws cheap cards
otherwise; after a won trick it exchanges or shows the dix and melds the most valuable meld on
offer (build-ups included: the engine offers what the table and hand allow).  After the stock
every card is known (the opponent holds exactly the cards this seat has not seen): it leads
cards the opponent cannot beat and wins tricks as cheaply as it can.  It claims only when the
claim is right (``view.claim_total(seat) >= view.target``; the view shows both numbers).

Levels:

* ``easy``: no care for meld cards, wins only tricks with 10 or more points in them, ignores
  card counting after the stock, and plays a random legal card one time in five;
* ``medium``: the rules above;
* ``hard``: the rules above while the stock lasts, and exact play after it with the open-card
  solver (:func:`binokel.search.binocle.binocle_values`).

>>> import random
>>> from binokel.games.binocle import new_binocle_game
>>> state = new_binocle_game(seed=2)
>>> view = state.view(state.to_move)
>>> BinocleHeuristicBot(level="hard").choose(view, random.Random(0)) in view.legal_actions
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar, cast

from ...cards import Card, Rank, Suit
from ...games.binocle import actions as BA
from ...games.binocle.actions import BinocleAction
from ...games.binocle.game import Phase
from ...games.binocle.views import BinocleView
from ...search.binocle_keep import meld_keep_values
from ..base import ActionT, BaseBot, TableView, play_for_game

LEVELS = ("easy", "medium", "hard")

_SPADE_QUEEN = (Suit.SPADES, Rank.QUEEN)
_DIAMOND_JACK = (Suit.DIAMONDS, Rank.JACK)


def beats(card: Card, led: Card, trump: Suit) -> bool:
    """Whether ``card`` played second wins the trick against ``led`` (of two identical cards
    the leader's wins)."""
    if card.suit == led.suit:
        return card.rank > led.rank
    return card.suit == trump


def keep_value(card: Card, view: BinocleView, *, melds: bool = True) -> float:
    """What a card is worth holding: its points, plus (with ``melds``) its part in melds."""
    rules = view.rules
    if not melds or not view.stock_lasts:
        return rules.kind_points[card.kind] + (3.0 if card.suit == view.trump else 0.0)
    table = meld_keep_values(int(view.trump), int(rules.dix_rank), not view.dix_exchanged, rules)
    return table[card.kind]


class BinocleHeuristicBot(BaseBot):
    """Rule-based Binocle play (see the module); ``level`` is easy, medium or hard."""

    _PLAYS: ClassVar[dict[str, Callable[..., Any]]]

    def __init__(self, name: str = "heuristic", *, level: str = "medium") -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
        super().__init__(name)
        self.level = level

    def choose(self, view: TableView[ActionT], rng: random.Random) -> ActionT:
        decide = play_for_game(self._PLAYS, view, "Binocle heuristic")
        return cast(ActionT, decide(self, view, rng))

    def _choose(self, view: BinocleView, rng: random.Random) -> BinocleAction:
        legal = view.legal_actions
        if not legal:
            raise ValueError("no legal action: not this seat's turn")
        if BA.CLAIM in legal and view.claim_total(view.seat) >= view.target:
            return BA.CLAIM
        options: list[BinocleAction] = [a for a in legal if not isinstance(a, BA.Claim)]
        options = options or list(legal)
        if len(options) == 1:
            return options[0]
        if view.phase is Phase.MELD:
            return self._meld(view, options)
        if self.level == "easy" and rng.random() < 0.2:
            return options[rng.randrange(len(options))]
        if self.level == "hard" and not view.stock_lasts:
            found = self._solved(view, rng)
            if found is not None:
                return found
        return self._card(view, options)

    # --- after a won trick --------------------------------------------------------------------

    def _meld(self, view: BinocleView, options: list[BinocleAction]) -> BinocleAction:
        rules = view.rules
        dix = [a for a in options if isinstance(a, BA.ExchangeDix | BA.ShowDix)]
        if dix and self.level != "easy":
            return dix[0]
        melds = [a for a in options if isinstance(a, BA.Meld)]
        if melds:
            best = max(melds, key=lambda a: (a.meld.points(rules), -len(a.meld.kinds)))
            if self.level != "easy" and view.stock_size > 2:
                # Build up (§6): the royal marriage now and the sequence after a later trick
                # score both (40 + 250 at Bézique); the sequence first loses the marriage.
                base = next((a for a in melds if a.meld.kind in best.meld.kind.builds_on),
                            None)
                if base is not None:
                    return base
            return best
        if dix:
            return dix[0]
        return next((a for a in options if isinstance(a, BA.Done)), options[0])

    # --- card play ----------------------------------------------------------------------------

    def _solved(self, view: BinocleView, rng: random.Random) -> BinocleAction | None:
        from ...search.binocle import binocle_values

        try:
            values = binocle_values(view, random.Random(rng.getrandbits(32)), samples=2)
        except Exception:  # the search cannot value this position: fall back on the rules
            return None
        values = [v for v in values if v[0] in view.legal_actions
                  and not isinstance(v[0], BA.Claim)]
        if not values:
            return None
        return max(values, key=lambda item: item[1])[0]

    def _card(self, view: BinocleView, options: list[BinocleAction]) -> BinocleAction:
        plays = [a for a in options if isinstance(a, BA.Play)]
        if not plays:
            return options[0]
        melds = self.level != "easy"

        def cost(action: BA.Play) -> float:
            # Cards on the table have served their meld already, unless they can build up.
            value = keep_value(action.card, view, melds=melds)
            return value - (2.0 if action.from_table else 0.0)

        if not view.trick:
            return self._lead(view, plays, cost)
        led = view.trick[0][1]
        winners = [a for a in plays if beats(a.card, led, view.trump)]
        losers = [a for a in plays if a not in winners]
        points = view.rules.kind_points
        at_stake = points[led.kind]
        if view.stock_lasts:
            want = at_stake >= 10 if not melds else (
                at_stake >= 3 or self._could_meld(view) or view.stock_size <= 2)
            if winners and (want or not losers):
                cheapest = min(winners, key=cost)
                if not losers or cost(cheapest) - at_stake <= min(map(cost, losers)) + 4:
                    return cheapest
            return min(losers or winners, key=cost)
        # After the stock the duties leave a choice only among winners or among losers.
        if winners:
            return min(winners, key=lambda a: (points[a.card.kind], a.card.suit == view.trump,
                                               a.card.rank))
        return min(plays, key=lambda a: (points[a.card.kind], a.card.suit == view.trump,
                                         a.card.rank))

    def _could_meld(self, view: BinocleView) -> bool:
        """A rough test: the hand and table hold a marriage in some suit, Q♠ and J♦, or trump
        honours — cards that may meld after a won trick."""
        cards = {(c.suit, c.rank) for c in (*view.hand, *view.table(view.seat))}
        if _SPADE_QUEEN in cards and _DIAMOND_JACK in cards:
            return True
        if (view.trump, view.rules.dix_rank) in cards and not view.dix_exchanged:
            return True
        return any((s, Rank.KING) in cards and (s, Rank.QUEEN) in cards for s in Suit)

    def _lead(self, view: BinocleView, plays: list[BA.Play], cost: Any) -> BinocleAction:
        if view.stock_lasts or self.level == "easy":
            return cast(BinocleAction, min(plays, key=cost))
        # Every card is known: the opponent holds what this seat has not seen.
        theirs = [*view.unseen(), *view.known[1 - view.seat]]
        trump = view.trump

        def safe(card: Card) -> bool:
            follow = [c for c in theirs if c.suit == card.suit]
            if follow:
                return not any(beats(c, card, trump) for c in follow)
            return card.suit == trump or not any(c.suit == trump for c in theirs)

        points = view.rules.kind_points
        sure = [a for a in plays if safe(a.card)]
        if sure:
            return max(sure, key=lambda a: (points[a.card.kind], a.card.suit != trump))
        return min(plays, key=lambda a: (points[a.card.kind], a.card.suit == trump,
                                         a.card.rank))


#: The games this player plays, by game name (the whole Binocle family shares one engine).
BinocleHeuristicBot._PLAYS = {
    "binocle": BinocleHeuristicBot._choose,
    "bezique": BinocleHeuristicBot._choose,
}


__all__ = ["LEVELS", "BinocleHeuristicBot", "beats", "keep_value", "meld_keep_values"]
