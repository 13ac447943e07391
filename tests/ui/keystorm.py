"""Seeded random keys as people send them: single keys, double keys (key repeat), bursts (fast
typing: several keys in one read of the terminal), pastes, the words the screen suggests, and
the keys of every page.  Used by the key-storm tests (``test_tui_storm.py``).

Keys are posted the way Textual's driver posts what it read from the terminal: a burst all at
once, before the app has handled the first; a paste as one :class:`textual.events.Paste`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from textual import events
from textual.app import App

#: Keys by name (the driver's names) with their character, or None.
NAMED = {"enter": None, "escape": None, "backspace": None, "left": None, "right": None,
         "up": None, "down": None, "tab": None, "shift+tab": None, "pageup": None,
         "pagedown": None, "home": None, "end": None, "space": " ", "question_mark": "?"}
#: Characters typed (no ``q`` or ``Q``: ``q`` and ``Q`` Enter quit, a person's right, not a crash).
CHARS = "0123456789hsulrvpdaKAJ♣♠♥♦SHCD!x.-"
#: What the screens and hints suggest typing, and some nonsense, pasted or typed fast.
WORDS = ("lay 3 7 9 12", "help", "lay 10♥", "show 9♠", "190", "12", "pass", "out ♣", "undo",
         "hint", "last", "banana", "trump H", "meld 1", "done", "table Q♠", "claim", "QS",
         "10♥", "0", "99999", "lay 1 1 1 1", "♠♠♠", "", "   ", "edit 1", "sheet")


@dataclass
class Count:
    keys: int = 0
    bursts: int = 0
    pastes: int = 0
    last: tuple[str, ...] = ()
    """The last keys sent (to tell what a failure followed)."""


def key_event(name: str) -> events.Key:
    if name in NAMED:
        return events.Key(name, NAMED[name])
    return events.Key(name, name)  # a character is its own name


def post(app: App[Any], names: Sequence[str], count: Count) -> None:
    """Post keys at once (a burst, when more than one)."""
    for name in names:
        app.post_message(key_event(name))
    count.keys += len(names)
    count.last = (*count.last, *names)[-40:]
    count.bursts += len(names) > 1


def random_keys(rng: random.Random, *, enter_share: float = 0.35,
                avoid: str = "") -> list[str]:
    """One gesture: a key, a double key, a burst of mixed keys or a word typed fast."""
    roll = rng.random()
    if roll < enter_share:
        return ["enter"] * (2 if rng.random() < 0.2 else 1)
    if roll < enter_share + 0.2:
        name = rng.choice(list(NAMED))
        return [name] * (2 if rng.random() < 0.25 else 1)
    if roll < enter_share + 0.35:
        char = rng.choice([c for c in CHARS if c not in avoid])
        return [char] * (2 if rng.random() < 0.2 else 1)
    if roll < enter_share + 0.5:
        keys = [rng.choice([*NAMED, *CHARS]) for _ in range(rng.randint(2, 8))]
        return [k for k in keys if k not in avoid]
    word = rng.choice(WORDS)
    keys = ["space" if c == " " else c for c in word if c not in avoid]
    return [*keys, "enter"] if rng.random() < 0.7 else keys


def random_paste(rng: random.Random) -> str:
    text = rng.choice(WORDS)
    return text + ("\n" if rng.random() < 0.5 else "") + (rng.choice(WORDS)
                                                           if rng.random() < 0.2 else "")
