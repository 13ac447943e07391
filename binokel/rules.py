"""Rule sets: one frozen, keyword-only value per Binokel variant, and the named presets.

The engine reads every number and duty from a :class:`Rules` value; a variant is a new value,
never a subclass.  A value that does not add up is refused with a :class:`RulesError` naming the
field.

>>> find_rules("binokel").min_bid
150
>>> Rules(name="bad", hand_size=13)
Traceback (most recent call last):
...
binokel.rules.RulesError: hand_size: 3 players x 13 cards + Dabb 4 = 43, but the pack has 40 cards
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass, field
from typing import Any

from .cards import Rank


class RulesError(ValueError):
    """A rule set that does not add up; the message names the field."""


class FirstLead(enum.Enum):
    """Who leads to the first trick of a trump game (in Durch the declarer always leads)."""

    FOREHAND = "forehand"
    DECLARER = "declarer"


BINOKEL_RANKS = (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE)
SEVENS_RANKS = (Rank.SEVEN, *BINOKEL_RANKS)


@dataclass(frozen=True, kw_only=True, slots=True)
class Rules:
    """Everything that distinguishes one Binokel variant from another (binokel.md §1-§10)."""

    name: str = "binokel"
    description: str = "Three players, 40 cards, 12 each and a Dabb of 4, bids from 150, to 1500"

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

    def replace(self, **changes: Any) -> Rules:
        """A copy with some fields changed (validated again)."""
        return dataclasses.replace(self, **changes)

    def fields(self) -> dict[str, Any]:
        """Every settable field and its value, in declaration order."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.init}


def _validate(rules: Rules) -> None:
    def need(ok: bool, name: str, why: str) -> None:
        if not ok:
            raise RulesError(f"{name}: {why}")

    for f in dataclasses.fields(rules):
        if not f.init:
            continue
        value = getattr(rules, f.name)
        expected = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", "")
        if expected == "int":
            need(isinstance(value, int) and not isinstance(value, bool), f.name,
                 f"must be a whole number, not {value!r}")
        elif expected == "bool":
            need(isinstance(value, bool), f.name, f"must be true or false, not {value!r}")
        elif expected == "str":
            need(isinstance(value, str), f.name, f"must be text, not {value!r}")
    need(isinstance(rules.first_lead, FirstLead), "first_lead",
         f"must be 'forehand' or 'declarer', not {rules.first_lead!r}")
    need(len(set(rules.ranks)) == len(rules.ranks)
         and all(isinstance(r, Rank) for r in rules.ranks),
         "ranks", "must be distinct ranks")
    need(rules.players >= 2, "players", "at least two players")
    active = rules.active_players
    need(active >= 2, "dealer_sits_out", "leaves fewer than two players in a hand")
    need(rules.hand_size > 0, "hand_size", "must be positive")
    need(rules.deal_packet > 0 and rules.hand_size % rules.deal_packet == 0, "deal_packet",
         f"{rules.hand_size} cards cannot be dealt in packets of {rules.deal_packet}")
    pack_size = 8 * len(rules.ranks)
    dealt = active * rules.hand_size + rules.dabb_size
    need(dealt == pack_size, "hand_size",
         f"{active} players x {rules.hand_size} cards + Dabb {rules.dabb_size} = {dealt}, "
         f"but the pack has {pack_size} cards")
    rounds = rules.hand_size // rules.deal_packet
    if rules.dabb_size:
        need(len(rules.dabb_after_rounds) > 0, "dabb_after_rounds", "the Dabb must be dealt")
        need(rules.dabb_size % len(rules.dabb_after_rounds) == 0, "dabb_after_rounds",
             f"a Dabb of {rules.dabb_size} cannot be split evenly after rounds "
             f"{list(rules.dabb_after_rounds)}")
        need(all(1 <= r < rounds for r in rules.dabb_after_rounds)
             and list(rules.dabb_after_rounds) == sorted(set(rules.dabb_after_rounds)),
             "dabb_after_rounds", f"must be distinct rounds between 1 and {rounds - 1}")
    need(rules.min_bid > 0 and rules.bid_step > 0, "min_bid", "bids must be positive")
    need(rules.max_bid >= rules.min_bid, "max_bid", "must not be below min_bid")
    need(rules.target > 0, "target", "must be positive")
    need(rules.fixed_hands >= 0, "fixed_hands", "must not be negative")
    if rules.teams:
        seats = [s for team in rules.teams for s in team]
        need(sorted(seats) == list(range(rules.players)), "teams",
             "every seat must be in exactly one team")
        need(len({len(t) for t in rules.teams}) == 1, "teams", "teams must be of equal size")
        need(not rules.dealer_sits_out, "teams", "a team game cannot have the dealer sit out")


# --- presets --------------------------------------------------------------------------------

BINOKEL = Rules()

_PRESETS: dict[str, Rules] = {BINOKEL.name: BINOKEL}


def register_rules(rules: Rules) -> None:
    """Add a named rule set."""
    _PRESETS[rules.name] = rules


def rule_set_names() -> list[str]:
    """The names of all registered rule sets."""
    return list(_PRESETS)


def find_rules(name: str) -> Rules:
    """The rule set of a name.

    >>> find_rules("binokel").players
    3
    """
    try:
        return _PRESETS[name]
    except KeyError:
        known = ", ".join(sorted(_PRESETS))
        raise RulesError(f"unknown rule set {name!r}; known: {known}") from None
