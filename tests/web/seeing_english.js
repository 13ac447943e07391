/* seeing.english_words: English words in the visible text of a German page (tests/web/seeing.py). */
() => {
  // Words of the English catalogue that the German one does not have are English on a German
  // page; players' names and the cards' own letters are not words of either.
  const words = (value, out) => {
    if (typeof value === "string") { for (const w of value.match(/[A-Za-zÄÖÜäöüßé]{3,}/g) || []) out.add(w.toLowerCase()); }
    else if (value && typeof value === "object") for (const v of Object.values(value)) words(v, out);
    return out;
  };
  const de = words([STR.de, SUIT_NAMES.de, RANK_NAMES.de, DESCRIPTIONS_DE], new Set());
  const en = words([STR.en, SUIT_NAMES.en, RANK_NAMES.en], new Set());
  // (The score pad's name, "Pad", is its name in both languages, as "Binokel" is.)
  const names = new Set(["pad"]);
  const msg = TablePage.current && TablePage.current.msg;
  for (const s of (msg ? msg.table.seats : [])) words(s.name || "", names);
  const seen = words(document.body.innerText, new Set());
  return [...seen].filter((w) => en.has(w) && !de.has(w) && !names.has(w)).sort();
}
