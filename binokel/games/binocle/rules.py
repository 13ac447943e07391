"""Binocle rule sets: one frozen, keyword-only value per variant, and the named presets.

Foster's two-handed Binocle (docs/rules/binocle.md) shares its cards with Binokel but is a different
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
from ..plumbing import check_field_types, need

#: The 48-card pack: A 10 K Q J 9 (docs/rules/binocle.md §1).
BINOCLE_RANKS = (Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE)
#: The 64-card pack adds the Eights and Sevens (docs/rules/binocle.md §8).
BINOCLE_64_RANKS = (Rank.SEVEN, Rank.EIGHT, *BINOCLE_RANKS)
#: Ranks every meld needs (the sequence, binocle and four of a kind).
MELD_RANKS = (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE)

#: The Pinochle meld values (docs/rules/binocle.md §6 options):
#: ``rules.replace(**PINOCHLE_MELD_VALUES)``.
PINOCHLE_MELD_VALUES: dict[str, int] = {
    "meld_double_binocle": 300,
    "meld_eight_aces": 1000,
    "meld_eight_kings": 800,
    "meld_eight_queens": 600,
    "meld_eight_jacks": 400,
}


#: The games of the family a rule set of this engine may play.
GAMES = ("binocle", "bezique")
#: What happens when both players pass the target at the count (§7; docs/rules/bezique.md §6).
BOTH_REACH = ("play on", "higher wins")
#: Which four cards of a rank make four of a kind (docs/rules/binocle.md §6;
#: docs/rules/bezique.md §5).
FOURS = ("one of each suit", "any four")


@dataclass(frozen=True, kw_only=True, slots=True)
class BinocleRules:
    """Everything that distinguishes one Binocle variant from another (docs/rules/binocle.md
    §1-§8)."""

    name: str = "binocle"
    description: str = ("Foster's two-handed Binocle: 48 cards, 12 each, draw from the stock, "
                        "one meld per trick won, game 1000")

    # Pack and deal (§1, §2, §8)
    ranks: tuple[Rank, ...] = BINOCLE_RANKS
    hand_size: int = 12
    deal_packet: int = 4
    """Cards per packet, dealt in rounds (pone, then dealer); 0 when ``deal_packets`` lists
    the packets."""
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

    # Fields added for Bézique (docs/rules/bezique.md); their defaults are Binocle's, and a record
    # writes them only when one of them differs (see :func:`record_fields`).
    game: str = "binocle"
    """Which game of the family the rule set plays: ``binocle`` or ``bezique`` (its record's
    Game tag, its words for melds and the dix)."""
    deal_packets: str = ""
    """The packets of one deal, e.g. ``3 2 3`` (each packet to the pone, then the dealer);
    empty: rounds of ``deal_packet``."""
    points_ace: int = 11
    """Card points of an Ace taken in a trick (Bézique's brisques: 10)."""
    points_ten: int = 10
    points_king: int = 4
    points_queen: int = 3
    points_jack: int = 2
    eight_of_a_kind: bool = True
    """Eight Aces, Kings, Queens or Jacks are melds."""
    fours: str = "one of each suit"
    """Which four cards of a rank make four Aces, Kings, Queens or Jacks: ``one of each suit``
    (Binocle, docs/rules/binocle.md §6) or ``any four`` of the rank (Bézique,
    docs/rules/bezique.md §5: two of one suit will do)."""
    claims: bool = True
    """A player may claim to have reached the target (§7); off: no claims at all."""
    both_reach: str = "play on"
    """When both pass the target at the count: ``play on`` (to the target raised by
    ``target_step``) or ``higher wins`` (an exact tie plays another hand)."""

    # Derived, not set by hand.
    pack_size: int = field(init=False, repr=False, compare=False)
    deal_rounds: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """The packet sizes of one deal, in order (each to the pone, then the dealer)."""
    kind_points: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """Card points taken in tricks, by card kind (``suit * 8 + rank``)."""
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        _validate(self)
        object.__setattr__(self, "pack_size", 8 * len(self.ranks))
        object.__setattr__(self, "deal_rounds", _deal_rounds(self))
        by_rank = {Rank.ACE: self.points_ace, Rank.TEN: self.points_ten,
                   Rank.KING: self.points_king, Rank.QUEEN: self.points_queen,
                   Rank.JACK: self.points_jack}
        object.__setattr__(self, "kind_points",
                           tuple(by_rank.get(Rank(k % 8), 0) for k in range(32)))
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

    @property
    def tricks_per_hand(self) -> int:
        """Tricks in one hand: half the pack."""
        return 4 * len(self.ranks)

    @property
    def card_points_total(self) -> int:
        """Card points in the whole pack (240 at Binocle, 160 brisques at Bézique)."""
        return 2 * sum(self.kind_points[s * 8 + r] for s in range(4) for r in self.ranks)

    def replace(self, **changes: Any) -> BinocleRules:
        """A copy with some fields changed (validated again)."""
        return dataclasses.replace(self, **changes)

    def fields(self) -> dict[str, Any]:
        """Every settable field and its value, in declaration order."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.init}


def _validate(rules: BinocleRules) -> None:
    check_field_types(rules, ints_not_negative=True)
    need(all(isinstance(r, Rank) for r in rules.ranks)
         and len(set(rules.ranks)) == len(rules.ranks), "ranks", "must be distinct ranks")
    need(all(r in rules.ranks for r in MELD_RANKS), "ranks",
         "must include A 10 K Q J (the sequence needs them)")
    need(isinstance(rules.dix_rank, Rank) and rules.dix_rank in rules.ranks, "dix_rank",
         f"must be a rank of the pack, not {rules.dix_rank!r}")
    need(rules.dix_rank not in MELD_RANKS, "dix_rank",
         "must be a rank below the Jack (a card of a meld cannot be the dix)")
    need(rules.hand_size > 0, "hand_size", "must be positive")
    need(rules.game in GAMES, "game", f"must be one of {', '.join(GAMES)}, not {rules.game!r}")
    if rules.deal_packets.strip():
        packets = _packets(rules.deal_packets)
        need(packets is not None, "deal_packets",
             f"must be packet sizes such as '3 2 3', not {rules.deal_packets!r}")
        assert packets is not None
        need(sum(packets) == rules.hand_size, "deal_packets",
             f"packets {' '.join(map(str, packets))} deal {sum(packets)} cards each, but a "
             f"hand holds {rules.hand_size}")
        need(rules.deal_packet == 0, "deal_packet",
             "must be 0 when deal_packets lists the packets")
    else:
        need(rules.deal_packet > 0 and rules.hand_size % rules.deal_packet == 0,
             "deal_packet",
             f"{rules.hand_size} cards cannot be dealt in packets of {rules.deal_packet}")
    need(rules.both_reach in BOTH_REACH, "both_reach",
         f"must be one of {', '.join(repr(b) for b in BOTH_REACH)}, not {rules.both_reach!r}")
    need(rules.fours in FOURS, "fours",
         f"must be one of {', '.join(repr(f) for f in FOURS)}, not {rules.fours!r}")
    need(rules.claims or not rules.claim_automatically, "claim_automatically",
         "must be off when there are no claims (claims is off)")
    pack_size = 8 * len(rules.ranks)
    stock = pack_size - 2 * rules.hand_size - 1
    need(stock > 0, "hand_size",
         f"2 players x {rules.hand_size} cards + the trump card leave no stock "
         f"in a pack of {pack_size}")
    # Building up (§6) needs the higher meld to be worth more than the one it contains.
    builds = [("meld_royal_marriage", "meld_sequence"), ("meld_binocle", "meld_double_binocle")]
    if rules.grand_binocle:
        builds.append(("meld_binocle", "meld_grand_binocle"))
    if rules.eight_of_a_kind:
        builds += [("meld_four_aces", "meld_eight_aces"), ("meld_four_kings", "meld_eight_kings"),
                   ("meld_four_queens", "meld_eight_queens"),
                   ("meld_four_jacks", "meld_eight_jacks")]
    for low, high in builds:
        need(getattr(rules, high) > getattr(rules, low), high,
             f"must be worth more than {low} ({getattr(rules, low)}), the meld it builds on")
    need(rules.target > 0, "target", "must be positive")
    need(rules.target_step > 0, "target_step", "must be positive")


def _packets(text: str) -> tuple[int, ...] | None:
    words = text.replace(",", " ").replace("-", " ").split()
    if not words or not all(w.isdigit() and int(w) > 0 for w in words):
        return None
    return tuple(int(w) for w in words)


def _deal_rounds(rules: BinocleRules) -> tuple[int, ...]:
    if rules.deal_packet:
        return (rules.deal_packet,) * (rules.hand_size // rules.deal_packet)
    packets = _packets(rules.deal_packets)
    assert packets is not None
    return packets


#: The fields added for Bézique, with Binocle's values as their defaults.
BEZIQUE_FIELDS = ("game", "deal_packets", "points_ace", "points_ten", "points_king",
                  "points_queen", "points_jack", "eight_of_a_kind", "claims", "both_reach",
                  "fours")


def record_fields(rules: BinocleRules) -> dict[str, Any]:
    """The fields a record writes: every field, but the Bézique ones only when one of them
    differs from Binocle's default (so that Binocle records stay as they were written)."""
    values = rules.fields()
    if all(values[name] == _DEFAULTS[name] for name in BEZIQUE_FIELDS):
        for name in BEZIQUE_FIELDS:
            del values[name]
    return values


# --- presets --------------------------------------------------------------------------------

BINOCLE = BinocleRules()
_DEFAULTS = BINOCLE.fields()
BINOCLE_64 = BinocleRules(
    name="binocle-64",
    description=("Foster's two-handed Binocle with 64 cards: Sevens and Eights added, "
                 "the trump Seven is the dix"),
    ranks=BINOCLE_64_RANKS,
    dix_rank=Rank.SEVEN,
)

#: Bézique (docs/rules/bezique.md): 64 cards, 8 each dealt 3-2-3, brisques only, its own meld table.
BEZIQUE = BinocleRules(
    name="bezique",
    description=("Bézique, two-handed: 64 cards, 8 each dealt 3-2-3, the 17th turned; brisques "
                 "only, trump Seven 10, game 1000"),
    game="bezique",
    ranks=BINOCLE_64_RANKS,
    hand_size=8,
    deal_packet=0,
    deal_packets="3 2 3",
    dix_rank=Rank.SEVEN,
    points_ace=10, points_ten=10, points_king=0, points_queen=0, points_jack=0,
    meld_sequence=250,
    grand_binocle=False,
    meld_double_binocle=500,
    eight_of_a_kind=False,
    fours="any four",
    claims=False,
    both_reach="higher wins",
)
BEZIQUE_2000 = BEZIQUE.replace(
    name="bezique-2000",
    description=("Bézique, two-handed, game 2000: 64 cards, 8 each dealt 3-2-3, brisques only, "
                 "trump Seven 10"),
    target=2000,
)

#: The named rule sets of the Binocle engine (Binocle's and Bézique's).
BINOCLE_RULESETS: dict[str, BinocleRules] = {
    r.name: r for r in (BINOCLE, BINOCLE_64, BEZIQUE, BEZIQUE_2000)}


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
