"""The server's refusals in the page's languages: a catalogue of the English sentences the
server sends (``error`` events, the ``error`` of a refused HTTP request) with their German.

The rules and the tables word a refusal in English (the rules core names the rule that forbids
a move, :mod:`binokel.errors`); the server keeps that text as ``reason`` / ``error`` and adds
``code`` (the catalogue's key) and ``words`` (the sentence in every other language the pages
speak), so that a German page shows German (decision web-14).  A sentence is found by its
English template, ``{name}`` standing for a part that varies; a part marked ``{name*}`` is
itself a refusal and is worded again.  A sentence not in the catalogue gets neither field and
the page shows the English (``tests/web/test_wording.py`` checks what the pages can meet).

>>> words("Seat 2 is taken.")
{'code': 'seat_taken', 'words': {'de': 'Platz 2 ist schon besetzt.'}}
>>> words("You must beat Q♥: you hold K♥ A♥.")["words"]["de"]
'Du musst O♥ überstechen: du hast K♥ A♥.'
>>> words("hand 3: bid 155: bids go up by 10 from 150 (bid_step, §3)")["words"]["de"]
'Spiel 3: Reizwert 155: gereizt wird in Schritten von 10 ab 150 (bid_step, §3)'
>>> words("something new")
{}
"""

from __future__ import annotations

import functools
import re
from typing import Any

from .clubwording import CLUB_CATALOGUE

#: code -> (English template, German template).  The templates are tried with the most fixed
#: text first, so a specific one ("This game is already {status}; there is no seat to leave.")
#: wins over a general one ("This game is already {status}.").
CATALOGUE: dict[str, tuple[str, str]] = {
    # -- tables (binokel.web.tables, binokel.web.connection, binokel.web.app) -------------------
    "no_table": ("There is no such table.", "Diesen Tisch gibt es nicht."),
    "no_table_api": ("no such table", "Diesen Tisch gibt es nicht."),
    "no_address": ("no such address", "Diese Adresse gibt es nicht."),
    "unknown_rules": ("unknown rule set {name}", "Diese Regeln gibt es nicht: {name}"),
    "unknown_rules_known": ("unknown rule set {name}; known: {known}",
                            "Diese Regeln gibt es nicht: {name}; es gibt: {known}"),
    "server_full": ("The server is full: too many tables are playing. Try later.",
                    "Der Server ist voll: es laufen zu viele Tische. Bitte später noch einmal."),
    "table_cap": ("You have {n} {tables} in play already (the most one address may make or sit "
                  "at). To free one, finish or abandon it from \u201cYour tables\u201d in the "
                  "lobby, or cancel it while nobody else sits at it; a table nobody is connected "
                  "to "
                  "ends by itself after {minutes} minutes ({bots} against computers only).",
                  "Du hast schon so viele laufende Tische, wie eine Adresse anlegen oder besetzen "
                  "darf ({n}). Um einen frei zu machen, spiel ihn zu Ende oder gib ihn unter "
                  "\u201eDeine Tische\u201c in der Übersicht auf, oder storniere ihn, solange "
                  "niemand sonst daran sitzt; ein Tisch, mit dem niemand verbunden ist, endet "
                  "nach {minutes} Minuten von selbst ({bots} nur gegen Computer)."),
    "server_busy": ("The server is full: every table has players at it. Try again in a few "
                    "minutes.",
                    "Der Server ist voll: an jedem Tisch sitzen Spieler. Versuch es in ein paar "
                    "Minuten noch einmal."),
    "too_many_requests": ("Too many requests from your address: at most {n} a second. Wait a "
                          "moment.",
                          "Zu viele Anfragen von deiner Adresse: höchstens {n} je Sekunde. "
                          "Warte einen Moment."),
    "too_many_sockets": ("Too many connections from your address: at most {n} at once. Close a "
                         "table's tab and try again.",
                         "Zu viele Verbindungen von deiner Adresse: höchstens {n} gleichzeitig. "
                         "Schließ den Tab eines Tisches und versuch es noch einmal."),
    "hint_busy": ("A hint is on its way already: one at a time.",
                  "Ein Tipp ist schon unterwegs: einer nach dem anderen."),
    "hints_busy": ("Many players are asking for hints just now: try again in a moment.",
                   "Gerade fragen viele nach Tipps: versuch es gleich noch einmal."),
    "hint_rate": ("At most {n} hints a minute: the next one in {s} s.",
                  "Höchstens {n} Tipps je Minute: der nächste in {s} s."),
    "not_playing": ("This table is no longer playing (it is {status}).",
                    "An diesem Tisch wird nicht mehr gespielt ({status*})."),
    "seat_taken": ("Seat {seat} is taken.", "Platz {seat} ist schon besetzt."),
    "not_creator": ("That is not this table's cancel token: only its creator can cancel it.",
                    "Nur wer den Tisch angelegt hat, kann ihn stornieren."),
    "already": ("This game is already {status}.", "Dieses Spiel ist schon {status*}."),
    "others_seated": ("Other players have sat down at this table: it cannot be cancelled now; "
                      "a seated player can abandon the game.",
                      "Andere haben sich an diesen Tisch gesetzt: er kann nicht mehr storniert "
                      "werden; wer sitzt, kann das Spiel abbrechen."),
    "spectator_act": ("Spectators cannot act: take a seat first.",
                      "Zuschauer können nicht spielen: nimm zuerst einen Platz."),
    "game_status": ("This game is {status}.", "Dieses Spiel ist {status*}."),
    "moved_on": ("The table has moved on since your last update; try again.",
                 "Am Tisch ist inzwischen etwas passiert; versuch es noch einmal."),
    "spectator_next": ("Spectators need not say when to deal on.",
                       "Zuschauer müssen nicht sagen, wann weitergegeben wird."),
    "hand_not_done": ("Hand {hand} is not finished yet ({done} are).",
                      "Spiel {hand} ist noch nicht aus ({done} sind es)."),
    "abandon_seated": ("Only a seated player can abandon the game.",
                       "Nur wer mitspielt, kann das Spiel abbrechen."),
    "leave_seated": ("Only a seated player can leave a seat.",
                     "Nur wer mitspielt, kann aufstehen."),
    "leave_over": ("This game is already {status}; there is no seat to leave.",
                   "Dieses Spiel ist schon {status*}; es gibt keinen Platz zum Aufstehen."),
    "rematch_seated": ("Only a seated player can ask for a rematch.",
                       "Nur wer mitspielt, kann eine Revanche anbieten."),
    "rematch_early": ("A rematch can be offered once this game is over.",
                      "Eine Revanche gibt es, wenn dieses Spiel aus ist."),
    "rematch_person": ("Only a person seated at this table can ask for a rematch.",
                       "Nur ein Mensch an diesem Tisch kann eine Revanche anbieten."),
    "rematch_begun": ("The rematch has begun already.", "Die Revanche hat schon begonnen."),
    "record_early": ("The record is available once the game is finished or abandoned (or "
                     "cancelled, or expired).",
                     "Den Spielbericht gibt es, wenn das Spiel aus oder abgebrochen ist."),
    "hint_turn": ("A hint is for the player whose turn it is.",
                  "Einen Tipp bekommt, wer dran ist."),
    "hello_twice": ("You are already at this table.", "Du bist schon an diesem Tisch."),
    "token_refused": ("That seat token does not belong to this table; you are watching.",
                      "Dieser Platz gehört nicht zu diesem Tisch; du schaust zu."),
    "too_many": ("Too many messages: at most {rate} a second; this one was ignored.",
                 "Zu viele Nachrichten: höchstens {rate} je Sekunde; diese wurde übergangen."),
    "moved_server": ("This table moved to another server; reconnecting.",
                     "Der Tisch ist auf einen anderen Server umgezogen; verbinde neu."),
    # -- statuses (worded inside other sentences) ------------------------------------------
    "status_playing": ("playing", "läuft noch"),
    "status_finished": ("finished", "beendet"),
    "status_abandoned": ("abandoned", "abgebrochen"),
    "status_cancelled": ("cancelled", "storniert"),
    "status_expired": ("expired", "abgelaufen"),
    # -- the rules: why a move is refused (binokel.games.*.explain and game) -------------------
    "game_over": ("The game is over.", "Das Spiel ist aus."),
    "not_your_turn": ("It is not your turn: seat {seat} is to act.",
                      "Du bist nicht dran: Platz {seat} ist dran."),
    "sits_out": ("You sit this hand out: seat {seat} dealt, and the dealer does not play.",
                 "Du setzt dieses Spiel aus: Platz {seat} hat gegeben, und der Geber spielt "
                 "nicht mit."),
    "bid_more": ("You must bid more than {bid}.", "Du musst mehr als {bid} reizen."),
    "bid_max": ("Bids go no higher than {bid}.", "Höher als {bid} wird nicht gereizt."),
    "bid_steps": ("Bids go up in steps of {step}.", "Gereizt wird in Schritten von {step}."),
    "bid_next": ("Bids go up by {step}: the next bid is {bid}, no jumps.",
                 "Gereizt wird um {step}: das nächste Gebot ist {bid}, ohne Sprünge."),
    "auction": ("It is the auction (Reizen): bid or pass.", "Es wird gereizt: reizen oder passen."),
    "dabb": ("Take the Dabb or announce open Durch without it.",
             "Nimm den Dabb auf oder sag offenen Durch ohne Dabb an."),
    "give_up_when": ("Giving up is only possible from taking the Dabb until trumps are named.",
                     "Abgehen geht nur nach dem Aufnehmen des Dabbs, bis Trumpf angesagt ist."),
    "not_held": ("You do not hold {card}.", "Du hast {card} nicht."),
    "lay_first": ("Lay away (drücken) a card from your hand first.",
                  "Drücke zuerst eine Karte aus deiner Hand."),
    "discard": ("Lay away (drücken) a card from your hand, or give up.",
                "Drücke eine Karte aus deiner Hand, oder geh ab."),
    "no_durch": ("Durch is not played under these rules (durch_allowed is off).",
                 "Durch wird nach diesen Regeln nicht gespielt (durch_allowed ist aus)."),
    "no_open_durch": ("Open Durch is not played under these rules (open_durch is off).",
                      "Offener Durch wird nach diesen Regeln nicht gespielt (open_durch ist aus)."),
    "trump_or_give_up": ("Name trumps or give up.", "Sag Trumpf an oder geh ab."),
    "trump_durch": ("Name trumps, announce Durch or open Durch, or give up.",
                    "Sag Trumpf, Durch oder offenen Durch an, oder geh ab."),
    "trump": ("Name trumps, announce Durch, or give up.", "Sag Trumpf oder Durch an, oder geh ab."),
    "play": ("Play a card.", "Spiel eine Karte."),
    "follow_win": ("You must follow suit and win the trick: you hold {cards}.",
                   "Du musst bedienen und den Stich machen: du hast {cards}."),
    "follow": ("You must follow suit: you hold {cards}.",
               "Du musst Farbe bedienen: du hast {cards}."),
    "beat_best": ("You must beat {card} (the best {suit}): you hold {cards}.",
                  "Du musst {card} (das höchste {suit}) überstechen: du hast {cards}."),
    "overtrump": ("You must beat {card} (overtrump): you hold {cards}.",
                  "Du musst {card} übertrumpfen: du hast {cards}."),
    "beat": ("You must beat {card}: you hold {cards}.",
             "Du musst {card} überstechen: du hast {cards}."),
    "must_trump": ("You must trump: you have no {suit} but hold {trumps}.",
                   "Du musst trumpfen: du hast kein {suit}, aber {trumps}."),
    "not_here": ("{card} may not be played here.", "{card} darf hier nicht gespielt werden."),
    "not_on_table": ("{card} is not on your table.", "{card} liegt nicht bei dir aus."),
    "lies_on_table": ("Your {card} lies on the table: play it as 'table {card2}'.",
                      "Dein {card} liegt aus: spiel es vom Tisch."),
    # -- reviews (binokel.web.reviews) ---------------------------------------------------------
    "review_unfinished": ("A review is for a finished game; this one is {status}.",
                          "Ausgewertet wird ein beendetes Spiel; dieses {status*}."),
    "review_failed": ("The review failed: {why}", "Die Auswertung ist fehlgeschlagen: {why}"),
    "review_busy": ("The server is reviewing {n} games already; try again in a minute.",
                    "Der Server wertet schon {n} Spiele aus; versuch es in einer Minute noch "
                    "einmal."),
    "review_seat": ("seat {seat}: this game has seats 0 to {last}",
                    "Platz {seat}: dieses Spiel hat die Plätze 0 bis {last}"),
    # -- the score pad (binokel.web.pads, binokel.pad) -----------------------------------------
    "pad_missing": ("There is no such pad, or this is not its link.",
                    "Diesen Block gibt es nicht, oder das ist nicht sein Link."),
    "pad_token": ("token must be 1 to 64 characters, not {n}",
                  "Der Schlüssel des Links (der Teil nach #) fehlt oder ist falsch."),
    "pad_full": ("A pad holds at most {n} hands.", "Ein Block hält höchstens {n} Spiele."),
    "pad_too_many": ("Too many new pads from your address: at most {what}",
                     "Zu viele neue Blöcke von deiner Adresse: höchstens {what}"),
    "pad_rate": ("Too many changes to this pad: at most {n} a second. The page sends it again "
                 "by itself.",
                 "Zu viele Änderungen an diesem Block: höchstens {n} je Sekunde. Die Seite "
                 "sendet sie von selbst noch einmal."),
    "pad_server_full": ("This server keeps no more pads.", "Dieser Server hält keine Blöcke mehr."),
    "pad_hand": ("hand {n}: {inner*}", "Spiel {n}: {inner*}"),
    "pad_over_after": ("hand {n}: the game was over after hand {before}",
                       "Spiel {n}: das Spiel war nach Spiel {before} aus"),
    "pad_over": ("the game is over: {who}; start a new pad",
                 "das Spiel ist aus: {who}; leg einen neuen Block an"),
    "pad_undo": ("undo: there is no hand to take back", "zurücknehmen: es gibt kein Spiel"),
    "pad_edit": ("edit: there is no hand {n} (hands 1-{last})",
                 "ändern: es gibt kein Spiel {n} (Spiele 1-{last})"),
    "pad_bid_low": ("bid {bid}: the lowest bid is {min} (min_bid, §3)",
                    "Reizwert {bid}: das niedrigste Gebot ist {min} (min_bid, §3)"),
    "pad_bid_high": ("bid {bid}: the highest bid is {max} (max_bid, §3)",
                     "Reizwert {bid}: das höchste Gebot ist {max} (max_bid, §3)"),
    "pad_bid_step": ("bid {bid}: bids go up by {step} from {min} (bid_step, §3)",
                     "Reizwert {bid}: gereizt wird in Schritten von {step} ab {min} "
                     "(bid_step, §3)"),
    "pad_tricks_range": ("trick points: {n} is not between 0 and {total}",
                         "Stichpunkte: {n} liegt nicht zwischen 0 und {total}"),
    "pad_tricks_sum": ("trick points: {n}, but a hand's tricks add up to {rest}",
                       "Stichpunkte: {n}, aber die Stiche eines Spiels ergeben zusammen {rest}"),
    "pad_tricks_more": ("trick points: {n} is more than the {rest}",
                        "Stichpunkte: {n} ist mehr als die {rest}"),
    "pad_tricks_none": ("trick points: {who} took no trick but {rest}",
                        "Stichpunkte: {who} hat keinen Stich, aber {rest}"),
    "pad_no_trick_last": ("no trick: someone took the last trick",
                          "kein Stich: jemand hat den letzten Stich gemacht"),
    "pad_no_trick_give_up": ("no trick: nobody plays a trick when the declarer gives up (§4)",
                             "kein Stich: wenn der Spieler abgeht, wird kein Stich gespielt (§4)"),
    "pad_melds_durch": ("{name}'s melds: nobody melds in a Durch (§8)",
                        "Meldungen von {name}: beim Durch meldet niemand (§8)"),
    "pad_melds_tens": ("{name}'s melds: {n} is not a meld total; melds count in tens{rest}",
                       "Meldungen von {name}: {n} ist keine Meldesumme; Meldungen zählen in "
                       "Zehnern{rest}"),
    "pad_melds_none": ("{name}'s melds: no hand of {size} cards melds {n}{rest}",
                       "Meldungen von {name}: kein Blatt von {size} Karten meldet {n}{rest}"),
    "pad_sits_out": ("{name} sits this hand out and has no melds",
                     "{name} setzt dieses Spiel aus und hat keine Meldungen"),
    "pad_card_points": ("card points: {n} is not between 0 and {rest} (§1)",
                        "Augen: {n} liegt nicht zwischen 0 und {rest} (§1)"),
}

CATALOGUE.update(CLUB_CATALOGUE)

_CARD_FACES_DE = re.compile(r"(?<![A-Za-z])([QJ])(?=[♣♠♥♦])")
_FIELD = re.compile(r"\{(\w+)(\*?)\}")


@functools.cache
def _patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    out = []
    by_fixed_text = sorted(CATALOGUE.items(), key=lambda item: -len(_FIELD.sub("", item[1][0])))
    for code, (english, _) in by_fixed_text:
        pieces, last = [], 0
        for field in _FIELD.finditer(english):
            pieces.append(re.escape(english[last:field.start()]))
            pieces.append(f"(?P<{field.group(1)}>.+?)")
            last = field.end()
        pieces.append(re.escape(english[last:]))
        out.append((code, re.compile("".join(pieces), re.DOTALL)))
    return tuple(out)


def _german(code: str, parts: dict[str, str]) -> str:
    def fill(field: re.Match[str]) -> str:
        value = parts[field.group(1)]
        if field.group(2):  # itself a sentence of the catalogue (or left as it is)
            return str(words(value).get("words", {}).get("de", value))
        return _CARD_FACES_DE.sub(lambda m: "O" if m.group(1) == "Q" else "U", value)

    return _FIELD.sub(fill, CATALOGUE[code][1])


def words(reason: str) -> dict[str, Any]:
    """``code`` and ``words`` (language -> sentence) for an English refusal, or ``{}`` when
    the catalogue does not hold it."""
    for code, pattern in _patterns():
        found = pattern.fullmatch(reason)
        if found is not None:
            return {"code": code, "words": {"de": _german(code, found.groupdict())}}
    return {}


def refusal(reason: str) -> dict[str, Any]:
    """The JSON body of a refused HTTP request: ``error`` and, when known, its wording."""
    return {"error": reason, **words(reason)}


__all__ = ["CATALOGUE", "refusal", "words"]
