"""The pad's questions (ui/pad_dialogue.py) without a terminal: Binocle and Bézique hands,
claims, a meld that reaches the target, German words, commands, refusals that ask again."""

from __future__ import annotations

from pathlib import Path

from binokel.pad import Pad
from binokel.ui.i18n_pad import PadStrings
from binokel.ui.pad_dialogue import PadDialogue


def talk(rules: str, players: list[str], lang: str = "en", dealer: int = 0) -> PadDialogue:
    return PadDialogue(Pad.new(rules, players, first_dealer=dealer),
                       PadStrings(lang))  # type: ignore[arg-type]


def answers(dialogue: PadDialogue, *lines: str) -> list[str]:
    shown: list[str] = []
    for line in lines:
        shown += dialogue.answer(line)
    return shown


def test_a_binocle_hand_melds_as_made_card_points_and_the_last_trick() -> None:
    d = talk("binocle", ["Anna", "Karle"], dealer=1)
    assert d.opening[-1] == "Hand 1 - Karle deals."
    shown = answers(d, "h dix", "anna royal marriage", "karle binocle", "anna sequence",
                    "karle four tens", "karle marriage spades", "", "130", "karle")
    assert "  Anna: royal marriage 40 - 40" in shown
    assert "  Karle: binocle 40 - 50" in shown  # the dealer's turned dix counted first
    assert any(line.startswith("Refused, nothing changed: not a meld") for line in shown)
    assert "Hand 1: Anna +320, Karle +190" in shown
    assert d.pad.sheet().totals == (40 + 150 + 130, 10 + 40 + 20 + 110 + 10)
    assert d.pad.sheet().dealer == 0
    assert any("counters: Anna 3 blue, 2 white" in line for line in shown)


def test_a_meld_that_reaches_the_target_ends_the_hand_and_the_game() -> None:
    d = talk("binocle+target=300", ["Anna", "Karle"])
    shown = answers(d, "c", "anna sequence", "anna royal marriage", "karle four aces",
                    "anna eight kings")
    assert "  Anna has reached 300!" in shown
    assert "Anna won the game!" in shown
    assert d.pad.sheet().winners == (0,)


def test_a_claim_is_checked_and_bezique_has_none() -> None:
    d = talk("bezique", ["Anna", "Karle"])
    shown = answers(d, "s", "karle sequence", "", "claim karle 40")[1:]
    assert shown == ["Refused, nothing changed: claim: no claims under these rules (claims is "
                     "off, §7)"]
    assert d.prompt.startswith("Card points of Karle")
    d = talk("binocle+target=300", ["Anna", "Karle"])
    shown = answers(d, "s", "karle royal marriage", "", "claim karle 40")
    assert d.pad.sheet().winners == (0,)
    assert "Hand 1: Karle claimed 300 with 80: wrongly, and the adversary wins" in shown


def test_german_words_and_commands() -> None:
    d = talk("binokel", ["Anna", "Berta", "Karle"], lang="de", dealer=2)
    assert d.opening[-1] == "Spiel 1 - Karle gibt, Anna ist Vorhand."
    shown = answers(d, "berta 200", "ab s", "20", "40")  # Karle, then Anna: from Berta on
    assert d.pad.sheet().totals == (90, -200, 70)
    shown = answers(d, "ungültig")
    assert "Spiel 2 ist ungültig: Anna gibt noch einmal." in shown
    shown = answers(d, "zurück")
    assert "Spiel 2 zurückgenommen." in shown and len(d.pad.entries) == 1
    shown = answers(d, "hilfe")
    assert shown[0].startswith("Befehle bei jeder Frage")


def test_refused_answers_name_the_rule_and_ask_the_same_question_again(tmp_path: Path) -> None:
    d = talk("binokel-4-dealer-out", ["Anna", "Berta", "Karle", "Dieter"], dealer=3)
    assert d.opening[-1] == "Hand 1 - Dieter deals and sits out, Anna is forehand."
    shown = answers(d, "dieter 200")
    assert shown == ["Refused, nothing changed: Dieter dealt and sits this hand out "
                     "(dealer_sits_out): the dealer cannot be the declarer"]
    assert d.prompt.startswith("Declarer and bid")
    shown = answers(d, "anna 200", "x")
    assert d.prompt.startswith("Trumps") and "not a suit" in shown[0]
    shown = answers(d, "d", "125")
    assert "melds count in tens (§5)" in shown[0] and d.prompt.startswith("Melds of Anna")
    answers(d, "100", "", "", "150", "60")  # Karle's derived: 40
    shown = answers(d, "zoe")
    assert "no player 'zoe'" in shown[0]
    answers(d, "")
    assert d.pad.sheet().totals == (250, 60, 40, 0)
    target = tmp_path / "sheet.csv"
    assert answers(d, f"csv {target}") == [f"Score sheet written to {target}."]
    assert target.read_text(encoding="utf-8").splitlines()[1].startswith("1,Dieter,Anna,200")


def test_a_plain_binokel_hand_takes_24_keystrokes() -> None:
    """What the closing note reports: a made trump hand, typed with name starts, Enter for no
    melds and for nobody without a trick."""
    d = talk("binokel", ["Anna", "Berta", "Karle"], dealer=2)
    typed = ["a 300", "h", "190", "20", "", "128", "80", ""]
    shown = answers(d, *typed)
    assert "Hand 1: Anna made 318 of 300" in shown
    assert d.pad.sheet().totals == (318, 100, 42)
    assert sum(len(line) + 1 for line in typed) == 24  # each answer and its Enter


def test_every_sides_trick_points_at_once_are_checked_to_add_up() -> None:
    d = talk("binokel", ["Anna", "Berta", "Karle"], dealer=2)
    shown = answers(d, "a 300", "h", "190", "", "", "128 80 52")
    assert "128 + 80 + 52 = 260, but a hand's tricks add up to 250" in shown[0]
    assert d.prompt.startswith("Trick points of Anna")
    answers(d, "128 80 42", "")
    assert d.pad.sheet().totals == (318, 80, 42)


def test_german_tallies() -> None:
    d = talk("binocle", ["Anna", "Karle"], lang="de", dealer=1)
    shown = answers(d, "h dix", "anna royal marriage", "", "130", "karle")
    sheet = next(line for line in shown if "Spielmarken" in line)
    assert "Spielmarken: Anna 1 blau, 1 rot, 2 weiß" in sheet
    assert "Cribbage-Brett: Anna Runde 1, Loch 38" in sheet


def test_the_german_pad_takes_german_suits_and_answers_in_german() -> None:
    # Issue 44: "ab Schellen" and "Herz" were refused with an English error, and the hand's
    # line said "gave up" in English.
    d = talk("binokel", ["Anna", "Berta", "Karle"], lang="de", dealer=2)
    shown = answers(d, "berta 200", "ab Pik-Schellen")
    assert shown == ["Abgelehnt, nichts geändert: keine Farbe: 'pik-schellen' (♣ ♠ ♥ ♦, C S H D "
                     "oder Kreuz Schippen Herz Schellen)"]
    shown = answers(d, "ab Schellen", "20", "40")
    assert "Spiel 1: Berta ist abgegangen: -200, die anderen 50 und ihre Meldung" in shown
    assert "Berta 200 ab ♦" in shown[1]
    answers(d, "karle 150", "Herz")
    assert d.prompt.startswith("Meldung von Karle")  # the declarer's melds first


def test_melds_are_asked_from_the_declarer_on() -> None:
    d = talk("binokel", ["Anna", "Berta", "Karle"], dealer=2)  # Anna is forehand
    answers(d, "karle 200", "h")
    asked = [d.prompt]
    answers(d, "0")
    asked.append(d.prompt)
    answers(d, "0")
    asked.append(d.prompt)
    assert [q.split(":")[0] for q in asked] == ["Melds of Karle", "Melds of Anna",
                                                 "Melds of Berta"]


def test_a_yes_no_question_answered_otherwise_is_asked_again_with_a_word() -> None:
    d = talk("binokel", ["Anna", "Berta", "Karle"], dealer=2)
    answers(d, "anna 400", "durch")
    question = d.prompt
    assert question.startswith("Did Anna take every trick")
    assert answers(d, "maybe") == ["Please answer y or n (not 'maybe')."]
    assert answers(d, "") == ["Please answer y or n (not '')."]
    assert d.prompt == question and not d.pad.entries
    answers(d, "y")
    assert len(d.pad.entries) == 1


def test_edit_shows_what_was_entered_and_the_sheet_marks_made_and_missed() -> None:
    d = talk("binokel", ["Anna", "Berta", "Karle"], dealer=2)
    answers(d, "anna 300", "h", "190", "KS QS", "", "128", "80", "")  # made
    shown = answers(d, "berta 300", "s", "", "", "", "100", "50", "")  # missed
    sheet = next(t for t in shown if t.startswith("Hand Dealer"))
    rows = sheet.splitlines()
    assert "Anna 300 ♥ ✓" in rows[1] and "Berta 300 ♠ ✗" in rows[2]
    assert rows[-1].strip() == "✓ made · ✗ missed"
    shown = answers(d, "edit 1")
    assert shown[0].splitlines()[1] == ("It was: Anna 300 ♥ · melds Anna 190, Berta K♠ Q♠, "
                                        "Karle 0 · points 128 80 42 · Anna made 318 of 300")


def test_the_german_pad_refuses_the_common_mistakes_in_german() -> None:
    d = talk("binokel", ["Anna", "Berta", "Karle"], lang="de", dealer=2)
    assert answers(d, "anna 405") == ["Abgelehnt, nichts geändert: Gebot 405: gereizt wird in "
                                      "Schritten von 10 ab 150 (bid_step, §3)"]
    assert answers(d, "anna 300", "h", "195") == [
        "Abgelehnt, nichts geändert: Meldung von Anna: 195 ist keine Meldung; Meldungen zählen "
        "in Zehnern (§5)"]
    assert answers(d, "190", "", "", "128 80 30") == [
        "Abgelehnt, nichts geändert: Stichpunkte: 128 + 80 + 30 = 238, aber die Stiche eines "
        "Spiels ergeben mit dem letzten Stich 250 (§1)"]


def test_melds_are_one_number_or_cards_and_a_wrong_card_names_this_packs_ranks() -> None:
    d = talk("binokel", ["Anna", "Bert", "Cora"], dealer=0)
    shown = answers(d, "Bert 300", "H")
    assert d.prompt == "Melds of Bert: one number, or the cards (Enter: 0):"
    shown = answers(d, "190 0 0")  # three numbers: one is asked for, not 'not a card: 190'
    assert shown[0] == ("Refused, nothing changed: '190 0 0': the melds are one number (their "
                        "total), or the cards")
    shown = answers(d, "KH X9")  # 40-card Binokel: no 9, 8 or 7 among the ranks listed
    assert shown[0] == ("Refused, nothing changed: not a card: 'X9' (ranks are A 10 K Q J, "
                        "T for 10, O U for Q J)")
    assert d.prompt.startswith("Melds of Bert")  # asked again, nothing taken
    shown = answers(d, "190")
    assert d.prompt.startswith("Melds of Cora")


def test_the_ranks_a_wrong_card_names_follow_the_rule_set_and_the_language() -> None:
    d = talk("binokel-sevens", ["Anna", "Bert", "Cora"], lang="de", dealer=0)
    answers(d, "Bert 300", "H")
    assert d.prompt == "Meldung von Bert: eine Zahl oder die Karten (Enter: 0):"
    shown = answers(d, "ZH")
    assert shown[0] == ("Abgelehnt, nichts geändert: keine Karte: 'ZH' (Ränge sind A 10 K O U 7, "
                        "T für 10, Q J für O U)")
