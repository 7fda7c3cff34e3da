// Saving a round through htmx, from the tap on Save to the sheet that answers it. The one
// place that handles a save's events, in this order: a second tap is held back, the outbox
// (outbox.js) takes the saves that cannot go now, a save with no answer goes to the outbox
// too, and only what neither can take is said next to the Save button.
import { renewToken } from "./csrf.js";
import { firstField, savedForm, shownNow, typedGoals } from "./forms.js";
import * as outbox from "./outbox.js";

// A double tap on "Save round": the first tap saves and brings the new, empty form; a second
// tap landing on it a moment later must not ask for every player's points.
const SECOND_TAP_MS = 1000;

function secondTap(form) {
  if (!form.dataset.shownAt || Date.now() - Number(form.dataset.shownAt) > SECOND_TAP_MS) return false;
  return ![...form.querySelectorAll('input[type="number"]')].some((input) => input.value);
}

// A save that fails keeps the typed numbers on screen (htmx swaps nothing) and says so.
function say(form, message) {
  const status = form.querySelector("[data-save-failed]");
  if (status) status.textContent = message ? form.dataset[message] : "";
}

// The round form a request comes from: its save, or a button that asks the server (Calculate).
const requestingForm = (event) => event.detail.elt?.closest?.("form.round-form") || null;

// Whether the round being saved was scored with the hand calculator: the next one starts
// at its goals too.
let withGoals = false;

document.addEventListener("htmx:beforeRequest", (event) => {
  const form = requestingForm(event);
  if (form) say(form, null); // Calculate too: a new answer is coming
  const saving = savedForm(event);
  if (!saving) return;
  withGoals = typedGoals(saving);
  if (secondTap(saving) || outbox.takes(saving)) event.preventDefault();
});

// Sent, but no answer came: the outbox keeps it (the same submission, key and all), or the
// person is asked to tap Save again.
document.addEventListener("htmx:sendError", (event) => {
  const form = requestingForm(event);
  const saving = savedForm(event);
  if (saving && outbox.keeps(saving, event.detail.requestConfig.formData)) return;
  if (form) say(form, "sendError");
});

document.addEventListener("htmx:responseError", (event) => {
  const form = requestingForm(event);
  if (!form) return;
  const { xhr } = event.detail;
  // Refused by the CSRF check (the page was open too long): with the refusal's fresh token,
  // the next tap saves the numbers still on screen.
  say(form, xhr.status === 403 && renewToken(xhr.responseText) ? "csrfError" : "responseError");
});

// The form's request answered (a save, Calculate), before its sheet replaces this one: a save
// saved, the draft it was is gone; what was typed while either was on its way goes on in the
// form that comes.
document.addEventListener("htmx:beforeSwap", (event) => {
  const config = event.detail.requestConfig;
  if (!config || !event.detail.shouldSwap) return;
  const request = { detail: { elt: config.elt, requestConfig: config } };
  const form = requestingForm(request);
  const saved = Boolean(savedForm(request)) && event.detail.xhr.status < 300;
  if (form) outbox.answered(form, config.formData, saved);
});

const REFUSALS = "#sheet > .notice, form.round-form .errors-box, form.round-form .errors";

// A round saved: the sheet says so at its top; the live region outside the sheet (which stays
// on the page, so screen readers announce it) says it aloud, and typing goes on in the next
// round's first field (its first goal, with the hand calculator).
document.addEventListener("htmx:afterSettle", (event) => {
  const root = event.target;
  const form = root.querySelector && root.querySelector("form.round-form");
  if (form) shownNow(form);
  const saved = root.querySelector && root.querySelector("[data-saved]");
  // Only the sheet's own answer (a save, a refusal) says or silences it: another phone's round,
  // which settles the board, is told.js's to say.
  const status = document.getElementById("sheet-status");
  if (status && root.id === "sheet") status.textContent = saved ? saved.textContent : "";
  const first = outbox.resumeAt(form) || (saved && form && firstField(form, withGoals));
  if (first) first.focus();
  // A refusal (the rules, another phone's round): its first message at the top of the screen,
  // above the keyboard, which would otherwise hide it under the Save button just tapped. A
  // field's message comes with its field, whole: "who quit last" has its names above it.
  const refusal = !saved && root.querySelector && root.querySelector(REFUSALS);
  if (!refusal) return;
  (refusal.closest(".has-error") || refusal).scrollIntoView({ block: "start" });
  // The cursor where the fixing is: the first field refused ("who quit last": its name chosen,
  // or its first), whose description is the message, read with it. That the round was refused
  // is said aloud (the region stays on the page; the refusal came inside the new sheet), in
  // the outbox's words (_outbox.html): a notice above the sheet is an alert of its own.
  const wrong = form && form.querySelector("[aria-invalid]");
  const words = document.querySelector("[data-outbox]")?.dataset.refused;
  const number = form?.querySelector('[name="round_number"]')?.value;
  if (status && words && number && (wrong || form.querySelector(".errors-box"))) {
    status.textContent = words.replace("{n}", number);
  }
  const chosen = wrong && wrong.type === "radio" && form.querySelector(`[name="${CSS.escape(wrong.name)}"]:checked`);
  if (wrong) (chosen || wrong).focus({ preventScroll: true });
});
