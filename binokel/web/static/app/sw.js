/* Binokel, the installable app: keep every file the app needs, and start from them.
 * `binokel app build` writes FILES and VERSION below; a new VERSION replaces the kept files. */
"use strict";
const VERSION = "@VERSION@";
const FILES = @FILES@;
const CACHE = "binokel-app-" + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((keys) => Promise.all(
    keys.filter((k) => k.startsWith("binokel-app-") && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== location.origin) return;
  // The one page: every address of the app opens it (the rest is after the "#").
  const key = request.mode === "navigate" ? new URL("./", location.href).href : url.href.split("#")[0];
  event.respondWith(caches.open(CACHE).then((cache) => cache.match(key, {ignoreSearch: request.mode === "navigate"}))
    .then((hit) => hit || fetch(request)));
});
