/* Binokel in the browser: the table. The other seats sit around a felt, the trick lies in the
 * middle in front of the seats that played it, and your hand is fanned along the bottom, always
 * in view (a fixed dock).
 *
 * The server sends each seat only its own view ("state" messages, whole each time); this page
 * draws it and sends back actions in the engine's notation ("160", "pass", "lay Q♠",
 * "trump ♥", "out ♦", "Q♠"...). Fields a game does not have are simply not drawn, and any
 * legal action the page has no special place for appears as a button in its notation.
 */
"use strict";

// Card points of Binokel (the rules page and the declarer's running count use them).
const CARD_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0};
// How long a finished trick stays in the middle before it slides to its winner (ms); the CSS
// animation .sweep holds the same numbers.
const SWEEP_MS = 1300;
// A tap this soon after the page sent an action is the second half of a double tap (or a
// bounce): it is ignored, whatever lies under the finger by then (ms).
const DOUBLE_TAP_MS = 450;
// Choices that have just appeared take no tap for this long: a tap that quick was aimed at
// what lay there before (the second tap of a double tap on an empty spot, say) (ms).
const APPEAR_MS = 300;
// How long the last trick of a hand stays in the middle before the summary covers it (ms).
const LAST_TRICK_MS = 1800;
// The smallest strip of a card, or button, a finger is given (CSS px).
const TAP_PX = 44;

function cardPoints(cards) {
  return (cards || []).reduce((sum, c) => sum + (CARD_POINTS[splitCard(c).rank] || 0), 0);
}

/** Where each seat sits around the felt, seen from the bottom seat: clockwise, so the next
 * player is on the left. */
function placesAround(count) {
  if (count === 1) return ["top"];
  if (count === 2) return ["left", "right"];
  if (count === 3) return ["left", "top", "right"];
  return Array.from({length: count}, (_, i) => i === 0 ? "left" : i === count - 1 ? "right" : "top");
}

/** A small modal question; resolves true when the player confirms. */
function confirmBox(text, yes, action) {
  return new Promise((resolve) => {
    // (data-action: the action the question is about, for anyone reading the page.)
    const dialog = h("dialog", {class: "confirm", id: "confirm", "data-action": action || null});
    const done = (answer) => { dialog.close(); dialog.remove(); resolve(answer); };
    dialog.append(h("p", {id: "confirm-text"}, text), h("div", {class: "row end"},
      h("button", {type: "button", id: "confirm-no", onclick: () => done(false)}, t("cancel")),
      h("button", {type: "button", class: "primary danger", id: "confirm-yes", onclick: () => done(true)}, yes)));
    dialog.addEventListener("cancel", (event) => { event.preventDefault(); done(false); });
    document.body.append(dialog);
    dialog.showModal();
  });
}

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
    this.rules = {};
    this.shownCards = null;     // trick cards already drawn (they slide in only once)
    this.sweeps = {};           // finished trick -> when this page first saw it
    this.summarySeen = null;    // finished hands whose summary this page has closed
    this.folds = {};            // which folded boxes the player opened
    this.pendingN = null;       // the state number an action was sent at, until it is answered
    this.sentAt = -1e9;         // when the last action was sent (performance.now())
    this.hint = null;           // the last hint: {n, action, actions, values}
    this.handsDrawn = null;     // finished hands at the last drawing
    this.summaryAt = {};        // finished hand -> when its summary may cover the table
    this.onResize = () => { if (this.msg) this.render(); };
    window.addEventListener("resize", this.onResize);
    // The state the finger came down on: an action it leads to is sent for that state, so a
    // state that arrives between the press and the click makes the server refuse it.
    this.pressed = null;
    this.onPress = () => { this.pressed = this.msg ? {n: this.msg.n, at: performance.now()} : null; };
    document.addEventListener("pointerdown", this.onPress, true);
    this.main = document.getElementById("main");
  }

  get saved() {
    try { return JSON.parse(localStorage.getItem("binokel.token." + this.id) || "null"); }
    catch (err) { return null; }
  }

  async start() {
    let info;
    try { info = await api("/api/tables/" + this.id); }
    catch (err) {
      deadEnd(t("noTableTitle"), t("noTableText", this.id), [["/", t("toLobby")]]);
      return;
    }
    try { this.rules = await api("/api/rules/" + encodeURIComponent(info.rules)); } catch (err) { this.rules = {}; }
    if (this.saved || info.status !== "playing" || !info.seats.some((s) => s.kind === "open")) {
      // A full table's link, or the last seat taken by someone else a moment before: say so.
      if (!this.saved && info.status === "playing") showNotice(this.lostSeat ? t("seatLost", this.lostSeat) : t("tableFullWatch"));
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
      h("h2", {}, `${tableTitle(info)} – ${t("chooseSeat")}`),
      h("p", {class: "muted"}, `${ruleTitle(info.rules)} · ${describeRules(info.rules, this.rules.description)}`),
      h("label", {}, t("yourName"), nameInput), seats,
      h("button", {type: "button", id: "watch", onclick: () => this.connect()}, t("justWatch"))));
  }

  async take(seat, name) {
    try {
      localStorage.setItem("binokel.name", name);
      const got = await api(`/api/tables/${this.id}/join`, {seat, name});
      localStorage.setItem("binokel.token." + this.id, JSON.stringify({token: got.token, seat}));
      clearNotice();
      this.connect();
    } catch (err) {
      // Someone else was quicker: a notice that stays says so (over the seats still free, or
      // over the table this page now watches).
      this.lostSeat = seat + 1;
      showNotice(err.code === "seat_taken" ? t("seatLost", seat + 1) : `${t("error")}: ${err.message}`);
      this.start();
    }
  }

  connect() {
    if (this.closed) return;
    const ws = transport.socket(this.id);
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.retry = 0;
      this.pendingN = null;
      const saved = this.saved;
      ws.send(JSON.stringify(saved ? {type: "hello", token: saved.token} : {type: "hello"}));
      document.body.classList.remove("offline");
    });
    ws.addEventListener("message", (event) => {
      this.heard = Date.now();
      this.receive(JSON.parse(event.data));
    });
    // A ping every 20 s keeps a watcher's connection and tells a stalled server: nothing heard
    // for 45 s (not even the pong) and the page connects afresh.
    this.heard = Date.now();
    clearInterval(this.pinger);
    this.pinger = setInterval(() => {
      if (this.ws !== ws || this.closed) { clearInterval(this.pinger); return; }
      if (ws.readyState !== 1) return;  // (open)
      if (Date.now() - this.heard > 45000) {
        this.ws = null;
        ws.close();
        document.body.classList.add("offline");
        this.connect();
      } else {
        ws.send(JSON.stringify({type: "ping"}));
      }
    }, 20000);
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
    clearInterval(this.pinger);
    if (this.ws) this.ws.close();
    clearTimeout(this.sweepTimer);
    clearTimeout(this.settleTimer);
    clearTimeout(this.appearTimer);
    clearTimeout(this.summaryTimer);
    window.removeEventListener("resize", this.onResize);
    document.removeEventListener("pointerdown", this.onPress, true);
    document.getElementById("dock")?.remove();
    document.body.style.paddingBottom = "";
    document.body.classList.remove("at-table");
    if (TablePage.current === this) TablePage.current = null;
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  /** True while a tap must not act: an action sent is not answered yet, or was sent so
   * recently that this tap is the second of a double tap. */
  get settling() {
    const now = performance.now();
    return this.pendingN !== null || now - this.sentAt < DOUBLE_TAP_MS
      || now - (this.turnAt || -1e9) < APPEAR_MS;
  }

  act(actions) {
    // Each action is sent once, for the state the player saw: a second tap (a double tap, a
    // bounce) is ignored, whatever the first one changed under the finger.
    if (!this.msg || this.settling) return false;
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.hinted = null;
    const list = Array.isArray(actions) ? actions : [actions];
    const press = this.pressed;
    const n = press && performance.now() - press.at < 2000 ? press.n : this.msg.n;
    this.pressed = null;
    this.pendingN = this.msg.n;
    this.sentAt = performance.now();
    this.send(list.length === 1 ? {type: "act", action: list[0], n}
                                : {type: "act", actions: list, n});
    // The choices look asleep until taps count again.
    document.body.dataset.myTurn = "0";
    clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => this.render(), DOUBLE_TAP_MS + 10);
    return true;
  }

  receive(msg) {
    if (msg.type === "state") {
      const first = this.msg === null;
      if (this.pendingN !== null && msg.n !== this.pendingN) this.pendingN = null;
      this.msg = msg;
      const hands = msg.table.hands || 0;
      if (this.summarySeen === null) {
        // On arrival, show a summary only if the table still waits for this seat to read it.
        const waitsForMe = msg.seat !== null && (msg.table.waiting || []).includes(msg.seat);
        this.summarySeen = waitsForMe ? hands - 1 : hands;
      }
      if (first) this.markAllShown(msg.view);
      this.followRematch(msg);
      this.render();
    } else if (msg.type === "error") {
      // A refused action may be tried again at once.
      this.pendingN = null;
      toast(reasonText(msg), "bad");
    } else if (msg.type === "hint") {
      this.hinted = msg.action;
      this.hint = {n: this.msg ? this.msg.n : null, action: msg.action,
                   actions: msg.actions || [msg.action], values: msg.values || []};
      this.render();
    } else if (msg.type === "welcome" && msg.seat === null && this.saved) {
      // The token was refused: forget it, so the seat picker shows next time.
      localStorage.removeItem("binokel.token." + this.id);
    }
  }

  /** A move as the hint names it: a card to lay away by the card alone (the prompt above
   * says that cards are being laid away), any other move by its label. */
  hintLabel(action) {
    return action.startsWith("lay ") ? cardsText(action.slice(4)) : this.actionLabel(action);
  }

  /** The hint's other moves, each against the move shown, in whole points a person reads:
   * [[label, "12 points less"], ...] (at most three). */
  hintOthers(hint) {
    const values = hint.values || [];
    const shown = values.find(([action]) => action === hint.action);
    if (!shown) return [];
    return values.filter(([action]) => action !== hint.action).slice(0, 3).map(([action, value]) => {
      const diff = Math.round(value - shown[1]);
      return [this.hintLabel(action), diff < 0 ? t("hintLess", -diff) : diff > 0 ? t("hintMore", diff) : t("hintSame")];
    });
  }

  /** The hint as one line: "Hint: A♠ · 10♥: 5 points less · K♠: 12 points less". */
  hintText(hint) {
    const shown = (hint.actions || [hint.action]).map((a) => this.hintLabel(a)).join(", ");
    return [t("hintIs", shown)].concat(this.hintOthers(hint).map(([label, diff]) => `${label}: ${diff}`)).join(" · ");
  }

  followRematch(msg) {
    const next = (msg.table.rematch || {}).table;
    // Only a rematch that begins while this page is open moves it on; coming back to the old
    // table later shows its end, with a link to the new game.
    if (this.rematchOnArrival === undefined) this.rematchOnArrival = next || null;
    if (!next || next === this.rematchOnArrival || msg.seat === null) return;
    const saved = this.saved;
    if (!saved) return;
    // The same seat token acts for the same seat at the new table.
    localStorage.setItem("binokel.token." + next, JSON.stringify(saved));
    history.pushState(null, "", pageUrl("/t/" + next));
    setTimeout(() => route(), 0);
  }

  // --- names --------------------------------------------------------------------------------

  seatName(seat, bare) {
    const s = this.msg.table.seats[seat];
    if (!s) return "?";
    let name = s.kind === "bot" ? botLabel(s.bot, seat) : s.kind === "open" ? `${t("seat")} ${seat + 1}`
      : s.name;
    if (!bare && seat === this.msg.seat) name += " " + t("you_");
    return name;
  }

  actionLabel(action) {
    let m;
    if (CARD_RE.test(action)) return cardText(action);
    if (/^\d+$/.test(action)) return t("bidBtn", action);
    if (action === "pass") return t("pass");
    if (action === "dabb") return t("takeDabb");
    if (action === "open") return t("openDurch");
    if (action === "durch") return t("durch");
    if ((m = action.match(/^trump (.)$/))) return `${t("trumpIs")} ${m[1]}`;
    if ((m = action.match(/^out (.)$/))) return `${t("giveUpIn", SUIT_NAMES[lang][m[1]] || m[1])} ${m[1]}`;
    if ((m = action.match(/^lay (.+)$/))) return `${t("discard")}: ${cardsText(m[1])}`;
    // Binocle
    if (action === "claim") return t("claim");
    if (action === "done") return t("done");
    if ((m = action.match(/^meld (.+)$/))) {
      // "meld marriage K♦ Q♦": the meld's name, then its cards.
      const words = m[1].split(" ");
      const first = words.findIndex((w) => CARD_RE.test(w));
      const cut = first < 0 ? words.length : first;
      return `${t("meldVerb")}: ${meldName(words.slice(0, cut).join(" "))} ${cardsText(words.slice(cut).join(" "))}`.trim();
    }
    if ((m = action.match(/^exchange (.+)$/))) return t("exchange", cardsText(m[1]));
    if ((m = action.match(/^show (.+)$/))) return t("showDix", cardsText(m[1]));
    if ((m = action.match(/^table (.+)$/))) return t("fromTable", cardsText(m[1]));
    return action;
  }

  // --- drawing ------------------------------------------------------------------------------

  render() {
    const msg = this.msg;
    if (!msg) return;
    const view = msg.view;
    const table = msg.table;
    const me = msg.seat;
    const hands = (view.results || []).length;
    // A hand that ends while the page is open: its last trick stays in sight a moment first
    // (a hand given up at the Dabb has none), and no tap acts on the next hand meanwhile: the
    // summary would cover the table mid-move.
    if (this.handsDrawn !== null && hands > this.handsDrawn && hands > this.summarySeen
        && this.handsLastTrick(view)) {
      this.summaryAt[hands] = performance.now() + LAST_TRICK_MS;
    }
    this.handsDrawn = hands;
    const wait = (this.summaryAt[hands] || 0) - performance.now();
    const holding = wait > 0 && hands > this.summarySeen;
    if (holding) {
      clearTimeout(this.summaryTimer);
      this.summaryTimer = setTimeout(() => this.render(), wait + 20);
    }
    const myTurn = me !== null && view.to_move === me && table.status === "playing" && !holding;
    const legal = myTurn ? view.legal_actions || [] : [];
    if (view.phase !== this.selectPhase) { this.selected.clear(); this.selectPhase = view.phase; }
    if (this.hint && this.hint.n !== msg.n) { this.hint = null; this.hinted = null; }
    if (myTurn && this.turnN !== msg.n) {
      // The player's choices appear: taps count after APPEAR_MS.
      this.turnN = msg.n;
      this.turnAt = performance.now();
      clearTimeout(this.appearTimer);
      this.appearTimer = setTimeout(() => this.render(), APPEAR_MS + 10);
    }

    const body = document.body;
    body.classList.add("at-table");
    body.dataset.phase = view.phase;
    body.dataset.status = table.status;
    body.dataset.n = String(msg.n);
    body.dataset.hands = String((view.results || []).length);
    // "1" once taps act: the player's turn, and no action of theirs still on its way.
    body.dataset.myTurn = myTurn && !this.settling ? "1" : "0";

    const seats = table.seats.map((_, i) => i);
    const bottom = me === null ? 0 : me;
    const others = seats.slice(bottom + 1).concat(seats.slice(0, bottom));
    const places = placesAround(others.length);
    this.places = {[bottom]: "bottom"};
    others.forEach((s, i) => { this.places[s] = places[i]; });

    this.finalTrick = holding ? this.handsLastTrick(view) : null;
    const summary = holding ? null : this.summaryPanel(view, table);
    body.dataset.summary = summary ? "1" : "0";
    this.main.className = "table-main";
    this.main.replaceChildren(...[
      this.statusLine(view, table, me, myTurn),
      this.invitePanel(table),
      this.felt(view, table, others, places),
      this.foldBar(view),
      this.endPanel(view, table, me),
      this.meldArea(view),
      this.scoreSheet(view, table)].filter((x) => x));

    let dock = document.getElementById("dock");
    if (!dock) { dock = h("section", {id: "dock"}); document.body.append(dock); }
    dock.replaceChildren(h("div", {class: "dock-inner"},
      h("section", {class: "actions", id: "actions"}, this.actionArea(view, legal, myTurn)),
      this.mySeatStrip(view, table, bottom),
      me === null ? h("p", {class: "muted center-text spectating"}, t("spectating"))
        : this.handArea(view, legal, myTurn, table)));
    document.getElementById("summary")?.remove();
    if (summary) document.body.append(summary);
    body.style.paddingBottom = dock.offsetHeight + "px";
    body.style.setProperty("--dock-h", dock.offsetHeight + "px");
    this.markAllShown(view);
  }

  statusLine(view, table, me, myTurn) {
    let status;
    if (table.status !== "playing") {
      status = t(table.status);
      if ((view.winners || []).length) status += " · " + t("winners", view.winners.map((s) => this.seatName(s)).join(", "));
      else if (view.winner !== undefined && view.winner !== null && view.winner >= 0) status += " · " + t("winners", this.seatName(view.winner));
    } else if (myTurn) status = t("yourTurn");
    else if (view.to_move >= 0) status = t("turnOf", this.seatName(view.to_move, true));
    else status = t("gameOver");
    const facts = [];
    if (view.hand_no !== undefined) facts.push(t("handNo", view.hand_no + 1));
    if (view.dealer !== undefined && view.dealer !== null) facts.push(`${t("dealer")}: ${this.shortName(view.dealer)}`);
    if (view.declarer !== null && view.declarer !== undefined && view.bid) facts.push(t("plays", this.shortName(view.declarer), view.bid));
    if (view.contract && view.contract !== "trump") facts.push(tMap("contract", view.contract));
    // Trumps as the suit's symbol in a badge of its own (it never wraps away from its word).
    const trump = view.trump && !(view.contract && view.contract !== "trump")
      ? h("span", {class: "trump-badge " + (["♥", "♦"].includes(view.trump) ? "red" : "black"), id: "trump",
                   title: `${t("trumpIs")}: ${SUIT_NAMES[lang][view.trump] || view.trump}`},
          h("span", {class: "trump-word"}, t("trumpIs")), h("b", {class: "trump-suit"}, view.trump))
      : null;
    const running = this.declarerPoints(view, table, me);
    return h("section", {class: "status-line"},
      h("div", {class: "status-row"},
        h("div", {class: "status" + (myTurn ? " my-turn" : ""), id: "status"}, status),
        this.menu(table, me, myTurn)),
      h("div", {class: "facts-row"}, trump, h("div", {class: "facts", id: "facts"}, facts.join(" · "))),
      running ? h("div", {class: "running", id: "running"}, running) : null);
  }

  /** For the declarer's side: the points so far against the bid (the declarer also counts
   * the laid-away cards, which only the declarer knows). */
  declarerPoints(view, table, me) {
    if (me === null || view.declarer === null || view.declarer === undefined || !view.bid
        || !view.trick_points || view.phase !== "play") return null;
    const team = (table.teams || []).find((members) => members.includes(view.declarer)) || [view.declarer];
    if (view.contract && view.contract !== "trump") {
      // A Durch is every trick, not points: count the tricks, for everyone.
      const done = (view.tricks || []).length;
      const taken = team.reduce((sum, s) => sum + ((view.tricks_won || [])[s] || 0), 0);
      return t("durchTricks", this.seatName(view.declarer, true), taken, done);
    }
    if (!team.includes(me)) return null;
    let points = 0;
    for (const s of team) {
      points += (view.trick_points || [])[s] || 0;
      points += ((view.melds || [])[s] || []).reduce((sum, m) => sum + (m.points || 0), 0);
    }
    if (me === view.declarer) return t("pointsOf", points + cardPoints(view.discard), view.bid);
    return t("pointsOfHidden", points, view.bid);
  }

  menu(table, me, myTurn) {
    const items = [];
    if (table.record) items.push(h("a", {class: "button", id: "record", href: `/api/tables/${this.id}/record`, download: `binokel-${this.id}.txt`}, t("record")));
    else if (me !== null) {
      items.push(h("button", {type: "button", id: "abandon", onclick: async () => { if (await confirmBox(t("abandonSure"), t("abandon"))) this.send({type: "abandon"}); }}, t("abandon")));
      items.push(h("button", {type: "button", id: "leave", onclick: async () => { if (await confirmBox(t("leaveSure"), t("leave"))) this.send({type: "leave"}); }}, t("leave")));
    }
    items.push(h("button", {type: "button", id: "share", onclick: () => this.copyLink()}, t("copyLink")));
    items.push(h("a", {class: "button", href: "/rules/" + encodeURIComponent(table.rules), target: "_blank"}, t("rules")));
    return h("div", {class: "status-buttons"},
      myTurn ? h("button", {type: "button", id: "hint", class: "quiet", onclick: () => this.send({type: "hint"})}, t("hint")) : null,
      this.fold("menu", h("span", {}, t("menu")), h("div", {class: "menu-items"}, items), "menu"));
  }

  get link() { return `${location.origin}/t/${this.id}`; }

  copyLink() {
    const link = this.link;
    if (navigator.clipboard) navigator.clipboard.writeText(link).then(() => toast(t("copied")), () => toast(link));
    else toast(link);
  }

  /** A box the player can fold open and shut (a tap); it stays as the player left it. */
  fold(key, summary, content, cls) {
    const box = h("details", {class: "fold " + (cls || ""), id: "fold-" + key, open: !!this.folds[key]},
      h("summary", {}, summary), content);
    box.addEventListener("toggle", () => { this.folds[key] = box.open; });
    return box;
  }

  invitePanel(table) {
    if (table.status !== "playing" || !table.seats.some((s) => s.kind === "open")) return null;
    const link = this.link;
    return h("section", {class: "invite", id: "invite"},
      h("img", {class: "qr", id: "invite-qr", src: `/api/tables/${this.id}/invite.svg`, alt: t("qrAlt"), width: "132", height: "132"}),
      h("div", {class: "invite-text"},
        h("h3", {}, t("invite")),
        h("p", {class: "muted"}, t("inviteText")),
        h("input", {class: "link", id: "invite-link", value: link, readonly: true, onfocus: (e) => e.target.select()}),
        h("button", {type: "button", class: "primary", id: "copy-link", onclick: () => this.copyLink()}, t("copy"))));
  }

}
TablePage.current = null;

/** A table's title in the lobby: its name, or the names of whoever sits at it. */
function tableTitle(info) {
  if (info.title) return info.title;
  const names = info.seats.map((s, i) => s.kind === "open" ? null : s.kind === "bot" ? botLabel(s.bot, i) : s.name)
    .filter((x) => x);
  return names.length ? names.join(", ") : info.rules;
}
