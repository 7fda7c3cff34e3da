// The boards that follow a game hear of each change by a server-sent events stream
// (games/views/streams.py): an event names the game's version; a board that shows another
// one fetches itself, as its poll would ("moved" is one of its triggers). While the stream is
// trusted, the poll's timer sends nothing (live.js asks `streaming()`); while it is not (cut,
// refused, never opened: an old browser), the poll goes on as before, and a stream is tried
// again, sooner after a cut than after a refusal.
//
// A stream is trusted once it is heard, not once it is open: the server sends a heartbeat as
// it opens and after each silence of its interval (the heartbeat's data, in seconds). A proxy
// that passes the headers at once but holds the body (the stream "open", and mute), or a
// connection gone half-open, is found by its silence: nothing for two heartbeats and a margin
// (35 s with the server's 15 s), and the page says it is reconnecting, polls at once, and
// tries a stream again later.
import { clockTime } from "./clock.js";

const RETRY_FIRST_MS = 5000;
const RETRY_MAX_MS = 5 * 60 * 1000;
// Errors in a row without a stream heard, after which it waits RETRY_* rather than reconnect
// at the server's `retry:` pace.
const ERRORS_BEFORE_WAITING = 3;
// The interval until a heartbeat names it: the server's default (STREAM_HEARTBEAT_SECONDS).
const HEARTBEAT_MS = 15000;
// Beyond two heartbeats, for the network and a busy server (at most one heartbeat).
const MARGIN_MS = 5000;
// A fetch of the board that fails while the stream is trusted (no signal for a moment, the
// stream still up) is tried again after CATCH_UP_FIRST_MS, then twice as long each time, up to
// CATCH_UP_MAX_MS, until the board shows the version the stream told of.
const CATCH_UP_FIRST_MS = 1000;
const CATCH_UP_MAX_MS = 5000;

let source = null;
let trusted = false; // the stream open now has said something
let errors = 0;
let waitMs = RETRY_FIRST_MS;
let heartbeatMs = HEARTBEAT_MS;
let silence = null; // the timer that gives up on a stream that says nothing
let told = null; // the version the stream last told of
let catchUpMs = CATCH_UP_FIRST_MS;
let catchingUp = null;

function board() {
  return document.getElementById("board");
}

// The version the board shows: the one its poll sends as `seen`.
function shown(element) {
  const url = element.getAttribute("data-hx-get");
  return url ? new URL(url, location.href).searchParams.get("seen") : null;
}

export function streaming() {
  return trusted;
}

function tell(element) {
  element.dispatchEvent(new CustomEvent("moved"));
}

function behind() {
  const now = board();
  return Boolean(now && told !== null && shown(now) !== told);
}

// "Last update" on the live view: the board is as the server has it at this time.
function heard() {
  const status = document.getElementById("live-connection");
  if (status && !behind()) status.dataset.updated = String(Math.floor(Date.now() / 1000));
}

function sayReconnecting() {
  const status = document.getElementById("live-connection");
  if (!status || !status.dataset.reconnecting) return;
  const updated = clockTime(new Date(Number(status.dataset.updated) * 1000));
  status.textContent = status.dataset.reconnecting.replace("{time}", updated);
  document.querySelector(".live-label")?.classList.add("lost");
}

function close() {
  if (source) source.close();
  source = null;
  trusted = false;
  clearTimeout(silence);
  clearTimeout(catchingUp);
  catchingUp = null;
}

function later() {
  close();
  setTimeout(connect, waitMs);
  waitMs = Math.min(waitMs * 2, RETRY_MAX_MS);
}

// Nothing heard within the bound: the page stops waiting for the stream and asks itself (the
// poll's answer, or its failure, then says how things stand). A stream never heard was not
// trusted, so the page was polling all along: nothing to say then.
function silent() {
  const wasTrusted = trusted;
  later();
  if (wasTrusted) sayReconnecting();
  const now = board();
  if (now) tell(now);
}

function listen() {
  clearTimeout(silence);
  silence = setTimeout(silent, 2 * heartbeatMs + Math.min(MARGIN_MS, heartbeatMs));
}

function alive() {
  if (!trusted) {
    trusted = true;
    errors = 0;
    waitMs = RETRY_FIRST_MS;
  }
  listen();
}

// The board fetched until it shows the version told of: a fetch that fails is not the end.
function catchUp() {
  clearTimeout(catchingUp);
  catchingUp = null;
  if (!source || !behind()) {
    catchUpMs = CATCH_UP_FIRST_MS;
    return;
  }
  const now = board();
  // Not while its fetch is on its way, nor while this page's save is: the save's answer brings
  // the sheet of the round it saved. A board fetched beside it, answered first, showed the end
  // before the answer, which then moved it off the screen and said only "Round 3 saved.".
  const saving = document.querySelector("form.round-form.htmx-request");
  if (!now.classList.contains("htmx-request") && !saving) tell(now);
  catchingUp = setTimeout(catchUp, catchUpMs);
  catchUpMs = Math.min(catchUpMs * 2, CATCH_UP_MAX_MS);
}

function connect() {
  const element = board();
  if (!element || !element.dataset.events || !window.EventSource || source) return;
  const url = new URL(element.dataset.events, location.href);
  url.searchParams.set("seen", shown(element) || "");
  source = new EventSource(url);
  listen(); // the first heartbeat too may never come
  source.addEventListener("heartbeat", (event) => {
    const seconds = Number(event.data);
    if (seconds > 0) heartbeatMs = seconds * 1000;
    alive();
    heard();
  });
  source.addEventListener("message", (event) => {
    alive();
    told = event.data;
    catchUpMs = CATCH_UP_FIRST_MS;
    catchUp();
    heard();
  });
  // The door shut (a link turned off, a log-out, the game deleted): the board's fetch shows
  // why, as its poll's would.
  source.addEventListener("gone", () => {
    close();
    const now = board();
    if (now) tell(now);
  });
  source.addEventListener("error", () => {
    trusted = false;
    errors += 1;
    if (source.readyState === EventSource.CLOSED || errors >= ERRORS_BEFORE_WAITING) later();
  });
}

// The board gone for good (its link's notice in its place): no stream to hold.
document.addEventListener("htmx:afterSettle", () => {
  if (source && !board()?.dataset.events) close();
});

// The signal back: a board still behind the stream is fetched now, not at its next try.
window.addEventListener("online", () => {
  if (catchingUp) {
    catchUpMs = CATCH_UP_FIRST_MS;
    catchUp();
  }
});

connect();
