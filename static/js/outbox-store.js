// The outbox: rounds saved with no signal, stored on the phone (IndexedDB) until the server has
// answered them, each with its submission key, sent in the order they were typed. The sheet
// (outbox.js) and the service worker's Background Sync (templates/sw.js) both send it, so this
// module touches no page: only IndexedDB and fetch. The server stays the only judge of a round.
// The worker includes it as text (a service worker cannot load modules in every browser): its
// one-line `import` statements and its `export` words go (games/views/offline.py).
import { tokenIn } from "./csrf.js";

export const SYNC_TAG = "outbox";
const DATABASE = "scorekeeper-outbox";
const STORE = "rounds";
let opened = null;

function open() {
  opened =
    opened ||
    new Promise((resolve, reject) => {
      const request = indexedDB.open(DATABASE, 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore(STORE, { keyPath: "id", autoIncrement: true });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  return opened;
}

async function run(mode, work) {
  const database = await open();
  return new Promise((resolve, reject) => {
    const transaction = database.transaction(STORE, mode);
    const request = work(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve(request ? request.result : undefined);
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

// Every round waiting, oldest first (ids only grow).
const all = () => run("readonly", (store) => store.getAll());
export const add = (item) => run("readwrite", (store) => store.add(item));
export const put = (item) => run("readwrite", (store) => store.put(item));
export const remove = (id) => run("readwrite", (store) => store.delete(id));

// One sheet's rounds: a game reached by one account (or one scorer link), by its form's address.
export async function forSheet(account, url) {
  return (await all()).filter((item) => item.account === account && item.url === url);
}

// Every round of one account, on every sheet (a log-out takes them off the phone).
export async function forAccount(account) {
  return (await all()).filter((item) => item.account === account);
}

// The answer to one round, as the sheet's own form would have had it (htmx's partial).
// "saved", "refused" (422, the rules), "overtaken" (409, another phone or the end of the
// game), "gone" (404 or 410: the game deleted, its scorer link turned off: a final answer),
// or "unsent": no signal, a server error, a log-in page. Only "unsent" is retried.
async function send(item, token) {
  const body = new URLSearchParams(item.fields);
  body.set("round_number", item.number);
  body.set("idempotency_key", item.key);
  body.set("csrfmiddlewaretoken", token || item.token);
  let response;
  try {
    response = await fetch(item.url, {
      method: "POST",
      body,
      credentials: "same-origin",
      redirect: "manual", // signed out: the log-in page must not pass for a saved round
      headers: { "HX-Request": "true", "X-CSRFToken": token || item.token },
    });
  } catch {
    return { outcome: "unsent" };
  }
  const outcomes = { 422: "refused", 409: "overtaken", 404: "gone", 410: "gone" };
  const outcome = response.ok ? "saved" : outcomes[response.status] || "unsent";
  const read = !["unsent", "gone"].includes(outcome) || response.status === 403;
  const html = read ? await response.text() : "";
  return { outcome, html, status: response.status };
}

// Sends one sheet's rounds in order, each with its key (a retry never doubles a round),
// stopping at the first that is not saved: the ones behind it keep their place. Tells
// `answered` of each answer. One sender at a time, the page or the service worker.
async function flushSheet(items, token, answered) {
  for (const item of items) {
    if (item.status !== "waiting") return;
    let answer = await send(item, token);
    if (answer.status === 403 && tokenIn(answer.html)) {
      token = tokenIn(answer.html);
      answer = await send(item, token);
    }
    if (answer.outcome === "saved") await remove(item.id);
    else if (answer.outcome !== "unsent") {
      await put({ ...item, status: answer.outcome, html: answer.html });
    }
    // Gone for one round is gone for the sheet: the rounds behind it are never sent either.
    if (answer.outcome === "gone") {
      for (const behind of items.slice(items.indexOf(item) + 1)) await put({ ...behind, status: "gone" });
    }
    await answered(item, answer);
    if (answer.outcome !== "saved") return;
  }
}

function locked(work) {
  const locks = globalThis.navigator && globalThis.navigator.locks;
  return locks ? locks.request("scorekeeper-outbox", work) : work();
}

// Sends the rounds of one sheet (the page) or of every sheet (the service worker).
export function flush({ account, url, token, answered = () => {} } = {}) {
  return locked(async () => {
    const items = (await all()).filter(
      (item) => url === undefined || (item.account === account && item.url === url),
    );
    const sheets = new Map();
    items.forEach((item) => {
      const sheet = `${item.account} ${item.url}`;
      sheets.set(sheet, [...(sheets.get(sheet) || []), item]);
    });
    for (const sheet of sheets.values()) await flushSheet(sheet, token, answered);
  });
}

