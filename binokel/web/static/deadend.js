/* Binokel in the browser: pages for addresses that lead nowhere, and notices that stay.
 *
 * A dead end (an unknown address, a rule set or table that does not exist, a pad link without
 * its key) is a page of its own in the page's language, with a way back; a notice is a line
 * above the page that stays until it is closed (the toast goes after a few seconds).
 */
"use strict";

/** Show a dead end in #main: a title, what happened, and links on from here. */
function deadEnd(title, text, links, extra) {
  document.body.dataset.deadEnd = "1";
  document.title = `${title} – Binokel`;
  document.getElementById("main").replaceChildren(h("section", {class: "panel dead-end", id: "dead-end"},
    h("h2", {}, title), h("p", {id: "dead-end-text"}, text), extra || null,
    h("p", {class: "row dead-end-links"}, links.map(([href, label], i) =>
      h("a", {class: "button" + (i === 0 ? " primary" : ""), href}, label)))));
}

/** A notice above the page that stays until it is closed (or another one takes its place). */
function showNotice(text) {
  document.getElementById("notice")?.remove();
  const notice = h("div", {id: "notice", class: "notice", role: "status"},
    h("p", {}, text),
    h("button", {type: "button", class: "notice-close", "aria-label": t("dismiss"), title: t("dismiss"),
                 onclick: () => notice.remove()}, "×"));
  document.getElementById("main").before(notice);
}

function clearNotice() {
  document.getElementById("notice")?.remove();
}
