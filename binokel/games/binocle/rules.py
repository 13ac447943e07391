"""Binocle rule sets: one frozen, keyword-only value per variant, and the named presets.

Foster's two-handed Binocle (binocle.md) shares its cards with Binokel but is a different
game: two players, a stock to draw from, one meld per trick won, and claiming 1000.  Every
number the engine uses comes from a :class:`BinocleRules` value; a value that does not add up
is refused with a :class:`~binokel.errors.RulesError` naming the field.

>>> find_binocle_rules("binocle-64").pack_size
64
>>> BinocleRules(name="bad", hand_size=10)
Traceback (most recent call last):
...
binokel.errors.RulesError: deal_packet: 10 cards cannot be dealt in packets of 4
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from ...cards import Rank
from ...errors import RulesError

#: The 48-card pack: A 10 K Q J 9 (binocle.md §1).
BINOCLE_RANKS = (Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE)
#: The 64-card pack adds the Eights and Sevens (binocle.md §8).
BINOCLE_64_RANKS = (Rank.SEVEN, Rank.EIGHT, *BINOCLE_RANKS)
#: Ranks every meld needs (the sequence, binocle and four of a kind).
MELD_RANKS = (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE)

#: The Pinochle meld values (binocle.md §6 options): ``rules.replace(**PINOCHLE_MELD_VALUES)``.
PINOCHLE_MELD_VALUES: dict[str, int] = {
    "meld_double_binocle": 300,
    "meld_eight_aces": 1000,
    "meld_eight_kings": 800,
    "meld_eight_queens": 600,
    "meld_eight_jacks": 400,
}


@dataclass(frozen=True, kw_only=True, slots=True)
class BinocleRules:
    """Everything that distinguishes one Binocle variant from another (binocle.md §1-§8)."""

    name: str = "binocle"
    description: str = ("Foster's two-handed Binocle: 48 cards, 12 each, draw from the stock, "
                        "one meld per trick won, game 1000")

    # Pack and deal (§1, §2, §8)
    ranks: tuple[Rank, ...] = BINOCLE_RANKS
    hand_size: int = 12
    deal_packet: int = 4
    dix_rank: Rank = Rank.NINE

    # Melds (§6); each value is what one meld of that name scores.
    meld_marriage: int = 20
    meld_royal_marriage: int = 40
    meld_sequence: int = 150
    meld_binocle: int = 40
    grand_binocle: bool = True
    meld_grand_binocle: int = 80
    meld_double_binocle: int = 80
    meld_four_aces: int = 100
    meld_four_kings: int = 80
    meld_four_queens: int = 60
    meld_four_jacks: int = 40
    meld_eight_aces: int = 200
    meld_eight_kings: int = 160
    meld_eight_queens: int = 120
    meld_eight_jacks: int = 80
    meld_dix: int = 10
    dix_uses_meld: bool = False
    """The dix exchange or showing counts as the one meld of the trick."""

    # Tricks and winning (§5, §7)
    last_trick_bonus: int = 10
    target: int = 1000
    target_step: int = 250
    """When both pass the target without a claim, the target goes up by this much."""
    claim_automatically: bool = False
    """Every player claims the moment the claim would be correct (no claim actions)."""

    # Derived, not set by hand.
    pack_size: int = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        _validate(self)
        object.__setattr__(self, "pack_size", 8 * len(self.ranks))
        object.__setattr__(self, "_hash", hash(tuple(self.fields().values())))

    def __hash__(self) -> int:
        # Rules key caches in hot loops; hashing every field each time would dominate.
        return self._hash

    @property
    def stock_size(self) -> int:
        """Face-down cards left after the deal and the turned trump card."""
        return 8 * len(self.ranks) - 2 * self.hand_size - 1

    @property
    def has_sevens(self) -> bool:
        return Rank.SEVEN in self.ranks

    def replace(self, **changes: Any) -> BinocleRules:
        """A copy with some fields changed (validated again)."""
        return dataclasses.replace(self, **changes)

    def fields(self) -> dict[str, Any]:
        """Every settable field and its value, in declaration order."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.init}


def _validate(rules: BinocleRules) -> None:
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
            need(value >= 0, f.name, f"must not be negative, not {value}")
        elif expected == "bool":
            need(isinstance(value, bool), f.name, f"must be true or false, not {value!r}")
        elif expected == "str":
            need(isinstance(value, str), f.name, f"must be text, not {value!r}")
    need(all(isinstance(r, Rank) for r in rules.ranks)
         and len(set(rules.ranks)) == len(rules.ranks), "ranks", "must be distinct ranks")
    need(all(r in rules.ranks for r in MELD_RANKS), "ranks",
         "must include A 10 K Q J (the sequence needs them)")
    need(isinstance(rules.dix_rank, Rank) and rules.dix_rank in rules.ranks, "dix_rank",
         f"must be a rank of the pack, not {rules.dix_rank!r}")
    need(rules.dix_rank not in MELD_RANKS, "dix_rank",
         "must be a rank below the Jack (a card of a meld cannot be the dix)")
    need(rules.hand_size > 0, "hand_size", "must be positive")
    need(rules.deal_packet > 0 and rules.hand_size % rules.deal_packet == 0, "deal_packet",
         f"{rules.hand_size} cards cannot be dealt in packets of {rules.deal_packet}")
    pack_size = 8 * len(rules.ranks)
    stock = pack_size - 2 * rules.hand_size - 1
    need(stock > 0, "hand_size",
         f"2 players x {rules.hand_size} cards + the trump card leave no stock "
         f"in a pack of {pack_size}")
    # Building up (§6) needs the higher meld to be worth more than the one it contains.
    for low, high in (("meld_royal_marriage", "meld_sequence"),
                      ("meld_binocle", "meld_double_binocle"),
                      ("meld_binocle", "meld_grand_binocle"),
                      ("meld_four_aces", "meld_eight_aces"),
                      ("meld_four_kings", "meld_eight_kings"),
                      ("meld_four_queens", "meld_eight_queens"),
                      ("meld_four_jacks", "meld_eight_jacks")):
        need(getattr(rules, high) > getattr(rules, low), high,
             f"must be worth more than {low} ({getattr(rules, low)}), the meld it builds on")
    need(rules.target > 0, "target", "must be positive")
    need(rules.target_step > 0, "target_step", "must be positive")


# --- presets --------------------------------------------------------------------------------

BINOCLE = BinocleRules()
BINOCLE_64 = BinocleRules(
    name="binocle-64",
    description=("Foster's two-handed Binocle with 64 cards: Sevens and Eights added, "
                 "the trump Seven is the dix"),
    ranks=BINOCLE_64_RANKS,
    dix_rank=Rank.SEVEN,
)

#: The named Binocle rule sets.
BINOCLE_RULESETS: dict[str, BinocleRules] = {BINOCLE.name: BINOCLE, BINOCLE_64.name: BINOCLE_64}


def find_binocle_rules(name: str) -> BinocleRules:
    """The Binocle rule set of a name.

    >>> find_binocle_rules("binocle").target
    1000
    """
    try:
        return BINOCLE_RULESETS[name]
    except KeyError:
        known = ", ".join(sorted(BINOCLE_RULESETS))
        raise RulesError(f"unknown Binocle rule set {name!r}; known: {known}") from None
