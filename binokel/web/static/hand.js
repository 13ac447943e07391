/* Binokel in the browser: your turn at the table — the choices (bids, Dabb, trumps, giving
 * up, Durch, any other legal action as a button) and your hand, fanned in the dock. Methods of
 * TablePage (table.js). Costly choices ask first (confirmBox).
 */
"use strict";

Object.assign(TablePage.prototype, {
  // --- your turn: actions and the hand --------------------------------------------------------

  async costly(action) {
    const r = this.rules;
    const bid = this.msg.view.bid;
    let m;
    if ((m = action.match(/^out (.)$/))) {
      const suit = `${SUIT_NAMES[lang][m[1]] || m[1]} ${m[1]}`;
      return confirmBox(t("giveUpSure", suit, bid, r.give_up_bonus ?? "?"), t("yesGiveUp"));
    }
    if (action === "durch") return confirmBox(t("durchSure", r.durch_value ?? "?"), t("yesDurch"));
    if (action === "open") {
      const value = this.msg.view.phase === "auction" || this.msg.view.phase === "dabb"
        ? r.open_durch_without_dabb_value : r.open_durch_value;
      return confirmBox(t("openDurchSure", value ?? "?"), t("yesDurch"));
    }
    return true;
  },

  actionArea(view, legal, myTurn) {
    if (!myTurn) {
      const waiting = (this.msg.table.waiting || []).filter((s) => s !== this.msg.seat);
      return waiting.length ? [h("p", {class: "muted"}, t("waitingOthers", waiting.map((s) => this.seatName(s, true)).join(", ")))] : [];
    }
    const bids = legal.filter((a) => /^\d+$/.test(a));
    const pass = legal.filter((a) => a === "pass");
    const trumps = legal.filter((a) => a.startsWith("trump "));
    const outs = legal.filter((a) => a.startsWith("out "));
    const specials = legal.filter((a) => ["dabb", "open", "durch"].includes(a));
    const lays = legal.filter((a) => a.startsWith("lay "));
    const cardLike = (a) => CARD_RE.test(a) || a.startsWith("table ");
    const rest = legal.filter((a) => !bids.includes(a) && !pass.includes(a) && !trumps.includes(a)
      && !outs.includes(a) && !specials.includes(a) && !lays.includes(a) && !cardLike(a));
    const button = (action, label, cls) => h("button", {type: "button", class: (cls || "") + (this.hinted === action ? " hinted" : ""),
      "data-action": action, onclick: async () => { if (await this.costly(action)) this.act(action); }}, label || this.actionLabel(action));
    const groups = [];
    if (bids.length || pass.length) {
      const shown = bids.slice(0, 4);
      const more = bids.slice(4);
      groups.push(h("div", {class: "group"}, pass.map((a) => button(a)), shown.map((a) => button(a, null, "primary")),
        more.length ? h("select", {id: "more-bids", "aria-label": t("bid"), onchange: (e) => { if (e.target.value) this.act(e.target.value); }},
          h("option", {value: ""}, "…"), more.map((a) => h("option", {value: a}, a))) : null));
    }
    if (specials.length) groups.push(h("div", {class: "group"}, specials.map((a) => button(a, null, a === "dabb" ? "primary" : "primary danger"))));
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
    const suitClass = (suit) => ["♥", "♦"].includes(suit) ? "red" : "black";
    if (trumps.length) groups.push(h("div", {class: "group"}, h("span", {class: "prompt"}, t("nameTrump")),
      trumps.map((a) => button(a, `${a.slice(6)} ${SUIT_NAMES[lang][a.slice(6)] || ""}`, "suit primary " + suitClass(a.slice(6))))));
    if (outs.length) groups.push(h("div", {class: "group give-up"}, h("span", {class: "prompt"}, t("giveUpPrompt")),
      outs.map((a) => button(a, `${a.slice(4)} ${SUIT_NAMES[lang][a.slice(4)] || ""}`, "suit quiet " + suitClass(a.slice(4))))));
    if (rest.length) groups.push(h("div", {class: "group"}, rest.map((a) => button(a))));
    return groups;
  },

  handArea(view, legal, myTurn, table) {
    const hand = view.hand || [];
    const plays = new Set(legal.filter((a) => CARD_RE.test(a)));
    const lays = new Set(legal.filter((a) => a.startsWith("lay ")).map((a) => a.slice(4)));
    const need = Math.max(0, hand.length - (table.hand_size || 0));
    const counts = {};
    const cards = hand.map((card, i) => {
      counts[card] = (counts[card] || 0) + 1;
      const key = card + "#" + counts[card];
      let el;
      if (lays.size) {
        const chosen = this.selected.has(key);
        el = cardEl(card, {classes: ["selectable"].concat(chosen ? ["selected"] : []), onclick: () => {
          if (this.selected.has(key)) this.selected.delete(key);
          else if (this.selected.size < need) this.selected.add(key);
          this.render();
        }});
      } else if (plays.has(card)) {
        el = cardEl(card, {classes: ["legal"].concat(this.hinted === card ? ["hinted"] : []), onclick: () => this.act(card)});
      } else {
        el = cardEl(card, {classes: myTurn && plays.size ? ["not-legal"] : [], onclick: null});
      }
      el.style.setProperty("--i", String(i));
      return el;
    });
    const extra = [];
    if (view.tables && this.msg.seat !== null) {
      const mine = this.tableCards(view, this.msg.seat);
      if (mine.length) {
        const fromTable = new Set(legal.filter((a) => a.startsWith("table ")).map((a) => a.slice(6)));
        extra.push(h("div", {class: "on-table mine"}, h("span", {class: "label"}, t("tableCards")), h("div", {class: "card-row"},
          mine.map((c) => fromTable.has(c) ? cardEl(c, {classes: ["legal"], onclick: () => this.act("table " + c)}) : cardEl(c, {small: true})))));
      }
    }
    const fan = h("div", {class: "fan", id: "hand-cards"}, cards);
    fan.style.setProperty("--n", String(Math.max(1, hand.length)));
    return h("section", {class: "my-hand", id: "hand", "aria-label": t("yourHand")}, extra, fan);
  },

  tableCards(view, seat) {
    // Binocle: each table entry starts with the card's kind index (suit * 8 + rank).
    const ranks = ["7", "8", "9", "J", "Q", "K", "10", "A"];
    return ((view.tables || [])[seat] || []).map((e) => ranks[e[0] % 8] + SUITS[Math.floor(e[0] / 8)]);
  },
});
