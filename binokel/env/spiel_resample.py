"""Resampling a hand's history from what one seat knows (OpenSpiel's
``resample_from_infostate``, which IS-MCTS asks for at every simulation).

The package's world samplers deal the cards a seat cannot see consistently with its view now:
:class:`binokel.search.sampling.WorldSampler` for Binokel (the other hands, the hidden discard,
the face-down Dabb, with what the trick duties revealed) and
:func:`binokel.games.binocle.sampling.sample_state` for the Binocle engine (the other hand and
the stock).  A history needs the deal as it was, so :func:`deal_for` works back from the
sampled cards to the deal:

* Binokel: each seat held at the deal what it holds now and what it played; the declarer's
  Dabb came in and its discard went out.
* Binocle: the seat's own hand, its draws and the turned card are as they were; the other
  hand at the deal and the other seat's draws come from the cards not left in the sampled
  stock, each card the other seat showed or played placed where it was already held by then.

The actions are then played again on the new deal.  A deal on which an action is illegal, or
after which the seat's view differs, is refused and another drawn (the samplers approximate
some duties); the seat's view of every state since the deal is then the same as in the real
hand, so its information state (and IS-MCTS's key) is the same.

>>> import random
>>> from binokel.env.spiel import load_game
>>> state = load_game("binokel").new_initial_state()
>>> state.apply_action(0)
>>> for kind in state.codec.pack():
...     state.apply_action(kind)
>>> other = state.resample_from_infostate(1, random.random)
>>> other.information_state_string(1) == state.information_state_string(1)
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from ..cards import ONE, unpack_kinds
from ..errors import IllegalActionError
from ..games.binocle.sampling import sample_state
from ..games.binokel.actions import DISCARD, Discard
from ..games.binokel.game import Phase, active_seats
from ..games.binokel.melds import find_melds_packed
from ..games.binokel.scoring import Contract
from ..search.sampling import World, WorldSampler
from .codec import Codec
from .spiel_history import History, replay

#: A deal (the chance outcomes after the dealer) and the actions to play on it.
Drawn = tuple[list[int], list[int]]

#: How many deals are drawn before resampling gives up.  A world is cheap to draw and most
#: are refused before any replay (melds another seat would have shown); with 15-card hands
#: (binokel-sevens) about one world in 80 shows the same melds.
TRIES = 5000


class ResampleError(RuntimeError):
    """No deal consistent with the seat's information was found."""


def resample_history(history: History, player: int, rng: random.Random) -> History:
    """A history ``player`` cannot tell from ``history``, the unseen cards dealt anew."""
    codec = history.codec
    dealer = history.dealer
    assert dealer is not None
    now = history.engines[-1].view(player)
    deal = DEALS[codec.game if codec.game in DEALS else "binocle"]
    for _ in range(TRIES):
        drawn = deal(history, player, rng)
        if drawn is None:
            continue
        cards, actions = drawn
        try:
            new = replay(codec.rules, dealer, cards, actions)
        except (IllegalActionError, ValueError, AssertionError):
            continue
        if new.engines[-1].view(player) == now:
            # The seat saw the same at every step (its own cards and every public action are
            # as they were): its observation texts so far are the original's.
            for old, made in zip(history.texts, new.texts, strict=True):
                for key, text in old.items():
                    if key[-2 if key[0] == "recall" else 0] == player:
                        made[key] = text
            return new
    raise ResampleError(f"no deal consistent with seat {player}'s information found in "
                        f"{TRIES} draws")


def binokel_deal(history: History, player: int, rng: random.Random) -> Drawn | None:
    """A Binokel deal (cards in the order the codec deals them) behind a sampled world, and
    the actions with the cards the declarer laid away out of sight taken from that world."""
    key = ("binokel", player, tuple(history.actions))
    known = history.cache.get(key)
    if known is None:
        view = history.engines[-1].view(player)
        known = history.cache[key] = (view, WorldSampler(view))
    view, sampler = known
    world = sampler.sample(rng)
    assert history.dealer is not None
    cards = binokel_cards(history.codec, view, world, history.dealer, rng)
    if cards is None:
        return None
    return cards, _discards(history, view, world.discard, rng)


def binokel_cards(codec: Codec, view: Any, world: World, dealer: int,
                  rng: random.Random) -> list[int] | None:
    """The deal (cards in the order ``codec`` deals them) behind a world sampled for ``view``,
    or None if the world cannot be the one behind the view (another seat would have shown other
    melds)."""
    rules = codec.rules
    held = [Counter(unpack_kinds(hand)) for hand in world.hands]
    for trick in view.tricks:
        for seat, card in zip(trick.seats(view.active), trick.cards, strict=True):
            held[seat][card.kind] += 1
    for seat, card in view.trick:
        held[seat][card.kind] += 1
    if view.contract is Contract.TRUMP and view.phase in (Phase.PLAY, Phase.GAME_OVER):
        # Every active seat showed all its melds: a world giving another seat more (or other)
        # melds is not this one (the sampler places the cards shown, not the ones not shown).
        for seat in view.active:
            if seat != view.seat and find_melds_packed(
                    sum(ONE[kind] * n for kind, n in held[seat].items()), view.trump,
                    rules) != view.melds[seat]:
                return None
    dabb = Counter(unpack_kinds(world.dabb))
    if view.dabb is not None:
        dabb = Counter(c.kind for c in view.dabb)
        if view.declarer is not None:
            held[view.declarer].update(unpack_kinds(world.discard))
            held[view.declarer].subtract(dabb)
    cards: list[int] = []
    for seat in active_seats(rules, dealer):
        if any(n < 0 for n in held[seat].values()):
            return None
        kinds = list(held[seat].elements())
        if len(kinds) != rules.hand_size:
            return None
        rng.shuffle(kinds)
        cards += kinds
    cards += dabb.elements()
    if Counter(cards) != Counter(codec.pack()):
        return None
    return cards


def _discards(history: History, view: Any, discard: int, rng: random.Random) -> list[int]:
    """The history's actions with each card laid away unseen by ``view``'s seat replaced by
    one of ``discard`` (the sampled world's); the trumps laid away in the open stay."""
    actions = list(history.actions)
    if view.declarer is None or view.declarer == view.seat:
        return actions
    codec = history.codec
    hidden = Counter(unpack_kinds(discard))
    shown = Counter(c.kind for c in view.shown_discard)
    hidden.subtract(shown)
    fill = list(hidden.elements())
    rng.shuffle(fill)
    for i, number in enumerate(actions):
        action = codec.action_of(number)
        if not isinstance(action, Discard):
            continue
        kind = action.card.kind
        if shown[kind] > 0:
            shown[kind] -= 1
            continue
        actions[i] = codec.index(DISCARD[fill.pop()]) if fill else number
    return actions


def binocle_deal(history: History, player: int, rng: random.Random) -> Drawn | None:
    """A Binocle-engine deal (pone's hand, dealer's hand, turned card, stock from the top)
    behind a sampled state."""
    engines = history.engines
    codec = history.codec
    size = codec.rules.hand_size
    other = 1 - player
    deal = engines[0].deal
    scan = _scan(history, player)
    owner, shown = scan.owner, scan.shown
    drawn_now = engines[-1]._drawn
    sampled = sample_state(engines[-1].view(player), rng)
    rest = list(sampled.deal.stock)
    if len(rest) != len(deal.stock) - drawn_now:
        return None
    pool = Counter(codec.pack())
    pool.subtract(unpack_kinds(deal.hands[player]))
    pool[deal.turned] -= 1
    for place in range(drawn_now):
        if owner[place][0] == player:
            pool[deal.stock[place]] -= 1
    pool.subtract(rest)
    if any(n < 0 for n in pool.values()):
        return None
    # The other seat's places in the order it came to hold them: its hand, then its draws.
    slots: list[int] = [0] * size + [owner[p][1] for p in range(drawn_now)
                                      if owner[p][0] == other]
    filled: list[int | None] = [None] * len(slots)
    free: list[int] = []  # the empty places already held when the card was shown
    ready = 0
    for kind, shown_at in shown:  # in the order they were shown; places in the order held
        if pool[kind] <= 0:
            continue  # a card the seat took in the open (the turned card)
        while ready < len(slots) and slots[ready] <= shown_at:
            free.append(ready)
            ready += 1
        if not free:
            return None
        pick = rng.randrange(len(free))
        free[pick], free[-1] = free[-1], free[pick]
        filled[free.pop()] = kind
        pool[kind] -= 1
    left = [kind for kind, n in pool.items() for _ in range(n)]
    rng.shuffle(left)
    if len(left) != filled.count(None):
        return None
    for j in range(len(filled)):
        if filled[j] is None:
            filled[j] = left.pop()
    other_cards = [k for k in filled if k is not None]
    hands: list[list[int]] = [[], []]
    hands[player] = unpack_kinds(deal.hands[player])
    hands[other] = other_cards[:size]
    draws = iter(other_cards[size:])
    stock = [deal.stock[p] if owner[p][0] == player else next(draws) for p in range(drawn_now)]
    dealer = history.dealer
    assert dealer is not None
    return [*hands[1 - dealer], *hands[dealer], deal.turned, *stock, *rest], history.actions


class _Scan:
    """What ``player`` saw of the other seat's cards and of the draws, state by state, kept
    for the longest history asked so far and extended as the hand goes on (every decision of
    IS-MCTS resamples the same history many times, then one action longer)."""

    def __init__(self, player: int) -> None:
        self.player = player
        self.other = 1 - player
        self.actions: tuple[int, ...] = ()
        self.states = 0
        self.owner: dict[int, tuple[int, int]] = {}
        """Which seat drew each stock place, and the first state after the draw (public: the
        trick's winner draws first)."""
        self.shown: list[tuple[int, int]] = []
        """Each card the other seat showed or played, with the first state it was seen in."""
        self._seen: Counter[int] = Counter()
        self._played: Counter[int] = Counter()
        self._tricks = 0

    def extend(self, engines: list[Any], actions: tuple[int, ...]) -> None:
        player, other = self.player, self.other
        for i in range(self.states, len(engines)):
            view = engines[i].view(player)
            if i > 0:
                before, after = engines[i - 1]._drawn, engines[i]._drawn
                if after > before:
                    winner = view.tricks[-1].winner
                    self.owner[before] = (winner, i)
                    if after - before > 1:
                        self.owner[before + 1] = (1 - winner, i)
            for trick in view.tricks[self._tricks:]:
                self._played.update(c.kind for s, c in zip(trick.seats(), trick.cards,
                                                          strict=True) if s == other)
            self._tricks = len(view.tricks)
            now = Counter(c.kind for c in view.known[other])
            now.update(entry[0] for entry in view.tables[other])
            now.update(c.kind for s, c in view.trick if s == other)
            now.update(self._played)
            for kind, n in now.items():
                while self._seen[kind] < n:
                    self._seen[kind] += 1
                    self.shown.append((kind, i))
        self.states = len(engines)
        self.actions = actions


def _scan(history: History, player: int) -> _Scan:
    """The scan of ``history`` for ``player`` (kept in the history's cache)."""
    actions = tuple(history.actions)
    key = ("binocle-scan", player)
    scan = history.cache.get(key)
    if not isinstance(scan, _Scan) or actions[:len(scan.actions)] != scan.actions:
        scan = history.cache[key] = _Scan(player)
    if scan.states != len(history.engines):
        scan.extend(history.engines, actions)
    return scan


Deal = Callable[[History, int, random.Random], "Drawn | None"]
#: The deal behind a sampled world, by the codec's game.
DEALS: dict[str, Deal] = {"binokel": binokel_deal, "binocle": binocle_deal}
