"""The club tournaments' refusals in German: the sentences of :mod:`binokel.club` and
:mod:`.clubs`, kept here in one place and added to the server's catalogue
(:data:`binokel.web.wording.CATALOGUE`)."""

from __future__ import annotations

CLUB_CATALOGUE: dict[str, tuple[str, str]] = {
    "club_none": ("There is no such tournament.", "Dieses Turnier gibt es nicht."),
    "club_not_organiser": (
        "There is no such tournament, or this is not its organiser's link.",
        "Dieses Turnier gibt es nicht, oder das ist nicht der Link der Turnierleitung."),
    "club_name_taken": ("players: there is a player named {name} already",
                        "Anmeldung: es gibt schon einen Spieler namens {name}"),
    "club_late_entry": (
        "players: round {n} is being played; a late entry joins before the next round is drawn",
        "Anmeldung: Runde {n} läuft; eine Nachmeldung ist vor der Auslosung der nächsten "
        "Runde möglich"),
    "club_all_played": ("players: every round has been played",
                        "Anmeldung: alle Runden sind gespielt"),
    "club_no_player": ("player: there is no player {id}", "Spieler: {id} gibt es nicht"),
    "club_no_round": ("round: there is no round {n} yet ({m} drawn)",
                      "Runde: Runde {n} gibt es noch nicht ({m} ausgelost)"),
    "club_no_table": ("table: round {n} has tables 1-{m}, not {t}",
                      "Tisch: Runde {n} hat die Tische 1-{m}, nicht {t}"),
    "club_withdrawn": ("players: {name} has withdrawn already",
                       "Anmeldung: {name} ist schon abgemeldet"),
    "club_open_round": ("draw: round {n} is not closed yet",
                        "Auslosung: Runde {n} ist noch nicht abgeschlossen"),
    "club_all_drawn": ("draw: all {n} rounds have been drawn",
                       "Auslosung: alle {n} Runden sind ausgelost"),
    "club_closed_sheet": ("round {n} is closed: change a result by a correction",
                          "Runde {n} ist abgeschlossen: ein Ergebnis ändert eine Berichtigung"),
    "club_totals_count": ("totals: table {t} has {n} players, {m} totals given",
                          "Summen: an Tisch {t} sitzen {n} Spieler, {m} Summen angegeben"),
    "club_totals_range": ("totals: whole numbers of points, at most 100000 either way",
                          "Summen: ganze Punktzahlen, höchstens 100000 plus oder minus"),
    "club_closed_already": ("round {n} is closed already",
                            "Runde {n} ist schon abgeschlossen"),
    "club_tables_open": ("close: not every table has played its hands: table {tables}",
                         "Abschluss: noch nicht jeder Tisch hat seine Spiele gespielt: "
                         "Tisch {tables}"),
    "club_not_closed": ("round {n} is not closed: correct the table's pad or sheet",
                        "Runde {n} ist nicht abgeschlossen: Block oder Zettel des Tisches "
                        "berichtigen"),
    "club_did_not_play": ("player: {name} did not play round {n}",
                          "Spieler: {name} hat Runde {n} nicht gespielt"),
    "club_delta": ("delta: a whole number of points, not 0, at most 100000 either way",
                   "Punkte: eine ganze Zahl, nicht 0, höchstens 100000 plus oder minus"),
    "club_text": ("{what}: give a text of 1 to {n} characters",
                  "{what}: einen Text von 1 bis {n} Zeichen angeben"),
    "club_printable": ("{what}: 1 to {n} printable characters",
                       "{what}: 1 bis {n} druckbare Zeichen"),
    "club_table_of_two": (
        "draw: {n} players cannot sit at tables of three or four (never a table of two): add "
        "or withdraw a player",
        "Auslosung: {n} Spieler passen nicht an Dreier- oder Vierertische (nie ein Zweiertisch): "
        "einen Spieler aufnehmen oder abmelden"),
    "club_no_rules": ("rules: there is no rule set {name}",
                      "Regeln: es gibt keine Regeln {name}"),
    "club_rules_tables": ("rules: {name} cannot be played at tables of three and four ({why})",
                          "Regeln: {name} lässt sich nicht an Dreier- und Vierertischen "
                          "spielen ({why})"),
    "club_hands": ("hands: a multiple of 3 from 3 to {n} (so everyone deals alike), not {m}",
                   "Spiele: ein Vielfaches von 3 von 3 bis {n} (damit jeder gleich oft gibt), "
                   "nicht {m}"),
    "club_rounds": ("rounds: from 1 to {n}, not {m}", "Runden: 1 bis {n}, nicht {m}"),
}
