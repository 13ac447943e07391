"""The heuristic player for Binokel (every rule set), at three levels.

* **Bidding** values the hand over sampled Dabbs: for each, the best trump's melds + estimated
  trick points + discard points (:mod:`binokel.bots.heuristic.evaluate`), or a Durch that
  cannot fail; the expected score at a bid takes, per Dabb, the best of playing (made: the
  total, failed: minus twice the bid), giving up (minus the bid) and Durch.  The bot bids on
  while that expectation stays above a threshold (``tau``).
* **Declaring** (after the Dabb): trump and discard maximise that value on the real cards; the
  bot gives up when the expected loss of playing is larger than the bid, and announces Durch only
  when it cannot fail.  The hard level checks the candidates by playing sampled deals out.
* **Card play** weighs each card by the chance of taking the trick with what it knows (cards
  played, melds shown, voids and missing high cards revealed by the trick duties); the hard level
  adds a Monte-Carlo search over sampled deals (:mod:`binokel.bots.heuristic.play`).

Levels: ``easy`` values hands crudely and noisily, plays without counting or inferences and
sometimes carelessly; ``medium`` is the full heuristic and bids only what it makes four times
in five; ``hard`` samples more, searches, and bids for strength (no such floor).
Any level field can be overridden by name: ``heuristic:level=medium,samples=24,tau=20``.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, cast

from ...cards import CARD_POINTS, CARDS, ONE, RANK_SLOTS, SUIT_MASK, Suit, pack, points_of
from ...games.binokel import actions as A
from ...games.binokel.game import Phase
from ...games.binokel.melds import find_melds_packed, meld_total
from ...games.binokel.rules import Rules
from ...games.binokel.scoring import Contract, side_of
from ...games.binokel.tricks import NO_TRUMP
from ...games.binokel.views import View
from ...search.knowledge import full_pack, knowledge_of, minus, size
from ...search.rollout import hand_scores, make_table, rollout
from ..base import ActionT, BaseBot, Bot, TableView, game_name_of, play_for_game
from .evaluate import (
    TEAM_SIDE,
    DabbOutcome,
    Option,
    bid_outcomes,
    durch_discard,
    expected_score,
    leads_first,
    make_share,
    model_for,
    options,
    pack_points,
    play_ev,
)
from .play import PlayStyle, choose_kind, ev_values, play_kinds, table_of


@dataclass(frozen=True, slots=True)
class Level:
    """The settings of one level; every field can be overridden in the bot's name."""

    samples: int = 32
    """Dabbs sampled to value a hand for bidding (0: no sampling, a crude guess)."""
    tau: float = 30.0
    """Expected declarer score a bid must keep for the bot to make it."""
    shrink: float = 1.0
    """Standard errors of the sampled expectation taken off it (against the winner's curse)."""
    noise: float = 0.0
    """Standard deviation of noise on the bot's valuation of a hand (per hand)."""
    inference: bool = True
    counting: bool = True
    card_noise: float = 0.0
    blunder: float = 0.0
    search: int = 0
    """Sampled deals per card decision (Monte-Carlo search; 0: none)."""
    refine: int = 0
    """Sampled deals played out to check the declarer's best trump options (0: none)."""
    confidence: float = 0.0
    """Least chance of making a bid, over the sampled Dabbs, for the bot to make it (v2)."""
    margin: float = 0.0
    """Points a hand's value must exceed a bid by when the level does not sample (v2)."""
    v: int = 2
    """The bidding: 1 is the first version (bids while the expectation stays above ``tau``,
    also against its partner), kept to measure against; 2 adds ``confidence``/``margin`` and
    plays team auctions as partners."""

    def play_style(self) -> PlayStyle:
        return PlayStyle(inference=self.inference, counting=self.counting, noise=self.card_noise,
                         blunder=self.blunder, search=self.search)


LEVELS: dict[str, Level] = {
    "easy": Level(samples=0, tau=0.0, shrink=0.0, noise=40.0, inference=False, counting=False,
                  card_noise=6.0, blunder=0.15),
    "medium": Level(samples=32, confidence=0.8),
    # Hard bids for strength (issue 51, decision bots-09): no confidence floor, which in
    # three-player tables is the first bidding; in team games it still plays as a partner.
    "hard": Level(samples=80, search=10, refine=30),
}


def level_from(name: str, overrides: dict[str, str]) -> Level:
    """A level by name with fields overridden from text (``{"samples": "24"}``)."""
    if name not in LEVELS:
        raise ValueError(f"unknown level {name!r}; levels: {', '.join(LEVELS)}")
    level = LEVELS[name]
    changes: dict[str, Any] = {}
    types = {f.name: f.type for f in dataclasses.fields(Level)}
    for key, text in overrides.items():
        if key not in types:
            raise ValueError(f"unknown heuristic option {key!r}; options: level, "
                             f"{', '.join(types)}")
        kind = types[key]
        try:
            if kind in ("bool", bool):
                if text.lower() not in ("1", "0", "true", "false", "yes", "no", "on", "off"):
                    raise ValueError(text)
                changes[key] = text.lower() in ("1", "true", "yes", "on")
            elif kind in ("int", int):
                changes[key] = int(text)
            else:
                changes[key] = float(text)
        except ValueError:
            raise ValueError(f"heuristic option {key}={text!r}: not a {kind}") from None
    return dataclasses.replace(level, **changes)


@dataclass(frozen=True, slots=True)
class Plan:
    """The declarer's decision after taking the Dabb."""

    action: str  # "trump", "durch", "open", "giveup"
    suit: int
    discard: int


class HeuristicBot(BaseBot):
    """The heuristic player; see the module docstring.

    >>> import random
    >>> from binokel import new_game
    >>> state = new_game(seed=2)
    >>> bot = HeuristicBot(level="medium")
    >>> view = state.view(state.to_move)
    >>> bot.choose(view, random.Random(0)) in view.legal_actions
    True
    """

    _PLAYS: ClassVar[dict[str, Callable[..., Any]]]
    _EXPLAINS: ClassVar[dict[str, Callable[..., str | None]]]

    def __init__(self, name: str = "heuristic", *, level: str = "medium",
                 options: dict[str, str] | None = None) -> None:
        super().__init__(name)
        self.level = level_from(level, options or {})
        self._level_name = level
        self._binocle: Bot | None = None
        self._style = self.level.play_style()
        self._outcomes: dict[tuple[Rules, int, bool], tuple[list[DabbOutcome], float]] = {}
        self._plans: dict[tuple[Rules, int, int, int, int], Plan] = {}

    # --- the one call ---------------------------------------------------------------------------

    def choose(self, view: TableView[ActionT], rng: random.Random) -> ActionT:
        decide = play_for_game(self._PLAYS, view, "heuristic player")
        return cast(ActionT, decide(self, view, rng))

    def _choose_binocle(self, view: Any, rng: random.Random) -> Any:
        """Binocle: the rule-based player of the same level."""
        if self._binocle is None:
            from .binocle import BinocleHeuristicBot

            self._binocle = BinocleHeuristicBot(self.name, level=self._level_name)
        return self._binocle.choose(view, rng)

    def _choose(self, view: View, rng: random.Random) -> A.Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        if phase is Phase.PLAY:
            return A.PLAY[choose_kind(view, rng, self._style)]
        if phase is Phase.AUCTION:
            return self._bid(view)
        if phase is Phase.DABB:
            safe = durch_discard(pack(view.hand), view.rules, discards=0) is not None
            return A.OPEN_DURCH if safe and A.OPEN_DURCH in legal else A.TAKE_DABB
        return self._declare(view)

    def explain(self, view: object, action: object) -> str | None:
        """Why this bot would take ``action`` in ``view``, in one sentence (for hints); ``None``
        where it has no words (explanations are of Binokel's bidding and play)."""
        explain = self._EXPLAINS.get(game_name_of(view) or "")
        return None if explain is None else explain(self, view, action)

    def _explain(self, view: View, action: object) -> str | None:
        if not isinstance(action, A.Action):
            return None
        rules = view.rules
        if isinstance(action, A.Bid | A.Pass) and view.phase is Phase.AUCTION:
            value = action.value if isinstance(action, A.Bid) else view.bid + rules.bid_step
            leads = leads_first(rules, forehand=view.seat == view.active[0])
            outcomes, noise = self._hand_outcomes(rules, pack(view.hand), leads)
            shifted = [DabbOutcome(o.value + noise, o.durch) for o in outcomes]
            ev = expected_score(shifted, value, rules, _sigma(rules, self.level.v),
                                shrink=self.level.shrink)
            return (f"Declaring at {value} should score about {ev:+.0f} over "
                    f"{len(outcomes)} possible Dabbs.")
        if view.phase in (Phase.DISCARD, Phase.TRUMP):
            plan = self._plan(view)
            if plan.action == "giveup":
                return f"The hand cannot make {view.bid}: giving up costs only the bid."
            if plan.action in ("durch", "open"):
                return "Every card is unbeatable from the top: Durch cannot fail."
            laid = " ".join(str(CARDS[k]) for k in _kinds(plan.discard, repeat=True))
            return f"Trumps {Suit(plan.suit).symbol}, laying away {laid}."
        if isinstance(action, A.Play):
            know = knowledge_of(view)
            values = ev_values(view, know, table_of(view), play_kinds(view))
            best = max(values.values())
            mine = values.get(action.card.kind, best)
            if mine >= best:
                return "It wins or saves the most points, counting the cards still out."
            return f"It gives away about {best - mine:.0f} points more than the best card."
        return None

    # --- bidding --------------------------------------------------------------------------------

    def _bid(self, view: View) -> A.Action:
        bids = [a for a in view.legal_actions if isinstance(a, A.Bid)]
        if not bids:
            return A.PASS
        nxt = min(bids, key=lambda a: a.value)
        rules = view.rules
        hand = pack(view.hand)
        leads = leads_first(rules, forehand=view.seat == view.active[0])
        outcomes, noise = self._hand_outcomes(rules, hand, leads)
        level = self.level
        if not level.samples:
            value = outcomes[0].value + noise
            if level.v < 2:
                return nxt if value >= nxt.value + level.tau else A.PASS
            if value < nxt.value + level.tau + level.margin:
                return A.PASS
            if partner_holds(view):
                partners = len(side_of(rules, view.seat)) - 1
                team = value + _partner_share(rules, value, partners, level.v)
                if team < _partner_team_value(view, hand, level.tau):
                    return A.PASS
            return nxt
        sigma = _sigma(rules, level.v)
        shifted = [DabbOutcome(o.value + noise, o.durch) for o in outcomes]
        ev = expected_score(shifted, nxt.value, rules, sigma, shrink=level.shrink)
        if level.v < 2:
            return nxt if ev >= level.tau else A.PASS
        if ev < level.tau or make_share(shifted, nxt.value, sigma) < level.confidence:
            return A.PASS
        if partner_holds(view) and ev < _partner_team_value(view, hand, level.tau):
            return A.PASS
        return nxt

    def bid_chance(self, rules: Rules, hand: int, leads: bool, bid: int) -> tuple[float, float]:
        """The chance of making ``bid`` with ``hand`` over the Dabbs this bot samples, and its
        expected score there (what the auction weighs; for calibration)."""
        outcomes, noise = self._hand_outcomes(rules, hand, leads)
        shifted = [DabbOutcome(o.value + noise, o.durch) for o in outcomes]
        sigma = _sigma(rules, self.level.v)
        return (make_share(shifted, bid, sigma),
                expected_score(shifted, bid, rules, sigma, shrink=self.level.shrink))

    def _hand_outcomes(self, rules: Rules, hand: int,
                       leads: bool) -> tuple[list[DabbOutcome], float]:
        """Sampled Dabb outcomes for a hand, and the level's noise on its value (both cached).

        The generator is seeded from the hand, so the valuation is a pure function of the cards
        and the same in every seating of a duplicate deal.
        """
        key = (rules, hand, leads)
        found = self._outcomes.get(key)
        if found is None:
            if len(self._outcomes) > 256:
                self._outcomes.clear()
            rng = random.Random(f"bid/{rules.name}/{hand}/{leads}")
            partners = len(side_of(rules, 0)) - 1 if rules.teams else 0
            if self.level.samples:
                outcomes = bid_outcomes(hand, rules, rng, self.level.samples, leads=leads)
                outcomes = [DabbOutcome(o.value + _partner_share(rules, o.value, partners,
                                                                 self.level.v),
                                        o.durch) for o in outcomes]
            else:
                outcomes = [DabbOutcome(_crude_value(hand, rules, leads), False)]
            noise = rng.gauss(0.0, self.level.noise) if self.level.noise else 0.0
            found = self._outcomes[key] = (outcomes, noise)
        return found

    # --- declaring ------------------------------------------------------------------------------

    def _declare(self, view: View) -> A.Action:
        plan = self._plan(view)
        legal = view.legal_actions
        if plan.action == "giveup" and A.GIVE_UP[plan.suit] in legal:
            return A.GIVE_UP[plan.suit]
        if view.phase is Phase.DISCARD:
            laid = pack(view.discard) if view.discard else 0
            for kind in _kinds(minus(plan.discard, laid)):
                if A.DISCARD[kind] in legal:
                    return A.DISCARD[kind]
            cheapest = min((a for a in legal if isinstance(a, A.Discard)),
                           key=lambda a: a.card.points)
            return cheapest
        if plan.action == "open" and A.OPEN_DURCH in legal:
            return A.OPEN_DURCH
        if plan.action in ("durch", "open") and A.DURCH in legal:
            return A.DURCH
        return A.NAME_TRUMP[plan.suit if plan.suit != NO_TRUMP else 0]

    def _plan(self, view: View) -> Plan:
        rules = view.rules
        laid = pack(view.discard) if view.discard else 0
        full = pack(view.hand) + laid
        trump = NO_TRUMP if view.trump is None else int(view.trump)
        key = (rules, full, view.bid, view.seat, trump)
        found = self._plans.get(key)
        if found is None:
            if len(self._plans) > 256:
                self._plans.clear()
            found = self._plans[key] = self._make_plan(view, full, laid)
        return found

    def _make_plan(self, view: View, full: int, laid: int) -> Plan:
        rules = view.rules
        bid = view.bid
        level = self.level
        leads = leads_first(rules, forehand=view.seat == view.active[0])
        discards = rules.dabb_size
        if view.contract is not None:  # trumps were named before the discard
            if view.contract is Contract.TRUMP and view.trump is not None:
                option = _keep_laid(full, int(view.trump), rules, leads, laid)
                return Plan("trump", int(view.trump), option.discard)
            durch = durch_discard(full, rules) or _lowest(full, discards)
            return Plan("durch", NO_TRUMP, durch)
        rng = random.Random(f"plan/{rules.name}/{full}/{bid}/{leads}")
        found = options(full, rules, leads=leads, discards=discards)
        if laid:  # discards already made (a plan made by another bot, or a changed mind)
            found = [_keep_laid(full, o.trump, rules, leads, laid) for o in found]
            found.sort(key=lambda o: -o.value)
        partners = len(side_of(rules, view.seat)) - 1 if rules.teams else 0
        noise = rng.gauss(0.0, level.noise) if level.noise else 0.0
        sigma = _sigma(rules, level.v)
        choices: list[tuple[float, Plan]] = []
        for o in found:
            value = o.value + _partner_share(rules, o.value, partners, level.v) + noise
            ev = play_ev(value, bid, sigma) if level.samples else \
                (value - bid if value >= bid - 40 else -3.0 * bid)
            choices.append((ev, Plan("trump", o.trump, o.discard)))
        if level.refine and not rules.teams:
            choices = self._refine(view, full, found[:2], rng) + choices[2:]
        safe = durch_discard(full, rules, discards=discards)
        if safe is not None and not minus(laid, safe):  # any cards laid already fit the Durch
            if rules.open_durch:
                choices.append((float(rules.open_durch_value), Plan("open", NO_TRUMP, safe)))
            if rules.durch_allowed:
                choices.append((float(rules.durch_value), Plan("durch", NO_TRUMP, safe)))
        choices.append((-float(bid), Plan("giveup", _give_up_suit(full), 0)))
        return max(choices, key=lambda c: c[0])[1]

    def _refine(self, view: View, full: int, candidates: list[Option],
                rng: random.Random) -> list[tuple[float, Plan]]:
        """Expected declarer scores of the best trump options, from sampled deals played out."""
        rules = view.rules
        me = view.seat
        others = [s for s in view.active if s != me]
        unseen = _kinds(minus(full_pack(rules), full), repeat=True)
        deals = []
        for _ in range(self.level.refine):
            rng.shuffle(unseen)
            hands: dict[int, int] = {}
            start = 0
            for seat in others:
                n = view.hand_sizes[seat]
                hands[seat] = sum(ONE[k] for k in unseen[start:start + n])
                start += n
            deals.append(hands)
        out = []
        for option in candidates:
            total = 0.0
            for hands in deals:
                all_hands = [0] * rules.players
                all_hands[me] = option.kept
                for seat, cards in hands.items():
                    all_hands[seat] = cards
                trump = Suit(option.trump)
                melds = tuple(meld_total(find_melds_packed(h, trump, rules)) if h else 0
                              for h in all_hands)
                table = make_table(rules, trump=option.trump, active=view.active, declarer=me,
                                   contract=Contract.TRUMP, bid=view.bid, melds=melds)
                leader = me if leads_first(rules, forehand=False) else view.active[0]
                points = [0] * rules.players
                won = [0] * rules.players
                rollout(table, all_hands, leader, [], points, won)
                total += hand_scores(table, points, won, option.discard_points)[me]
            out.append((total / len(deals), Plan("trump", option.trump, option.discard)))
        return out


#: The heuristic's decision function for each game it plays, by game name.
HeuristicBot._PLAYS = {
    "binokel": HeuristicBot._choose,
    "binocle": HeuristicBot._choose_binocle,
    "bezique": HeuristicBot._choose_binocle,
}
HeuristicBot._EXPLAINS = {"binokel": HeuristicBot._explain}


def _partner_share(rules: Rules, value: float, partners: int, version: int = 1) -> float:
    """What partners add to a declaring team: a share of the other trick points, and melds.

    Version 2 uses the fit of :data:`~binokel.bots.heuristic.evaluate.TEAM_SIDE` (the first guess, a
    third of the rest plus 30, was 51 points too high on average in Kreuzbinokel)."""
    if not partners:
        return 0.0
    if version >= 2:
        return TEAM_SIDE.share(rules, value)
    total = pack_points(rules)
    rest = max(0.0, total - min(value, total))
    return partners * (rest / (rules.active_players - 1) + 30.0)


def _sigma(rules: Rules, version: int) -> float:
    """The spread of a declaring side's points around its estimate: the trick model's, or in
    team games (version 2) the wider one measured for the team."""
    if version >= 2 and rules.teams:
        return TEAM_SIDE.sigma
    return model_for(rules).sigma


def partner_holds(view: View) -> bool:
    """Whether the standing bid is a partner's (team games; the first bid is forehand's).

    Shared with the expert's auction (:mod:`binokel.bots.expert.auction`), which asks the same
    question before raising.
    """
    if not view.rules.teams:
        return False
    holder = next((seat for seat, value in reversed(view.bids) if value), view.active[0])
    return holder != view.seat and holder in side_of(view.rules, view.seat)


def _partner_team_value(view: View, hand: int, tau: float) -> float:
    """What the team should score if the partner who holds the bid declares: the bid plus the
    margin the partner wanted to bid it (``tau``), plus this hand's own melds (averaged over the
    trumps the partner may name) and an even share of the trick points.

    Raising a partner only pays when the team's expected score as declarer is higher.
    """
    rules = view.rules
    melds = sum(meld_total(find_melds_packed(hand, Suit(t), rules)) for t in range(4)) / 4
    return view.bid + tau + melds + pack_points(rules) / rules.active_players


def _crude_value(hand: int, rules: Rules, leads: bool) -> float:
    """The easy level's guess: the best trump's melds and tricks in the hand as dealt, plus a
    little for the Dabb."""
    model = model_for(rules)
    best = 0.0
    for trump in range(4):
        melds = meld_total(find_melds_packed(hand, Suit(trump), rules))
        best = max(best, melds + model.estimate(hand, trump, leads=leads))
    return best + 5.0 * rules.dabb_size


def _keep_laid(full: int, trump: int, rules: Rules, leads: bool, laid: int) -> Option:
    """The best option for ``trump`` that keeps the cards already laid away in the discard."""
    from .evaluate import best_option

    rest = rules.dabb_size - size(laid)
    option = best_option(full - laid, trump, rules, leads=leads, discards=rest)
    return Option(trump=trump, discard=option.discard + laid, kept=option.kept,
                  melds=option.melds, tricks=option.tricks,
                  discard_points=option.discard_points + points_of(laid))


def _lowest(hand: int, n: int) -> int:
    kinds = sorted(_kinds(hand, repeat=True), key=lambda k: (CARD_POINTS[k % RANK_SLOTS], k))
    return sum(ONE[k] for k in kinds[:n])


def _give_up_suit(hand: int) -> int:
    """When giving up, name the suit whose pairs and families the others are least likely to
    hold: the one where this hand holds most Kings and Queens."""
    def blocking(suit: int) -> int:
        bits = (hand & SUIT_MASK[suit]) >> (suit * 2 * RANK_SLOTS)
        kings_queens = ((bits >> 10) & 3) + ((bits >> 8) & 3)
        return 2 * kings_queens + size(bits)
    return max(range(4), key=blocking)


def _kinds(packed: int, *, repeat: bool = False) -> list[int]:
    out = []
    kind = 0
    while packed:
        count = packed & 3
        if count:
            out.extend([kind] * (count if repeat else 1))
        packed >>= 2
        kind += 1
    return out


__all__ = ["LEVELS", "HeuristicBot", "Level", "level_from", "partner_holds"]
