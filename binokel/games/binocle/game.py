"""The Binocle game state: one state machine with one door (docs/rules/binocle.md §2-§7).

A :class:`BinocleState` is immutable.  It tells the :attr:`~BinocleState.phase` and whose turn it
is (:attr:`~BinocleState.to_move`), lists the :meth:`~BinocleState.legal_actions`, and
:meth:`~BinocleState.apply` returns the next state.  An illegal action raises
:class:`BinocleIllegalActionError` (an :class:`~binokel.errors.IllegalActionError`)
naming the rule,
and changes nothing.  The cut and every deal come from the seed.

>>> from binokel.games.binocle import new_binocle_game, parse_binocle_action
>>> state = new_binocle_game(seed=7)
>>> state.phase.value, state.to_move, len(state.hand(state.to_move)), state.stock_size
('play', 0, 12, 23)
>>> state = state.apply(state.legal_actions()[0])
"""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import (
    ABOVE,
    BITS,
    CARDS,
    ONE,
    RANK_SLOTS,
    SUIT_MASK,
    Card,
    Suit,
    iter_kinds,
)
from . import actions as A
from .actions import BinocleAction
from .explain import why_four_cards, why_illegal
from .hand import (
    TAKEN,
    TERMINAL,
    BinocleDeal,
    BinocleHandResult,
    BinocleIllegalActionError,
    BinocleTrick,
    Ending,
    Phase,
    _Hand,
    cut_for_deal,
    deal_binocle,
    full_pack,
)
from .melds import (
    NO_MELD,
    Placement,
    ScoredMeld,
    TableCard,
    _Need,
    cards_of,
    lay_meld,
    legal_melds,
)
from .rules import BINOCLE, BinocleRules
from .scoring import claim_is_right, count_hand, reached_at_once
from .state import StateReader
from .views import BinocleView, make_view

_SLOTS = (
    "_rules", "_seed", "_cut", "_h", "_target", "_results", "_winner", "_ending",
    "_phase", "_to_move", "_hands", "_tables", "_table_bits", "_melds", "_known", "_dix_points",
    "_turned", "_drawn", "_exchanged", "_shown", "_leader", "_led", "_led_from_table",
    "_tricks", "_points", "_scores", "_turn_melded", "_turn_dix", "_placements",
    "_parent", "_last_action", "_legal",
)


class BinocleState(StateReader):
    """An immutable position of a whole Binocle game. Build one with :func:`new_binocle_game`."""

    __slots__ = _SLOTS

    # --- legal actions -------------------------------------------------------------------------

    def view(self, seat: int) -> BinocleView:
        """What ``seat`` may know, and nothing more."""
        return make_view(self, seat, self.legal_actions())

    def legal_actions(self) -> tuple[BinocleAction, ...]:
        """The actions the player to move may take (empty once the game is over)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def _claims(self) -> tuple[BinocleAction, ...]:
        rules = self._rules
        return () if rules.claim_automatically or not rules.claims else (A.CLAIM,)

    def _compute_legal(self) -> tuple[BinocleAction, ...]:
        if self._phase is Phase.PLAY:
            return self._play_actions() + self._claims()
        if self._phase is Phase.MELD:
            return (*self._meld_options(), A.DONE, *self._claims())
        return ()

    def nothing_to_declare(self) -> bool:
        """Whether the player to move is at the meld step with nothing to meld, exchange or
        show: saying done (or claiming) is all it can do.  A shell may say done for a person
        then; what the other seat sees is the same either way."""
        return self._phase is Phase.MELD and all(
            isinstance(a, A.Done | A.Claim) for a in self.legal_actions())

    def play_mask(self) -> int:
        """Packed kinds the player to move may play from the concealed hand."""
        hand = self._hands[self._to_move]
        led = self._led
        if led < 0 or self._turned != TAKEN:
            return hand
        # After the stock (§5): follow and win if able; void, trump if able; else any card.
        follow = hand & SUIT_MASK[led // RANK_SLOTS]
        if follow:
            return (follow & ABOVE[led]) or follow
        return (hand & SUIT_MASK[self._h.trump]) or hand

    def _play_actions(self) -> tuple[BinocleAction, ...]:
        plays = _plays_of(self.play_mask())
        if self._turned != TAKEN:
            table = self._table_bits[self._to_move]
            if table:
                plays += _table_plays_of(table)
        return plays

    def _meld_options(self) -> tuple[BinocleAction, ...]:
        """Melds and dix actions open to the trick's winner now (without done and claim)."""
        rules = self._rules
        seat = self._to_move
        out: list[BinocleAction] = []
        placements: dict[A.Meld, tuple[_Need, Placement | None]] = {}
        if not self._turn_melded and not (rules.dix_uses_meld and self._turn_dix):
            for need, placement in legal_melds(self._hands[seat], self._tables[seat],
                                               self._table_bits[seat], self._melds[seat],
                                               self._h.trump, rules):
                # A four laid with cards of its own choice (any four of the rank) names them.
                action = A.Meld(need.meld) if need.meld.laid else A.meld_action(need.meld)
                placements[action] = (need, placement)
                out.append(action)
        self._placements = placements
        if not self._turn_dix and not (rules.dix_uses_meld and self._turn_melded):
            dix = self._h.dix
            if (self._hands[seat] >> (dix * BITS)) & 3:
                if not self._exchanged:
                    out.append(A.EXCHANGE[dix])
                elif not self._shown:
                    out.append(A.SHOW[dix])
        return tuple(out)

    # --- the one door --------------------------------------------------------------------------

    def apply(self, action: BinocleAction, *, seat: int | None = None) -> BinocleState:
        """The state after ``action`` by the player to move.

        With ``seat``, the action is refused unless it is that seat's turn.
        """
        if seat is not None and seat != self._to_move:
            if self._phase is Phase.GAME_OVER:
                raise BinocleIllegalActionError("The game is over.")
            raise BinocleIllegalActionError(
                f"It is not your turn: seat {self._to_move} is to act.")
        legal = self._legal if self._legal is not None else self.legal_actions()
        if action not in legal:
            raise BinocleIllegalActionError(self._why_illegal(action))
        if isinstance(action, A.Play):
            return self._play(action)
        if isinstance(action, A.Claim):
            return self._claim(action)
        if isinstance(action, A.Meld):
            return self._meld(action)
        if isinstance(action, A.ExchangeDix):
            return self._exchange(action)
        if isinstance(action, A.ShowDix):
            return self._show(action)
        return self._draw(self._copy(action))

    def apply_logged(self, action: BinocleAction, *, seat: int | None = None) -> BinocleState:
        """:meth:`apply` for an action read from a log or record.

        Logs written before every trick winner had the declare-or-not step (decision
        binocle-06) leave out the ``done`` of a winner with nothing to declare: a card played
        at the meld step says ``done`` first (also when a rule change has opened a meld there
        since, such as Bézique's fours).  Anything else is :meth:`apply`.
        """
        if (isinstance(action, A.Play) and self._phase is Phase.MELD
                and A.DONE in self.legal_actions()):
            return self.apply(A.DONE, seat=seat).apply(action, seat=seat)
        return self.apply(action, seat=seat)

    # --- transitions ---------------------------------------------------------------------------

    def _copy(self, action: BinocleAction | None) -> BinocleState:
        """A copy of this state with ``action`` as its last step; the caller sets what changes."""
        # Spelled out: this is the hot path of every playout.
        new = _new_state(BinocleState)
        new._rules = self._rules
        new._seed = self._seed
        new._cut = self._cut
        new._h = self._h
        new._target = self._target
        new._results = self._results
        new._winner = self._winner
        new._ending = self._ending
        new._phase = self._phase
        new._to_move = self._to_move
        new._hands = self._hands
        new._tables = self._tables
        new._table_bits = self._table_bits
        new._melds = self._melds
        new._known = self._known
        new._dix_points = self._dix_points
        new._turned = self._turned
        new._drawn = self._drawn
        new._exchanged = self._exchanged
        new._shown = self._shown
        new._leader = self._leader
        new._led = self._led
        new._led_from_table = self._led_from_table
        new._tricks = self._tricks
        new._points = self._points
        new._scores = self._scores
        new._turn_melded = self._turn_melded
        new._turn_dix = self._turn_dix
        new._parent = self
        new._last_action = action
        new._legal = None
        new._placements = None
        return new

    def _play(self, action: A.Play) -> BinocleState:
        seat = self._to_move
        kind = action.card.kind
        new = self._copy(action)
        if action.from_table:
            bits = list(self._table_bits)
            bits[seat] -= ONE[kind]
            new._table_bits = (bits[0], bits[1])
            tables = list(self._tables)
            tables[seat] = _remove_table_card(self._tables[seat], kind)
            new._tables = (tables[0], tables[1])
        else:
            hands = list(self._hands)
            hands[seat] -= ONE[kind]
            new._hands = (hands[0], hands[1])
            known = self._known[seat]
            if (known >> (kind * BITS)) & 3:
                new._known = _with(self._known, seat, known - ONE[kind])
        if self._led < 0:
            new._led = kind
            new._led_from_table = action.from_table
            new._to_move = 1 - seat
            return new._auto_claim()
        # The trick is complete (§4): a higher card of the suit led or a trump wins; of two
        # identical cards the leader's wins.
        led = self._led
        leader = self._leader
        if kind // RANK_SLOTS == led // RANK_SLOTS:
            winner = seat if kind > led else leader
        else:
            winner = seat if kind // RANK_SLOTS == self._h.trump else leader
        points = self._rules.kind_points
        gained = points[kind] + points[led]
        new._points = _with(self._points, winner, self._points[winner] + gained)
        new._tricks = (*self._tricks, BinocleTrick(
            leader, (CARDS[led], CARDS[kind]), winner, (self._led_from_table, action.from_table)))
        new._led = -1
        new._led_from_table = False
        new._leader = winner
        new._to_move = winner
        if self._turned != TAKEN:
            new._phase = Phase.MELD
            new._turn_melded = False
            new._turn_dix = False
            # The winner always has the choice to declare or not, also with nothing to
            # declare: whether it could declare must not show (decision binocle-06).
            new._legal = (*new._meld_options(), A.DONE, *new._claims())
            return new._auto_claim()
        if new._hands[0] or new._hands[1]:
            return new._auto_claim()
        # The last trick scores 10 as it is made (§5), then the hand is counted.
        bonus = self._rules.last_trick_bonus
        new._scores = _with(self._scores, winner, self._scores[winner] + bonus)
        if reached_at_once(before=self._scores[winner], after=new._scores[winner],
                           target=self._target):
            return new._game_over(winner, Ending.REACHED)
        return new._end_hand(winner)

    def _meld(self, action: A.Meld) -> BinocleState:
        seat = self._to_move
        placements = self._placements
        if placements is None:
            self._meld_options()
            placements = self._placements
        assert placements is not None
        need, placement = placements[action]
        if action.meld.laid and sorted(action.meld.laid) != sorted(need.meld.kinds):
            raise BinocleIllegalActionError(why_four_cards(self, action, need.meld))
        hand, table, fresh = lay_meld(need, placement, self._hands[seat], self._tables[seat],
                                      len(self._melds[seat]))
        new = self._copy(action)
        new._hands = _with(self._hands, seat, hand)
        new._tables = _with_table(self._tables, seat, table)
        new._table_bits = _with(self._table_bits, seat, self._table_bits[seat] + fresh)
        known = self._known[seat]
        if known:
            # Known cards laid on the table are no longer concealed (copies are alike, so the
            # count known to be concealed drops by the copies laid down).
            for kind in iter_kinds(fresh):
                lower = min((known >> (kind * BITS)) & 3, (fresh >> (kind * BITS)) & 3)
                known -= lower * ONE[kind]
            new._known = _with(self._known, seat, known)
        # The history keeps the engine's own meld action: its meld is named in the game's
        # words whatever words the player used.
        new._last_action = A.Meld(need.meld) if need.meld.laid else A.meld_action(need.meld)
        scored = ScoredMeld(need.meld, need.points, cards_of(fresh))
        melds = list(self._melds)
        melds[seat] = (*melds[seat], scored)
        new._melds = (melds[0], melds[1])
        new._turn_melded = True
        return new._scored(seat, need.points)

    def _exchange(self, action: A.ExchangeDix) -> BinocleState:
        seat = self._to_move
        dix = self._h.dix
        new = self._copy(action)
        turned = self._turned
        new._hands = _with(self._hands, seat, self._hands[seat] - ONE[dix] + ONE[turned])
        new._known = _with(self._known, seat, self._known[seat] + ONE[turned])
        new._turned = dix
        new._exchanged = True
        new._turn_dix = True
        new._dix_points = _with(self._dix_points, seat,
                                self._dix_points[seat] + self._rules.meld_dix)
        return new._scored(seat, self._rules.meld_dix)

    def _show(self, action: A.ShowDix) -> BinocleState:
        seat = self._to_move
        dix = self._h.dix
        new = self._copy(action)
        if not (self._known[seat] >> (dix * BITS)) & 3:
            new._known = _with(self._known, seat, self._known[seat] + ONE[dix])
        new._shown = True
        new._turn_dix = True
        new._dix_points = _with(self._dix_points, seat,
                                self._dix_points[seat] + self._rules.meld_dix)
        return new._scored(seat, self._rules.meld_dix)

    def _scored(self, seat: int, points: int) -> BinocleState:
        """After a meld or dix in the meld phase: win at once, or stay for more or done."""
        before = self._scores[seat]
        self._scores = _with(self._scores, seat, before + points)
        # Reaching the target as points are scored wins at once (§7); a total already past
        # it (both passed it and tied, Bézique §6) is decided at the count instead.
        if reached_at_once(before=before, after=self._scores[seat], target=self._target):
            return self._game_over(seat, Ending.REACHED)
        # Melding on or done is the winner's choice even with nothing more open (binocle-06).
        self._legal = (*self._meld_options(), A.DONE, *self._claims())
        return self._auto_claim()

    def _draw(self, new: BinocleState) -> BinocleState:
        """The winner draws the top card, the loser the next; with one face-down card left,
        the loser takes the turned trump (§4). ``new`` is a fresh copy that this changes."""
        winner = self._to_move
        stock = self._h.deal.stock
        drawn = self._drawn
        hands = list(self._hands)
        hands[winner] += ONE[stock[drawn]]
        new._phase = Phase.PLAY
        new._placements = None
        new._legal = None
        if len(stock) - drawn > 1:
            hands[1 - winner] += ONE[stock[drawn + 1]]
            new._drawn = drawn + 2
            new._hands = (hands[0], hands[1])
            return new._auto_claim()
        turned = self._turned
        hands[1 - winner] += ONE[turned]
        known = list(self._known)
        known[1 - winner] += ONE[turned]
        new._drawn = drawn + 1
        new._turned = TAKEN
        # The stock is exhausted: melded cards go back to the hands (§5), known to both.
        for seat in (0, 1):
            hands[seat] += self._table_bits[seat]
            known[seat] += self._table_bits[seat]
        new._hands = (hands[0], hands[1])
        new._known = (known[0], known[1])
        new._tables = ((), ())
        new._table_bits = (0, 0)
        return new._auto_claim()

    def _claim(self, action: A.Claim) -> BinocleState:
        seat = self._to_move
        new = self._copy(action)
        if claim_is_right(self.claim_total(seat), self._target):
            return new._game_over(seat, Ending.CLAIMED)
        return new._game_over(1 - seat, Ending.WRONG_CLAIM)

    def _auto_claim(self) -> BinocleState:
        if self._rules.claim_automatically:
            for seat in (self._to_move, 1 - self._to_move):
                if claim_is_right(self.claim_total(seat), self._target):
                    return self._game_over(seat, Ending.CLAIMED)
        return self

    def _game_over(self, winner: int, ending: Ending) -> BinocleState:
        self._winner = winner
        self._ending = ending
        self._phase = Phase.GAME_OVER
        self._to_move = TERMINAL
        self._legal = ()
        self._placements = None
        return self

    def _end_hand(self, last: int) -> BinocleState:
        """Count the hand (§7): card points added; exactly one at the target wins."""
        h = self._h
        totals = (self._scores[0] + self._points[0], self._scores[1] + self._points[1])
        result = BinocleHandResult(
            hand_no=h.hand_no, dealer=h.dealer, turned=CARDS[h.deal.turned], melds=self._melds,
            dix=self._dix_points, last_trick=last, card_points=self._points,
            scores=(totals[0] - h.start_scores[0], totals[1] - h.start_scores[1]),
            totals=totals, tricks=self._tricks)
        self._results = (*self._results, result)
        self._scores = totals
        # Exactly one at the target wins; both: play on to 1250 ... (§7) or, at Bézique, the
        # higher total wins (docs/rules/bezique.md §6).
        winner, target = count_hand(self._rules, totals, self._target)
        if winner is not None:
            return self._game_over(winner, Ending.COUNTED)
        nxt = _hand_start(self._rules, self._seed, self._cut, h.hand_no + 1, 1 - h.dealer,
                          totals, target, self._results)
        for name in _COPIED:
            setattr(self, name, getattr(nxt, name))
        self._legal = nxt._legal
        return self

    # --- explaining refusals -------------------------------------------------------------------

    def _why_illegal(self, action: object) -> str:
        return why_illegal(self, action)


_COPIED = tuple(n for n in _SLOTS if n not in ("_parent", "_last_action", "_legal"))
_new_state = object.__new__
_PLAYS_CACHE: dict[int, tuple[BinocleAction, ...]] = {}
_TABLE_PLAYS_CACHE: dict[int, tuple[BinocleAction, ...]] = {}
_HAND_PLAYS_CACHE: dict[int, tuple[BinocleAction, ...]] = {}


def _plays_of(mask: int) -> tuple[BinocleAction, ...]:
    found = _HAND_PLAYS_CACHE.get(mask)
    if found is not None:
        return found
    out: tuple[BinocleAction, ...] = ()
    for suit in range(4):
        part = mask & SUIT_MASK[suit]
        if not part:
            continue
        cached = _PLAYS_CACHE.get(part)
        if cached is None:
            cached = _PLAYS_CACHE[part] = tuple(A.PLAY[k] for k in iter_kinds(part))
        out += cached
    if len(_HAND_PLAYS_CACHE) > 200_000:
        _HAND_PLAYS_CACHE.clear()  # bounded: a long search must not grow it without end
    _HAND_PLAYS_CACHE[mask] = out
    return out


def _table_plays_of(mask: int) -> tuple[BinocleAction, ...]:
    cached = _TABLE_PLAYS_CACHE.get(mask)
    if cached is None:
        cached = _TABLE_PLAYS_CACHE[mask] = tuple(A.PLAY_TABLE[k] for k in iter_kinds(mask))
    return cached


def _with(pair: tuple[int, int], seat: int, value: int) -> tuple[int, int]:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


def _with_table(tables: tuple[tuple[TableCard, ...], tuple[TableCard, ...]], seat: int,
                table: tuple[TableCard, ...]
                ) -> tuple[tuple[TableCard, ...], tuple[TableCard, ...]]:
    return (table, tables[1]) if seat == 0 else (tables[0], table)


def _remove_table_card(table: tuple[TableCard, ...], kind: int) -> tuple[TableCard, ...]:
    """Take a played card off the table: of two copies, the one that served in more melds
    (the freer copy stays for later melds)."""
    best = -1
    most = -1
    for i, entry in enumerate(table):
        if entry[0] == kind:
            served = sum(1 for label in entry[1:] if label != NO_MELD)
            if served > most:
                best, most = i, served
    return table[:best] + table[best + 1:]


def _hand_start(rules: BinocleRules, seed: int | str, cut: tuple[tuple[Card, Card], ...],
                hand_no: int, dealer: int, scores: tuple[int, int], target: int,
                results: tuple[BinocleHandResult, ...],
                deal: BinocleDeal | None = None) -> BinocleState:
    if deal is None:
        deal = deal_binocle(rules, seed, hand_no, dealer)
    trump = Suit(deal.turned // RANK_SLOTS)
    dix = trump * RANK_SLOTS + rules.dix_rank
    h = _Hand(hand_no=hand_no, dealer=dealer, deal=deal, trump=trump, dix=dix,
              start_scores=scores)
    state = _new_state(BinocleState)
    turned_dix = deal.turned == dix
    dix_points = (0, 0)
    if turned_dix:
        # The dealer turns the dix and scores 10 at once (§2).
        scores = _with(scores, dealer, scores[dealer] + rules.meld_dix)
        dix_points = _with(dix_points, dealer, rules.meld_dix)
    values: dict[str, object] = dict(
        _rules=rules, _seed=seed, _cut=cut, _h=h, _target=target, _results=results,
        _winner=-1, _ending=None, _phase=Phase.PLAY, _to_move=1 - dealer,
        _hands=deal.hands, _tables=((), ()), _table_bits=(0, 0), _melds=((), ()),
        _known=(0, 0), _dix_points=dix_points, _turned=deal.turned, _drawn=0,
        _exchanged=turned_dix, _shown=False, _leader=1 - dealer, _led=-1,
        _led_from_table=False, _tricks=(), _points=(0, 0), _scores=scores,
        _turn_melded=False, _turn_dix=False, _placements=None, _parent=None,
        _last_action=None, _legal=None)
    for name, value in values.items():
        setattr(state, name, value)
    if turned_dix and reached_at_once(before=scores[dealer] - rules.meld_dix,
                                      after=scores[dealer], target=target):
        return state._game_over(dealer, Ending.REACHED)
    return state._auto_claim()


def new_binocle_game(rules: BinocleRules = BINOCLE, seed: int | str = 0, *,
                     dealer: int | None = None, deal: BinocleDeal | None = None,
                     scores: tuple[int, int] = (0, 0), target: int | None = None
                     ) -> BinocleState:
    """A new game: the cut and the first deal from ``seed``.

    ``dealer``, ``deal``, ``scores`` and ``target`` fix the first hand instead (for puzzles,
    tests and records of real cards).
    """
    cut, first_dealer = cut_for_deal(rules, seed)
    if dealer is None:
        dealer = first_dealer
    return _hand_start(rules, seed, cut, 0, dealer, scores,
                       rules.target if target is None else target, (), deal)


def apply_all(state: BinocleState, actions: Sequence[BinocleAction | str]) -> BinocleState:
    """Apply actions (or their notation) one after another, as a log gives them
    (:meth:`BinocleState.apply_logged`: a card played by a trick winner with nothing to
    declare says ``done`` first)."""
    for action in actions:
        state = state.apply_logged(A.parse_binocle_action(action) if isinstance(action, str)
                                   else action)
    return state


__all__ = [
    "TAKEN", "TERMINAL", "BinocleDeal", "BinocleHandResult", "BinocleIllegalActionError",
    "BinocleState", "BinocleTrick", "Ending", "Phase", "apply_all", "cut_for_deal",
    "deal_binocle", "full_pack", "new_binocle_game",
]
