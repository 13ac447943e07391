/* Binokel in the browser: lobby, table and rules pages. No build step, no outside requests.
 *
 * The server sends each seat only its own view ("state" messages); this page draws it and sends
 * back actions in the engine's notation ("160", "pass", "lay Q♠", "trump ♥", "out ♦", "Q♠"...).
 */
"use strict";

// ---------------------------------------------------------------------------------------------
// Words, in English and German (with the game's Swabian words)

const STR = {
  en: {
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
    giveUp: "Give up (abgehen), naming:", layAway: "Lay away (drücken) {0}/{1}",
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
    meldNames: {}, contract: {"trump": "Trump", "durch": "Durch", "open durch": "Open Durch",
    "open durch without Dabb": "Open Durch without Dabb", "give up": "Given up"},
    phase: {"auction": "Auction", "dabb": "Dabb", "discard": "Discard", "trump": "Trumps",
    "play": "Tricks", "game over": "Game over", "melding": "Melding", "stock": "Play"},
  },
  de: {
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
    meldNames: {"pair": "Paar", "family": "Familie", "double family": "Doppelfamilie",
    "binokel": "Binokel", "double binokel": "Doppelbinokel", "four aces": "Vier Sauen",
    "four kings": "Vier Könige", "four queens": "Vier Ober", "four jacks": "Vier Unter",
    "eight aces": "Acht Sauen", "eight kings": "Acht Könige", "eight queens": "Acht Ober",
    "eight jacks": "Acht Unter", "dissle": "Dissle"},
    contract: {"trump": "Trumpf", "durch": "Durch", "open durch": "Offener Durch",
    "open durch without Dabb": "Offener Durch ohne Dabb", "give up": "Abgegangen"},
    phase: {"auction": "Reizen", "dabb": "Dabb", "discard": "Drücken", "trump": "Trumpf",
    "play": "Stiche", "game over": "Spiel aus", "melding": "Melden", "stock": "Spiel"},
  },
};

const SUIT_NAMES = {
  en: {"♣": "clubs", "♠": "spades", "♥": "hearts", "♦": "diamonds"},
  de: {"♣": "Kreuz (Eichel)", "♠": "Schippen (Laub)", "♥": "Herz", "♦": "Schellen"},
};
const RANK_NAMES = {
  en: {"A": "Ace", "10": "Ten", "K": "King", "Q": "Queen", "J": "Jack", "9": "Nine",
       "8": "Eight", "7": "Seven"},
  de: {"A": "Sau", "10": "Zehner", "K": "König", "Q": "Ober", "J": "Unter", "9": "Neuner",
       "8": "Achter", "7": "Siebener"},
};
// German faces show the Swabian letters: Ober and Unter for Queen and Jack.
const RANK_FACE = {en: {}, de: {"Q": "O", "J": "U"}};
const SUITS = ["♣", "♠", "♥", "♦"];
const CARD_RE = /^(A|10|K|Q|J|9|8|7)[♣♠♥♦]$/;

let lang = localStorage.getItem("binokel.lang") ||
  ((navigator.language || "en").toLowerCase().startsWith("de") ? "de" : "en");

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

// ---------------------------------------------------------------------------------------------
// Small DOM helpers (text is always set as text, never as HTML)

function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

function toast(text, kind) {
  const box = document.getElementById("toast");
  box.textContent = text;
  box.className = "show " + (kind || "");
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.className = ""; }, 4000);
}

async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(body)};
  const response = await fetch(path, options);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

// ---------------------------------------------------------------------------------------------
// Cards, drawn in the page

function splitCard(card) {
  return {rank: card.slice(0, -1), suit: card.slice(-1)};
}

function cardName(card) {
  const {rank, suit} = splitCard(card);
  const r = RANK_NAMES[lang][rank] || rank;
  const s = SUIT_NAMES[lang][suit] || suit;
  return lang === "de" ? `${s}-${r} (${card})` : `${r} of ${s} (${card})`;
}

function cardEl(card, opts) {
  opts = opts || {};
  const {rank, suit} = splitCard(card);
  const face = RANK_FACE[lang][rank] || rank;
  const red = suit === "♥" || suit === "♦";
  const classes = ["card", red ? "red" : "black", "s" + SUITS.indexOf(suit)];
  if (opts.small) classes.push("small");
  if (opts.classes) classes.push(...opts.classes);
  const pictured = ["K", "Q", "J"].includes(rank);
  const body = h("span", {class: "card-body"},
    h("span", {class: "corner tl"}, h("b", {}, face), h("i", {}, suit)),
    pictured
      ? h("span", {class: "figure"}, h("span", {class: "figure-letter"}, face),
          h("span", {class: "figure-suit"}, suit))
      : h("span", {class: "pip"}, suit),
    h("span", {class: "corner br"}, h("b", {}, face), h("i", {}, suit)));
  const tag = opts.onclick ? "button" : "span";
  const el = h(tag, {class: classes.join(" "), title: cardName(card), dataset: {card},
                     "aria-label": cardName(card), type: tag === "button" ? "button" : null,
                     onclick: opts.onclick}, body);
  if (tag === "button" && opts.disabled) el.disabled = true;
  return el;
}

function cardBack(small) {
  return h("span", {class: "card back" + (small ? " small" : ""), "aria-hidden": "true"},
    h("span", {class: "card-body"}));
}

function cardRow(cards, opts) {
  return h("div", {class: "card-row"}, (cards || []).map((c) => cardEl(c, opts)));
}

// ---------------------------------------------------------------------------------------------
// Routing

function route() {
  const path = location.pathname;
  document.getElementById("lang").textContent = lang === "de" ? "EN" : "DE";
  document.documentElement.lang = lang;
  document.getElementById("nav-rules").textContent = t("rules");
  let m;
  if ((m = path.match(/^\/t\/([A-Za-z0-9_-]+)$/))) return TablePage.open(m[1]);
  if ((m = path.match(/^\/rules\/([A-Za-z0-9_.-]+)$/))) return rulesPage(decodeURIComponent(m[1]));
  return lobbyPage();
}

document.addEventListener("DOMContentLoaded", () => {
  document.getElementById("lang").addEventListener("click", () => {
    lang = lang === "de" ? "en" : "de";
    localStorage.setItem("binokel.lang", lang);
    if (TablePage.current) {
      document.getElementById("lang").textContent = lang === "de" ? "EN" : "DE";
      document.documentElement.lang = lang;
      document.getElementById("nav-rules").textContent = t("rules");
      TablePage.current.render();
    } else {
      route();
    }
  });
  route();
});

let metaCache = null;
async function meta() {
  if (!metaCache) metaCache = await api("/api/meta");
  return metaCache;
}

function botLabel(spec, seat) {
  const level = (spec.match(/level=(\w+)/) || [null, spec.split(":")[0]])[1];
  const number = seat === undefined ? "" : ` ${seat + 1}`;
  return `${t("computer")}${number} (${tMap("computerLevel", level)})`;
}

// ---------------------------------------------------------------------------------------------
// Lobby

async function lobbyPage() {
  const main = document.getElementById("main");
  const info = await meta();
  const savedName = localStorage.getItem("binokel.name") || "";
  const ruleSelect = h("select", {id: "rule-set", name: "rules"},
    info.rule_sets.map((r) => h("option", {value: r.name, text: `${r.name} – ${r.players} ${t("players")}`})));
  const nameInput = h("input", {id: "your-name", maxlength: "24", value: savedName,
                                placeholder: t("yourName"), autocomplete: "nickname"});
  const titleInput = h("input", {id: "table-title", maxlength: "24", placeholder: t("title")});
  const seatsBox = h("div", {class: "seat-choices"});
  const describe = h("p", {class: "muted", id: "rule-description"});
  const rulesLink = h("a", {href: "/rules/binokel"}, t("rules"));

  function drawSeats() {
    const set = info.rule_sets.find((r) => r.name === ruleSelect.value);
    const bots = info.bots[set.game] || ["random"];
    const middle = bots[Math.min(bots.length - 1, Math.floor(bots.length / 2))];
    describe.textContent = set.description;
    rulesLink.setAttribute("href", "/rules/" + encodeURIComponent(set.name));
    seatsBox.replaceChildren();
    for (let i = 0; i < set.players; i++) {
      const options = [];
      if (i === 0) options.push(h("option", {value: "human", text: t("you")}));
      options.push(h("option", {value: "open", text: t("openSeat")}));
      for (const bot of bots) {
        options.push(h("option", {value: "bot:" + bot, text: botLabel(bot),
                                  selected: i > 0 && bot === middle}));
      }
      seatsBox.append(h("label", {class: "seat-choice"}, `${t("seat")} ${i + 1}`,
        h("select", {name: "seat" + i, "data-seat": String(i)}, options)));
    }
  }
  ruleSelect.addEventListener("change", drawSeats);

  async function create(event) {
    event.preventDefault();
    const seats = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    const name = nameInput.value.trim();
    localStorage.setItem("binokel.name", name);
    try {
      const take = seats[0] === "human" ? 0 : null;
      const made = await api("/api/tables", {rules: ruleSelect.value, seats, take, name,
                                            title: titleInput.value.trim()});
      if (made.token) localStorage.setItem("binokel.token." + made.id, JSON.stringify(
        {token: made.token, seat: made.seat}));
      // The creator's key to cancel the table while nobody else sits at it (POST .../cancel).
      if (made.cancel_token) localStorage.setItem("binokel.cancel." + made.id, made.cancel_token);
      history.pushState(null, "", made.url);
      route();
    } catch (err) {
      toast(`${t("error")}: ${err.message}`, "bad");
    }
  }

  const list = h("div", {id: "table-list"});
  async function drawList() {
    let data;
    try { data = await api("/api/tables"); } catch (err) { return; }
    list.replaceChildren();
    const tables = data.tables.filter((x) => x.status === "playing");
    if (!tables.length) list.append(h("p", {class: "muted"}, t("noTables")));
    for (const table of tables) {
      const seats = table.seats.map((s) => s.kind === "open" ? t("freeSeat")
        : s.kind === "bot" ? botLabel(s.bot) : s.name).join(", ");
      const free = table.seats.some((s) => s.kind === "open");
      list.append(h("div", {class: "table-item"},
        h("div", {}, h("b", {}, table.title || table.rules), " · ", table.rules),
        h("div", {class: "muted"}, seats),
        h("a", {class: "button" + (free ? " primary" : ""), href: "/t/" + table.id},
          free ? t("join") : t("watch"))));
    }
  }

  main.replaceChildren(
    h("section", {class: "panel"},
      h("h2", {}, t("newTable")),
      h("form", {id: "new-table", onsubmit: create},
        h("label", {}, t("ruleSet"), ruleSelect), describe,
        h("label", {}, t("yourName"), nameInput),
        titleInput, seatsBox,
        h("div", {class: "row"}, h("button", {type: "submit", class: "primary", id: "create"},
          t("create")), rulesLink))),
    h("section", {class: "panel"}, h("h2", {}, t("openTables")), list));
  drawSeats();
  drawList();
  clearInterval(lobbyPage.timer);
  lobbyPage.timer = setInterval(() => {
    if (location.pathname === "/") drawList(); else clearInterval(lobbyPage.timer);
  }, 5000);
}

window.addEventListener("popstate", () => {
  if (TablePage.current) TablePage.current.close();
  route();
});

// ---------------------------------------------------------------------------------------------
// The table

class TablePage {
  static open(id) {
    if (TablePage.current) TablePage.current.close();
    TablePage.current = new TablePage(id);
    return TablePage.current.start();
  }

  constructor(id) {
    this.id = id;
    this.msg = null;
    this.ws = null;
    this.closed = false;
    this.retry = 0;
    this.selected = new Set();
    this.selectPhase = null;
    this.hinted = null;
    this.main = document.getElementById("main");
  }

  get saved() {
    try { return JSON.parse(localStorage.getItem("binokel.token." + this.id) || "null"); }
    catch (err) { return null; }
  }

  async start() {
    let info;
    try { info = await api("/api/tables/" + this.id); }
    catch (err) { this.main.replaceChildren(h("p", {}, t("tableGone")), h("a", {href: "/"}, t("back"))); return; }
    if (this.saved || info.status !== "playing" || !info.seats.some((s) => s.kind === "open")) {
      this.connect();
    } else {
      this.chooseSeat(info);
    }
  }

  chooseSeat(info) {
    const nameInput = h("input", {id: "join-name", maxlength: "24",
      value: localStorage.getItem("binokel.name") || "", placeholder: t("yourName")});
    const seats = info.seats.map((s, i) => h("div", {class: "table-item"},
      h("b", {}, `${t("seat")} ${i + 1}`),
      h("span", {}, s.kind === "open" ? t("freeSeat") : s.kind === "bot" ? botLabel(s.bot) : s.name),
      s.kind === "open" ? h("button", {class: "primary", type: "button", "data-take": String(i),
        onclick: () => this.take(i, nameInput.value.trim())}, t("takeSeat")) : null));
    this.main.replaceChildren(h("section", {class: "panel"},
      h("h2", {}, `${info.title || info.rules} – ${t("chooseSeat")}`),
      h("label", {}, t("yourName"), nameInput), seats,
      h("button", {type: "button", id: "watch", onclick: () => this.connect()}, t("justWatch"))));
  }

  async take(seat, name) {
    try {
      localStorage.setItem("binokel.name", name);
      const got = await api(`/api/tables/${this.id}/join`, {seat, name});
      localStorage.setItem("binokel.token." + this.id, JSON.stringify({token: got.token, seat}));
      this.connect();
    } catch (err) {
      toast(`${t("error")}: ${err.message}`, "bad");
      this.start();
    }
  }

  connect() {
    if (this.closed) return;
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${scheme}//${location.host}/ws/${this.id}`);
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.retry = 0;
      const saved = this.saved;
      ws.send(JSON.stringify(saved ? {type: "hello", token: saved.token} : {type: "hello"}));
      document.body.classList.remove("offline");
    });
    ws.addEventListener("message", (event) => this.receive(JSON.parse(event.data)));
    ws.addEventListener("close", () => {
      if (this.closed || this.ws !== ws) return;
      document.body.classList.add("offline");
      this.retry = Math.min(this.retry + 1, 10);
      setTimeout(() => this.connect(), 300 * this.retry);
    });
    if (!this.msg) this.main.replaceChildren(h("p", {class: "loading"}, "…"));
  }

  close() {
    this.closed = true;
    if (this.ws) this.ws.close();
    if (TablePage.current === this) TablePage.current = null;
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  act(actions) {
    this.hinted = null;
    const list = Array.isArray(actions) ? actions : [actions];
    this.send(list.length === 1 ? {type: "act", action: list[0], n: this.msg.n}
                                : {type: "act", actions: list, n: this.msg.n});
  }

  receive(msg) {
    if (msg.type === "state") {
      this.msg = msg;
      this.render();
    } else if (msg.type === "error") {
      toast(msg.reason, "bad");
    } else if (msg.type === "hint") {
      this.hinted = msg.action;
      const weighed = (msg.values || []).slice(0, 4).map(
        ([action, value]) => `${this.actionLabel(action)} ${value > 0 ? "+" : ""}${value}`);
      toast(t("hintIs", this.actionLabel(msg.action)) + (weighed.length ? ` (${weighed.join(" · ")})` : ""));
      this.render();
    } else if (msg.type === "welcome" && msg.seat === null && this.saved) {
      // The token was refused: forget it, so the seat picker shows next time.
      localStorage.removeItem("binokel.token." + this.id);
    }
  }

  // --- names --------------------------------------------------------------------------------

  seatName(seat) {
    const s = this.msg.table.seats[seat];
    if (!s) return "?";
    let name = s.kind === "bot" ? botLabel(s.bot, seat) : s.kind === "open" ? `${t("seat")} ${seat + 1}`
      : s.name;
    if (seat === this.msg.seat) name += " " + t("you_");
    return name;
  }

  actionLabel(action) {
    let m;
    if (/^\d+$/.test(action)) return t("bidBtn", action);
    if (action === "pass") return t("pass");
    if (action === "dabb") return t("takeDabb");
    if (action === "open") return t("openDurch");
    if (action === "durch") return t("durch");
    if ((m = action.match(/^trump (.)$/))) return `${t("trumpIs")} ${m[1]}`;
    if ((m = action.match(/^out (.)$/))) return `${t("giveUp").replace(/[:,].*$/, "")} ${m[1]}`;
    if ((m = action.match(/^lay (.+)$/))) return `${t("discard")}: ${m[1]}`;
    // Binocle
    if (action === "claim") return t("claim");
    if (action === "done") return t("done");
    if ((m = action.match(/^meld (.+)$/))) return `${t("meldVerb")}: ${m[1]}`;
    if ((m = action.match(/^exchange (.+)$/))) return t("exchange", m[1]);
    if ((m = action.match(/^show (.+)$/))) return t("showDix", m[1]);
    if ((m = action.match(/^table (.+)$/))) return t("fromTable", m[1]);
    return action;
  }

  // --- drawing ------------------------------------------------------------------------------

  render() {
    const msg = this.msg;
    if (!msg) return;
    const view = msg.view;
    const table = msg.table;
    const me = msg.seat;
    const myTurn = me !== null && view.to_move === me && table.status === "playing";
    const legal = myTurn ? view.legal_actions || [] : [];
    if (view.phase !== this.selectPhase) { this.selected.clear(); this.selectPhase = view.phase; }

    const body = document.body;
    body.dataset.phase = view.phase;
    body.dataset.status = table.status;
    body.dataset.n = String(msg.n);
    body.dataset.hands = String((view.results || []).length);
    body.dataset.myTurn = myTurn ? "1" : "0";

    const seats = table.seats.map((_, i) => i);
    const others = me === null ? seats : seats.slice(me + 1).concat(seats.slice(0, me));

    this.main.replaceChildren(...[
      this.topBar(view, table, me, myTurn),
      h("section", {class: "opponents"}, others.map((s) => this.seatBox(view, table, s))),
      h("section", {class: "center"}, this.centerArea(view)),
      h("section", {class: "actions", id: "actions"}, this.actionArea(view, legal, myTurn)),
      me === null ? h("p", {class: "muted center-text"}, t("spectating"))
        : this.handArea(view, legal, myTurn, table),
      this.meldArea(view),
      this.scoreSheet(view, table)].filter((x) => x));
  }

  topBar(view, table, me, myTurn) {
    let status;
    if (table.status !== "playing") {
      status = t(table.status);
      if ((view.winners || []).length) status += " · " + t("winners", view.winners.map((s) => this.seatName(s)).join(", "));
      else if (view.winner !== undefined && view.winner !== null) status += " · " + t("winners", this.seatName(view.winner));
    } else if (myTurn) status = t("yourTurn");
    else if (view.to_move >= 0) status = t("waitingFor", this.seatName(view.to_move));
    else status = t("gameOver");
    const link = `${location.origin}/t/${this.id}`;
    const buttons = [];
    if (myTurn) buttons.push(h("button", {type: "button", id: "hint", onclick: () => this.send({type: "hint"})}, t("hint")));
    if (table.record) buttons.push(h("a", {class: "button", id: "record", href: `/api/tables/${this.id}/record`, download: `binokel-${this.id}.txt`}, t("record")));
    else if (me !== null) {
      buttons.push(h("button", {type: "button", class: "quiet", id: "abandon", onclick: () => { if (confirm(t("abandonSure"))) this.send({type: "abandon"}); }}, t("abandon")));
      buttons.push(h("button", {type: "button", class: "quiet", id: "leave", onclick: () => { if (confirm(t("leaveSure"))) this.send({type: "leave"}); }}, t("leave")));
    }
    buttons.push(h("button", {type: "button", class: "quiet", id: "share", onclick: () => {
      if (navigator.clipboard) navigator.clipboard.writeText(link).then(() => toast(t("copied")), () => toast(link));
      else toast(link);
    }}, t("shareLink")));
    buttons.push(h("a", {class: "button quiet", href: "/rules/" + encodeURIComponent(table.rules), target: "_blank"}, t("rules")));
    const phase = tMap("phase", view.phase);
    const trump = view.trump ? ` · ${t("trumpIs")} ${view.trump}` : "";
    const contract = view.contract && view.contract !== "trump" ? ` · ${tMap("contract", view.contract)}` : "";
    return h("section", {class: "topbar"},
      h("div", {class: "status" + (myTurn ? " my-turn" : ""), id: "status"}, status),
      h("div", {class: "muted"}, `${table.title || table.rules} · ${phase}${trump}${contract}`),
      h("div", {class: "buttons"}, buttons));
  }

  seatBox(view, table, seat) {
    const s = table.seats[seat];
    const size = (view.hand_sizes || [])[seat] || 0;
    const tags = [];
    const team = (table.teams || []).findIndex((members) => members.includes(seat));
    if (team >= 0) tags.push(`${t("team")} ${"AB"[team] || team + 1}`);
    if (view.dealer === seat) tags.push(t("dealer"));
    if (view.declarer === seat) tags.push(t("declarer") + (view.bid ? ` ${view.bid}` : ""));
    const lastBid = (view.bids || []).filter((b) => b[0] === seat).pop();
    if (view.phase === "auction" && lastBid) tags.push(lastBid[1] ? String(lastBid[1]) : t("passes"));
    const backs = [];
    for (let i = 0; i < Math.min(size, 16); i++) backs.push(cardBack(true));
    const won = (view.tricks_won || [])[seat];
    return h("div", {class: "seat" + (view.to_move === seat ? " to-move" : "") + (seat === this.msg.seat ? " me" : ""), "data-seat": String(seat)},
      h("div", {class: "seat-name"}, this.seatName(seat), s.kind === "human" && !s.connected ? h("span", {class: "offline-dot", title: "offline"}, " ○") : null),
      h("div", {class: "seat-tags"}, tags.join(" · ")),
      seat === this.msg.seat ? null : h("div", {class: "backs"}, backs),
      h("div", {class: "muted"}, `${size} ${t("cards")}` + (won !== undefined ? ` · ${won} ${t("tricks")}` : "")
        + ` · ${(view.scores || [])[seat] ?? 0}`));
  }

  centerArea(view) {
    const parts = [];
    if (view.bids && view.bids.length && (view.phase === "auction" || view.phase === "dabb" || view.phase === "discard" || view.phase === "trump")) {
      parts.push(h("div", {class: "box", id: "auction"}, h("h3", {}, t("auction")),
        h("ol", {class: "bids"}, view.bids.map((b, i) => h("li", {},
          `${this.seatName(b[0])}: `, i === 0 ? t("opens", b[1]) : b[1] ? String(b[1]) : t("passes"))))));
      if (view.declarer !== null && view.declarer !== undefined) {
        parts.push(h("p", {class: "declared"}, `${this.seatName(view.declarer)} ${t("target", view.bid)}`));
      }
    }
    if (view.dabb) parts.push(h("div", {class: "box", id: "dabb"}, h("h3", {}, t("dabb")), cardRow(view.dabb)));
    if (view.open_hand && view.open_hand.length) parts.push(h("div", {class: "box"}, h("h3", {}, `${t("openHand")} – ${this.seatName(view.declarer)}`), cardRow(view.open_hand, {small: true})));
    if (view.shown_discard && view.shown_discard.length) parts.push(h("div", {class: "box"}, h("h3", {}, t("discard")), cardRow(view.shown_discard, {small: true})));
    if (view.discard && view.discard.length) parts.push(h("div", {class: "box"}, h("h3", {}, t("discard")), cardRow(view.discard, {small: true})));
    // Binocle: trump card and stock, cards melded on the table.
    if (view.stock_size !== undefined) {
      parts.push(h("div", {class: "box"}, h("h3", {}, `${t("stock")}: ${view.stock_size}`),
        view.turned ? h("div", {}, t("trumpCard"), " ", cardEl(view.turned, {small: true})) : null));
    }
    if (view.trick && (view.trick.length || view.phase === "play")) {
      const trickSeats = view.trick.map((p) => p[0]);
      const leader = trickSeats.length ? trickSeats[0] : view.leader;
      parts.push(h("div", {class: "box trick", id: "trick"},
        h("h3", {}, t("trick"), h("span", {class: "muted"}, " – " + t("ledBy", this.seatName(leader)))),
        h("div", {class: "trick-cards"}, view.trick.map((p) => h("figure", {"data-seat": String(p[0])},
          cardEl(p[1]), h("figcaption", {}, this.seatName(p[0])))))));
    }
    const last = view.last_trick;
    if (last && last.cards) {
      let seatsOf = [];
      if (view.active && view.active.includes(last.leader)) {
        const i = view.active.indexOf(last.leader);
        seatsOf = last.cards.map((_, j) => view.active[(i + j) % view.active.length]);
      } else {
        seatsOf = last.cards.map((_, j) => (last.leader + j) % this.msg.table.seats.length);
      }
      parts.push(h("div", {class: "box last-trick", id: "last-trick"},
        h("h3", {}, t("lastTrick"), h("span", {class: "muted"}, " – " + t("wonBy", this.seatName(last.winner)))),
        h("div", {class: "trick-cards small"}, last.cards.map((c, j) => h("figure", {},
          cardEl(c, {small: true}), h("figcaption", {}, this.seatName(seatsOf[j])))))));
    }
    return parts;
  }

  actionArea(view, legal, myTurn) {
    if (!myTurn) return [];
    const bids = legal.filter((a) => /^\d+$/.test(a) || a === "pass");
    const trumps = legal.filter((a) => a.startsWith("trump "));
    const outs = legal.filter((a) => a.startsWith("out "));
    const specials = legal.filter((a) => ["dabb", "open", "durch"].includes(a));
    const lays = legal.filter((a) => a.startsWith("lay "));
    const cardLike = (a) => CARD_RE.test(a) || a.startsWith("table ");
    const rest = legal.filter((a) => !bids.includes(a) && !trumps.includes(a) && !outs.includes(a)
      && !specials.includes(a) && !lays.includes(a) && !cardLike(a));
    const button = (action, label, cls) => h("button", {type: "button", class: (cls || "") + (this.hinted === action ? " hinted" : ""),
      "data-action": action, onclick: () => this.act(action)}, label || this.actionLabel(action));
    const groups = [];
    if (bids.length) groups.push(h("div", {class: "group"}, bids.slice(0, 12).map((a) => button(a, null, a === "pass" ? "" : "primary"))));
    if (specials.length) groups.push(h("div", {class: "group"}, specials.map((a) => button(a, null, "primary"))));
    if (lays.length) {
      const need = Math.max(0, (view.hand || []).length - (this.msg.table.hand_size || 0));
      const chosen = [...this.selected];
      groups.push(h("div", {class: "group"},
        h("span", {class: "prompt"}, t("selectDiscard", need)),
        h("button", {type: "button", class: "primary", id: "lay-away", disabled: chosen.length !== need || need === 0,
          onclick: () => {
            // Selected keys carry a copy number ("Q♠#2"); an action names only the card.
            const cards = [...this.selected].map((k) => k.split("#")[0]);
            this.selected.clear();
            this.act(cards.map((c) => "lay " + c));
          }},
        t("layAway", chosen.length, need))));
    }
    if (trumps.length) groups.push(h("div", {class: "group"}, h("span", {class: "prompt"}, t("nameTrump")),
      trumps.map((a) => button(a, a.slice(6) + " " + (SUIT_NAMES[lang][a.slice(6)] || ""), "suit primary " + (["♥", "♦"].includes(a.slice(6)) ? "red" : "black")))));
    if (outs.length) groups.push(h("div", {class: "group"}, h("span", {class: "prompt"}, t("giveUp")),
      outs.map((a) => button(a, a.slice(4), "suit quiet " + (["♥", "♦"].includes(a.slice(4)) ? "red" : "black")))));
    if (rest.length) groups.push(h("div", {class: "group"}, rest.map((a) => button(a))));
    return groups;
  }

  handArea(view, legal, myTurn, table) {
    const hand = view.hand || [];
    const plays = new Set(legal.filter((a) => CARD_RE.test(a)));
    const lays = new Set(legal.filter((a) => a.startsWith("lay ")).map((a) => a.slice(4)));
    const need = Math.max(0, hand.length - (table.hand_size || 0));
    const counts = {};
    const cards = hand.map((card) => {
      counts[card] = (counts[card] || 0) + 1;
      const key = card + "#" + counts[card];
      if (lays.size) {
        const chosen = this.selected.has(key);
        return cardEl(card, {classes: ["selectable"].concat(chosen ? ["selected"] : []), onclick: () => {
          if (this.selected.has(key)) this.selected.delete(key);
          else if (this.selected.size < need) this.selected.add(key);
          this.render();
        }});
      }
      if (plays.has(card)) {
        return cardEl(card, {classes: ["legal"].concat(this.hinted === card ? ["hinted"] : []), onclick: () => this.act(card)});
      }
      return cardEl(card, {classes: myTurn && plays.size ? ["not-legal"] : [], onclick: null});
    });
    const extra = [];
    if (view.tables && this.msg.seat !== null) {
      const mine = this.tableCards(view, this.msg.seat);
      if (mine.length) {
        const fromTable = new Set(legal.filter((a) => a.startsWith("table ")).map((a) => a.slice(6)));
        extra.push(h("div", {class: "box"}, h("h3", {}, t("tableCards")), h("div", {class: "card-row"},
          mine.map((c) => fromTable.has(c) ? cardEl(c, {classes: ["legal"], onclick: () => this.act("table " + c)}) : cardEl(c)))));
      }
    }
    return h("section", {class: "my-hand", id: "hand"}, h("h3", {}, t("yourHand")), h("div", {class: "card-row hand"}, cards), extra);
  }

  tableCards(view, seat) {
    // Binocle: each table entry starts with the card's kind index (suit * 8 + rank).
    const ranks = ["7", "8", "9", "J", "Q", "K", "10", "A"];
    return ((view.tables || [])[seat] || []).map((e) => ranks[e[0] % 8] + SUITS[Math.floor(e[0] / 8)]);
  }

  meldArea(view) {
    let melds = view.melds || [];
    let heading = t("melds");
    const results = view.results || [];
    if (!melds.some((m) => m && m.length) && results.length && view.phase === "auction") {
      melds = results[results.length - 1].melds || [];
      heading = `${t("melds")} – ${t("lastHand")}`;
    }
    if (!melds.some((m) => m && m.length)) return null;
    return h("section", {class: "box melds", id: "melds"}, h("h3", {}, heading),
      melds.map((list, seat) => list && list.length ? h("div", {class: "meld-seat"},
        h("b", {}, this.seatName(seat)), " ",
        list.map((m) => {
          const meld = m.meld || m;
          const name = meld.name || meld.kind || "";
          return h("div", {class: "meld"}, h("span", {}, `${tMap("meldNames", name)}${meld.suit !== null && meld.suit !== undefined && typeof meld.suit === "string" ? " " + meld.suit : ""} – ${m.points ?? ""}`),
            meld.cards ? cardRow(meld.cards, {small: true}) : null);
        })) : null));
  }

  scoreSheet(view, table) {
    const results = view.results || [];
    const seats = table.seats.map((_, i) => i);
    const rows = results.map((r, i) => {
      let game = "";
      if (r.contract) {
        game = tMap("contract", r.contract) + (r.trump && r.contract !== "durch" ? " " + r.trump : "");
      }
      return h("tr", {},
        h("td", {}, String(i + 1)),
        h("td", {}, r.declarer !== undefined && r.declarer !== null && r.declarer >= 0 ? this.seatName(r.declarer) : ""),
        h("td", {}, r.bid !== undefined ? String(r.bid) : ""),
        h("td", {}, game),
        seats.map((s) => h("td", {class: "num" + ((r.scores || [])[s] < 0 ? " neg" : "")}, String((r.scores || [])[s] ?? ""))));
    });
    return h("section", {class: "box score", id: "scores"}, h("h3", {}, t("scoreSheet")),
      h("div", {class: "scroll"}, h("table", {},
        h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, t("declarer")), h("th", {}, t("bid")), h("th", {}, t("game")),
          seats.map((s) => h("th", {}, this.seatName(s))))),
        h("tbody", {}, rows),
        h("tfoot", {}, h("tr", {}, h("td", {colspan: "4"}, t("total")),
          seats.map((s) => h("td", {class: "num"}, String((view.scores || [])[s] ?? 0))))))));
  }
}
TablePage.current = null;

// ---------------------------------------------------------------------------------------------
// Rules pages, one per rule set, drawn from the rule set's own numbers

const GLOSSARY = [
  ["reizen", "bid", "bieten"], ["Dabb", "the widow: the cards dealt aside", "der Stock, der beim Geben beiseite gelegt wird"],
  ["drücken", "lay cards away", "Karten ablegen"], ["Trumpf", "trump suit", "Trumpffarbe"],
  ["melden", "show melds", "Meldungen zeigen"], ["abgehen", "give up the game", "das Spiel aufgeben"],
  ["Durch", "win every trick, no trumps", "alle Stiche, ohne Trumpf"], ["Stich", "trick", "Stich"],
  ["Vorhand / Mittelhand / Hinterhand", "forehand / middlehand / rearhand (the dealer)", "Vorhand / Mittelhand / Hinterhand (der Geber)"],
  ["Sau, Zehner, König, Ober, Unter", "Ace, Ten, King, Queen, Jack", "Ass, Zehn, König, Dame, Bube"],
  ["Kreuz (Eichel), Schippen (Laub), Herz, Schellen", "clubs, spades, hearts, diamonds", "die vier Farben"],
];

async function rulesPage(name) {
  const main = document.getElementById("main");
  let r;
  try { r = await api("/api/rules/" + encodeURIComponent(name)); }
  catch (err) { main.replaceChildren(h("p", {}, err.message)); return; }
  const info = await meta();
  const de = lang === "de";
  const sections = [];
  const para = (en, deText) => h("p", {}, de ? deText : en);
  const example = (cards, label) => h("div", {class: "meld-example"}, cardRow(cards, {small: true}), h("span", {}, label));
  sections.push(h("h2", {}, `${t("rules")}: ${r.name}`), h("p", {class: "muted"}, r.description));
  sections.push(h("p", {}, info.rule_sets.map((s) => h("a", {class: "chip" + (s.name === r.name ? " on" : ""), href: "/rules/" + encodeURIComponent(s.name)}, s.name))));
  const ranks = (r.ranks || []).slice().reverse();
  const points = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0};
  sections.push(h("h3", {}, de ? "Karten" : "Cards"),
    para(`${r.pack_size} cards: two of each card, ranks high to low ${ranks.join(" ")}. Card points:`,
         `${r.pack_size} Karten, jede doppelt; Rangfolge hoch nach tief ${ranks.join(" ")}. Augen:`),
    h("div", {class: "card-row"}, ranks.map((rk) => h("figure", {class: "points"}, cardEl(rk + "♥", {small: true}), h("figcaption", {}, String(points[rk]))))),
    para(`The last trick scores ${r.last_trick_bonus} more.`, `Der letzte Stich zählt ${r.last_trick_bonus} extra.`));
  if (r.game === "binocle") {
    sections.push(h("h3", {}, de ? "Ablauf" : "Play"),
      para(`Two players, ${r.hand_size} cards each; a card is turned for trump, the rest is the stock. While the stock lasts anyone may play any card; the trick's winner may meld once, exchange the dix (the trump ${r.dix_rank}) for the turned card, then both draw. After the stock, follow suit and win if you can. First to ${r.target} (claim it!) wins.`,
           `Zwei Spieler, je ${r.hand_size} Karten; eine Karte wird als Trumpf aufgedeckt, der Rest ist der Talon. Solange er reicht, darf man jede Karte spielen; wer den Stich macht, darf einmal melden und die Dix (Trumpf-${r.dix_rank}) gegen die Trumpfkarte tauschen, dann ziehen beide. Danach gilt Farb- und Stichzwang. Wer zuerst ${r.target} hat (und es ansagt), gewinnt.`),
      h("h3", {}, t("melds")),
      example(["K♥", "Q♥"], `${de ? "Ehe" : "Marriage"} ${r.meld_marriage}, ${de ? "in Trumpf" : "in trumps"} ${r.meld_royal_marriage}`),
      example(["A♥", "10♥", "K♥", "Q♥", "J♥"], `${de ? "Folge in Trumpf" : "Sequence in trumps"} ${r.meld_sequence}`),
      example(["Q♠", "J♦"], `Binocle ${r.meld_binocle}`),
      example(["A♣", "A♠", "A♥", "A♦"], `${de ? "Vier Asse" : "Four aces"} ${r.meld_four_aces}`));
  } else {
    const seatsText = r.teams && r.teams.length ? (de ? " in zwei Paaren" : " in two teams") : "";
    sections.push(h("h3", {}, de ? "Geben und Reizen" : "Deal and auction"),
      para(`${r.players} players${seatsText}${r.dealer_sits_out ? " (the dealer sits out)" : ""}, ${r.hand_size} cards each and ${r.dabb_size} to the Dabb. Forehand opens at ${r.min_bid}; then raise by ${r.bid_step}${r.bid_jumps ? " or more" : ", no jumps"} or pass. The last bidder left is the declarer and must make the bid.`,
           `${r.players} Spieler${seatsText}${r.dealer_sits_out ? " (der Geber setzt aus)" : ""}, je ${r.hand_size} Karten und ${r.dabb_size} in den Dabb. Vorhand eröffnet mit ${r.min_bid}; dann ${r.bid_step} mehr${r.bid_jumps ? " oder höher" : ", ohne Sprünge"} oder passen. Wer übrig bleibt, ist Spieler und muss den Reizwert erreichen.`),
      h("h3", {}, de ? "Dabb, Drücken, Trumpf" : "Dabb, discard, trumps"),
      para(`The declarer shows the Dabb, takes it, lays away (drücken) ${r.dabb_size} cards – their points count for the declarer – and names trumps${r.durch_allowed ? " or Durch (every trick, no trumps, ±" + r.durch_value + ")" : ""}. Or gives up (abgehen): minus the bid, the others score ${r.give_up_bonus} plus their melds.`,
           `Der Spieler deckt den Dabb auf, nimmt ihn, drückt ${r.dabb_size} Karten – ihre Augen zählen für ihn – und sagt Trumpf an${r.durch_allowed ? " oder Durch (alle Stiche, ohne Trumpf, ±" + r.durch_value + ")" : ""}. Oder er geht ab: minus Reizwert, die anderen bekommen ${r.give_up_bonus} und ihre Meldungen.`),
      h("h3", {}, t("melds")),
      example(["K♥", "Q♥"], `${de ? "Paar" : "Pair"} ${r.meld_pair_plain}, ${de ? "in Trumpf" : "in trumps"} ${r.meld_pair_trump}`),
      example(["A♥", "10♥", "K♥", "Q♥", "J♥"], `${de ? "Familie" : "Family"} ${r.meld_family_plain}, ${de ? "in Trumpf" : "in trumps"} ${r.meld_family_trump}`),
      example(["Q♠", "J♦"], `Binokel ${r.meld_binokel}, ${de ? "doppelt" : "double"} ${r.meld_double_binokel}`),
      example(["A♣", "A♠", "A♥", "A♦"], `${de ? "Vier Sauen" : "Four Aces"} ${r.meld_four_aces}, ${de ? "acht" : "eight"} ${r.meld_eight_aces}`),
      example(["K♣", "K♠", "K♥", "K♦"], `${de ? "Vier Könige" : "Four Kings"} ${r.meld_four_kings}`),
      example(["Q♣", "Q♠", "Q♥", "Q♦"], `${de ? "Vier Ober" : "Four Queens"} ${r.meld_four_queens}`),
      example(["J♣", "J♠", "J♥", "J♦"], `${de ? "Vier Unter" : "Four Jacks"} ${r.meld_four_jacks}`),
      (r.ranks || []).includes("7") ? example(["7♥"], `Dissle (${de ? "Trumpf-Siebener" : "the trump Seven"}) ${r.meld_dissle}`) : null,
      para("A card may serve in melds of different kinds, but only once in one kind. Melds count only for a player who wins a trick.",
           "Eine Karte darf in Meldungen verschiedener Art dienen, aber nur einmal in einer Art. Meldungen zählen nur mit mindestens einem Stich."),
      h("h3", {}, de ? "Stiche" : "Tricks"),
      para("Follow suit; if you cannot, trump; and in both cases beat every card in the trick if you can. The highest trump wins, else the highest card of the suit led; of two equal cards the first wins.",
           "Farbe bedienen; wer nicht kann, muss trumpfen; und in beiden Fällen überstechen, wenn möglich. Der höchste Trumpf gewinnt, sonst die höchste Karte der ausgespielten Farbe; von zwei gleichen Karten die erste."),
      h("h3", {}, de ? "Abrechnung" : "Scoring"),
      para(`The declarer scores tricks + discard + melds if that reaches the bid, else minus twice the bid. The others score their tricks and melds. ${r.fixed_hands ? "After " + r.fixed_hands + " hands the highest total wins." : "First to " + r.target + " wins."}`,
           `Der Spieler bekommt Stiche + Gedrücktes + Meldungen, wenn das den Reizwert erreicht, sonst minus den doppelten Reizwert. Die anderen bekommen ihre Stiche und Meldungen. ${r.fixed_hands ? "Nach " + r.fixed_hands + " Spielen gewinnt die höchste Summe." : "Wer zuerst " + r.target + " hat, gewinnt."}`));
  }
  sections.push(h("h3", {}, de ? "Wörter am Tisch" : "Words at the table"),
    h("dl", {class: "glossary"}, GLOSSARY.map(([word, en, deText]) => [h("dt", {}, word), h("dd", {}, de ? deText : en)])));
  sections.push(h("p", {}, h("a", {href: "/"}, t("back"))));
  main.replaceChildren(h("section", {class: "panel rules"}, sections));
}
