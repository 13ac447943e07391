"""The game at the table: computer moves, all-or-none input, undo, hints."""

from __future__ import annotations

import pytest

from binokel import Discard, IllegalActionError, Phase, new_game, parse_action
from binokel.bots.random_bot import RandomBot
from binokel.ui.session import Player, Session, bot_rng

from .states import NAMES, random_session


def advance(session: Session, human_moves: int) -> None:
    """Let the person take the first legal action ``human_moves`` times."""
    for _ in range(human_moves):
        session.run_bots()
        if session.state.is_over:
            return
        session.play([session.state.legal_actions()[0]])
    session.run_bots()


def test_computer_players_move_until_it_is_the_persons_turn() -> None:
    session = random_session()
    session.run_bots()
    assert session.state.to_move == 0
    assert all(seat != 0 for seat in session.movers)


def test_bot_decisions_depend_only_on_seed_seat_and_move_number() -> None:
    assert bot_rng(3, 1, 10).random() == bot_rng(3, 1, 10).random()
    assert bot_rng(3, 1, 10).random() != bot_rng(3, 2, 10).random()
    first, second = random_session(seed=9), random_session(seed=9)
    advance(first, 20)
    advance(second, 20)
    assert first.actions == second.actions


def test_undo_takes_back_the_last_own_decision_and_the_computer_moves_after_it() -> None:
    session = random_session(seed=4)
    advance(session, 12)
    mine = max(i for i, seat in enumerate(session.movers) if seat == 0)
    before = session.actions[:mine]
    undone = session.undo()
    assert undone is not None
    assert session.actions == before
    assert session.state.to_move == 0
    rebuilt = new_game(seed=4)
    for action in before:
        rebuilt = rebuilt.apply(action)
    assert session.state.history() == rebuilt.history()
    assert session.state.hand(0) == rebuilt.hand(0)
    # Making the same choice again brings back the same computer moves.
    replayed = random_session(seed=4)
    advance(replayed, 12)
    session.play([undone])
    session.run_bots()
    assert session.actions == replayed.actions


def test_undo_with_nothing_to_take_back() -> None:
    session = random_session(seed=2)
    session.run_bots()
    assert 0 not in session.movers
    assert session.undo() is None
    assert session.state.to_move == 0


def test_undo_reaches_back_across_a_finished_hand() -> None:
    session = random_session(seed=6)
    while not session.state.results:
        advance(session, 1)
    # The person has not moved in the new hand yet, so undo goes back into the finished one.
    assert session.state.hand_no == 1
    last_mine = max(i for i, seat in enumerate(session.movers) if seat == 0)
    session.undo()
    assert len(session.actions) == last_mine
    assert session.state.hand_no == 0 and not session.state.results


def test_laying_away_several_cards_is_all_or_none() -> None:
    state = new_game(seed=7, dealer=2).apply(parse_action("pass")).apply(parse_action("pass"))
    players = [Player("Anna"), Player("Karle", "random"), Player("Frieda", "random")]
    session = Session(state, players, bot_factory=lambda spec: RandomBot())
    hand = state.hand(0)
    missing = next(c for c in set(state.deal.hand(1)) if c not in hand)
    with pytest.raises(IllegalActionError, match=f"You do not hold {missing}"):
        session.play([Discard(hand[0]), Discard(hand[1]), Discard(missing)])
    assert session.state is state
    assert [str(a) for a in session.actions] == ["pass", "pass"]
    session.play([Discard(c) for c in hand[:4]])
    assert session.state.phase is Phase.TRUMP
    assert [str(a) for a in session.actions[2:]] == [f"lay {c}" for c in hand[:4]]


def test_a_session_resumes_from_any_state_with_its_history() -> None:
    session = random_session(seed=8)
    advance(session, 15)
    copy = Session(session.state, session.players, bot_factory=lambda spec: RandomBot())
    assert copy.actions == session.actions and copy.movers == session.movers
    assert copy.start.hand(0) == new_game(seed=8).hand(0)
    advance(copy, 5)
    advance(session, 5)
    assert copy.actions == session.actions


def test_hint_asks_the_strongest_bot_that_exists() -> None:
    asked: list[str] = []

    def factory(spec: str) -> RandomBot:
        asked.append(spec)
        if spec != "random":
            raise ValueError(f"no bot {spec}")
        return RandomBot()

    session = Session(new_game(seed=1), [Player("A"), Player("B", "random"),
                                         Player("C", "random")], bot_factory=factory)
    session.run_bots()
    hint = session.hint(bots=("expert", "heuristic:level=hard", "random"))
    assert hint.bot == "random" and hint.action in session.state.legal_actions()
    assert asked[-3:] == ["expert", "heuristic:level=hard", "random"]
    again = session.hint(bots=("random",))
    assert again.action == hint.action  # the same generator: a hint is reproducible


def test_a_session_needs_exactly_one_person() -> None:
    with pytest.raises(ValueError, match="exactly one person"):
        Session(new_game(seed=1), [Player(n, "random") for n in NAMES])


def test_events_of_the_persons_own_moves_are_not_repeated() -> None:
    session = random_session(seed=3)
    advance(session, 8)
    rendered = [e.key for e in session.events]
    assert "plays" in rendered
    assert all(e.values["name"] != NAMES[0] for e in session.events
               if e.key in ("plays", "bids", "passes", "lays_hidden", "names_trump"))


def test_the_experts_hint_carries_each_candidates_expected_value() -> None:
    session = Session(new_game(seed=21), [Player("A"), Player("B", "random"),
                                          Player("C", "random")])
    session.run_bots()
    while not (session.state.phase is Phase.PLAY and len(session.state.legal_actions()) > 1):
        legal = session.state.legal_actions()
        session.play([next((a for a in legal if str(a) == "pass"), legal[0])])
        session.run_bots()
    hint = session.hint()
    assert hint.bot == "expert"
    legal = session.state.legal_actions()
    assert {action for action, _, _ in hint.values} == set(legal)
    assert hint.values[0][0] == hint.action  # best first, and it is the advice
    values = [value for _, value, _ in hint.values]
    assert values == sorted(values, reverse=True)
    assert all(worlds >= 1 for _, _, worlds in hint.values)
