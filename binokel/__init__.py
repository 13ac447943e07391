"""binokel: the Swabian card game Binokel (and Foster's two-handed Binocle), played exactly.

>>> from binokel import new_game, find_melds, parse_cards, Suit
>>> sum(m.points for m in find_melds(parse_cards("K♠ Q♠ Q♥ Q♣ Q♦ J♦"), trump=Suit.HEARTS))
120
>>> state = new_game(seed=42)
>>> state.phase.value, len(state.hand(state.to_move))
('auction', 12)
"""

from .cards import Card, CardError, Rank, Suit, format_cards, parse_card, parse_cards, sort_cards
from .errors import IllegalActionError, NotationError, RulesError
from .games.binokel.actions import (
    Action,
    Bid,
    Discard,
    Durch,
    GiveUp,
    NameTrump,
    OpenDurch,
    Pass,
    Play,
    TakeDabb,
    parse_action,
)
from .games.binokel.game import TERMINAL, Deal, GameState, Phase, apply_all, new_game
from .games.binokel.melds import Meld, find_melds
from .games.binokel.rulefile import find_rules
from .games.binokel.rules import Rules, rule_set_names
from .games.binokel.scoring import Contract, HandResult
from .games.binokel.tricks import Trick, legal_cards, trick_winner
from .games.binokel.views import View

__version__ = "1.0.0rc1"

__all__ = [
    "TERMINAL", "Action", "Bid", "Card", "CardError", "Contract", "Deal", "Discard", "Durch",
    "GameState", "GiveUp", "HandResult", "IllegalActionError", "Meld", "NameTrump",
    "NotationError", "OpenDurch", "Pass", "Phase", "Play", "Rank", "Rules", "RulesError", "Suit",
    "TakeDabb", "Trick", "View", "__version__", "apply_all", "find_melds", "find_rules",
    "format_cards", "legal_cards", "new_game", "parse_action", "parse_card", "parse_cards",
    "rule_set_names", "sort_cards", "trick_winner",
]
