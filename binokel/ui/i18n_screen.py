"""The words of the full-screen table (:mod:`binokel.ui.tui`) and of the guided first game
(:mod:`binokel.ui.coach`), in English and German; :mod:`binokel.ui.i18n` adds them to its
tables."""

from __future__ import annotations

# The full-screen table (binokel/ui/tui/).
_EN_TUI: dict[str, str] = {
    "tui_trump": "Trumpf",
    "tui_totals": "Score:",
    "tui_side_points": "{side} {points} of {bid}",
    "tui_partner": "partner",
    "tui_alone": "alone against the others",
    "tui_with": "with {names}",
    "tui_sits_out": "sits out",
    "tui_seat_line": "{cards} · {tricks}",
    "tui_cards": "{n} cards",
    "tui_cards_1": "1 card",
    "tui_stiche": "{n} Stiche",
    "tui_stiche_1": "1 Stich",
    "tui_no_trick": "No Stich yet.",
    "tui_stock_gone": "stock gone",
    "tui_stock": "stock {n}, face up",
    "tui_hand": "Your hand",
    "tui_legal": "bold: you may play it",
    "tui_picked": "picked {n} of {need}",
    "tui_picked_all": "All {need} are picked: Enter lays them away, Space on a picked card "
                      "puts it back.",
    "tui_picked_first": "{n} cards are picked: Enter lays them away when all are picked; "
                        "Esc lets go of them first to choose this.",
    "tui_typed": "typed: {text}",
    "tui_keys": "←→ choose · Enter play · 1-9 / Q♠ type · ? help · h hint · u undo · "
                "s sheet · l last · v review · q quit",
    "tui_keys_short": "←→ Enter · ? help · h hint · u undo · s sheet · l last · q quit",
    "tui_q_typed": "q: Enter quits (the game is saved); go on typing for a Queen (qs)",
    "tui_u_typed": "u: Enter takes back your last move; go on typing for a card",
    "tui_wait": "The others are playing…",
    "tui_over": "The game is over.",
    "forced_you": "You open at {bid}: forehand must.",
    "b_turned_dix_why": "The card turned up, {card}, is the dix (the lowest trump): the "
                        "dealer, {name}, scores 10 for it at once.",
    "tui_close": "(any key closes)",
    "tui_close_scroll": "(↑ ↓ PgUp PgDn scroll · any other key closes)",
    "tui_help": (
        "Choose with ← → and Enter (or a click), or type: a card's number or name (3, Q♠, qs; "
        "upper-case Q for a Queen), a bid (160) or pass, a suit for Trumpf (1-4 or H), and "
        "Enter.\n"
        "Laying away: Space (or Enter) picks each card, Space again puts it back; with all "
        "picked, Enter lays them away.\n"
        "Typed words work as on the line: lay 3 7 9 12, out ♦, help, save FILE (a word that "
        "begins with one of the keys below closes the page the key opened and goes on).\n"
        "Keys: ? this help · h hint · u undo · s score sheet · l last Stich · r rules · "
        "v review of the last hand · q quit · Esc clears what is typed.\n"
        "The game is saved after every move: binokel play --resume continues it."
    ),
    "tui_help_binocle": (
        "Choose with ← → and Enter (or a click), or type: a card's number or name (3, Q♠, qs; "
        "upper-case Q for a Queen), and Enter. Cards you melded lie on the table and are "
        "played from there (table Q♠).\n"
        "After you take a Stich: a meld by its number (or meld 2), exchange or show the dix "
        "(the 7 of trumps, 10), or done; then both draw from the stock.\n"
        "Typed words work as on the line: show, exchange, done, help, save FILE (a word that "
        "begins with one of the keys below closes the page the key opened and goes on).\n"
        "Keys: ? this help · h hint · u undo · s score sheet · l last Stich · r rules · "
        "v review of the last hand · q quit · Esc clears what is typed.\n"
        "The game is saved after every move: binokel play --resume continues it."
    ),
    "sum_title": "Hand {n} is over",
    "sum_head": "Melds Stiche Laid Hand Total",
    "b_sum_head": "Melds Stiche Hand Total",
    "sum_result_made": "{name} made {bid}",
    "sum_result_failed": "{name} missed {bid}",
    "sum_result_gave_up": "{name} gave up at {bid}",
    "sum_result_durch_won": "{name} won the Durch",
    "sum_result_durch_lost": "{name} lost the Durch",
    "sum_melds_lost": "melds lost: no Stich",
    "sum_next": "Press any key for the next deal.",
    "sum_team": "Team {names}",
}
_DE_TUI: dict[str, str] = {
    "tui_trump": "Trumpf",
    "tui_totals": "Stand:",
    "tui_side_points": "{side} {points} von {bid}",
    "tui_partner": "Partner",
    "tui_alone": "allein gegen die anderen",
    "tui_with": "mit {names}",
    "tui_sits_out": "setzt aus",
    "tui_seat_line": "{cards} · {tricks}",
    "tui_cards": "{n} Karten",
    "tui_cards_1": "1 Karte",
    "tui_stiche": "{n} Stiche",
    "tui_stiche_1": "1 Stich",
    "tui_no_trick": "Noch kein Stich.",
    "tui_stock_gone": "Talon leer",
    "tui_stock": "Talon {n}, offen",
    "tui_hand": "Deine Karten",
    "tui_legal": "fett: darfst du spielen",
    "tui_picked": "{n} von {need} gewählt",
    "tui_picked_all": "Alle {need} sind gewählt: Enter drückt sie, Leertaste auf einer "
                      "gewählten Karte nimmt sie zurück.",
    "tui_picked_first": "{n} Karten sind gewählt: Enter drückt sie, wenn alle gewählt sind; "
                        "Esc lässt sie los, um dies zu wählen.",
    "tui_typed": "getippt: {text}",
    "tui_keys": "←→ wählen · Enter spielt · 1-9/Q♠ tippen · ? Hilfe · h Tipp · u zurück · "
                "s Block · l letzter · v Auswertung · q Ende",
    "tui_keys_short": "←→ Enter · ? Hilfe · h Tipp · u zurück · s Block · l letzter · q Ende",
    "tui_q_typed": "q: Enter beendet (die Partie ist gespeichert); weitertippen: Ober (qs)",
    "tui_u_typed": "u: Enter nimmt deinen Zug zurück; weitertippen für einen Unter (us)",
    "tui_wait": "Die anderen spielen…",
    "tui_over": "Die Partie ist aus.",
    "forced_you": "Du eröffnest mit {bid}: Vorhand muss.",
    "b_turned_dix_why": "Die aufgedeckte Karte {card} ist die Dix (der niedrigste Trumpf): "
                        "der Geber, {name}, bekommt dafür gleich 10.",
    "tui_close": "(jede Taste schließt)",
    "tui_close_scroll": "(↑ ↓ Bild↑ Bild↓ blättern · jede andere Taste schließt)",
    "tui_help": (
        "Wähle mit ← → und Enter (oder per Klick), oder tippe: Nummer oder Name einer Karte "
        "(3, O♠, os, us; Q und J gehen auch für Ober und Unter), ein Gebot (160) oder passe, "
        "eine Trumpffarbe (1-4 oder H), dann Enter.\n"
        "Drücken: Leertaste (oder Enter) wählt jede Karte, noch einmal Leertaste legt sie "
        "zurück; sind alle gewählt, drückt Enter sie.\n"
        "Getippte Wörter gelten wie in der Zeilenform: drück 3 7 9 12, ab ♦, hilfe, save "
        "DATEI (ein Wort, das mit einer der Tasten unten beginnt, schließt die Seite der "
        "Taste und geht weiter).\n"
        "Tasten: ? Hilfe · h Tipp · u zurück · s Schreibblock · l letzter Stich · r Regeln · "
        "v Auswertung des letzten Spiels · q Ende · Esc löscht das Getippte.\n"
        "Die Partie wird nach jedem Zug gespeichert: binokel play --resume spielt weiter."
    ),
    "tui_help_binocle": (
        "Wähle mit ← → und Enter (oder per Klick), oder tippe: Nummer oder Name einer Karte "
        "(3, O♠, os, us; Q und J gehen auch für Ober und Unter), dann Enter. Gemeldete Karten "
        "liegen auf dem Tisch und werden von dort gespielt (tisch O♠).\n"
        "Nach einem gewonnenen Stich: eine Meldung per Nummer (oder melde 2), die Dix (die "
        "Trumpfsieben, 10) tauschen oder zeigen, oder fertig; dann ziehen beide vom Talon.\n"
        "Getippte Wörter gelten wie in der Zeilenform: zeigen, tauschen, fertig, hilfe, save "
        "DATEI (ein Wort, das mit einer der Tasten unten beginnt, schließt die Seite der "
        "Taste und geht weiter).\n"
        "Tasten: ? Hilfe · h Tipp · u zurück · s Schreibblock · l letzter Stich · r Regeln · "
        "v Auswertung des letzten Spiels · q Ende · Esc löscht das Getippte.\n"
        "Die Partie wird nach jedem Zug gespeichert: binokel play --resume spielt weiter."
    ),
    "sum_title": "Spiel {n} ist aus",
    "sum_head": "Meldung Stiche Gedr. Spiel Summe",
    "b_sum_head": "Meldung Stiche Spiel Summe",
    "sum_result_made": "{name} hat die {bid} geschafft",
    "sum_result_failed": "{name} hat die {bid} nicht geschafft",
    "sum_result_gave_up": "{name} ist bei {bid} abgegangen",
    "sum_result_durch_won": "{name} hat den Durch gewonnen",
    "sum_result_durch_lost": "{name} hat den Durch verloren",
    "sum_result_made_you": "Du hast die {bid} geschafft",
    "sum_result_failed_you": "Du hast die {bid} nicht geschafft",
    "sum_result_gave_up_you": "Du bist bei {bid} abgegangen",
    "sum_result_durch_won_you": "Du hast den Durch gewonnen",
    "sum_result_durch_lost_you": "Du hast den Durch verloren",
    "sum_melds_lost": "Meldung verfällt: kein Stich",
    "sum_next": "Eine Taste für das nächste Spiel.",
    "sum_team": "Partei {names}",
}

# The guided first game (binokel learn, binokel/ui/coach.py).
_EN_LEARN: dict[str, str] = {
    "learn_welcome": "A guided first game: one hand of Binokel against Karle and Frieda. Each "
                     "rule is explained when it first matters; Enter alone takes a sound move; "
                     "type help for the commands.",
    "learn_enter": "Enter: {action}.",
    "learn_auction": "Reizen (the auction): a bid promises that many points from your melds, "
                     "your Stiche and the cards you lay away. Forehand opens at 150 and each "
                     "bid is 10 more; whoever bids highest becomes the declarer, takes the Dabb "
                     "and names Trumpf. This hand is good: bid.",
    "learn_discard": "You are the declarer: the Dabb's cards are in your hand. Lay away (drücken) "
                     "as many cards as the Dabb held; their points count for you at the end, but "
                     "they cannot be melded. Keep the cards of your melds; lay away lone cards.",
    "learn_trump": "Name Trumpf: the suit you hold most of, with its high cards. A Familie (A 10 "
                   "K Q J) scores 150 in Trumpf instead of 100, a Pair (K Q) 40 instead of 20. "
                   "With a weak hand you may give up instead (out ♦): it costs only the bid.",
    "learn_melds": "The melds are shown: each player's count only if that player takes at least "
                   "one Stich. Now the Stiche: A 10 K Q J count 11 10 4 3 2, the last Stich 10.",
    "learn_follow": "You hold the suit that was led, so you must follow suit (bedienen): only "
                    "cards of that suit may be played. The cards marked * are the ones the "
                    "rules allow.",
    "learn_beat": "You must also beat the best card in the Stich if you can (überstechen): of "
                  "your cards in the suit led, only the higher ones may be played.",
    "learn_ruff": "You have none of the suit led, so you must play Trumpf (stechen); if the "
                  "Stich already holds a Trumpf, you must play a higher one if you can.",
    "learn_undertrump": "Your Trumpf cards are all lower than the Trumpf in the Stich, and still "
                        "you must play one (untertrumpfen): a card of another suit is allowed "
                        "only without any Trumpf.",
    "forehand": "Forehand",
    "learn_forced": "{name} sits left of the dealer and is forehand (Vorhand): forehand must "
                    "open the auction at {bid}, so the first bid is made before anyone is asked.",
    "learn_meld_table": "What melds are worth (count yours before you bid):",
    "learn_meld_trump": "{trump} in Trumpf, else {plain}",
    "learn_give_up": "Now that you have seen the Dabb you may give up (abgehen: out and a "
                     "suit, e.g. out ♦): the hand ends at once, you lose the bid once and each "
                     "other player scores {bonus}; a game you play and miss costs twice the bid.",
    "learn_durch": "Instead of Trumpf you may announce Durch: no Trumpf and no melds, and you "
                   "must take every Stich. It wins {value} and loses {value}.",
    "learn_lead": "You took the Stich, so you lead: any card. Leading an Ace draws the others' "
                  "cards of that suit.",
    "learn_last": "Three Stiche are left, and the last one brings 10 points of its own.",
    # The rules' four tips for beginners (binokel-rules.txt), each shown with its lesson.
    "tip": "Tip for beginners: {text}",
    "tip_count_melds": "count your melds before bidding, add what your Stiche may bring, and "
                       "remember the Dabb could help – or not.",
    "tip_discard_points": "lay away Aces and Tens you might lose – their points still count "
                          "for you.",
    "tip_discard_suits": "lay away whole short suits, so that you can trump them early.",
    "tip_last_trick": "save a winner for the last Stich – its 10 points often decide the hand.",
    "learn_count": "The hand is counted: the declarer makes the bid when melds, Stiche and the "
                   "laid-away cards reach it (and one Stich was taken); otherwise the declarer "
                   "scores minus twice the bid. The others score their own Stiche and melds.",
}

_DE_LEARN: dict[str, str] = {
    "learn_welcome": "Eine geführte erste Partie: ein Spiel Binokel gegen Karle und Frieda. Jede "
                     "Regel wird erklärt, wenn sie zum ersten Mal zählt; Enter allein wählt einen "
                     "guten Zug; hilfe zeigt die Befehle.",
    "learn_enter": "Enter: {action}.",
    "learn_auction": "Reizen: ein Gebot verspricht so viele Punkte aus Meldung, Stichen und den "
                     "gedrückten Karten. Vorhand eröffnet mit 150, jedes Gebot ist 10 mehr; wer "
                     "am höchsten reizt, ist der Spieler, nimmt den Dabb und sagt Trumpf an. "
                     "Dieses Blatt ist gut: reize.",
    "learn_discard": "Du bist der Spieler: die Karten des Dabb sind auf deiner Hand. Drücke so "
                     "viele Karten, wie der Dabb hatte; ihre Augen zählen am Ende für dich, "
                     "melden kann man sie nicht. Behalte die Karten deiner Meldungen, drücke "
                     "einzelne Karten.",
    "learn_trump": "Sag Trumpf an: die Farbe, von der du am meisten hast, mit hohen Karten. Eine "
                   "Familie (A 10 K O U) zählt in Trumpf 150 statt 100, ein Paar (K O) 40 statt "
                   "20. Mit einem schwachen Blatt kannst du abgehen (ab ♦): das kostet nur den "
                   "Reizwert.",
    "learn_melds": "Die Meldungen liegen offen: sie zählen nur, wenn der Spieler mindestens einen "
                   "Stich macht. Jetzt die Stiche: A 10 K O U zählen 11 10 4 3 2, der letzte "
                   "Stich 10.",
    "learn_follow": "Du hast die ausgespielte Farbe, also musst du bedienen: nur Karten dieser "
                    "Farbe sind erlaubt. Die mit * markierten Karten sind die erlaubten.",
    "learn_beat": "Du musst außerdem die beste Karte im Stich überstechen, wenn du kannst: von "
                  "deinen Karten der ausgespielten Farbe sind nur die höheren erlaubt.",
    "learn_ruff": "Ohne die ausgespielte Farbe musst du trumpfen (stechen); liegt schon ein "
                  "Trumpf im Stich, musst du höher trumpfen, wenn du kannst.",
    "learn_undertrump": "Deine Trümpfe sind alle niedriger als der Trumpf im Stich, und trotzdem "
                        "musst du einen spielen (untertrumpfen): eine andere Farbe darfst du "
                        "nur ohne Trumpf abwerfen.",
    "forehand": "Vorhand",
    "learn_forced": "{name} sitzt links vom Geber und ist Vorhand: Vorhand muss das Reizen mit "
                    "{bid} eröffnen, das erste Gebot steht also, bevor jemand gefragt wird.",
    "learn_meld_table": "Was Meldungen zählen (zähl deine, bevor du reizt):",
    "learn_meld_trump": "{trump} in Trumpf, sonst {plain}",
    "learn_give_up": "Jetzt, da du den Dabb gesehen hast, kannst du abgehen (ab und eine "
                     "Farbe, z. B. ab ♦): das Spiel ist sofort aus, du verlierst den Reizwert "
                     "einfach und jeder andere schreibt {bonus}; ein gespieltes Spiel, das du "
                     "nicht schaffst, kostet das Doppelte.",
    "learn_durch": "Statt Trumpf kannst du Durch ansagen: kein Trumpf, keine Meldung, und du "
                   "musst jeden Stich machen. Er gewinnt {value} und verliert {value}.",
    "learn_lead": "Du hast den Stich gemacht, also spielst du aus: jede Karte. Ein Ass zieht "
                  "die Karten der anderen in dieser Farbe.",
    "learn_last": "Noch drei Stiche, und der letzte bringt 10 Punkte für sich.",
    # Die vier Tipps für Anfänger aus den Regeln, jeder mit seiner Lektion.
    "tip": "Tipp für Anfänger: {text}",
    "tip_count_melds": "zähle deine Meldung, bevor du reizt, rechne dazu, was deine Stiche "
                       "bringen können, und denk daran: der Dabb kann helfen – oder nicht.",
    "tip_discard_points": "drücke Asse und Zehner, die du verlieren könntest – ihre Augen zählen "
                          "trotzdem für dich.",
    "tip_discard_suits": "drücke ganze kurze Farben, dann kannst du sie früh abtrumpfen.",
    "tip_last_trick": "heb dir einen sicheren Stich für den letzten auf – seine 10 Punkte "
                      "entscheiden oft das Spiel.",
    "learn_count": "Das Spiel wird gezählt: der Spieler schafft sein Gebot, wenn Meldung, Stiche "
                   "und gedrückte Karten es erreichen (und er einen Stich gemacht hat); sonst "
                   "schreibt er minus das Doppelte. Die anderen schreiben ihre Stiche und "
                   "Meldungen.",
}
