/* Binokel in the browser: one way to talk to a table, two transports.
 *
 * The page asks `transport.fetch(path, options)` for the HTTP calls (/api/...) and
 * `transport.socket(tableId)` for a table's connection (send, "open", "message", "close").
 * With a server (the page at /) they are fetch() and a WebSocket; in the installable app (the
 * page at /app/, or any static host) they are messages to a Web Worker that runs the same
 * Python table under Pyodide (worker.js, binokel/web/offline.py). Page addresses are then kept
 * after the "#" (a static host knows only the one page).
 */
"use strict";

const APP = document.documentElement.dataset.app === "offline";

/** The page's own address: /t/ID, /rules/NAME, / ... */
function pagePath() {
  if (!APP) return location.pathname;
  const path = location.hash.slice(1);
  return path.startsWith("/") ? path.split("?")[0] : "/";
}

/** The query of the page's address (?seat=1). */
function pageQuery() {
  if (!APP) return location.search;
  const at = location.hash.indexOf("?");
  return at < 0 ? "" : location.hash.slice(at);
}

/** The URL to put in the address bar for a page path. */
function pageUrl(path) { return APP ? "#" + path : path; }

const serverTransport = {
  offline: false,
  fetch: (path, options) => fetch(path, options),
  socket(tableId) {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return new WebSocket(`${scheme}//${location.host}/ws/${tableId}`);
  },
};

/** The worker and what waits for its answers. */
const workerTransport = {
  offline: true,
  worker: null,
  calls: new Map(),
  sockets: new Map(),
  next: 1,
  progress: null,

  start() {
    if (this.worker) return this.worker;
    const worker = new Worker(document.documentElement.dataset.worker || "static/worker.js");
    worker.addEventListener("message", (event) => this.heard(event.data));
    worker.addEventListener("error", (event) => {
      for (const [, call] of this.calls) call.reject(new Error(event.message || "the worker failed"));
      this.calls.clear();
      window.dispatchEvent(new CustomEvent("binokel-worker", {detail: {failed: event.message || "error"}}));
    });
    this.worker = worker;
    return worker;
  },

  heard(data) {
    if (data.kind === "answer") {
      const call = this.calls.get(data.call);
      this.calls.delete(data.call);
      if (call) call.resolve(new Response(data.body, {status: data.status,
        headers: {"content-type": data.body.startsWith("{") ? "application/json" : "text/plain"}}));
    } else if (data.kind === "message" || data.kind === "closed") {
      const socket = this.sockets.get(data.socket);
      if (!socket) return;
      if (data.kind === "message") socket.dispatchEvent(new MessageEvent("message", {data: data.text}));
      else { this.sockets.delete(data.socket); socket.readyState = 3; socket.dispatchEvent(new CloseEvent("close", {code: data.code})); }
    } else if (data.kind === "timings") {
      window.dispatchEvent(new CustomEvent("binokel-timings", {detail: data.timings}));
    } else if (data.kind === "progress" || data.kind === "ready") {
      window.dispatchEvent(new CustomEvent("binokel-worker", {detail: data}));
    }
  },

  fetch(path, options) {
    const worker = this.start();
    const call = this.next++;
    return new Promise((resolve, reject) => {
      this.calls.set(call, {resolve, reject});
      worker.postMessage({kind: "request", call, method: (options && options.method) || "GET",
        path, body: (options && options.body) || null});
    });
  },

  socket(tableId) {
    const worker = this.start();
    const number = this.next++;
    const socket = new EventTarget();
    socket.readyState = 0;
    socket.send = (text) => { if (socket.readyState === 1) worker.postMessage({kind: "send", socket: number, text}); };
    socket.close = () => {
      if (socket.readyState > 1) return;
      socket.readyState = 3;
      this.sockets.delete(number);
      worker.postMessage({kind: "hang-up", socket: number});
    };
    this.sockets.set(number, socket);
    worker.postMessage({kind: "open", socket: number, table: tableId});
    // Open once the worker has had the message (it answers in order).
    this.fetch("/api/tables/" + encodeURIComponent(tableId)).then(() => {
      if (socket.readyState !== 0) return;
      socket.readyState = 1;
      socket.dispatchEvent(new Event("open"));
    }, () => {});
    return socket;
  },
};

const transport = APP ? workerTransport : serverTransport;

if (APP) {
  // Links in the page name server paths (/t/ID); in the app they stay in the one page.
  document.addEventListener("click", (event) => {
    const a = event.target.closest && event.target.closest("a[href]");
    if (!a || event.defaultPrevented || event.button > 0 || event.metaKey || event.ctrlKey) return;
    const href = a.getAttribute("href");
    if (!href.startsWith("/")) return;
    event.preventDefault();
    if (href.startsWith("/api/") && a.hasAttribute("download")) {
      // The record: the worker writes it, the page hands it over as a file.
      transport.fetch(href).then((r) => r.text()).then((text) => {
        const url = URL.createObjectURL(new Blob([text], {type: "text/plain"}));
        const save = document.createElement("a");
        save.href = url;
        save.download = a.getAttribute("download");
        document.body.append(save);
        save.click();
        save.remove();
        setTimeout(() => URL.revokeObjectURL(url), 10000);
      });
      return;
    }
    if (href === "/pad" || href.startsWith("/pad/")) { location.href = href; return; }
    if (a.target === "_blank") { window.open(pageUrl(href), "_blank"); return; }
    history.pushState(null, "", pageUrl(href));
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, true);
}
