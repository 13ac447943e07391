"""``review`` at the table of ``binokel play``: offered after each hand and at the end, it shows
what the person's decisions in the last hand (or the game) cost, in the table's language."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from .test_play_command import COMMAND, environment


def _cards() -> list[str]:
    # Card numbers, tried in turn until one is legal (the table refuses the others and asks
    # again): enough to play a whole hand whatever it holds.
    return [str(i) for _ in range(12) for i in range(1, 13)]


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ("Nothing to review yet", "Type review to see", "Review of hand 1 by the expert",
            "hindsight, it knows the cards", "Review of the game so far", "binokel review ")),
    ("de", ("Noch nichts auszuwerten", "Tippe auswertung", "Auswertung von Spiel 1",
            "im Nachhinein, er kennt die Karten", "Auswertung der Partie bis jetzt",
            "binokel review ")),
])
def test_review_is_offered_after_each_hand_and_at_the_end(
        tmp_path: Path, lang: str, words: tuple[str, ...]) -> None:
    command = "review" if lang == "en" else "auswertung"
    whole = "review game" if lang == "en" else "auswertung partie"
    script = [command, "pass", *_cards(), command, whole, "pass", *_cards()]
    done = subprocess.run([*COMMAND, "--seed", "3", "--lang", lang, "--set", "fixed_hands=2"],
                          input="\n".join(script) + "\n", capture_output=True, text=True,
                          env=environment(tmp_path), timeout=240, check=False)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    at = [out.find(w) for w in words]
    assert all(i >= 0 for i in at), [w for w, i in zip(words, at, strict=True) if i < 0]
    assert at == sorted(at)  # in the order a person meets them
    # Every decision of the hand gets a line with its value (seat 0 passed, then played cards).
    hand = out[at[2]:at[4]].splitlines()
    values = [line for line in hand if re.match(r"^  \S.*: [+-]\d+", line)]
    assert len(values) >= 4
