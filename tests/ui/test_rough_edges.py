"""The rough edges a new player hit in ``binokel play`` (issue 15), one test each, in both
languages where words are involved."""

from __future__ import annotations

import io
import json
import random
import re
import subprocess
from pathlib import Path

import pytest

from binokel import GiveUp, Pass, Suit, new_game, parse_action
from binokel.errors import RulesError
from binokel.games import dump_records
from binokel.games.binocle import Ending, new_binocle_game
from binokel.games.binocle import actions as BA
from binokel.games.binokel import actions as A
from binokel.games.binokel.rulefile import find_rules, resolve_rules
from binokel.tools.bench import run_bench
from binokel.ui import i18n
from binokel.ui.binocle_render import binocle_prompt, render_binocle_final
from binokel.ui.i18n import Strings
from binokel.ui.parse import Moves, parse_input
from binokel.ui.render import event_text, prompt_for, render_rules, render_sheet, render_table
from binokel.ui.session import Player, Session, describe
from binokel.ui.terminal import PlainScreen, Table, hint_item, wrap_words
from binokel.ui.tui.summary import hand_summary

from .states import NAMES, discard, play, random_session, trump
from .test_play_command import COMMAND, environment

EN, DE = Strings("en"), Strings("de")


def told(state_before: object, action: object, tr: Strings) -> list[str]:
    before = state_before
    after = before.apply(action)  # type: ignore[attr-defined]
    return [event_text(e, tr).plain
            for e in describe(before, action, before.to_move, after,  # type: ignore
                              ["You" if tr is EN else "Du", *NAMES[1:]], human=0)]


@pytest.mark.parametrize(("action", "en", "de"), [
    (A.Durch(), "You announce Durch!", "Du sagst Durch an!"),
    (GiveUp(Suit.DIAMONDS), "You go out (Abgehen) in ♦.", "Du gehst ab, Trumpf ♦."),
])
def test_your_own_moves_are_told_in_the_you_form(action: object, en: str, de: str) -> None:
    state = trump()
    assert en in told(state, action, EN)
    assert de in told(state, action, DE)


def test_every_message_has_a_you_form_where_a_name_would_read_wrong() -> None:
    for lang in ("en", "de"):
        tr = Strings(lang)
        for key in ("bids", "passes", "lays_hidden", "takes_dabb", "names_trump",
                    "announces_durch", "announces_open", "gives_up", "b_claim_right",
                    "b_claim_wrong", "b_reached", "b_counted", "b_last_bonus"):
            template = tr.template(f"{key}_you")
            assert "{name}" not in template, (lang, key)
            assert template.split()[0] in ("You", "Du", "The", "Der"), (lang, key)


def test_no_message_leaves_a_plural_to_guess() -> None:
    """ "Karte(n)", "card(s)": each count has its singular and plural form."""
    for table in (i18n._EN, i18n._DE):
        for key, text in table.items():
            assert not re.search(r"\w\((n|s|e)\)", text), (key, text)
    assert EN("lays_hidden", name="Karle", count=1) == "Karle lays away (drückt) a card."
    assert DE("lays_hidden", name="Karle", count=3) == "Karle drückt 3 Karten."
    assert DE("game_hands", hands=1) == "Partie über ein Spiel"


def test_the_english_screen_names_the_melds_in_english() -> None:
    assert EN.meld("family") == "Family" and EN.meld("pair") == "Pair"
    assert DE.meld("family") == "Familie" and DE.meld("pair") == "Paar"


def test_the_german_rules_summary_is_german() -> None:
    lines = [t.plain for t in render_rules(new_game(seed=1).rules, DE)]
    assert "Drei Spieler" in lines[0]
    assert not any("players" in line or "Three" in line for line in lines)


@pytest.mark.parametrize("state", [discard(), trump(), play()], ids=["discard", "trump", "play"])
def test_a_hint_is_told_in_words_the_player_can_type_back(state: object) -> None:
    """The German hint says ``passe``, ``drück Q♠``, ``Trumpf ♥``, ``ab ♦``: each reads back as
    the same move."""
    view = state.view(0)  # type: ignore[attr-defined]
    for action in view.legal_actions:
        for tr in (EN, DE):
            said = tr.action(action)
            parsed = parse_input(said, view, tr)
            assert isinstance(parsed, Moves) and parsed.actions == (action,), (tr.lang, said)
    assert DE.action(Pass()) == "passe" and EN.action(Pass()) == "pass"


def test_the_german_help_and_prompt_lay_away_with_druck() -> None:
    assert "drück 3 7 9 12" in DE("help") and "lay 3 7" not in DE("help")
    assert "drück 3 7 9 12" in prompt_for(discard().view(0), DE)


def test_trump_and_the_declarer_stay_beside_the_trick_prompt() -> None:
    """At 80×24 the header scrolls away during the tricks: the prompt repeats Trumpf, and the
    line above the trick names the declarer, the bid and the side's points."""
    view = play().view(0)
    for tr in (EN, DE):
        assert "Trumpf ♥" in prompt_for(view, tr)
        tail = [line.plain for line in render_table(view, NAMES, tr)][-8:]
        assert any("Trumpf ♥" in line and NAMES[0] in line and "150" in line
                   for line in tail), tail
    binocle = new_binocle_game(seed=3).view(0)
    assert f"Trumpf {binocle.trump.symbol}" in binocle_prompt(binocle, DE)


def test_a_claimed_binocle_hand_counts_its_stiche_in_the_totals() -> None:
    state = new_binocle_game(seed=7)
    while len(state.tricks) < 6:
        state = state.apply(next(a for a in state.legal_actions()
                                 if not isinstance(a, BA.Claim)))
    state = state.apply(BA.CLAIM)
    assert state.is_over and state.ending is Ending.WRONG_CLAIM
    counted = [state.scores[s] + state.points[s] for s in (0, 1)]
    assert counted != list(state.scores), "the position must have card points to count"
    for tr in (EN, DE):
        text = "\n".join(t.plain for t in render_binocle_final(state.view(0), ["Anna", "Karle"],
                                                               tr))
        totals = re.search(r"(?:Final totals|Endstand): Anna (-?\d+) · Karle (-?\d+)", text)
        assert totals is not None and [int(n) for n in totals.groups()] == counted


def table_for(tmp_path: Path, tr: Strings = EN) -> tuple[Table, io.StringIO]:
    out = io.StringIO()
    screen = PlainScreen(io.StringIO(), out)
    session = random_session()
    saved: list[Path] = []

    def save(session: object, path: Path) -> None:
        path.write_text("record", encoding="utf-8")
        saved.append(path)

    return Table(session, screen, tr, record_path=tmp_path / "auto.binokel", save=save), out


@pytest.mark.parametrize(("tr", "words"), [(EN, "it is a folder"), (DE, "das ist ein Ordner")])
def test_saving_onto_a_folder_names_the_folder_not_a_temporary_file(
        tmp_path: Path, tr: Strings, words: str) -> None:
    table, out = table_for(tmp_path, tr)
    table.save_copy(tmp_path)
    said = out.getvalue()
    assert words in said and ".tmp" not in said


@pytest.mark.parametrize(("tr", "words"), [(EN, "there is no folder"),
                                           (DE, "es gibt keinen Ordner")])
def test_saving_into_a_missing_folder_makes_no_folders(tmp_path: Path, tr: Strings,
                                                      words: str) -> None:
    table, out = table_for(tmp_path, tr)
    target = tmp_path / "nonexistent" / "dir" / "x"
    table.save_copy(target)
    assert words in out.getvalue()
    assert not (tmp_path / "nonexistent").exists()


@pytest.mark.parametrize(("tr", "words"), [(EN, "Type a move"), (DE, "Tippe einen Zug")])
def test_an_empty_enter_gets_a_reminder_on_its_own_line(tmp_path: Path, tr: Strings,
                                                        words: str) -> None:
    out = io.StringIO()
    screen = PlainScreen(io.StringIO("\n"), out)
    session = random_session()
    table = Table(session, screen, tr, record_path=tmp_path / "a", save=lambda s, p: None)
    assert table.run() == 0
    lines = out.getvalue().splitlines()
    reminder = next(i for i, line in enumerate(lines) if words in line)
    assert lines[reminder].startswith(words)  # not glued to the prompt before it


def test_a_long_hint_line_breaks_between_moves_never_inside_one() -> None:
    items = [hint_item(DE.action(parse_action(text)), value) for text, value in
             (("300", -89.4), ("pass", 3.0), ("lay Q♠", 12.5), ("trump ♥", -0.25),
              ("310", -120.0), ("320", 7.75))]
    text = DE("hint_values", n=24, values=" · ".join(items))
    for width in (30, 41, 57, 80):
        lines = wrap_words(text, width)
        joined = " ".join(line.strip() for line in lines)
        for item in items:
            assert item.replace("\u00a0", " ") in joined
        for line in lines:
            assert not re.match(r"\s*[+−-]?\d+\.\d", line), line  # no value cut from its move


@pytest.mark.parametrize(("setting", "field"), [("min_bid=155", "min_bid"),
                                                ("bid_step=7", "bid_step")])
def test_bids_go_in_tens(setting: str, field: str) -> None:
    with pytest.raises(RulesError, match=f"{field}: bids go in tens"):
        resolve_rules(None, [setting], None)
    assert resolve_rules(None, ["min_bid=200", "bid_step=20"], None).bid_step == 20


def test_bench_reports_progress_after_every_run() -> None:
    rules = resolve_rules(None, [], None)
    calls: list[int] = []
    run_bench(rules, runs=2, seconds=0.02, on_run=lambda: calls.append(1))
    assert len(calls) == 4


def test_bench_keeps_its_figures_on_standard_output(tmp_path: Path) -> None:
    done = subprocess.run([*COMMAND[:-1], "bench", "--runs", "1", "--seconds", "0.05",
                           "--json"], capture_output=True, text=True, timeout=60,
                          env=environment(tmp_path), check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["hands_per_second"] > 0


def hint_file(tmp_path: Path) -> Path:
    first = new_game(seed=1)
    second = new_game(seed=2).apply(parse_action("pass"))
    path = tmp_path / "two.binokel"
    path.write_text(dump_records([first, second]), encoding="utf-8")
    return path


def test_hint_picks_a_game_of_a_file_of_several(tmp_path: Path) -> None:
    path = hint_file(tmp_path)
    run = [*COMMAND[:-1], "hint", str(path), "--bot", "expert:samples=2", "--json"]
    last = subprocess.run(run, capture_output=True, text=True, timeout=120,
                          env=environment(tmp_path), check=False)
    first = subprocess.run([*run, "--game", "1"], capture_output=True, text=True, timeout=120,
                           env=environment(tmp_path), check=False)
    assert last.returncode == 0 and first.returncode == 0, last.stderr + first.stderr
    # Game 2 is one pass further on: another seat is to move.
    assert json.loads(last.stdout)["seat"] != json.loads(first.stdout)["seat"]


def test_hint_says_in_words_which_games_a_file_holds(tmp_path: Path) -> None:
    path = hint_file(tmp_path)
    done = subprocess.run([*COMMAND[:-1], "hint", str(path), "--game", "5"],
                          capture_output=True, text=True, timeout=60,
                          env=environment(tmp_path), check=False)
    assert done.returncode == 2
    assert "holds 2 games; choose 1 to 2" in done.stderr
    assert "load_records" not in done.stderr


def test_a_game_begun_in_german_resumed_in_english_calls_you_you(tmp_path: Path) -> None:
    env = environment(tmp_path)
    first = subprocess.run([*COMMAND, "--seed", "5", "--lang", "de"], input="",
                           capture_output=True, text=True, timeout=60, env=env, check=False)
    assert first.returncode == 0, first.stderr
    second = subprocess.run([*COMMAND, "--resume", "--lang", "en"], input="pass\n",
                            capture_output=True, text=True, timeout=60, env=env, check=False)
    assert second.returncode == 0, second.stderr
    assert "Du pass" not in second.stdout and "Du " not in second.stdout
    assert re.search(r"\bYou\b", second.stdout)


def test_a_session_keeps_the_person_when_renamed() -> None:
    session = Session(new_game(seed=5), [Player("Du"), Player("Karle", "random"),
                                         Player("Frieda", "random")])
    assert EN.is_default_name(session.players[0].name)
    assert not EN.is_default_name("Karle")


def _played_hand(rules_name: str, seed: int = 3) -> object:
    state = new_game(find_rules(rules_name), seed=seed)
    rng = random.Random(seed)
    while not state.results:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


FOUR = ("Anna", "Karle", "Frieda", "Sepp")


@pytest.mark.parametrize(("tr", "words"), [(EN, "Anna & Frieda against Karle & Sepp"),
                                           (DE, "Anna & Frieda gegen Karle & Sepp")])
def test_kreuzbinokel_names_the_teams_on_the_table_and_in_the_rules(tr: Strings,
                                                                    words: str) -> None:
    state = _played_hand("kreuzbinokel")
    view = state.view(0)  # type: ignore[attr-defined]
    table = "\n".join(t.plain for t in render_table(view, FOUR, tr))
    rules = "\n".join(t.plain for t in render_rules(view.rules, tr, FOUR))
    assert words in table and words in rules


def test_the_kreuzbinokel_sheet_has_one_column_per_team() -> None:
    state = _played_hand("kreuzbinokel")
    result = state.results[-1]  # type: ignore[attr-defined]
    lines = [t.plain for t in render_sheet(state.results, range(4), FOUR, EN,  # type: ignore
                                           teams=((0, 2), (1, 3)))]
    assert "Anna&Frieda" in lines[1] and "Karle&Sepp" in lines[1]
    assert lines[1].count("│") == 2  # two columns, not four
    row = lines[3].split("│")[1:]
    assert [int(n) for n in row[0].split()][-1] == result.totals[0]
    assert [int(n) for n in row[1].split()][-1] == result.totals[1]


@pytest.mark.parametrize(("tr", "word"), [(EN, "plays alone against"),
                                          (DE, "spielt allein gegen")])
def test_one_against_three_names_the_sides(tr: Strings, word: str) -> None:
    state = new_game(find_rules("binokel-4"), seed=4)
    while state.declarer is None:
        state = state.apply(state.legal_actions()[0])
    view = state.view(0)
    table = "\n".join(t.plain for t in render_table(view, FOUR, tr))
    others = " & ".join(n for s, n in enumerate(FOUR) if s != state.declarer)
    assert f"{FOUR[state.declarer]} {word} {others}" in table


@pytest.mark.parametrize("tr", [EN, DE])
def test_the_end_of_hand_summary_tells_every_seat_and_the_teams(tr: Strings) -> None:
    state = _played_hand("kreuzbinokel")
    view = state.view(0)  # type: ignore[attr-defined]
    text = "\n".join(t.plain for t in hand_summary(view, FOUR, tr))
    result = view.results[-1]
    for seat, name in enumerate(FOUR):
        line = next(line for line in text.splitlines() if line.strip().startswith(name))
        assert line.split()[-1] == str(result.totals[seat])
    assert tr("sum_team", names="Anna & Frieda") in text
    assert tr("sum_title", n=1) in text
