// The boards that follow the game (the sheet's #board and the live view's): their polls, which
// their stream (stream.js) stands in for while it is open.
import { clockTime } from "./clock.js";
import { typedIn } from "./forms.js";
import { holding } from "./outbox.js";
import { streaming } from "./stream.js";

// The live view without a signal: a poll that cannot reach the server says since when the
// page is as shown. The polls go on, and the first that gets through (a 204 too: nothing new
// since) clears it; the board then catches up by itself. A poll that hangs (bars on the
// screen, nothing getting through) counts as lost after LIVE_TIMEOUT_MS.
const LIVE_TIMEOUT_MS = 8000;
// A proxy's answers when the app behind it is away.
const GATEWAY_ERRORS = [502, 503, 504];

function liveConnection(event) {
  const status = document.getElementById("live-connection");
  // Not detail.elt alone: a board replaced by the poll's answer hands its afterRequest to its
  // parent (with a stream open, no 204 poll follows to clear the notice).
  const elt = event.detail.requestConfig?.elt || event.detail.elt;
  return status && elt && elt.id === "board" ? status : null;
}

function connectionLost(event) {
  const status = liveConnection(event);
  if (!status) return;
  const updated = clockTime(new Date(Number(status.dataset.updated) * 1000));
  status.textContent = status.dataset.lost.replace("{time}", updated);
  document.querySelector(".live-label")?.classList.add("lost");
}

// A board whose link was revoked (a live link, a scorer link): the page then shows only the
// server's notice (its 404 page), and the polling stops with the board gone.
function showGone(board, html) {
  const page = new DOMParser().parseFromString(html, "text/html");
  const main = board.closest("main");
  // Rounds saved with no signal that can no longer be sent stay listed, each with its Discard.
  const outbox = main.querySelector("[data-outbox]");
  const gone = page.querySelector("main h1");
  if (gone) {
    main.replaceChildren(...page.querySelector("main").childNodes);
    document.title = page.title;
  } else {
    const notice = document.createElement("h1");
    notice.textContent = board.dataset.gone;
    main.replaceChildren(notice);
  }
  if (outbox && outbox.querySelector("li")) main.append(outbox);
  main.querySelector("h1").setAttribute("tabindex", "-1");
  main.querySelector("h1").focus();
}

// The sheet's poll brings the round form as the game now stands when another phone saved
// (games/views/sheet.py, board): the form moves on to the next round, its legend, its hints,
// the chip "Emptied hand" gives back, who starts. What the person typed stays: each field
// typed is put into the new form by its name (never the form's own keys: its round, its
// submission key, the totals it is typed against; forms.js's typedIn leaves them out). Left
// alone while a save of it is under way, or while the outbox holds rounds (outbox.js numbers
// the form itself then).
function putInto(form, name, value) {
  const fields = [...form.querySelectorAll(`[name="${CSS.escape(name)}"]`)];
  fields.forEach((field) => {
    if (field.type === "radio" || field.type === "checkbox") {
      field.checked = field.value === value;
      field.toggleAttribute("checked", field.checked);
    } else {
      field.value = value;
      field.setAttribute("value", value);
    }
  });
}

// The player marked as having emptied their hand shows the return of the new totals.
function showReturn(form) {
  const mark = form.querySelector("[data-emptied-hand]");
  const button = mark && mark.value !== "" && form.querySelector(`button[data-fill][value="${CSS.escape(mark.value)}"]`);
  if (button) putInto(form, `seat_${mark.value}`, button.dataset.return);
}

document.addEventListener("htmx:oobBeforeSwap", (event) => {
  const { target, fragment } = event.detail;
  if (!target || target.id !== "sheet-form") return;
  const old = target.querySelector("form.round-form");
  if (old && (old.classList.contains("htmx-request") || holding())) {
    event.detail.shouldSwap = false;
    return;
  }
  const incoming = fragment.querySelector && fragment.querySelector("form.round-form");
  if (!old || !incoming) return;
  typedIn(new FormData(old)).forEach(([name, value]) => putInto(incoming, name, value));
  showReturn(incoming);
});

// A notice at the top of the sheet ("Round 3 saved.", a refusal) is true of the sheet it came
// with: once the board shows another phone's change, it goes (data-version: the game's version
// it was drawn at; the board's own is the one its poll says it has seen).
function forgetOldNotices(board) {
  const seen = new URL(board.dataset.hxGet, window.location.href).searchParams.get("seen");
  document.querySelectorAll("#sheet > [data-version]").forEach((notice) => {
    if (notice.dataset.version !== seen) notice.remove();
  });
}

document.addEventListener("htmx:load", (event) => {
  const board = event.target;
  if (board.id === "board" && board.dataset.hxGet && board.closest("#sheet")) forgetOldNotices(board);
});

document.addEventListener("htmx:configRequest", (event) => {
  if (liveConnection(event) && !event.detail.timeout) event.detail.timeout = LIVE_TIMEOUT_MS;
});

// The sheet's own board (it follows the other phones) is not polled while the phone knows it
// has no signal: each poll could only fail, and the rounds typed meanwhile wait in the outbox
// (outbox.js). The polls go on by themselves once the signal returns. The live view polls on:
// its failed polls are how it tells since when the sheet is as shown.
// While the page's stream is open (stream.js), the poll's timer sends nothing either: the
// stream's "moved" (a request with a triggering event) fetches the board when it changes.
document.addEventListener("htmx:beforeRequest", (event) => {
  const board = event.detail.elt;
  if (!board || board.id !== "board") return;
  const polled = !event.detail.requestConfig?.triggeringEvent;
  if ((!navigator.onLine && !liveConnection(event)) || (polled && streaming())) {
    event.preventDefault();
  }
});

document.addEventListener("htmx:sendError", connectionLost);
document.addEventListener("htmx:timeout", connectionLost);
document.addEventListener("htmx:responseError", (event) => {
  const { status, responseText } = event.detail.xhr;
  if (GATEWAY_ERRORS.includes(status)) connectionLost(event);
  const board = event.target.closest && event.target.closest("[data-gone]");
  if (board && status === 404) showGone(board, responseText);
});
document.addEventListener("htmx:afterRequest", (event) => {
  const status = liveConnection(event);
  if (!status || !event.detail.successful) return;
  status.dataset.updated = String(Math.floor(Date.now() / 1000));
  status.textContent = "";
  document.querySelector(".live-label")?.classList.remove("lost");
});
