"""Gymnasium's registry: every rule set as ``binokel/<rule set>-v0``.

``gymnasium.make("binokel/binocle-v0", opponents=["heuristic:level=medium"])`` makes
:class:`binokel.env.single.SingleSeatEnv` of that rule set; keyword arguments go to it.

>>> import gymnasium
>>> import binokel.env
>>> env = gymnasium.make("binokel/binokel-v0")
>>> env.unwrapped.rules.name
'binokel'
"""

from __future__ import annotations

import gymnasium

from .codecs import rule_set_names

NAMESPACE = "binokel"


def env_id(rules_name: str) -> str:
    """Gymnasium's id of a rule set: ``binokel/<name>-v0``."""
    return f"{NAMESPACE}/{rules_name}-v0"


def register_gymnasium() -> list[str]:
    """Register every named rule set (once); the ids."""
    ids = []
    for name in rule_set_names():
        found = env_id(name)
        if found not in gymnasium.registry:
            gymnasium.register(id=found, entry_point="binokel.env.single:SingleSeatEnv",
                               kwargs={"rules_name": name}, disable_env_checker=True)
        ids.append(found)
    return ids
