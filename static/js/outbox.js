// Nothing typed at the table is lost to a bad signal. The sheet works without this file.
// - The round being typed is a draft stored on the phone (localStorage, per sheet and account):
//   Back, a link, a reload or a closed tab bring it back; saving the round clears it.
// - A round saved with no signal goes into the outbox (outbox-store.js, IndexedDB) with its
//   submission key, shows in the sheet as waiting with the numbers typed (never a total), and
//   the next round can be typed at once. The rounds waiting are sent in order when the
//   connection returns; each answer (saved, refused by the rules, overtaken by another phone)
//   is shown as the sheet shows it for a round saved online.
// The phone checks only what the HTML says (min, max, step): the rules are the server's.
import { pageToken } from "./csrf.js";
import {
  clearErrors,
  isOwnField,
  newKey,
  roundForm,
  showFieldError,
  shownNow,
  typedIn,
} from "./forms.js";
import { heardFromServer, keepCopy } from "./offline.js";
import { closePickers } from "./picker.js";
import * as Outbox from "./outbox-store.js";

const RETRY_MS = 10000;
let items = []; // this sheet's rounds in the outbox, as last read
let notes = []; // the last sending's rounds saved ("Round 3 saved."), told till the next
let swapping = null; // the outbox's own swap of the sheet, and the round it answers
let flushing = null;
let flushAgain = false;
let carried = null; // typed while a save was on its way: for the form that answers it

const box = () => document.querySelector("[data-outbox]");
const fill = (text, values) => text.replace(/\{(\w+)\}/g, (_, name) => values[name]);
const shown = (value) => String(value).replace("-", "\u2212");
const numberOf = (form) => Number(form.querySelector('[name="round_number"]').value);
// A game with a last round (Llama Llama's 4th) is over once that round is saved: no round after
// it is offered, whatever waits.
const pastTheEnd = (number) => number > (Number(box().dataset.lastRound) || Infinity);

function sheet() {
  const outbox = box();
  return outbox && { account: outbox.dataset.account, url: outbox.dataset.action };
}

// The draft.
function draftKey() {
  const { account, url } = sheet();
  return `scorekeeper:draft:${account}:${url}`;
}

function keepDraft(form) {
  if (form.dataset.outboxItem) return; // a round of the outbox, not the one being typed
  // A form whose request was answered is being replaced: its fields (a change event as the
  // field being typed in goes) are what was sent, no draft. What was typed since is `carried`.
  if (form.dataset.answered) return;
  const fields = typedIn(new FormData(form));
  try {
    if (fields.length) localStorage.setItem(draftKey(), JSON.stringify(fields));
    else localStorage.removeItem(draftKey());
  } catch {
    // Storage refused or full: the form works the same, only the draft is not stored.
  }
}

function forgetDraft() {
  try {
    localStorage.removeItem(draftKey());
  } catch {
    // as above
  }
}

function readDraft() {
  try {
    return JSON.parse(localStorage.getItem(draftKey())) || [];
  } catch {
    return [];
  }
}

function putValues(form, fields) {
  fields.forEach(([name, value]) => {
    const field = form.elements.namedItem(name);
    const each = field instanceof RadioNodeList ? [...field] : [field];
    each.filter(Boolean).forEach((one) => {
      if (one.type === "radio" || one.type === "checkbox") one.checked = one.value === value;
      else one.value = value;
      one.dispatchEvent(new Event("change", { bubbles: true })); // for the "who quit last" taps
    });
  });
}

// What was typed in the form after its save was sent: the fields whose values differ from the
// ones sent. The person has gone on, so they belong to the form that comes next.
function typedSince(form, sent) {
  const now = new FormData(form);
  const values = (data, name) => JSON.stringify(data.getAll(name));
  return typedIn(now).filter(([name]) => values(sent, name) !== values(now, name));
}

// The name of the field being typed in, when it is one of `fields`, to go on typing there.
function typingIn(form, fields) {
  const field = document.activeElement;
  const inForm = field && field.name && form.contains(field);
  return inForm && fields.some(([name]) => name === field.name) ? field.name : null;
}

function fieldNamed(form, name) {
  const field = name && form.elements.namedItem(name);
  return field instanceof HTMLInputElement ? field : null;
}

function isBlank(form) {
  return typedIn(new FormData(form)).length === 0;
}

// The form made ready for the next round: nothing typed, no error, its number and a key.
function blank(form) {
  [...form.elements].forEach((field) => {
    if (!field.name || isOwnField(field.name) || field.matches("button")) return;
    if (field.type === "radio" || field.type === "checkbox") field.checked = false;
    else if (field.tagName === "SELECT") field.selectedIndex = 0;
    else field.value = "";
  });
  clearErrors(form);
  form.querySelectorAll(".breakdown").forEach((shown) => shown.remove());
  closePickers(form);
  document.querySelectorAll("#sheet > .notice").forEach((notice) => notice.remove());
}

function numberForm(form, number) {
  const outbox = box();
  form.querySelector('[name="round_number"]').value = number;
  form.querySelector('[name="idempotency_key"]').value = newKey();
  // A round after the rounds waiting is typed against totals no page has shown yet: none sent.
  const totals = form.querySelector('[name="totals"]');
  if (totals && number !== Number(form.dataset.serverRound)) totals.value = "";
  const legend = form.querySelector("legend");
  if (legend) legend.textContent = fill(outbox.dataset.legend, { n: number });
  const heading = document.getElementById("sheet-title");
  if (heading && outbox.dataset.heading) {
    heading.textContent = fill(outbox.dataset.heading, { n: number });
  }
}

// The round after the last one saved or waiting, with the draft typed for it, if any.
function nextRound(form) {
  delete form.dataset.outboxItem;
  blank(form);
  const last = items[items.length - 1];
  numberForm(form, last ? last.number + 1 : Number(form.dataset.serverRound));
  putValues(form, readDraft());
  shownNow(form); // save.js: a late second tap saves nothing
}

// What the HTML says a field takes (min, max, step), said next to the field as the server
// says its refusals. The rules themselves are checked by the server only.
function fitsTheForm(form) {
  if (form.checkValidity()) return true;
  const wrong = [...form.elements].filter((field) => field.willValidate && !field.validity.valid);
  wrong.forEach((field) => {
    const bounds = { min: shown(field.min), max: shown(field.max) };
    showFieldError(field, fill(box().dataset.invalid, bounds));
  });
  wrong[0].focus();
  return false;
}

// Into the outbox: `sent` is what htmx sent and got no answer to (the same key then, since
// the server may have saved it); otherwise the form as typed, with a key of its own.
async function queue(form, sent) {
  const { account, url } = sheet();
  const data = sent || new FormData(form);
  const item = {
    account,
    url,
    number: Number(data.get("round_number")),
    key: sent ? data.get("idempotency_key") : newKey(),
    fields: [...data].filter(([name]) => !isOwnField(name)),
    token: pageToken(),
    status: "waiting",
  };
  notes = [];
  items = [...items, item]; // before the database answers: a next tap must queue behind it
  forgetDraft();
  item.id = await Outbox.add(item);
  // Typed after Save was tapped, while the save was on its way or being stored: the next round.
  const typed = typedSince(form, data);
  const at = typingIn(form, typed);
  forgetDraft();
  nextRound(form);
  putValues(form, typed);
  if (typed.length) keepDraft(form);
  const first = fieldNamed(form, at) || form.querySelector('input[type="number"]');
  if (first) first.focus();
  await draw();
  askForSync();
  flush();
}

// A held round (refused, or overtaken), corrected in the form and saved again: it keeps its
// place, and the rounds behind it follow it.
async function correct(form, id) {
  const index = items.findIndex((item) => item.id === id);
  const data = new FormData(form);
  const number = numberOf(form);
  const fields = [...data].filter(([name]) => !isOwnField(name));
  const item = { ...items[index], fields, number, key: newKey(), status: "waiting" };
  delete item.html;
  await Outbox.put(item);
  await renumber(items.slice(index + 1), number + 1);
  await refreshItems();
  nextRound(form);
  await draw();
  flush();
}

async function discard(id) {
  const index = items.findIndex((item) => item.id === id);
  if (index < 0) return;
  const item = items[index];
  await Outbox.remove(id);
  await renumber(items.slice(index + 1), readAnswer(item.html).next || item.number);
  await refreshItems();
  const form = roundForm();
  if (form && Number(form.dataset.outboxItem) === id) nextRound(form);
  await draw();
  flush();
}

async function renumber(behind, first) {
  for (const [offset, item] of behind.entries()) {
    if (item.number !== first + offset) await Outbox.put({ ...item, number: first + offset });
  }
}

async function refreshItems() {
  const where = sheet();
  items = where ? await Outbox.forSheet(where.account, where.url) : [];
}

// The server's answer to a held round, read from the sheet it sent: the round number it
// expects now, the refusals next to their fields, and the rest.
function readAnswer(html) {
  const page = new DOMParser().parseFromString(html || "", "text/html");
  const number = page.querySelector('form.round-form [name="round_number"]');
  const fields = [...page.querySelectorAll("form.round-form ul.errors[id]")].map((list) => [
    list.id.replace(/_errors$/, ""),
    list.textContent.trim(),
  ]);
  const said = [...page.querySelectorAll("#sheet > .notice, form.round-form .errors-box p")];
  return {
    over: Boolean(page.querySelector("#sheet[data-finished]")), // the game ended before it
    next: number ? Number(number.value) : null,
    fields,
    messages: said.map((line) => line.textContent.trim()),
  };
}

// A held round put back in the form after a reload, a closed tab, or an answer the service
// worker got: its numbers, and what the server said, where the server says it.
function showHeld(form, item) {
  const answer = readAnswer(item.html);
  form.dataset.outboxItem = String(item.id); // before its numbers: they are no draft
  if (answer.next) form.dataset.serverRound = String(answer.next); // the sheet is older
  blank(form);
  putValues(form, item.fields);
  numberForm(form, item.status === "overtaken" && answer.next ? answer.next : item.number);
  answer.fields.forEach(([id, message]) => {
    const field = document.getElementById(id);
    if (field && form.contains(field)) showFieldError(field, message);
  });
  // A round overtaken (typed offline, come back after others): the outbox's one sentence
  // says it (statusLine), not the server's notice of a sheet typed on an older page.
  if (item.status === "overtaken") return;
  answer.messages.forEach((message) => {
    const notice = Object.assign(document.createElement("p"), { textContent: message });
    notice.className = "notice";
    notice.setAttribute("role", "alert");
    document.getElementById("sheet").prepend(notice);
  });
}

// A held round whose answer was the sheet of a game over: it has no round to go back to.
const afterTheEnd = (item) => item.status !== "waiting" && readAnswer(item.html).over;

function statusLine(item, index) {
  const words = box().dataset;
  const head = items[0];
  if (afterTheEnd(item)) return fill(words.over || words.overtaken, { n: item.number });
  if (item.status === "refused") return fill(words.refused, { n: item.number });
  if (item.status === "overtaken") {
    const next = readAnswer(item.html).next;
    return fill(next && words.late ? words.late : words.overtaken, { n: item.number, next });
  }
  if (item.status === "gone") return fill(words.gone, { n: item.number });
  if (index > 0 && head.status !== "waiting") {
    return fill(words.behind, { n: item.number, first: head.number });
  }
  return fill(words.waiting, { n: item.number });
}

function drawList() {
  const outbox = box();
  const list = outbox.querySelector("ul");
  const lines = items.map((item, index) => {
    const line = document.createElement("li");
    line.className = item.status === "waiting" ? "waiting" : "held";
    line.append(statusLine(item, index));
    if (item.status !== "waiting") {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.discard = item.id;
      button.textContent = fill(outbox.dataset.discard, { n: item.number });
      line.append(" ", button);
    }
    return line;
  });
  if (items.some((item) => item.status === "waiting")) {
    const help = { className: "help", textContent: outbox.dataset.waitingHelp };
    lines.push(Object.assign(document.createElement("li"), help));
  }
  const form = roundForm();
  if (form && form.hidden) {
    const last = { className: "help", textContent: fill(outbox.dataset.lastWaits, { n: numberOf(form) - 1 }) };
    lines.push(Object.assign(document.createElement("li"), last));
  }
  notes.forEach((note) => {
    lines.push(Object.assign(document.createElement("li"), { textContent: note }));
  });
  list.replaceChildren(...lines);
}

// The rounds waiting, as rows of the sheet: the numbers typed, and no total.
function drawRows() {
  const body = document.querySelector("#sheet table.sheet tbody");
  if (!body) return;
  body.querySelectorAll("tr.queued").forEach((row) => row.remove());
  const none = body.querySelector("td.muted");
  if (none) none.parentElement.hidden = items.length > 0;
  const players = document.querySelectorAll("#sheet table.sheet thead th").length - 1;
  // Not a round overtaken: its numbers are in the form, as the round to save next.
  items.filter((item) => !afterTheEnd(item) && item.status !== "overtaken").forEach((item) => {
    const values = new Map(item.fields);
    const row = document.createElement("tr");
    row.className = `queued ${item.status}`;
    const number = document.createElement("th");
    number.scope = "row";
    number.textContent = item.number;
    const mark = Object.assign(document.createElement("span"), {
      className: "sr-only",
      textContent: ` ${box().dataset.mark}`,
    });
    number.append(mark);
    row.append(number);
    for (let seat = 0; seat < players; seat += 1) {
      const value = values.get(`seat_${seat}`);
      row.append(Object.assign(document.createElement("td"), { textContent: shown(value ?? "") }));
    }
    body.append(row);
  });
}

async function draw() {
  if (!box()) return;
  await refreshItems();
  const form = roundForm();
  const head = items[0];
  // A round held to correct (refused, overtaken) comes back in the form; one whose sheet is
  // gone has nowhere to go: only its Discard.
  const held = head && ["refused", "overtaken"].includes(head.status);
  if (held && afterTheEnd(head)) {
    // The server said the game is over: its sheet, newer than this one (a copy the worker kept,
    // reloaded without a signal), is shown rather than a form for a round after the end.
    if (!document.querySelector("#sheet[data-finished]")) return show({ answer: { html: head.html } });
  } else if (form && held && !form.dataset.outboxItem) showHeld(form, head);
  // The server's answer to a round overtaken is the sheet with its long notice: the outbox's
  // one sentence says it instead (statusLine).
  if (held && head.status === "overtaken") document.querySelectorAll("#sheet > .notice").forEach((notice) => notice.remove());
  if (form && !form.dataset.outboxItem) {
    const last = items[items.length - 1];
    const next = last ? last.number + 1 : Number(form.dataset.serverRound);
    if (numberOf(form) !== next) numberForm(form, next);
  }
  if (form) form.hidden = !form.dataset.outboxItem && pastTheEnd(numberOf(form));
  drawRows();
  drawList();
  // Who starts, in what order goals are laid: the rules say it after the rounds saved, which
  // are no longer the round being typed.
  document.querySelectorAll("#sheet .starter, #sheet .table-helpers").forEach((told) => {
    told.hidden = items.length > 0;
  });
}

// Sends this sheet's rounds; the last answer shows as the sheet the server sent with it.
// Asked while a sending is still on its way (a held round corrected the moment its answer
// showed), it sends again once that one ends: the round would otherwise wait for the timer.
function flush() {
  const where = sheet();
  if (flushing) {
    flushAgain = true;
    return flushing;
  }
  if (!where || !items.some((item) => item.status === "waiting")) return null;
  let last = null;
  notes = [];
  const answered = (item, answer) => {
    if (answer.outcome !== "unsent") heardFromServer();
    if (answer.outcome === "saved") {
      notes.push(fill(box().dataset.roundSaved, { n: item.number }));
      last = { answer };
    } else if (answer.outcome !== "unsent" && answer.outcome !== "gone") {
      last = { answer, item: { ...item, status: answer.outcome } };
    }
  };
  flushing = Outbox.flush({ ...where, token: pageToken(), answered })
    .then(() => (last ? show(last) : draw()))
    .catch(() => draw())
    .finally(() => {
      flushing = null;
      if (flushAgain) {
        flushAgain = false;
        flush();
      }
    });
  return flushing;
}

async function show({ answer, item }) {
  await refreshItems();
  swapping = { item };
  window.htmx.swap("#sheet", answer.html, { swapStyle: "outerHTML", swapDelay: 0, settleDelay: 0 });
  swapping = null;
  keepCopy(); // a reload without a signal shows this sheet, not the one before the rounds sent
  await draw();
}

// Each new sheet (the page, or one htmx brought): the draft back into a blank form, or the
// form the server filled with a calculated hand stored as the draft. Numbers it refused (the
// rules, another phone's round) are on screen with their Discard, and no draft: a reload
// sets them aside as Discard does; a correction typed makes them the draft again. The rounds
// the outbox said were saved belong to its own sheet, not to the next ones.
function arrived() {
  const form = roundForm();
  if (form) {
    form.dataset.serverRound = String(numberOf(form));
    if (swapping && swapping.item) form.dataset.outboxItem = String(swapping.item.id);
    else if (form.querySelector("[data-discard-draft]")) forgetDraft();
    else if (isBlank(form)) putValues(form, readDraft());
    else keepDraft(form);
    if (carried && carried.fields.length) {
      putValues(form, carried.fields);
      keepDraft(form);
    }
  }
  if (!swapping) notes = [];
  draw().then(flush);
}

// "Discard these numbers" after a refusal: the form emptied in place, the draft forgotten (or,
// for a round of the outbox, the round discarded as its own Discard does).
function discardTyped(link) {
  const form = link.closest("form");
  if (form.dataset.outboxItem) return discard(Number(form.dataset.outboxItem));
  forgetDraft();
  blank(form);
  link.remove();
  const first = form.querySelector('input[type="number"]');
  if (first) first.focus();
  return null;
}

// The numbers of this sheet's rounds the service worker saved.
function savedHere(answers) {
  const { account, url } = sheet();
  return answers
    .filter((one) => one.account === account && one.url === url && one.outcome === "saved")
    .map((one) => one.number);
}

function askForSync() {
  const worker = navigator.serviceWorker;
  if (!worker || !worker.controller) return;
  worker.ready
    .then((registration) => registration.sync && registration.sync.register(Outbox.SYNC_TAG))
    .catch(() => {}); // no Background Sync: the online event and the timer send it
}

// The outbox's part in a save (save.js calls these, in the order of a save's events).
const active = () => Boolean(window.indexedDB && box());

// Whether the outbox holds rounds of this sheet, or shows one in the form: the form is the
// outbox's to number then, not the poll's (live.js).
export function holding() {
  const form = roundForm();
  return active() && (items.length > 0 || Boolean(form && form.dataset.outboxItem));
}

// Save, with no signal or behind rounds still waiting: into the outbox, in order. True when
// the outbox took the save (htmx then sends nothing).
export function takes(form) {
  if (!active()) return false;
  const held = form.dataset.outboxItem;
  if (!held && navigator.onLine && !items.length) return false; // the ordinary save, by htmx
  if (isBlank(form) || !fitsTheForm(form)) return true; // nothing typed is no round to keep
  if (held) correct(form, Number(held));
  else queue(form, null);
  return true;
}

// Sent, but no answer came: the same submission, key and all, waits in the outbox. True when
// the outbox keeps it.
export function keeps(form, sent) {
  if (!active() || form.dataset.outboxItem) return false;
  queue(form, sent);
  return true;
}

// The form's request (`sent`) answered: a round `saved`, the draft it was is no draft any more.
// What was typed while it was on its way goes into the form that answers it: the next round's,
// or the same round's (a refusal, a hand counted).
export function answered(form, sent, saved) {
  if (!active()) return;
  if (saved) forgetDraft();
  form.dataset.answered = "true";
  const fields = sent ? typedSince(form, sent) : [];
  carried = { fields, at: typingIn(form, fields) };
}

// Once the answer has settled: the field to go on typing in, if the person was typing when it
// came.
export function resumeAt(form) {
  const at = carried && carried.at;
  carried = null;
  return form ? fieldNamed(form, at) : null;
}

function typing(event) {
  const form = event.target.closest && event.target.closest("form.round-form[data-hx-post]");
  if (form && box()) keepDraft(form);
}

// The service worker sent rounds while this page was open: show the sheet as it is now, and
// say which rounds were saved. The worker tells its answers: the outbox alone would not say
// (this page may have read it already emptied, its own sending having waited).
async function workerSent(event) {
  if (!event.data || event.data.type !== "outbox" || !box()) return;
  const saved = savedHere(event.data.answers || []);
  const seen = () => JSON.stringify(items.map((item) => [item.id, item.status]));
  const before = seen();
  await refreshItems();
  if (!saved.length && seen() === before) return;
  if (saved.length) notes = saved.map((n) => fill(box().dataset.roundSaved, { n }));
  const response = await fetch(window.location.href, { headers: { "HX-Request": "true" } });
  if (response.ok) await show({ answer: { html: await response.text() } });
  else await draw();
}

if (window.indexedDB) {
  document.addEventListener("htmx:load", (event) => {
    const root = event.target;
    if (root.matches && (root.matches("[data-outbox]") || root.querySelector("[data-outbox]"))) {
      arrived();
    } else if (root.id === "board" && box()) {
      drawRows(); // the sheet's poll redrew the table: the rounds waiting go back in it
    }
  });
  document.addEventListener("input", typing);
  document.addEventListener("change", typing);
  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest("button[data-discard]");
    if (button) discard(Number(button.dataset.discard));
    const link = event.target.closest && event.target.closest("a[data-discard-draft]");
    if (link && box()) {
      event.preventDefault();
      discardTyped(link);
    }
  });
  navigator.serviceWorker?.addEventListener("message", workerSent);
  window.addEventListener("online", flush);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") flush();
  });
  setInterval(flush, RETRY_MS);
  if (box()) arrived();
}
