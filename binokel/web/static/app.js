/* Binokel in the browser: routing, the lobby and the rules pages (the table is table.js).
 * No build step, no outside requests.
 *
 * The server sends each seat only its own view ("state" messages); this page draws it and sends
 * back actions in the engine's notation ("160", "pass", "lay Q♠", "trump ♥", "out ♦", "Q♠"...).
 */
"use strict";

// ---------------------------------------------------------------------------------------------
// Routing

function route() {
  const path = pagePath();
  document.getElementById("lang").textContent = lang === "de" ? "EN" : "DE";
  document.documentElement.lang = lang;
  document.getElementById("nav-rules").textContent = t("rules");
  delete document.body.dataset.deadEnd;
  document.title = "Binokel";
  clearNotice();
  let m;
  if ((m = path.match(/^\/t\/([A-Za-z0-9_-]+)\/review$/))) return reviewPage(m[1]);
  if ((m = path.match(/^\/t\/([A-Za-z0-9_-]+)$/))) return TablePage.open(m[1]);
  if ((m = path.match(/^\/rules\/([^/]+)$/))) return rulesPage(decodeURIComponent(m[1]));
  if (path === "/" || path === "") return lobbyPage();
  return notFoundPage();
}

/** An address that leads nowhere: say so, in the page's language, with a way back. */
function notFoundPage() {
  let shown = pagePath();
  try { shown = decodeURIComponent(shown); } catch (err) { /* shown as it came */ }
  deadEnd(t("notFoundTitle"), t("notFoundText", shown), [["/", t("toLobby")], ["/rules/binokel", t("rules")]]);
}

document.addEventListener("DOMContentLoaded", () => {
  document.getElementById("lang").addEventListener("click", () => {
    lang = lang === "de" ? "en" : "de";
    localStorage.setItem("binokel.lang", lang);
    if (TablePage.current) {
      document.getElementById("lang").textContent = lang === "de" ? "EN" : "DE";
      document.documentElement.lang = lang;
      document.getElementById("nav-rules").textContent = t("rules");
      TablePage.current.render();
    } else {
      route();
    }
  });
  route();
});

let metaCache = null;
async function meta() {
  if (!metaCache) metaCache = await api("/api/meta");
  return metaCache;
}

function botLabel(spec, seat) {
  const level = (spec.match(/level=(\w+)/) || [null, spec.split(":")[0]])[1];
  const number = seat === undefined ? "" : ` ${seat + 1}`;
  return `${t("computer")}${number} (${tMap("computerLevel", level)})`;
}

// ---------------------------------------------------------------------------------------------
// Lobby

async function lobbyPage() {
  const main = document.getElementById("main");
  const info = await meta();
  const savedName = localStorage.getItem("binokel.name") || "";
  const ruleSelect = h("select", {id: "rule-set", name: "rules"},
    info.rule_sets.map((r) => h("option", {value: r.name, text: `${ruleTitle(r.name)} – ${r.players} ${t("players")}`})));
  const nameInput = h("input", {id: "your-name", maxlength: "24", value: savedName,
                                placeholder: t("yourName"), autocomplete: "nickname"});
  const titleInput = h("input", {id: "table-title", maxlength: "24", placeholder: t("title")});
  const seatsBox = h("div", {class: "seat-choices"});
  const clockBox = h("input", {type: "checkbox", id: "turn-clock", checked: true});
  const describe = h("p", {class: "muted", id: "rule-description"});
  const rulesLink = h("a", {href: "/rules/binokel"}, t("rules"));

  function drawSeats() {
    const set = info.rule_sets.find((r) => r.name === ruleSelect.value);
    const bots = info.bots[set.game] || ["random"];
    const middle = bots[Math.min(bots.length - 1, Math.floor(bots.length / 2))];
    describe.textContent = describeRules(set.name, set.description);
    rulesLink.setAttribute("href", "/rules/" + encodeURIComponent(set.name));
    seatsBox.replaceChildren();
    for (let i = 0; i < set.players; i++) {
      const options = [];
      if (i === 0) options.push(h("option", {value: "human", text: t("you")}));
      // (friends need a server: the app's table has none)
      if (!transport.offline) options.push(h("option", {value: "open", text: t("openSeat")}));
      for (const bot of bots) {
        options.push(h("option", {value: "bot:" + bot, text: botLabel(bot),
                                  selected: i > 0 && bot === middle}));
      }
      seatsBox.append(h("label", {class: "seat-choice"}, `${t("seat")} ${i + 1}`,
        h("select", {name: "seat" + i, "data-seat": String(i)}, options)));
    }
  }
  ruleSelect.addEventListener("change", drawSeats);

  let creating = false;  // one table at a time: a burst of taps on Create makes one

  async function create(event) {
    event.preventDefault();
    if (creating) return;
    creating = true;
    const button = document.getElementById("create");
    button.disabled = true;
    const seats = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    const name = nameInput.value.trim();
    localStorage.setItem("binokel.name", name);
    try {
      const take = seats[0] === "human" ? 0 : null;
      const made = await api("/api/tables", {rules: ruleSelect.value, seats, take, name,
                                            title: titleInput.value.trim(), clock: clockBox.checked});
      if (made.token) localStorage.setItem("binokel.token." + made.id, JSON.stringify(
        {token: made.token, seat: made.seat}));
      // The creator's key to cancel the table while nobody else sits at it (POST .../cancel).
      if (made.cancel_token) localStorage.setItem("binokel.cancel." + made.id, made.cancel_token);
      history.pushState(null, "", pageUrl(made.url));
      route();
    } catch (err) {
      toast(`${t("error")}: ${err.message}`, "bad");
      creating = false;  // made: the page moves to the table; refused: the person may retry
      button.disabled = false;
    }
  }

  const list = h("div", {id: "table-list"});
  const mineList = h("div", {id: "my-tables"});
  const mineSection = h("section", {class: "panel", id: "my-tables-panel", hidden: true},
    h("h2", {}, t("yourTables")), mineList);
  async function drawList() {
    const held = myTokens();
    let data, mine = {tables: []};
    try {
      [data, mine] = await Promise.all([api("/api/tables"),
        Object.keys(held).length ? api("/api/tables/mine", {tables: held}) : mine]);
    } catch (err) { return; }
    // Your own tables, by the seat tokens this browser keeps: Resume or Abandon.
    mineList.replaceChildren();
    const yours = new Set();
    for (const table of mine.tables) {
      if (table.status !== "playing") { forgetTable(table.id); continue; }
      yours.add(table.id);
      mineList.append(h("div", {class: "table-item mine", "data-table": table.id},
        h("div", {}, h("b", {class: "table-title"}, tableTitle(table)), " · ", ruleTitle(table.rules),
          h("span", {class: "chip on"}, t("yourSeat", table.seat + 1))),
        h("div", {class: "muted"}, seatList(table), " · ", tableState(table)),
        h("div", {class: "row"},
          h("a", {class: "button primary", href: "/t/" + table.id}, t("resume")),
          h("button", {type: "button", class: "abandon", onclick: () => abandonTable(table.id)},
            t("abandonTable")))));
    }
    mineSection.hidden = !yours.size;
    list.replaceChildren();
    const tables = data.tables.filter((x) => x.status === "playing" && !yours.has(x.id));
    if (!tables.length) list.append(h("p", {class: "muted"}, t("noTables")));
    for (const table of tables) {
      const free = table.seats.filter((s) => s.kind === "open").length;
      list.append(h("div", {class: "table-item"},
        h("div", {}, h("b", {class: "table-title"}, tableTitle(table)), " · ", ruleTitle(table.rules),
          free ? h("span", {class: "chip on"}, t("freeSeats", free)) : null),
        h("div", {class: "muted"}, seatList(table), " · ", tableState(table)),
        h("a", {class: "button" + (free ? " primary" : ""), href: "/t/" + table.id},
          free ? t("join") : t("watch"))));
    }
  }

  async function abandonTable(id) {
    if (!confirm(t("abandonSure"))) return;
    try {
      await api(`/api/tables/${id}/abandon`, {token: myTokens()[id]});
      forgetTable(id);
    } catch (err) {
      toast(`${t("error")}: ${err.message}`, "bad");
    }
    drawList();
  }

  main.replaceChildren(
    h("section", {class: "panel"},
      h("h2", {}, t("newTable")),
      h("form", {id: "new-table", onsubmit: create},
        h("label", {}, t("ruleSet"), ruleSelect), describe,
        h("label", {}, t("yourName"), nameInput),
        titleInput, seatsBox,
        // (the app's table has no turn clock: nobody waits for a friend)
        transport.offline ? null : h("label", {class: "check"}, clockBox, t("turnClock")),
        h("div", {class: "row"}, h("button", {type: "submit", class: "primary", id: "create"},
          t("create")), rulesLink))),
    mineSection,
    h("section", {class: "panel"}, h("h2", {}, t("openTables")), list));
  drawSeats();
  drawList();
  clearInterval(lobbyPage.timer);
  lobbyPage.timer = setInterval(() => {
    if (pagePath() === "/") drawList(); else clearInterval(lobbyPage.timer);
  }, 5000);
}

/** The seat tokens this browser keeps: {table id: token}. */
function myTokens() {
  const held = {};
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key.startsWith("binokel.token.")) continue;
    try { held[key.slice(14)] = JSON.parse(localStorage.getItem(key)).token; } catch (err) { /* not ours */ }
  }
  return held;
}

function forgetTable(id) {
  localStorage.removeItem("binokel.token." + id);
  localStorage.removeItem("binokel.cancel." + id);
}

function seatList(table) {
  return table.seats.map((s) => s.kind === "open" ? t("freeSeat")
    : s.kind === "bot" ? botLabel(s.bot) : s.name).join(", ");
}

/** What tells two tables apart in a list: the hand, the scores and how long ago it moved. */
function tableState(table) {
  const minutes = Math.floor((Date.now() / 1000 - (table.updated || table.created)) / 60);
  const age = minutes < 1 ? t("ageNow") : minutes < 60 ? t("ageMinutes", minutes)
    : t("ageHours", Math.floor(minutes / 60));
  const scores = (table.scores || []).join(" : ");
  return `${t("handScore", (table.hands || 0) + 1, scores)} · ${age}`;
}

window.addEventListener("popstate", () => {
  if (TablePage.current) TablePage.current.close();
  route();
});

// ---------------------------------------------------------------------------------------------
// Rules pages, one per rule set, drawn from the rule set's own numbers

const GLOSSARY = [
  ["reizen", "bid", "bieten"], ["Dabb", "the widow: the cards dealt aside", "der Stock, der beim Geben beiseite gelegt wird"],
  ["drücken", "lay cards away", "Karten ablegen"], ["Trumpf", "trump suit", "Trumpffarbe"],
  ["melden", "show melds", "Meldungen zeigen"], ["abgehen", "give up the game", "das Spiel aufgeben"],
  ["Durch", "win every trick, no trumps", "alle Stiche, ohne Trumpf"], ["Stich", "trick", "Stich"],
  ["Vorhand / Mittelhand / Hinterhand", "forehand / middlehand / rearhand (the dealer)", "Vorhand / Mittelhand / Hinterhand (der Geber)"],
  ["Sau, Zehner, König, Ober, Unter", "Ace, Ten, King, Queen, Jack", "Ass, Zehn, König, Dame, Bube"],
  ["Kreuz (Eichel), Schippen (Laub), Herz, Schellen", "clubs, spades, hearts, diamonds", "die vier Farben"],
];

async function rulesPage(name) {
  const main = document.getElementById("main");
  let r;
  const info = await meta();
  const chips = () => h("p", {class: "rule-chips"}, info.rule_sets.map((s) => h("a", {class: "chip" + (r && s.name === r.name ? " on" : ""),
    href: "/rules/" + encodeURIComponent(s.name), "data-rules": s.name}, ruleTitle(s.name))));
  try { r = await api("/api/rules/" + encodeURIComponent(name)); }
  catch (err) {
    deadEnd(t("noRulesTitle"), t("noRulesText", name), [["/", t("toLobby")]], chips());
    return;
  }
  const de = lang === "de";
  const sections = [];
  const para = (en, deText) => h("p", {}, de ? deText : en);
  const example = (cards, label) => h("div", {class: "meld-example"}, cardRow(cards, {small: true}), h("span", {}, label));
  sections.push(h("h2", {}, `${t("rules")}: ${ruleTitle(r.name)}`), h("p", {class: "muted"}, describeRules(r.name, r.description)));
  sections.push(chips());
  const ranks = (r.ranks || []).slice().reverse();
  const faces = ranks.map((rk) => RANK_FACE[lang][rk] || rk);  // German: O and U, as on the cards
  const points = CARD_POINTS;
  sections.push(h("h3", {}, de ? "Karten" : "Cards"),
    para(`${r.pack_size} cards: two of each card, ranks high to low ${faces.join(" ")}. Card points:`,
         `${r.pack_size} Karten, jede doppelt; Rangfolge hoch nach tief ${faces.join(" ")}. Augen:`),
    h("div", {class: "card-row"}, ranks.map((rk) => h("figure", {class: "points"}, cardEl(rk + "♥", {small: true}), h("figcaption", {}, String(points[rk]))))),
    para(`The last trick scores ${r.last_trick_bonus} more.`, `Der letzte Stich zählt ${r.last_trick_bonus} extra.`));
  if (r.game === "binocle") {
    sections.push(h("h3", {}, de ? "Ablauf" : "Play"),
      para(`Two players, ${r.hand_size} cards each; a card is turned for trump, the rest is the stock. While the stock lasts anyone may play any card; the trick's winner may meld once, exchange the dix (the trump ${r.dix_rank}) for the turned card, then both draw. After the stock, follow suit and win if you can. First to ${r.target} (claim it!) wins.`,
           `Zwei Spieler, je ${r.hand_size} Karten; eine Karte wird als Trumpf aufgedeckt, der Rest ist der Talon. Solange er reicht, darf man jede Karte spielen; wer den Stich macht, darf einmal melden und die Dix (Trumpf-${r.dix_rank}) gegen die Trumpfkarte tauschen, dann ziehen beide. Danach gilt Farb- und Stichzwang. Wer zuerst ${r.target} hat (und es ansagt), gewinnt.`),
      h("h3", {}, t("melds")),
      example(["K♥", "Q♥"], `${meldName("marriage")} ${r.meld_marriage}, ${de ? "in Trumpf" : "in trumps"} ${r.meld_royal_marriage}`),
      example(["A♥", "10♥", "K♥", "Q♥", "J♥"], `${meldName("sequence")} ${de ? "in Trumpf" : "in trumps"} ${r.meld_sequence}`),
      example(["Q♠", "J♦"], `${meldName("binocle")} ${r.meld_binocle}`),
      example(["A♣", "A♠", "A♥", "A♦"], `${meldName("four aces")} ${r.meld_four_aces}`));
  } else {
    const seatsText = r.teams && r.teams.length ? (de ? " in zwei Paaren" : " in two teams") : "";
    sections.push(h("h3", {}, de ? "Geben und Reizen" : "Deal and auction"),
      para(`${r.players} players${seatsText}${r.dealer_sits_out ? " (the dealer sits out)" : ""}, ${r.hand_size} cards each and ${r.dabb_size} to the Dabb. Forehand opens at ${r.min_bid}; then raise by ${r.bid_step}${r.bid_jumps ? " or more" : ", no jumps"} or pass. The last bidder left is the declarer and must make the bid.`,
           `${r.players} Spieler${seatsText}${r.dealer_sits_out ? " (der Geber setzt aus)" : ""}, je ${r.hand_size} Karten und ${r.dabb_size} in den Dabb. Vorhand eröffnet mit ${r.min_bid}; dann ${r.bid_step} mehr${r.bid_jumps ? " oder höher" : ", ohne Sprünge"} oder passen. Wer übrig bleibt, ist Spieler und muss den Reizwert erreichen.`),
      h("h3", {}, de ? "Dabb, Drücken, Trumpf" : "Dabb, discard, trumps"),
      para(`The declarer shows the Dabb, takes it, lays away (drücken) ${r.dabb_size} cards – their points count for the declarer – and names trumps${r.durch_allowed ? " or Durch (every trick, no trumps, ±" + r.durch_value + ")" : ""}. Or gives up (abgehen): minus the bid, the others score ${r.give_up_bonus} plus their melds.`,
           `Der Spieler deckt den Dabb auf, nimmt ihn, drückt ${r.dabb_size} Karten – ihre Augen zählen für ihn – und sagt Trumpf an${r.durch_allowed ? " oder Durch (alle Stiche, ohne Trumpf, ±" + r.durch_value + ")" : ""}. Oder er geht ab: minus Reizwert, die anderen bekommen ${r.give_up_bonus} und ihre Meldungen.`),
      h("h3", {}, t("melds")),
      example(["K♥", "Q♥"], `${meldName("pair")} ${r.meld_pair_plain}, ${de ? "in Trumpf" : "in trumps"} ${r.meld_pair_trump}`),
      example(["A♥", "10♥", "K♥", "Q♥", "J♥"], `${meldName("family")} ${r.meld_family_plain}, ${de ? "in Trumpf" : "in trumps"} ${r.meld_family_trump}`),
      example(["Q♠", "J♦"], `${meldName("binokel")} ${r.meld_binokel}, ${de ? "doppelt" : "double"} ${r.meld_double_binokel}`),
      example(["A♣", "A♠", "A♥", "A♦"], `${meldName("four aces")} ${r.meld_four_aces}, ${de ? "acht" : "eight"} ${r.meld_eight_aces}`),
      example(["K♣", "K♠", "K♥", "K♦"], `${meldName("four kings")} ${r.meld_four_kings}`),
      example(["Q♣", "Q♠", "Q♥", "Q♦"], `${meldName("four queens")} ${r.meld_four_queens}`),
      example(["J♣", "J♠", "J♥", "J♦"], `${meldName("four jacks")} ${r.meld_four_jacks}`),
      (r.ranks || []).includes("7") ? example(["7♥"], `Dissle (${de ? "Trumpf-Siebener" : "the trump Seven"}) ${r.meld_dissle}`) : null,
      para("A card may serve in melds of different kinds, but only once in one kind. Melds count only for a player who wins a trick.",
           "Eine Karte darf in Meldungen verschiedener Art dienen, aber nur einmal in einer Art. Meldungen zählen nur mit mindestens einem Stich."),
      h("h3", {}, de ? "Stiche" : "Tricks"),
      para("Follow suit; if you cannot, trump; and in both cases beat every card in the trick if you can. The highest trump wins, else the highest card of the suit led; of two equal cards the first wins.",
           "Farbe bedienen; wer nicht kann, muss trumpfen; und in beiden Fällen überstechen, wenn möglich. Der höchste Trumpf gewinnt, sonst die höchste Karte der ausgespielten Farbe; von zwei gleichen Karten die erste."),
      h("h3", {}, de ? "Abrechnung" : "Scoring"),
      para(`The declarer scores tricks + discard + melds if that reaches the bid, else minus twice the bid. The others score their tricks and melds. ${r.fixed_hands ? "After " + r.fixed_hands + " hands the highest total wins." : "First to " + r.target + " wins."}`,
           `Der Spieler bekommt Stiche + Gedrücktes + Meldungen, wenn das den Reizwert erreicht, sonst minus den doppelten Reizwert. Die anderen bekommen ihre Stiche und Meldungen. ${r.fixed_hands ? "Nach " + r.fixed_hands + " Spielen gewinnt die höchste Summe." : "Wer zuerst " + r.target + " hat, gewinnt."}`));
  }
  sections.push(h("h3", {}, de ? "Wörter am Tisch" : "Words at the table"),
    h("dl", {class: "glossary"}, GLOSSARY.map(([word, en, deText]) => [h("dt", {}, word), h("dd", {}, de ? deText : en)])));
  sections.push(h("p", {}, h("a", {class: "way-back", href: "/"}, t("back"))));
  main.replaceChildren(h("section", {class: "panel rules"}, sections));
}
