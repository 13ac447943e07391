"""The words of the one-shot commands ``binokel review``, ``binokel hint`` and ``binokel melds``
in English and German; :mod:`binokel.ui.i18n` adds them to its tables.  The English ones are the
commands' own lines, word for word; meld and suit names come from the catalogue
(:mod:`binokel.ui.catalogue`), cards are written by :func:`binokel.ui.i18n_cards.local_cards`."""

from __future__ import annotations

_EN_CLI: dict[str, str] = {
    # binokel review
    "cli_review_head": "{title} review of {who} by {bot}",
    "cli_review_seat": "seat {seat}",
    "cli_review_no_seat": "no seat",
    "cli_review_incomplete": " (the record ends before the game is over)",
    "cli_review_values": "values: the seat's expected hand score against the others' mean, "
                         "from its view",
    "cli_review_hand": "hand {hand}, seat {seat}: {n} decisions",
    "cli_review_columns": "     # seat kind     chosen            value    lost",
    "cli_review_seat_short": "s{seat}",
    "cli_review_not_valued": "  (not valued)",
    "cli_review_best": "  best {best} {value}",
    "cli_review_lost": "  lost {lost} ({per} per decision); costliest: {worst}",
    "cli_review_none": "none",
    "cli_review_scored": "  scored {actual}",
    "cli_review_sight": "; with the expert's choices (hindsight, it knows the cards): "
                        "{hindsight}",
    "cli_review_game": "game: {n} decisions, lost {lost} ({per} per decision); ",
    "cli_review_costliest": "  costliest: hand {hand} #{number} seat {seat} {kind} {chosen} "
                            "instead of {best}: -{loss} ({grade})",
    "cli_review_seat_scored": "  seat {seat} scored {actual}",
    "cli_review_seat_sight": "; hindsight with the expert's choices: {hindsight}",
    "cli_review_time": "reviewed in {seconds} s ({per} s per decision)",
    "cli_review_progress": "reviewing",
    "cli_grade_blunder": "blunder", "cli_grade_mistake": "mistake",
    "cli_grade_inaccuracy": "inaccuracy", "cli_grade_good": "good",
    "cli_grade_unvalued": "unvalued",
    # binokel hint
    "cli_hint_which": "game {number} of {games}, ",
    "cli_hint_head": "{title}, {which}hand {hand}, {phase}: seat {seat} to act",
    "cli_hint_cards": "cards: {cards}",
    "cli_hint_trick": "trick: {trick}",
    "cli_hint_plays": "expert ({bot}) plays: {best}",
    "cli_hint_values": "expected value of each candidate (seat's hand score minus the "
                       "others' mean):",
    "cli_hint_worlds": "({worlds} sampled deals)",
    "cli_hint_only": "(the only legal action)",
    # binokel melds
    "cli_melds_trumps": "{suit} trumps",
    "cli_melds_no_trumps": "no trumps",
    "cli_melds_head": "Melds with {trumps} ({rules})",
    "cli_melds_none": "  no melds",
    "cli_melds_total": "Total",
    "cli_melds_col_meld": "meld", "cli_melds_col_cards": "cards", "cli_melds_col_points": "points",
    "cli_melds_binocle_head": "{title} melds with {suit} trumps ({rules}), each scored alone "
                              "after a trick won",
    "cli_melds_tricks": "{n} tricks won",
    "cli_melds_tricks/1": "{n} trick won",
    "cli_melds_best": "Best order, one meld per trick won ({best} in {tricks}):",
    "cli_melds_dix": "The dix adds {dix} (exchanged or shown after a trick won): {total} in all",
}

_DE_CLI: dict[str, str] = {
    "cli_review_head": "{title}: Auswertung von {who} durch {bot}",
    "cli_review_seat": "Platz {seat}",
    "cli_review_no_seat": "keinem Platz",
    "cli_review_incomplete": " (die Aufzeichnung endet vor dem Ende der Partie)",
    "cli_review_values": "Werte: die erwarteten Punkte des Platzes im Spiel gegen den Schnitt "
                         "der anderen, aus seiner Sicht",
    "cli_review_hand": "Spiel {hand}, Platz {seat}: {n} Entscheidungen",
    "cli_review_columns": "     # Pl Art       gewählt            Wert verloren",
    "cli_review_seat_short": "P{seat}",
    "cli_review_not_valued": "  (nicht bewertet)",
    "cli_review_best": "  besser {best} {value}",
    "cli_review_lost": "  {lost} verloren ({per} je Entscheidung); am teuersten: {worst}",
    "cli_review_none": "keine",
    "cli_review_scored": "  erzielt {actual}",
    "cli_review_sight": "; mit den Zügen des Experten (im Nachhinein, er kennt die Karten): "
                        "{hindsight}",
    "cli_review_game": "Partie: {n} Entscheidungen, {lost} verloren ({per} je Entscheidung); ",
    "cli_review_costliest": "  am teuersten: Spiel {hand} #{number} Platz {seat} {kind} "
                            "{chosen} statt {best}: -{loss} ({grade})",
    "cli_review_seat_scored": "  Platz {seat} erzielte {actual}",
    "cli_review_seat_sight": "; im Nachhinein mit den Zügen des Experten: {hindsight}",
    "cli_review_time": "ausgewertet in {seconds} s ({per} s je Entscheidung)",
    "cli_review_progress": "werte aus",
    "cli_grade_blunder": "grober Fehler", "cli_grade_mistake": "Fehler",
    "cli_grade_inaccuracy": "Ungenauigkeit", "cli_grade_good": "gut",
    "cli_grade_unvalued": "nicht bewertet",
    "cli_hint_which": "Partie {number} von {games}, ",
    "cli_hint_head": "{title}, {which}Spiel {hand}, {phase}: Platz {seat} ist dran",
    "cli_hint_cards": "Karten: {cards}",
    "cli_hint_trick": "Stich: {trick}",
    "cli_hint_plays": "{bot} spielt: {best}",
    "cli_hint_values": "Erwarteter Wert jeder Möglichkeit (die Punkte des Platzes im Spiel "
                       "gegen den Schnitt der anderen):",
    "cli_hint_worlds": "({worlds} gezogene Verteilungen)",
    "cli_hint_only": "(der einzige erlaubte Zug)",
    "cli_melds_trumps": "bei {suit} Trumpf",
    "cli_melds_no_trumps": "ohne Trumpf",
    "cli_melds_head": "Meldungen {trumps} ({rules})",
    "cli_melds_none": "  keine Meldungen",
    "cli_melds_total": "Summe",
    "cli_melds_col_meld": "Meldung", "cli_melds_col_cards": "Karten",
    "cli_melds_col_points": "Punkte",
    "cli_melds_binocle_head": "{title}: Meldungen mit {suit} Trumpf ({rules}), jede für sich "
                              "nach einem gewonnenen Stich gezählt",
    "cli_melds_tricks": "{n} gewonnenen Stichen",
    "cli_melds_tricks/1": "{n} gewonnenen Stich",
    "cli_melds_best": "Beste Reihenfolge, eine Meldung je gewonnenem Stich ({best} in "
                      "{tricks}):",
    "cli_melds_dix": "Die Dix bringt {dix} dazu (getauscht oder gezeigt nach einem "
                     "gewonnenen Stich): {total} insgesamt",
}

#: The phases of a position, as ``binokel hint`` names them (the engines' names in English).
PHASES_DE: dict[str, str] = {
    "auction": "Reizen", "dabb": "Dabb", "discard": "Drücken", "trump": "Trumpf",
    "play": "Ausspielen", "meld": "Melden", "game over": "Partie aus",
}
