"""The words of the terminal game in German and English.

Binokel is played in Swabia, so the table words (Reizen, Dabb, Trumpf, Melden, Abgehen, Durch,
Familie, Stich) are the game's own terms: the German screen uses them plainly and the English one
keeps them, with an English gloss where a newcomer needs it.

>>> tr = Strings("en")
>>> tr("bids", name="Karle", bid=170)
'Karle bids 170.'
>>> Strings("de")("bids", name="Karle", bid=170)
'Karle reizt 170.'
>>> pick_language({"LANG": "de_DE.UTF-8"})
'de'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Literal

from ..cards import Suit
from .catalogue import WORDS
from .i18n_cards import T, local_cards
from .i18n_cli import _DE_CLI, _EN_CLI
from .i18n_forms import bot_name, singular
from .i18n_review import _DE_REVIEW, _EN_REVIEW
from .i18n_screen import _DE_LEARN, _DE_TUI, _EN_LEARN, _EN_TUI

Lang = Literal["de", "en"]
LANGUAGES: tuple[Lang, ...] = ("de", "en")


def pick_language(environ: Mapping[str, str]) -> Lang:
    """The language of the system locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = environ.get(name, "")
        if value:
            return "de" if value.lower().startswith("de") else "en"
    return "en"


_EN: dict[str, str] = {
    # table words and headings
    "title": "Binokel",
    "hand_no": "hand {n}",
    "game_to": "game to {target}",
    "game_hands": "game of {hands} hands",
    "game_hands/1": "a game of one hand",
    "dealer": "Dealer",
    "declarer": "Declarer",
    "bid": "Bid",
    "auction": "Reizen (auction)",
    "dabb": "Dabb",
    "trump": "Trumpf (trumps)",
    "no_trump": "not named yet",
    "durch": "Durch (no trumps, the declarer must take every Stich)",
    "melds": "Melden (melds)",
    "no_melds": "none",
    "trick": "Stich {n} (trick)",
    "leads": "{name} leads",
    "you_lead": "you lead",
    "tricks_won": "Stiche won",
    "your_hand": "Your hand",
    "legend": "* = you may play it",
    "score_sheet": "Score sheet",
    "sheet_head": "Dealer Decl. Bid Game",
    "sheet_sub": "Meld  Hand Total",
    "total": "Total",
    "no_hands": "No hand finished yet.",
    "last_trick": "Last Stich",
    "no_last_trick": "No Stich has been played yet.",
    "won_by": "won by {name}",
    "recent": "Since your last move",
    "laid_away": "laid away",
    "row_melds": "Melds",
    "row_tricks": "Stiche",
    "row_score": "Hand",
    "row_total": "Total",
    "row_discards": "Stiche: card points won, last Stich +10; laid away: {points}, "
                    "counted for the declarer.",
    "you": "You",
    "pass_word": "pass",
    "out_word": "out",
    "made": "made",
    "failed": "failed",
    "gave_up": "Abgehen",
    "wins_game": "{names} won the game!",
    "wins_game_you": "You won the game!",
    "win_game": "{names} won the game together!",
    "game_over": "The game is over.",
    "final_totals": "Final totals",
    "record_at": "The record of this game is at {path}",
    "resume_hint": "Continue later with: binokel play --resume",
    # events
    "forced": "{name} opens at {bid} (forehand must).",
    "bids": "{name} bids {bid}.",
    "passes": "{name} passes.",
    "declares": "{name} is declarer at {bid} and turns up the Dabb: {cards}.",
    "takes_dabb": "{name} takes the Dabb.",
    "lays": "{name} lays away (drückt) {card}.",
    "lays_hidden": "{name} lays away (drückt) {count} cards.",
    "lays_hidden/1": "{name} lays away (drückt) a card.",
    "names_trump": "{name} names {suit} as Trumpf.",
    "announces_durch": "{name} announces Durch!",
    "announces_open": "{name} announces open Durch!",
    "gives_up": "{name} goes out (Abgehen) in {suit}.",
    "bids_you": "You bid {bid}.",
    "passes_you": "You pass.",
    "lays_hidden_you": "You lay away (drücken) {count} cards.",
    "lays_hidden_you/1": "You lay away (drücken) a card.",
    "takes_dabb_you": "You take the Dabb.",
    "names_trump_you": "You name {suit} as Trumpf.",
    "announces_durch_you": "You announce Durch!",
    "announces_open_you": "You announce open Durch!",
    "gives_up_you": "You go out (Abgehen) in {suit}.",
    "plays": "{name} plays {card}.",
    "plays_you": "You play {card}.",
    "takes_trick": "{name} takes the Stich ({cards}): {points} points.",
    "hand_over": "Hand {n} is over.",
    "hand_made": "{name} made the bid of {bid}: {score:+d}.",
    "hand_failed": "{name} missed the bid of {bid}: {score:+d}.",
    "hand_gave_up": "{name} gave up at {bid}: {score:+d}; the others score 50 plus their melds.",
    "hand_durch_won": "{name} took every Stich in Durch: {score:+d}.",
    "hand_durch_lost": "{name} lost the Durch: {score:+d}.",
    "new_hand": "Hand {n}: {name} deals.",
    "declares_you": "You are declarer at {bid}; the Dabb: {cards}.",
    "takes_trick_you": "You take the Stich ({cards}): {points} points.",
    "hand_made_you": "You made your bid of {bid}: {score:+d}.",
    "hand_failed_you": "You missed your bid of {bid}: {score:+d}.",
    "hand_gave_up_you": "You gave up at {bid}: {score:+d}; the others score 50 plus their melds.",
    "hand_durch_won_you": "You took every Stich in Durch: {score:+d}.",
    "hand_durch_lost_you": "You lost the Durch: {score:+d}.",
    "new_hand_you": "Hand {n}: you deal.",
    # prompts
    "prompt_bid": "Reizen: your bid ({bid} or pass) > ",
    "prompt_pass": "Reizen: nothing above {bid} is allowed; type pass > ",
    "prompt_dabb": "Take the Dabb (dabb) or play open Durch without it (open) > ",
    "prompt_discard": "Lay away {left} cards (drücken), e.g. lay 3 7 9 12, or out ♦ > ",
    "prompt_discard/1": "Lay away 1 more card (drücken), e.g. lay 3, or out ♦ > ",
    "prompt_trump": "Name Trumpf (♣ ♠ ♥ ♦){durch}, or give up: out ♦ > ",
    "prompt_durch": ", Durch",
    "prompt_open": ", open Durch (open)",
    "prompt_card": "Stich {n}: your card ({trump}; number or e.g. Q♠) > ",
    "trump_is": "Trumpf {suit}",
    "status_declarer": "{name} plays for {bid}",
    "status_declarer_you": "you play for {bid}",
    "status_side": "{side} {points} so far",
    "prompt_file": "Save a copy under another name too? File name, or Enter for no > ",
    # commands
    "help": (
        "Type a move, or a command:\n"
        "  a card: Q♠, QS, q♠ or its number in your hand      bids: 160, pass\n"
        "  lay away: lay 3 7 9 12 (numbers or cards)         Trumpf: ♥, H, hearts, Herz; durch\n"
        "  give up (Abgehen): out ♦\n"
        "  hint   what the strongest computer player would do, and why\n"
        "  review what your decisions in the last hand cost (review game: all of them)\n"
        "  last   the last Stich          score  the score sheet      rules  the rule set\n"
        "  undo   take back your last move (and the computer moves after it)\n"
        "  save FILE   save the record there          quit   stop (the game stays saved)"
    ),
    "hint": "Hint ({bot}): {action}",
    "hint_why": "Why: {why}",
    "hint_values": "Expected result of each move (your score against the others', over {n} "
                   "sampled deals): {values}",
    "hint_only": "it is the only move you may make.",
    "hint_takes": "{card} takes the Stich as it stands ({points} points in it).",
    "hint_gives": "{card} does not take this Stich; it gives {points} points to the winner.",
    "undone": "Taken back: your move {action} and what followed.",
    "nothing_to_undo": "There is nothing of yours to take back.",
    "saved": "Saved to {path}.",
    "save_failed": "Could not save to {path}: {error}",
    "need_file": "Name the file: save FILE",
    "save_is_folder": "Could not save to {path}: it is a folder; name a file in it.",
    "save_no_folder": "Could not save to {path}: there is no folder {folder}.",
    "empty_line": "Type a move (the prompt says which), or help for the commands.",
    "autosaved_at": "The game is saved as it goes at {path}",
    "bye": "Goodbye. The game is saved at {path}",
    "unknown_input": "Not a move here: {text!r}. {expect} (help lists the commands)",
    "expect_bid": "Bid {bid} or pass.",
    "expect_pass": "Type pass.",
    "expect_dabb": "Type dabb or open.",
    "expect_discard": "Lay away cards by number or name (lay 3 7), or give up (out ♦).",
    "expect_trump": "Name a suit (♣ ♠ ♥ ♦ or its name), durch, or out ♦.",
    "expect_card": "Play a card by number or name (e.g. 3 or Q♠).",
    "no_card_number": "There is no card number {n}: your hand has {size} cards.",
    "twice_number": "Card number {n} is named twice.",
    "not_in_hand": "You do not hold {card}{extra}.",
    "too_many": "Lay away {left} more cards, not {count}.",
    "too_many/1": "Lay away 1 more card, not {count}.",
    "too_few": "Lay away all {left} cards at once (e.g. lay 3 7 9 12), or one at a time, not "
               "{count}: nothing was laid away.",
    "out_needs_suit": "Going out (Abgehen) still names Trumpf: out ♦ (or ♣ ♠ ♥).",
    "not_your_turn": "Wait for your turn.",
    "bot_failed": "The computer player failed: {error}",
    # rules summary
    "rules_head": "Rule set {name}: {description}",
    "rules_seats": "{players} players, {hand} cards each, a Dabb of {dabb}.",
    "rules_bids": "Reizen from {min_bid} in steps of {step}{jumps}.",
    "rules_jumps": " (jumps allowed)",
    "rules_target": "The game goes to {target} points.",
    "rules_fixed": "The game lasts {hands} hands.",
    "rules_duties": "In a Stich: follow suit, else trump; beat every card in it if you can.",
    "rules_durch": "Durch scores ±{value}; going out costs the bid, the others get {bonus}.",
    "rules_more": "Every rule of this rule set: binokel rules NAME, with the name above "
                  "(binokel rules lists them all).",
    "rules_teams": "Teams, partners opposite, adding their points: {teams}.",
    "rules_one_against_all": "One against three: the declarer plays alone against the others.",
    "one_against": "{name} plays alone against {others}.",
    "against": "against",
}

_DE: dict[str, str] = {
    "title": "Binokel",
    "hand_no": "Spiel {n}",
    "game_to": "Partie bis {target}",
    "game_hands": "Partie über {hands} Spiele",
    "game_hands/1": "Partie über ein Spiel",
    "dealer": "Geber",
    "declarer": "Spieler",
    "bid": "Reizwert",
    "auction": "Reizen",
    "dabb": "Dabb",
    "trump": "Trumpf",
    "no_trump": "noch nicht angesagt",
    "durch": "Durch (kein Trumpf, der Spieler muss jeden Stich machen)",
    "melds": "Melden",
    "no_melds": "nichts",
    "trick": "Stich {n}",
    "leads": "{name} spielt aus",
    "leads_you": "Du spielst aus",
    "you_lead": "du spielst aus",
    "tricks_won": "Stiche",
    "your_hand": "Deine Karten",
    "legend": "* = darfst du spielen",
    "score_sheet": "Schreibblock",
    "sheet_head": "Geber Spieler Wert Spiel",
    "sheet_sub": "Meld Spiel Summe",
    "total": "Summe",
    "no_hands": "Noch kein Spiel beendet.",
    "last_trick": "Letzter Stich",
    "no_last_trick": "Es wurde noch kein Stich gespielt.",
    "won_by": "an {name}",
    "recent": "Seit deinem letzten Zug",
    "laid_away": "gedrückt",
    "row_melds": "Meldung",
    "row_tricks": "Stiche",
    "row_score": "Spiel",
    "row_total": "Summe",
    "row_discards": "Stiche: Augen der Stiche, letzter Stich +10; gedrückt: {points}, "
                    "zählen für den Spieler.",
    "you": "Du",
    "pass_word": "passe",
    "out_word": "ab",
    "made": "gewonnen",
    "failed": "verloren",
    "gave_up": "Abgehen",
    "wins_game": "{names} gewinnt die Partie!",
    "wins_game_you": "Du hast die Partie gewonnen!",
    "win_game": "{names} gewinnen die Partie gemeinsam!",
    "game_over": "Die Partie ist zu Ende.",
    "final_totals": "Endstand",
    "record_at": "Das Protokoll dieser Partie liegt unter {path}",
    "resume_hint": "Später weiterspielen: binokel play --resume",
    "forced": "{name} eröffnet mit {bid} (Vorhand muss).",
    "bids": "{name} reizt {bid}.",
    "passes": "{name} passt.",
    "declares": "{name} spielt für {bid} und deckt den Dabb auf: {cards}.",
    "takes_dabb": "{name} nimmt den Dabb.",
    "lays": "{name} drückt {card}.",
    "lays_you": "Du drückst {card}.",
    "lays_hidden": "{name} drückt {count} Karten.",
    "lays_hidden/1": "{name} drückt eine Karte.",
    "names_trump": "{name} sagt {suit} als Trumpf an.",
    "announces_durch": "{name} sagt Durch an!",
    "announces_open": "{name} sagt offenen Durch an!",
    "gives_up": "{name} geht ab, Trumpf {suit}.",
    "bids_you": "Du reizt {bid}.",
    "passes_you": "Du passt.",
    "lays_hidden_you": "Du drückst {count} Karten.",
    "lays_hidden_you/1": "Du drückst eine Karte.",
    "takes_dabb_you": "Du nimmst den Dabb.",
    "names_trump_you": "Du sagst {suit} als Trumpf an.",
    "announces_durch_you": "Du sagst Durch an!",
    "announces_open_you": "Du sagst offenen Durch an!",
    "gives_up_you": "Du gehst ab, Trumpf {suit}.",
    "plays": "{name} spielt {card}.",
    "plays_you": "Du spielst {card}.",
    "takes_trick": "{name} macht den Stich ({cards}): {points} Punkte.",
    "hand_over": "Spiel {n} ist aus.",
    "hand_made": "{name} hat die {bid} geschafft: {score:+d}.",
    "hand_failed": "{name} hat die {bid} nicht geschafft: {score:+d}.",
    "hand_gave_up": "{name} ist bei {bid} abgegangen: {score:+d}; "
                    "die anderen schreiben 50 und ihre Meldung.",
    "hand_durch_won": "{name} hat den Durch gewonnen: {score:+d}.",
    "hand_durch_lost": "{name} hat den Durch verloren: {score:+d}.",
    "new_hand": "Spiel {n}: {name} gibt.",
    "declares_you": "Du spielst für {bid}; der Dabb: {cards}.",
    "takes_trick_you": "Du machst den Stich ({cards}): {points} Punkte.",
    "hand_made_you": "Du hast deine {bid} geschafft: {score:+d}.",
    "hand_failed_you": "Du hast deine {bid} nicht geschafft: {score:+d}.",
    "hand_gave_up_you": "Du bist bei {bid} abgegangen: {score:+d}; "
                        "die anderen schreiben 50 und ihre Meldung.",
    "hand_durch_won_you": "Du hast den Durch gewonnen: {score:+d}.",
    "hand_durch_lost_you": "Du hast den Durch verloren: {score:+d}.",
    "new_hand_you": "Spiel {n}: du gibst.",
    "prompt_bid": "Reizen: dein Gebot ({bid} oder passe) > ",
    "prompt_pass": "Reizen: höher als {bid} geht nicht; tippe passe > ",
    "prompt_dabb": "Dabb nehmen (dabb) oder offener Durch ohne Dabb (open) > ",
    "prompt_discard": "{left} Karten drücken, z.B. drück 3 7 9 12, oder abgehen: ab ♦ > ",
    "prompt_discard/1": "Noch eine Karte drücken, z.B. drück 3, oder abgehen: ab ♦ > ",
    "prompt_trump": "Trumpf ansagen (♣ ♠ ♥ ♦){durch}, oder abgehen: ab ♦ > ",
    "prompt_durch": ", Durch",
    "prompt_open": ", offener Durch (open)",
    "prompt_card": "Stich {n}: deine Karte ({trump}; Nummer oder z.B. Q♠) > ",
    "trump_is": "Trumpf {suit}",
    "status_declarer": "{name} spielt für {bid}",
    "status_declarer_you": "du spielst für {bid}",
    "status_side": "{side} bisher {points}",
    "prompt_file": "Zusätzlich unter einem anderen Namen speichern? Dateiname, oder Enter > ",
    "help": (
        "Tippe einen Zug oder einen Befehl:\n"
        "  eine Karte: O♠, OS, o♠ oder ihre Nummer          Reizen: 160, passe\n"
        "  drücken: drück 3 7 9 12 (Nummern oder Karten)    Trumpf: ♥, H, Herz, hearts; durch\n"
        "  abgehen: ab ♦\n"
        "  tipp    was der stärkste Computerspieler tun würde, und warum\n"
        "  auswertung  was deine Entscheidungen im letzten Spiel gekostet haben\n"
        "  letzter der letzte Stich       stand   der Schreibblock     regeln  die Regeln\n"
        "  zurück  deinen letzten Zug zurücknehmen (samt den Computerzügen danach)\n"
        "  speichern DATEI  das Protokoll dort speichern     ende    aufhören (bleibt gespeichert)"
    ),
    "hint": "Tipp ({bot}): {action}",
    "hint_why": "Warum: {why}",
    "hint_values": "Erwartetes Ergebnis je Zug (deine Punkte gegen die der anderen, über {n} "
                   "ausgeloste Verteilungen): {values}",
    "hint_only": "es ist der einzige erlaubte Zug.",
    "hint_takes": "{card} macht den Stich, wie er steht ({points} Punkte darin).",
    "hint_gives": "{card} macht den Stich nicht; sie gibt dem Gewinner {points} Punkte.",
    "undone": "Zurückgenommen: dein Zug {action} und was danach kam.",
    "nothing_to_undo": "Es gibt keinen Zug von dir zum Zurücknehmen.",
    "saved": "Gespeichert unter {path}.",
    "save_failed": "Speichern unter {path} ging nicht: {error}",
    "need_file": "Nenne die Datei: speichern DATEI",
    "save_is_folder": "Speichern unter {path} ging nicht: das ist ein Ordner; nenne eine "
                      "Datei darin.",
    "save_no_folder": "Speichern unter {path} ging nicht: es gibt keinen Ordner {folder}.",
    "empty_line": "Tippe einen Zug (die Eingabezeile sagt welchen), oder hilfe für die Befehle.",
    "autosaved_at": "Die Partie wird laufend gespeichert unter {path}",
    "bye": "Servus. Die Partie ist gespeichert unter {path}",
    "unknown_input": "Das ist hier kein Zug: {text!r}. {expect} (hilfe zeigt die Befehle)",
    "expect_bid": "Reize {bid} oder passe.",
    "expect_pass": "Tippe passe.",
    "expect_dabb": "Tippe dabb oder open.",
    "expect_discard": "Drücke Karten per Nummer oder Name (drück 3 7 9 12), oder geh ab "
                      "(ab ♦).",
    "expect_trump": "Nenne eine Farbe (♣ ♠ ♥ ♦ oder ihren Namen), durch, oder ab ♦.",
    "expect_card": "Spiele eine Karte per Nummer oder Name (z.B. 3 oder Q♠).",
    "no_card_number": "Es gibt keine Karte Nummer {n}: du hast {size} Karten.",
    "twice_number": "Karte Nummer {n} ist zweimal genannt.",
    "not_in_hand": "Du hast {card}{extra} nicht.",
    "too_many": "Drücke noch {left} Karten, nicht {count}.",
    "too_many/1": "Drücke noch eine Karte, nicht {count}.",
    "too_few": "Drücke alle {left} Karten auf einmal (z.B. drück 3 7 9 12) oder einzeln, "
               "nicht {count}: es wurde nichts gedrückt.",
    "out_needs_suit": "Auch beim Abgehen wird Trumpf genannt: ab ♦ (oder ♣ ♠ ♥).",
    "not_your_turn": "Warte, bis du dran bist.",
    "bot_failed": "Der Computerspieler ist ausgefallen: {error}",
    "rules_head": "Regeln {name}: {description}",
    "rules_seats": "{players} Spieler, je {hand} Karten, Dabb {dabb}.",
    "rules_bids": "Reizen ab {min_bid} in Schritten von {step}{jumps}.",
    "rules_jumps": " (Sprünge erlaubt)",
    "rules_target": "Die Partie geht bis {target} Punkte.",
    "rules_fixed": "Die Partie dauert {hands} Spiele.",
    "rules_duties": "Im Stich: Farbe bedienen, sonst trumpfen; jede Karte im Stich überstechen, "
                    "wenn möglich.",
    "rules_durch": "Durch zählt ±{value}; Abgehen kostet den Reizwert, die anderen bekommen "
                   "{bonus}.",
    "rules_more": "Alle Regeln dieses Regelwerks: binokel rules NAME mit dem Namen oben "
                  "(binokel rules zeigt alle).",
    "rules_teams": "Parteien, Partner gegenüber, zählen zusammen: {teams}.",
    "rules_one_against_all": "Einer gegen drei: der Spieler spielt allein gegen die anderen.",
    "one_against": "{name} spielt allein gegen {others}.",
    "one_against_you": "Du spielst allein gegen {others}.",
    "against": "gegen",
}

# Binocle, Foster's two-handed game: the same table words (Stich, Trumpf, Melden) and its own.
_EN_BINOCLE: dict[str, str] = {
    "b_turned": "turned up",
    "b_stock_line": "Stock: {n} cards, {card} face up under it",
    "b_stock_line/1": "Stock: 1 card, {card} face up under it",
    "b_stock_gone": "The stock is gone: follow suit and win the Stich if you can, else trump.",
    "b_scores": "Scores",
    "b_score_item": "{name} {score} + Stiche {points} = {total}",
    "b_melds": "Melden (melds scored this hand)",
    "b_on_table": "on the table",
    "b_table_row": "table",
    "b_table_legend": "cards on the table are yours: play them by number or as table Q♠",
    "b_meld_list": "You took the Stich: one meld, the dix, or done (then the cards are drawn)",
    "b_meld_points": "{points}",
    "b_dix_exchange": "exchange the dix {card} for {turned}: 10",
    "b_dix_show": "show the dix {card}: 10",
    "b_sheet_head": "Dealer Turned",
    "b_game_to": "game to {target}",
    # events
    "b_plays_table": "{name} plays {card} from the table.",
    "b_plays_table_you": "You play {card} from the table.",
    "b_last_bonus": "The last Stich scores {bonus} more for {name}.",
    "b_last_bonus_you": "The last Stich scores {bonus} more for you.",
    "b_melds_event": "{name} melds {meld} ({cards}): {points}.",
    "b_melds_event_you": "You meld {meld} ({cards}): {points}.",
    "b_exchanges": "{name} exchanges the dix {card} for the turned {turned}: 10.",
    "b_exchanges_you": "You exchange the dix {card} for the turned {turned}: 10.",
    "b_shows": "{name} shows the dix {card}: 10.",
    "b_shows_you": "You show the dix {card}: 10.",
    "b_draw_you": "You draw {card}; {name} draws a card.",
    "b_draw_other": "{name} draws a card; you draw {card}.",
    "b_draw_last_you": "You draw {card}; {name} takes the turned {turned}.",
    "b_draw_last_other": "{name} draws the last card; you take the turned {turned}.",
    "b_stock_over": "The stock is gone: melded cards go back to the hands. Now follow suit and "
                    "win the Stich if you can, else trump.",
    "b_hand_over": "Hand {n} is counted: {name0} {score0:+d}, {name1} {score1:+d}.",
    "b_new_hand": "Hand {n}: {name} deals; {card} is turned up for Trumpf.",
    "b_new_hand_you": "Hand {n}: you deal; {card} is turned up for Trumpf.",
    "b_turned_dix": "{name} turned up the dix: 10.",
    "b_play_on": "Both passed {old} without a claim: the game goes on to {target}.",
    "b_claim_right": "{name} claims {target}: {total}. Right!",
    "b_claim_wrong": "{name} claims {target}, but has only {total}. Wrong!",
    "b_reached": "{name} reaches {target} with {score}.",
    "b_counted": "{name} has {score} of {target} when the hand is counted.",
    "b_claim_right_you": "You claim {target}: {total}. Right!",
    "b_claim_wrong_you": "You claim {target}, but have only {total}. Wrong!",
    "b_reached_you": "You reach {target} with {score}.",
    "b_counted_you": "You have {score} of {target} when the hand is counted.",
    "b_claimed_hand": "claimed",
    # prompts and input
    "b_prompt_card": "Stich {n}: your card ({trump}; number or e.g. Q♠) > ",
    "b_prompt_meld": "Meld (number), exchange, show, or done > ",
    "b_expect_card": "Play a card by number or name (e.g. 3, Q♠ or table Q♠), or claim.",
    "b_expect_meld": "Choose a meld by its number, exchange or show the dix, or say done.",
    "b_no_meld_number": "There is no meld number {n}: choose 1 to {size}.",
    "b_no_dix": "There is no dix to {what} now.",
    "b_claim_short": "You have {total} of {target}: a wrong claim loses the game. "
                     "Type claim! to claim anyway.",
    "b_not_on_table": "{card} is not on your table.",
    "help_binocle": (
        "Type a move, or a command:\n"
        "  a card: Q♠, QS, q♠ or its number (cards on the table too; or table Q♠)\n"
        "  after a Stich you took: a meld by its number (or meld binocle, meld marriage ♠),\n"
        "    exchange / show (the dix), done (draw the cards)\n"
        "  claim   you have 1000 (counting the Stiche of this hand): right wins, wrong loses\n"
        "  hint   what the strongest computer player would do, and why\n"
        "  review what your decisions in the last hand cost (review game: all of them)\n"
        "  last   the last Stich          score  the score sheet      rules  the rule set\n"
        "  undo   take back your last move (and the computer moves after it)\n"
        "  save FILE   save the record there          quit   stop (the game stays saved)"
    ),
    "help_bezique": (
        "Type a move, or a command:\n"
        "  a card: Q♠, QS, q♠ or its number (cards on the table too; or table Q♠)\n"
        "  after a Stich you took: a declaration by its number (or meld bezique, meld marriage\n"
        "    ♠), exchange / show (the trump Seven), done (draw the cards)\n"
        "  hint   what the strongest computer player would do, and why\n"
        "  review what your decisions in the last hand cost (review game: all of them)\n"
        "  last   the last Stich          score  the score sheet      rules  the rule set\n"
        "  undo   take back your last move (and the computer moves after it)\n"
        "  save FILE   save the record there          quit   stop (the game stays saved)"
    ),
    "hint_scores": "it scores {points} now.",
    # rules summary
    "b_rules_seats": "2 players, {hand} cards each, {stock} in the stock; game to {target}.",
    "b_rules_stock": "While the stock lasts: play any card; who takes the Stich may meld once "
                     "and exchange or show the dix, then both draw.",
    "b_rules_after": "After the stock: follow suit and win the Stich if you can, else trump; "
                     "the last Stich scores {bonus}.",
    "b_rules_claim": "Claim {target} at your turn: right wins the game, wrong loses it.",
    "b_rules_more": "Every rule of this rule set: binokel rules NAME, with the name above "
                    "(binokel rules lists them all).",
    "b_rules_count": "No claims: the points are counted after each hand; who has {target} "
                     "then wins.",
}

_DE_BINOCLE: dict[str, str] = {
    "b_turned": "aufgedeckt",
    "b_stock_line": "Talon: {n} Karten, darunter offen {card}",
    "b_stock_line/1": "Talon: eine Karte, darunter offen {card}",
    "b_stock_gone": "Der Talon ist leer: Farbe bedienen und stechen, wenn möglich, sonst "
                    "trumpfen.",
    "b_scores": "Stand",
    "b_score_item": "{name} {score} + Stiche {points} = {total}",
    "b_melds": "Melden (Meldungen dieses Spiels)",
    "b_on_table": "auf dem Tisch",
    "b_table_row": "Tisch",
    "b_table_legend": "Karten auf dem Tisch gehören dir: spiel sie per Nummer oder als table Q♠",
    "b_meld_list": "Dein Stich: eine Meldung, der Dix, oder fertig (dann wird gezogen)",
    "b_meld_points": "{points}",
    "b_dix_exchange": "Dix {card} gegen {turned} tauschen: 10",
    "b_dix_show": "Dix {card} zeigen: 10",
    "b_sheet_head": "Geber Trumpf",
    "b_game_to": "Partie bis {target}",
    "b_plays_table": "{name} spielt {card} vom Tisch.",
    "b_plays_table_you": "Du spielst {card} vom Tisch.",
    "b_last_bonus": "Der letzte Stich zählt {bonus} mehr für {name}.",
    "b_last_bonus_you": "Der letzte Stich zählt {bonus} mehr für dich.",
    "b_melds_event": "{name} meldet {meld} ({cards}): {points}.",
    "b_melds_event_you": "Du meldest {meld} ({cards}): {points}.",
    "b_exchanges": "{name} tauscht den Dix {card} gegen {turned}: 10.",
    "b_exchanges_you": "Du tauschst den Dix {card} gegen {turned}: 10.",
    "b_shows": "{name} zeigt den Dix {card}: 10.",
    "b_shows_you": "Du zeigst den Dix {card}: 10.",
    "b_draw_you": "Du ziehst {card}; {name} zieht eine Karte.",
    "b_draw_other": "{name} zieht eine Karte; du ziehst {card}.",
    "b_draw_last_you": "Du ziehst {card}; {name} nimmt den aufgedeckten {turned}.",
    "b_draw_last_other": "{name} zieht die letzte Karte; du nimmst den aufgedeckten {turned}.",
    "b_stock_over": "Der Talon ist leer: die gemeldeten Karten gehen zurück auf die Hand. Jetzt "
                    "Farbe bedienen und stechen, wenn möglich, sonst trumpfen.",
    "b_hand_over": "Spiel {n} ist gezählt: {name0} {score0:+d}, {name1} {score1:+d}.",
    "b_new_hand": "Spiel {n}: {name} gibt; {card} ist Trumpf.",
    "b_new_hand_you": "Spiel {n}: du gibst; {card} ist Trumpf.",
    "b_turned_dix": "{name} hat den Dix aufgedeckt: 10.",
    "b_turned_dix_you": "Du hast den Dix aufgedeckt: 10.",
    "b_play_on": "Beide über {old} ohne Ausmachen: es geht weiter bis {target}.",
    "b_claim_right": "{name} macht aus ({target}): {total}. Richtig!",
    "b_claim_wrong": "{name} macht aus ({target}), hat aber nur {total}. Falsch!",
    "b_reached": "{name} erreicht {target} mit {score}.",
    "b_counted": "{name} hat beim Zählen {score} von {target}.",
    "b_claim_right_you": "Du machst aus ({target}): {total}. Richtig!",
    "b_claim_wrong_you": "Du machst aus ({target}), hast aber nur {total}. Falsch!",
    "b_reached_you": "Du erreichst {target} mit {score}.",
    "b_counted_you": "Du hast beim Zählen {score} von {target}.",
    "b_claimed_hand": "ausgemacht",
    "b_prompt_card": "Stich {n}: deine Karte ({trump}; Nummer oder z.B. Q♠) > ",
    "b_prompt_meld": "Melden (Nummer), tauschen, zeigen, oder fertig > ",
    "b_expect_card": "Spiele eine Karte per Nummer oder Name (z.B. 3, Q♠ oder table Q♠), "
                     "oder mach aus.",
    "b_expect_meld": "Wähle eine Meldung per Nummer, tausche oder zeige den Dix, oder sag "
                     "fertig.",
    "b_no_meld_number": "Es gibt keine Meldung Nummer {n}: wähle 1 bis {size}.",
    "b_no_dix": "Jetzt gibt es keinen Dix zum {what}.",
    "b_claim_short": "Du hast {total} von {target}: falsch ausmachen verliert die Partie. "
                     "Tippe aus! um trotzdem auszumachen.",
    "b_not_on_table": "{card} liegt nicht auf deinem Tisch.",
    "help_binocle": (
        "Tippe einen Zug oder einen Befehl:\n"
        "  eine Karte: O♠, OS, o♠ oder ihre Nummer (auch vom Tisch; oder table Q♠)\n"
        "  nach deinem Stich: eine Meldung per Nummer (oder meld binocle, meld marriage ♠),\n"
        "    tauschen / zeigen (den Dix), fertig (ziehen)\n"
        "  aus     ausmachen: du hast 1000 (mit den Stichen dieses Spiels); falsch verliert\n"
        "  tipp    was der stärkste Computerspieler tun würde, und warum\n"
        "  auswertung  was deine Entscheidungen im letzten Spiel gekostet haben\n"
        "  letzter der letzte Stich       stand   der Schreibblock     regeln  die Regeln\n"
        "  zurück  deinen letzten Zug zurücknehmen (samt den Computerzügen danach)\n"
        "  speichern DATEI  das Protokoll dort speichern     ende    aufhören (bleibt gespeichert)"
    ),
    "help_bezique": (
        "Tippe einen Zug oder einen Befehl:\n"
        "  eine Karte: O♠, OS, o♠ oder ihre Nummer (auch vom Tisch; oder table Q♠)\n"
        "  nach deinem Stich: eine Meldung per Nummer (oder meld bezique, meld marriage ♠),\n"
        "    tauschen / zeigen (die Trumpfsieben), fertig (ziehen)\n"
        "  tipp    was der stärkste Computerspieler tun würde, und warum\n"
        "  auswertung  was deine Entscheidungen im letzten Spiel gekostet haben\n"
        "  letzter der letzte Stich       stand   der Schreibblock     regeln  die Regeln\n"
        "  zurück  deinen letzten Zug zurücknehmen (samt den Computerzügen danach)\n"
        "  speichern DATEI  das Protokoll dort speichern     ende    aufhören (bleibt gespeichert)"
    ),
    "hint_scores": "das zählt jetzt {points}.",
    "b_rules_seats": "2 Spieler, je {hand} Karten, {stock} im Talon; Partie bis {target}.",
    "b_rules_stock": "Solange der Talon reicht: jede Karte frei; wer den Stich macht, darf einmal "
                     "melden und den Dix tauschen oder zeigen, dann ziehen beide.",
    "b_rules_after": "Nach dem Talon: Farbe bedienen und stechen, wenn möglich, sonst trumpfen; "
                     "der letzte Stich zählt {bonus}.",
    "b_rules_claim": "Ausmachen ({target}) wenn du dran bist: richtig gewinnt, falsch verliert.",
    "b_rules_more": "Alle Regeln dieses Regelwerks: binokel rules NAME mit dem Namen oben "
                    "(binokel rules zeigt alle).",
    "b_rules_count": "Kein Ausmachen: gezählt wird nach jedem Spiel; wer dann {target} hat, "
                     "gewinnt.",
}
_EN.update(_EN_BINOCLE)
_DE.update(_DE_BINOCLE)
_EN.update(_EN_LEARN)
_DE.update(_DE_LEARN)
_EN.update(_EN_TUI)
_DE.update(_DE_TUI)
_EN.update(_EN_REVIEW)
_DE.update(_DE_REVIEW)
_EN.update(_EN_CLI)
_DE.update(_DE_CLI)

_TABLES: dict[Lang, dict[str, str]] = {"en": _EN, "de": _DE}

#: The count that picks a key's singular form (``key/1``), by key (``_you`` forms share it).
_PLURAL_FIELDS: dict[str, str] = {
    "cli_melds_tricks": "n",
    "lays_hidden": "count", "prompt_discard": "left", "too_many": "left",
    "game_hands": "hands", "b_stock_line": "n",
}

#: The German words for an action's notation, each one the parser reads back.
_ACTION_WORDS_DE: dict[str, str] = {
    "pass": "passe", "lay": "drück", "trump": "Trumpf", "out": "ab", "durch": "Durch",
    "done": "fertig", "exchange": "tauschen", "show": "zeigen", "claim": "aus",
    "table": "tisch", "meld": "melde",
}

#: The presets' descriptions in German (docs/rules.md has the English ones).
_RULE_DESCRIPTIONS_DE: dict[str, str] = WORDS["de"]["rule_sets"]

#: Suit words and meld names come from the catalogue the browser shares (binokel/ui/catalogue.py).
_SUIT_NAMES: dict[Lang, tuple[str, ...]] = {
    lang: tuple(WORDS[lang]["suits"][suit.symbol] for suit in Suit) for lang in ("en", "de")}
_MELD_NAMES: dict[Lang, dict[str, str]] = {lang: WORDS[lang]["melds"] for lang in ("en", "de")}

#: Words a player may type for a suit, in either language (lower case).
SUIT_WORDS: dict[str, Suit] = {
    "clubs": Suit.CLUBS, "club": Suit.CLUBS, "kreuz": Suit.CLUBS, "eichel": Suit.CLUBS,
    "spades": Suit.SPADES, "spade": Suit.SPADES, "schippen": Suit.SPADES,
    "schippe": Suit.SPADES, "pik": Suit.SPADES, "laub": Suit.SPADES, "grün": Suit.SPADES,
    "hearts": Suit.HEARTS, "heart": Suit.HEARTS, "herz": Suit.HEARTS, "rot": Suit.HEARTS,
    "diamonds": Suit.DIAMONDS, "diamond": Suit.DIAMONDS, "schellen": Suit.DIAMONDS,
    "schelle": Suit.DIAMONDS, "karo": Suit.DIAMONDS,
}

# The engine explains refusals in English (explain.py); the German screen translates the known
# sentences and shows any other one as it is.
_ENGINE_DE: tuple[tuple[str, str], ...] = (
    (r"You must follow suit: you hold (.+)\.", r"Du musst Farbe bedienen: du hast \1."),
    (r"You must beat (\S+) \(overtrump\): you hold (.+)\.",
     r"Du musst \1 übertrumpfen: du hast \2."),
    (r"You must beat (\S+) \(the best (\S+)\): you hold (.+)\.",
     r"Du musst \1 (die höchste \2) überstechen: du hast \3."),
    (r"You must beat (\S+): you hold (.+)\.", r"Du musst \1 überstechen: du hast \2."),
    (r"You must trump: you have no (\S+) but hold (\S+)\.",
     r"Du musst trumpfen: du hast kein \1, aber \2."),
    (r"You do not hold (.+)\.", r"Du hast \1 nicht."),
    # Binocle's refusals
    (r"You must follow suit and win the trick: you hold (.+)\.",
     r"Du musst Farbe bedienen und stechen: du hast \1."),
    (r"You must trump: you have no (\S+) but hold (.+)\.",
     r"Du musst trumpfen: du hast kein \1, aber \2."),
    (r"Only one meld may be scored for each trick won\.",
     r"Pro Stich darf nur eine Meldung gezählt werden."),
    (r"Only the winner of the trick just played may meld, before drawing\.",
     r"Melden darf nur, wer den Stich gemacht hat, vor dem Ziehen."),
    (r"No melds or dix once the stock is exhausted\.",
     r"Ist der Talon leer, wird nicht mehr gemeldet."),
    (r"This meld needs at least one card from your hand\.",
     r"Jede Meldung braucht mindestens eine Karte aus der Hand."),
    (r"You must bid more than (\d+)\.", r"Du musst mehr als \1 reizen."),
    (r"Bids go no higher than (\d+)\.", r"Höher als \1 wird nicht gereizt."),
    (r"Bids go up in steps of (\d+)\.", r"Gereizt wird in Schritten von \1."),
    (r"Bids go up by (\d+): the next bid is (\d+), no jumps\.",
     r"Gereizt wird in Zehnern ohne Sprung: das nächste Gebot ist \2."),
    (r"It is the auction \(Reizen\): bid or pass\.", r"Es wird gereizt: reize oder passe."),
    (r"Lay away \(drücken\) a card from your hand first\.", r"Drücke zuerst eine Karte."),
    (r"Lay away \(drücken\) a card from your hand, or give up\.",
     r"Drücke eine Karte oder geh ab."),
    (r"Name trumps, announce Durch, or give up\.", r"Sag Trumpf oder Durch an, oder geh ab."),
    (r"Play a card\.", r"Spiel eine Karte."),
    (r"The game is over\.", r"Die Partie ist zu Ende."),
)


class Strings:
    """The messages of one language: ``Strings("de")("bids", name="Karle", bid=170)``."""

    def __init__(self, lang: Lang) -> None:
        if lang not in _TABLES:
            raise ValueError(f"no language {lang!r}; choose de or en")
        self.lang: Lang = lang
        self._table = _TABLES[lang]

    def __call__(self, key: str, **values: object) -> str:
        if isinstance(values.get("bot"), str):
            values["bot"] = bot_name(str(values["bot"]), self.lang)
        text = self.template(key, values)
        return text.format(**values) if values else text

    def template(self, key: str, values: Mapping[str, object] | None = None) -> str:
        """The unfilled message of a key (for :func:`binokel.ui.render.styled`); with
        ``values``, the singular form (``key/1``) where the key's count is 1."""
        if values is not None and values.get("name") == self._table["you"] \
                and f"{key}_you" in self._table:
            key = f"{key}_you"  # "Du hast", not "Du hat"
        field = _PLURAL_FIELDS.get(key.removesuffix("_you"))
        if values is not None and field is not None and values.get(field) == 1:
            one = self._table.get(f"{key}/1") or _EN.get(f"{key}/1")
            if one is not None:
                return one
        text = self._table.get(key) or _EN[key]
        return singular(text, values) if values else text

    def action(self, action: object) -> str:
        """An action in the words this screen's player types, e.g. ``passe`` for ``pass``."""
        text = str(action)
        if self.lang == "en":
            return text
        head, _, rest = text.partition(" ")
        word = _ACTION_WORDS_DE.get(head, head)
        return f"{word} {rest}" if rest else word

    def cards(self, text: T) -> T:
        """``text`` with its cards in this language (``O♠`` for ``Q♠`` in German)."""
        return local_cards(text, self.lang)

    def rules_description(self, name: str, description: str) -> str:
        """A rule set's one-line description in this language (presets are translated)."""
        if self.lang == "de":
            return _RULE_DESCRIPTIONS_DE.get(name, description)
        return description

    def is_default_name(self, name: str) -> bool:
        """Whether ``name`` is the word for "you" of some language (a name to translate)."""
        return name in {table["you"] for table in _TABLES.values()}

    def suit_name(self, suit: Suit) -> str:
        """A suit's word, e.g. ``Herz`` or ``hearts``."""
        return _SUIT_NAMES[self.lang][suit]

    def suit(self, suit: Suit) -> str:
        """A suit as symbol and word, e.g. ``♥ (Herz)``."""
        return f"{suit.symbol} ({_SUIT_NAMES[self.lang][suit]})"

    def meld(self, name: str) -> str:
        """A meld's name in this language (the engine's English name if unknown)."""
        return _MELD_NAMES[self.lang].get(name, name.capitalize())

    def known_meld(self, name: str) -> str | None:
        """A meld's name in this language, or None when ``name`` names no meld."""
        return _MELD_NAMES[self.lang].get(name.lower())

    def engine_error(self, message: str) -> str:
        """An engine refusal in this language (known sentences are translated to German)."""
        if self.lang == "en":
            return message
        for pattern, replacement in _ENGINE_DE:
            if re.fullmatch(pattern, message):
                return re.sub(pattern, replacement, message)
        return message


__all__ = ["LANGUAGES", "SUIT_WORDS", "Lang", "Strings", "pick_language"]
