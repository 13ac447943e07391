"""Forms of the words in a message that depend on its values, for :class:`binokel.ui.i18n.Strings`:
a noun after a count of one in the singular (``1 Stich``, ``1 point``), the person's own
``_you`` form where a message names the person by the word for "you" (``Du hast``, not
``Du hat``), and the computer players' names in German (``Tipp (Experte)``).

>>> singular("{n} Stiche · {points} Punkte", {"n": 1, "points": 2})
'{n} Stich · {points} Punkte'
>>> singular("over {n} sampled deals", {"n": "1"})
'over {n} sampled deal'
>>> bot_name("heuristic:level=hard", "de"), bot_name("expert", "en")
('Regelspieler (schwer)', 'expert')
"""

from __future__ import annotations

import re
from collections.abc import Mapping

#: Plural nouns after a count, and their singular, in both languages.
SINGULARS: dict[str, str] = {
    # English (the game's own words Stich and Dabb are used in English too)
    "points": "point", "cards": "card", "Stiche": "Stich", "tricks": "trick",
    "decisions": "decision", "hands": "hand", "deals": "deal", "games": "game",
    "melds": "meld", "players": "player", "seconds": "second", "moves": "move",
    # German
    "Punkte": "Punkt", "Karten": "Karte", "Entscheidungen": "Entscheidung", "Spiele": "Spiel",
    "Verteilungen": "Verteilung", "Meldungen": "Meldung", "Partien": "Partie",
    "Spieler": "Spieler", "Sekunden": "Sekunde", "Züge": "Zug", "Augen": "Auge",
}

_COUNTED = re.compile(r"\{(\w+)(?::[^}]*)?\}(\s+(?:\w+\s+)?)(" + "|".join(SINGULARS) + r")\b")


def singular(template: str, values: Mapping[str, object]) -> str:
    """``template`` with each noun after a count of one in the singular (a count is a field
    followed by the noun, perhaps with one word between: ``{n} sampled deals``)."""
    def fix(match: re.Match[str]) -> str:
        count = values.get(match[1])
        if count == 1 or (isinstance(count, str) and count.strip() == "1"):
            return match[0][: -len(match[3])] + SINGULARS[match[3]]
        return match[0]
    return _COUNTED.sub(fix, template)


#: The computer players' names in German, by the name's head, and their levels.
_BOTS_DE = {"expert": "Experte", "heuristic": "Regelspieler", "random": "Zufallsspieler",
            "search": "Suche"}
_LEVELS_DE = {"easy": "leicht", "medium": "mittel", "hard": "schwer"}


def bot_name(spec: str, lang: str) -> str:
    """A computer player's name (``heuristic:level=hard``) in words of the language."""
    if lang != "de":
        return spec
    head, _, options = spec.partition(":")
    word = _BOTS_DE.get(head, head)
    level = dict(o.partition("=")[::2] for o in options.split(",") if o).get("level")
    if level is not None:
        return f"{word} ({_LEVELS_DE.get(level, level)})"
    return word if not options else f"{word} ({options})"


__all__ = ["SINGULARS", "bot_name", "singular"]
