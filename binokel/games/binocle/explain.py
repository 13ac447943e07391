"""Why a Binocle action is illegal, in words a player understands (names the rule)."""

from __future__ import annotations

from ...cards import ABOVE, BITS, CARDS, RANK_SLOTS, SUIT_MASK, iter_kinds
from . import actions as A
from .hand import Phase
from .melds import (
    CLASS_C,
    CLASS_NAMES,
    NO_MELD,
    BinocleMeld,
    MeldKind,
    candidate_melds,
    is_any_four,
    meld_word,
    place_meld,
)
from .state import StateReader

#: The game's own words in refusals: Binocle melds and has a dix, Bézique declares and has a
#: trump Seven.
WORDS: dict[str, dict[str, str]] = {
    "binocle": {"meld": "meld", "melds": "melds", "to meld": "meld", "melding": "melding",
                "dix": "dix"},
    "bezique": {"meld": "declaration", "melds": "declarations", "to meld": "declare",
                "melding": "declaring", "dix": "trump Seven"},
}


def _words(state: StateReader) -> dict[str, str]:
    return WORDS.get(state.rules.game, WORDS["binocle"])


def why_illegal(state: StateReader, action: object) -> str:
    """A sentence naming the rule that forbids ``action`` in ``state``."""
    w = _words(state)
    phase = state.phase
    if phase is Phase.GAME_OVER:
        return "The game is over."
    if not isinstance(action, A.Play | A.Meld | A.ExchangeDix | A.ShowDix | A.Done | A.Claim):
        return f"Not a Binocle action: {action!r}."
    if isinstance(action, A.Claim):
        if not state.rules.claims:
            return (f"There is no claiming in this game (claims is off): the game is won by "
                    f"reaching {state.target} as points are scored, or at the count of a hand.")
        return "Claims are made automatically under these rules (claim_automatically is on)."
    if isinstance(action, A.Play):
        if phase is Phase.MELD:
            return (f"You won the trick: {w['to meld']}, exchange or show the {w['dix']}, or say "
                    f"done; then the cards are drawn.")
        return _why_card(state, action)
    if isinstance(action, A.Done):
        return f"Saying done ends {w['melding']} after a trick won; now play a card."
    if phase is not Phase.MELD:
        if not state.stock_lasts:
            return f"No {w['melds']} or {w['dix']} once the stock is exhausted."
        tricks = state.tricks
        if (tricks and tricks[-1].winner == state.to_move and not state.current_trick()
                and isinstance(action, A.Meld)):
            # The winner said done (or it was said for it, having nothing open): say why.
            reason = _meld_law(state, action)
            if reason:
                return (f"No {w['meld']} was open after your trick: "
                        f"{reason[0].lower()}{reason[1:]}")
        if isinstance(action, A.Meld):
            return (f"Only the winner of the trick just played may {w['to meld']}, "
                    f"before drawing.")
        return f"Only the winner of the trick just played may exchange or show the " \
               f"{w['dix']}, before drawing."
    if isinstance(action, A.Meld):
        return _why_meld(state, action)
    return _why_dix(state, action)


def _why_card(state: StateReader, action: A.Play) -> str:
    seat = state.to_move
    kind = action.card.kind
    card = action.card
    if action.from_table:
        if not state.stock_lasts:
            return "The melded cards went back to the hands when the stock was exhausted."
        return f"{card} is not on your table."
    hand = state.hands[seat]
    if not (hand >> (kind * BITS)) & 3:
        if (state.table_bits[seat] >> (kind * BITS)) & 3:
            return f"Your {card} lies on the table: play it as 'table {card}'."
        return f"You do not hold {card}."
    led = state.current_trick()[0][1].kind
    led_card = CARDS[led]
    follow = hand & SUIT_MASK[led // RANK_SLOTS]
    if follow:
        higher = follow & ABOVE[led]
        if higher:
            return f"You must follow suit and win the trick: you hold {_names(higher)}."
        return f"You must follow suit: you hold {_names(follow)}."
    trumps = hand & SUIT_MASK[state.trump]
    if trumps:
        return (f"You must trump: you have no {led_card.suit.symbol} "
                f"but hold {_names(trumps)}.")
    return f"{card} may not be played here."


def _why_meld(state: StateReader, action: A.Meld) -> str:
    w = _words(state)
    if state.has_melded:
        return f"Only one {w['meld']} may be scored for each trick won."
    if state.rules.dix_uses_meld and state.has_used_dix:
        return f"The {w['dix']} used up the {w['meld']} of this trick (dix_uses_meld is on)."
    return _meld_law(state, action) or f"This {w['meld']} needs at least one card from your hand."


def _meld_law(state: StateReader, action: A.Meld) -> str:
    """The law of melding (§6) that forbids the meld with the seat's cards now, or ''."""
    rules = state.rules
    meld = action.meld
    seat = state.to_move
    trump = state.trump
    w = _words(state)
    game = rules.game

    def word(kind: MeldKind) -> str:
        return meld_word(kind, game)

    this = f"this {w['meld']}"
    if meld.kind is MeldKind.MARRIAGE and meld.suit == trump:
        return f"K{trump.symbol} Q{trump.symbol} of trumps are a royal marriage."
    if meld.kind in (MeldKind.ROYAL_MARRIAGE, MeldKind.SEQUENCE) and meld.suit != trump:
        return f"A {word(meld.kind)} is in trumps ({trump.symbol})."
    if meld.kind is MeldKind.GRAND_BINOCLE and not rules.grand_binocle:
        return (f"{word(meld.kind).capitalize()} is not {_a(w['meld'])} under these rules "
                f"(grand_binocle is off).")
    if meld.kind.name.startswith("EIGHT") and not rules.eight_of_a_kind:
        return (f"Eight of a kind is not {_a(w['meld'])} under these rules "
                f"(eight_of_a_kind is off).")
    need = next((n for n in candidate_melds(trump, rules) if n.meld == meld), None)
    if need is None:
        return f"{word(meld.kind).capitalize()} is not {_a(w['meld'])} here."
    hand = state.hands[seat]
    table = state.table_cards(seat)
    if is_any_four(need, rules):
        return _four_law(need.meld, hand, table, this, w["meld"])
    combined = hand + state.table_bits[seat]
    missing = [CARDS[k] for k, copies in need.counts
               if (combined >> (k * BITS)) & 3 < copies]
    if missing:
        return f"You do not hold {' '.join(str(c) for c in missing)} for {this}."
    if not any((hand >> (k * BITS)) & 3 for k, _ in need.counts):
        return f"{this.capitalize()} needs at least one card from your hand."
    scored = state.melds[seat]
    if place_meld(need, hand, table, scored, laws=False) is None:
        return f"{this.capitalize()} needs at least one card from your hand."
    # The reuse laws are in the way: name the scored meld whose cards it would take again.
    cls = need.meld_class
    wanted = {k for k, _ in need.counts}
    labels = {e[1 + cls] for e in table if e[0] in wanted and e[1 + cls] != NO_MELD}
    name = word(meld.kind)
    if meld.kind in (MeldKind.MARRIAGE, MeldKind.ROYAL_MARRIAGE):
        name = "marriage"
    for label in sorted(labels):
        old = scored[label].meld
        if old.kind == meld.kind:
            return (f"These cards have scored {_a(name)} already: never an equal {w['meld']} "
                    f"again.")
        if old.kind in meld.kind.builds_on:
            return (f"{_a(word(meld.kind)).capitalize()} built on the {word(old.kind)} must "
                    f"take in all of its cards still on the table.")
        if old.points(rules) >= meld.points(rules) or meld.kind in old.kind.builds_on:
            return f"{_a(name).capitalize()} cannot be taken out of a scored {word(old.kind)}."
        return (f"Cards of the scored {word(old.kind)} may serve again among the "
                f"{CLASS_NAMES[cls] if game == 'binocle' else _CLASSES[cls]} only in a higher "
                f"{w['meld']} built on it.")
    if place_meld(need, hand, table, scored) is None:
        return f"{this.capitalize()} needs at least one card from your hand."
    return ""


def _four_law(meld: BinocleMeld, hand: int, table: tuple[tuple[int, int, int, int], ...],
              this: str, word: str) -> str:
    """Why any four of the rank (docs/rules/bezique.md §5) cannot be declared now, or ''."""
    rank = meld.kinds[0] % RANK_SLOTS
    kinds = {s * RANK_SLOTS + rank for s in range(4)}
    held = sum((hand >> (k * BITS)) & 3 for k in kinds)
    on_table = [e for e in table if e[0] in kinds]
    free = sum(1 for e in on_table if e[1 + CLASS_C] == NO_MELD)
    plural = meld.name.split()[-1]
    if held + len(on_table) < 4:
        return (f"You hold {held + len(on_table)} {plural}, hand and table together: {this} "
                f"needs four.")
    if not held:
        return f"{this.capitalize()} needs at least one card from your hand."
    if held + free < 4:
        return (f"These cards have scored {meld.name} already: never an equal {word} again "
                f"(another {meld.name} needs {plural} that have not served in one).")
    return ""


def why_four_cards(state: StateReader, action: A.Meld, laid: BinocleMeld) -> str:
    """Why a four of a kind named with other cards than the engine lays is refused."""
    cards = " ".join(str(c) for c in laid.cards)
    named = " ".join(str(CARDS[k]) for k in action.meld.laid)
    name = laid.name.capitalize()
    if state.rules.fours == "one of each suit":
        return (f"{name} are one card of each suit (fours is 'one of each suit'): {cards}, "
                f"not {named}.")
    return (f"{name} are laid with the fewest cards from the hand, spread over the suits: "
            f"{cards}, not {named}.")


#: Bézique's names of the three classes (docs/rules/bezique.md §5).
_CLASSES = ("marriages and sequence", "béziques", "four of a kind")


def _why_dix(state: StateReader, action: A.ExchangeDix | A.ShowDix) -> str:
    rules = state.rules
    seat = state.to_move
    dix = state.dix
    w = _words(state)
    if action.card != dix:
        if rules.game != "binocle":
            return f"Only the trump Seven, {dix}, is exchanged or shown."
        return f"The dix is the trump {rules.dix_rank.name.capitalize()}, {dix}."
    if state.has_used_dix:
        return f"Only one {w['dix']} may be exchanged or shown for each trick won."
    if rules.dix_uses_meld and state.has_melded:
        return f"The {w['meld']} used up the {w['dix']} of this trick (dix_uses_meld is on)."
    if not (state.hands[seat] >> (dix.kind * BITS)) & 3:
        return f"You do not hold {dix}."
    d = w["dix"]
    if isinstance(action, A.ExchangeDix):
        if state.deal.turned == dix.kind:
            return f"The turned card was itself the {d}: the other {d} can only be shown."
        return f"The {d} has been exchanged already: the second {d} can only be shown."
    if state.dix_shown:
        return f"The second {d} has been shown already; each {d} scores once."
    return (f"Exchange the first {d} for the turned card, {state.turned}; only the second is "
            f"shown.")


def _a(name: str) -> str:
    if name.startswith(("four", "eight")):
        return name
    return ("an " if name[0] in "aeiou" else "a ") + name


def _names(mask: int) -> str:
    return " ".join(str(CARDS[k]) for k in iter_kinds(mask))
