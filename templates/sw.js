// The service worker: with no signal, the app and every page opened while online open again.
// Served by games/views/offline.py at /sw.js (scope: the whole site), which writes CONFIG.
// About 150 lines of code of our own (and the outbox's modules, included by the view) rather
// than Workbox: no build step, no script from elsewhere under the strict CSP, and the few
// strategies the app needs are plain fetch and Cache API calls.
//
// - The shell (static files, the manifest, the offline page in each language): stored at
//   install under the version, served from the cache first; a new version drops the old one.
// - Pages (GET navigations): network first; after TIMEOUT_MS, or with no connection, the
//   copy stored the last time. A page never copied gets the offline page in the reader's
//   language. Pages are copied per account (the server names it in CONFIG.accountHeader): a page for
//   another account, or for nobody after a log-out, makes the worker forget all the others.
// - POSTs are never copied: sent as they are, and answered by the offline page when they cannot be.
const CONFIG = {% autoescape off %}{{ config }}{% endautoescape %};
// The outbox of rounds saved with no signal (static/js/outbox-store.js, the module the sheet
// imports, and the CSRF helper it imports), sent by Background Sync. Its text is included here
// by games/views/offline.py: a service worker cannot import modules in every browser (Firefox).
const outbox = (() => {
  "use strict";
{% autoescape off %}{{ outbox_code }}{% endautoescape %}
  return { flush, SYNC_TAG };
})();
const SHELL = `shell-${CONFIG.version}`;
const PAGES = "pages-"; // followed by the account's key
const STATE = "state"; // the account and the language of the last page seen
const TIMEOUT_MS = 4000;
const MAX_PAGES = 100;
// A proxy's answers when the app behind it is away: the worker's copy is better.
const GATEWAY_ERRORS = [502, 503, 504];

self.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

async function precache() {
  const cache = await caches.open(SHELL);
  // Without cookies: the offline pages then hold no account's data and serve them all.
  await cache.addAll(CONFIG.shell.map((url) => new Request(url, { credentials: "omit" })));
}

// Nobody is left on an old app: the new version takes the open pages at once, and keeps a
// copy of each (a first visit's page came before any worker could keep it).
self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const old = (await caches.keys()).filter((name) => name.startsWith("shell-") && name !== SHELL);
      await Promise.all(old.map((name) => caches.delete(name)));
      // No navigation preload: when its request fails, Firefox cancels the navigation even
      // though the worker answers from its cache. A phone whose old worker turned it on has
      // it turned off here.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.disable();
      await self.clients.claim();
      const windows = await self.clients.matchAll({ type: "window" });
      await Promise.all(windows.map((client) => refresh(client.url)));
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // A page's stream (js/stream.js) goes to the network as it is, never answered nor copied
  // here: a copy would replay old versions, and a stream held open would never end a fetch.
  if (request.headers.get("Accept") === "text/event-stream") return;
  if (request.mode === "navigate") {
    event.respondWith(request.method === "GET" ? page(event) : sent(request));
  } else if (request.method === "GET" && url.pathname.startsWith(CONFIG.static)) {
    event.respondWith(fromShell(event));
  } else if (request.method === "GET" && CONFIG.shell.includes(url.pathname)) {
    event.respondWith(fetch(request).catch(() => caches.match(url.pathname, { cacheName: SHELL })));
  }
});

// The page asks: store a fresh copy of this page (after an htmx swap changed it), forget
// every page (the log-out button), or whether it is the worker's copy (to say so, and since
// when). The messages' names (keep, shownKept, keptAt) are older than the words: a page open
// across a release still sends them.
self.addEventListener("message", (event) => {
  const { data } = event;
  if (data && data.keep) event.waitUntil(refresh(data.keep));
  if (data && data.forget) event.waitUntil(forgetPages(null).then(() => writeState({})));
  if (data && data.shownKept && shownCopies.has(event.source.id)) {
    event.source.postMessage({ keptAt: shownCopies.get(event.source.id) });
    shownCopies.delete(event.source.id);
  }
});

async function page(event) {
  const { request } = event;
  const answer = fromNetwork(event);
  // Stored even when it comes too late to be shown; asked for now, while the event lasts.
  event.waitUntil(answer.then(({ copy }) => store(request.url, copy)).catch(() => {}));
  const network = answer.then(({ response }) => response);
  const late = new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS));
  try {
    const first = await Promise.race([network, late]);
    if (first && !GATEWAY_ERRORS.includes(first.status)) return first;
    return (await workersCopy(event)) || first || (await network);
  } catch {
    return (await workersCopy(event)) || offlinePage(request.url);
  }
}

// The pages shown from the worker's copy, by their window: each asks once loaded, to say so.
const shownCopies = new Map();

async function workersCopy(event) {
  const copy = await copyOf(event.request.url);
  if (copy) shownCopies.set(event.resultingClientId, copy.headers.get("Date"));
  return copy;
}

async function fromNetwork(event) {
  const response = await fetch(event.request);
  return { response, copy: response.clone() };
}

async function sent(request) {
  try {
    return await fetch(request);
  } catch {
    return offlinePage(request.url);
  }
}

async function fromShell(event) {
  const cache = await caches.open(SHELL);
  const cached = await cache.match(event.request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(event.request);
  if (response.ok) event.waitUntil(cache.put(event.request, response.clone()));
  return response;
}

async function refresh(url) {
  if (new URL(url).origin !== self.location.origin) return;
  try {
    // A redirect (to the log-in page, once signed out) is not this page: not copied.
    await store(url, await fetch(url, { credentials: "same-origin", redirect: "manual" }));
  } catch {
    // No connection: the copy stored before stays.
  }
}

// Only what the server said may be copied (it names the account), and only for that account.
async function store(url, response) {
  const account = response.headers.get(CONFIG.accountHeader);
  if (response.status !== 200 || response.redirected || !account) return;
  const state = await readState();
  if (account !== state.account) await forgetPages(account);
  const language = response.headers.get("Content-Language") || state.language;
  await writeState({ account, language });
  const cache = await caches.open(PAGES + account);
  await cache.put(url, response);
  const keys = await cache.keys(); // oldest first
  await Promise.all(keys.slice(0, -MAX_PAGES).map((key) => cache.delete(key)));
}

async function copyOf(url) {
  const { account } = await readState();
  const options = { ignoreVary: true };
  const page = account && (await (await caches.open(PAGES + account)).match(url, options));
  return page || (await caches.match(url, { ...options, cacheName: SHELL }));
}

async function forgetPages(except) {
  const names = await caches.keys();
  const others = names.filter((name) => name.startsWith(PAGES) && name !== PAGES + except);
  await Promise.all(others.map((name) => caches.delete(name)));
}

async function offlinePage(url) {
  const { pathname } = new URL(url);
  const { language } = await readState();
  const codes = Object.keys(CONFIG.offline);
  const inPath = codes.find((code) => pathname.startsWith(`/${code}/`));
  const code = inPath || (codes.includes(language) ? language : CONFIG.language);
  const offline = await caches.match(CONFIG.offline[code], { cacheName: SHELL });
  return offline || Response.error();
}

async function readState() {
  const response = await (await caches.open(STATE)).match(STATE);
  return response ? response.json() : {};
}

async function writeState(state) {
  await (await caches.open(STATE)).put(STATE, new Response(JSON.stringify(state)));
}

// Background Sync, where the browser has it: the rounds waiting are sent when the connection
// returns, even with no page of the app open. The sheet asks for it when it queues a round.
self.addEventListener("sync", (event) => {
  if (event.tag === outbox.SYNC_TAG) event.waitUntil(sendOutbox());
});

async function sendOutbox() {
  let unsent = false;
  const answers = [];
  await outbox.flush({
    answered: (item, answer) => {
      unsent = unsent || answer.outcome === "unsent";
      const { account, url, number } = item;
      answers.push({ account, url, number, outcome: answer.outcome });
    },
  });
  // An open sheet shows the answers as the server gives them now, and says which rounds were
  // saved, as when it sends them itself (the page's own sending may find them gone).
  const windows = await self.clients.matchAll({ type: "window" });
  windows.forEach((client) => client.postMessage({ type: "outbox", answers }));
  // Still no signal: failing the sync has the browser try again later, by itself.
  if (unsent) throw new Error("The outbox is still waiting for signal.");
}
