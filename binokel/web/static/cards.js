/* Binokel in the browser: small DOM helpers and the cards, drawn in the page (no images). */
"use strict";

// ---------------------------------------------------------------------------------------------
// Small DOM helpers (text is always set as text, never as HTML)

function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

function toast(text, kind) {
  const box = document.getElementById("toast");
  // A tap on a message puts it away (its words go with it: a message put away is not read).
  const away = () => { box.className = ""; box.textContent = ""; };
  box.onclick = away;
  box.textContent = text;
  box.className = "show " + (kind || "");
  clearTimeout(toast.timer);
  toast.timer = setTimeout(away, 4000);
}

async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(body)};
  const response = await transport.fetch(path, options);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    // The server's reason, in the page's language when it sent that wording (reasonText).
    const error = new Error(reasonText(data) || response.statusText);
    error.code = data.code || null;
    error.status = response.status;
    throw error;
  }
  return data;
}

// ---------------------------------------------------------------------------------------------
// Cards, drawn in the page

function splitCard(card) {
  return {rank: card.slice(0, -1), suit: card.slice(-1)};
}

function cardName(card) {
  const {rank, suit} = splitCard(card);
  const r = RANK_NAMES[lang][rank] || rank;
  const s = SUIT_NAMES[lang][suit] || suit;
  return lang === "de" ? `${s}-${r} (${card})` : `${r} of ${s} (${card})`;
}

/** Every card named in a text ("lay Q♠ J♦") as the page writes it. */
function cardsText(text) {
  return String(text).split(" ").map((w) => CARD_RE.test(w) ? cardText(w) : w).join(" ");
}

function cardEl(card, opts) {
  opts = opts || {};
  const {rank, suit} = splitCard(card);
  const face = RANK_FACE[lang][rank] || rank;
  const red = suit === "♥" || suit === "♦";
  const classes = ["card", red ? "red" : "black", "s" + SUITS.indexOf(suit)];
  if (opts.small) classes.push("small");
  if (opts.classes) classes.push(...opts.classes);
  const pictured = ["K", "Q", "J"].includes(rank);
  const body = h("span", {class: "card-body"},
    h("span", {class: "corner tl"}, h("b", {}, face), h("i", {}, suit)),
    pictured
      ? h("span", {class: "figure"}, h("span", {class: "figure-letter"}, face),
          h("span", {class: "figure-suit"}, suit))
      : h("span", {class: "pip"}, suit),
    h("span", {class: "corner br"}, h("b", {}, face), h("i", {}, suit)));
  const tag = opts.onclick ? "button" : "span";
  const el = h(tag, {class: classes.join(" "), title: cardName(card), dataset: {card},
                     "aria-label": cardName(card), type: tag === "button" ? "button" : null,
                     onclick: opts.onclick}, body);
  if (tag === "button" && opts.disabled) el.disabled = true;
  return el;
}

function cardBack(small) {
  return h("span", {class: "card back" + (small ? " small" : ""), "aria-hidden": "true"},
    h("span", {class: "card-body"}));
}

function cardRow(cards, opts) {
  return h("div", {class: "card-row"}, (cards || []).map((c) => cardEl(c, opts)));
}

