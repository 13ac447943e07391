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
      return confirmBox(t("giveUpSure", suit, bid, r.give_up_bonus ?? "?"), t("yesGiveUp"), action);
    }
    if (action === "durch") return confirmBox(t("durchSure", r.durch_value ?? "?"), t("yesDurch"), action);
    if (action === "claim") {
      // A wrong claim loses the game: say what the claim counts and what it needs.
      const view = this.msg.view;
      const me = this.msg.seat;
      const score = (view.scores || [])[me] || 0;
      const taken = (view.points || [])[me] || 0;
      const target = view.target ?? r.target ?? "?";
      const short = typeof target === "number" ? target - score - taken : 0;
      const text = t("claimSure", score + taken, target, score, taken) + " "
        + (short > 0 ? t("claimShort", short) : t("claimEnough"));
      return confirmBox(text, t("yesClaim"), action);
    }
    if (action === "open") {
      const value = this.msg.view.phase === "auction" || this.msg.view.phase === "dabb"
        ? r.open_durch_without_dabb_value : r.open_durch_value;
      return confirmBox(t("openDurchSure", value ?? "?"), t("yesDurch"), action);
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
    const claims = legal.filter((a) => a === "claim");
    const lays = legal.filter((a) => a.startsWith("lay "));
    const cardLike = (a) => CARD_RE.test(a) || a.startsWith("table ");
    const rest = legal.filter((a) => !bids.includes(a) && !pass.includes(a) && !trumps.includes(a)
      && !outs.includes(a) && !specials.includes(a) && !lays.includes(a) && !cardLike(a)
      && !claims.includes(a));
    const button = (action, label, cls) => h("button", {type: "button", class: (cls || "") + (this.hinted === action ? " hinted" : ""),
      "data-action": action, onclick: async () => {
        // A question answered after the table moved on (another tab of this seat played)
        // answers nothing.
        const n = this.msg.n;
        if (await this.costly(action) && this.msg.n === n) this.act(action);
      }}, label || this.actionLabel(action));
    const suitClass = (suit) => ["♥", "♦"].includes(suit) ? "red" : "black";
    const groups = [];
    const hintBox = this.hintBox();
    if (hintBox) groups.push(hintBox);
    if (bids.length || pass.length) {
      const shown = bids.slice(0, 4);
      const more = bids.slice(4);
      // Higher bids (jumps) from a list: named, and a bid from it asks first.
      const pick = async (select) => {
        const value = select.value;
        if (!value) return;
        const n = this.msg.n;
        if (await confirmBox(t("bidSure", value), t("bidBtn", value), value) && this.msg.n === n) this.act(value);
        else select.value = "";
      };
      groups.push(h("div", {class: "group"}, pass.map((a) => button(a)), shown.map((a) => button(a, null, "primary")),
        more.length ? h("label", {class: "more-bids"}, h("span", {}, t("moreBids")),
          h("select", {id: "more-bids", onchange: (e) => pick(e.target)},
            h("option", {value: ""}, "…"), more.map((a) => h("option", {value: a}, a)))) : null));
    }
    if (specials.length) groups.push(h("div", {class: "group"}, specials.map((a) => button(a, null, a === "dabb" ? "primary" : "primary danger"))));
    // Giving up is a rare choice: folded away behind one tap, its suits inside (each asks).
    const giveUp = outs.length ? this.fold("give-up", t("giveUpPrompt"), h("div", {class: "group"},
      outs.map((a) => button(a, `${a.slice(4)} ${SUIT_NAMES[lang][a.slice(4)] || ""}`, "suit quiet " + suitClass(a.slice(4))))),
    "give-up-fold") : null;
    if (lays.length) {
      const need = Math.max(0, (view.hand || []).length - (this.msg.table.hand_size || 0));
      const chosen = [...this.selected];
      groups.push(h("div", {class: "group"},
        h("span", {class: "prompt"}, t("selectDiscard", need)),
        h("button", {type: "button", class: "primary", id: "lay-away", disabled: chosen.length !== need || need === 0,
          onclick: () => {
            // Selected keys carry a copy number ("Q♠#2"); an action names only the card.
            const cards = [...this.selected].map((k) => k.split("#")[0]);
            if (this.act(cards.map((c) => "lay " + c))) this.selected.clear();
          }},
        t("layAway", chosen.length, need)),
        giveUp));  // (on the same line as "lay away": the dock stays low)
    }
    if (trumps.length) groups.push(h("div", {class: "group"}, h("span", {class: "prompt"}, t("nameTrump")),
      trumps.map((a) => button(a, `${a.slice(6)} ${SUIT_NAMES[lang][a.slice(6)] || ""}`, "suit primary " + suitClass(a.slice(6))))));
    if (giveUp && !lays.length) groups.push(h("div", {class: "group give-up"}, giveUp));
    if (rest.length) groups.push(h("div", {class: "group"}, rest.map((a) => button(a))));
    if (claims.length) groups.push(h("div", {class: "group claim"}, claims.map((a) => button(a, null, "danger"))));
    return groups;
  },

  /** The hint of this turn, in sight until the next move: the move shown and what the others
   * are worth against it, in whole points. */
  hintBox() {
    const hint = this.hint;
    if (!hint || !this.msg || hint.n !== this.msg.n) return null;
    const shown = (hint.actions || [hint.action]).map((a) => this.hintLabel(a)).join(", ");
    const others = this.hintOthers(hint);
    return h("div", {class: "hint-box", id: "hint-box", role: "status"},
      h("b", {}, t("hintIs", shown)),
      others.length ? h("ul", {class: "hint-values", id: "hint-values"},
        others.map(([label, diff]) => h("li", {}, h("span", {}, label), " ", h("span", {class: "diff"}, diff)))) : null);
  },

  handArea(view, legal, myTurn, table) {
    const hand = view.hand || [];
    const plays = new Set(legal.filter((a) => CARD_RE.test(a)));
    const lays = new Set(legal.filter((a) => a.startsWith("lay ")).map((a) => a.slice(4)));
    const need = Math.max(0, hand.length - (table.hand_size || 0));
    const counts = {};
    // The hint while laying away names every card to lay: each is marked (a copy each).
    const hintedLays = {};
    if (this.hint && this.hint.n === this.msg.n) {
      for (const a of this.hint.actions || []) if (a.startsWith("lay ")) hintedLays[a.slice(4)] = (hintedLays[a.slice(4)] || 0) + 1;
    }
    const cards = hand.map((card, i) => {
      counts[card] = (counts[card] || 0) + 1;
      const key = card + "#" + counts[card];
      let el;
      if (lays.size) {
        const chosen = this.selected.has(key);
        const hinted = counts[card] <= (hintedLays[card] || 0);
        el = cardEl(card, {classes: ["selectable"].concat(chosen ? ["selected"] : [], hinted ? ["hinted"] : []), onclick: () => {
          if (this.selected.has(key)) this.selected.delete(key);
          else if (this.selected.size < need) this.selected.add(key);
          this.render();
        }});
      } else if (plays.has(card)) {
        el = cardEl(card, {classes: ["legal"].concat(this.hinted === card ? ["hinted"] : []), onclick: () => this.act(card)});
      } else {
        el = cardEl(card, {classes: myTurn && plays.size ? ["not-legal"] : [], onclick: null});
      }
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
    return h("section", {class: "my-hand", id: "hand", "aria-label": t("yourHand")}, extra, this.fanRows(cards));
  },

  /** The hand fanned in as few rows as leave each card a strip a finger can hit (TAP_PX wide;
   * an upper row shows at least that much of its cards' height too). */
  fanRows(cards) {
    const root = document.documentElement;
    const rem = parseFloat(getComputedStyle(root).fontSize) || 16;
    const cardW = (parseFloat(getComputedStyle(root).getPropertyValue("--card-w")) || 3.4) * rem;
    // The dock's inner width (60rem at most) less its padding and the fan's.
    const width = Math.min(root.clientWidth - 0.5 * rem, 60 * rem) - 0.6 * rem;
    const perRow = Math.max(1, Math.floor((width - cardW) / (TAP_PX + 1)) + 1);
    const rows = Math.max(1, Math.ceil(cards.length / perRow));
    const per = Math.ceil(cards.length / rows);
    const fan = h("div", {class: "fan" + (rows > 1 ? " rows" : ""), id: "hand-cards"});
    for (let r = 0; r < rows; r++) {
      const part = cards.slice(r * per, (r + 1) * per);
      part.forEach((el, i) => el.style.setProperty("--i", String(i)));
      const row = h("div", {class: "fan-row"}, part);
      row.style.setProperty("--n", String(Math.max(1, part.length)));
      fan.append(row);
    }
    return fan;
  },

  tableCards(view, seat) {
    // Binocle: each table entry starts with the card's kind index (suit * 8 + rank).
    const ranks = ["7", "8", "9", "J", "Q", "K", "10", "A"];
    return ((view.tables || [])[seat] || []).map((e) => ranks[e[0] % 8] + SUITS[Math.floor(e[0] / 8)]);
  },
});
