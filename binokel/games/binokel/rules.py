"""Rule sets: one frozen, keyword-only value per Binokel variant, and the named presets.

The engine reads every number and duty from a :class:`Rules` value; a variant is a new value,
never a subclass.  A value that does not add up is refused with a :class:`RulesError` naming the
field.  Rule sets are registered by name here and found by name, alias or spec with
:func:`binokel.games.binokel.rulefile.find_rules`; a name may carry changes to single fields
after ``+`` signs, which is also how a changed rule set names itself.

>>> BINOKEL.min_bid, KREUZBINOKEL.teams
(150, ((0, 2), (1, 3)))
>>> "kreuzbinokel" in rule_set_names()
True
>>> Rules(name="bad", hand_size=13)
Traceback (most recent call last):
...
binokel.errors.RulesError: hand_size: 3 players x 13 cards + Dabb 4 = 43, but the pack
has 40 cards
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass, field
from typing import Any

from ...cards import Rank
from ...errors import RulesError, did_you_mean
from ..plumbing import check_field_types, need


class FirstLead(enum.Enum):
    """Who leads to the first trick of a trump game (in Durch the declarer always leads)."""

    FOREHAND = "forehand"
    DECLARER = "declarer"


BINOKEL_RANKS = (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE)
SEVENS_RANKS = (Rank.SEVEN, *BINOKEL_RANKS)


@dataclass(frozen=True, kw_only=True, slots=True)
class Rules:
    """Everything that distinguishes one Binokel variant from another (docs/rules/binokel.md
    §1-§10).

    :data:`FIELD_HELP` says what each field means; ``docs/rules.md`` explains them at length.
    """

    name: str = "binokel"
    description: str = ("Three players, 40 cards, 12 each and a Dabb of 4, bids from 150, "
                        "game to 1500")

    # Seats, pack and deal (§1, §2)
    players: int = 3
    dealer_sits_out: bool = False
    teams: tuple[tuple[int, ...], ...] = ()
    ranks: tuple[Rank, ...] = BINOKEL_RANKS
    hand_size: int = 12
    deal_packet: int = 3
    dabb_size: int = 4
    dabb_after_rounds: tuple[int, ...] = (1, 2)

    # Bidding (§3)
    min_bid: int = 150
    bid_step: int = 10
    bid_jumps: bool = False
    max_bid: int = 1500

    # Melds (§5); each value is what one meld of that name scores.
    meld_pair_plain: int = 20
    meld_pair_trump: int = 40
    meld_family_plain: int = 100
    meld_family_trump: int = 150
    meld_double_family: int = 1500
    meld_binokel: int = 40
    meld_double_binokel: int = 300
    meld_four_aces: int = 100
    meld_four_kings: int = 80
    meld_four_queens: int = 60
    meld_four_jacks: int = 40
    meld_eight_aces: int = 1000
    meld_eight_kings: int = 1000
    meld_eight_queens: int = 1000
    meld_eight_jacks: int = 1000
    meld_dissle: int = 10
    doubled_melds_twice: bool = False

    # Trick duties (§6)
    must_beat: bool = True
    beat_suit_when_trumped: bool = False
    must_undertrump: bool = True
    partner_need_not_beat: bool = False
    first_lead: FirstLead = FirstLead.FOREHAND
    last_trick_bonus: int = 10
    round_trick_points: bool = False

    # Discard, trump, giving up (§4)
    trump_before_discard: bool = False
    give_up_bonus: int = 50
    give_up_keeps_melds: bool = True

    # Durch (§8)
    durch_allowed: bool = True
    durch_value: int = 1000
    open_durch: bool = False
    open_durch_value: int = 1500
    open_durch_without_dabb: bool = False
    open_durch_without_dabb_value: int = 2000

    # Winning (§10)
    target: int = 1500
    fixed_hands: int = 0

    # Derived, not set by hand.
    pack_size: int = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        _validate(self)
        object.__setattr__(self, "pack_size", 8 * len(self.ranks))
        object.__setattr__(self, "_hash", hash(tuple(self.fields().values())))

    def __hash__(self) -> int:
        # Rules key many caches in hot loops; hashing 50 fields each time would dominate.
        return self._hash

    @property
    def active_players(self) -> int:
        """How many players take part in a hand (one fewer when the dealer sits out)."""
        return self.players - 1 if self.dealer_sits_out else self.players

    @property
    def has_sevens(self) -> bool:
        return Rank.SEVEN in self.ranks

    @property
    def has_teams(self) -> bool:
        return bool(self.teams)

    def replace(self, **changes: Any) -> Rules:
        """A copy with some fields changed (validated again).

        >>> BINOKEL.replace(name="quick", target=500).target
        500
        """
        unknown = [name for name in changes if name not in FIELD_HELP]
        if unknown:
            raise RulesError(_unknown_field_message(unknown[0]))
        return dataclasses.replace(self, **changes)

    def fields(self) -> dict[str, Any]:
        """Every settable field and its value, in declaration order."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.init}

    def play_fields(self) -> dict[str, Any]:
        """The fields that change how the game is played (all but ``name`` and ``description``)."""
        return {k: v for k, v in self.fields().items() if k not in _LABELS}


_LABELS = ("name", "description")

#: What every field of :class:`Rules` means, in one line each (shown by ``binokel rules NAME``).
FIELD_HELP: dict[str, str] = {
    "name": "the rule set's name",
    "description": "one line saying what the rule set is",
    "players": "seats at the table",
    "dealer_sits_out": "the dealer deals but does not play the hand",
    "teams": "fixed teams of seats that add their points (empty: everyone for themselves)",
    "ranks": "ranks in the pack, two copies of each card of each suit",
    "hand_size": "cards dealt to each player",
    "deal_packet": "cards per packet when dealing",
    "dabb_size": "cards in the Dabb (also how many the declarer lays away)",
    "dabb_after_rounds": "dealing rounds after which Dabb cards are dealt, equally many each time",
    "min_bid": "forehand's forced opening bid",
    "bid_step": "the amount every bid adds (or, with jumps, a multiple of it)",
    "bid_jumps": "bids may go up by any multiple of bid_step instead of exactly one step",
    "max_bid": "the highest bid the auction allows",
    "meld_pair_plain": "King and Queen of a plain suit",
    "meld_pair_trump": "King and Queen of trumps",
    "meld_family_plain": "A 10 K Q J of a plain suit",
    "meld_family_trump": "A 10 K Q J of trumps",
    "meld_double_family": "both copies of A 10 K Q J of one suit",
    "meld_binokel": "Q♠ J♦",
    "meld_double_binokel": "Q♠ Q♠ J♦ J♦",
    "meld_four_aces": "one Ace of each suit",
    "meld_four_kings": "one King of each suit",
    "meld_four_queens": "one Queen of each suit",
    "meld_four_jacks": "one Jack of each suit",
    "meld_eight_aces": "all eight Aces",
    "meld_eight_kings": "all eight Kings",
    "meld_eight_queens": "all eight Queens",
    "meld_eight_jacks": "all eight Jacks",
    "meld_dissle": "each trump Seven (Dissle), with Sevens only",
    "doubled_melds_twice": "a doubled meld scores twice its single meld instead of its own value",
    "must_beat": "a player must beat every card in the trick when able",
    "beat_suit_when_trumped": "when the trick is trumped, a follower must still beat the best "
                              "card of the suit led",
    "must_undertrump": "a player void in the suit led must trump even below a trump in the trick",
    "partner_need_not_beat": "a player need not beat the partner's winning card (teams only)",
    "first_lead": "who leads the first trick of a trump game: forehand or declarer",
    "last_trick_bonus": "points for winning the last trick",
    "round_trick_points": "trick points (with discards) are rounded to the nearest ten",
    "trump_before_discard": "trumps are named before the discard; trumps laid away are shown",
    "give_up_bonus": "what each opponent scores when the declarer gives up (plus own melds)",
    "give_up_keeps_melds": "on giving up, the opponents also score their melds",
    "durch_allowed": "the declarer may announce Durch (and, where allowed, open Durch)",
    "durch_value": "plus or minus this for a Durch",
    "open_durch": "open Durch may be announced after the discard",
    "open_durch_value": "plus or minus this for an open Durch",
    "open_durch_without_dabb": "open Durch may be announced before the Dabb is turned",
    "open_durch_without_dabb_value": "plus or minus this for an open Durch without the Dabb",
    "target": "the game ends when a player (team) reaches this total",
    "fixed_hands": "play exactly this many hands instead, highest total wins (0: play to target)",
}

#: The field groups, in the order ``binokel rules NAME`` and docs/rules.md list them.
FIELD_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("rule set", ("name", "description")),
    ("seats, pack and deal (§1, §2)", ("players", "dealer_sits_out", "teams", "ranks",
                                      "hand_size", "deal_packet", "dabb_size",
                                      "dabb_after_rounds")),
    ("bidding (§3)", ("min_bid", "bid_step", "bid_jumps", "max_bid")),
    ("discard, trump, giving up (§4)", ("trump_before_discard", "give_up_bonus",
                                        "give_up_keeps_melds")),
    ("melds (§5)", (*(n for n in FIELD_HELP if n.startswith("meld_")),
                    "doubled_melds_twice")),
    ("tricks (§6)", ("must_beat", "beat_suit_when_trumped", "must_undertrump",
                     "partner_need_not_beat", "first_lead", "last_trick_bonus",
                     "round_trick_points")),
    ("Durch (§8)", ("durch_allowed", "durch_value", "open_durch", "open_durch_value",
                    "open_durch_without_dabb", "open_durch_without_dabb_value")),
    ("winning (§10)", ("target", "fixed_hands")),
)


def _unknown_field_message(name: str) -> str:
    hint = did_you_mean(name, FIELD_HELP) or " (`binokel rules binokel` lists them)"
    return f"{name}: not a field of a Binokel rule set{hint}"


# --- validation -----------------------------------------------------------------------------

def _validate(rules: Rules) -> None:
    # Types first: everything after relies on them (and the hash needs hashable tuples).
    check_field_types(rules)
    need(isinstance(rules.first_lead, FirstLead), "first_lead",
         f"must be 'forehand' or 'declarer', not {rules.first_lead!r}")
    need(isinstance(rules.ranks, tuple) and all(isinstance(r, Rank) for r in rules.ranks)
         and len(set(rules.ranks)) == len(rules.ranks), "ranks",
         f"must be distinct ranks, not {rules.ranks!r}")
    need(all(r in rules.ranks for r in BINOKEL_RANKS), "ranks",
         "must include A, 10, K, Q and J (every meld needs them)")
    need(isinstance(rules.dabb_after_rounds, tuple)
         and all(_is_int(r) for r in rules.dabb_after_rounds), "dabb_after_rounds",
         f"must be round numbers, not {rules.dabb_after_rounds!r}")
    need(isinstance(rules.teams, tuple)
         and all(isinstance(t, tuple) and all(_is_int(s) for s in t) for t in rules.teams),
         "teams", f"must be lists of seat numbers, not {rules.teams!r}")
    need(rules.name.strip() != "", "name", "must not be empty")

    # Teams.
    if rules.teams:
        seats = [s for team in rules.teams for s in team]
        need(sorted(seats) == list(range(rules.players)), "teams",
             f"every seat 0-{rules.players - 1} must be in exactly one team, not "
             f"{[list(t) for t in rules.teams]}")
        need(len(rules.teams) >= 2, "teams", "needs at least two teams")
        sizes = sorted({len(t) for t in rules.teams})
        need(len(sizes) == 1, "teams", f"must be of equal size, not of sizes "
             f"{[len(t) for t in rules.teams]}")
        need(sizes[0] >= 2, "teams", "a team has at least two players")
        need(not rules.dealer_sits_out, "teams", "a team game cannot have the dealer sit out")
    need(rules.teams != () or not rules.partner_need_not_beat, "partner_need_not_beat",
         "only means something in a team game (teams is empty)")

    # Seats and deal.
    need(rules.players >= 2, "players", f"at least two players, not {rules.players}")
    active = rules.active_players
    need(active >= 2, "dealer_sits_out", "leaves fewer than two players in a hand")
    need(rules.hand_size > 0, "hand_size", "must be positive")
    need(rules.dabb_size >= 0, "dabb_size", "must not be negative")
    pack_size = 8 * len(rules.ranks)
    dealt = active * rules.hand_size + rules.dabb_size
    need(dealt == pack_size, "hand_size",
         f"{active} players x {rules.hand_size} cards + Dabb {rules.dabb_size} = {dealt}, "
         f"but the pack has {pack_size} cards")
    need(rules.deal_packet > 0 and rules.hand_size % rules.deal_packet == 0, "deal_packet",
         f"{rules.hand_size} cards cannot be dealt in packets of {rules.deal_packet}")
    rounds = rules.hand_size // rules.deal_packet
    if rules.dabb_size:
        need(len(rules.dabb_after_rounds) > 0, "dabb_after_rounds", "the Dabb must be dealt")
        need(rules.dabb_size % len(rules.dabb_after_rounds) == 0, "dabb_after_rounds",
             f"a Dabb of {rules.dabb_size} cannot be split evenly after rounds "
             f"{list(rules.dabb_after_rounds)}")
        need(all(1 <= r < rounds for r in rules.dabb_after_rounds)
             and list(rules.dabb_after_rounds) == sorted(set(rules.dabb_after_rounds)),
             "dabb_after_rounds", f"must be distinct rounds between 1 and {rounds - 1}, "
             f"in order, not {list(rules.dabb_after_rounds)}")

    # Bidding, values, winning.
    need(rules.min_bid > 0, "min_bid", "must be positive")
    need(rules.bid_step > 0, "bid_step", "must be positive")
    # Bids are said in tens (§3): every card and meld counts in tens, so is every bid.
    for name in ("min_bid", "bid_step", "max_bid"):
        need(getattr(rules, name) % 10 == 0, name,
             f"bids go in tens: {getattr(rules, name)} is not a multiple of 10")
    need(rules.max_bid >= rules.min_bid, "max_bid",
         f"{rules.max_bid} is below min_bid {rules.min_bid}")
    for name in FIELD_HELP:
        if name.startswith("meld_") or name in ("give_up_bonus", "last_trick_bonus"):
            need(getattr(rules, name) >= 0, name, "must not be negative")
    for name in ("durch_value", "open_durch_value", "open_durch_without_dabb_value"):
        need(getattr(rules, name) > 0, name, "must be positive")
    need(rules.durch_allowed or not rules.open_durch, "open_durch",
         "needs durch_allowed (a table without Durch has no open Durch)")
    need(rules.durch_allowed or not rules.open_durch_without_dabb, "open_durch_without_dabb",
         "needs durch_allowed (a table without Durch has no open Durch)")
    need(rules.dabb_size > 0 or not rules.open_durch_without_dabb, "open_durch_without_dabb",
         "needs a Dabb (dabb_size is 0)")
    need(rules.target > 0, "target", "must be positive")
    need(rules.fixed_hands >= 0, "fixed_hands", "must not be negative")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# --- presets --------------------------------------------------------------------------------

BINOKEL = Rules()

#: Four players, one against three (§9): 9 cards each in three packets of 3, 2 cards to the
#: Dabb after each of the first two rounds.
BINOKEL_4 = BINOKEL.replace(
    name="binokel-4",
    description="Four players, one against three: 9 cards each and a Dabb of 4",
    players=4, hand_size=9)

KREUZBINOKEL = BINOKEL_4.replace(
    name="kreuzbinokel",
    description="Four players in two teams, partners opposite: 9 cards each, team points, "
                "a team wins",
    teams=((0, 2), (1, 3)))

BINOKEL_4_DEALER_OUT = BINOKEL.replace(
    name="binokel-4-dealer-out",
    description="Four at the table, three play: the dealer sits out each hand, four scores",
    players=4, dealer_sits_out=True)

BINOKEL_SEVENS = BINOKEL.replace(
    name="binokel-sevens",
    description="With Sevens: 48 cards, 15 each, Dabb of 3; the trump Seven (Dissle) melds 10",
    ranks=SEVENS_RANKS, hand_size=15, dabb_size=3, dabb_after_rounds=(1, 2, 3))

PRESETS: tuple[Rules, ...] = (
    BINOKEL,
    BINOKEL_4,
    KREUZBINOKEL,
    BINOKEL_4_DEALER_OUT,
    BINOKEL_SEVENS,
    BINOKEL.replace(name="binokel-to-1000", description="Game to 1000 instead of 1500",
                    target=1000),
    BINOKEL.replace(name="binokel-to-2000", description="Game to 2000 instead of 1500",
                    target=2000),
    BINOKEL.replace(name="binokel-12-hands",
                    description="Exactly 12 hands (each player deals four times); the highest "
                                "total wins",
                    fixed_hands=12),
    BINOKEL.replace(name="binokel-bid-200", description="Forehand opens the auction at 200",
                    min_bid=200),
    BINOKEL.replace(name="binokel-bid-250", description="Forehand opens the auction at 250",
                    min_bid=250),
    BINOKEL.replace(name="binokel-jumps",
                    description="Bids may jump by any multiple of 10",
                    bid_jumps=True),
    BINOKEL.replace(name="binokel-open-durch",
                    description="Open Durch: face up after the discard (±1500) or without the "
                                "Dabb (±2000)",
                    open_durch=True, open_durch_without_dabb=True),
    BINOKEL.replace(name="binokel-eights-graded",
                    description="Eight Aces 1000, eight Kings 800, eight Queens 600, eight "
                                "Jacks 400",
                    meld_eight_kings=800, meld_eight_queens=600, meld_eight_jacks=400),
)

_PRESETS: dict[str, Rules] = {rules.name: rules for rules in PRESETS}

#: Other spellings people use for the rule sets (looked up after lower-casing, ``_`` to ``-``).
ALIASES: dict[str, str] = {
    "default": "binokel",
    "binokel-3": "binokel",
    "kreuz-binokel": "kreuzbinokel",
    "cross-binokel": "kreuzbinokel",
    "binokel-teams": "kreuzbinokel",
    "binokel-4-3": "binokel-4-dealer-out",
    "binokel-7": "binokel-sevens",
    "sevens": "binokel-sevens",
    "binokel-1000": "binokel-to-1000",
    "binokel-2000": "binokel-to-2000",
    "binokel-200": "binokel-bid-200",
    "binokel-250": "binokel-bid-250",
}


_generation = 0


def register_rules(rules: Rules) -> None:
    """Add a named rule set (a name with ``+`` is reserved for changed rule sets)."""
    if "+" in rules.name:
        raise RulesError(f"name: {rules.name!r} may not contain '+' (it marks changed fields)")
    global _generation
    _PRESETS[rules.name] = rules
    _generation += 1


def registry_generation() -> int:
    """A number that changes whenever a rule set is registered (keys caches of lookups)."""
    return _generation


def rule_set_names() -> list[str]:
    """The names of all registered rule sets, the default first."""
    return list(_PRESETS)


def registered_rules() -> list[Rules]:
    """All registered rule sets, the default first."""
    return list(_PRESETS.values())
