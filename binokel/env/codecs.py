"""Which codec encodes which game: the environments' table, keyed by game name."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from ..games import all_rule_set_names, game_of
from .binocle_codec import BinocleCodec
from .binokel_codec import BinokelCodec
from .codec import Codec

CodecFactory = Callable[[Any], Codec]


#: The codec of each game, by game name.  Bézique is played by the Binocle engine on its own
#: rule sets: the Binocle encoder takes every size (pack, hand, stock) from the rules.
CODECS: dict[str, CodecFactory] = {
    "binokel": BinokelCodec, "binocle": BinocleCodec, "bezique": BinocleCodec,
}


@functools.lru_cache(maxsize=64)
def codec_for(rules: Any) -> Codec:
    """The codec of a rule set, found by the name of its game."""
    game = game_of(rules).name
    factory = CODECS.get(game)
    if factory is None:
        raise ValueError(f"no research environment for the game {game!r} yet")
    return factory(rules)


def rule_set_names() -> list[str]:
    """Every named rule set of every game (the environments serve each)."""
    return all_rule_set_names()


__all__ = ["CODECS", "codec_for", "rule_set_names"]
