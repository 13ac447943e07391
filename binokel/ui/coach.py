"""The guided first game (``binokel learn``): a note on each rule the first time it matters.

:class:`Coach` looks at the person's view before each decision and gives the lessons of that
moment once: the auction with forehand's forced opening and the meld table, the Dabb, laying
away and giving up, Trumpf and Durch, the melds, each duty in a Stich (follow suit, beat, trump,
trump even below) in the Stich where it first binds the person's cards, leading, the last
Stiche, and the count at the end.  Every lesson is found from the situation, not from the deal.
The rules' four tips for beginners come with the lessons they belong to (:data:`TIPS`).  Notes
are message keys of :mod:`binokel.ui.i18n`, so both languages say the same.

:meth:`Coach.suggest` names the moves a newcomer does well to take; the full-screen table puts
its cursor there, so that Enter alone plays a sound hand and reaches every lesson.

>>> from binokel.games.binokel.game import new_game
>>> from binokel.ui.i18n import Strings
>>> coach = Coach(Strings("en"))
>>> state = new_game(seed=1, dealer=0)
>>> coach.note(state.view(state.to_move)).startswith("Reizen")
True
>>> coach.note(state.view(state.to_move)) is None
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..cards import Card, pack, unpack
from ..games.binokel import actions as A
from ..games.binokel.game import Phase
from .i18n import Strings

#: The tips for beginners (binokel-rules.txt, "Tips for beginners") each lesson brings along.
TIPS: dict[str, tuple[str, ...]] = {
    "learn_auction": ("tip_count_melds",),
    "learn_discard": ("tip_discard_points", "tip_discard_suits"),
    "learn_last": ("tip_last_trick",),
}

#: Every lesson, in the order a hand brings them.
LESSONS = ("learn_auction", "learn_forced", "learn_meld_table", "learn_discard", "learn_give_up",
           "learn_trump", "learn_durch", "learn_melds", "learn_follow", "learn_beat",
           "learn_ruff", "learn_undertrump", "learn_lead", "learn_last", "learn_count")

#: The meld table's rows: the rule set's field and the cards, as the rules name them.
_MELD_ROWS = (("meld_family_trump", "meld_family_plain", "A 10 K Q J"),
              ("meld_pair_trump", "meld_pair_plain", "K Q"),
              ("meld_binokel", None, "Q♠ J♦"), ("meld_double_binokel", None, "Q♠ Q♠ J♦ J♦"),
              ("meld_four_aces", None, "A♣ A♠ A♥ A♦"), ("meld_four_kings", None, "K♣ K♠ K♥ K♦"),
              ("meld_four_queens", None, "Q♣ Q♠ Q♥ Q♦"), ("meld_four_jacks", None, "J♣ J♠ J♥ J♦"))


class Coach:
    """Gives each lesson once, when its moment first comes."""

    def __init__(self, tr: Strings, names: Sequence[str] = ()) -> None:
        self.tr = tr
        self.names = tuple(names)
        self.given: set[str] = set()

    def lessons(self, view: Any) -> list[str]:
        """The keys of the lessons this moment calls for, given or not, in order."""
        if view.results and not view.tricks and view.phase is not Phase.PLAY:
            return ["learn_count"]
        if not view.is_my_turn:
            return []
        phase = view.phase
        legal = view.legal_actions
        if phase is Phase.AUCTION:
            return ["learn_auction", "learn_forced", "learn_meld_table"]
        if phase is Phase.DISCARD:
            out = ["learn_discard"]
            if any(isinstance(a, A.GiveUp) for a in legal):
                out.append("learn_give_up")
            return out
        if phase is Phase.TRUMP:
            out = ["learn_trump"]
            if any(isinstance(a, A.Durch | A.OpenDurch) for a in legal):
                out.append("learn_durch")
            return out
        if phase is not Phase.PLAY:
            return []
        out = []
        if not view.tricks and any(view.melds):
            out.append("learn_melds")
        if view.trick:
            out.extend(_duties(view))
        else:
            out.append("learn_lead")
        if len(view.tricks) == view.rules.hand_size - 3:
            out.append("learn_last")
        return out

    def lesson(self, view: Any) -> str | None:
        """The key of the first lesson this decision calls for, given or not."""
        found = self.lessons(view)
        return found[0] if found else None

    def note(self, view: Any) -> str | None:
        """The lessons of this moment not given yet (then they count as given), or None."""
        keys = [key for key in self.lessons(view) if key not in self.given]
        if not keys:
            return None
        self.given.update(keys)
        parts = []
        for key in keys:
            parts.append(self._text(key, view))
            parts.extend(self.tr("tip", text=self.tr(tip)) for tip in TIPS.get(key, ()))
        return "\n".join(parts)

    def _text(self, key: str, view: Any) -> str:
        rules = view.rules
        if key == "learn_forced":
            forehand = (view.dealer + 1) % rules.players
            name = self.names[forehand] if forehand < len(self.names) else self.tr("forehand")
            return self.tr(key, name=name, bid=rules.min_bid)
        if key == "learn_meld_table":
            rows = []
            for trump_field, plain_field, cards in _MELD_ROWS:
                name = trump_field.removeprefix("meld_").removesuffix("_trump")
                value = str(getattr(rules, trump_field))
                if plain_field is not None:
                    value = self.tr("learn_meld_trump", trump=value,
                                    plain=getattr(rules, plain_field))
                rows.append(f"  {self.tr.meld(name.replace('_', ' ')):<16} {cards:<13} {value}")
            return "\n".join([self.tr(key), *rows])
        if key == "learn_durch":
            return self.tr(key, value=rules.durch_value)
        if key == "learn_give_up":
            return self.tr(key, bonus=rules.give_up_bonus)
        return self.tr(key)

    def suggest(self, view: Any) -> list[Any]:
        """The moves a newcomer does well to take now, best first (laying away: the whole
        discard, one card each), or none: a bid of the lowest, the discard and Trumpf that
        promise most (:mod:`binokel.bots.heuristic.evaluate`), the hard rule-based player's card."""
        if not view.is_my_turn:
            return []
        legal = view.legal_actions
        phase = view.phase
        if phase is Phase.AUCTION:
            return [a for a in legal if isinstance(a, A.Bid)][:1]
        if phase in (Phase.DISCARD, Phase.TRUMP):
            from ..bots.heuristic.evaluate import leads_first, options

            hand = pack(view.hand)
            rules = view.rules
            left = rules.dabb_size - len(view.discard or ())
            forehand = (view.dealer + 1) % rules.players == view.seat
            best = options(hand, rules, leads=leads_first(rules, forehand=forehand),
                           discards=left)[0]
            if phase is Phase.DISCARD:
                return [A.DISCARD[card.kind] for card in unpack(best.discard)]
            return [A.NAME_TRUMP[best.trump]]
        if phase is Phase.PLAY:
            from ..bots import make_bot

            return [make_bot("heuristic:level=hard").choose(view, random.Random(0))]
        return []


def _duties(view: Any) -> list[str]:
    """The duties that bind the person's cards in this Stich (following to ``view.trick``)."""
    rules = view.rules
    hand: list[Card] = list(view.hand)
    cards = [card for _, card in view.trick]
    led = cards[0].suit
    trump = view.trump
    best = cards[0]
    for card in cards[1:]:
        if (card.suit == best.suit and card.rank > best.rank) or (
                card.suit == trump and best.suit != trump):
            best = card
    out: list[str] = []
    suited = [c for c in hand if c.suit == led]
    if suited:
        if len(suited) < len(hand):
            out.append("learn_follow")
        if rules.must_beat and best.suit == led and any(c.rank > best.rank for c in suited) \
                and any(c.rank < best.rank for c in suited):
            out.append("learn_beat")
        return out
    trumps = [c for c in hand if trump is not None and c.suit == trump]
    if trumps and len(trumps) < len(hand):
        out.append("learn_ruff")
        if rules.must_undertrump and best.suit == trump \
                and all(c.rank < best.rank for c in trumps):
            out.append("learn_undertrump")
    return out


__all__ = ["LESSONS", "TIPS", "Coach"]
