/* The score pad (/pad): one phone at a real table keeps the score.
 *
 * The pad lives on the server (which scores every hand with the rules); this page keeps the last
 * sheet it saw and an outbox of changes in localStorage.  A change goes into the outbox, is shown
 * at once as "not yet saved", and is sent in order; each has its own id, so one sent again after
 * a lost answer is applied once.  A change the server refuses leaves the pad as it was: the page
 * shows the reason on that entry and offers to edit it.  The entry forms are in padform.js.
 */
"use strict";

const Pad = {
  id: null, token: null, sheet: null, outbox: [], refused: [], editing: null, sending: false,
  offline: false, retry: null, selected: null, club: null,

  key() { return "binokel.pad." + this.id; },

  persist() {
    localStorage.setItem(this.key(), JSON.stringify({token: this.token, sheet: this.sheet,
      outbox: this.outbox, refused: this.refused, club: this.club}));
    const known = JSON.parse(localStorage.getItem("binokel.pads") || "[]").filter((p) => p.id !== this.id);
    if (this.sheet) {
      known.unshift({id: this.id, token: this.token, rules: this.sheet.rules.name,
                     players: this.sheet.players, at: Date.now()});
    }
    localStorage.setItem("binokel.pads", JSON.stringify(known.slice(0, 20)));
  },

  async open(id) {
    this.id = id;
    const kept = JSON.parse(localStorage.getItem(this.key()) || "null") || {};
    this.token = decodeURIComponent(location.hash.slice(1)) || kept.token || "";
    this.sheet = kept.sheet || null;
    this.outbox = kept.outbox || [];
    this.refused = kept.refused || [];
    // A tournament table's pad: its card's link names the tournament (?club=ID), kept here so
    // the pad opened again from "Your pads" still knows it.
    const club = new URLSearchParams(location.search).get("club");
    this.club = club && /^[A-Za-z0-9_-]{1,40}$/.test(club) ? club : kept.club || null;
    if (this.token && !location.hash) history.replaceState(null, "", `/pad/${id}${location.search}#${this.token}`);
    if (!this.token) {  // a pad's address without its key: nothing to ask the server
      deadEnd(t("padKeyTitle"), t("padKeyText"), [["/pad", t("toPad")], ["/", t("toLobby")]]);
      return;
    }
    if (this.sheet) this.render();
    try {
      const sheet = await api(`/api/pads/${id}`, {token: this.token});
      this.sheet = sheet;
      this.persist();
    } catch (err) {
      if (!this.sheet) {
        if (err.status === 404 || err.status === 400) {
          deadEnd(t("padGoneTitle"), err.message, [["/pad", t("toPad")], ["/", t("toLobby")]],
                  h("p", {id: "pad-error", class: "muted"}, t("padKeyText")));
        } else {
          deadEnd(t("error"), err.message, [["/pad", t("toPad")]]);
        }
        return;
      }
      this.setOffline(true);
    }
    this.render();
    this.flush();
  },

  newOpId() {
    const bytes = crypto.getRandomValues(new Uint8Array(9));
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  },

  /** Queue one change (add, edit, delete, void) and send what is queued. */
  queue(op) {
    op.id = this.newOpId();
    this.outbox.push({op, queued: Date.now()});
    this.persist();
    this.render();
    this.flush();
  },

  setOffline(offline) {
    this.offline = offline;
    document.body.classList.toggle("pad-offline", offline);
  },

  /** Send the outbox in order; stop at the first change that could not be sent (offline). */
  async flush() {
    if (this.sending) return;
    this.sending = true;
    try {
      while (this.outbox.length) {
        const item = this.outbox[0];
        let response;
        try {
          response = await fetch(`/api/pads/${this.id}/ops`, {method: "POST",
            headers: {"content-type": "application/json"},
            body: JSON.stringify({token: this.token, op: item.op})});
        } catch (err) {  // no connection: keep it and try again
          this.setOffline(true);
          this.later();
          return;
        }
        if (response.status >= 500 || response.status === 429) {
          this.setOffline(true);
          this.later();
          return;
        }
        const data = await response.json().catch(() => ({}));
        if (response.ok && data.applied !== item.op.id) {  // not said to be stored: send again
          this.later();
          return;
        }
        this.setOffline(false);
        this.outbox.shift();
        if (response.ok) {
          this.sheet = data;
        } else {
          this.refused.push({op: item.op, error: reasonText(data) || response.statusText, rule: data.rule || null});
        }
        this.persist();
        this.render();
      }
    } finally {
      this.sending = false;
    }
  },

  later() {
    clearTimeout(this.retry);
    this.retry = setTimeout(() => this.flush(), 2000);
    this.render();
  },

  /** The hands the page shows: the server's, then those waiting to be sent, then refused ones. */
  rows() {
    const rows = (this.sheet ? this.sheet.hands : []).map((hand) => ({kind: "saved", hand}));
    const deleted = new Set();
    const edited = {};
    for (const item of this.outbox) {
      if (item.op.kind === "delete") deleted.add(item.op.hand);
      if (item.op.kind === "edit") edited[item.op.hand] = item;
    }
    for (const row of rows) {
      if (deleted.has(row.hand.no)) row.pending = "delete";
      if (edited[row.hand.no]) { row.pending = "edit"; row.entry = edited[row.hand.no].op.entry; }
    }
    let no = rows.length;
    for (const item of this.outbox) {
      if (item.op.kind === "add" || item.op.kind === "void") {
        no += 1;
        rows.push({kind: "pending", no, op: item.op});
      }
    }
    for (const [i, item] of this.refused.entries()) rows.push({kind: "refused", i, op: item.op, error: item.error, rule: item.rule});
    return rows;
  },

  /** Who deals the next hand, counting the hands not yet saved (a void hand: the same dealer). */
  nextDealer() {
    const next = this.sheet.next;
    let dealer = next.dealer;
    for (const item of this.outbox) {
      if (item.op.kind === "add") dealer = (dealer + 1) % this.sheet.players.length;
    }
    return dealer;
  },

  activeSeats(dealer) {
    const all = this.sheet.players.map((_, i) => i);
    return this.sheet.rules.dealer_sits_out ? all.filter((s) => s !== dealer) : all;
  },

  pendingCount() { return this.outbox.length; },

  /** Whether the game is decided (the pad takes no more hands; a hand may still be edited). */
  finished() { return Boolean(this.sheet && this.sheet.winners && this.sheet.winners.length); },

  render() {
    if (!this.sheet) return;
    const main = document.getElementById("main");
    const sheet = this.sheet;
    document.body.dataset.hands = String(sheet.hands.length);
    document.body.dataset.pending = String(this.outbox.length);
    document.body.dataset.refused = String(this.refused.length);
    document.body.dataset.offline = this.offline ? "1" : "";
    let root = document.getElementById("pad-root");
    const fresh = !root || root.dataset.pad !== this.id || root.dataset.lang !== lang;
    if (fresh) {
      PadForm.draft = null;
      root = h("div", {id: "pad-root", class: "pad", "data-pad": this.id, "data-lang": lang},
        h("div", {id: "slot-totals"}), h("div", {id: "slot-status"}), PadForm.draw(this),
        h("div", {id: "slot-sheet"}), h("div", {id: "slot-tools"}));
      main.replaceChildren(root);
    }
    const fill = (id, ...children) => document.getElementById(id).replaceChildren(...children);
    fill("slot-totals", totalsBar(sheet));
    const status = [];
    if (this.offline || this.outbox.length) {
      status.push(h("p", {id: "pad-status", class: "pad-status" + (this.offline ? " bad" : "")},
        this.offline ? t("padOffline", this.outbox.length) : `${this.outbox.length} ${t("padNotSaved")}…`));
    }
    if (this.finished() && this.club) {  // a tournament table: its hands are in, not a game won
      const played = sheet.hands.filter((hand) => !hand.void).length;
      status.push(h("div", {id: "pad-table-done", class: "pad-winner"},
        h("p", {}, t("padTableDone", played)), h("p", {class: "next"}, t("padTableNext")),
        h("a", {class: "button", id: "pad-standings", href: `/club/${this.club}/standings`}, t("padStandings"))));
    } else if (this.finished()) {
      const names = sheet.winners.map((s) => sheet.players[s]).join(" & ");
      status.push(h("div", {id: "pad-winner", class: "pad-winner"},
        h("p", {}, t(sheet.winners.length > 1 ? "padWinners" : "padWinner", names)),
        h("a", {class: "button", id: "pad-new-pad", href: "/pad"}, t("padNew"))));
    }
    fill("slot-status", ...status);
    PadForm.showOrHide(this);
    if (!fresh) PadForm.retitle(this);
    fill("slot-sheet", sheetTable(this));
    fill("slot-tools", h("div", {class: "pad-tools row"},
      h("button", {type: "button", id: "pad-undo", disabled: !sheet.hands.length && !this.outbox.length,
                   onclick: () => this.undoLast()}, t("padUndo")),
      h("button", {type: "button", id: "pad-csv", onclick: () => this.download("csv")}, t("padCsv")),
      h("button", {type: "button", id: "pad-record", onclick: () => this.download("record")}, t("padRecord")),
      h("button", {type: "button", id: "pad-copy", onclick: () => copyLink()}, t("padLinkCopy"))),
      h("p", {class: "muted"}, t("padLink")));
  },

  undoLast() {
    const last = this.outbox.length ? this.outbox[this.outbox.length - 1] : null;
    if (last && (last.op.kind === "add" || last.op.kind === "void") && !this.sending) {
      this.outbox.pop();  // not sent yet: simply taken back
      this.persist();
      this.render();
      return;
    }
    const no = this.sheet.hands.length;
    if (!no || !confirm(t("padUndoSure", no))) return;
    this.queue({kind: "delete", hand: no});
  },

  async download(kind) {
    try {
      const response = await fetch(`/api/pads/${this.id}/${kind}`, {method: "POST",
        headers: {"content-type": "application/json"}, body: JSON.stringify({token: this.token})});
      if (!response.ok) throw new Error(reasonText(await response.json().catch(() => ({}))) || response.statusText);
      const blob = await response.blob();
      const link = h("a", {href: URL.createObjectURL(blob),
                           download: `pad-${this.id}.${kind === "csv" ? "csv" : "txt"}`});
      document.body.append(link);
      link.click();
      link.remove();
    } catch (err) {
      toast(`${t("error")}: ${err.message}`, "bad");
    }
  },
};

function copyLink() {
  const link = location.href;
  if (navigator.clipboard) navigator.clipboard.writeText(link).then(() => toast(t("copied")));
  else toast(link);
}

/** Foster's counters as the pad model counts them ("1 copper, 4 blue, 1 red, 3 white"), as
 * coloured chips: copper 500, blue 100, red 50, white 10. */
function counterChips(text) {
  const names = {copper: "padCopper", blue: "padBlue", red: "padRed", white: "padWhite"};
  const out = [];
  for (const [, n, colour] of String(text).matchAll(/(\d+) (copper|blue|red|white)/g)) {
    out.push(h("span", {class: "counter " + colour, title: t(names[colour])}, `${n} ${t(names[colour])}`));
  }
  return out;
}

/** Where the front peg stands, as the pad model says it ("round 1, hole 60 (+5)", "game hole"),
 * in the page's language. */
function pegsText(text) {
  return String(text).replace("game hole", t("padGameHole")).replace(/round (\d+), hole (\d+)/,
    (_, round, hole) => t("padRoundHole", round, hole));
}

function totalsBar(sheet) {
  const dealer = Pad.finished() ? -1 : Pad.nextDealer();  // nobody deals once the game is decided
  const tallies = sheet.tallies || [];
  const bar = h("div", {id: "pad-totals", class: "pad-totals"},
    sheet.players.map((name, seat) => h("div", {class: "pad-player" + (seat === dealer ? " dealer" : ""),
                                                "data-seat": String(seat)},
      h("span", {class: "pad-name"}, name),
      h("b", {class: "pad-total", "data-total": String(sheet.totals[seat])}, String(sheet.totals[seat])),
      seat === dealer ? h("span", {class: "pad-dealer-tag"}, t("dealer")) : null,
      tallies[seat] && tallies[seat].counters !== undefined
        ? h("span", {class: "counters", "data-counters": tallies[seat].counters}, counterChips(tallies[seat].counters)) : null,
      tallies[seat] && tallies[seat].pegs ? h("span", {class: "pegs"}, `${t("padPegs")}: ${pegsText(tallies[seat].pegs)}`) : null)));
  bar.style.setProperty("--players", String(sheet.players.length));  // the CSSOM, not a style attribute
  return bar;
}

function handLabel(sheet, entry) {
  if (!entry || entry.void) return t("padVoided");
  return PadForm.summary(sheet, entry);
}

function sheetTable(pad) {
  const sheet = pad.sheet;
  const n = sheet.players.length;
  const head = h("tr", {}, h("th", {}, "#"), h("th", {}, ""),
    sheet.players.map((name) => h("th", {}, name)));
  const body = [];
  for (const row of pad.rows()) {
    if (row.kind === "saved") {
      const hand = row.hand;
      const selected = pad.selected === hand.no;
      body.push(h("tr", {"data-hand": String(hand.no), class: "saved" + (hand.void ? " void" : "") +
                         (row.pending ? " pending" : "") + (selected ? " selected" : ""),
                         onclick: () => { pad.selected = selected ? null : hand.no; pad.render(); }},
        h("td", {}, String(hand.no)),
        h("td", {class: "what"}, handLabel(sheet, row.entry || hand.entry),
          row.pending ? h("span", {class: "not-saved"}, " · " + t("padNotSaved")) : null,
          hand.note && lang === "en" ? h("span", {class: "note"}, hand.note) : null),
        hand.scores.map((score, seat) => h("td", {"data-seat": String(seat), class: "num"},
          hand.void ? "" : h("span", {class: "score"}, String(score)),
          hand.void ? "" : h("span", {class: "running"}, String(hand.totals[seat]))))));
      if (selected && !row.pending) {
        body.push(h("tr", {class: "row-tools"}, h("td", {colspan: String(n + 2)},
          hand.void ? null : h("button", {type: "button", id: "pad-edit",
            onclick: (e) => { e.stopPropagation(); PadForm.edit(pad, hand.no, hand.entry); }}, t("padEdit")),
          h("button", {type: "button", id: "pad-delete", onclick: (e) => {
            e.stopPropagation();
            if (confirm(t("padUndoSure", hand.no))) { pad.selected = null; pad.queue({kind: "delete", hand: hand.no}); }
          }}, t("padDelete")))));
      }
    } else if (row.kind === "pending") {
      body.push(h("tr", {class: "pending", "data-pending": String(row.no)},
        h("td", {}, String(row.no)),
        h("td", {class: "what", colspan: String(n + 1)}, handLabel(sheet, row.op.kind === "void" ? {void: true} : row.op.entry),
          h("span", {class: "not-saved"}, " · " + t("padNotSaved")))));
    } else {
      body.push(h("tr", {class: "refused", "data-refused": String(row.i)},
        h("td", {}, "!"),
        h("td", {class: "what", colspan: String(n + 1)},
          h("div", {}, handLabel(sheet, row.op.entry)),
          h("div", {class: "reason"}, t("padRefused", row.error)),
          h("button", {type: "button", class: "refused-edit", onclick: () => {
            pad.refused.splice(row.i, 1);
            pad.persist();
            PadForm.edit(pad, row.op.kind === "edit" ? row.op.hand : null, row.op.entry);
          }}, t("padEdit")),
          h("button", {type: "button", class: "refused-drop", onclick: () => {
            pad.refused.splice(row.i, 1); pad.persist(); pad.render();
          }}, t("padDelete")))));
    }
  }
  return h("section", {class: "panel pad-sheet"}, h("h3", {}, t("padSheet")),
    h("table", {id: "pad-sheet"}, h("thead", {}, head), h("tbody", {}, body),
      h("tfoot", {}, h("tr", {}, h("th", {}, ""), h("th", {}, t("padTotal")),
        sheet.totals.map((total, seat) => h("th", {class: "num", "data-seat": String(seat)}, String(total)))))));
}

// ---------------------------------------------------------------------------------------------
// A new pad

async function newPadPage() {
  const main = document.getElementById("main");
  const info = await api("/api/pad-rules");
  const ruleSelect = h("select", {id: "pad-rules"},
    info.rule_sets.map((r) => h("option", {value: r.name, text: `${ruleTitle(r.name)} – ${r.players} ${t("players")}`})));
  const names = h("div", {id: "pad-names", class: "pad-names"});
  const dealerSelect = h("select", {id: "pad-first-dealer"});
  const describe = h("p", {class: "muted"});
  const saved = JSON.parse(localStorage.getItem("binokel.pad.names") || "[]");
  function drawNames() {
    const set = info.rule_sets.find((r) => r.name === ruleSelect.value);
    describe.textContent = describeRules(set.name, set.rules.description || "");
    const old = [...names.querySelectorAll("input")].map((i) => i.value);
    names.replaceChildren();
    for (let i = 0; i < set.players; i++) {
      names.append(h("input", {name: "player" + i, "data-seat": String(i), maxlength: "24", required: true,
        placeholder: t("padPlayer", i + 1), value: old[i] || saved[i] || "", autocomplete: "off",
        oninput: drawDealers}));
    }
    drawDealers();
  }
  function drawDealers() {
    const chosen = dealerSelect.value || "0";
    dealerSelect.replaceChildren(...[...names.querySelectorAll("input")].map((input, i) =>
      h("option", {value: String(i), selected: String(i) === chosen}, input.value.trim() || t("padPlayer", i + 1))));
  }
  ruleSelect.addEventListener("change", drawNames);
  let starting = false;
  async function start(event) {
    event.preventDefault();
    if (starting) return;  // a double tap on "Start" makes one pad, not two
    starting = true;
    const button = document.getElementById("pad-start");
    button.disabled = true;
    const players = [...names.querySelectorAll("input")].map((i, n) => i.value.trim() || t("padPlayer", n + 1));
    localStorage.setItem("binokel.pad.names", JSON.stringify(players));
    try {
      const made = await api("/api/pads", {rules: ruleSelect.value, players,
                                          first_dealer: Number(dealerSelect.value || 0)});
      localStorage.setItem("binokel.pad." + made.id, JSON.stringify({token: made.token, sheet: made.sheet, outbox: [], refused: []}));
      history.pushState(null, "", made.url);
      route();
    } catch (err) {
      toast(`${t("error")}: ${err.message}`, "bad");
      starting = false;  // made: the page moves to the pad; refused: the person may retry
      button.disabled = false;
    }
  }
  const known = JSON.parse(localStorage.getItem("binokel.pads") || "[]");
  // (replaceChildren writes a null as the text "null": the pads known here come as a list)
  main.replaceChildren(
    h("section", {class: "panel"}, h("h2", {}, t("padTitle")), h("p", {class: "muted"}, t("padIntro")),
      h("form", {id: "pad-new", onsubmit: start},
        h("label", {}, t("ruleSet"), ruleSelect), describe, names,
        h("label", {}, t("padFirstDealer"), dealerSelect),
        h("button", {type: "submit", class: "primary", id: "pad-start"}, t("padStart")))),
    ...(known.length ? [h("section", {class: "panel"}, h("h3", {}, t("padYours")),
      known.map((p) => h("div", {class: "table-item"}, h("span", {}, `${ruleTitle(p.rules)}: ${(p.players || []).join(", ")}`),
        h("a", {class: "button", href: `/pad/${p.id}#${p.token}`}, t("padOpen")))))] : []));
  drawNames();
}

// ---------------------------------------------------------------------------------------------
// Routing of the pad's own page

function route() {
  document.getElementById("lang").textContent = lang === "de" ? "EN" : "DE";
  document.documentElement.lang = lang;
  delete document.body.dataset.deadEnd;
  const m = location.pathname.match(/^\/pad\/([A-Za-z0-9_-]+)$/);
  if (m) return Pad.open(m[1]);
  Pad.id = null;
  if (location.pathname !== "/pad" && location.pathname !== "/pad/") {
    let shown = location.pathname;
    try { shown = decodeURIComponent(shown); } catch (err) { /* shown as it came */ }
    return deadEnd(t("notFoundTitle"), t("notFoundText", shown), [["/pad", t("toPad")], ["/", t("toLobby")]]);
  }
  return newPadPage();
}

document.addEventListener("DOMContentLoaded", () => {
  document.getElementById("lang").addEventListener("click", () => {
    lang = lang === "de" ? "en" : "de";
    localStorage.setItem("binokel.lang", lang);
    document.getElementById("lang").textContent = lang === "de" ? "EN" : "DE";
    document.documentElement.lang = lang;
    if (Pad.id && Pad.sheet) Pad.render(); else route();
  });
  window.addEventListener("online", () => { if (Pad.id) Pad.flush(); });
  window.addEventListener("popstate", route);
  route();
  // The pad opens with no network too (padsw.js keeps its page and files).
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("/pad-sw.js", {scope: "/pad"}).catch(() => {});
});
