"""``binokel play --rules binocle``: Foster's two-handed Binocle in the terminal, you against one
computer player — drawn and read by the Binocle presenter on the same session and loop."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

from binokel.games import load_record, replay
from binokel.games.binocle import BinocleState, Ending, new_binocle_game
from binokel.games.binocle import actions as A
from binokel.games.binocle.rulefile import find_binocle_spec
from binokel.ui.binocle_parse import BinocleMoves, parse_binocle_input
from binokel.ui.binocle_render import (
    describe_binocle,
    meld_choices,
    numbered_cards,
    render_binocle_table,
)
from binokel.ui.i18n import Strings
from binokel.ui.parse import Command, InputError
from binokel.ui.session import BinocleSession, Player, session_for

from .test_play_command import COMMAND, environment

try:  # pseudo-terminals are POSIX; elsewhere only the terminal test is skipped
    from .terminal_driver import TerminalProgram, strip_escapes
except ImportError:  # pragma: no cover - Windows
    TerminalProgram = None  # type: ignore[assignment,misc]

EN, DE = Strings("en"), Strings("de")
SHORT = ["--rules", "binocle", "--set", "target=400"]


def typed_line(state: BinocleState) -> tuple[str, A.BinocleAction]:
    """What a person would type for seat 0's choice: a right claim, the first meld or dix on
    offer, else the first card (by its number on the screen)."""
    view = state.view(0)
    legal = view.legal_actions
    if A.CLAIM in legal and view.claim_total(0) >= view.target:
        return "claim", A.CLAIM
    choices = meld_choices(view)
    if choices:
        return "1", choices[0]
    if A.DONE in legal:
        return "done", A.DONE
    play = next(a for a in legal if isinstance(a, A.Play))
    return str(numbered_cards(view).index((play.card, play.from_table)) + 1), play


def typed_moves(seed: int) -> list[str]:
    """The lines a person types to play the game of ``seed`` through, against the random
    player — found by playing the same game here first."""
    rules = find_binocle_spec("binocle+target=400")
    session = session_for(new_binocle_game(rules, seed), [Player("You"), Player("Karle", "random")])
    lines: list[str] = []
    while True:
        session.run_bots()
        if session.state.is_over:
            return lines
        line, action = typed_line(session.state)
        lines.append(line)
        session.play([action])


def sheet_numbers(screen: str) -> list[list[int]]:
    """Per hand of a printed Binocle score sheet: per seat melds, hand score and total."""
    rows = []
    for line in screen.splitlines():
        if re.match(r"^\s*\d+ ", line) and line.count("│") == 2:
            rows.append([int(n) for cell in line.split("│")[1:] for n in cell.split()])
    return rows


def check_against_record(screen: str, path: Path) -> None:
    record = load_record(path.read_text(encoding="utf-8"))
    state = replay(record)
    assert isinstance(state, BinocleState) and state.is_over
    expected = [[n for s in (0, 1) for n in (sum(m.points for m in r.melds[s]) + r.dix[s],
                                             r.scores[s], r.totals[s])] for r in state.results]
    final = list(state.scores)
    if state.ending in (Ending.CLAIMED, Ending.WRONG_CLAIM):
        # A claim stops the hand and counts its Stiche (§7): the sheet shows that hand too.
        final = [state.scores[s] + state.points[s] for s in (0, 1)]
        expected.append([n for s in (0, 1) for n in (
            sum(m.points for m in state.melds[s]) + state.dix_points[s],
            final[s] - state.start_scores[s], final[s])])
    assert sheet_numbers(screen) == expected
    totals = re.search(r"(?:Final totals|Endstand): (.+)", screen)
    assert totals is not None
    assert [int(n) for n in re.findall(r"(-?\d+)(?: ·|$)", totals.group(1).strip())] == final


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_binocle_game_piped_through_standard_input(tmp_path: Path, lang: str) -> None:
    moves = typed_moves(4)
    script = "\n".join(["help", "banana", "claim", "score", *moves[:3], "last", "rules",
                        *moves[3:]]) + "\n"
    done = subprocess.run([*COMMAND, "--seed", "4", "--bots", "random", "--lang", lang,
                           "--name", "Anna", *SHORT], input=script, capture_output=True,
                          text=True, env=environment(tmp_path), timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "\x1b" not in out
    words = {"en": ("won the game!", "Stock: ", "a wrong claim loses the game"),
             "de": ("Du hast die Partie gewonnen!", "Talon: ", "falsch ausmachen verliert")}[lang]
    for word in words:
        assert word in out
    records = list((tmp_path / "games").glob("*"))
    assert len(records) == 1
    assert records[0].read_text(encoding="utf-8").startswith('[Game "Binocle"]')
    final = out[out.rfind("The game is over." if lang == "en" else "Die Partie ist zu Ende."):]
    check_against_record(final, records[0])


def test_a_binocle_game_resumes_from_its_record(tmp_path: Path) -> None:
    env = environment(tmp_path)
    moves = typed_moves(6)
    first = subprocess.run([*COMMAND, "--seed", "6", "--bots", "random", "--lang", "en", *SHORT],
                           input="\n".join(moves[:5]) + "\n", capture_output=True, text=True,
                           env=env, timeout=120, check=False)
    assert first.returncode == 0, first.stderr
    assert "Goodbye. The game is saved at" in first.stdout
    second = subprocess.run([*COMMAND, "--resume"], input="\n".join(moves[5:]) + "\n",
                            capture_output=True, text=True, env=env, timeout=120, check=False)
    assert second.returncode == 0, second.stderr
    out = second.stdout
    assert "Binocle · " in out
    record = next((tmp_path / "games").glob("*"))
    check_against_record(out[out.rfind("The game is over."):], record)


def test_a_bot_that_cannot_play_binocle_is_refused_before_the_game(tmp_path: Path) -> None:
    done = subprocess.run([*COMMAND, "--rules", "binocle", "--bots", "cmd:false"], input="",
                          capture_output=True, text=True, env=environment(tmp_path), timeout=60,
                          check=False)
    assert done.returncode == 2
    assert "does not play Binocle" in done.stderr


@pytest.mark.skipif(TerminalProgram is None or not hasattr(os, "openpty"),
                    reason="no pseudo-terminals on this platform")
def test_a_binocle_game_typed_into_a_terminal(tmp_path: Path) -> None:
    """Plays a whole short game as a person would: cards by number, melds from the list, one
    card the rules forbid after the stock, one move taken back; the final sheet is the
    record's."""
    program = TerminalProgram([*COMMAND, "--plain", "--seed", "3", "--bots", "random", "--lang",
                               "en", *SHORT], env=environment(tmp_path, TERM="xterm-256color"))
    tried_illegal = took_back = False
    cards = 0
    try:
        while True:
            found = program.expect(r"(> $)|(won the game)", timeout=60)
            if found.group(2):
                break
            screen = program.last
            prompt = screen.rstrip().splitlines()[-1]
            if prompt.startswith("Meld"):
                listed = re.search(r"or done \(then the cards are drawn\):\n\s+1 ", screen)
                program.type("1" if listed else "done")
                continue
            assert "your card" in prompt, prompt
            hand = screen[screen.rfind("Your hand"):]
            numbers = re.findall(r"(\d+) (\S+?)(\*?)(?=\s)", hand)
            playable = [n for n, _, mark in numbers if mark]
            forbidden = [n for n, _, mark in numbers if not mark]
            if not tried_illegal and forbidden:
                program.type(forbidden[0])
                program.expect(r"> $")
                assert re.search(r"You must (follow suit|trump)", program.last)
                tried_illegal = True
            program.type(playable[0])
            cards += 1
            if cards == 3 and not took_back:
                program.expect(r"> $")
                program.type("undo")
                program.expect(r"> $")
                assert "Taken back: your move" in program.last
                took_back = True
                program.type(playable[0])
        assert program.wait() == 0
        final = strip_escapes(program.raw)
        final = final[final.rfind("The game is over."):]
    finally:
        program.close()
    assert tried_illegal and took_back
    assert "\x1b[" in program.raw
    record = Path(re.findall(r"The record of this game is at (\S+)", final)[-1])
    check_against_record(final, record)


# --- the presenter, in-process ------------------------------------------------------------------

def meld_position() -> BinocleState:
    """A position where seat 0 has won a trick and may meld (seed 3: a marriage and a
    binocle)."""
    state = new_binocle_game(find_binocle_spec("binocle"), seed=3)
    state = state.apply(A.PLAY[state.hand(0)[0].kind])  # 10♣, taken by A♣
    state = state.apply(A.PLAY[next(c for c in state.hand(1) if c.rank.label == "A"
                                    and c.suit.name == "CLUBS").kind])
    while state.to_move != 0 or state.phase.value != "meld":
        state = state.apply(state.legal_actions()[0])
    return state


def test_melds_are_chosen_from_a_numbered_list() -> None:
    state = meld_position()
    view = state.view(0)
    choices = meld_choices(view)
    assert choices
    for text in ("1", "m1", "meld 1", "melde 1"):
        assert parse_binocle_input(text, view, EN) == BinocleMoves((choices[0],))
    assert parse_binocle_input("done", view, EN) == BinocleMoves((A.DONE,))
    assert parse_binocle_input("fertig", view, DE) == BinocleMoves((A.DONE,))
    with pytest.raises(InputError, match=f"no meld number {len(choices) + 1}"):
        parse_binocle_input(str(len(choices) + 1), view, EN)
    lines = [line.plain for line in render_binocle_table(view, ("Anna", "Karle"), EN)]
    assert any(line.startswith("You took the Stich: one meld") for line in lines)
    assert f"   1  {lines[-len(choices)].split('1  ')[1]}" == lines[-len(choices)]


def test_cards_on_the_table_are_numbered_after_the_hand() -> None:
    state = meld_position()
    choice = meld_choices(state.view(0))[0]
    state = state.apply(choice)
    while state.to_move != 0 or state.phase.value != "play":
        state = state.apply(A.DONE if A.DONE in state.legal_actions()
                            else state.legal_actions()[0])
    view = state.view(0)
    cards = numbered_cards(view)
    on_table = [card for card, table in cards if table]
    assert on_table, "the meld's cards lie on the table"
    number = len(view.hand) + 1
    assert parse_binocle_input(str(number), view, EN) == \
        BinocleMoves((A.PLAY_TABLE[on_table[0].kind],))
    assert parse_binocle_input(f"table {on_table[0]}", view, EN) == \
        BinocleMoves((A.PLAY_TABLE[on_table[0].kind],))
    hand = [line.plain for line in render_binocle_table(view, ("Anna", "Karle"), EN)]
    assert any(line.startswith(f"  table  {number:>2} {on_table[0]}") for line in hand)


def test_a_claim_the_count_does_not_reach_asks_to_be_sure() -> None:
    view = new_binocle_game(seed=1).view(new_binocle_game(seed=1).to_move)
    with pytest.raises(InputError, match="a wrong claim loses the game"):
        parse_binocle_input("claim", view, EN)
    assert parse_binocle_input("claim!", view, EN) == BinocleMoves((A.CLAIM,))
    assert parse_binocle_input("aus!", view, DE) == BinocleMoves((A.CLAIM,))
    assert parse_binocle_input("hint", view, EN) == Command("hint")


def test_the_opponents_draw_stays_hidden() -> None:
    state = new_binocle_game(seed=3)
    names = ("Anna", "Karle")
    while True:
        before = state
        action = state.legal_actions()[0]
        state = state.apply(action)
        if state.stock_size < before.stock_size:
            break
    events = describe_binocle(before, action, before.to_move, state, names, 0)
    drawn = [e for e in events if e.key in ("b_draw_you", "b_draw_other")]
    assert len(drawn) == 1
    stock = state.deal.stock
    top = len(stock) - before.stock_size
    winner = state.tricks[-1].winner
    mine, theirs = (stock[top], stock[top + 1]) if winner == 0 else (stock[top + 1], stock[top])
    assert drawn[0].values["card"].kind == mine
    assert drawn[0].values["name"] == "Karle"
    shown = {v.kind for e in events for v in e.values.values() if hasattr(v, "kind")}
    assert theirs not in shown - {mine} - {c.kind for c in state.tricks[-1].cards}


def test_a_binocle_session_undoes_and_hints() -> None:
    rules = find_binocle_spec("binocle")
    session = session_for(new_binocle_game(rules, 9), [Player("Anna"), Player("Karle", "random")])
    assert isinstance(session, BinocleSession)
    session.run_bots()
    line, action = typed_line(session.state)
    session.play([action])
    session.run_bots()
    assert session.undo() == action
    hint = session.hint(["random"])
    assert hint.action in session.state.legal_actions()
    assert line
    # Without a choice of bots the hint is the expert's (issue 6: the games' hint command).
    best = session.hint()
    assert best.bot == "expert"
    assert best.action in session.state.legal_actions()
    if len(session.state.legal_actions()) > 1:
        assert best.values[0][0] == best.action
        assert {a for a, _, _ in best.values} <= set(session.state.legal_actions())


def test_german_refusals_of_binocle() -> None:
    assert DE.engine_error("You must follow suit and win the trick: you hold A♥ 10♥.") == \
        "Du musst Farbe bedienen und stechen: du hast A♥ 10♥."
    assert DE.engine_error("You must trump: you have no ♠ but hold 9♥ J♥.") == \
        "Du musst trumpfen: du hast kein ♠, aber 9♥ J♥."


@pytest.mark.parametrize("rules_name", ["binocle", "bezique"])
def test_a_trick_won_with_nothing_to_declare_is_not_kept_waiting(rules_name: str) -> None:
    # The person's done is said for it (decision binocle-06); the other seat was shown the
    # declaring step all the same, and undo takes back the person's own card, not the done.
    rules = find_binocle_spec(rules_name)
    said = 0
    for seed in range(12):
        session = session_for(new_binocle_game(rules, seed),
                              [Player("Anna"), Player("Karle", "random")])
        for _ in range(60):
            session.run_bots()
            state = session.state
            if state.is_over:
                break
            assert not state.nothing_to_declare()  # never left to the person
            _, action = typed_line(state)
            session.play([action])
        for i in sorted(session.auto):
            said += 1
            assert session.actions[i] == A.DONE and session.movers[i] == session.human
            before = list(session.state.states())[::-1][i]
            assert before.nothing_to_declare() and before.view(1).phase.value == "meld"
        mine = [i for i, s in enumerate(session.movers) if s == 0 and i not in session.auto]
        if mine:
            undone = session.actions[mine[-1]]
            assert session.undo() == undone and len(session.actions) == mine[-1]
    assert said > 10
