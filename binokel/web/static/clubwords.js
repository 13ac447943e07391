/* The club tournament's words (Preisbinokel), in English and German, added to the page's
 * words (words.js). All of the tournament pages' words are here, in one place. */
"use strict";

Object.assign(STR.en, {
  clubTitle: "Club tournament", clubNew: "New tournament", clubName: "Name", clubRules: "Rule set (house rules as +field=value)",
  clubRounds: "Rounds", clubHands: "Hands a table of three plays each round (a table of four plays a third more)",
  clubSeed: "Seed of the draw (empty: the server picks one)", clubByStanding: "Seat later rounds by standing",
  clubCreate: "Create the tournament", clubKeep: "Keep this link: it is the organiser's key to the tournament.",
  clubPlayers: "Registration", clubAdd: "Add player", clubRename: "Rename", clubWithdraw: "Withdraw", clubPaid: "fee paid",
  clubWithdrawn: "withdrawn", clubLate: "late entry", clubDraw: "Draw round {0}", clubRound: "Round {0}",
  clubTable: "Table {0}", clubSeat: "Seat {0}", clubDeals: "deals first", clubHandsOf: "{0} of {1} hands",
  clubDone: "done", clubClose: "Close round {0}", clubClosed: "closed", clubTyped: "typed from the sheet",
  clubTypeSheet: "Type the sheet", clubTypeSave: "Save the totals", clubCards: "Table cards", clubBoard: "Projector",
  clubStandingsLink: "Standings (phones)", clubResults: "Results to print", clubCsv: "CSV",
  clubCorrect: "Correction", clubDelta: "Points (+/-)", clubWho: "Who", clubWhy: "Why", clubCorrectSave: "Log the correction",
  clubLog: "Log", clubSeedShown: "Draw seed: {0}", clubPlace: "Place", clubPlayer: "Player", clubTotal: "Total",
  clubMissed: "Missed", clubRoundShort: "R{0}", clubScanPad: "Scan to open the table's pad",
  clubFinal: "Final ranking", clubLive: "Standings after {0} of {1} rounds", clubLiveOpen: "Round {0} being played",
  clubTieBreaks: "Ties: the better last round, then fewer missed contracts, else a shared place.",
  clubNoPlayers: "No players yet.", clubPrint: "Print", clubFinished: "The tournament is over.",
  clubPlayerId: "Player", clubRoundNo: "Round", clubTableNo: "Table", clubRulesName: "Rules: {0}",
});

Object.assign(STR.de, {
  clubTitle: "Preisbinokel", clubNew: "Neues Turnier", clubName: "Name", clubRules: "Regeln (Hausregeln als +feld=wert)",
  clubRounds: "Runden", clubHands: "Spiele je Runde an einem Dreiertisch (ein Vierertisch spielt ein Drittel mehr)",
  clubSeed: "Startwert der Auslosung (leer: der Server wählt)", clubByStanding: "Spätere Runden nach Rangliste setzen",
  clubCreate: "Turnier anlegen", clubKeep: "Diesen Link gut aufheben: er ist der Schlüssel der Turnierleitung.",
  clubPlayers: "Anmeldung", clubAdd: "Spieler aufnehmen", clubRename: "Umbenennen", clubWithdraw: "Abmelden", clubPaid: "Startgeld bezahlt",
  clubWithdrawn: "abgemeldet", clubLate: "Nachmeldung", clubDraw: "Runde {0} auslosen", clubRound: "Runde {0}",
  clubTable: "Tisch {0}", clubSeat: "Platz {0}", clubDeals: "gibt zuerst", clubHandsOf: "{0} von {1} Spielen",
  clubDone: "fertig", clubClose: "Runde {0} abschließen", clubClosed: "abgeschlossen", clubTyped: "vom Zettel übertragen",
  clubTypeSheet: "Zettel eintragen", clubTypeSave: "Summen speichern", clubCards: "Tischkarten", clubBoard: "Beamer",
  clubStandingsLink: "Rangliste (Handy)", clubResults: "Ergebnisliste drucken", clubCsv: "CSV",
  clubCorrect: "Berichtigung", clubDelta: "Punkte (+/-)", clubWho: "Wer", clubWhy: "Warum", clubCorrectSave: "Berichtigung eintragen",
  clubLog: "Protokoll", clubSeedShown: "Startwert der Auslosung: {0}", clubPlace: "Platz", clubPlayer: "Spieler", clubTotal: "Summe",
  clubMissed: "Abgegangen", clubRoundShort: "R{0}", clubScanPad: "Scannen öffnet den Block des Tisches",
  clubFinal: "Endstand", clubLive: "Stand nach {0} von {1} Runden", clubLiveOpen: "Runde {0} läuft",
  clubTieBreaks: "Bei Gleichstand: die bessere letzte Runde, dann weniger abgegangene Spiele, sonst geteilter Platz.",
  clubNoPlayers: "Noch keine Spieler.", clubPrint: "Drucken", clubFinished: "Das Turnier ist beendet.",
  clubPlayerId: "Spieler", clubRoundNo: "Runde", clubTableNo: "Tisch", clubRulesName: "Regeln: {0}",
});
