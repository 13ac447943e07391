/* Binokel in the browser: the table without a server. This Web Worker loads Python (Pyodide)
 * and the binokel package, and runs the server's own table (binokel/web/offline.py) for the
 * page: its HTTP calls and its table connections come as messages (transport.js).
 * Games are kept in IndexedDB after every change and put back when the worker starts.
 */
"use strict";

const ROOT = new URL("../", self.location.href);
const INDEX = new URL("pyodide/", ROOT).href;
importScripts(INDEX + "pyodide.js");

const started = performance.now();
function say(stage) { self.postMessage({kind: "progress", stage, ms: Math.round(performance.now() - started)}); }

// ---------------------------------------------------------------------------------------------
// Kept games (IndexedDB: one record per table, its id the key)

const DB_NAME = "binokel-offline";
function database() {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(DB_NAME, 1);
    open.onupgradeneeded = () => open.result.createObjectStore("tables");
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
}
const dbReady = database().catch(() => null);

async function keep(id, text) {
  const db = await dbReady;
  if (!db || !text) return;
  await new Promise((resolve) => {
    const tx = db.transaction("tables", "readwrite");
    tx.objectStore("tables").put(text, id);
    tx.oncomplete = tx.onerror = tx.onabort = () => resolve();
  });
}

async function kept() {
  const db = await dbReady;
  if (!db) return [];
  return new Promise((resolve) => {
    const got = db.transaction("tables").objectStore("tables").getAll();
    got.onsuccess = () => resolve(got.result || []);
    got.onerror = () => resolve([]);
  });
}

// ---------------------------------------------------------------------------------------------
// Python

async function start() {
  say("runtime");
  const pyodide = await loadPyodide({indexURL: INDEX});
  say("package");
  const zip = await (await fetch(new URL("binokel.zip", ROOT))).arrayBuffer();
  pyodide.unpackArchive(zip, "zip", {extractDir: "/home/pyodide/lib"});
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/lib')");
  say("tables");
  const host = pyodide.runPython("from binokel.web.offline import OfflineHost\nOfflineHost()");
  for (const text of await kept()) {
    try { host.restore(text); } catch (err) { /* a kept game this version cannot read */ }
  }
  say("ready");
  self.postMessage({kind: "ready", ms: Math.round(performance.now() - started)});
  return host;
}

const hostReady = start();
hostReady.catch((err) => self.postMessage({kind: "progress", stage: "failed", error: String(err)}));

const tableOf = new Map();   // connection -> table id
let saving = new Set();

function save(host, id) {
  if (saving.has(id)) return;
  saving.add(id);
  setTimeout(() => {
    saving.delete(id);
    keep(id, host.snapshot(id));
  }, 50);
}

// The page's messages, one after another, in the order sent.
let queue = Promise.resolve();
self.addEventListener("message", (event) => {
  const data = event.data;
  queue = queue.then(() => handle(data)).catch((err) => console.error(err));
});

async function handle(data) {
  const host = await hostReady;
  if (data.kind === "request") {
    const answer = await host.request(data.method, data.path, data.body);
    const [status, body] = answer.toJs();
    answer.destroy();
    const made = data.method === "POST" && data.path === "/api/tables" && status === 201;
    const id = made ? JSON.parse(body).id : (data.path.match(/^\/api\/tables\/([A-Za-z0-9_-]+)/) || [])[1];
    if (id && id !== "mine") save(host, id);
    self.postMessage({kind: "answer", call: data.call, status, body});
  } else if (data.kind === "open") {
    tableOf.set(data.socket, data.table);
    const post = (text) => {
      self.postMessage({kind: "message", socket: data.socket, text});
      save(host, data.table);
    };
    const closed = (code) => self.postMessage({kind: "closed", socket: data.socket, code});
    await host.open(data.socket, data.table, post, closed);
  } else if (data.kind === "send") {
    host.receive(data.socket, data.text);
  } else if (data.kind === "settings") {
    // The pause before each computer move (the bench script and the tests set 0).
    if (typeof data.botDelay === "number" && data.botDelay >= 0) host.manager.bot_delay = data.botDelay;
  } else if (data.kind === "timings") {
    self.postMessage({kind: "timings", timings: JSON.parse(host.timings())});
  } else if (data.kind === "hang-up") {
    host.hang_up(data.socket);
    tableOf.delete(data.socket);
  }
}
