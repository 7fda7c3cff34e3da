// The boards that follow a game hear of each change by a server-sent events stream
// (games/views/streams.py): an event names the game's version; a board that shows another
// one fetches itself, as its poll would ("moved" is one of its triggers). While the stream is
// open, the poll's timer sends nothing (live.js asks `streaming()`); while it is down (cut,
// refused, never opened: an old browser, a proxy that buffers), the poll goes on as before,
// and a stream is tried again, sooner after a cut than after a refusal.
const RETRY_FIRST_MS = 5000;
const RETRY_MAX_MS = 5 * 60 * 1000;
// Errors in a row without an open stream, after which it waits RETRY_* rather than reconnect
// at the server's `retry:` pace.
const ERRORS_BEFORE_WAITING = 3;

let source = null;
let open = false;
let errors = 0;
let waitMs = RETRY_FIRST_MS;

function board() {
  return document.getElementById("board");
}

// The version the board shows: the one its poll sends as `seen`.
function shown(element) {
  const url = element.getAttribute("data-hx-get");
  return url ? new URL(url, location.href).searchParams.get("seen") : null;
}

export function streaming() {
  return open;
}

function tell(element) {
  element.dispatchEvent(new CustomEvent("moved"));
}

function heard() {
  const status = document.getElementById("live-connection");
  if (status) status.dataset.updated = String(Math.floor(Date.now() / 1000));
}

function close() {
  if (source) source.close();
  source = null;
  open = false;
}

function later() {
  close();
  setTimeout(connect, waitMs);
  waitMs = Math.min(waitMs * 2, RETRY_MAX_MS);
}

function connect() {
  const element = board();
  if (!element || !element.dataset.events || !window.EventSource || source) return;
  const url = new URL(element.dataset.events, location.href);
  url.searchParams.set("seen", shown(element) || "");
  source = new EventSource(url);
  source.addEventListener("open", () => {
    open = true;
    errors = 0;
    waitMs = RETRY_FIRST_MS;
    heard();
  });
  source.addEventListener("message", (event) => {
    heard();
    const now = board();
    if (now && shown(now) !== event.data) tell(now);
  });
  // The door shut (a link turned off, a log-out, the game deleted): the board's fetch shows
  // why, as its poll's would.
  source.addEventListener("gone", () => {
    close();
    const now = board();
    if (now) tell(now);
  });
  source.addEventListener("error", () => {
    open = false;
    errors += 1;
    if (source.readyState === EventSource.CLOSED || errors >= ERRORS_BEFORE_WAITING) later();
  });
}

// The board gone for good (its link's notice in its place): no stream to hold.
document.addEventListener("htmx:afterSettle", () => {
  if (source && !board()?.dataset.events) close();
});

connect();
