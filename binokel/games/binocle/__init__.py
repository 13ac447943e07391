"""Foster's two-handed Binocle (docs/rules/binocle.md): the oldest form of the game, on Binokel's
cards.

The same design as the Binokel engine: rule sets as data, one immutable state with one door,
short action notation, views per seat.

>>> from binokel.games.binocle import new_binocle_game, find_binocle_rules
>>> state = new_binocle_game(find_binocle_rules("binocle-64"), seed=5)
>>> len(state.hand(0)), state.stock_size, state.dix.rank.name
(12, 39, 'SEVEN')
"""

from .actions import (
    BinocleAction,
    Claim,
    Done,
    ExchangeDix,
    Meld,
    Play,
    ShowDix,
    parse_binocle_action,
)
from .game import (
    TERMINAL,
    BinocleDeal,
    BinocleHandResult,
    BinocleIllegalActionError,
    BinocleState,
    BinocleTrick,
    Ending,
    Phase,
    apply_all,
    cut_for_deal,
    deal_binocle,
    new_binocle_game,
)
from .melds import BinocleMeld, MeldKind, ScoredMeld, best_meld_plan, binocle_melds
from .random_play import play_random_game, random_action, random_playout
from .rules import (
    BINOCLE,
    BINOCLE_64,
    BINOCLE_RULESETS,
    PINOCHLE_MELD_VALUES,
    BinocleRules,
    find_binocle_rules,
)
from .sampling import redeal_hidden, sample_state
from .views import BinocleView, make_view

__all__ = [
    "BINOCLE", "BINOCLE_64", "BINOCLE_RULESETS", "PINOCHLE_MELD_VALUES", "TERMINAL",
    "BinocleAction", "BinocleDeal", "BinocleHandResult", "BinocleIllegalActionError",
    "BinocleMeld", "BinocleRules", "BinocleState", "BinocleTrick", "BinocleView", "Claim",
    "Done", "Ending", "ExchangeDix", "Meld", "MeldKind", "Phase", "Play", "ScoredMeld",
    "ShowDix", "apply_all", "best_meld_plan", "binocle_melds", "cut_for_deal", "deal_binocle",
    "find_binocle_rules", "make_view", "new_binocle_game", "parse_binocle_action",
    "play_random_game", "random_action", "random_playout", "redeal_hidden", "sample_state",
]
