"""The table as a seat sees it, in English and German (rendering is pure: view in, text out)."""

from __future__ import annotations

import pytest

from binokel import Play
from binokel.ui.i18n import Strings, pick_language
from binokel.ui.render import (
    Event,
    compact_events,
    event_text,
    hand_order,
    hint_facts,
    prompt_for,
    render_hand,
    render_last_trick,
    render_rules,
    render_sheet,
    render_sheet_details,
    render_table,
)
from binokel.ui.session import describe

from .states import NAMES, auction, discard, play, random_session, trump

EN, DE = Strings("en"), Strings("de")


def plain(lines: list) -> str:  # type: ignore[type-arg]
    return "\n".join(line.plain for line in lines)


def test_hand_is_numbered_by_suit_and_rank() -> None:
    view = auction().view(0)
    text = plain(render_hand(view, EN))
    cards = hand_order(view)
    assert [c.suit for c in cards] == sorted(c.suit for c in cards)
    for number, card in enumerate(cards, 1):
        assert f"{number:>2} {card}" in text
    assert text.count("\n  ") == len({c.suit for c in cards})  # one line a suit


def test_only_legal_cards_are_marked_when_following() -> None:
    view = play().view(0)
    legal = {a.card for a in view.legal_actions if isinstance(a, Play)}
    text = plain(render_hand(view, EN))
    for number, card in enumerate(hand_order(view), 1):
        assert (f"{number:>2} {card}*" in text) == (card in legal)
    if len(legal) < len(set(view.hand)):
        assert "* = you may play it" in text


def test_table_shows_auction_dabb_melds_trick_and_sheet_in_english() -> None:
    state = play()
    text = plain(render_table(state.view(0), NAMES, EN))
    assert "Reizen (auction): Anna 150 · Karle pass · Frieda pass" in text
    assert "Dabb: " + " ".join(str(c) for c in state.dabb) in text
    assert "laid away: " in text  # the declarer sees what it laid away
    assert "Melden (melds):" in text
    assert "Trumpf (trumps): ♥ hearts" in text
    assert "Declarer Anna · Bid 150" in text
    leader = NAMES[state.leader]
    assert f"Stich {len(state.tricks) + 1} (trick): {leader} leads: {leader} " in text
    assert "Score sheet" in text and "Game to 1500" not in text  # "game to" sits in the title
    assert "game to 1500" in text


def test_table_speaks_german_with_the_table_words() -> None:
    state = play()
    text = plain(render_table(state.view(0), NAMES, DE))
    for word in ("Reizen:", "Dabb:", "Trumpf: ♥ Herz", "Melden:", "Stich ", "Schreibblock",
                 "Deine Karten", "Geber", "Spieler Anna", "Partie bis 1500"):
        assert word in text, word


def test_other_seats_see_no_discard() -> None:
    state = play()
    assert "laid away" not in plain(render_table(state.view(1), NAMES, EN))


def test_melds_are_listed_with_points_per_seat() -> None:
    state = play()
    text = plain(render_table(state.view(1), NAMES, EN))
    for seat in state.active:
        melds = state.melds[seat]
        if melds:
            assert f"= {sum(m.points for m in melds)}" in text
            for meld in melds:
                assert f"{' '.join(str(c) for c in meld.cards)} {meld.points}" in text


def test_score_sheet_totals_follow_the_results() -> None:
    session = random_session(seed=3)
    while len(session.state.results) < 2:
        session.play([session.state.legal_actions()[0]]) if session.is_human_turn else \
            session.run_bots()
    results = session.state.results
    lines = render_sheet(results, range(3), NAMES, EN)
    text = plain(lines)
    assert "Anna" in text and "Meld  Hand Total" in text and "Dealer Decl." in text
    footer = lines[-1].plain.split("│")[1:]
    assert [int(cell.split()[-1]) for cell in footer] == list(results[-1].totals)
    assert max(len(line.plain) for line in lines) <= 80  # fits an 80-column terminal
    assert max(len(line.plain) for line in render_sheet(results, range(3), NAMES, DE)) <= 80
    details = plain(render_sheet_details(results, range(3), NAMES, DE))
    assert details.count("Summe") == len(results)
    assert "Spiel 1 · Geber" in details


def test_empty_sheet_says_so() -> None:
    assert "No hand finished yet." in plain(render_sheet((), range(3), NAMES, EN))
    assert "Noch kein Spiel beendet." in plain(render_sheet((), range(3), NAMES, DE))


def test_last_trick_names_who_played_and_won() -> None:
    state = play(until_seat0_follows=False)
    assert "No Stich" in render_last_trick(state.view(0), NAMES, EN).plain
    while not state.tricks:
        state = state.apply(state.legal_actions()[0])
    trick = state.tricks[-1]
    text = render_last_trick(state.view(0), NAMES, EN).plain
    assert text.startswith("Last Stich: ")
    assert f"won by {NAMES[trick.winner]}" in text
    assert f"{NAMES[trick.leader]} {trick.cards[0]}" in text


@pytest.mark.parametrize(("state", "en", "de"), [
    (auction(), "Reizen: your bid (160 or pass) > ", "Reizen: dein Gebot (160 oder passe) > "),
    (discard(), "Lay away 4 cards", "4 Karten drücken"),
    (trump(), "Name Trumpf (♣ ♠ ♥ ♦), Durch, or give up: out ♦ > ", "Trumpf ansagen"),
    (play(until_seat0_follows=False), "Stich 1: your card", "Stich 1: deine Karte"),
])
def test_prompts_name_the_decision(state: object, en: str, de: str) -> None:
    from binokel import GameState

    assert isinstance(state, GameState)
    seat = state.to_move
    assert prompt_for(state.view(seat), EN).startswith(en)
    assert prompt_for(state.view(seat), DE).startswith(de)


def test_a_computer_players_discards_stay_hidden() -> None:
    before = discard()
    action = before.legal_actions()[0]
    events = describe(before, action, 0, before.apply(action), NAMES, human=1)
    text = " ".join(event_text(e, EN).plain for e in events)
    assert text == "Anna lays away (drückt) a card."
    assert str(action.card) not in text  # type: ignore[union-attr]


def test_events_are_told_in_both_languages() -> None:
    event = Event("takes_trick", {"name": "Karle", "cards": (), "points": 21})
    assert event_text(event, EN).plain == "Karle takes the Stich (): 21 points."
    assert event_text(event, DE).plain == "Karle macht den Stich (): 21 Punkte."


def test_suits_are_coloured_but_plain_text_has_no_codes() -> None:
    line = render_hand(auction().view(0), EN)[1]
    assert line.spans  # styled for a colour terminal
    assert "\x1b" not in line.plain


def test_rules_summary() -> None:
    text = plain(render_rules(auction().rules, EN))
    assert "Reizen from 150 in steps of 10." in text
    assert "1500" in text
    assert "Reizen ab 150" in plain(render_rules(auction().rules, DE))


def test_engine_refusals_are_translated_to_german() -> None:
    assert DE.engine_error("You must follow suit: you hold ♥.") == \
        "Du musst Farbe bedienen: du hast ♥."
    assert DE.engine_error("You must beat Q♥: you hold A♥ K♥.") == \
        "Du musst Q♥ überstechen: du hast A♥ K♥."
    assert DE.engine_error("Something new.") == "Something new."
    assert EN.engine_error("You must follow suit: you hold ♥.") == \
        "You must follow suit: you hold ♥."


@pytest.mark.parametrize(("env", "lang"), [
    ({"LANG": "de_DE.UTF-8"}, "de"), ({"LANG": "en_GB.UTF-8"}, "en"), ({}, "en"),
    ({"LC_ALL": "de_AT", "LANG": "en_US"}, "de"), ({"LANG": "C.UTF-8"}, "en"),
])
def test_language_follows_the_locale(env: dict[str, str], lang: str) -> None:
    assert pick_language(env) == lang


def test_a_long_duel_is_shortened_around_an_ellipsis() -> None:
    from binokel import apply_all

    state = apply_all(auction(), ["160", "170", "180", "190", "200", "210", "pass"])
    text = render_table(state.view(state.to_move), NAMES, EN)[2].plain
    assert text == ("Reizen (auction): Karle 150 · Frieda 160 · … · Frieda 200 · Karle 210 · "
                    "Frieda pass")


def test_long_runs_of_bids_since_the_last_move_are_shortened() -> None:
    bids = [Event("bids", {"name": "Karle", "bid": b}) for b in range(160, 260, 10)]
    shown = compact_events([*bids, Event("passes", {"name": "Frieda"})])
    assert shown == [bids[0], bids[1], None, bids[-2], bids[-1], shown[-1]]
    assert compact_events(bids[:5]) == bids[:5]


def test_a_hint_without_the_bots_reasons_says_what_the_card_does() -> None:
    from binokel.games.binokel.tricks import trick_winner

    view = play().view(0)
    for action in view.legal_actions:
        assert isinstance(action, Play)
        cards = [c for _, c in view.trick] + [action.card]
        said = hint_facts(view, action, EN)
        assert said is not None
        wins = trick_winner(cards, view.trump) == len(cards) - 1
        assert said.startswith(f"{action.card} takes" if wins else f"{action.card} does not")
    forced = discard()
    assert hint_facts(forced.view(0), forced.legal_actions()[0], EN) is None


def test_prompts_follow_the_rule_set() -> None:
    from binokel import Rules, new_game

    jumps = new_game(Rules(bid_jumps=True, max_bid=300), seed=1)
    assert "(160–300 or pass)" in prompt_for(jumps.view(jumps.to_move), EN)
    state = new_game(Rules(open_durch=True), seed=7, dealer=2)
    for _ in range(6):  # two passes, four cards laid away
        state = state.apply(state.legal_actions()[0])
    assert ", Durch, open Durch (open), or give up" in prompt_for(state.view(0), EN)


def test_four_player_score_sheet_fits_80_columns() -> None:
    from binokel.bots import RandomBot
    from binokel.games.binokel.game import new_game as new_binokel_game
    from binokel.games.binokel.rulefile import find_rules
    from binokel.ui.session import Player, Session

    names = ("Anna", "Karle", "Frieda", "Sepp")
    players = [Player(names[0]), *(Player(n, "random") for n in names[1:])]
    session = Session(new_binokel_game(find_rules("binokel-4"), seed=4), players,
                      bot_factory=lambda spec: RandomBot())
    while len(session.state.results) < 2:
        session.play([session.state.legal_actions()[0]]) if session.is_human_turn else \
            session.run_bots()
    results = session.state.results
    for tr in (EN, DE):
        lines = render_sheet(results, range(4), names, tr)
        assert max(len(line.plain) for line in lines) <= 80
        text = plain(lines)
        assert all(name in text for name in names)
        assert ("Hand Total" if tr is EN else "Spiel Summe") in text
        footer = lines[-1].plain.split("│")[1:]
        assert [int(cell.split()[-1]) for cell in footer] == list(results[-1].totals)
        for row, result in zip(lines[3:-1], results, strict=True):
            cells = row.plain.split("│")[1:]
            assert [tuple(map(int, c.split())) for c in cells] == [
                (result.scores[s], result.totals[s]) for s in range(4)]
