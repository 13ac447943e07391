/* Binokel in the browser: the felt of the table page — the other seats around it, the auction
 * and the Dabb, the trick in front of the seats that played it (a finished trick sweeps to its
 * winner; the hand's last one waits for the summary), and the folded boxes below it. Methods of
 * TablePage (table.js).
 */
"use strict";

Object.assign(TablePage.prototype, {
  // --- the felt: other seats, the middle -----------------------------------------------------

  felt(view, table, others, places) {
    return h("section", {class: `felt seats-${others.length}`, id: "felt"},
      others.map((s, i) => this.seatBox(view, table, s, places[i])),
      h("div", {class: "middle"}, this.middle(view, table)));
  },

  seatTags(view, table, seat) {
    const tags = [];
    const team = (table.teams || []).findIndex((members) => members.includes(seat));
    if (team >= 0) tags.push(`${t("team")} ${"AB"[team] || team + 1}`);
    if (view.dealer === seat) tags.push(t("dealer"));
    if (view.declarer === seat && view.phase !== "auction") tags.push(t("declarer") + (view.bid ? ` ${view.bid}` : ""));
    return tags;
  },

  lastBid(view, seat) {
    if (view.phase !== "auction") return null;
    const last = (view.bids || []).filter((b) => b[0] === seat).pop();
    if (!last) return null;
    return h("span", {class: "bubble" + (last[1] ? "" : " passed")}, last[1] ? String(last[1]) : t("passes"));
  },

  /** "9 cards · 2 tricks · this hand 31 · total 420": the hand's points so far (tricks
   * and melds that are shown) and the game's total, each named. */
  seatNumbers(view, seat, own) {
    const size = (view.hand_sizes || [])[seat];
    const won = (view.tricks_won || [])[seat];
    const parts = [];
    // (Your own cards are in your hand: no count of them in your strip.)
    if (size !== undefined && !(own && seat === this.msg.seat)) parts.push(tCount("cardCount", size));
    if (won !== undefined) parts.push(tCount("trickCount", won));
    const total = (view.scores || [])[seat] ?? 0;
    if (view.points) {
      // Binocle, Bézique: the score grows as melds are made; the card points count at the end.
      parts.push(t("cardPointsNow", (view.points || [])[seat] ?? 0), t("totalNow", total));
    } else if (view.trick_points && view.phase === "play") {
      const hand = ((view.trick_points || [])[seat] || 0)
        + ((view.melds || [])[seat] || []).reduce((sum, m) => sum + (m.points || 0), 0);
      parts.push(t("handNow", hand), t("totalNow", total));
    } else {
      parts.push(t("totalNow", total));
    }
    return parts.join(" · ");
  },

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
  },

  mySeatStrip(view, table, seat) {
    const tags = this.seatTags(view, table, seat);
    return h("div", {class: "seat me" + (view.to_move === seat && table.status === "playing" ? " to-move" : ""), "data-seat": String(seat), id: "my-seat"},
      h("span", {class: "seat-name"}, this.seatName(seat), this.lastBid(view, seat)),
      tags.length ? h("span", {class: "seat-tags"}, tags.join(" · ")) : null,
      h("span", {class: "seat-numbers"}, this.seatNumbers(view, seat, true)));
  },

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
    if (this.finalTrick) parts.push(this.finalTrickArea(this.finalTrick));
    else if (view.trick && (view.trick.length || phase === "play" || view.stock_size !== undefined)) parts.push(this.trickArea(view));
    return parts;
  },

  /** Below the felt: the folded boxes (the Dabb and the cards laid away, the last trick),
   * each opened by a tap. */
  foldBar(view) {
    if (["auction", "dabb", "discard", "trump"].includes(view.phase)) return null;
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
    return folded.length ? h("div", {class: "folds", id: "folds"}, folded) : null;
  },

  auctionBox(view) {
    // The latest bids first: the top bid is always in sight.
    const bids = view.bids.map((b, i) => [b, i]).slice(-4).reverse();
    return h("div", {class: "auction", id: "auction"},
      h("span", {class: "label"}, t("auction")),
      h("ol", {class: "bids", id: "bids"}, bids.map(([b, i]) => h("li", {class: i === view.bids.length - 1 ? "latest" : ""},
        h("b", {}, this.seatName(b[0], true)), " ", i === 0 ? t("opens", b[1]) : b[1] ? String(b[1]) : t("passes")))),
      view.declarer !== null && view.declarer !== undefined && view.phase !== "auction"
        ? h("p", {class: "declared"}, t("plays", this.seatName(view.declarer, true), view.bid)) : null);
  },

  trickSeats(view, trick) {
    const seats = this.msg.table.seats.length;
    const active = view.active && view.active.includes(trick.leader) ? view.active : null;
    if (active) {
      const i = active.indexOf(trick.leader);
      return trick.cards.map((_, j) => active[(i + j) % active.length]);
    }
    return trick.cards.map((_, j) => (trick.leader + j) % seats);
  },

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
  },

  /** The last trick of the hand that just ended ({leader, cards, winner}), or null. */
  handsLastTrick(view) {
    const results = view.results || [];
    const tricks = results.length ? results[results.length - 1].tricks || [] : [];
    return tricks.length ? tricks[tricks.length - 1] : null;
  },

  /** The hand's last trick, each card before its seat, with who took it: drawn while the
   * summary waits. */
  finalTrickArea(last) {
    const seatsOf = this.trickSeats(this.msg.view, last);
    return h("div", {class: "trick final", id: "trick"},
      seatsOf.map((seat, j) => h("div", {class: `slot at-${this.places[seat] || "top"}`, "data-seat": String(seat)},
        cardEl(last.cards[j]))),
      h("div", {class: "trick-caption", id: "final-trick"}, t("lastTrickTo", this.seatName(last.winner, true))));
  },

  markAllShown(view) {
    const hand = view.hand_no ?? 0;
    const done = (view.tricks || []).length;
    if (!this.shownCards) this.shownCards = new Set();
    for (const [seat] of view.trick || []) this.shownCards.add(`${hand}/${done}/${seat}`);
  },
});
