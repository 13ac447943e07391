/* Binokel in the browser: what the table shows once a hand or the game is over — the
 * end-of-hand summary (who scored what and why), the melds, the score sheet, the rematch.
 * Methods of TablePage (table.js); every number comes from the hand's result as the server
 * sent it.
 */
"use strict";

function sumPoints(list) {
  return (list || []).reduce((sum, m) => sum + (m.points || 0), 0);
}

Object.assign(TablePage.prototype, {
  /** The finished hand's summary, while this page has not closed it. */
  summaryPanel(view, table) {
    const results = view.results || [];
    const hands = results.length;
    if (!hands || hands <= this.summarySeen) return null;
    const r = results[hands - 1];
    const seats = table.seats.map((_, i) => i);
    const binokelLike = r.meld_points !== undefined;
    const columns = binokelLike
      ? [["melds", t("colMelds")], ["tricks", t("colTricks")], ["laid", t("colLaid")]]
      : [["melds", t("colMelds")], ["dix", "Dix"], ["cards", t("colTricks")], ["last", t("colLast")]];
    const cell = (seat, key) => {
      if (key === "melds") {
        const shown = sumPoints((r.melds || [])[seat]);
        const counted = binokelLike ? (r.meld_points || [])[seat] : shown;
        // Melds that did not count (no trick won) are shown struck through beside the 0.
        return h("td", {class: "num", "data-field": "melds"}, String(counted ?? 0),
          shown !== counted ? h("small", {class: "lost"}, ` (${shown})`) : null);
      }
      if (key === "tricks") return h("td", {class: "num", "data-field": "tricks"}, String((r.trick_points || [])[seat] ?? 0), h("small", {}, ` (${(r.tricks_won || [])[seat] ?? 0})`));
      if (key === "laid") return h("td", {class: "num", "data-field": "laid"}, seat === r.declarer && r.contract !== "give up" ? String(r.discard_points ?? 0) : "");
      if (key === "dix") return h("td", {class: "num", "data-field": "dix"}, String((r.dix || [])[seat] ?? 0));
      if (key === "cards") return h("td", {class: "num", "data-field": "cards"}, String((r.card_points || [])[seat] ?? 0));
      if (key === "last") return h("td", {"data-field": "last"}, r.last_trick === seat ? "✓" : "");
      return h("td", {});
    };
    const rows = seats.map((s) => h("tr", {"data-seat": String(s), class: s === r.declarer ? "declarer" : ""},
      h("th", {scope: "row"}, this.seatName(s, true)),
      columns.map(([key]) => cell(s, key)),
      h("td", {class: "num" + ((r.scores || [])[s] < 0 ? " neg" : ""), "data-field": "hand"}, String((r.scores || [])[s] ?? 0)),
      h("td", {class: "num", "data-field": "total"}, String((r.totals || [])[s] ?? 0))));
    const over = table.status !== "playing";
    const close = () => {
      this.summarySeen = hands;
      if (this.msg.seat !== null && !over) this.send({type: "next", hands});
      this.render();
    };
    return h("section", {class: "summary", id: "summary", role: "dialog", "aria-modal": "true"},
      h("div", {class: "summary-card"},
        h("h2", {}, over ? t("finalHand") : t("handOver", (r.hand_no ?? hands - 1) + 1)),
        h("ul", {class: "why", id: "why"}, this.reasons(view).map((line) => h("li", {}, line))),
        this.lastTrickRow(r),
        h("div", {class: "scroll"}, h("table", {class: "summary-table"},
          h("thead", {}, h("tr", {}, h("th", {}, ""), columns.map(([, label]) => h("th", {}, label)),
            h("th", {}, t("colHand")), h("th", {}, t("colTotal")))),
          h("tbody", {}, rows))),
        this.teamLines(r, table),
        h("div", {class: "row end"}, h("button", {type: "button", class: "primary", id: "next-hand", onclick: close},
          over ? t("close") : t("nextHand")))));
  },

  /** Why the hand ended as it did, in words: the server's explanation (the view's
   * ``hand_end``, the one the terminal shows too), each line put in the reader's words. */
  reasons(view) {
    const say = {
      made: (r, who) => t("whyMade", who, r.points, r.bid),
      missed: (r, who) => t("whyMissed", who, r.points, r.bid),
      gave_up: (r, who) => t("whyGaveUp", who, `${SUIT_NAMES[lang][r.suit] || ""} ${r.suit}`.trim(), r.bid, r.points),
      durch_won: (r, who) => t("whyDurchWon", who, tMap("contract", r.contract), r.points),
      durch_lost: (r, who) => t("whyDurchLost", who, tMap("contract", r.contract), r.points),
      melds_lost: (r, who) => t("whyNoTrick", who),
      last_trick: (r, who) => t("whyLastTrick", who, r.points),
    };
    return (view.hand_end || []).filter((r) => say[r.key])
      .map((r) => say[r.key](r, this.seatName(r.seat, true)));
  },

  /** The hand's last trick in the summary: each card with who played it. */
  lastTrickRow(r) {
    const tricks = r.tricks || [];
    const last = tricks.length ? tricks[tricks.length - 1] : null;
    if (!last || !last.cards) return null;
    const seatsOf = this.trickSeats(this.msg.view, last);
    return h("div", {class: "summary-last", id: "summary-last"},
      h("span", {class: "label"}, t("lastTrickTo", this.seatName(last.winner, true))),
      h("div", {class: "card-row"}, last.cards.map((c, j) => h("figure", {},
        cardEl(c, {small: true}), h("figcaption", {}, this.seatName(seatsOf[j], true))))));
  },

  /** The game's final standing, highest first (teams as teams), and how a Binocle game was
   * decided. */
  standing(view, table) {
    const totals = view.scores || [];
    const teams = table.teams || [];
    const entries = teams.length
      ? teams.map((members, i) => [`${t("team")} ${"AB"[i] || i + 1} (${members.map((s) => this.seatName(s, true)).join(", ")})`, totals[members[0]] ?? 0])
      : table.seats.map((_, s) => [this.seatName(s), totals[s] ?? 0]);
    entries.sort((a, b) => b[1] - a[1]);
    return h("ol", {class: "standing", id: "standing"}, entries.map(([name, total]) => h("li", {},
      h("span", {class: "who"}, name), h("b", {class: "num"}, String(total)))));
  },

  /** Why a Binocle or Bézique game ended as it did (a claim, right or wrong), or null. */
  endingReason(view) {
    const ending = view.ending;
    if (!ending || view.winner === null || view.winner === undefined || view.winner < 0) return null;
    const target = view.target ?? "?";
    if (ending.includes("wrong claim")) {
      const claimer = 1 - view.winner;
      const counted = ((view.scores || [])[claimer] || 0) + ((view.points || [])[claimer] || 0);
      return t("whyWrongClaim", this.seatName(claimer, true), counted, target, this.seatName(view.winner, true));
    }
    if (ending.startsWith("claimed")) {
      const counted = ((view.scores || [])[view.winner] || 0) + ((view.points || [])[view.winner] || 0);
      return t("whyRightClaim", this.seatName(view.winner, true), counted, target);
    }
    return null;
  },

  teamLines(r, table) {
    const teams = table.teams || [];
    if (!teams.length) return null;
    return h("ul", {class: "teams", id: "team-totals"}, teams.map((members, i) => h("li", {},
      t("teamTotal", `${"AB"[i] || i + 1} (${members.map((s) => this.seatName(s, true)).join(", ")})`,
        (r.scores || [])[members[0]] ?? 0, (r.totals || [])[members[0]] ?? 0))));
  },

  /** At an ended game: the result, the record, and the rematch. */
  endPanel(view, table, me) {
    if (table.status === "playing") return null;
    const rematch = table.rematch || {accepted: [], table: null};
    const people = table.seats.map((s, i) => [s, i]).filter(([s]) => s.kind === "human").map(([, i]) => i);
    const parts = [h("h3", {}, t(table.status))];
    const reason = this.endingReason(view);
    if (reason) parts.push(h("p", {class: "ending", id: "ending"}, reason));
    if (table.status === "finished" || (view.results || []).length) {
      parts.push(h("h4", {}, t("finalStanding")), this.standing(view, table));
    }
    if (table.status === "finished") {
      // Every card is public once the game is over: the review shows any seat, one's own first.
      parts.push(h("p", {}, h("a", {class: "button", id: "to-review",
        href: `/t/${table.id}/review` + (me !== null && me !== undefined ? `?seat=${me}` : "")}, t("reviewGame"))));
    }
    if (rematch.table) {
      parts.push(h("p", {}, t("rematchReady")), h("a", {class: "button primary", id: "to-rematch", href: "/t/" + rematch.table}, t("toRematch")));
    } else if (me !== null && people.includes(me)) {
      const accepted = rematch.accepted || [];
      const pending = people.filter((s) => !accepted.includes(s));
      if (accepted.length && !accepted.includes(me)) {
        parts.push(h("p", {id: "rematch-offer"}, t("rematchOffer", accepted.map((s) => this.seatName(s, true)).join(", "))),
          h("button", {type: "button", class: "primary", id: "rematch", onclick: () => this.send({type: "rematch"})}, t("acceptRematch")));
      } else if (accepted.includes(me)) {
        parts.push(h("p", {id: "rematch-wait"}, t("rematchWaiting", pending.map((s) => this.seatName(s, true)).join(", "))));
      } else {
        parts.push(h("button", {type: "button", class: "primary", id: "rematch", onclick: () => this.send({type: "rematch"})}, t("rematch")));
      }
    } else if ((rematch.accepted || []).length) {
      parts.push(h("p", {}, t("rematchOffer", rematch.accepted.map((s) => this.seatName(s, true)).join(", "))));
    }
    return h("section", {class: "panel end", id: "end"}, parts);
  },

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
          const suit = typeof meld.suit === "string" ? " " + meld.suit : "";
          return h("div", {class: "meld"}, h("span", {}, `${meldName(name)}${suit} – ${m.points ?? ""}`),
            meld.cards ? cardRow(meld.cards, {small: true}) : null);
        })) : null));
  },

  /** A seat's name short enough for a column: a computer by its number, a person's name cut
   * at 10 letters (the full name is its title). */
  shortName(seat) {
    const s = this.msg.table.seats[seat];
    if (s && s.kind === "bot") return `${t("computerShort")} ${seat + 1}`;
    const name = this.seatName(seat, true);
    return name.length > 10 ? name.slice(0, 9) + "…" : name;
  },

  scoreSheet(view, table) {
    const results = view.results || [];
    const seats = table.seats.map((_, i) => i);
    // Binocle and Bézique have no declarer, bid or contract: no empty columns for them.
    const declared = view.bids !== undefined || results.some((r) => r.declarer !== undefined);
    const rows = results.map((r, i) => {
      // The game in one cell: the bid and its trumps ("190 ♠"), or Durch, or given up.
      const played = r.contract === "trump" || !r.contract ? [r.bid, r.trump].filter((x) => x !== undefined && x !== null).join(" ")
        : `${r.bid ?? ""} ${tMap("contract", r.contract)}`.trim();
      return h("tr", {},
        h("td", {}, String(i + 1)),
        declared ? [
          h("td", {}, r.declarer !== undefined && r.declarer !== null && r.declarer >= 0 ? this.shortName(r.declarer) : ""),
          h("td", {}, played)] : null,
        seats.map((s) => h("td", {class: "num" + ((r.scores || [])[s] < 0 ? " neg" : "")}, String((r.scores || [])[s] ?? ""))));
    });
    return h("section", {class: "box score", id: "scores"}, h("h3", {}, t("scoreSheet")),
      h("div", {class: "scroll"}, h("table", {},
        h("thead", {}, h("tr", {}, h("th", {}, "#"),
          declared ? [h("th", {}, t("declarer")), h("th", {}, t("game"))] : null,
          seats.map((s) => h("th", {title: this.seatName(s)}, this.shortName(s))))),
        h("tbody", {}, rows),
        h("tfoot", {}, h("tr", {}, h("td", {colspan: declared ? "3" : "1"}, t("total")),
          seats.map((s) => h("td", {class: "num"}, String((view.scores || [])[s] ?? 0))))))));
  },
});
