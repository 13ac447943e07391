/* Binokel's score pad offline: this service worker keeps the pad's page and its files, so that
 * the pad opens (and reloads) with no network; the hands entered meanwhile wait in the page's
 * outbox (pad.js) and are sent when the server answers again. The network comes first: a
 * server that answers always serves its newest page. Served at /pad-sw.js, scope /pad. */
"use strict";
const CACHE = "binokel-pad-1";
const FILES = ["/pad", "/static/style.css", "/static/pad.css", "/static/transport.js",
  "/static/gamewords.js", "/static/words.js", "/static/padwords.js", "/static/cards.js", "/static/deadend.js",
  "/static/padform.js", "/static/pad.js"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin) return;
  const page = request.mode === "navigate" && (url.pathname === "/pad" || url.pathname.startsWith("/pad/"));
  if (!page && !FILES.includes(url.pathname)) return;
  const key = page ? "/pad" : url.pathname;
  event.respondWith(fetch(request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(key, copy));
    }
    return response;
  }).catch(() => caches.open(CACHE).then((cache) => cache.match(key)).then((hit) => hit || Response.error())));
});
