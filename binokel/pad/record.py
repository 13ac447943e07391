"""The pad record: a readable text of a score pad, beside the game records (docs/records.md).

A header of tags, then one line per hand as the table said it; a comment after ``#`` gives
the scores and totals the pad worked out (a reader ignores it: the entries are the record).

>>> from binokel.cards import Suit
>>> from binokel.pad.model import Pad
>>> pad = Pad.new("binokel", ["Anna", "Berta", "Karle"], first_dealer=2).add(BinokelHand(
...     declarer=0, bid=300, trump=Suit.HEARTS, melds=(190, 0, 40), side_points=(128, 80, None)))
>>> print(dump_pad(pad))
[Pad "Binokel"]
[Rules "binokel"]
[Players "Anna, Berta, Karle"]
[FirstDealer "2"]
[Totals "318 80 82"]
<BLANKLINE>
1. Anna 300 ♥; melds Anna 190, Berta 0, Karle 40; tricks Anna 128, Berta 80, Karle 42  # ...
<BLANKLINE>
>>> load_pad(dump_pad(pad)) == pad
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ..cards import CardError, Suit, parse_card, parse_suit
from ..games import game_of
from ..games.binokel.scoring import Contract
from ..record_text import RecordError, read_header, split_records, tag_line
from .binocle_hand import parse_meld
from .binokel_hand import sides
from .entries import BinocleHand, BinokelHand, Entry, MeldEntry, MeldMade, VoidHand
from .errors import PadError
from .model import Line, Pad

_NUMBER = re.compile(r"(\d+)\.\s+(.*)")
_CONTRACTS = sorted(((c.value, c) for c in Contract if c is not Contract.TRUMP),
                    key=lambda item: -len(item[0]))


def dump_pad(pad: Pad) -> str:
    """The pad as a pad record (every hand as checked, derived points written out)."""
    sheet = pad.sheet()
    lines = [tag_line("Pad", _tag(pad)), tag_line("Rules", pad.rules_name),
             tag_line("Players", ", ".join(pad.players)),
             tag_line("FirstDealer", str(pad.first_dealer)),
             tag_line("Totals", " ".join(map(str, sheet.totals)))]
    if sheet.winners:
        lines.append(tag_line("Winner", ", ".join(pad.players[s] for s in sheet.winners)))
    lines.append("")
    for line in sheet.lines:
        lines.append(_dump_line(pad, line))
    return "\n".join(lines) + "\n"


def _tag(pad: Pad) -> str:
    return game_of(pad.rules).record_tag


def _dump_line(pad: Pad, line: Line) -> str:
    text = DUMPERS[type(line.entry)](pad, line)
    if line.scored is not None:
        scored = line.scored
        text += (f"  # {' '.join(map(str, scored.scores))} = {' '.join(map(str, line.totals))}"
                 + (f"; {scored.note}" if scored.note and scored.winners else ""))
    return f"{line.number}. {text}"


def _meld_text(entry: MeldEntry) -> str:
    if entry is None:
        return "-"
    if isinstance(entry, int):
        return str(entry)
    return " ".join(str(c) for c in entry)


def _dump_binokel(pad: Pad, line: Line) -> str:
    hand = line.entry
    assert isinstance(hand, BinokelHand)
    names = pad.players
    words = [names[hand.declarer], str(hand.bid)]
    if hand.contract is not Contract.TRUMP:
        words.append(hand.contract.value)
    if hand.trump is not None:
        words.append(hand.trump.symbol)
    parts = [" ".join(words)]
    melds = [f"{names[s]} {_meld_text(m)}" for s, m in enumerate(hand.melds) if m is not None]
    if melds and not hand.contract.is_durch:
        parts.append("melds " + ", ".join(melds))
    if hand.contract is Contract.TRUMP:
        groups = sides(pad.rules, line.dealer, hand.declarer)
        parts.append("tricks " + ", ".join(
            f"{'+'.join(names[s] for s in side)} {points}"
            for side, points in zip(groups, hand.side_points, strict=True)))
    if hand.no_trick:
        parts.append("no trick " + ", ".join(names[s] for s in sorted(hand.no_trick)))
    return "; ".join(parts)


def _binocle_meld_text(made: MeldMade) -> str:
    meld = made.meld
    if meld.suit is None or meld.kind.value == "dix":
        return meld.name
    return f"{meld.name} {meld.suit.symbol}"


def _dump_binocle(pad: Pad, line: Line) -> str:
    hand = line.entry
    assert isinstance(hand, BinocleHand)
    names = pad.players
    parts = [f"trump {hand.trump.symbol}" + (", dix turned" if hand.turned_dix else "")]
    if hand.melds:
        parts.append("melds " + ", ".join(f"{names[m.seat]} {_binocle_meld_text(m)}"
                                          for m in hand.melds))
    if hand.claim is not None:
        parts.append(f"claim {names[hand.claim]} {hand.card_points[hand.claim]}")
    elif any(p is not None for p in hand.card_points):
        parts.append("cards " + ", ".join(f"{names[s]} {p}" for s, p in
                                          enumerate(hand.card_points) if p is not None))
    if hand.last_trick is not None:
        parts.append(f"last {names[hand.last_trick]}")
    return "; ".join(parts)


def _dump_void(pad: Pad, line: Line) -> str:
    return f"void ({pad.players[line.dealer]} deals again)"


DUMPERS: dict[type, Callable[[Pad, Line], str]] = {
    BinokelHand: _dump_binokel, BinocleHand: _dump_binocle, VoidHand: _dump_void}


# --- reading ---------------------------------------------------------------------------------

def load_pad(text: str) -> Pad:
    """The pad of a pad record; :class:`~binokel.record_text.RecordError` names the line."""
    chunks = split_records(text)
    if len(chunks) != 1:
        raise RecordError(f"a pad record holds one pad, not {len(chunks)}")
    lines, first = chunks[0]
    tags, _, body_at = read_header(lines, first)
    for name in ("Pad", "Rules", "Players"):
        if name not in tags:
            raise RecordError(f"line {first}: a pad record needs the tag [{name} ...]")
    try:
        pad = Pad(tags["Rules"], tuple(p.strip() for p in tags["Players"].split(",")),
                  int(tags.get("FirstDealer", "0")))
    except (PadError, ValueError) as exc:
        raise RecordError(f"line {first}: {exc}") from None
    if _tag(pad) != tags["Pad"]:
        raise RecordError(f'line {first}: [Pad "{tags["Pad"]}"] but the rules '
                          f'{tags["Rules"]!r} are {_tag(pad)}')
    reader = READERS[pad.scorer.entry]
    entries: list[Entry] = []
    for i, raw in enumerate(lines[body_at:], start=body_at):
        number = first + i
        text = raw.split("#", 1)[0].strip()
        if not text or text.startswith(";"):
            continue
        found = _NUMBER.fullmatch(text)
        if found is None or int(found.group(1)) != len(entries) + 1:
            raise RecordError(f"line {number}: expected hand {len(entries) + 1} as "
                              f"'{len(entries) + 1}. ...', not {text!r}")
        body = found.group(2)
        try:
            entry: Entry = VoidHand() if body.split()[0] == "void" else reader(pad, body)
            pad = pad.add(entry)
        except (PadError, ValueError) as exc:
            raise RecordError(f"line {number}: {exc}") from None
        entries.append(entry)
    return pad


def parse_pad(text: str) -> tuple[Entry, ...]:
    """The entries of a pad record."""
    return load_pad(text).entries


def _name_and_rest(pad: Pad, text: str) -> tuple[int, str]:
    """The seat whose name starts ``text`` (the longest that fits), and what follows."""
    for seat, name in sorted(enumerate(pad.players), key=lambda item: -len(item[1])):
        if text == name or text.startswith(name + " "):
            return seat, text[len(name):].strip()
    raise PadError(f"{text!r}: begins with no player's name ({', '.join(pad.players)})")


def _parse_meld_entry(text: str) -> MeldEntry:
    if text == "-":
        return None
    if text.lstrip("-").isdigit():
        return int(text)
    try:
        return tuple(parse_card(word) for word in text.split())
    except CardError as exc:
        raise PadError(f"melds: {text!r} is neither points nor cards ({exc})") from None


def _read_binokel(pad: Pad, body: str) -> BinokelHand:
    head, *parts = [p.strip() for p in body.split(";")]
    declarer, rest = _name_and_rest(pad, head)
    bid_text, _, rest = rest.partition(" ")
    if not bid_text.isdigit():
        raise PadError(f"{head!r}: the declarer's name, then the bid")
    contract, trump = Contract.TRUMP, None
    rest = rest.strip()
    for word, named in _CONTRACTS:
        if rest.lower().startswith(word.lower()):
            contract, rest = named, rest[len(word):].strip()
            break
    if rest:
        trump = parse_suit(rest)
    melds: list[MeldEntry] = [None] * pad.seats
    side_points: list[int | None] = []
    no_trick: set[int] = set()
    for part in parts:
        key, _, items = part.partition(" ")
        if part.startswith("no trick"):
            no_trick = {_name_and_rest(pad, n.strip())[0] for n in
                        part[len("no trick"):].split(",")}
        elif key == "melds":
            for item in items.split(","):
                seat, value = _name_and_rest(pad, item.strip())
                melds[seat] = _parse_meld_entry(value)
        elif key == "claim":
            raise PadError(pad.no_claims())
        elif key == "tricks":
            for item in items.split(","):
                side_points.append(int(item.strip().rsplit(" ", 1)[1]))
        else:
            raise PadError(f"{part!r}: expected melds, tricks or no trick")
    return BinokelHand(declarer=declarer, bid=int(bid_text), contract=contract, trump=trump,
                       melds=tuple(_seat_melds(pad, declarer, melds)),
                       side_points=tuple(side_points), no_trick=frozenset(no_trick))


def _seat_melds(pad: Pad, declarer: int, melds: Sequence[MeldEntry]) -> list[MeldEntry]:
    """Melds of the seats that play (0 when not written), ``None`` for one who sits out."""
    dealer = pad.sheet().dealer
    active = {s for side in sides(pad.rules, dealer, declarer) for s in side}
    return [(m if m is not None else 0) if s in active else m for s, m in enumerate(melds)]


def _read_binocle(pad: Pad, body: str) -> BinocleHand:
    head, *parts = [p.strip() for p in body.split(";")]
    words = head.split(",")
    if not words[0].startswith("trump "):
        raise PadError(f"{head!r}: a Binocle hand begins with its trump suit: 'trump ♥'")
    trump: Suit = parse_suit(words[0][len("trump "):].strip())
    turned = any(w.strip() == "dix turned" for w in words[1:])
    melds: list[MeldMade] = []
    points: list[int | None] = [None, None]
    last: int | None = None
    claim: int | None = None
    for part in parts:
        key, _, items = part.partition(" ")
        if key == "melds":
            for item in items.split(","):
                seat, text = _name_and_rest(pad, item.strip())
                melds.append(MeldMade(seat=seat, meld=parse_meld(pad.rules, text, trump)))
        elif key == "cards":
            for item in items.split(","):
                seat, text = _name_and_rest(pad, item.strip())
                points[seat] = int(text)
        elif key == "claim":
            claim, text = _name_and_rest(pad, items.strip())
            points[claim] = int(text)
        elif key == "last":
            last = _name_and_rest(pad, items.strip())[0]
        else:
            raise PadError(f"{part!r}: expected melds, cards, claim or last")
    return BinocleHand(trump=trump, turned_dix=turned, melds=tuple(melds),
                       card_points=tuple(points), last_trick=last, claim=claim)


READERS: dict[type, Callable[[Pad, str], Entry]] = {
    BinokelHand: _read_binokel, BinocleHand: _read_binocle}

__all__ = ["dump_pad", "load_pad", "parse_pad"]
