/* Binokel in the browser: the review page of a finished game, /t/{id}/review?seat=N.
 *
 * Every number comes from GET /api/tables/{id}/review?seat=N, which answers with the JSON of
 * `binokel review --json` (202 with the progress while the server computes it).  The chart is
 * an SVG drawn here: the seat's expected hand score decision by decision (the chosen action's
 * value, and the best one's), the costly decisions marked by class.  A click on a point or a
 * row shows that decision's candidates and their values.
 */
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
const GRADE_MARK = {blunder: "??", mistake: "?", inaccuracy: "?!", good: "", unvalued: "–"};

function svgEl(tag, attrs, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null) continue;
    if (key === "text") el.textContent = value;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, String(value));
  }
  for (const child of children.flat(Infinity)) if (child) el.append(child);
  return el;
}

function fmt(value) {
  return value === null || value === undefined ? "–" : (value > 0 ? "+" : "") + value.toFixed(1);
}

function reviewSeatName(info, seat) {
  const s = info.seats[seat] || {};
  if (s.kind === "bot") return botLabel(s.bot || "", seat);
  return s.name || `${t("seat")} ${seat + 1}`;
}

/** The seat a review page shows: the one in the address, else the viewer's own, else 0. */
function reviewSeat(id, count) {
  const asked = new URLSearchParams(pageQuery()).get("seat");
  if (asked !== null && /^\d+$/.test(asked) && Number(asked) < count) return Number(asked);
  try {
    const saved = JSON.parse(localStorage.getItem("binokel.token." + id) || "null");
    if (saved && Number.isInteger(saved.seat) && saved.seat < count) return saved.seat;
  } catch (err) { /* no saved seat */ }
  return 0;
}

async function reviewPage(id) {
  const main = document.getElementById("main");
  const generation = (reviewPage.generation = (reviewPage.generation || 0) + 1);
  document.body.dataset.review = "loading";  // until this seat's review is drawn
  let info;
  try { info = await api("/api/tables/" + encodeURIComponent(id)); }
  catch (err) {
    delete document.body.dataset.review;
    if (err.status === 404) deadEnd(t("noTableTitle"), t("noTableText", id), [["/", t("toLobby")]]);
    else main.replaceChildren(h("section", {class: "panel"}, h("p", {id: "review-error"}, err.message)));
    return;
  }
  const seat = reviewSeat(id, info.seats.length);
  const seats = h("p", {class: "review-seats", id: "review-seats"}, t("reviewSeat"), " ",
    info.seats.map((_, i) => h("a", {class: "chip" + (i === seat ? " on" : ""), href: `/t/${id}/review?seat=${i}`,
      "data-seat": String(i), onclick: (event) => {
        event.preventDefault();
        history.pushState(null, "", pageUrl(`/t/${id}/review?seat=${i}`));
        reviewPage(id);
      }}, reviewSeatName(info, i))));
  const bar = h("progress", {id: "review-progress", max: "1", value: "0"});
  const said = h("p", {class: "muted", id: "review-status"}, t("reviewStarting"));
  const body = h("div", {id: "review-body"}, bar, said);
  main.replaceChildren(h("section", {class: "panel review", id: "review"},
    h("h2", {}, t("reviewTitle", tableTitle(info))),
    h("p", {class: "muted"}, t("reviewExplain")), seats, body,
    h("p", {}, h("a", {class: "way-back", href: "/t/" + id}, t("reviewBack")))));
  const url = `/api/tables/${encodeURIComponent(id)}/review?seat=${seat}`;
  while (generation === reviewPage.generation) {
    let response, data;
    try {
      response = await transport.fetch(url);
      data = await response.json().catch(() => ({}));
    } catch (err) {
      said.textContent = `${t("error")}: ${err.message}`;
      await new Promise((done) => setTimeout(done, 2000));
      continue;
    }
    if (generation !== reviewPage.generation) return;
    if (response.status === 202) {
      bar.max = Math.max(1, data.total || 1);
      bar.value = data.done || 0;
      said.textContent = data.total ? (data.done < data.total ? t("reviewProgress", data.done, data.total) : t("reviewHindsight"))
        : t("reviewStarting");
      await new Promise((done) => setTimeout(done, 500));
      continue;
    }
    if (!response.ok) {
      body.replaceChildren(h("p", {class: "bad", id: "review-error"}, reasonText(data) || response.statusText));
      document.body.dataset.review = "refused";
      return;
    }
    body.replaceChildren(...new ReviewView(info, seat, data.review, body.clientWidth).draw());
    document.body.dataset.reviewSeat = String(seat);
    document.body.dataset.review = "ready";
    return;
  }
}

class ReviewView {
  constructor(info, seat, review, width) {
    this.width = width;  // the chart is drawn at the page's width, so its words keep their size
    this.info = info;
    this.seat = seat;
    this.review = review;
    this.decisions = review.hands.flatMap((hand) => hand.decisions).sort((a, b) => a.number - b.number);
    this.detail = h("section", {class: "box review-detail", id: "review-detail"}, h("p", {class: "muted"}, t("reviewClick")));
  }

  draw() {
    return [this.summary(), this.chart(), this.detail, this.table()];
  }

  summary() {
    const s = this.review.summary;
    const grades = Object.entries(s.grades || {}).filter(([, n]) => n)
      .map(([grade, n]) => h("span", {class: "chip grade-" + grade, "data-grade": grade}, `${tMap("reviewGrade", grade)} ${n}`));
    const actual = s.actual[String(this.seat)];
    const hindsight = s.hindsight[String(this.seat)];
    const worst = (s.costliest || []).map((d) => h("li", {"data-number": String(d.number)},
      h("a", {href: "#", onclick: (event) => { event.preventDefault(); this.select(d.number); }},
        t("reviewCostly", d.number, d.hand, actionWords(d.chosen), actionWords(d.best), d.loss.toFixed(1), tMap("reviewGrade", d.grade)))));
    return h("section", {class: "box review-summary", id: "review-summary"},
      h("p", {id: "review-lost"}, t("reviewLost", s.lost.toFixed(1), s.decisions, s.lost_per_decision.toFixed(1))),
      h("p", {}, grades),
      h("p", {id: "review-scored"}, t("reviewScored", actual, hindsight)),
      worst.length ? [h("h3", {}, t("reviewCostliest")), h("ol", {id: "costliest"}, worst)] : null);
  }

  /** The chart: the chosen action's value (points, classed by grade) and the best one's. */
  chart() {
    const ds = this.decisions;
    // One unit of the drawing is one CSS pixel: the chart is as wide as the page leaves it.
    const W = Math.round(Math.max(280, Math.min(900, this.width || 640))), H = 260, left = 44, right = 8, top = 10, bottom = 28;
    const values = ds.flatMap((d) => [d.best_value, d.chosen_value]).filter((v) => v !== null);
    let lo = Math.min(0, ...values), hi = Math.max(0, ...values);
    if (hi - lo < 1) hi = lo + 1;
    const pad = (hi - lo) * 0.05;
    lo -= pad; hi += pad;
    const x = (i) => left + (ds.length > 1 ? i * (W - left - right) / (ds.length - 1) : (W - left - right) / 2);
    const y = (v) => top + (hi - v) * (H - top - bottom) / (hi - lo);
    const parts = [];
    for (const tick of niceTicks(lo, hi)) {
      parts.push(svgEl("line", {class: "grid" + (tick === 0 ? " zero" : ""), x1: left, x2: W - right, y1: y(tick), y2: y(tick)}),
        svgEl("text", {class: "tick", x: left - 4, y: y(tick) + 4, "text-anchor": "end", text: String(tick)}));
    }
    let hand = null;
    ds.forEach((d, i) => {
      if (d.hand !== hand) {
        hand = d.hand;
        parts.push(svgEl("line", {class: "hand-line", x1: x(i) - 3, x2: x(i) - 3, y1: top, y2: H - bottom}),
          svgEl("text", {class: "tick", x: x(i), y: H - 8, text: t("reviewHandShort", hand)}));
      }
    });
    const path = (key) => ds.map((d, i) => d[key] === null ? null : `${x(i).toFixed(1)},${y(d[key]).toFixed(1)}`).filter(Boolean).join(" ");
    parts.push(svgEl("polyline", {class: "best-line", points: path("best_value")}),
      svgEl("polyline", {class: "chosen-line", points: path("chosen_value")}));
    ds.forEach((d, i) => {
      const value = d.chosen_value === null ? d.best_value : d.chosen_value;
      const costly = d.grade === "mistake" || d.grade === "blunder";
      parts.push(svgEl("circle", {class: `pt grade-${d.grade}`, cx: x(i).toFixed(1), cy: y(value).toFixed(1),
        r: costly ? 5 : 3.5, "data-number": d.number, "data-value": d.chosen_value === null ? "" : d.chosen_value,
        "data-best": d.best_value, "data-grade": d.grade, tabindex: "0", role: "button",
        onclick: () => this.select(d.number), onkeydown: (event) => { if (event.key === "Enter") this.select(d.number); }},
      svgEl("title", {text: `#${d.number} ${actionWords(d.chosen)} ${fmt(d.chosen_value)} (${tMap("reviewGrade", d.grade)})`})));
    });
    return h("figure", {class: "box review-chart", id: "review-chart"},
      svgEl("svg", {viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img", "aria-label": t("reviewChart")}, parts),
      h("figcaption", {class: "muted"}, t("reviewLegend")));
  }

  table() {
    const rows = this.decisions.map((d) => h("tr", {class: `decision grade-${d.grade}`, "data-number": String(d.number),
      tabindex: "0", onclick: () => this.select(d.number), onkeydown: (event) => { if (event.key === "Enter") this.select(d.number); }},
      h("td", {class: "num", "data-field": "number"}, String(d.number)),
      h("td", {class: "num", "data-field": "hand"}, String(d.hand)),
      h("td", {"data-field": "kind"}, tMap("reviewKind", d.kind)),
      h("td", {"data-field": "chosen", "data-action": d.chosen}, actionWords(d.chosen)),
      h("td", {class: "num", "data-field": "chosen_value"}, fmt(d.chosen_value)),
      h("td", {"data-field": "best", "data-action": d.best}, d.chosen === d.best ? "" : actionWords(d.best)),
      h("td", {class: "num", "data-field": "best_value"}, fmt(d.best_value)),
      h("td", {class: "num", "data-field": "loss"}, d.loss === null ? "–" : d.loss.toFixed(1)),
      h("td", {"data-field": "grade", title: tMap("reviewGrade", d.grade)}, GRADE_MARK[d.grade] || "")));
    return h("section", {class: "box review-table"}, h("div", {class: "scroll"}, h("table", {id: "review-table"},
      h("thead", {}, h("tr", {}, ["#", t("reviewColHand"), t("reviewColKind"), t("reviewColChosen"), t("reviewColValue"),
        t("reviewColBest"), t("reviewColBestValue"), t("reviewColLost"), ""].map((label) => h("th", {}, label)))),
      h("tbody", {}, rows))), h("p", {class: "muted", id: "grade-legend"}, t("gradeLegend")));
  }

  /** One decision's candidates, best first, the chosen one marked. */
  select(number) {
    const d = this.decisions.find((x) => x.number === number);
    if (!d) return;
    document.querySelectorAll("#review .selected").forEach((el) => el.classList.remove("selected"));
    document.querySelectorAll(`#review [data-number="${number}"]`).forEach((el) => el.classList.add("selected"));
    const rows = d.candidates.map((c) => h("tr", {class: (c.action === d.chosen ? "chosen " : "") + (c.action === d.best ? "best" : ""),
      "data-action": c.action},
      h("td", {"data-field": "action"}, actionWords(c.action), c.action === d.chosen ? h("small", {}, ` (${t("reviewChosen")})`) : null),
      h("td", {class: "num", "data-field": "value"}, fmt(c.value)),
      h("td", {class: "num", "data-field": "worlds"}, String(c.worlds))));
    this.detail.replaceChildren(
      h("h3", {}, t("reviewDecision", d.number, d.hand, tMap("reviewKind", d.kind))),
      h("p", {}, d.loss === null ? t("reviewNotValued", actionWords(d.chosen))
        : t("reviewLoss", actionWords(d.chosen), fmt(d.chosen_value), d.loss.toFixed(1), tMap("reviewGrade", d.grade))),
      h("table", {id: "candidates", "data-number": String(d.number)},
        h("thead", {}, h("tr", {}, h("th", {}, t("reviewColAction")), h("th", {}, t("reviewColValue")), h("th", {}, t("reviewColWorlds")))),
        h("tbody", {}, rows)));
  }
}

/** Round numbers for the chart's axis, about five of them. */
function niceTicks(lo, hi) {
  const raw = (hi - lo) / 5;
  const power = Math.pow(10, Math.floor(Math.log10(raw)));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) || raw;
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi; v += step) out.push(Math.round(v));
  return out;
}
