// What the browser page makes of the shared catalogue: gamewords.js and words.js loaded as the
// page loads them, then the words it shows for each meld, card, suit and rule set, as JSON.
// Run by tests/ui/test_one_catalogue.py: node catalogue_probe.js GAMEWORDS_JS WORDS_JS
const vm = require("vm"); const fs = require("fs");
const [gw, wj] = process.argv.slice(2);
const store = {};
const ctx = {location: {search: ""}, navigator: {language: "en"},
  localStorage: {getItem: (k) => store[k] || null, setItem: (k, v) => { store[k] = v; }}, console,
  URLSearchParams};
vm.createContext(ctx);
vm.runInContext(fs.readFileSync(gw, "utf8"), ctx);
vm.runInContext(fs.readFileSync(wj, "utf8"), ctx);
const out = {};
for (const lg of ["en", "de"]) {
  vm.runInContext(`lang = ${JSON.stringify(lg)}`, ctx);
  out[lg] = vm.runInContext(`({melds: Object.fromEntries(Object.keys(GAME_WORDS.en.melds).map((m) => [m, meldName(m)])),
     cards: ["Q♠", "J♦", "10♥", "K♣"].map(cardText), suits: SUIT_NAMES[lang],
     rules: Object.fromEntries(["binokel", "bezique", "binocle-64"].map((r) => [r, describeRules(r, "EN")]))})`, ctx);
}
process.stdout.write(JSON.stringify(out));
