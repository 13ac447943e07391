/* The public standings of a club tournament: /club/ID/board (a projector: large type, no
 * controls, refreshed by a poll the server answers 304 while nothing changed),
 * /club/ID/standings (phones) and /club/ID/results (the final ranking, for print on A4). */
"use strict";

const board = {id: location.pathname.split("/")[2], etag: null, data: null,
               mode: location.pathname.split("/")[3]};
const POLL_MS = board.mode === "results" ? 0 : 2000;

function row(s, rounds) {
  return h("tr", {class: s.status ? `status-${s.status}` : ""},
    h("td", {class: "place"}, s.place), h("td", {class: "name"}, s.name,
      s.status === "withdrawn" ? h("small", {}, ` (${t("clubWithdrawn")})`) : null),
    rounds.map((_, i) => h("td", {class: "num"}, s.rounds[i] === null ? "–" : s.rounds[i])),
    h("td", {class: "num total"}, s.total), h("td", {class: "num"}, s.missed));
}

function standingsTable(rows, rounds) {
  return h("table", {class: "standings"},
    h("thead", {}, h("tr", {}, h("th", {}, t("clubPlace")), h("th", {}, t("clubPlayer")),
      rounds.map((r) => h("th", {class: "num"}, t("clubRoundShort", r))),
      h("th", {class: "num"}, t("clubTotal")), h("th", {class: "num"}, t("clubMissed")))),
    h("tbody", {}, rows.map((s) => row(s, rounds))));
}

/* The projector shows every player at once: up to three tables side by side, the type as
 * large as the screen's height allows (a room reads it from the back). Phones and print get
 * one table. */
function columns(standings, rounds) {
  if (board.mode !== "board") return [h("div", {class: "scroll"}, standingsTable(standings, rounds))];
  const count = Math.max(1, Math.min(3, Math.ceil(standings.length / 16)));
  const per = Math.max(1, Math.ceil(standings.length / count));
  const rowPx = Math.max(18, Math.min(56, Math.floor((innerHeight - 190) / (per + 1))));
  const out = h("div", {class: "board-columns"});
  out.style.fontSize = `${Math.round(rowPx / 1.45)}px`;  // (CSSOM: the page's CSP allows no inline style)
  for (let i = 0; i < standings.length; i += per) out.append(standingsTable(standings.slice(i, i + per), rounds));
  return [out];
}

function render() {
  const d = board.data;
  if (!d) return;
  document.body.classList.add(`mode-${board.mode}`);
  const rounds = Array.from({length: d.drawn}, (_, i) => i + 1);
  const open = d.drawn > d.closed;
  const main = document.getElementById("main");
  main.replaceChildren(...[
    h("h1", {}, d.name),
    h("p", {class: "meta"}, d.finished ? t("clubFinal") : t("clubLive", d.closed, d.rounds),
      open ? ` · ${t("clubLiveOpen", d.drawn)}` : ""),
    ...columns(d.standings, rounds),
    h("p", {class: "ties"}, t("clubTieBreaks"), " ", t("clubSeedShown", d.seed)),
    board.mode === "results" ? h("button", {type: "button", class: "no-print", onclick: () => print()}, t("clubPrint")) : null,
  ].filter(Boolean));
}

async function poll() {
  try {
    const headers = board.etag ? {"if-none-match": board.etag} : {};
    const answer = await fetch(`/api/clubs/${board.id}/standings`, {headers});
    if (answer.status === 200) {
      board.etag = answer.headers.get("etag");
      board.data = await answer.json();
      render();
      document.body.dataset.updated = String(Date.now());
    } else if (answer.status !== 304) {
      const data = await answer.json().catch(() => ({}));
      document.getElementById("main").replaceChildren(h("p", {class: "bad"}, data.error || answer.statusText));
    }
  } catch (err) { /* the club's Wi-Fi dropped: the next poll tries again */ }
  if (POLL_MS) setTimeout(poll, POLL_MS);
}

document.addEventListener("DOMContentLoaded", () => {
  document.documentElement.lang = lang;
  const button = document.getElementById("lang");
  button.textContent = lang === "de" ? "EN" : "DE";
  button.addEventListener("click", () => {
    lang = lang === "de" ? "en" : "de";
    localStorage.setItem("binokel.lang", lang);
    button.textContent = lang === "de" ? "EN" : "DE";
    document.documentElement.lang = lang;
    render();
  });
  if (board.mode === "board") document.getElementById("top").hidden = true;
  addEventListener("resize", render);  // the projector's columns follow the screen
  poll();
});
