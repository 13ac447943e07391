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
function confirmBox(text, yes) {
  return new Promise((resolve) => {
    const dialog = h("dialog", {class: "confirm", id: "confirm"});
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
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${scheme}//${location.host}/ws/${this.id}`);
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.retry = 0;
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
      if (ws.readyState !== WebSocket.OPEN) return;
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
    document.getElementById("dock")?.remove();
    document.body.style.paddingBottom = "";
    document.body.classList.remove("at-table");
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
      const first = this.msg === null;
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
      toast(reasonText(msg), "bad");
    } else if (msg.type === "hint") {
      this.hinted = msg.action;
      toast(this.hintText(msg));
      this.render();
    } else if (msg.type === "welcome" && msg.seat === null && this.saved) {
      // The token was refused: forget it, so the seat picker shows next time.
      localStorage.removeItem("binokel.token." + this.id);
    }
  }

  /** "Hint: A♠ (best) · 10♥ −4.5 points · K♠ −12 points": each move against the best. */
  hintText(msg) {
    const values = msg.values || [];
    let text = t("hintIs", this.actionLabel(msg.action));
    if (values.length > 1) {
      const best = values[0][1];
      const others = values.slice(1, 4).map(([action, value]) => {
        const diff = Math.round((value - best) * 10) / 10;
        return t("hintOther", this.actionLabel(action), (diff > 0 ? "+" : diff < 0 ? "−" : "±") + Math.abs(diff));
      });
      text += ` (${t("hintBest")}) · ` + others.join(" · ");
    }
    return text;
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
    history.pushState(null, "", "/t/" + next);
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
    if (/^\d+$/.test(action)) return t("bidBtn", action);
    if (action === "pass") return t("pass");
    if (action === "dabb") return t("takeDabb");
    if (action === "open") return t("openDurch");
    if (action === "durch") return t("durch");
    if ((m = action.match(/^trump (.)$/))) return `${t("trumpIs")} ${m[1]}`;
    if ((m = action.match(/^out (.)$/))) return `${t("giveUpIn", SUIT_NAMES[lang][m[1]] || m[1])} ${m[1]}`;
    if ((m = action.match(/^lay (.+)$/))) return `${t("discard")}: ${m[1]}`;
    // Binocle
    if (action === "claim") return t("claim");
    if (action === "done") return t("done");
    if ((m = action.match(/^meld (.+)$/))) {
      // "meld marriage K♦ Q♦": the meld's name, then its cards.
      const words = m[1].split(" ");
      const first = words.findIndex((w) => CARD_RE.test(w));
      const cut = first < 0 ? words.length : first;
      return `${t("meldVerb")}: ${meldName(words.slice(0, cut).join(" "))} ${words.slice(cut).join(" ")}`.trim();
    }
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
    body.classList.add("at-table");
    body.dataset.phase = view.phase;
    body.dataset.status = table.status;
    body.dataset.n = String(msg.n);
    body.dataset.hands = String((view.results || []).length);
    body.dataset.myTurn = myTurn ? "1" : "0";

    const seats = table.seats.map((_, i) => i);
    const bottom = me === null ? 0 : me;
    const others = seats.slice(bottom + 1).concat(seats.slice(0, bottom));
    const places = placesAround(others.length);
    this.places = {[bottom]: "bottom"};
    others.forEach((s, i) => { this.places[s] = places[i]; });

    const summary = this.summaryPanel(view, table);
    body.dataset.summary = summary ? "1" : "0";
    this.main.className = "table-main";
    this.main.replaceChildren(...[
      this.statusLine(view, table, me, myTurn),
      this.invitePanel(table),
      this.felt(view, table, others, places),
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
    this.markAllShown(view);
  }

  statusLine(view, table, me, myTurn) {
    let status;
    if (table.status !== "playing") {
      status = t(table.status);
      if ((view.winners || []).length) status += " · " + t("winners", view.winners.map((s) => this.seatName(s)).join(", "));
      else if (view.winner !== undefined && view.winner !== null) status += " · " + t("winners", this.seatName(view.winner));
    } else if (myTurn) status = t("yourTurn");
    else if (view.to_move >= 0) status = t("turnOf", this.seatName(view.to_move, true));
    else status = t("gameOver");
    const facts = [];
    if (view.hand_no !== undefined) facts.push(t("handNo", view.hand_no + 1));
    if (view.dealer !== undefined && view.dealer !== null) facts.push(`${t("dealer")}: ${this.seatName(view.dealer, true)}`);
    if (view.declarer !== null && view.declarer !== undefined && view.bid) facts.push(t("plays", this.seatName(view.declarer, true), view.bid));
    if (view.contract && view.contract !== "trump") facts.push(tMap("contract", view.contract));
    else if (view.trump) facts.push(`${t("trumpIs")} ${view.trump}`);
    const running = this.declarerPoints(view, table, me);
    return h("section", {class: "status-line"},
      h("div", {class: "status-row"},
        h("div", {class: "status" + (myTurn ? " my-turn" : ""), id: "status"}, status),
        this.menu(table, me, myTurn)),
      h("div", {class: "facts", id: "facts"}, facts.join(" · ")),
      running ? h("div", {class: "running", id: "running"}, running) : null);
  }

  /** For the declarer's side: the points so far against the bid (the declarer also counts
   * the laid-away cards, which only the declarer knows). */
  declarerPoints(view, table, me) {
    if (me === null || view.declarer === null || view.declarer === undefined || !view.bid
        || !view.trick_points || view.phase !== "play") return null;
    const team = (table.teams || []).find((members) => members.includes(view.declarer)) || [view.declarer];
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

  // --- the felt: other seats, the middle -----------------------------------------------------

  felt(view, table, others, places) {
    return h("section", {class: `felt seats-${others.length}`, id: "felt"},
      others.map((s, i) => this.seatBox(view, table, s, places[i])),
      h("div", {class: "middle"}, this.middle(view, table)));
  }

  seatTags(view, table, seat) {
    const tags = [];
    const team = (table.teams || []).findIndex((members) => members.includes(seat));
    if (team >= 0) tags.push(`${t("team")} ${"AB"[team] || team + 1}`);
    if (view.dealer === seat) tags.push(t("dealer"));
    if (view.declarer === seat && view.phase !== "auction") tags.push(t("declarer") + (view.bid ? ` ${view.bid}` : ""));
    return tags;
  }

  lastBid(view, seat) {
    if (view.phase !== "auction") return null;
    const last = (view.bids || []).filter((b) => b[0] === seat).pop();
    if (!last) return null;
    return h("span", {class: "bubble" + (last[1] ? "" : " passed")}, last[1] ? String(last[1]) : t("passes"));
  }

  seatNumbers(view, seat) {
    const size = (view.hand_sizes || [])[seat];
    const won = (view.tricks_won || [])[seat];
    const parts = [];
    if (size !== undefined) parts.push(`${size} ${t("cards")}`);
    if (won !== undefined) parts.push(`${won} ${t("tricks")}`);
    parts.push(`${(view.scores || [])[seat] ?? 0} ${t("points")}`);
    return parts.join(" · ");
  }

  seatBox(view, table, seat, place) {
    const s = table.seats[seat];
    const size = (view.hand_sizes || [])[seat] || 0;
    const open = s.kind === "open";
    const backs = [];
    for (let i = 0; i < Math.min(size, 18); i++) backs.push(cardBack(true));
    const openHand = view.open_hand && view.open_hand.length && view.declarer === seat;
    const onTable = view.tables ? this.tableCards(view, seat) : [];
    return h("div", {class: `seat place-${place}` + (view.to_move === seat && table.status === "playing" ? " to-move" : "") + (open ? " open" : ""), "data-seat": String(seat)},
      h("div", {class: "seat-name"}, this.seatName(seat),
        s.kind === "human" && !s.connected ? h("span", {class: "offline-dot", title: t("offlineTitle", s.name || "")}, ` · ${t("offlineWord")}`) : null,
        this.lastBid(view, seat)),
      open ? h("div", {class: "waiting-friend"}, t("waitingFriend")) : null,
      h("div", {class: "seat-tags"}, this.seatTags(view, table, seat).join(" · ")),
      openHand ? cardRow(view.open_hand, {small: true}) : h("div", {class: "backs"}, backs),
      onTable.length ? h("div", {class: "on-table"}, cardRow(onTable, {small: true})) : null,
      h("div", {class: "seat-numbers"}, this.seatNumbers(view, seat)));
  }

  mySeatStrip(view, table, seat) {
    const tags = this.seatTags(view, table, seat);
    return h("div", {class: "seat me" + (view.to_move === seat && table.status === "playing" ? " to-move" : ""), "data-seat": String(seat), id: "my-seat"},
      h("span", {class: "seat-name"}, this.seatName(seat), this.lastBid(view, seat)),
      tags.length ? h("span", {class: "seat-tags"}, tags.join(" · ")) : null,
      h("span", {class: "seat-numbers"}, this.seatNumbers(view, seat)));
  }

  middle(view, table) {
    const parts = [];
    const phase = view.phase;
    const beforeTricks = ["auction", "dabb", "discard", "trump"].includes(phase);
    if (view.bids && view.bids.length && beforeTricks) parts.push(this.auctionBox(view));
    if (view.dabb && beforeTricks) parts.push(h("div", {class: "dabb", id: "dabb"}, h("span", {class: "label"}, t("dabb")), cardRow(view.dabb, {small: true})));
    if (view.stock_size !== undefined) {
      parts.push(h("div", {class: "stock", id: "stock"}, h("span", {class: "label"}, `${t("stock")}: ${view.stock_size}`),
        view.turned ? cardEl(view.turned, {small: true}) : null));
    }
    if (view.trick && (view.trick.length || phase === "play" || view.stock_size !== undefined)) parts.push(this.trickArea(view));
    if (!beforeTricks) {
      const folded = [];
      const laid = [].concat(view.discard || [], view.shown_discard || []);
      if (view.dabb || laid.length) {
        folded.push(this.fold("dabb", t("foldDabb"), h("div", {class: "fold-body"},
          view.dabb ? h("div", {}, h("span", {class: "label"}, t("dabb")), cardRow(view.dabb, {small: true})) : null,
          laid.length ? h("div", {}, h("span", {class: "label"}, t("discard")), cardRow(laid, {small: true})) : null)));
      }
      const last = view.last_trick;
      if (last && last.cards) {
        const seatsOf = this.trickSeats(view, last);
        folded.push(this.fold("last", t("foldLast"), h("div", {class: "fold-body", id: "last-trick"},
          h("span", {class: "label"}, t("wonBy", this.seatName(last.winner))),
          h("div", {class: "card-row"}, last.cards.map((c, j) => h("figure", {},
            cardEl(c, {small: true}), h("figcaption", {}, this.seatName(seatsOf[j], true))))))));
      }
      if (folded.length) parts.push(h("div", {class: "folds"}, folded));
    }
    return parts;
  }

  auctionBox(view) {
    // The latest bids first: the top bid is always in sight.
    const bids = view.bids.map((b, i) => [b, i]).slice(-4).reverse();
    return h("div", {class: "auction", id: "auction"},
      h("span", {class: "label"}, t("auction")),
      h("ol", {class: "bids", id: "bids"}, bids.map(([b, i]) => h("li", {class: i === view.bids.length - 1 ? "latest" : ""},
        h("b", {}, this.seatName(b[0], true)), " ", i === 0 ? t("opens", b[1]) : b[1] ? String(b[1]) : t("passes")))),
      view.declarer !== null && view.declarer !== undefined && view.phase !== "auction"
        ? h("p", {class: "declared"}, t("plays", this.seatName(view.declarer, true), view.bid)) : null);
  }

  trickSeats(view, trick) {
    const seats = this.msg.table.seats.length;
    const active = view.active && view.active.includes(trick.leader) ? view.active : null;
    if (active) {
      const i = active.indexOf(trick.leader);
      return trick.cards.map((_, j) => active[(i + j) % active.length]);
    }
    return trick.cards.map((_, j) => (trick.leader + j) % seats);
  }

  /** The trick in the middle: each card in front of the seat that played it. A trick just
   * finished stays a moment, then slides to its winner. */
  trickArea(view) {
    const hand = view.hand_no ?? 0;
    const done = (view.tricks || []).length;
    const cards = (view.trick || []).map(([seat, card]) => {
      const key = `${hand}/${done}/${seat}`;
      const place = this.places[seat] || "top";
      const fresh = this.shownCards && !this.shownCards.has(key);
      return h("div", {class: `slot at-${place}`, "data-seat": String(seat)},
        cardEl(card, {classes: fresh ? ["arrive", "from-" + place] : []}));
    });
    let sweep = null;
    const last = view.last_trick;
    if (!(view.trick || []).length && last && last.cards) {
      const key = `${hand}/${done}/${last.cards.join(",")}`;
      if (this.sweeps[key] === undefined) this.sweeps[key] = this.shownCards ? performance.now() : -1e9;
      const age = performance.now() - this.sweeps[key];
      if (age < SWEEP_MS) {
        const seatsOf = this.trickSeats(view, last);
        const to = this.places[last.winner] || "top";
        sweep = seatsOf.map((seat, j) => {
          const el = cardEl(last.cards[j], {classes: ["sweep", "to-" + to]});
          el.style.animationDelay = `${-age}ms`;
          return h("div", {class: `slot at-${this.places[seat] || "top"}`}, el);
        });
        clearTimeout(this.sweepTimer);
        this.sweepTimer = setTimeout(() => this.render(), SWEEP_MS - age + 20);
      }
    }
    return h("div", {class: "trick", id: "trick"}, cards, sweep);
  }

  markAllShown(view) {
    const hand = view.hand_no ?? 0;
    const done = (view.tricks || []).length;
    if (!this.shownCards) this.shownCards = new Set();
    for (const [seat] of view.trick || []) this.shownCards.add(`${hand}/${done}/${seat}`);
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
