"""Checking and scoring a Binokel hand entered at a real table (docs/rules/binokel.md §3-§10).

Scores come from the engine's own :func:`~binokel.games.binokel.scoring.score_hand` and
:func:`~binokel.games.binokel.scoring.game_winners`, melds from its meld calculator
(:func:`~binokel.games.binokel.melds.find_melds`); this module only checks what the table says
and arranges it for them.

>>> from binokel.games.binokel.rules import BINOKEL
>>> from binokel.cards import Suit
>>> hand = BinokelHand(declarer=0, bid=300, trump=Suit.HEARTS, melds=(190, 0, 0),
...                    side_points=(128, 80, None))
>>> score(BINOKEL, hand, Before(totals=(0, 0, 0), dealer=2, hands_played=0, target=1500)).scores
(318, 80, 42)
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Sequence

from ..cards import Card, CardError, Rank, Suit, pack
from ..games.binokel.melds import Meld, find_melds, meld_total
from ..games.binokel.rules import Rules
from ..games.binokel.scoring import Contract, game_winners, pack_points, score_hand, side_of
from ..games.binokel.state import active_seats
from .entries import BinokelHand, MeldEntry
from .errors import PadError
from .scored import Before, Scored


def sides(rules: Rules, dealer: int, declarer: int) -> tuple[tuple[int, ...], ...]:
    """The sides of a hand, the declarer's first, then the others in seat order; each holds
    its seats that play the hand.

    >>> from binokel.games.binokel.rules import KREUZBINOKEL, BINOKEL
    >>> sides(KREUZBINOKEL, 0, 1), sides(BINOKEL, 0, 2)
    (((1, 3), (0, 2)), ((2,), (0,), (1,)))
    """
    active = set(active_seats(rules, dealer))
    out = [tuple(s for s in side_of(rules, declarer) if s in active)]
    for seat in range(rules.players):
        side = tuple(s for s in side_of(rules, seat) if s in active)
        if seat in active and side not in out:
            out.append(side)
    return tuple(out)


def hand_points(rules: Rules) -> int:
    """Card points in the pack plus the last trick: what a hand's tricks add up to (250)."""
    return pack_points(rules)


def meld_breakdown(rules: Rules, cards: Sequence[Card], trump: Suit | None) -> tuple[Meld, ...]:
    """The melds the calculator finds in the cards a player showed."""
    return find_melds(cards, trump, rules)


@functools.cache
def possible_meld_totals(rules: Rules, trump: Suit, hand_size: int) -> frozenset[int]:
    """Every meld total a hand of ``hand_size`` cards can show with ``trump`` (§5).

    Melds count kind by kind and a card may serve in several kinds; each choice of a kind's
    melds (per suit: a pair, two pairs, a family, family and pair, a double family; one or
    two Binokels; four or eight of a rank; the Dissles) is valued by the meld calculator, and
    a combination is possible when the cards it needs fit in one hand.

    >>> from binokel.games.binokel.rules import BINOKEL
    >>> totals = possible_meld_totals(BINOKEL, Suit.HEARTS, 12)
    >>> 0 in totals, 10 in totals, 20 in totals, 190 in totals, 5000 in totals
    (True, False, True, True, False)
    """
    family = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
    one, two = dict.fromkeys(family, 1), dict.fromkeys(family, 2)
    suit_options: tuple[dict[Rank, int], ...] = (
        {}, {Rank.KING: 1, Rank.QUEEN: 1}, {Rank.KING: 2, Rank.QUEEN: 2}, one,
        {**one, Rank.KING: 2, Rank.QUEEN: 2}, two)

    def value(counts: dict[tuple[Suit, Rank], int]) -> int:
        cards = [Card(suit, rank) for (suit, rank), n in counts.items() for _ in range(n)]
        return meld_total(find_melds(cards, trump, rules))

    suit_values = {suit: [value({(suit, r): n for r, n in opt.items()}) for opt in suit_options]
                   for suit in Suit}
    binokel_cards = ((Suit.SPADES, Rank.QUEEN), (Suit.DIAMONDS, Rank.JACK))
    four = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)
    rank_values = {(rank, n): value({(s, rank): n for s in Suit}) for rank in four
                   for n in range(3)}
    found: set[int] = set()
    for binokels in range(3):
        binokel_value = value(dict.fromkeys(binokel_cards, binokels))
        for ranks in itertools.product(range(3), repeat=4):
            need = dict(zip(four, ranks, strict=True))
            rank_value = sum(rank_values[rank, n] for rank, n in need.items())
            best: dict[int, int] = {binokel_value + rank_value: 0}  # points -> fewest cards
            for suit in Suit:
                floor = [max(need.get(r, 0), binokels if (suit, r) in binokel_cards else 0)
                         for r in family]
                step: dict[int, int] = {}
                for option, points in zip(suit_options, suit_values[suit], strict=True):
                    cost = sum(max(option.get(r, 0), low)
                               for r, low in zip(family, floor, strict=True))
                    room = hand_size - cost
                    for total, cards in best.items():
                        if cards <= room:
                            key = total + points
                            if cards + cost < step.get(key, 99):
                                step[key] = cards + cost
                best = step
            sevens = range(3) if rules.has_sevens else range(1)
            for total, cards in best.items():
                found.update(total + n * rules.meld_dissle for n in sevens
                             if cards + n <= hand_size)
    return frozenset(found)


def meld_points(rules: Rules, entry: MeldEntry, trump: Suit | None, name: str) -> int:
    """The points of one player's melds as entered, checked (§5)."""
    if entry is None:
        return 0
    if isinstance(entry, int):
        if entry < 0 or entry % 10:
            raise PadError(f"{name}'s melds: {entry} is not a meld total; melds count in tens "
                           f"(§5)")
        if trump is not None and entry not in possible_meld_totals(rules, trump,
                                                                   rules.hand_size):
            raise PadError(f"{name}'s melds: no hand of {rules.hand_size} cards melds {entry} "
                           f"with {trump.symbol} trumps in this pack (§5)")
        return entry
    if len(entry) > rules.hand_size:
        raise PadError(f"{name}'s melds: {len(entry)} cards, but a hand holds "
                       f"{rules.hand_size} (§2)")
    strangers = sorted({str(c) for c in entry if c.rank not in rules.ranks})
    if strangers:
        raise PadError(f"{name}'s melds: {' '.join(strangers)} is not in this pack (§1)")
    try:
        return meld_total(find_melds(entry, trump, rules))
    except CardError:
        raise PadError(f"{name}'s melds: the pack holds two of each card, no more (§1)"
                       ) from None


def _check_pack(rules: Rules, melds: Sequence[MeldEntry], names: Sequence[str]) -> None:
    """Cards shown by all players together hold no card more than twice."""
    shown = [c for entry in melds if isinstance(entry, tuple) for c in entry]
    try:
        pack(shown)
    except CardError:
        counts = {str(c): sum(1 for d in shown if d == c) for c in shown}
        extra = sorted(text for text, n in counts.items() if n > 2)
        raise PadError(f"melds: {', '.join(extra)} shown more than twice, but the pack holds "
                       f"two of each card (§1)") from None


def check_declarer(rules: Rules, declarer: int, dealer: int, names: Sequence[str]) -> None:
    """A declarer who plays the hand (not the dealer sitting out)."""
    if not 0 <= declarer < rules.players:
        raise PadError(f"declarer: seat {declarer} is not at this table of {rules.players}")
    if declarer not in active_seats(rules, dealer):
        raise PadError(f"{names[declarer]} dealt and sits this hand out "
                       f"(dealer_sits_out): the dealer cannot be the declarer")


def check(rules: Rules, hand: BinokelHand, dealer: int, names: Sequence[str]) -> BinokelHand:
    """The hand with derived trick points filled in; :class:`PadError` naming the rule if the
    table's report cannot be right."""
    n = rules.players
    active = active_seats(rules, dealer)
    check_declarer(rules, hand.declarer, dealer, names)
    check_bid(rules, hand.bid)
    check_contract(rules, hand.contract, hand.trump)
    if len(hand.melds) != n:
        raise PadError(f"melds: one entry per seat ({n}), not {len(hand.melds)}")
    declaring = sides(rules, dealer, hand.declarer)[0]
    for seat, entry in enumerate(hand.melds):
        if seat not in active and entry not in (None, 0):
            raise PadError(f"{names[seat]} sits this hand out and has no melds")
        points = meld_points(rules, entry, hand.trump, names[seat])
        if hand.contract.is_durch and points:
            raise PadError(f"{names[seat]}'s melds: nobody melds in a Durch (§8)")
        if hand.contract is Contract.GIVE_UP and seat in declaring and points:
            raise PadError(f"{names[seat]}'s melds: the declarer's side does not meld when "
                           f"the declarer gives up (§4)")
    _check_pack(rules, hand.melds, names)
    strangers = sorted(hand.no_trick - set(active))
    if strangers:
        raise PadError(f"no trick: seat {strangers[0]} does not play this hand")
    # Melds of every seat that plays written out (0 when none were said).
    melds = tuple((0 if m is None else m) if s in active else None
                  for s, m in enumerate(hand.melds))
    hand = dataclasses.replace(hand, melds=melds)
    if hand.contract is not Contract.TRUMP:
        if hand.contract is Contract.GIVE_UP and hand.no_trick:
            raise PadError("no trick: nobody plays a trick when the declarer gives up (§4)")
        if hand.side_points:
            raise PadError(f"trick points: none are counted in {hand.contract.value} (§4, §8)")
        return hand
    return _with_side_points(rules, hand, dealer, names)


def check_bid(rules: Rules, bid: int) -> None:
    """A bid the auction allows (§3), or :class:`PadError` naming the field."""
    if bid < rules.min_bid:
        raise PadError(f"bid {bid}: the lowest bid is {rules.min_bid} (min_bid, §3)")
    if bid > rules.max_bid:
        raise PadError(f"bid {bid}: the highest bid is {rules.max_bid} (max_bid, §3)")
    if (bid - rules.min_bid) % rules.bid_step:
        raise PadError(f"bid {bid}: bids go up by {rules.bid_step} from {rules.min_bid} "
                       f"(bid_step, §3)")


def check_contract(rules: Rules, contract: Contract, trump: Suit | None) -> None:
    """A contract the rule set allows with a trump suit where it needs one (§4, §8)."""
    allowed = {
        Contract.DURCH: (rules.durch_allowed, "durch_allowed"),
        Contract.OPEN_DURCH: (rules.durch_allowed and rules.open_durch, "open_durch"),
        Contract.OPEN_DURCH_NO_DABB: (rules.durch_allowed and rules.open_durch_without_dabb,
                                      "open_durch_without_dabb"),
    }
    ok, field = allowed.get(contract, (True, ""))
    if not ok:
        raise PadError(f"{contract.value}: not played under these rules ({field} is off, §8)")
    if contract.is_durch and trump is not None:
        raise PadError(f"{contract.value}: a Durch has no trumps (§8)")
    if not contract.is_durch and trump is None:
        if contract is Contract.GIVE_UP:
            raise PadError("trump: giving up names the suit it goes out in (§4)")
        raise PadError("trump: the declarer names trumps (§4)")


def check_trick_points(total: int, given: Sequence[int], *, every_side: bool) -> None:
    """Refuse trick points that cannot be a hand's: each side's between 0 and ``total``;
    ``every_side``: they add up to ``total``; else they leave a side 0 or more (§1)."""
    bad = [p for p in given if not 0 <= p <= total]
    if bad:
        raise PadError(f"trick points: {bad[0]} is not between 0 and {total}")
    added = f"{' + '.join(map(str, given))} = {sum(given)}"
    if every_side and sum(given) != total:
        raise PadError(f"trick points: {added}, but a hand's tricks add up to {total} with the "
                       f"last trick (§1)")
    if not every_side and sum(given) > total:
        raise PadError(f"trick points: {added} is more than the {total} a hand holds with the "
                       f"last trick (§1)")


def _with_side_points(rules: Rules, hand: BinokelHand, dealer: int,
                      names: Sequence[str]) -> BinokelHand:
    parts = sides(rules, dealer, hand.declarer)
    total = hand_points(rules)
    if len(hand.side_points) != len(parts):
        raise PadError(f"trick points: one number per side ({len(parts)}), not "
                       f"{len(hand.side_points)}")
    missing = [i for i, p in enumerate(hand.side_points) if p is None]
    if len(missing) > 1:
        raise PadError("trick points: all but one side's must be given; the last is derived")
    given = [p for p in hand.side_points if p is not None]
    check_trick_points(total, given, every_side=not missing)
    points = list(hand.side_points)
    if missing:
        points[missing[0]] = total - sum(given)
    if set(active_seats(rules, dealer)) <= hand.no_trick:
        raise PadError("no trick: someone took the last trick")
    for index, side in enumerate(parts[1:], start=1):
        if set(side) <= hand.no_trick and points[index]:
            who = " and ".join(names[s] for s in side)
            raise PadError(f"trick points: {who} took no trick but {points[index]} points "
                           f"are entered for them")
    return dataclasses.replace(hand, side_points=tuple(points))


def score(rules: Rules, hand: BinokelHand, before: Before,
          names: Sequence[str] | None = None) -> Scored:
    """Check and score one hand with the engine's scoring (§4, §7, §8) and decide the game
    (§10)."""
    seats = list(names) if names is not None else [f"seat {s}" for s in range(rules.players)]
    return score_checked(rules, check(rules, hand, before.dealer, seats), before, seats)


def score_checked(rules: Rules, hand: BinokelHand, before: Before,
                  names: Sequence[str] | None = None) -> Scored:
    """:func:`score` of a hand :func:`check` has already passed (and filled in)."""
    seats = list(names) if names is not None else [f"seat {s}" for s in range(rules.players)]
    active = active_seats(rules, before.dealer)
    melds = [meld_points(rules, entry, hand.trump, seats[i]) for i, entry in
             enumerate(hand.melds)]
    trick_points = [0] * rules.players
    if hand.contract is Contract.TRUMP:
        for side, points in zip(sides(rules, before.dealer, hand.declarer), hand.side_points,
                                strict=True):
            trick_points[side[0]] = points or 0
    tricks_won = [0 if s in hand.no_trick or s not in active else 1
                  for s in range(rules.players)]
    if hand.contract is Contract.GIVE_UP:
        tricks_won = [0] * rules.players
    scores, counted = score_hand(
        rules, active=active, declarer=hand.declarer, bid=hand.bid, contract=hand.contract,
        meld_points=melds, tricks_won=tricks_won, trick_points=trick_points, discard_points=0)
    totals = tuple(t + s for t, s in zip(before.totals, scores, strict=True))
    winners = game_winners(rules, totals, declarer=hand.declarer,
                           hands_played=before.hands_played + 1)
    return Scored(scores=scores, totals=totals, meld_points=counted, winners=winners,
                  target=rules.target, note=_note(rules, hand, scores, seats))


def _note(rules: Rules, hand: BinokelHand, scores: Sequence[int], names: Sequence[str]) -> str:
    who = names[hand.declarer]
    got = scores[hand.declarer]
    if hand.contract is Contract.GIVE_UP:
        return f"{who} gave up: {got}, the others {rules.give_up_bonus} and their melds"
    if hand.contract.is_durch:
        return f"{who}'s {hand.contract.value} {'won' if got > 0 else 'lost'}: {got:+d}"
    if got > 0:
        return f"{who} made {got} of {hand.bid}"
    return f"{who} missed the bid {hand.bid}: {got} (twice the bid)"


__all__ = ["check", "check_bid", "check_contract", "check_declarer", "check_trick_points",
           "hand_points",
           "meld_breakdown", "meld_points", "possible_meld_totals", "score", "score_checked",
           "sides"]
