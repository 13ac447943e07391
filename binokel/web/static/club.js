/* The organiser's page of a club tournament (/club, /club/ID#SECRET, /club/ID/cards#SECRET):
 * a new tournament, registration, the draw, the tables and their pads, closing rounds,
 * corrections and the table cards. Every change is a POST with the organiser's secret. */
"use strict";

const club = {id: null, token: null, view: null, busy: false};

function toast(text, bad) {
  const el = document.getElementById("toast");
  el.textContent = text;
  el.className = bad ? "show bad" : "show";
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { el.className = ""; }, 5000);
}

async function post(path, body) {
  const answer = await fetch(path, {method: "POST", headers: {"content-type": "application/json"},
                                    body: JSON.stringify(body)});
  const data = await answer.json().catch(() => ({error: answer.statusText}));
  // A refusal in the page's language when the server's catalogue has it (decision web-14).
  if (!answer.ok) throw new Error((data.words && data.words[lang]) || data.error || answer.statusText);
  return data;
}

async function change(op) {
  if (club.busy) return;  // one change at a time: a double tap acts once
  club.busy = true;
  document.body.dataset.busy = "1";
  try {
    club.view = await post(`/api/clubs/${club.id}/ops`, {token: club.token, op});
    draw();
  } catch (err) {
    toast(err.message, true);
  } finally {
    club.busy = false;
    document.body.dataset.busy = "0";
    document.body.dataset.changes = String(Number(document.body.dataset.changes || 0) + 1);
  }
}

function field(label, input) {
  return h("label", {class: "field"}, h("span", {}, label), input);
}

function newForm() {
  const name = h("input", {name: "name", required: true, maxlength: 40, value: ""});
  const rules = h("input", {name: "rules", value: "binokel", maxlength: 200});
  const rounds = h("input", {name: "rounds", type: "number", min: 1, max: 10, value: 3});
  const hands = h("input", {name: "hands", type: "number", min: 3, max: 120, step: 3, value: 24});
  const seed = h("input", {name: "seed", maxlength: 64});
  const standing = h("input", {name: "by_standing", type: "checkbox"});
  const form = h("form", {class: "club-new", onsubmit: async (ev) => {
    ev.preventDefault();
    if (club.busy) return;
    club.busy = true;
    try {
      const body = {name: name.value, rules: rules.value.trim(), rounds: Number(rounds.value),
                    hands: Number(hands.value), by_standing: standing.checked};
      if (seed.value.trim()) body.seed = seed.value.trim();
      const made = await post("/api/clubs", body);
      history.replaceState(null, "", made.url);
      club.id = made.id; club.token = made.token; club.view = made.club;
      draw();
    } catch (err) {
      toast(err.message, true);
    } finally {
      club.busy = false;
    }
  }},
    field(t("clubName"), name), field(t("clubRules"), rules), field(t("clubRounds"), rounds),
    field(t("clubHands"), hands), field(t("clubSeed"), seed),
    h("label", {class: "check"}, standing, t("clubByStanding")),
    h("button", {type: "submit", class: "primary"}, t("clubCreate")));
  return h("section", {}, h("h1", {}, t("clubNew")), form);
}

function playersPanel(v) {
  const name = h("input", {name: "player", maxlength: 40, placeholder: t("clubPlayer")});
  const add = h("form", {class: "inline", onsubmit: (ev) => {
    ev.preventDefault();
    if (!name.value.trim()) return;
    change({kind: "add", name: name.value}).then(() => {
      const again = document.querySelector("input[name=player]");
      if (again) again.focus();
    });
  }}, name, h("button", {type: "submit"}, t("clubAdd")));
  const rows = v.players.map((p) => h("tr", {class: p.withdrawn !== null ? "gone" : ""},
    h("td", {}, p.id),
    h("td", {class: "name"}, p.name,
      p.joined > 1 ? h("small", {}, " · " + t("clubLate")) : null,
      p.withdrawn !== null ? h("small", {}, " · " + t("clubWithdrawn")) : null),
    h("td", {}, h("label", {class: "check"}, h("input", {type: "checkbox", checked: p.paid,
      "aria-label": `${p.name}: ${t("clubPaid")}`,
      onchange: (ev) => change({kind: "paid", player: p.id, paid: ev.target.checked})}), t("clubPaid"))),
    h("td", {}, h("button", {type: "button", onclick: () => {
      const to = prompt(t("clubRename"), p.name);
      if (to && to.trim() && to !== p.name) change({kind: "rename", player: p.id, name: to});
    }}, t("clubRename")),
    p.withdrawn === null ? h("button", {type: "button", class: "quiet", onclick: () => {
      if (confirm(`${t("clubWithdraw")}: ${p.name}?`)) change({kind: "withdraw", player: p.id});
    }}, t("clubWithdraw")) : null)));
  return h("section", {class: "players"}, h("h2", {}, t("clubPlayers"), ` (${v.players.length})`),
    add, rows.length ? h("table", {class: "list"}, h("tbody", {}, rows)) : h("p", {}, t("clubNoPlayers")));
}

function tablesPanel(v) {
  if (!v.tables.length) return null;
  const number = v.drawn;
  const open = !v.rounds_played[number - 1].closed;
  const cards = v.tables.map((tb) => {
    const sheet = open ? h("details", {}, h("summary", {}, t("clubTypeSheet")),
      h("form", {class: "inline", onsubmit: (ev) => {
        ev.preventDefault();
        const totals = [...ev.target.querySelectorAll("input")].map((i) => Number(i.value));
        change({kind: "sheet", round: number, table: tb.table, totals});
      }}, tb.players.map((n) => h("input", {type: "number", "aria-label": n, placeholder: n, required: true})),
      h("button", {type: "submit"}, t("clubTypeSave")))) : null;
    return h("li", {class: tb.done ? "table done" : "table", dataset: {table: tb.table}},
      h("b", {}, t("clubTable", tb.table)), " ",
      h("span", {class: "who"}, tb.players.map((n, i) => i === tb.first_dealer ? `${n} (${t("clubDeals")})` : n).join(" · ")),
      " ", h("span", {class: "count"}, tb.typed ? t("clubTyped") : t("clubHandsOf", tb.played, tb.hands)),
      tb.done ? h("span", {class: "ok"}, " ✓ " + t("clubDone")) : null,
      " ", h("a", {href: tb.link, target: "_blank", rel: "noopener"}, "Pad"), sheet);
  });
  return h("section", {class: "tables"},
    h("h2", {}, t("clubRound", number), open ? "" : ` · ${t("clubClosed")}`),
    h("p", {class: "seed"}, t("clubSeedShown", v.rounds_played[number - 1].seed)),
    h("ol", {class: "table-list"}, cards),
    open ? h("button", {type: "button", class: "primary", onclick: () => change({kind: "close", round: number})},
      t("clubClose", number)) : null);
}

function correctionPanel(v) {
  const closed = v.rounds_played.filter((r) => r.closed);
  if (!closed.length) return null;
  const round = h("select", {name: "round", "aria-label": t("clubRoundNo")},
    closed.map((r) => h("option", {value: r.round}, t("clubRound", r.round))));
  const player = h("select", {name: "player", "aria-label": t("clubPlayerId")},
    v.players.map((p) => h("option", {value: p.id}, p.name)));
  const delta = h("input", {name: "delta", type: "number", required: true, "aria-label": t("clubDelta"), placeholder: t("clubDelta")});
  const who = h("input", {name: "who", required: true, maxlength: 40, placeholder: t("clubWho"), "aria-label": t("clubWho")});
  const why = h("input", {name: "why", required: true, maxlength: 200, placeholder: t("clubWhy"), "aria-label": t("clubWhy")});
  return h("details", {class: "correct"}, h("summary", {}, t("clubCorrect")),
    h("form", {class: "inline", onsubmit: (ev) => {
      ev.preventDefault();
      change({kind: "correct", round: Number(round.value), player: player.value,
              delta: Number(delta.value), who: who.value, why: why.value});
    }}, round, player, delta, who, why, h("button", {type: "submit"}, t("clubCorrectSave"))));
}

function draw() {
  const main = document.getElementById("main");
  main.replaceChildren();
  const v = club.view;
  if (!v) { main.append(newForm()); return; }
  if (location.pathname.endsWith("/cards")) { drawCards(main); return; }
  const base = `/club/${v.id}`;
  const canDraw = v.drawn < v.rounds && (!v.drawn || v.rounds_played[v.drawn - 1].closed);
  main.append(...[
    h("h1", {}, v.name),
    h("p", {class: "meta"}, t("clubRulesName", v.rules), " · ", t("clubLive", v.closed, v.rounds),
      " · ", t("clubSeedShown", v.seed)),
    h("p", {class: "keep"}, t("clubKeep")),
    h("nav", {class: "links"},
      h("a", {href: `${base}/board`, target: "_blank"}, t("clubBoard")),
      h("a", {href: `${base}/standings`, target: "_blank"}, t("clubStandingsLink")),
      h("a", {href: `${base}/results`, target: "_blank"}, t("clubResults")),
      h("a", {href: `/api/clubs/${v.id}/standings.csv`, download: ""}, t("clubCsv")),
      v.tables.length ? h("a", {href: `${base}/cards#${club.token}`, target: "_blank"}, t("clubCards")) : null),
    v.finished ? h("p", {class: "ok"}, t("clubFinished")) : null,
    canDraw ? h("button", {type: "button", class: "primary draw", onclick: () => change({kind: "draw"})},
      t("clubDraw", v.drawn + 1)) : null,
    tablesPanel(v), playersPanel(v), correctionPanel(v),
    h("details", {class: "log"}, h("summary", {}, t("clubLog")),
      h("ol", {}, v.log.map((l) => h("li", {}, new Date(l.at * 1000).toLocaleTimeString(), " ", l.what,
        l.who ? ` — ${l.who}: ${l.why}` : ""))))].filter(Boolean));
}

async function drawCards(main) {
  const data = await post(`/api/clubs/${club.id}/cards`, {token: club.token});
  main.append(h("div", {class: "cards"}, data.cards.map((c) => {
    const img = h("img", {class: "qr", alt: t("clubScanPad"),
                          src: "data:image/svg+xml;charset=utf-8," + encodeURIComponent(c.qr)});
    return h("article", {class: "table-card"},
      h("header", {}, h("b", {}, data.name), " · ", t("clubRound", data.round)),
      h("h2", {}, t("clubTable", c.table)),
      h("ol", {class: "seats"}, c.players.map((n, i) => h("li", {}, n,
        i === c.first_dealer ? h("small", {}, ` — ${t("clubDeals")}`) : null))),
      h("p", {}, t("clubHandsOf", 0, c.hands)),
      img, h("p", {class: "scan"}, t("clubScanPad")), h("p", {class: "link"}, c.link));
  })));
}

async function start() {
  const shown = document.getElementById("toast");
  shown.addEventListener("click", () => { shown.className = ""; });  // a tap puts it away
  document.getElementById("lang").textContent = lang === "de" ? "EN" : "DE";
  document.documentElement.lang = lang;
  document.getElementById("lang").addEventListener("click", () => {
    lang = lang === "de" ? "en" : "de";
    localStorage.setItem("binokel.lang", lang);
    document.getElementById("lang").textContent = lang === "de" ? "EN" : "DE";
    document.documentElement.lang = lang;
    draw();
  });
  const match = location.pathname.match(/^\/club\/([A-Za-z0-9_-]+)/);
  if (match) {
    club.id = match[1];
    club.token = location.hash.slice(1);
    try {
      club.view = await post(`/api/clubs/${club.id}`, {token: club.token});
    } catch (err) {
      document.getElementById("main").replaceChildren(h("p", {class: "bad"}, err.message));
      return;
    }
  }
  draw();
}

document.addEventListener("DOMContentLoaded", start);
