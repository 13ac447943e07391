"""Bot names: the kind of player, then optionally ``:`` and ``key=value`` options."""

from __future__ import annotations


def parse_bot_name(name: str) -> tuple[str, dict[str, str]]:
    """Split ``kind:key=value,key=value`` into the kind and its options.

    >>> parse_bot_name("heuristic:level=hard,samples=60")
    ('heuristic', {'level': 'hard', 'samples': '60'})
    """
    kind, _, rest = name.strip().partition(":")
    options: dict[str, str] = {}
    for part in rest.split(","):
        if not part.strip():
            continue
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise ValueError(f"bot option {part!r} in {name!r} is not key=value")
        options[key.strip()] = value.strip()
    return kind.strip(), options


__all__ = ["parse_bot_name"]
