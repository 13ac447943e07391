/* Binokel in the browser: the words of the page, in English and German.
 *
 * The page is a few plain scripts loaded in order (gamewords.js, words.js, cards.js, table.js,
 * felt.js, hand.js, summary.js, app.js); no build step, no outside requests.  The game's own
 * words (ranks, faces, suits, melds, rule sets) are gamewords.js's, written from the catalogue
 * the terminal uses (binokel/ui/catalogue.py).
 */
"use strict";

// ---------------------------------------------------------------------------------------------
// Words, in English and German (with the game's Swabian words)

const STR = {
  en: {
    handNo: "Hand {0}", plays: "{0} plays for {1}", pointsOf: "{0} of {1} points",
    pointsOfHidden: "{0} of {1} points (without the laid-away cards)",
    waitingFriend: "waiting for a friend", invite: "Invite a friend",
    inviteText: "Send this link, or let a friend at your table scan the code.",
    copyLink: "Copy link", qrAlt: "QR code of the invite link",
    handOver: "Hand {0} is over", nextHand: "Next hand", finalHand: "The last hand",
    colMelds: "Melds", colTricks: "Tricks", colLaid: "Laid away", colLast: "Last trick",
    colHand: "This hand", colTotal: "Total",
    whyMade: "{0} made the bid: {1} of {2} points.",
    whyMissed: "{0} missed the bid: {1} of {2} points, so minus twice the bid.",
    whyGaveUp: "{0} gave up, out in {1}: minus the bid ({2}); each other player scores {3} plus their melds.",
    whyDurchWon: "{0} won the {1}: every trick, plus {2}.",
    whyDurchLost: "{0} lost the {1}: minus {2}.",
    whyNoTrick: "{0} won no trick: melds lost.",
    whyLastTrick: "Last trick to {0} (+{1}).",
    teamTotal: "Team {0}: {1} this hand, {2} in all",
    waitingOthers: "Waiting for {0} to go on.",
    giveUpIn: "Give up in {0}", giveUpPrompt: "Give up (abgehen)…", giveUpSure: "Give up, naming {0} as trump? You score minus {1} (the bid); every other player scores {2} plus their melds.",
    durchSure: "Announce Durch? You must take every trick, without trumps: plus or minus {0}.",
    openDurchSure: "Announce open Durch? Your cards lie face up for all and you must take every trick: plus or minus {0}.",
    yesGiveUp: "Yes, give up", yesDurch: "Yes, play it", cancel: "Cancel",
    rematch: "Rematch", rematchOffer: "{0} offers a rematch: same seats, same rules.",
    acceptRematch: "Accept the rematch", rematchWaiting: "Waiting for {0} to accept the rematch.",
    rematchReady: "The rematch has begun.", toRematch: "To the new game",
    hintOther: "{0} {1} points", hintBest: "best", foldDabb: "Dabb and laid away",
    foldLast: "Last trick", menu: "More", youBid: "your bid", turnOf: "{0}'s turn",
    freeSeats: "{0} free", close: "Close",
    rules: "Rules", newTable: "New table", ruleSet: "Rule set", yourName: "Your name",
    seat: "Seat", you: "You", openSeat: "Open seat (a friend joins by link)",
    computer: "Computer", create: "Create table", openTables: "Tables",
    noTables: "No tables yet. Create one!", join: "Join", watch: "Watch",
    takeSeat: "Take this seat", justWatch: "Just watch", freeSeat: "free",
    chooseSeat: "Choose a seat", players: "players", playing: "playing",
    finished: "finished", abandoned: "abandoned", shareLink: "Share this link",
    copy: "Copy", copied: "Link copied", hint: "Hint", hintIs: "Hint: {0}",
    yourTurn: "Your turn", waitingFor: "Waiting for {0}", gameOver: "Game over",
    winners: "Winner: {0}", reconnecting: "Connection lost – reconnecting…",
    spectating: "You are watching.", auction: "Auction (reizen)", passes: "passes",
    bids: "{0}", opens: "opens at {0}", declarer: "Declarer", target: "plays for {0}",
    dabb: "Dabb", trick: "Trick", ledBy: "led by {0}", lastTrick: "Last trick",
    wonBy: "won by {0}", melds: "Melds (melden)", scoreSheet: "Score sheet",
    hand: "Hand", bid: "Bid", game: "Game", total: "Total", cards: "cards",
    tricks: "tricks", bidBtn: "Bid {0}", pass: "Pass", takeDabb: "Take the Dabb",
    openDurch: "Open Durch", durch: "Durch", trumpIs: "Trump", nameTrump: "Name trumps:",
    giveUp: "Give up (abgehen), naming:", layAway: "Lay away {0}/{1}",
    selectDiscard: "Select {0} cards to lay away (drücken).", yourHand: "Your hand",
    record: "Download record", abandon: "Abandon game",
    abandonSure: "End this game for everyone?", dealer: "dealer", none: "none",
    leave: "Leave seat", leaveSure: "Give your seat to a computer player and watch?",
    giveUpGame: "gave up", made: "made", lost: "lost", tableGone: "No such table.",
    error: "Error", computerLevel: {"random": "random", "easy": "easy", "medium": "medium",
    "hard": "hard", "expert": "expert"}, title: "Table name (optional)",
    points: "points", discard: "Laid away", openHand: "Open hand", stock: "Stock",
    trumpCard: "Trump card", tableCards: "On the table", known: "Known cards",
    back: "Back to the lobby", you_: "(you)", lastHand: "Last hand",
    team: "Team", claim: "Claim the game", done: "Done: draw", meldVerb: "Meld",
    exchange: "Exchange the dix {0}", showDix: "Show the dix {0}", fromTable: "Play {0} from the table",
    contract: {"trump": "Trump", "durch": "Durch", "open durch": "Open Durch",
    "open durch without Dabb": "Open Durch without Dabb", "give up": "Given up"},
    phase: {"auction": "Auction", "dabb": "Dabb", "discard": "Discard", "trump": "Trumps",
    "play": "Tricks", "game over": "Game over", "melding": "Melding", "stock": "Play"},
  },
  de: {
    handNo: "Spiel {0}", plays: "{0} spielt auf {1}", pointsOf: "{0} von {1} Punkten",
    pointsOfHidden: "{0} von {1} Punkten (ohne Gedrücktes)",
    waitingFriend: "wartet auf einen Freund", invite: "Freunde einladen",
    inviteText: "Schick diesen Link, oder lass am Tisch den Code scannen.",
    copyLink: "Link kopieren", qrAlt: "QR-Code des Einladungslinks",
    handOver: "Spiel {0} ist aus", nextHand: "Nächstes Spiel", finalHand: "Das letzte Spiel",
    colMelds: "Meld.", colTricks: "Stiche", colLaid: "Gedr.", colLast: "Letzter Stich",
    colHand: "Spiel", colTotal: "Summe",
    whyMade: "{0} hat es geschafft: {1} von {2} Punkten.",
    whyMissed: "{0} ist hineingefallen: {1} von {2} Punkten, also minus doppelt.",
    whyGaveUp: "{0} ist abgegangen, mit Trumpf {1}: minus Reizwert ({2}); die anderen bekommen je {3} und ihre Meldungen.",
    whyDurchWon: "{0} hat den {1} geschafft: alle Stiche, plus {2}.",
    whyDurchLost: "{0} hat den {1} verloren: minus {2}.",
    whyNoTrick: "{0} hat keinen Stich: die Meldungen zählen nicht.",
    whyLastTrick: "Letzter Stich an {0} (+{1}).",
    teamTotal: "Partei {0}: {1} in diesem Spiel, {2} insgesamt",
    waitingOthers: "Warten, bis {0} weitermacht.",
    giveUpIn: "Abgehen in {0}", giveUpPrompt: "Abgehen…", giveUpSure: "Abgehen, mit Trumpf {0}? Du bekommst minus {1} (den Reizwert); alle anderen bekommen je {2} und ihre Meldungen.",
    durchSure: "Durch ansagen? Du musst jeden Stich machen, ohne Trumpf: plus oder minus {0}.",
    openDurchSure: "Offenen Durch ansagen? Deine Karten liegen offen und du musst jeden Stich machen: plus oder minus {0}.",
    yesGiveUp: "Ja, abgehen", yesDurch: "Ja, spielen", cancel: "Abbrechen",
    rematch: "Revanche", rematchOffer: "{0} bietet eine Revanche an: gleiche Plätze, gleiche Regeln.",
    acceptRematch: "Revanche annehmen", rematchWaiting: "Warten, bis {0} die Revanche annimmt.",
    rematchReady: "Die Revanche läuft.", toRematch: "Zum neuen Spiel",
    hintOther: "{0} {1} Punkte", hintBest: "am besten", foldDabb: "Dabb und Gedrücktes",
    foldLast: "Letzter Stich", menu: "Mehr", youBid: "dein Gebot", turnOf: "{0} ist dran",
    freeSeats: "{0} frei", close: "Schließen",
    rules: "Regeln", newTable: "Neuer Tisch", ruleSet: "Regeln", yourName: "Dein Name",
    seat: "Platz", you: "Du", openSeat: "Freier Platz (Freund kommt per Link)",
    computer: "Computer", create: "Tisch anlegen", openTables: "Tische",
    noTables: "Noch keine Tische. Leg einen an!", join: "Mitspielen", watch: "Zuschauen",
    takeSeat: "Diesen Platz nehmen", justWatch: "Nur zuschauen", freeSeat: "frei",
    chooseSeat: "Platz wählen", players: "Spieler", playing: "läuft",
    finished: "beendet", abandoned: "abgebrochen", shareLink: "Link zum Teilen",
    copy: "Kopieren", copied: "Link kopiert", hint: "Tipp", hintIs: "Tipp: {0}",
    yourTurn: "Du bist dran", waitingFor: "{0} ist dran", gameOver: "Spiel aus",
    winners: "Gewonnen: {0}", reconnecting: "Verbindung weg – verbinde neu…",
    spectating: "Du schaust zu.", auction: "Reizen", passes: "passt",
    bids: "{0}", opens: "eröffnet mit {0}", declarer: "Spieler", target: "spielt auf {0}",
    dabb: "Dabb", trick: "Stich", ledBy: "{0} kommt raus", lastTrick: "Letzter Stich",
    wonBy: "an {0}", melds: "Meldungen", scoreSheet: "Schreibzettel",
    hand: "Spiel", bid: "Reizwert", game: "Spielart", total: "Summe", cards: "Karten",
    tricks: "Stiche", bidBtn: "{0} reizen", pass: "Passen", takeDabb: "Dabb aufnehmen",
    openDurch: "Offener Durch", durch: "Durch", trumpIs: "Trumpf", nameTrump: "Trumpf ansagen:",
    giveUp: "Abgehen, mit Trumpf:", layAway: "Drücken {0}/{1}",
    selectDiscard: "Wähle {0} Karten zum Drücken.", yourHand: "Deine Karten",
    record: "Spielbericht laden", abandon: "Spiel abbrechen",
    abandonSure: "Das Spiel für alle beenden?", dealer: "gibt", none: "keine",
    leave: "Aufstehen", leaveSure: "Deinen Platz einem Computer geben und zuschauen?",
    giveUpGame: "abgegangen", made: "gewonnen", lost: "verloren", tableGone: "Diesen Tisch gibt es nicht.",
    error: "Fehler", computerLevel: {"random": "Zufall", "easy": "leicht", "medium": "mittel",
    "hard": "schwer", "expert": "Experte"}, title: "Tischname (freiwillig)",
    points: "Punkte", discard: "Gedrückt", openHand: "Offene Karten", stock: "Talon",
    trumpCard: "Trumpfkarte", tableCards: "Ausgelegt", known: "Bekannte Karten",
    back: "Zurück zur Übersicht", you_: "(du)", lastHand: "Letztes Spiel",
    team: "Partei", claim: "Ausmachen (Spiel ansagen)", done: "Fertig: ziehen", meldVerb: "Melden",
    exchange: "Dix {0} tauschen", showDix: "Dix {0} zeigen", fromTable: "{0} vom Tisch spielen",
    contract: {"trump": "Trumpf", "durch": "Durch", "open durch": "Offener Durch",
    "open durch without Dabb": "Offener Durch ohne Dabb", "give up": "Abgegangen"},
    phase: {"auction": "Reizen", "dabb": "Dabb", "discard": "Drücken", "trump": "Trumpf",
    "play": "Stiche", "game over": "Spiel aus", "melding": "Melden", "stock": "Spiel"},
  },
};

// The game's own words (ranks, faces, suits, melds, rule sets) come from the catalogue the
// terminal uses too (gamewords.js, written from binokel/ui/catalogue.py).
const SUIT_NAMES = Object.fromEntries(Object.entries(GAME_WORDS).map(([lg, w]) => [lg,
  Object.fromEntries(Object.entries(w.suits).map(([s, word]) =>
    [s, w.suit_pack[s] ? `${word} (${w.suit_pack[s]})` : word]))]));
const RANK_NAMES = {en: GAME_WORDS.en.ranks, de: GAME_WORDS.de.ranks};
// German faces show the Swabian letters: Ober and Unter for Queen and Jack.
const RANK_FACE = {en: GAME_WORDS.en.faces, de: GAME_WORDS.de.faces};
STR.en.meldNames = GAME_WORDS.en.melds;
STR.de.meldNames = GAME_WORDS.de.melds;
const SUITS = ["♣", "♠", "♥", "♦"];
const CARD_RE = /^(A|10|K|Q|J|9|8|7)[♣♠♥♦]$/;

// The page's language: ?lang=de or ?lang=en in the address (kept for the next visit), else
// the one chosen before, else the browser's.
let lang = (() => {
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked === "de" || asked === "en") {
    localStorage.setItem("binokel.lang", asked);
    return asked;
  }
  return localStorage.getItem("binokel.lang") ||
    ((navigator.language || "en").toLowerCase().startsWith("de") ? "de" : "en");
})();

function t(key, ...args) {
  let text = STR[lang][key];
  if (text === undefined) text = STR.en[key];
  if (text === undefined) return key;
  return String(text).replace(/\{(\d)\}/g, (_, i) => String(args[Number(i)]));
}

function tMap(key, value) {
  const table = STR[lang][key] || {};
  return table[value] || (STR.en[key] || {})[value] || value;
}

/** A meld's name, capitalised, in the page's language ("pair" -> "Pair" / "Paar"). */
function meldName(name) {
  const text = String(tMap("meldNames", name));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// Rule-set descriptions in German (the rule sets carry the English one). A rule set added
// later without a German line shows its English description.
const DESCRIPTIONS_DE = GAME_WORDS.de.rule_sets;

/** A rule set's description in the page's language. */
function describeRules(name, english) {
  return (lang === "de" && DESCRIPTIONS_DE[name]) || english || "";
}


// The review page (review.js), in both languages.
Object.assign(STR.en, {
  reviewGame: "Review the game", reviewTitle: "Review: {0}", reviewBack: "Back to the table",
  reviewExplain: "Every decision of one seat, weighed by the expert from that seat's view at that moment: the expected hand score (against the others' mean) of what was chosen and of the best choice, and the points lost.",
  reviewSeat: "Seat:", reviewStarting: "The review starts…", reviewProgress: "Reviewing: {0} of {1} decisions",
  reviewHindsight: "Replaying each hand with the expert's choices…",
  reviewLost: "Lost {0} points in {1} decisions ({2} per decision).",
  reviewScored: "Scored {0}; with the expert's choices on the real deal {1} (hindsight: it knows the cards).",
  reviewCostliest: "The costliest decisions",
  reviewCostly: "#{0}, hand {1}: {2} instead of {3}: −{4} ({5})",
  reviewChart: "Expected hand score, decision by decision",
  reviewLegend: "Dots: the value of what was chosen (red a blunder, orange a mistake, yellow an inaccuracy); dashed line: the best choice's value. Click a dot or a row.",
  reviewClick: "Click a decision to see its candidates and their values.",
  reviewHandShort: "H{0}", reviewColHand: "Hand", reviewColKind: "Decision", reviewColChosen: "Chosen",
  reviewColValue: "Value", reviewColBest: "Best", reviewColBestValue: "Best value", reviewColLost: "Lost",
  reviewColAction: "Candidate", reviewColWorlds: "Deals", reviewChosen: "chosen",
  reviewDecision: "Decision #{0}, hand {1}: {2}",
  reviewLoss: "{0} was worth {1}: {2} points lost ({3}).",
  reviewNotValued: "{0} was not valued.",
  reviewGrade: {good: "good", inaccuracy: "inaccuracy", mistake: "mistake", blunder: "blunder", unvalued: "not valued"},
  reviewKind: {bid: "bid", pass: "pass", Dabb: "Dabb", "lay away": "lay away", trump: "trump", Durch: "Durch",
               "give up": "give up", card: "card", meld: "meld", dix: "dix", claim: "claim"},
});
Object.assign(STR.de, {
  reviewGame: "Spiel auswerten", reviewTitle: "Auswertung: {0}", reviewBack: "Zurück zum Tisch",
  reviewExplain: "Jede Entscheidung eines Platzes, vom Experten aus der Sicht dieses Platzes in dem Moment bewertet: der erwartete Spielwert (gegen den Schnitt der anderen) des Gewählten und der besten Wahl, und die verlorenen Punkte.",
  reviewSeat: "Platz:", reviewStarting: "Die Auswertung beginnt…", reviewProgress: "Auswertung: {0} von {1} Entscheidungen",
  reviewHindsight: "Jedes Spiel wird mit den Zügen des Experten nachgespielt…",
  reviewLost: "{0} Punkte verloren in {1} Entscheidungen ({2} je Entscheidung).",
  reviewScored: "Erzielt {0}; mit den Zügen des Experten auf dem echten Blatt {1} (im Nachhinein: er kennt die Karten).",
  reviewCostliest: "Die teuersten Entscheidungen",
  reviewCostly: "#{0}, Spiel {1}: {2} statt {3}: −{4} ({5})",
  reviewChart: "Erwarteter Spielwert, Entscheidung für Entscheidung",
  reviewLegend: "Punkte: der Wert des Gewählten (rot ein grober Fehler, orange ein Fehler, gelb eine Ungenauigkeit); gestrichelt: der Wert der besten Wahl. Einen Punkt oder eine Zeile antippen.",
  reviewClick: "Eine Entscheidung antippen, um ihre Möglichkeiten und deren Werte zu sehen.",
  reviewHandShort: "S{0}", reviewColHand: "Spiel", reviewColKind: "Entscheidung", reviewColChosen: "Gewählt",
  reviewColValue: "Wert", reviewColBest: "Beste", reviewColBestValue: "Bester Wert", reviewColLost: "Verlust",
  reviewColAction: "Möglichkeit", reviewColWorlds: "Blätter", reviewChosen: "gewählt",
  reviewDecision: "Entscheidung #{0}, Spiel {1}: {2}",
  reviewLoss: "{0} war {1} wert: {2} Punkte verloren ({3}).",
  reviewNotValued: "{0} wurde nicht bewertet.",
  reviewGrade: {good: "gut", inaccuracy: "Ungenauigkeit", mistake: "Fehler", blunder: "grober Fehler", unvalued: "nicht bewertet"},
  reviewKind: {bid: "Reizen", pass: "Passen", Dabb: "Dabb", "lay away": "Drücken", trump: "Trumpf", Durch: "Durch",
               "give up": "Abgehen", card: "Karte", meld: "Meldung", dix: "Dix", claim: "Ansage"},
});
// The lobby's "your tables" and a table's age, hand and score (the server's table life cycle).
Object.assign(STR.en, {
  yourTables: "Your tables", resume: "Resume", abandonTable: "Abandon",
  abandonSure: "Abandon this game? It ends for everyone at the table; its record is kept.",
  yourSeat: "you: seat {0}", ageNow: "just now", ageMinutes: "{0} min ago", ageHours: "{0} h ago",
  handScore: "hand {0} · {1}", yours: "Yours", turnClock: "Turn clock (a player who does not act in time is replaced by a computer)",
});
Object.assign(STR.de, {
  yourTables: "Deine Tische", resume: "Weiterspielen", abandonTable: "Aufgeben",
  abandonSure: "Dieses Spiel aufgeben? Es endet für alle am Tisch; das Protokoll bleibt.",
  yourSeat: "du: Platz {0}", ageNow: "gerade eben", ageMinutes: "vor {0} Min.", ageHours: "vor {0} Std.",
  handScore: "Spiel {0} · {1}", yours: "Deiner", turnClock: "Zugzeit (wer nicht rechtzeitig spielt, wird durch den Computer ersetzt)",
});


// ---------------------------------------------------------------------------------------------
// Dead ends, notices, rule-set titles, the server's refusals and actions in words (issue 45)

Object.assign(STR.en, {
  notFoundTitle: "Nothing here", notFoundText: "There is no page at this address ({0}).",
  noRulesTitle: "No such rules", noRulesText: "There are no rules called “{0}”. These are the rule sets:",
  noTableTitle: "No such table", noTableText: "There is no table “{0}”: it has ended and been cleared away, or the link is not whole.",
  padKeyTitle: "This pad's link is not whole",
  padKeyText: "A pad opens only with its whole link: the key after the # is missing or wrong. Open the link you kept (the pad's “Copy the pad's link”), or start a new pad.",
  padGoneTitle: "No such pad", toLobby: "To the lobby", toPad: "Start a new pad",
  seatLost: "Seat {0} was taken just before you. You are watching; take another free seat if there is one.",
  tableFullWatch: "Every seat at this table is taken: you are watching.",
  offlineWord: "offline", offlineTitle: "{0} has lost the connection",
  gradeLegend: "Marks: ?? blunder, ? mistake, ?! inaccuracy, – not valued.",
  gradeOf: {blunder: "??", mistake: "?", inaccuracy: "?!", unvalued: "–"},
  computerLevel: Object.assign(STR.en.computerLevel, {heuristic: "heuristic"}),
  actPlay: "{0}", actLay: "Lay away {0}", actTrump: "Trump {0}", actOut: "Give up in {0}",
  dismiss: "Close",
});
Object.assign(STR.de, {
  notFoundTitle: "Hier ist nichts", notFoundText: "Unter dieser Adresse gibt es keine Seite ({0}).",
  noRulesTitle: "Diese Regeln gibt es nicht", noRulesText: "Es gibt keine Regeln namens „{0}“. Das sind die Regeln:",
  noTableTitle: "Diesen Tisch gibt es nicht", noTableText: "Den Tisch „{0}“ gibt es nicht: er ist beendet und abgeräumt, oder der Link ist nicht vollständig.",
  padKeyTitle: "Der Link dieses Blocks ist nicht vollständig",
  padKeyText: "Ein Block öffnet sich nur mit seinem ganzen Link: der Schlüssel nach dem # fehlt oder stimmt nicht. Öffne den Link, den du behalten hast („Link des Blocks kopieren“), oder leg einen neuen Block an.",
  padGoneTitle: "Diesen Block gibt es nicht", toLobby: "Zur Übersicht", toPad: "Neuen Block anlegen",
  seatLost: "Platz {0} hat gerade jemand anderes genommen. Du schaust zu; nimm einen anderen freien Platz, wenn es einen gibt.",
  tableFullWatch: "Alle Plätze an diesem Tisch sind besetzt: du schaust zu.",
  offlineWord: "nicht verbunden", offlineTitle: "{0} hat keine Verbindung",
  gradeLegend: "Zeichen: ?? grober Fehler, ? Fehler, ?! Ungenauigkeit, – nicht bewertet.",
  gradeOf: {blunder: "??", mistake: "?", inaccuracy: "?!", unvalued: "–"},
  computerLevel: Object.assign(STR.de.computerLevel, {heuristic: "Heuristik"}),
  actPlay: "{0}", actLay: "{0} drücken", actTrump: "Trumpf {0}", actOut: "Abgehen in {0}",
  dismiss: "Schließen",
});

// The rule sets' titles, as the lobby, the rules and the pad show them (the server names a
// rule set by its id). A rule set added later without a title here shows its id.
const RULE_TITLES = {
  en: {
    "binokel": "Binokel", "binokel-4": "Binokel for four, one against three",
    "kreuzbinokel": "Kreuzbinokel, two teams", "binokel-4-dealer-out": "Binokel for four, the dealer sits out",
    "binokel-sevens": "Binokel with Sevens", "binokel-to-1000": "Binokel to 1000",
    "binokel-to-2000": "Binokel to 2000", "binokel-12-hands": "Binokel, twelve hands",
    "binokel-bid-200": "Binokel, bids from 200", "binokel-bid-250": "Binokel, bids from 250",
    "binokel-jumps": "Binokel with jump bids", "binokel-open-durch": "Binokel with open Durch",
    "binokel-eights-graded": "Binokel, eight of a kind graded", "binocle": "Binocle (Foster)",
    "binocle-64": "Binocle with 64 cards", "bezique": "Bézique", "bezique-2000": "Bézique to 2000",
  },
  de: {
    "binokel": "Binokel", "binokel-4": "Binokel zu viert, einer gegen drei",
    "kreuzbinokel": "Kreuzbinokel, zwei Parteien", "binokel-4-dealer-out": "Binokel zu viert, der Geber setzt aus",
    "binokel-sevens": "Binokel mit Siebenern", "binokel-to-1000": "Binokel bis 1000",
    "binokel-to-2000": "Binokel bis 2000", "binokel-12-hands": "Binokel, zwölf Spiele",
    "binokel-bid-200": "Binokel, Reizen ab 200", "binokel-bid-250": "Binokel, Reizen ab 250",
    "binokel-jumps": "Binokel mit Sprüngen beim Reizen", "binokel-open-durch": "Binokel mit offenem Durch",
    "binokel-eights-graded": "Binokel, Achter gestuft", "binocle": "Binocle (Foster)",
    "binocle-64": "Binocle mit 64 Karten", "bezique": "Bézique", "bezique-2000": "Bézique bis 2000",
  },
};

/** A rule set's title in the page's language ("binokel-4-dealer-out" -> "Binokel for four, the
 * dealer sits out"); its id when it has none. */
function ruleTitle(name) {
  return RULE_TITLES[lang][name] || RULE_TITLES.en[name] || name;
}

/** What the server said when it refused something, in the page's language: its own wording
 * for this language when it sent one (binokel/web/wording.py), else its English. */
function reasonText(data) {
  if (!data) return "";
  return (data.words && data.words[lang]) || data.reason || data.error || "";
}

/** A card as the cards show it: German faces say O and U for Queen and Jack. */
function cardText(card) {
  const m = String(card).match(/^(10|[AKQJ987])([♣♠♥♦])$/);
  return m ? (RANK_FACE[lang][m[1]] || m[1]) + m[2] : String(card);
}

/** An action of the engine's notation in words of the page ("lay Q♥" -> "Q♥ drücken"). */
function actionWords(action) {
  const text = String(action);
  let m;
  if (/^\d+$/.test(text)) return t("bidBtn", text);
  if (text === "pass") return t("pass");
  if (text === "dabb") return t("takeDabb");
  if (text === "open") return t("openDurch");
  if (text === "durch") return t("durch");
  if (text === "claim") return t("claim");
  if (text === "done") return t("done");
  if ((m = text.match(/^trump (.)$/))) return t("actTrump", m[1]);
  if ((m = text.match(/^out (.)$/))) return t("actOut", m[1]);
  if ((m = text.match(/^lay (.+)$/))) return t("actLay", m[1].split(" ").map(cardText).join(" "));
  if ((m = text.match(/^exchange (.+)$/))) return t("exchange", cardText(m[1]));
  if ((m = text.match(/^show (.+)$/))) return t("showDix", cardText(m[1]));
  if ((m = text.match(/^table (.+)$/))) return t("fromTable", cardText(m[1]));
  if ((m = text.match(/^meld (.+)$/))) {
    const parts = m[1].split(" ");
    const first = parts.findIndex((w) => CARD_RE.test(w));
    const cut = first < 0 ? parts.length : first;
    return `${t("meldVerb")}: ${meldName(parts.slice(0, cut).join(" "))} ${parts.slice(cut).map(cardText).join(" ")}`.trim();
  }
  if (CARD_RE.test(text)) return t("actPlay", cardText(text));
  return text;
}

// The table page's words of issue 45 (hints in points, the claim, the final standing...).
Object.assign(STR.en, {
  hintLess: "{0} points less", hintMore: "{0} points more", hintSame: "as good",
  durchTricks: "{0}'s Durch: {1} of {2} tricks so far", lastTrickTo: "Last trick, to {0}",
  cardCount: {one: "1 card", other: "{0} cards"}, trickCount: {one: "1 trick", other: "{0} tricks"},
  cardPointsNow: "{0} card points", totalNow: "total {0}", handNow: "this hand {0}",
  claimSure: "Claim the game? Your claim counts {0} of the {1} needed: your score {2} and {3} card points taken this hand.",
  claimShort: "You are {0} points short: a wrong claim loses the game.",
  claimEnough: "That is enough: the claim wins the game.", yesClaim: "Yes, claim",
  whyWrongClaim: "{0} claimed the game with {1} of {2} points, too few: a wrong claim loses, so {3} wins.",
  whyRightClaim: "{0} claimed the game with {1} of {2} points and wins.",
  finalStanding: "Final standing", moreBids: "Higher bids:",
  bidSure: "Bid {0}? If you become the declarer you must make it, or you lose twice the bid.",
  computerShort: "Comp.",
});
Object.assign(STR.de, {
  hintLess: "{0} Punkte weniger", hintMore: "{0} Punkte mehr", hintSame: "gleich gut",
  durchTricks: "Durch von {0}: {1} von {2} Stichen bisher", lastTrickTo: "Letzter Stich, an {0}",
  cardCount: {one: "1 Karte", other: "{0} Karten"}, trickCount: {one: "1 Stich", other: "{0} Stiche"},
  cardPointsNow: "{0} Augen", totalNow: "Summe {0}", handNow: "dieses Spiel {0}",
  claimSure: "Ausmachen? Du zählst {0} von {1}: dein Stand {2} und {3} Augen aus den Stichen dieses Spiels.",
  claimShort: "Dir fehlen {0} Punkte: wer falsch ausmacht, verliert das Spiel.",
  claimEnough: "Das reicht: du gewinnst das Spiel.", yesClaim: "Ja, ausmachen",
  whyWrongClaim: "{0} hat mit {1} von {2} Punkten ausgemacht, zu wenig: falsch ausgemacht verliert, also gewinnt {3}.",
  whyRightClaim: "{0} hat mit {1} von {2} Punkten ausgemacht und gewinnt.",
  finalStanding: "Endstand", moreBids: "Höher reizen:",
  bidSure: "{0} reizen? Wer Spieler wird, muss den Reizwert erreichen, sonst zählt er doppelt minus.",
  computerShort: "Comp.",
});

/** A count in words, one or more: tCount("trickCount", 1) is "1 trick". */
function tCount(key, n) {
  const forms = STR[lang][key] || STR.en[key] || {};
  return String(n === 1 ? forms.one : forms.other).replace("{0}", String(n));
}
