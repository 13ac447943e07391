"""The words of the post-game review at the table (``review`` in ``binokel play``), in English
and German; :mod:`binokel.ui.i18n` adds them to its tables."""

from __future__ import annotations

_EN_REVIEW: dict[str, str] = {
    "review_offer": "Type review to see what your decisions in this hand cost (review game: "
                    "the whole game).",
    "review_offer_end": "To see what each of your decisions cost: binokel review {path} "
                        "--seat {seat}",
    "tui_review_offer": "Press v to see what your decisions in this hand cost.",
    "review_none": "Nothing to review yet: the review looks at a hand once it is over.",
    "review_working": "The expert weighs your decisions from what you could see…",
    "review_head": "Review of hand {hand} by the expert ({n} decisions, {lost} points lost; "
                   "values: your expected score against the others'):",
    "review_head_game": "Review of the game so far by the expert ({n} decisions, {lost} points "
                        "lost):",
    "review_line": "  {kind} {chosen}: {value}",
    "review_line_lost": "  {kind} {chosen}: {value}, lost {loss} ({grade}); better {best} "
                        "{best_value}",
    "review_unvalued": "not weighed",
    "review_costliest": "Costliest: {items}",
    "review_hindsight": "You scored {actual}; with the expert's choices on the real deal "
                        "(hindsight, it knows the cards): {hindsight}.",
    "grade_inaccuracy": "inaccuracy",
    "grade_mistake": "mistake",
    "grade_blunder": "blunder",
    "kind_bid": "bid", "kind_pass": "bid", "kind_Dabb": "Dabb", "kind_lay away": "lay away",
    "kind_trump": "Trumpf", "kind_Durch": "Durch", "kind_give up": "give up",
    "kind_card": "card", "kind_meld": "meld", "kind_dix": "dix", "kind_claim": "claim",
}

_DE_REVIEW: dict[str, str] = {
    "review_offer": "Tippe auswertung, um zu sehen, was deine Entscheidungen in diesem Spiel "
                    "gekostet haben (auswertung partie: die ganze Partie).",
    "review_offer_end": "Was jede deiner Entscheidungen gekostet hat: binokel review {path} "
                        "--seat {seat}",
    "tui_review_offer": "Drücke v, um zu sehen, was deine Entscheidungen in diesem Spiel "
                        "gekostet haben.",
    "review_none": "Noch nichts auszuwerten: die Auswertung sieht sich ein Spiel an, wenn es "
                   "aus ist.",
    "review_working": "Der Experte wägt deine Entscheidungen ab, mit dem, was du sehen "
                      "konntest…",
    "review_head": "Auswertung von Spiel {hand} durch den Experten ({n} Entscheidungen, {lost} "
                   "Punkte verloren; Werte: deine erwarteten Punkte gegen die der anderen):",
    "review_head_game": "Auswertung der Partie bis jetzt durch den Experten ({n} "
                        "Entscheidungen, {lost} Punkte verloren):",
    "review_line": "  {kind} {chosen}: {value}",
    "review_line_lost": "  {kind} {chosen}: {value}, {loss} verloren ({grade}); besser {best} "
                        "{best_value}",
    "review_unvalued": "nicht bewertet",
    "review_costliest": "Am teuersten: {items}",
    "review_hindsight": "Du hast {actual} gemacht; mit den Zügen des Experten auf den echten "
                        "Karten (im Nachhinein, er kennt die Karten): {hindsight}.",
    "grade_inaccuracy": "Ungenauigkeit",
    "grade_mistake": "Fehler",
    "grade_blunder": "grober Fehler",
    "kind_bid": "Reizen", "kind_pass": "Reizen", "kind_Dabb": "Dabb",
    "kind_lay away": "Drücken", "kind_trump": "Trumpf", "kind_Durch": "Durch",
    "kind_give up": "Abgehen", "kind_card": "Karte", "kind_meld": "Melden", "kind_dix": "Dix",
    "kind_claim": "Ansage",
}
