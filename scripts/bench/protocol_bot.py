#!/usr/bin/env python3
"""Serve one of the package's own Binokel bots over the bot protocol (docs/bot-protocol.md).

It lets ``binokel arena`` play a bot of *another checkout* of binokel — an older commit in its
own virtualenv — against the bots of this one::

    binokel arena expert "cmd:/old/.venv/bin/python scripts/bench/protocol_bot.py expert" \
        --deals 500

The script imports whatever ``binokel`` the interpreter running it finds, rebuilds the seat's
:class:`View` from the JSON it is sent (the type hints of the view's dataclasses say how), asks
the bot, and answers the action.  Every decision gets its own generator, seeded by the view's
text, so a run is reproducible.  ``--times FILE`` appends the seconds the bot itself took per
decision (without the protocol's overhead), one line each.  Only the Binokel game is served.
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import hashlib
import json
import random
import sys
import time
import types
import typing
from typing import Any, Union


def _module(name: str) -> types.ModuleType:
    """A module of the Binokel game: ``binokel.games.binokel.NAME``, or ``binokel.NAME`` in
    checkouts from before the games moved under ``binokel/games/`` (frozen yardsticks such as
    ``54f30d0``, scripts/bench/yardstick.py)."""
    import importlib

    try:
        return importlib.import_module(f"binokel.games.binokel.{name}")
    except ModuleNotFoundError as missing:
        if not (missing.name or "").startswith("binokel.games"):
            raise
        return importlib.import_module(f"binokel.{name}")


def _namespace() -> dict[str, Any]:
    """The names the view's (string) type hints refer to."""
    from binokel import cards

    names: dict[str, Any] = {"Phase": _module("game").Phase}
    for module in (cards, *map(_module, ("actions", "melds", "rules", "scoring", "tricks",
                                         "views"))):
        names.update(vars(module))
    return names


class Decoder:
    """JSON back into the view's values, led by the type hints."""

    def __init__(self) -> None:
        from binokel.cards import Card, Rank, Suit, parse_card, parse_suit
        parse_action = _module("actions").parse_action

        self.names = _namespace()
        self.Card, self.Rank, self.Suit = Card, Rank, Suit
        self.parse_card, self.parse_suit, self.parse_action = parse_card, parse_suit, parse_action
        self.action_types = set(typing.get_args(self.names["Action"]))
        self.hints: dict[type, dict[str, Any]] = {}

    def decode(self, hint: Any, value: Any) -> Any:
        origin = typing.get_origin(hint)
        args = typing.get_args(hint)
        if origin in (Union, types.UnionType):
            if value is None:
                return None
            if set(args) <= self.action_types:
                return self.parse_action(value)
            return self.decode(next(a for a in args if a is not type(None)), value)
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return tuple(self.decode(args[0], v) for v in value)
            return tuple(self.decode(a, v) for a, v in zip(args, value, strict=True))
        if hint is Any or hint in (int, float, str, bool):
            return value
        if hint is self.Card:
            return self.parse_card(value)
        if hint is self.Suit:  # an IntEnum: sent as its number
            return self.Suit(value) if isinstance(value, int) else self.parse_suit(value)
        if hint is self.Rank:  # an IntEnum: sent as its number
            return self.Rank(value) if isinstance(value, int) else next(
                r for r in self.Rank if r.label == value)
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return hint(value)
        if isinstance(hint, type) and dataclasses.is_dataclass(hint):
            hints = self.hints.get(hint)
            if hints is None:
                hints = self.hints[hint] = typing.get_type_hints(hint, localns=self.names)
            return hint(**{f.name: self.decode(hints[f.name], value[f.name])
                           for f in dataclasses.fields(hint) if f.name in value})
        raise TypeError(f"cannot read a {hint!r} from {value!r}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("bot", help="a bot name of the binokel this interpreter imports")
    parser.add_argument("--times", metavar="FILE", help="append each decision's seconds here")
    args = parser.parse_args(argv)

    from binokel.bots import make_bot

    View = _module("views").View
    bot = make_bot(args.bot)
    decoder = Decoder()
    times = open(args.times, "a", encoding="utf-8") if args.times else None  # noqa: SIM115
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            print(json.dumps({"type": "ready", "name": f"{args.bot} (protocol)"}), flush=True)
        elif kind == "decide":
            view = decoder.decode(View, message["view"])
            text = json.dumps(message["view"], sort_keys=True, ensure_ascii=False)
            rng = random.Random(hashlib.sha256(text.encode()).digest())
            started = time.perf_counter()
            action = bot.choose(view, rng)
            spent = time.perf_counter() - started
            if times is not None:
                times.write(f"{spent:.6f}\n")
                times.flush()
            print(json.dumps({"type": "action", "id": message["id"], "action": str(action)},
                             ensure_ascii=False), flush=True)
        elif kind == "quit":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
