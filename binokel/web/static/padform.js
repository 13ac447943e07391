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

  /** No form for a next hand once the game is decided (the pad refuses one); a hand being
   * edited keeps it. */
  showOrHide(pad) {
    if (this.slot) this.slot.hidden = pad.finished() && !this.editing;
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
    this.showOrHide(pad);
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
    this.slot.replaceChildren(h("div", {class: "form-body"},
      this.editing ? h("p", {class: "pad-editing"}, t("padEditing", this.editing)) : null,
      title, form.fields(pad, this.draft, dealer, () => { this.keep(pad); this.redraw(pad); }, () => this.keep(pad)),
      this.error ? h("p", {id: "pad-form-error", class: "reason"}, this.error) : null, buttons));
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
  input.addEventListener("focus", () => input.select());  // typing replaces what was there
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

const SUIT_OF_LETTER = {C: "♣", S: "♠", H: "♥", D: "♦"};
function suitSymbol(value) { return SUIT_OF_LETTER[value] || value || null; }

const BinokelForm = {
  blank(pad) {
    return {declarer: null, bid: pad.sheet.rules.min_bid, contract: "trump", trump: null,
            melds: {}, meld_cards: {}, points: {}, no_trick: [], durch_won: true};
  },

  contracts(rules) {
    const out = [["trump", t("padTrumpIn")]];
    if (rules.durch_allowed) out.push(["durch", tMap("padContract", "durch")]);
    if (rules.durch_allowed && rules.open_durch) out.push(["open durch", tMap("padContract", "open durch")]);
    if (rules.durch_allowed && rules.open_durch_without_dabb) out.push(["open durch without Dabb", tMap("padContract", "open durch without Dabb")]);
    out.push(["give up", tMap("padContract", "give up")]);
    return out;
  },

  /** The sides of a hand as the pad model orders them: the declarer's first, then the others
   * in seat order; each holds its seats that play the hand. */
  sides(pad, dealer, declarer) {
    const active = pad.activeSeats(dealer);
    const sideOf = (seat) => (pad.sheet.rules.teams || []).find((team) => team.includes(seat)) || [seat];
    const playing = (seat) => sideOf(seat).filter((s) => active.includes(s));
    const out = [playing(declarer)];
    for (const seat of active) {
      const side = playing(seat);
      if (!out.some((o) => o.join() === side.join())) out.push(side);
    }
    return out;
  },

  /** Trick points as they will be sent, one a side: the one left empty is worked out. */
  points(pad, d, sides) {
    const total = pad.sheet.rules.hand_points;
    const out = [];
    const empty = [];
    let sum = 0;
    sides.forEach((side, i) => {
      if (side.every((s) => d.no_trick.includes(s))) { out[i] = 0; return; }
      const v = d.points[i];
      if (v === null || v === undefined) { empty.push(i); out[i] = null; } else { out[i] = v; sum += v; }
    });
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
        (s) => { d.declarer = s; d.points = {}; changed(); })));
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
    if (!needsSuit) {
      parts.push(h("label", {class: "check"}, h("input", {type: "checkbox", id: "pad-durch-won",
        checked: d.durch_won, onchange: (e) => { d.durch_won = e.target.checked; typed(); }}), t("padDurchWon")));
      return parts;
    }
    // Melds: everyone's (giving up: the declarer's side melds nothing).
    const sides = d.declarer === null ? [active.map((s) => s)] : this.sides(pad, dealer, d.declarer);
    const declaring = d.declarer === null ? [] : sides[0];
    const melders = d.contract === "give up" ? active.filter((s) => !declaring.includes(s)) : active;
    parts.push(h("div", {class: "field"}, h("span", {class: "field-label"}, t("padMelds")),
      h("div", {class: "per-player"}, melders.map((s) => h("div", {class: "player-row"},
        h("span", {class: "who"}, names[s]),
        numberInput({class: "pad-meld", "data-seat": String(s), placeholder: "0"}, d.melds[s],
          (v) => { d.melds[s] = v; delete d.meld_cards[s]; delete PadForm.breakdowns[s]; typed(); }),
        rules.meld_calculator ? h("button", {type: "button", class: "pad-pick", "data-seat": String(s),
                     onclick: () => CardPicker.open(pad, d, s, changed)}, t("padCards")) : null,
        PadForm.breakdowns[s] ? h("div", {class: "pad-breakdown", "data-seat": String(s)}, PadForm.breakdowns[s]) : null)))));
    if (d.contract === "give up" || d.declarer === null) return parts;
    const worked = this.points(pad, d, sides);
    const box = h("div", {class: "per-player"});
    const redraw = () => {
      const now = this.points(pad, d, sides);
      for (const input of box.querySelectorAll("input.pad-points")) {
        const i = Number(input.dataset.side);
        input.placeholder = now.derived === i ? String(now.out[i]) : "";
        input.classList.toggle("derived", now.derived === i);
      }
    };
    sides.forEach((side, i) => {
      const none = side.every((s) => d.no_trick.includes(s));
      box.append(h("div", {class: "player-row"},
        h("span", {class: "who"}, side.map((s) => names[s]).join(" & "), i === 0 ? " ★" : ""),
        none ? h("span", {class: "muted"}, "0")
          : numberInput({class: "pad-points" + (worked.derived === i ? " derived" : ""), "data-side": String(i),
                         placeholder: worked.derived === i ? String(worked.out[i]) : ""}, d.points[i],
            (v) => { d.points[i] = v; typed(); redraw(); })));
    });
    parts.push(h("div", {class: "field"}, h("span", {class: "field-label"}, t("padTricks")), box,
      h("p", {class: "muted pad-hint"}, t("padTricksHint", rules.hand_points))));
    parts.push(h("div", {class: "field"}, h("span", {class: "field-label"}, t("padNoTrick")),
      h("div", {class: "choices pad-notrick"}, active.map((s) => {
        const on = d.no_trick.includes(s);
        return h("button", {type: "button", class: "pad-notrick-btn" + (on ? " on" : ""), "data-seat": String(s),
                            "aria-pressed": on ? "true" : "false", onclick: () => {
          d.no_trick = on ? d.no_trick.filter((x) => x !== s) : [...d.no_trick, s];
          changed();
        }}, names[s]);
      }))));
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
    const sides = this.sides(pad, dealer, d.declarer);
    const melds = (s) => d.meld_cards[s] && d.meld_cards[s].length ? d.meld_cards[s].join(" ") : (d.melds[s] || 0);
    if (!needsSuit) {  // Durch: won when the other sides took no trick
      entry.melds = Array.from({length: n}, (_, s) => active.includes(s) ? 0 : null);
      entry.no_trick = d.durch_won ? sides.slice(1).flat().sort() : [];
      return {entry};
    }
    entry.melds = Array.from({length: n}, (_, s) => !active.includes(s) ? null
      : d.contract === "give up" && sides[0].includes(s) ? 0 : melds(s));
    if (d.contract === "give up") return {entry};
    const worked = this.points(pad, d, sides);
    if (worked.empty.length > 1) return {missing: t("padTricks")};
    entry.side_points = worked.out;
    entry.no_trick = d.no_trick.filter((s) => active.includes(s)).sort();
    return {entry};
  },

  fromEntry(pad, e) {
    const d = this.blank(pad);
    if (!e || e.void) return d;
    d.declarer = e.declarer;
    d.bid = e.bid;
    d.contract = e.contract || "trump";
    d.trump = suitSymbol(e.trump);
    (e.melds || []).forEach((v, s) => {
      if (typeof v === "string") { d.meld_cards[s] = v.split(/\s+/).filter(Boolean); }
      else if (v !== null && v !== undefined) d.melds[s] = v;
    });
    (e.side_points || []).forEach((v, i) => { if (v !== null) d.points[i] = v; });
    d.no_trick = e.no_trick || [];
    if (d.contract !== "trump" && d.contract !== "give up") d.durch_won = (e.no_trick || []).length > 0;
    return d;
  },

  summary(sheet, e) {
    if (e.declarer === undefined || e.declarer === null) return "";
    const who = sheet.players[e.declarer] || "?";
    const suit = suitSymbol(e.trump) || "";
    const contract = e.contract === "give up" ? `${tMap("padContract", "give up")} ${suit}`
      : !e.contract || e.contract === "trump" ? suit : tMap("padContract", e.contract);
    return `${who} ${e.bid} ${contract}`;
  },
};

// ---------------------------------------------------------------------------------------------
// Binocle and Bézique: trump, the turned dix, each meld as it is made, card points (brisques),
// the last trick, a claim

const BINOCLE_MELDS = ["royal marriage", "marriage", "sequence", "binocle", "double binocle", "grand binocle",
  "four aces", "four kings", "four queens", "four jacks", "eight aces", "eight kings", "eight queens",
  "eight jacks", "dix"];
//: Bézique's own words for a few of the melds (the notation keeps Binocle's).
const MELD_WORDS = {bezique: {"binocle": "bézique", "double binocle": "double bézique",
  "grand binocle": "grand bézique", "dix": "trump Seven", "marriage": "common marriage"}};

const BinocleForm = {
  blank(pad) {
    return {trump: null, turned_dix: false, melds: [], points: {}, last_trick: null, claim: null};
  },

  meldPoints(rules, name) {
    const base = name.replace(/ [♣♠♥♦CSHD]$/, "");
    return rules["meld_" + base.replace(/ /g, "_")] || 0;
  },

  offered(rules, trump) {
    const out = [];
    for (const name of BINOCLE_MELDS) {
      if (name === "grand binocle" && !rules.grand_binocle) continue;
      if (name.startsWith("eight") && !rules.eight_of_a_kind) continue;
      if (name === "marriage") {
        for (const suit of SUITS) if (suit !== trump) out.push(`marriage ${suit}`);
      } else {
        out.push(name);
      }
    }
    return out;
  },

  label(game, name) {
    const [base, suit] = name.startsWith("marriage ") ? ["marriage", name.slice(9)] : [name, ""];
    const word = meldName((MELD_WORDS[game] || {})[base] || base);  // in the page's language
    return suit ? `${word} ${suit}` : word;
  },

  fields(pad, d, dealer, changed, typed) {
    const sheet = pad.sheet;
    const rules = sheet.rules;
    const names = sheet.players;
    const seats = names.map((_, i) => i);
    const parts = [];
    parts.push(h("div", {class: "field"}, h("span", {class: "field-label"}, t("padTrumpIn")),
      choiceRow("pad-suit", SUITS.map((s) => [s, suitLabel(s), {"data-suit": s, title: SUIT_NAMES[lang][s]}]),
        d.trump, (s) => { d.trump = s; changed(); })));
    const dixWord = rules.dix_rank === "7" ? t("padSeven") : t("padDix");
    parts.push(h("label", {class: "check"}, h("input", {type: "checkbox", id: "pad-turned-dix", checked: d.turned_dix,
      onchange: (e) => { d.turned_dix = e.target.checked; typed(); }}), `${dixWord} → ${names[dealer]} +${rules.meld_dix}`));
    if (!d.trump) return parts;
    for (const s of seats) {
      const mine = d.melds.map((m, i) => [m, i]).filter(([m]) => m.seat === s);
      const sum = mine.reduce((a, [m]) => a + this.meldPoints(rules, m.meld), 0);
      parts.push(h("div", {class: "field player-block", "data-seat": String(s)},
        h("span", {class: "field-label"}, `${names[s]} · ${t("padMeldList")}: ${sum}`),
        h("div", {class: "meld-list"}, mine.map(([m, i]) => h("button", {type: "button", class: "chip on meld-made",
          onclick: () => { d.melds.splice(i, 1); changed(); }}, `${this.label(sheet.game, m.meld)} ${this.meldPoints(rules, m.meld)} ×`))),
        h("div", {class: "choices meld-values"}, this.offered(rules, d.trump).map((name) =>
          h("button", {type: "button", class: "pad-add-meld", "data-seat": String(s), "data-meld": name,
                       onclick: () => { d.melds.push({seat: s, meld: name}); changed(); }},
            `${this.label(sheet.game, name)} ${this.meldPoints(rules, name)}`)))));
    }
    const box = h("div", {class: "per-player"});
    for (const s of seats) {
      box.append(h("div", {class: "player-row"}, h("span", {class: "who"}, names[s]),
        numberInput({class: "pad-points", "data-seat": String(s)}, d.points[s], (v) => { d.points[s] = v; typed(); })));
    }
    parts.push(h("div", {class: "field"}, h("span", {class: "field-label"},
      this.brisques ? t("padBrisques") : t("padCardPoints")), box,
      h("p", {class: "muted pad-hint"}, t("padCardsHint", rules.hand_points))));
    parts.push(h("div", {class: "field"}, h("span", {class: "field-label"}, t("padLastTrick")),
      choiceRow("pad-last", seats.map((s) => [s, names[s], {"data-seat": String(s)}]), d.last_trick,
        (s) => { d.last_trick = d.last_trick === s ? null : s; changed(); })));
    if (rules.claims) {
      parts.push(h("div", {class: "field"}, h("span", {class: "field-label"}, t("padClaim")),
        choiceRow("pad-claim", [[null, t("padClaimNone")], ...seats.map((s) => [s, names[s], {"data-seat": String(s)}])],
          d.claim, (s) => { d.claim = s; changed(); })));
    }
    return parts;
  },

  toEntry(pad, d) {
    if (!d.trump) return {missing: t("padTrumpIn")};
    const seats = pad.sheet.players.map((_, i) => i);
    const entry = {trump: d.trump, turned_dix: d.turned_dix, melds: d.melds.map((m) => ({seat: m.seat, meld: m.meld})),
                   card_points: seats.map((s) => d.points[s] === undefined ? null : d.points[s]),
                   last_trick: d.last_trick};
    if (d.claim !== null && d.claim !== undefined) entry.claim = d.claim;
    return {entry};
  },

  fromEntry(pad, e) {
    const d = this.blank(pad);
    if (!e || e.void) return d;
    d.trump = suitSymbol(e.trump);
    d.turned_dix = !!e.turned_dix;
    d.melds = (e.melds || []).map((m) => ({seat: m.seat, meld: m.meld.replace(/ ([CSHD])$/, (_, l) => " " + SUIT_OF_LETTER[l])}));
    (e.card_points || []).forEach((v, s) => { if (v !== null) d.points[s] = v; });
    d.last_trick = e.last_trick === undefined ? null : e.last_trick;
    d.claim = e.claim === undefined ? null : e.claim;
    return d;
  },

  summary(sheet, e) {
    const suit = suitSymbol(e.trump) || "";
    return `${t("padTrumpIn")} ${suit}`;
  },
};

const BeziqueForm = Object.assign({}, BinocleForm, {brisques: true});

const FORMS = {binokel: BinokelForm, binocle: BinocleForm, bezique: BeziqueForm};

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
