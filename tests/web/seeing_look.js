/* seeing.look: the problems a person meets on the page as drawn now (tests/web/seeing.py).
 * Called with [selectors in sight, selectors on top, tap targets, the smallest target]. */
([inSight, onTop, targets, tapPx]) => {
  const problems = [];
  const W = document.documentElement.clientWidth, H = window.innerHeight;
  const shown = (el) => {
    if (!el.getClientRects().length) return false;
    const style = getComputedStyle(el);
    if (style.visibility === "hidden" || Number(style.opacity) === 0) return false;
    // Inside a closed <details>, only its <summary> is drawn.
    const closed = el.closest("details:not([open])");
    if (closed && !el.closest("details:not([open]) > summary") && el.tagName !== "SUMMARY") return false;
    return true;
  };
  const name = (el) => {
    const id = el.id ? "#" + el.id : "";
    const text = (el.innerText || el.getAttribute("aria-label") || "").trim().replace(/\s+/g, " ").slice(0, 40);
    return `<${el.tagName.toLowerCase()}${id}${el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\s+/).join(".") : ""}> "${text}"`;
  };
  // A dialog, or the summary over the table, hides the page behind it: then only what is in
  // it counts.
  const modal = document.querySelector("dialog[open]") || document.getElementById("summary");
  const hits = (el, r) => {
    // Its own visible part: a card of the fan is partly under the next card.
    const x = Math.min(Math.max(r.left + Math.min(r.width, tapPx) / 2, 0), W - 1);
    const y = Math.min(Math.max(r.top + Math.min(r.height, tapPx) / 2, 0), H - 1);
    const top = document.elementFromPoint(x, y);
    return top && (top === el || el.contains(top));
  };
  const inModal = (el) => !modal || modal.contains(el);
  // 1. In sight and on top.
  for (const el of document.querySelectorAll(inSight)) {
    if (!shown(el) || !inModal(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5) {
      problems.push(`${name(el)} is not inside the screen (${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)})`);
    } else if (!hits(el, r)) {
      const top = document.elementFromPoint(r.left + Math.min(r.width, tapPx) / 2, r.top + Math.min(r.height, tapPx) / 2);
      problems.push(`${name(el)} is covered by ${top ? name(top) : "nothing"}`);
    }
  }
  for (const el of document.querySelectorAll(onTop)) {
    if (!shown(el) || !inModal(el)) continue;
    el.scrollIntoView({block: "center", inline: "nearest"});
    const r = el.getBoundingClientRect();
    if (!hits(el, r)) {
      const top = document.elementFromPoint(r.left + Math.min(r.width, tapPx) / 2, r.top + Math.min(r.height, tapPx) / 2);
      problems.push(`${name(el)} (scrolled to) is covered by ${top ? name(top) : "nothing"}`);
    }
  }
  window.scrollTo(0, 0);
  // 2. Nothing widens the page.
  const wide = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
  if (wide > W + 0.5) problems.push(`the page is ${wide} px wide on a ${W} px screen`);
  // 3. Tap targets (cards of the hand: the strip in view).
  for (const el of document.querySelectorAll(targets)) {
    if (!shown(el) || !inModal(el)) continue;
    if (el.closest(".menu-items") && !el.closest("details[open]")) continue;
    let r = el.getBoundingClientRect();
    let w = r.width, h = r.height;
    if (el.classList.contains("card")) {
      const row = el.parentElement;
      const next = el.nextElementSibling;
      if (next && next.classList.contains("card")) w = next.getBoundingClientRect().left - r.left;
      const below = row && row.classList.contains("fan-row") ? row.nextElementSibling : null;
      if (below) h = Math.min(...[...below.children].map((c) => c.getBoundingClientRect().top)) - r.top;
    }
    if (w + 0.5 < tapPx || h + 0.5 < tapPx) problems.push(`${name(el)} is a ${w.toFixed(1)}x${h.toFixed(1)} px target`);
  }
  return problems;
}
