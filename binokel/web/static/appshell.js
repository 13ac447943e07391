/* Binokel, the installable app: what the page says about itself — how far the first start has
 * come, that it plays here without a server, and when the device is offline — and the service
 * worker that keeps it for the next start (sw.js). Only in the app page (transport.js: APP). */
"use strict";

const APP_WORDS = {
  en: {
    runtime: "Loading Python for the computer players… (the first start takes a while; later starts come from this device)",
    package: "Loading the rules and the computer players…",
    tables: "Setting up the table…",
    failed: "The app could not start its computer players: {0}",
    here: "You play the computer on this device: no server, no network needed. Friends at the table, spectators and the shared lobby need a server (binokel serve).",
    offline: "Offline — you can still play the computer here. Friends, spectators, the shared lobby and the score pad need a server and the network.",
  },
  de: {
    runtime: "Python für die Computerspieler wird geladen … (der erste Start dauert etwas; danach kommt alles von diesem Gerät)",
    package: "Regeln und Computerspieler werden geladen …",
    tables: "Der Tisch wird vorbereitet …",
    failed: "Die App konnte ihre Computerspieler nicht starten: {0}",
    here: "Du spielst gegen den Computer auf diesem Gerät: kein Server, kein Netz nötig. Mit Freunden am Tisch, Zuschauer und die gemeinsame Tischliste brauchen einen Server (binokel serve).",
    offline: "Offline – gegen den Computer kannst du hier weiterspielen. Freunde, Zuschauer, die gemeinsame Tischliste und der Block brauchen einen Server und das Netz.",
  },
};

function appWord(key, ...args) {
  const words = APP_WORDS[typeof lang === "string" && lang === "de" ? "de" : "en"];
  return words[key].replace(/\{(\d)\}/g, (_, i) => String(args[Number(i)]));
}

const appState = {stage: "runtime", ready: false, error: null, readyMs: null};

function drawAppStatus() {
  const box = document.getElementById("app-status");
  if (!box) return;
  const offline = !navigator.onLine;
  document.body.classList.toggle("app-offline", offline);
  let text, kind;
  if (appState.error) { text = appWord("failed", appState.error); kind = "bad"; }
  else if (!appState.ready) { text = appWord(appState.stage in APP_WORDS.en ? appState.stage : "runtime"); kind = "loading"; }
  else if (offline) { text = appWord("offline"); kind = "offline"; }
  else { text = appWord("here"); kind = "here"; }
  box.className = kind;
  box.dataset.kind = kind;
  box.textContent = text;
}

if (APP) {
  window.addEventListener("binokel-worker", (event) => {
    const d = event.detail;
    if (d.failed) appState.error = d.failed;
    else if (d.kind === "ready") { appState.ready = true; appState.readyMs = d.ms; }
    else if (d.stage === "failed") appState.error = d.error;
    else if (d.stage) appState.stage = d.stage;
    drawAppStatus();
  });
  window.addEventListener("online", drawAppStatus);
  window.addEventListener("offline", drawAppStatus);
  document.addEventListener("DOMContentLoaded", () => {
    transport.start();
    drawAppStatus();
    document.getElementById("lang").addEventListener("click", drawAppStatus);
  });
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("sw.js").catch((err) => console.warn("no service worker:", err));
  }
}
