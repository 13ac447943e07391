/* The score pad's entry forms: one hand, in the order a table talks.
 *
 * One form per game, in FORMS keyed by the game's name (no other code asks which game it is).
 * A form keeps its half-entered hand in PadForm.draft (and in localStorage, so a reload keeps
 * it), and is redrawn only when its own choices change, so a sheet arriving from the server
 * never takes the field being typed in away.
 */
"use strict";

const PadForm = {
  draft: null, editing: null, breakdowns: {}, error: "",

  draftKey(pad) { return "binokel.pad.draft." + pad.id; },

  form(pad) { return FORMS[pad.sheet.game] || FORMS.binokel; },

  ensureDraft(pad) {
    if (this.draft) return;
    const kept = JSON.parse(localStorage.getItem(this.draftKey(pad)) || "null");
    this.draft = kept && kept.draft ? kept.draft : this.form(pad).blank(pad);
    this.editing = kept ? kept.editing : null;
  },

  keep(pad) {
    localStorage.setItem(this.draftKey(pad), JSON.stringify({draft: this.draft, editing: this.editing}));
  },

  reset(pad) {
    this.draft = this.form(pad).blank(pad);
    this.editing = null;
    this.error = "";
    this.breakdowns = {};
    localStorage.removeItem(this.draftKey(pad));
  },

  /** The form's box; filled by redraw(). */
  draw(pad) {
    const slot = h("section", {id: "pad-form", class: "panel pad-form"});
    this.slot = slot;
    this.redraw(pad);
    return slot;
  },

  /** The hand's number and dealer, as the sheet and the outbox now say. */
  title(pad) {
    const dealer = this.editing ? this.editingDealer(pad) : pad.nextDealer();
    const no = this.editing || pad.rows().filter((r) => r.kind !== "refused").length + 1;
    return [t("padHand", no), " · ", pad.sheet.rules.dealer_sits_out
      ? t("padSitsOut", pad.sheet.players[dealer]) : t("padDealer", pad.sheet.players[dealer])];
  },

  /** After a sheet came: the title changes; the fields change only if the dealer did (who
   * sits out), so a field being typed in stays. */
  retitle(pad) {
    const dealer = this.editing ? this.editingDealer(pad) : pad.nextDealer();
    if (this.shownDealer !== dealer) { this.redraw(pad); return; }
    const title = document.getElementById("pad-hand-title");
    if (title) title.replaceChildren(...this.title(pad));
  },

  redraw(pad) {
    this.ensureDraft(pad);
    const form = this.form(pad);
    const dealer = this.editing ? this.editingDealer(pad) : pad.nextDealer();
    this.shownDealer = dealer;
    const title = h("h3", {id: "pad-hand-title"}, this.title(pad));
    const buttons = h("div", {class: "row pad-save-row"},
      h("button", {type: "button", class: "primary", id: "pad-save", onclick: () => this.save(pad)},
        this.editing ? t("padSaveEdit") : t("padSave")),
      this.editing ? h("button", {type: "button", id: "pad-cancel-edit", onclick: () => { this.reset(pad); this.redraw(pad); }}, t("padCancelEdit"))
        : h("button", {type: "button", id: "pad-void", class: "quiet", onclick: () => {
          if (confirm(t("padVoidSure"))) pad.queue({kind: "void"});
        }}, t("padVoid")));
    this.slot.replaceChildren(
      this.editing ? h("p", {class: "pad-editing"}, t("padEditing", this.editing)) : null,
      title, form.fields(pad, this.draft, dealer, () => { this.keep(pad); this.redraw(pad); }, () => this.keep(pad)),
      this.error ? h("p", {id: "pad-form-error", class: "reason"}, this.error) : null, buttons);
  },

  editingDealer(pad) {
    const hand = pad.sheet.hands.find((x) => x.no === this.editing);
    return hand ? hand.dealer : pad.nextDealer();
  },

  edit(pad, no, entry) {
    pad.selected = null;
    pad.render();
    this.editing = no;
    this.draft = this.form(pad).fromEntry(pad, entry);
    this.error = "";
    this.keep(pad);
    this.redraw(pad);
    document.getElementById("pad-form").scrollIntoView({block: "start"});
  },

  save(pad) {
    const form = this.form(pad);
    const dealer = this.editing ? this.editingDealer(pad) : pad.nextDealer();
    const made = form.toEntry(pad, this.draft, dealer);
    if (made.missing) {
      this.error = t("padMissing", made.missing);
      this.redraw(pad);
      return;
    }
    const op = this.editing ? {kind: "edit", hand: this.editing, entry: made.entry} : {kind: "add", entry: made.entry};
    this.reset(pad);
    pad.queue(op);
    this.redraw(pad);
  },

  summary(sheet, entry) { return (FORMS[sheet.game] || FORMS.binokel).summary(sheet, entry); },
};

// ---------------------------------------------------------------------------------------------
// Small pieces

function choiceRow(cls, options, chosen, pick) {
  return h("div", {class: "choices " + cls}, options.map(([value, label, attrs]) =>
    h("button", Object.assign({type: "button", class: cls + "-btn" + (value === chosen ? " on" : ""),
                               "aria-pressed": value === chosen ? "true" : "false",
                               onclick: () => pick(value)}, attrs || {}), label)));
}

function numberInput(attrs, value, change) {
  const input = h("input", Object.assign({type: "text", inputmode: "numeric", pattern: "[0-9]*",
    autocomplete: "off", value: value === null || value === undefined ? "" : String(value)}, attrs));
  input.addEventListener("input", () => {
    const text = input.value.replace(/[^0-9]/g, "");
    change(text === "" ? null : Number(text));
  });
  return input;
}

function suitLabel(suit) {
  return h("span", {class: "suit " + (suit === "♥" || suit === "♦" ? "red" : "black")}, suit);
}

// ---------------------------------------------------------------------------------------------
// Binokel: declarer and bid; trump, Durch or giving up; melds; trick points; who took no trick

const BinokelForm = {
  blank(pad) {
    return {declarer: null, bid: pad.sheet.rules.min_bid, contract: "trump", trump: null,
            melds: {}, meld_cards: {}, tricks: {}, no_trick: [], durch_won: true};
  },

  contracts(rules) {
    const out = [["trump", t("padTrumpIn")]];
    if (rules.durch_allowed) out.push(["durch", tMap("padContract", "durch")]);
    if (rules.open_durch) out.push(["open durch", tMap("padContract", "open durch")]);
    if (rules.open_durch_without_dabb) out.push(["open durch without Dabb", tMap("padContract", "open durch without Dabb")]);
    out.push(["give up", tMap("padContract", "give up")]);
    return out;
  },

  side(pad, declarer) {
    const teams = pad.sheet.rules.teams || [];
    for (const team of teams) if (team.includes(declarer)) return team;
    return [declarer];
  },

  /** Trick points as they will be sent: the one left empty is worked out from the hand's total. */
  tricks(pad, d, active) {
    const total = pad.sheet.rules.hand_points;
    const out = {};
    const empty = [];
    let sum = 0;
    for (const seat of active) {
      if (d.no_trick.includes(seat)) { out[seat] = 0; continue; }
      const v = d.tricks[seat];
      if (v === null || v === undefined) empty.push(seat); else { out[seat] = v; sum += v; }
    }
    const derived = empty.length === 1 ? empty[0] : null;
    if (derived !== null) out[derived] = Math.max(0, total - sum);
    return {out, derived, empty};
  },

  fields(pad, d, dealer, changed, typed) {
    const sheet = pad.sheet;
    const rules = sheet.rules;
    const active = pad.activeSeats(dealer);
    const names = sheet.players;
    const parts = [];
    parts.push(h("div", {class: "field"}, h("span", {class: "field-label"}, t("padDeclarer")),
      choiceRow("pad-declarer", active.map((s) => [s, names[s], {"data-seat": String(s)}]), d.declarer,
        (s) => { d.declarer = s; changed(); })));
    const bid = numberInput({id: "pad-bid", class: "pad-bid"}, d.bid, (v) => { d.bid = v; typed(); });
    const step = (by) => { d.bid = Math.max(rules.min_bid, (d.bid || rules.min_bid) + by); bid.value = String(d.bid); typed(); };
    parts.push(h("div", {class: "field"}, h("span", {class: "field-label"}, t("padBid")),
      h("div", {class: "stepper"},
        h("button", {type: "button", id: "pad-bid-down", onclick: () => step(-rules.bid_step)}, "−"), bid,
        h("button", {type: "button", id: "pad-bid-up", onclick: () => step(rules.bid_step)}, "+"))));
    parts.push(h("div", {class: "field"}, h("span", {class: "field-label"}, t("padPlay")),
      choiceRow("pad-contract", this.contracts(rules).map(([v, label]) => [v, label, {"data-contract": v}]),
        d.contract, (v) => { d.contract = v; changed(); })));
    const needsSuit = d.contract === "trump" || d.contract === "give up";
    if (needsSuit) {
      parts.push(h("div", {class: "field"}, h("span", {class: "field-label"},
        d.contract === "give up" ? t("padOutIn") : t("padTrumpIn")),
        choiceRow("pad-suit", SUITS.map((s) => [s, suitLabel(s), {"data-suit": s, title: SUIT_NAMES[lang][s]}]),
          d.trump, (s) => { d.trump = s; changed(); })));
    }
    const durch = d.contract !== "trump" && d.contract !== "give up";
    if (durch) {
      parts.push(h("label", {class: "check"}, h("input", {type: "checkbox", id: "pad-durch-won",
        checked: d.durch_won, onchange: (e) => { d.durch_won = e.target.checked; typed(); }}), t("padDurchWon")));
      return parts;
    }
    // Melds: everyone's (giving up: the declarer's side melds nothing).
    const side = d.declarer === null ? [] : this.side(pad, d.declarer);
    const melders = d.contract === "give up" ? active.filter((s) => !side.includes(s)) : active;
    parts.push(h("div", {class: "field"}, h("span", {class: "field-label"}, t("padMelds")),
      h("div", {class: "per-player"}, melders.map((s) => h("div", {class: "player-row"},
        h("span", {class: "who"}, names[s]),
        numberInput({class: "pad-meld", "data-seat": String(s), placeholder: "0"}, d.melds[s],
          (v) => { d.melds[s] = v; delete d.meld_cards[s]; delete PadForm.breakdowns[s]; typed(); }),
        h("button", {type: "button", class: "pad-pick", "data-seat": String(s),
                     onclick: () => CardPicker.open(pad, d, s, changed)}, "🂠"),
        PadForm.breakdowns[s] ? h("div", {class: "pad-breakdown", "data-seat": String(s)}, PadForm.breakdowns[s]) : null)))));
    if (d.contract === "give up") return parts;
    const worked = this.tricks(pad, d, active);
    const tricksBox = h("div", {class: "per-player"});
    const hint = h("p", {class: "muted pad-hint"}, t("padTricksHint", rules.hand_points));
    const drawTricks = () => {
      const now = this.tricks(pad, d, active);
      for (const input of tricksBox.querySelectorAll("input.pad-tricks")) {
        const s = Number(input.dataset.seat);
        const derived = now.derived === s;
        input.placeholder = derived ? String(now.out[s]) : "";
        input.classList.toggle("derived", derived);
      }
    };
    for (const s of active) {
      const none = d.no_trick.includes(s);
      tricksBox.append(h("div", {class: "player-row"},
        h("span", {class: "who"}, names[s], side.includes(s) ? " ★" : ""),
        none ? h("span", {class: "muted pad-tricks-none"}, "0")
          : numberInput({class: "pad-tricks" + (worked.derived === s ? " derived" : ""), "data-seat": String(s),
                         placeholder: worked.derived === s ? String(worked.out[s]) : ""}, d.tricks[s],
            (v) => { d.tricks[s] = v; typed(); drawTricks(); }),
        h("label", {class: "check pad-notrick"}, h("input", {type: "checkbox", "data-seat": String(s), checked: none,
          onchange: (e) => {
            d.no_trick = e.target.checked ? [...d.no_trick, s] : d.no_trick.filter((x) => x !== s);
            if (e.target.checked) delete d.tricks[s];
            changed();
          }}), t("padNoTrick"))));
    }
    parts.push(h("div", {class: "field"}, h("span", {class: "field-label"}, t("padTricks")), tricksBox, hint));
    return parts;
  },

  toEntry(pad, d, dealer) {
    const n = pad.sheet.players.length;
    const active = pad.activeSeats(dealer);
    if (d.declarer === null || !active.includes(d.declarer)) return {missing: t("padDeclarer")};
    if (d.bid === null || d.bid === undefined) return {missing: t("padBid")};
    const needsSuit = d.contract === "trump" || d.contract === "give up";
    if (needsSuit && !d.trump) return {missing: d.contract === "give up" ? t("padOutIn") : t("padTrumpIn")};
    const entry = {declarer: d.declarer, bid: d.bid, contract: d.contract, trump: needsSuit ? d.trump : null};
    const durch = !needsSuit;
    const side = this.side(pad, d.declarer);
    if (durch) {
      entry.no_trick = d.durch_won ? active.filter((s) => !side.includes(s)) : [];
      return {entry};
    }
    entry.melds = Array.from({length: n}, (_, s) => active.includes(s) &&
      !(d.contract === "give up" && side.includes(s)) ? (d.melds[s] || 0) : null);
    const picked = Object.keys(d.meld_cards).length;
    if (picked) entry.meld_cards = Array.from({length: n}, (_, s) => d.meld_cards[s] || null);
    if (d.contract === "give up") return {entry};
    const worked = this.tricks(pad, d, active);
    if (worked.empty.length > 1) return {missing: t("padTricks")};
    entry.tricks = Array.from({length: n}, (_, s) => active.includes(s) ? worked.out[s] : null);
    entry.no_trick = [...d.no_trick].sort();
    return {entry};
  },

  fromEntry(pad, e) {
    const d = this.blank(pad);
    if (!e || e.void) return d;
    d.declarer = e.declarer;
    d.bid = e.bid;
    d.contract = e.contract || "trump";
    d.trump = e.trump || null;
    (e.melds || []).forEach((v, s) => { if (v !== null) d.melds[s] = v; });
    (e.meld_cards || []).forEach((v, s) => { if (v) d.meld_cards[s] = v; });
    (e.tricks || []).forEach((v, s) => { if (v !== null) d.tricks[s] = v; });
    d.no_trick = e.no_trick || [];
    if (d.contract !== "trump" && d.contract !== "give up") d.durch_won = (e.no_trick || []).length > 0;
    return d;
  },

  summary(sheet, e) {
    if (e.declarer === undefined || e.declarer === null) return "";
    const who = sheet.players[e.declarer] || "?";
    const contract = e.contract === "trump" ? (e.trump || "") : e.contract === "give up"
      ? `${tMap("padContract", "give up")} ${e.trump || ""}` : tMap("padContract", e.contract);
    return `${who} ${e.bid} ${contract}`;
  },
};

// ---------------------------------------------------------------------------------------------
// Binocle and Bézique: dix or Seven, each meld as it is made, card points or brisques, the last
// trick, a claim

const BinocleForm = {
  blank(pad) {
    return {dix: {}, meld_list: {}, cards: {}, last_trick: null, claim: null};
  },

  meldValues(rules) {
    const values = new Set();
    for (const [key, value] of Object.entries(rules)) {
      if (key.startsWith("meld_") && key !== "meld_dix" && typeof value === "number" && value > 0) values.add(value);
    }
    return [...values].sort((a, b) => a - b);
  },

  fields(pad, d, dealer, changed, typed) {
    const sheet = pad.sheet;
    const rules = sheet.rules;
    const names = sheet.players;
    const seats = names.map((_, i) => i);
    const brisques = rules.brisques;
    const parts = [];
    const dixWord = rules.dix_rank === "7" ? t("padSeven") : t("padDix");
    for (const s of seats) {
      const list = d.meld_list[s] || [];
      parts.push(h("div", {class: "field player-block", "data-seat": String(s)},
        h("span", {class: "field-label"}, names[s]),
        h("div", {class: "row"}, h("span", {}, dixWord),
          choiceRow("pad-dix", [0, 1, 2].map((n) => [n, String(n), {"data-seat": String(s), "data-n": String(n)}]),
            d.dix[s] || 0, (n) => { d.dix[s] = n; changed(); })),
        h("div", {class: "meld-list"}, h("span", {}, t("padMeldList"), ": "),
          list.map((v, i) => h("button", {type: "button", class: "chip on meld-made", onclick: () => { list.splice(i, 1); changed(); }}, `${v} ×`)),
          h("b", {class: "meld-sum"}, " = " + list.reduce((a, b) => a + b, 0))),
        h("div", {class: "choices meld-values"}, this.meldValues(rules).map((v) =>
          h("button", {type: "button", class: "pad-add-meld", "data-seat": String(s), "data-value": String(v),
                       onclick: () => { d.meld_list[s] = [...list, v]; changed(); }}, t("padAddMeld", v)))),
        h("div", {class: "player-row"}, h("span", {class: "who"}, brisques ? t("padBrisques") : t("padCardPoints")),
          numberInput({class: "pad-cards", "data-seat": String(s)}, d.cards[s], (v) => { d.cards[s] = v; typed(); }))));
    }
    parts.push(h("div", {class: "field"}, h("span", {class: "field-label"}, t("padLastTrick")),
      choiceRow("pad-last", seats.map((s) => [s, names[s], {"data-seat": String(s)}]), d.last_trick,
        (s) => { d.last_trick = s; changed(); })));
    if (rules.claims) {
      parts.push(h("div", {class: "field"}, h("span", {class: "field-label"}, t("padClaim")),
        choiceRow("pad-claim", [[null, t("padClaimNone")], ...seats.map((s) => [s, names[s], {"data-seat": String(s)}])],
          d.claim, (s) => { d.claim = s; changed(); })));
    }
    return parts;
  },

  toEntry(pad, d) {
    const seats = pad.sheet.players.map((_, i) => i);
    const brisques = pad.sheet.rules.brisques;
    const entry = {dix: seats.map((s) => d.dix[s] || 0), meld_list: seats.map((s) => d.meld_list[s] || []),
                   last_trick: d.last_trick};
    entry[brisques ? "brisques" : "cards"] = seats.map((s) => d.cards[s] || 0);
    if (d.claim !== null && d.claim !== undefined) entry.claim = d.claim;
    if (d.last_trick === null && d.claim === null) return {missing: t("padLastTrick")};
    return {entry};
  },

  fromEntry(pad, e) {
    const d = this.blank(pad);
    if (!e || e.void) return d;
    (e.dix || []).forEach((v, s) => { d.dix[s] = v; });
    (e.meld_list || []).forEach((v, s) => { d.meld_list[s] = [...v]; });
    (e.cards || e.brisques || []).forEach((v, s) => { d.cards[s] = v; });
    d.last_trick = e.last_trick === undefined ? null : e.last_trick;
    d.claim = e.claim === undefined ? null : e.claim;
    return d;
  },

  summary(sheet, e) {
    const melds = (e.meld_list || []).map((l) => l.reduce((a, b) => a + b, 0));
    return melds.map((m, s) => `${sheet.players[s]} ${m}`).join(", ");
  },
};

const FORMS = {binokel: BinokelForm, binocle: BinocleForm, bezique: BinocleForm};

// ---------------------------------------------------------------------------------------------
// Melds picked as cards: the server's meld calculator checks them and gives the breakdown

const CardPicker = {
  open(pad, d, seat, changed) {
    const ranks = (pad.sheet.rules.ranks || ["A", "10", "K", "Q", "J"]).slice().reverse();
    const counts = {};
    for (const card of d.meld_cards[seat] || []) counts[card] = (counts[card] || 0) + 1;
    const box = h("div", {id: "pad-picker", class: "confirm pad-picker", role: "dialog"});
    const grid = h("div", {class: "picker-grid"});
    const use = h("button", {type: "button", class: "primary", id: "pad-pick-use"});
    const draw = () => {
      grid.replaceChildren();
      for (const suit of SUITS) {
        for (const rank of ranks) {
          const card = rank + suit;
          const n = counts[card] || 0;
          const el = cardEl(card, {small: true});
          el.classList.add("pick");
          el.dataset.card = card;
          el.dataset.count = String(n);
          if (n) el.classList.add("picked");
          if (n === 2) el.classList.add("twice");
          el.addEventListener("click", () => { counts[card] = (n + 1) % 3; draw(); });
          grid.append(el);
        }
      }
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      use.textContent = t("padPickDone", `${total} ${t("padCards")}`);
    };
    const close = () => box.remove();
    use.addEventListener("click", async () => {
      const cards = Object.entries(counts).flatMap(([card, n]) => Array(n).fill(card));
      try {
        const found = await api(`/api/pads/${pad.id}/melds`, {token: pad.token, cards, trump: d.trump});
        d.melds[seat] = found.points;
        d.meld_cards[seat] = cards;
        PadForm.breakdowns[seat] = found.melds.map((m) => `${meldName(m.name)} ${m.points}`).join(" + ") + ` = ${found.points}`;
        close();
        changed();
      } catch (err) {
        toast(`${t("error")}: ${err.message}`, "bad");
      }
    });
    draw();
    box.append(h("p", {}, t("padPicked"), " · ", pad.sheet.players[seat]), grid,
      h("div", {class: "row"}, use,
        h("button", {type: "button", onclick: () => { for (const k of Object.keys(counts)) counts[k] = 0; draw(); }}, t("padPickClear")),
        h("button", {type: "button", onclick: close}, t("cancel"))));
    document.body.append(box);
  },
};
