"""Game records: a readable text form of a whole game, in the spirit of chess PGN.

A record is the rule set (every field), the seed, and every action in the short notation of
:mod:`binokel.games.binokel.actions`, with each hand's deal written out card by card and each
hand's result,
so that a person can check a game without the program.  ``docs/records.md`` describes the
format with a complete example.

* :func:`dump_record` writes a game (finished or not) as text;
* :func:`load_record` / :func:`load_records` read one record / a file of several;
* :func:`replay` re-applies every action from the seed, checks every written deal and result,
  and returns the state at the end of the record, so a partial record resumes the game.

>>> from binokel import new_game, apply_all
>>> state = apply_all(new_game(seed=3), ["160", "pass", "pass"])
>>> text = dump_record(state)
>>> text.splitlines()[:3]
['[Game "Binokel"]', '[Rules "binokel"]', '[Seed "3"]']
>>> [line for line in text.splitlines() if line.startswith(("Hand", "Dabb", "Auction"))]
['Hand 1: dealer 0', 'Dabb: A♠ K♠ Q♠ A♦', 'Auction: 1 150, 2 160, 1 pass, 0 pass']
>>> dump_record(replay(load_record(text))) == text
True
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...cards import CARD_POINTS, CardError, pack
from ...errors import NotationError
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
    split_records,
)
from .. import plumbing
from .actions import Action, parse_action
from .game import Deal, GameState, IllegalActionError, Phase, deal_hand, first_dealer, new_game
from .melds import Meld
from .rulefile import find_rules
from .rules import Rules
from .scoring import Contract, HandResult, side_of
from .tricks import Trick

GAME_NAME = "Binokel"


@dataclass(frozen=True, slots=True)
class Move:
    """One written action: who, what, and where it stands in the record."""

    seat: int
    action: Action
    text: str
    line: int
    where: str
    """Where in the hand, for messages: ``auction``, ``declarer`` or ``trick 3``."""


@dataclass(frozen=True, slots=True)
class RecordedHand:
    """One hand block of a record, as written."""

    number: int
    """The hand's number in the record, from 1 (the engine's ``hand_no`` + 1)."""
    dealer: int
    deal: Deal
    moves: tuple[Move, ...]
    line: int
    checks: tuple[tuple[tuple[Any, ...], str, int], ...] = ()
    """Written lines the actions decide: (key, text, line), compared on replay."""
    card_lines: dict[int, int] = field(default_factory=dict, compare=False)
    """The line of each seat's cards (the Dabb's under the number of seats)."""


@dataclass(frozen=True)
class Record:
    """A game record as read: tags, the rule set, the seed, and the hands with their actions."""

    rules: Rules
    seed: int | str
    players: tuple[str, ...]
    first_dealer: int
    tags: dict[str, str] = field(default_factory=dict)
    """Tags other than the reserved ones (``Date``, ``Event`` ...), in written order."""
    hands: tuple[RecordedHand, ...] = ()
    result: str | None = None
    totals: str | None = None

    @property
    def actions(self) -> list[Action]:
        """Every action of the game, oldest first."""
        return [m.action for hand in self.hands for m in hand.moves]

    @property
    def deals(self) -> list[Deal]:
        """The deal of every hand, as written."""
        return [hand.deal for hand in self.hands]


# --- writing ---------------------------------------------------------------------------------

def dump_record(state: GameState, *, players: Sequence[str] | None = None,
                tags: dict[str, str] | None = None) -> str:
    """The whole game up to ``state`` as record text (ends with a newline).

    ``players`` names the seats (default ``Seat 0`` ...); ``tags`` adds header tags such as
    ``Date`` or ``Event``.  Raises :class:`ValueError` for names or tags a record cannot hold.
    (Every game's records: :func:`binokel.games.dump_record`.)
    """
    rules = state.rules
    names = player_names(players, rules.players)
    logs = _hand_logs(state)
    root = logs[0].start
    if root.deal != deal_hand(rules, state.seed, 0, root.dealer):
        raise ValueError("the first hand was not dealt from the seed; a record holds seeded deals")
    lines = header_lines(GAME_NAME, rules, state.seed, names, tags, first_dealer=root.dealer,
                         result=_result_tag(state), totals=state.scores)
    for log in logs:
        lines.append("")
        lines += _hand_lines(state, log)
    return "\n".join(lines) + "\n"


def dump_records(states: Iterable[GameState], *, players: Sequence[str] | None = None) -> str:
    """Several games as one text, separated by blank lines (read by :func:`load_records`)."""
    return "\n".join(dump_record(s, players=players) for s in states)


@dataclass(slots=True)
class _HandLog:
    start: GameState
    auction: list[tuple[int, Action]] = field(default_factory=list)
    declarer: list[tuple[int, Action]] = field(default_factory=list)
    tricks: list[list[tuple[int, Action]]] = field(default_factory=list)


def _hand_logs(state: GameState) -> list[_HandLog]:
    """The actions of the game split by hand and by part of the hand, oldest first."""
    chain = list(state.states())[::-1]
    logs = [_HandLog(chain[0])]
    for prev, cur in itertools.pairwise(chain):
        assert cur.last_action is not None
        log, step = logs[-1], (prev.to_move, cur.last_action)
        if prev.phase is Phase.AUCTION:
            log.auction.append(step)
        elif prev.phase is Phase.PLAY:
            if len(log.tricks) == len(prev.tricks):
                log.tricks.append([])
            log.tricks[-1].append(step)
        else:
            log.declarer.append(step)
        if cur.hand_no != prev.hand_no:
            logs.append(_HandLog(cur))
    return logs


def _hand_lines(state: GameState, log: _HandLog) -> list[str]:
    start = log.start
    lines = [f"Hand {start.hand_no + 1}: dealer {start.dealer}"]
    lines += [f"Cards {s}: {cards_text(start.deal.hands[s])}" for s in sorted(start.active)]
    if state.rules.dabb_size:
        lines.append(f"Dabb: {cards_text(start.deal.dabb)}")
    derived = _derived(state, start)
    lines.append("Auction: " + ", ".join([derived["opening",]]
                                         + [f"{s} {a}" for s, a in log.auction]))
    if log.declarer:
        seat = log.declarer[0][0]
        lines.append(f"Declarer {seat}: " + ", ".join(str(a) for _, a in log.declarer))
    lines += [f"Melds {seat}: {derived['melds', seat]}" for seat in sorted(start.active)
              if ("melds", seat) in derived]
    for i, trick in enumerate(log.tricks, 1):
        line = f"Trick {i}: " + ", ".join(f"{s} {a}" for s, a in trick)
        if ("trick", i) in derived:
            line += f" → {derived['trick', i]}"
        lines.append(line)
    lines += [f"{k.capitalize()}: {derived[k,]}" for k in ("result", "scores", "totals")
              if (k,) in derived]
    return lines


def _derived(state: GameState, start: GameState) -> dict[tuple[Any, ...], str]:
    """The written lines of the hand that began at ``start`` which follow from its actions
    (``state`` is at that hand or later), by key."""
    rules, hand_no = state.rules, start.hand_no
    out: dict[tuple[Any, ...], str] = {("opening",): "{} {}".format(*start.bids[0])}
    result = state.results[hand_no] if hand_no < len(state.results) else None
    if result is not None:
        melds = result.melds if result.contract in (Contract.TRUMP, Contract.GIVE_UP) else None
        tricks = result.tricks
    else:
        showing = state.phase is Phase.PLAY and state.contract is Contract.TRUMP
        melds, tricks = (state.melds if showing else None), state.tricks
    if melds is not None:
        out.update((("melds", s), _melds_text(melds[s])) for s in sorted(start.active))
    for i, trick in enumerate(tricks, 1):
        out["trick", i] = _trick_text(rules, trick, last=i == rules.hand_size)
    if result is not None:
        out["result",] = _result_text(rules, result)
        out["scores",] = _scores_text(rules, result, start.active)
        out["totals",] = ", ".join(f"{s} {t}" for s, t in enumerate(result.totals))
    return out


def _melds_text(melds: Sequence[Meld]) -> str:
    if not melds:
        return "none"
    parts = []
    for m in melds:
        label = m.name.capitalize() + (f" {m.suit.symbol}" if m.suit is not None else "")
        parts.append(f"{label} ({' '.join(CARD_TEXT[c.kind] for c in m.cards)}) {m.points}")
    return ", ".join(parts) + f" = {sum(m.points for m in melds)}"


def _trick_text(rules: Rules, trick: Trick, *, last: bool) -> str:
    points = sum(CARD_POINTS[c.rank] for c in trick.cards)
    bonus = f" + {rules.last_trick_bonus}" if last and rules.last_trick_bonus else ""
    return f"{trick.winner} ({points}{bonus})"


def _result_text(rules: Rules, r: HandResult) -> str:
    d = r.declarer
    if r.contract is Contract.GIVE_UP:
        assert r.trump is not None
        return f"{d} gives up in {r.trump.symbol} at {r.bid}"
    if r.contract.is_durch:
        won = r.scores[d] > 0
        return f"{d} plays {r.contract.value} for {r.bid}: {'won' if won else 'lost'}"
    assert r.trump is not None
    side = side_of(rules, d)
    tricks = sum(r.trick_points[s] for s in side)
    melds = sum(r.meld_points[s] for s in side)
    raw = tricks + r.discard_points
    cards = f"tricks {tricks} + discard {r.discard_points}"
    if rules.round_trick_points:
        rounded = (raw + 5) // 10 * 10
        cards += f" = {raw} ≈ {rounded}"
        raw = rounded
    total = raw + melds
    if sum(r.tricks_won[s] for s in side) == 0:
        verdict = "set (no trick)"
    else:
        verdict = "made" if total >= r.bid else "set"
    return f"{d} plays {r.trump.symbol} for {r.bid}: {cards} + melds {melds} = {total}, {verdict}"


def _scores_text(rules: Rules, r: HandResult, active: Sequence[int]) -> str:
    parts = []
    for seat, score in enumerate(r.scores):
        text = f"{seat} {score:+d}" if score else f"{seat} 0"
        if seat not in active:
            text += " (sits out)"
        elif not rules.teams and seat != r.declarer:
            melds = r.meld_points[seat]
            if r.contract is Contract.GIVE_UP:
                text += f" ({rules.give_up_bonus} + melds {melds})"
            elif r.contract is Contract.TRUMP:
                text += (f" (tricks {r.trick_points[seat]} + melds {melds})" if r.tricks_won[seat]
                         else " (no trick)")
        parts.append(text)
    return ", ".join(parts)


def _result_tag(state: GameState) -> str:
    if not state.is_over:
        return "*"
    return "-".join("1" if s in state.winners else "0" for s in range(state.rules.players))


# --- reading ---------------------------------------------------------------------------------


_HAND = re.compile(r"Hand (\d+): dealer (\d+)")


def load_records(text: str) -> list[Record]:
    """Every record of a text (records follow each other, separated by blank lines).

    Binokel records only; :func:`binokel.games.load_records` reads Binocle records as well.
    """
    return parse_records(text, parse_record, '[Game "Binokel"]')


def load_record(text: str) -> Record:
    """The one record of a text."""
    return only_record(load_records(text), "load_records")


def parse_record(lines: list[str], first: int) -> Record:
    """One Binokel record from its lines (``first`` is its first line's number, for messages)."""
    tags, rule_values, body_at = read_header(lines, first)
    game = tags.get("Game")
    if game not in (None, GAME_NAME):
        raise RecordError(f'line {first}: a {game} record, not a Binokel record (it needs '
                          f'[Game "{GAME_NAME}"]; binokel.games.load_records reads the records '
                          f'of every game binokel plays)')
    if game != GAME_NAME:
        raise RecordError(f'line {first}: not a Binokel record (it needs [Game "{GAME_NAME}"])')
    rules = _parse_rules(tags.get("Rules"), rule_values, first)
    seed = plumbing.record_seed(tags, first)
    players = plumbing.record_players(tags, first, rules.players,
                                      f"the rules seat {rules.players}")
    dealer = tags.get("FirstDealer", str(first_dealer(rules, seed)))
    if not (dealer.isdigit() and int(dealer) < rules.players):
        raise RecordError(f"line {first}: FirstDealer must be a seat from 0 to "
                          f"{rules.players - 1}, not {dealer!r}")
    return Record(rules=rules, seed=seed, players=players, first_dealer=int(dealer),
                  tags={k: v for k, v in tags.items() if k not in RESERVED_TAGS},
                  hands=_parse_body(lines[body_at:], first + body_at, rules),
                  result=tags.get("Result"), totals=tags.get("Totals"))


def _parse_rules(name: str | None, values: dict[str, tuple[str, int]], first: int) -> Rules:
    """The rule set of the Rule lines; a field without one comes from the named preset."""
    base = Rules()
    if name is not None:
        try:
            base = find_rules(name)
        except ValueError:
            if not values:
                raise RecordError(f"line {first}: unknown rule set {name!r} and no Rule lines"
                                  ) from None
    return build_rules(Rules, base.fields(), name, values, first)


def _parse_body(lines: list[str], first: int, rules: Rules) -> tuple[RecordedHand, ...]:
    return tuple(_parse_hand(block, number, rules)
                 for number, block in enumerate(plumbing.hand_blocks(lines, first), 1))


def _parse_hand(block: list[tuple[int, str]], number: int, rules: Rules) -> RecordedHand:
    """One hand block: its deal, its actions with their seats, and the lines to check."""
    (at, head), *rest = block
    found = _HAND.fullmatch(head)
    if found is None or int(found.group(1)) != number:
        raise RecordError(f"line {at}: hand {found.group(1)} follows hand {number - 1}" if found
                          else f"line {at}: expected 'Hand {number}: dealer N', found {head!r}")

    def fail(n: int, message: str) -> RecordError:
        return RecordError(f"line {n}: hand {number}: {message}")

    def seat_of(text: str, n: int) -> int:
        if not (text.isdigit() and int(text) < rules.players):
            raise fail(n, f"there is no seat {text!r}")
        return int(text)

    def move(seat: int, text: str, n: int, where: str) -> Move:
        try:
            return Move(seat=seat, action=parse_action(text), text=text, line=n, where=where)
        except NotationError as exc:
            raise fail(n, f"{where}: {exc}") from None

    def seated(item: str, n: int, where: str) -> Move:
        seat, _, text = item.partition(" ")
        if not text.strip():
            raise fail(n, f"{item!r} in the {where} is not 'seat action'")
        return move(seat_of(seat, n), text.strip(), n, where)

    hands = [0] * (rules.players + 1)  # the last is the Dabb
    card_lines: dict[int, int] = {}
    moves: list[Move] = []
    checks: list[tuple[tuple[Any, ...], str, int]] = []
    tricks = 0
    for n, line in rest:
        label, _, text = line.partition(":")
        word, _, arg = label.partition(" ")
        text = text.strip()
        if word in ("Cards", "Dabb") and bool(arg) == (word == "Cards"):
            seat = seat_of(arg, n) if arg else rules.players
            try:
                hands[seat] = pack(parse_cards(text))
            except CardError as exc:
                raise fail(n, str(exc)) from None
            card_lines[seat] = n
        elif word == "Auction" and not arg and text:
            opening, *items = split_items(text)
            checks.append((("opening",), opening, n))
            moves += [seated(item, n, "auction") for item in items]
        elif word == "Declarer" and arg:
            seat = seat_of(arg, n)
            moves += [move(seat, item, n, "declarer") for item in split_items(text)]
        elif word == "Melds" and arg:
            checks.append((("melds", seat_of(arg, n)), text, n))
        elif word == "Trick" and arg.isdigit():
            if int(arg) != tricks + 1:
                raise fail(n, f"trick {arg} follows trick {tricks}")
            tricks += 1
            plays, arrow, outcome = text.partition("→")
            moves += [seated(item, n, f"trick {tricks}") for item in split_items(plays)]
            if arrow:
                checks.append((("trick", tricks), outcome.strip(), n))
        elif word in ("Result", "Scores", "Totals") and not arg:
            checks.append(((word.lower(),), text, n))
        else:
            raise fail(n, f"cannot read the line {line!r}")
    if rules.dabb_size and rules.players not in card_lines:
        raise fail(at, "the Dabb is not written out")
    return RecordedHand(number=number, dealer=int(found.group(2)),
                        deal=Deal(tuple(hands[:-1]), hands[-1]), moves=tuple(moves), line=at,
                        checks=tuple(checks), card_lines=card_lines)


# --- replaying -------------------------------------------------------------------------------

def replay(record: Record) -> GameState:
    """Re-apply every action of ``record`` from its seed and check what it says on the way.

    Checks each hand's dealer and written deal against the seed's deal, each action against the
    rules, and every written result line (melds, trick winners, scores, totals, the Result tag)
    against what the actions give.  Returns the state at the end of the record (resumable when
    the game is not over); raises :class:`RecordError` naming the line, hand, action and rule.
    """
    rules = record.rules
    state = new_game(rules, record.seed, dealer=record.first_dealer)
    count = 0
    for hand in record.hands:
        where = f"line {hand.line}: hand {hand.number}"
        plumbing.check_hand_start(where, state.is_over, state.hand_no, hand.number)
        _check_deal(hand, state, where)
        start = state
        for move in hand.moves:
            count += 1
            position = f"action {count} ({move.where}, seat {move.seat} '{move.text}')"
            if state.hand_no != hand.number - 1 or state.is_over:
                raise RecordError(f"line {move.line}: hand {hand.number}, {position}: the hand "
                                  f"is already over")
            part = "auction" if state.phase is Phase.AUCTION else \
                f"trick {len(state.tricks) + 1}" if state.phase is Phase.PLAY else "declarer"
            if part != move.where:
                now = {"auction": "the auction", "declarer": "the declarer's turn"}.get(part, part)
                raise RecordError(f"line {move.line}: hand {hand.number}, {position}: written on "
                                  f"the {move.where.capitalize()} line, but the hand is at {now}")
            try:
                state = state.apply(move.action, seat=move.seat)
            except IllegalActionError as exc:
                raise RecordError(f"line {move.line}: hand {hand.number}, {position}: {exc}"
                                  ) from None
        _check_lines(hand, state, start)
    plumbing.check_end_tags(record.result, record.totals, _result_tag(state), state.scores)
    return state


def _check_deal(hand: RecordedHand, state: GameState, where: str) -> None:
    plumbing.check_dealer(hand.dealer, state.dealer, where)
    players = state.rules.players
    for seat, written, dealt in [*zip(range(players), hand.deal.hands, state.deal.hands,
                                      strict=True), (players, hand.deal.dabb, state.deal.dabb)]:
        if written != dealt:
            line = hand.card_lines.get(seat, hand.line)
            what = "the Dabb is" if seat == players else f"seat {seat}'s cards are"
            raise RecordError(f"line {line}: hand {hand.number}: {what} written as "
                              f"[{cards_text(written)}] but the seed deals [{cards_text(dealt)}]")


def _check_lines(hand: RecordedHand, state: GameState, start: GameState) -> None:
    check_written(hand.number, hand.checks, _derived(state, start))


__all__ = [
    "Move", "Record", "RecordError", "RecordedHand", "dump_record", "dump_records", "load_record",
    "load_records", "parse_record", "read_header", "replay", "split_records",
]
