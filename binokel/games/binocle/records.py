"""Binocle game records: the whole game as text a person can check, in the spirit of chess PGN.

The same form as Binokel's records (:mod:`binokel.games.binokel.records`, ``docs/records.md``):
header tags
with ``[Game "Binocle"]`` and every field of the rule set, the seed's cut, then one block per
hand with the deal written out card by card (both hands, the turned trump card, the stock in
drawing order), every action in the notation of :mod:`binokel.games.binocle.actions` with its seat,
and the lines that follow from them (trick winners, melds scored, cards drawn, the hand's
score), which :func:`replay_binocle` checks.

>>> from binokel.games.binocle import new_binocle_game, apply_all
>>> state = apply_all(new_binocle_game(seed=3), ["10♣", "A♣", "meld royal marriage ♣", "done"])
>>> text = dump_binocle_record(state)
>>> for line in text.splitlines()[-8:]:
...     print(line if len(line) < 60 else line[:56] + " ...")
Hand 1: dealer 1
Cards 0: 10♣ 9♣ A♠ 10♠ Q♠ 9♠ A♥ J♥ 9♥ K♦ Q♦ J♦
Cards 1: A♣ K♣ Q♣ J♣ A♠ 10♠ K♠ 10♥ 10♥ K♥ Q♥ Q♦
Turned: 9♣ → 1 +10 (the dix)
Stock: A♦ J♥ K♥ A♣ 9♥ A♥ 9♦ 10♣ Q♠ K♦ Q♥ A♦ J♠ J♣ 10♦ J♠ ...
Trick 1: 0 10♣, 1 A♣ → 1 (21)
Meld 1: 1 meld royal marriage K♣ Q♣ → 1 +40 = 50
Draw 1: 1 A♦, 0 J♥
>>> dump_binocle_record(replay_binocle(load_binocle_record(text))) == text
True
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...cards import CARDS, Card, CardError, pack
from ...errors import NotationError, RulesError
from ...record_text import (
    CARD_TEXT,
    RESERVED_TAGS,
    RecordError,
    build_rules,
    cards_text,
    check_written,
    header_lines,
    only_record,
    parse_cards,
    parse_records,
    player_names,
    read_header,
    split_items,
)
from .. import plumbing
from . import actions as A
from .actions import BinocleAction, parse_binocle_action
from .game import BinocleState, Phase, new_binocle_game
from .hand import BinocleDeal, BinocleIllegalActionError, Ending, cut_for_deal, deal_binocle
from .melds import MeldKind, ScoredMeld, meld_word
from .rulefile import find_binocle_spec
from .rules import BINOCLE, BINOCLE_RULESETS, BinocleRules, record_fields

GAME_NAME = "Binocle"
#: The Game tag of each game this engine plays (a rule set's ``game`` field).
GAME_TAGS = {"binocle": GAME_NAME, "bezique": "Bezique"}

Key = tuple[Any, ...]
"""A derived line's key: ``("trick", 3)``, ``("melds", 0)``, ``("totals",)`` ..."""


@dataclass(frozen=True, slots=True)
class BinocleMove:
    """One written action: who, what, and where it stands in the record."""

    seat: int
    action: BinocleAction
    text: str
    line: int
    where: str
    """``trick 3`` (a card or a claim) or ``meld 3`` (after trick 3 was won)."""


@dataclass(frozen=True, slots=True)
class BinocleRecordedHand:
    """One hand block of a record, as written."""

    number: int
    """The hand's number in the record, from 1 (the engine's ``hand_no`` + 1)."""
    dealer: int
    deal: BinocleDeal
    moves: tuple[BinocleMove, ...]
    line: int
    checks: tuple[tuple[Key, str, int], ...] = ()
    """Written lines the actions decide: (key, text, line), compared on replay."""
    card_lines: dict[str, int] = field(default_factory=dict, compare=False)
    """The line of each part of the deal: ``0``, ``1``, ``turned``, ``stock``."""


@dataclass(frozen=True)
class BinocleRecord:
    """A Binocle record as read: tags, the rule set, the seed, and the hands with their
    actions."""

    rules: BinocleRules
    seed: int | str
    players: tuple[str, ...]
    first_dealer: int
    tags: dict[str, str] = field(default_factory=dict)
    """Tags other than the reserved ones (``Date``, ``Event`` ...), in written order."""
    hands: tuple[BinocleRecordedHand, ...] = ()
    result: str | None = None
    totals: str | None = None
    cut: tuple[str, int] | None = None
    """The written ``Cut`` line (its text and line number), checked against the seed."""

    game = GAME_NAME

    @property
    def actions(self) -> list[BinocleAction]:
        """Every action of the game, oldest first."""
        return [m.action for hand in self.hands for m in hand.moves]

    @property
    def deals(self) -> list[BinocleDeal]:
        """The deal of every hand, as written."""
        return [hand.deal for hand in self.hands]


# --- what a hand's actions give ----------------------------------------------------------------

@dataclass(slots=True)
class _HandLog:
    """A hand's actions grouped by line, and the lines that follow from them."""

    start: BinocleState
    parts: list[tuple[Key, list[tuple[int, BinocleAction]]]] = field(default_factory=list)
    derived: dict[Key, str] = field(default_factory=dict)


def _hand_chains(state: BinocleState) -> list[list[BinocleState]]:
    """The states of the game split by hand: each list runs from the hand's first state to the
    state after its last action (the next hand's first state when the hand was counted).

    Every dealt hand has its list, also one that ends the game as it is dealt (its turned dix
    takes the dealer to the target): its deal must be written for the end to be checked."""
    chain = list(state.states())[::-1]
    chains = [[chain[0]]]
    for prev, cur in itertools.pairwise(chain):
        chains[-1].append(cur)
        if cur.hand_no != prev.hand_no:
            chains.append([cur])
    return chains


def _log(chain: Sequence[BinocleState]) -> _HandLog:
    """Walk one hand's states: its actions by line, and every line that follows from them."""
    start = chain[0]
    rules = start.rules
    log = _HandLog(start)
    out = log.derived
    if start.deal.turned == start.dix.kind:
        out["turned",] = f"{start.dealer} +{rules.meld_dix} (the {_dix_word(rules)})"
    last_trick = rules.tricks_per_hand
    points_of = rules.kind_points
    gained = 0
    for prev, cur in itertools.pairwise(chain):
        action = cur.last_action
        assert action is not None
        seat = prev.to_move
        key: Key = (("trick", len(prev.tricks) + 1) if prev.phase is Phase.PLAY
                    else ("meld", len(prev.tricks)))
        # A winner's done with nothing to declare goes without saying (as records wrote it
        # before every winner had the step, decision binocle-06); the draw after it is written.
        implied = isinstance(action, A.Done) and prev.nothing_to_declare()
        if not implied:
            if not log.parts or log.parts[-1][0] != key:
                log.parts.append((key, []))
                gained = 0
            log.parts[-1][1].append((seat, action))
        counted = len(cur.results) != len(prev.results)
        tricks = cur.results[-1].tricks if counted else cur.tricks
        if len(tricks) > len(prev.tricks):
            trick = tricks[-1]
            points = points_of[trick.cards[0].kind] + points_of[trick.cards[1].kind]
            bonus = (f" + {rules.last_trick_bonus}"
                     if len(tricks) == last_trick and rules.last_trick_bonus else "")
            out["trick", len(tricks)] = f"{trick.winner} ({points}{bonus})"
        if prev.phase is Phase.MELD and not implied:
            gained += cur.scores[seat] - prev.scores[seat]
            out[key] = f"{seat} {gained:+d} = {cur.scores[seat]}"
        if not counted and prev.turned is not None and (
                cur.turned is None or cur.stock_size != prev.stock_size):
            # The winner drew the top card, the loser the next or, at the last, the face-up
            # trump card (the dix, if the winner has just exchanged it).
            winner = tricks[-1].winner
            stock = cur.deal.stock
            top = len(stock) - prev.stock_size
            face_up = prev.dix if isinstance(action, A.ExchangeDix) else prev.turned
            second = CARDS[stock[top + 1]] if prev.stock_size > 1 else face_up
            log.parts.append((("draw", len(tricks)), []))
            out["draw", len(tricks)] = (f"{winner} {CARD_TEXT[stock[top]]}, "
                                        f"{1 - winner} {second}")
        if counted:
            result = cur.results[-1]
            _melds_lines(out, result.melds, result.dix, _dix_word(rules))
            out["scores",] = ", ".join(
                _score_text(s, result.scores[s], sum(m.points for m in result.melds[s]),
                            result.dix[s], result.card_points[s],
                            rules.last_trick_bonus if result.last_trick == s else 0)
                for s in (0, 1))
            out["totals",] = f"0 {result.totals[0]}, 1 {result.totals[1]}"
            if cur.target != prev.target:
                out["target",] = f"both passed {prev.target}: play on to {cur.target}"
    final = chain[-1]
    if final.is_over and final.hand_no == start.hand_no:
        # (A game that ends as the next hand is dealt, by its turned dix, ends in that
        # hand's block.)
        counted = len(final.results) != len(start.results)
        if not counted:
            _melds_lines(out, final.melds, final.dix_points, _dix_word(rules))
        out["end",] = _end_text(final, _claimant(chain))
    return log


def _claimant(chain: Sequence[BinocleState]) -> int:
    """Who claimed, if the game ended by a claim (the winner for an automatic claim)."""
    final = chain[-1]
    if len(chain) > 1 and isinstance(final.last_action, A.Claim):
        return chain[-2].to_move
    return final.winner if final.winner is not None else 0


def _dix_word(rules: BinocleRules) -> str:
    return meld_word(MeldKind.DIX, rules.game)


def _melds_lines(out: dict[Key, str], melds: tuple[tuple[ScoredMeld, ...], ...],
                 dix: tuple[int, int], word: str) -> None:
    for seat in (0, 1):
        parts = [str(m) for m in melds[seat]]
        if dix[seat]:
            parts.append(f"{word} {dix[seat]}")
        total = sum(m.points for m in melds[seat]) + dix[seat]
        out["melds", seat] = f"{', '.join(parts)} = {total}" if parts else "none"


def _score_text(seat: int, score: int, melds: int, dix: int, cards: int, last: int) -> str:
    parts = [f"melds {melds}"] if melds else []
    parts += [f"dix {dix}"] if dix else []
    parts.append(f"tricks {cards}")
    parts += [f"last trick {last}"] if last else []
    return f"{seat} {score:+d} ({' + '.join(parts)})" if score else f"{seat} 0 (tricks 0)"


def _end_text(final: BinocleState, claimant: int) -> str:
    winner = final.winner
    assert winner is not None
    ending = final.ending
    target = final.target
    if ending is Ending.CLAIMED or ending is Ending.WRONG_CLAIM:
        verdict = "right" if ending is Ending.CLAIMED else "wrong"
        return (f"{claimant} claims {target} with {final.scores[claimant]} + tricks "
                f"{final.points[claimant]} = {final.claim_total(claimant)}: {verdict}; "
                f"{winner} wins")
    if ending is Ending.REACHED:
        return f"{winner} reaches {target} with {final.scores[winner]}; {winner} wins"
    if min(final.scores) >= target:
        return (f"both have passed {target} when the hand is counted, 0 with "
                f"{final.scores[0]}, 1 with {final.scores[1]}; {winner} wins with the higher")
    return (f"{winner} has {final.scores[winner]} of {target} when the hand is counted; "
            f"{winner} wins")


def _cut_text(state: BinocleState) -> str:
    pairs = ", ".join(f"0 {a} 1 {b}" for a, b in state.cut)
    first, second = state.cut[-1]
    return f"{pairs} → {0 if first.rank > second.rank else 1} cuts higher"


def _result_tag(state: BinocleState) -> str:
    if state.winner is None:
        return "*"
    return "-".join("1" if s == state.winner else "0" for s in (0, 1))


# --- writing -----------------------------------------------------------------------------------

def dump_binocle_record(state: BinocleState, *, players: Sequence[str] | None = None,
                        tags: dict[str, str] | None = None) -> str:
    """The whole game up to ``state`` as record text (ends with a newline).

    ``players`` names the two seats (default ``Seat 0``, ``Seat 1``); ``tags`` adds header tags
    such as ``Date`` or ``Event``.  Raises :class:`ValueError` for a game a record cannot hold
    (a deal, scores or target set by hand rather than from the seed).
    """
    rules = state.rules
    names = player_names(players, 2)
    chains = _hand_chains(state)
    root = chains[0][0]
    if root.deal != deal_binocle(rules, root.seed, 0, root.dealer):
        raise ValueError("the first hand was not dealt from the seed; a record holds seeded deals")
    if root.start_scores != (0, 0) or root.target != rules.target:
        raise ValueError("the game did not begin at 0 to 0 with the rule set's target; a record "
                         "holds whole games")
    lines = header_lines(GAME_TAGS[rules.game], rules, state.seed, names, tags,
                         first_dealer=root.dealer, result=_result_tag(state),
                         totals=state.scores, fields=record_fields(rules))
    lines += ["", f"Cut: {_cut_text(root)}"]
    for chain in chains:
        lines.append("")
        lines += _hand_lines(_log(chain))
    return "\n".join(lines) + "\n"


def dump_binocle_records(states: Sequence[BinocleState], *,
                         players: Sequence[str] | None = None) -> str:
    """Several games as one text, separated by blank lines."""
    return "\n".join(dump_binocle_record(s, players=players) for s in states)


_TAIL = (("melds", 0), ("melds", 1), ("scores",), ("totals",), ("target",), ("end",))


def _hand_lines(log: _HandLog) -> list[str]:
    start, out = log.start, log.derived
    deal = start.deal
    lines = [f"Hand {start.hand_no + 1}: dealer {start.dealer}"]
    lines += [f"Cards {s}: {cards_text(deal.hands[s])}" for s in (0, 1)]
    turned = f"Turned: {CARD_TEXT[deal.turned]}"
    if ("turned",) in out:
        turned += f" → {out['turned',]}"
    lines.append(turned)
    lines.append(f"Stock: {_stock_text(deal.stock)}")
    for key, moves in log.parts:
        kind, number = key
        if kind == "draw":
            lines.append(f"Draw {number}: {out[key]}")
            continue
        line = f"{kind.capitalize()} {number}: " + ", ".join(f"{s} {a}" for s, a in moves)
        if key in out:
            line += f" → {out[key]}"
        lines.append(line)
    for key in _TAIL:
        if key in out:
            label = " ".join(str(k) for k in key)
            lines.append(f"{label.capitalize()}: {out[key]}")
    return lines


# --- reading -----------------------------------------------------------------------------------

def load_binocle_records(text: str) -> list[BinocleRecord]:
    """Every record of a text (each must be a Binocle or Bézique record)."""
    return parse_records(text, parse_binocle_record,
                         " or ".join(f'[Game "{t}"]' for t in GAME_TAGS.values()))


def load_binocle_record(text: str) -> BinocleRecord:
    """The one record of a text."""
    return only_record(load_binocle_records(text), "load_binocle_records")


def parse_binocle_record(lines: list[str], first: int) -> BinocleRecord:
    """One record from its lines (``first`` is the number of its first line, for messages)."""
    tags, rule_values, body_at = read_header(lines, first)
    game = tags.get("Game")
    if game not in GAME_TAGS.values():
        raise RecordError(f'line {first}: not a Binocle record (it needs [Game "{GAME_NAME}"] '
                          f'or [Game "{GAME_TAGS["bezique"]}"])')
    rules = _parse_rules(tags.get("Rules"), rule_values, first)
    if GAME_TAGS[rules.game] != game:
        raise RecordError(f'line {first}: the record says [Game "{game}"], but its rules play '
                          f'{GAME_TAGS[rules.game]} (game = {rules.game})')
    seed = plumbing.record_seed(tags, first)
    players = plumbing.record_players(tags, first, 2, "Binocle has two")
    dealer = tags.get("FirstDealer", str(cut_for_deal(rules, seed)[1]))
    if dealer not in ("0", "1"):
        raise RecordError(f"line {first}: FirstDealer must be seat 0 or 1, not {dealer!r}")
    cut, hands = _parse_body(lines[body_at:], first + body_at, rules)
    return BinocleRecord(rules=rules, seed=seed, players=players, first_dealer=int(dealer),
                         tags={k: v for k, v in tags.items() if k not in RESERVED_TAGS},
                         hands=hands, result=tags.get("Result"), totals=tags.get("Totals"),
                         cut=cut)


def _parse_rules(name: str | None, values: dict[str, tuple[str, int]],
                 first: int) -> BinocleRules:
    """The rule set of the Rule lines; a field without one comes from the named rule set."""
    base = BINOCLE
    if name is not None:
        found = BINOCLE_RULESETS.get(name)
        if found is None:
            try:  # a spec such as binocle+target=1500
                found = find_binocle_spec(name)
            except (RulesError, ValueError):
                found = None
            if found is None and not values:
                raise RecordError(f"line {first}: unknown Binocle rule set {name!r} and no Rule "
                                  f"lines")
        base = found or BINOCLE
    fields = base.fields()
    if "game" in values and "fours" not in values:
        # Written with the Bézique fields but before ``fours`` existed: its fours of a kind
        # were one of each suit (decision bezique-02).
        fields["fours"] = "one of each suit"
    return build_rules(BinocleRules, fields, name, values, first, "Binocle ")


def _parse_body(lines: list[str], first: int, rules: BinocleRules
                ) -> tuple[tuple[str, int] | None, tuple[BinocleRecordedHand, ...]]:
    cut: tuple[str, int] | None = None

    def take_cut(line: str, n: int) -> bool:
        """The one Cut line before the first hand."""
        nonlocal cut
        label, _, text = line.partition(":")
        if label != "Cut" or cut is not None:
            return False
        cut = (text.strip(), n)
        return True

    blocks = plumbing.hand_blocks(lines, first, take_cut)
    return cut, tuple(_parse_hand(block, number, rules)
                      for number, block in enumerate(blocks, 1))


def _parse_hand(block: list[tuple[int, str]], number: int,
                rules: BinocleRules) -> BinocleRecordedHand:
    """One hand block: its deal, its actions with their seats, and the lines to check."""
    (at, head), *rest = block
    words = head.replace(":", "").split()
    if (len(words) != 4 or words[0] != "Hand" or words[2] != "dealer"
            or words[3] not in ("0", "1") or not words[1].isdigit()):
        raise RecordError(f"line {at}: expected 'Hand {number}: dealer N', found {head!r}")
    if int(words[1]) != number:
        raise RecordError(f"line {at}: hand {words[1]} follows hand {number - 1}")

    def fail(n: int, message: str) -> RecordError:
        return RecordError(f"line {n}: hand {number}: {message}")

    def seated(item: str, n: int, where: str) -> BinocleMove:
        seat, _, text = item.partition(" ")
        text = text.strip()
        if not text:
            raise fail(n, f"{item!r} in {where} is not 'seat action'")
        if seat not in ("0", "1"):
            raise fail(n, f"there is no seat {seat!r}")
        try:
            action = parse_binocle_action(text)
        except NotationError as exc:
            raise fail(n, f"{where}: {exc}") from None
        return BinocleMove(seat=int(seat), action=action, text=text, line=n, where=where)

    def cards(text: str, n: int) -> list[Card]:
        try:
            return parse_cards(text)
        except CardError as exc:
            raise fail(n, str(exc)) from None

    hands = [0, 0]
    turned: int | None = None
    stock: tuple[int, ...] | None = None
    card_lines: dict[str, int] = {}
    moves: list[BinocleMove] = []
    checks: list[tuple[Key, str, int]] = []
    tricks = 0
    for n, line in rest:
        label, _, text = line.partition(":")
        word, _, arg = label.partition(" ")
        text = text.strip()
        written, arrow, outcome = text.partition("→")
        if word == "Cards" and arg in ("0", "1"):
            try:
                hands[int(arg)] = pack(cards(text, n))
            except CardError as exc:
                raise fail(n, str(exc)) from None
            card_lines[arg] = n
        elif word == "Turned" and not arg:
            found = cards(written, n)
            if len(found) != 1:
                raise fail(n, f"the turned card is one card, not {written.strip()!r}")
            turned = found[0].kind
            card_lines["turned"] = n
            if arrow:
                checks.append((("turned",), outcome.strip(), n))
        elif word == "Stock" and not arg:
            stock = tuple(c.kind for c in cards(text, n))
            card_lines["stock"] = n
        elif word in ("Trick", "Meld", "Draw") and arg.isdigit():
            k = int(arg)
            if word == "Trick":
                if k != tricks + 1:
                    raise fail(n, f"trick {k} follows trick {tricks}")
                tricks = k
            elif k != tricks:
                raise fail(n, f"{word.lower()} {k} after trick {tricks}: write it after trick "
                              f"{k}")
            if word == "Draw":
                checks.append((("draw", k), text, n))
                continue
            where = f"{word.lower()} {k}"
            moves += [seated(item, n, where) for item in split_items(written)]
            if arrow:
                checks.append(((word.lower(), k), outcome.strip(), n))
        elif word == "Melds" and arg in ("0", "1"):
            checks.append((("melds", int(arg)), text, n))
        elif word in ("Scores", "Totals", "Target", "End") and not arg:
            checks.append(((word.lower(),), text, n))
        else:
            raise fail(n, f"cannot read the line {line!r}")
    for part, what in (("0", "seat 0's cards are"), ("1", "seat 1's cards are"),
                       ("turned", "the turned card is"), ("stock", "the stock is")):
        if part not in card_lines:
            raise fail(at, f"{what} not written out")
    assert turned is not None and stock is not None
    return BinocleRecordedHand(number=number, dealer=int(words[3]),
                               deal=BinocleDeal((hands[0], hands[1]), turned, stock),
                               moves=tuple(moves), line=at, checks=tuple(checks),
                               card_lines=card_lines)


# --- replaying ---------------------------------------------------------------------------------

def replay_binocle(record: BinocleRecord) -> BinocleState:
    """Re-apply every action of ``record`` from its seed and check what it says on the way.

    Checks the cut, each hand's dealer and written deal against the seed's, each action against
    the rules and every written line that follows from the actions (trick winners, melds scored,
    cards drawn, scores, totals, the end, the Result and Totals tags).  Returns the state at the
    end of the record (resumable when the game is not over); raises :class:`RecordError` naming
    the line, the hand, the action and the rule.
    """
    rules = record.rules
    state = new_binocle_game(rules, record.seed, dealer=record.first_dealer)
    if record.cut is not None:
        text, n = record.cut
        if " ".join(text.split()) != _cut_text(state):
            raise RecordError(f"line {n}: the record writes the cut '{text}', but the seed "
                              f"cuts '{_cut_text(state)}'")
    count = 0
    for hand in record.hands:
        where = f"line {hand.line}: hand {hand.number}"
        plumbing.check_hand_start(where, state.is_over and state.hand_no != hand.number - 1,
                                  state.hand_no, hand.number)
        _check_deal(hand, state, where)
        chain = [state]
        for move in hand.moves:
            count += 1
            position = f"action {count} ({move.where}, seat {move.seat} '{move.text}')"
            if move.where.startswith("trick") and state.nothing_to_declare():
                state = state.apply(A.DONE)  # written without its done (decision binocle-06)
                chain.append(state)
            if len(chain) > 1 and (len(state.results) != len(chain[0].results)
                                   or state.is_over):
                raise RecordError(f"line {move.line}: hand {hand.number}, {position}: the hand "
                                  f"is already over")
            part = (f"trick {len(state.tricks) + 1}" if state.phase is Phase.PLAY
                    else f"meld {len(state.tricks)}")
            if state.phase is Phase.GAME_OVER:
                part = "the end"
            if part != move.where:
                raise RecordError(f"line {move.line}: hand {hand.number}, {position}: written on "
                                  f"the {move.where.capitalize()} line, but the hand is at "
                                  f"{part}")
            try:
                state = state.apply(move.action, seat=move.seat)
            except BinocleIllegalActionError as exc:
                raise RecordError(f"line {move.line}: hand {hand.number}, {position}: {exc}"
                                  ) from None
            chain.append(state)
        if state.nothing_to_declare() and any(
                key == ("draw", len(state.tricks)) for key, _, _ in hand.checks):
            # The hand's last written trick was won with nothing to declare and drawn after.
            state = state.apply(A.DONE)
            chain.append(state)
        check_written(hand.number, hand.checks, _log(chain).derived)
    if record.hands and state.hand_no != record.hands[-1].number - 1:
        # The actions dealt a hand the record does not write (its deal decides the end, or
        # where the game goes on): nobody could check what follows from it.
        raise RecordError(f"hand {state.hand_no + 1} is dealt after the last hand written "
                          f"(hand {record.hands[-1].number}), but the record has no block for "
                          f"it: its deal, turned card and stock are not written")
    plumbing.check_end_tags(record.result, record.totals, _result_tag(state), state.scores)
    return state


def _check_deal(hand: BinocleRecordedHand, state: BinocleState, where: str) -> None:
    plumbing.check_dealer(hand.dealer, state.dealer, where)
    dealt, written = state.deal, hand.deal
    parts = (("0", "seat 0's cards are", cards_text(written.hands[0]),
              cards_text(dealt.hands[0])),
             ("1", "seat 1's cards are", cards_text(written.hands[1]),
              cards_text(dealt.hands[1])),
             ("turned", "the turned card is", CARD_TEXT[written.turned],
              CARD_TEXT[dealt.turned]),
             ("stock", "the stock is", _stock_text(written.stock), _stock_text(dealt.stock)))
    for part, what, mine, theirs in parts:
        if mine != theirs:
            line = hand.card_lines.get(part, hand.line)
            raise RecordError(f"line {line}: hand {hand.number}: {what} written as [{mine}] "
                              f"but the seed deals [{theirs}]")


def _stock_text(kinds: Sequence[int]) -> str:
    return " ".join(CARD_TEXT[k] for k in kinds)


__all__ = [
    "GAME_NAME", "BinocleMove", "BinocleRecord", "BinocleRecordedHand", "RecordError",
    "dump_binocle_record", "dump_binocle_records", "load_binocle_record", "load_binocle_records",
    "parse_binocle_record", "replay_binocle",
]
