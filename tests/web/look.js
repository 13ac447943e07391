/* What a person sees on a page, checked in the page (tests/web/test_pages_browser.py): what is
 * wrong (empty: all good) and how much was looked at. The argument is the English words a
 * German page must not show. */
([englishOnly]) => {
  const problems = [];
  const W = innerWidth, H = innerHeight;
  const doc = document.documentElement;
  if (doc.scrollWidth > W + 1) problems.push(`page ${doc.scrollWidth} px wide in a ${W} px window`);
  const shown = (el) => {
    const s = getComputedStyle(el), r = el.getBoundingClientRect();
    return s.visibility !== "hidden" && s.display !== "none" && r.width > 0 && r.height > 0
      && el.closest("[hidden], dialog:not([open])") === null;
  };
  const scroller = (el) => {  // inside a box that scrolls or clips sideways (a wide table)
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === "auto" || o === "scroll" || o === "hidden") return p;
    }
    return null;
  };
  const name = (el) => `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""} "${(el.innerText || el.value || el.getAttribute("aria-label") || "").trim().slice(0, 30)}"`;
  const counts = {elements: 0, targets: 0, onTop: 0, words: 0};
  for (const el of document.querySelectorAll("body *")) {
    if (!shown(el) || el.closest("svg") && el.tagName.toLowerCase() !== "svg") continue;
    counts.elements += 1;
    const r = el.getBoundingClientRect();
    const box = scroller(el);
    const limit = box ? box.getBoundingClientRect() : {left: 0, right: W};
    if (r.left < Math.max(0, limit.left) - 1 || r.right > Math.min(W, limit.right) + 1) {
      if (!box || box.getBoundingClientRect().right > W + 1) problems.push(`outside the window: ${name(el)} ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
  }
  const targets = document.querySelectorAll("a[href], button, select, input, textarea, [role=button]:not(circle), tr[tabindex]");
  for (const el of targets) {
    if (!shown(el)) continue;
    counts.targets += 1;
    const r = el.getBoundingClientRect();
    if (r.width < 44 - 0.5 || r.height < 44 - 0.5) problems.push(`small tap target ${Math.round(r.width)}×${Math.round(r.height)}: ${name(el)}`);
    const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
    if (cy > 0 && cy < H && cx > 0 && cx < W) {
      counts.onTop += 1;
      const top = document.elementFromPoint(cx, cy);
      if (!top || !(el === top || el.contains(top))) problems.push(`covered: ${name(el)} under ${top ? name(top) : "nothing"}`);
    }
  }
  for (const el of document.querySelectorAll("main h2")) {
    if (!shown(el)) continue;
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + Math.min(r.width, W) / 2, r.top + r.height / 2);
    if (!top || !(el === top || el.contains(top))) problems.push(`heading covered: ${name(el)}`);
  }
  if (document.documentElement.lang === "de") {
    const english = new Set(englishOnly);
    const words = document.body.innerText.split(/[^A-Za-zÄÖÜäöüßé]+/).filter((w) => w.length > 2);
    counts.words = words.length;
    const found = [...new Set(words.filter((w) => english.has(w.toLowerCase())))];
    if (found.length) problems.push(`English on a German page: ${found.join(", ")}`);
  }
  return {problems, counts};
}
