// What the round form is made of, for every module that works on it (sheet.js, save.js,
// outbox.js): its players' fields, the button that saves, whether a request is its save, and
// the errors shown next to its fields.

export const roundForm = () => document.querySelector("form.round-form[data-hx-post]");

// The form's own fields, not what was typed: its round, its submission key, the key of the
// round just saved (a late second tap's), the totals it is typed against.
const OWN_FIELDS = new Set(["csrfmiddlewaretoken", "round_number", "idempotency_key", "saved_key", "totals"]);

export const isOwnField = (name) => OWN_FIELDS.has(name);

// What was typed, out of a form's data: [name, value] pairs, the form's own fields left out.
export const typedIn = (data) => [...data].filter(([name, value]) => !isOwnField(name) && value !== "");

// A round's players' fields, in seat order.
export function seatFields(form) {
  return [...form.querySelectorAll("input[data-seat-field]")];
}

// Whether the hand calculator's goals were typed in this form (each round has its own).
export const typedGoals = (form) =>
  [...form.querySelectorAll('input[name^="goal_"]')].some((input) => input.value.trim());

// Where a new round's typing starts: its first goal after a round scored with the hand
// calculator, else the first player's points (a table that types scores never taps past goals).
export function firstField(form, withGoals) {
  return (withGoals && form.querySelector('input[name^="goal_"]')) || seatFields(form)[0];
}

// The button that saves the round (the form's first, hidden button is Enter's without
// JavaScript; the others, Calculate, a goal typed before, have a name and save nothing).
export const saveButton = (form) => form.querySelector("button.primary");

// Where typing goes on after a field is filled by a tap (the emptied-hand button, a name of
// "who quit last"): the first player's field still empty, else the Save button.
export function moveOn(form) {
  const empty = seatFields(form).find((field) => !field.value.trim());
  const target = empty || saveButton(form);
  if (target) target.focus();
}

// The round form whose save this htmx request is, or null: another request, or a button of
// the form that only asks the server something (Calculate, a goal typed before).
export function savedForm(event) {
  const elt = event.detail.elt;
  const form = elt && elt.closest && elt.closest("form.round-form[data-hx-post]");
  const submitter = event.detail.requestConfig?.triggeringEvent?.submitter;
  return form && !(submitter && submitter.name) ? form : null;
}

// When the form was last shown new (a save's answer, the outbox's next round): save.js holds
// back a second tap on Save that lands on it a moment later.
export function shownNow(form) {
  form.dataset.shownAt = String(Date.now());
}

// An error next to its field, as the server writes one (templates/games/_field_errors.html).
export function showFieldError(field, message) {
  const row = field.closest(".entry, .goal, .calc") || field.parentElement;
  const list = document.createElement("ul");
  list.className = "errors";
  list.id = `${field.id}_errors`;
  list.append(Object.assign(document.createElement("li"), { textContent: message }));
  row.querySelectorAll(`#${CSS.escape(list.id)}`).forEach((old) => old.remove());
  row.classList.add("has-error");
  row.append(list);
  field.setAttribute("aria-invalid", "true");
  field.setAttribute("aria-describedby", list.id);
}

// One field's error gone (it was filled again).
export function clearFieldError(field) {
  const row = field.closest(".has-error");
  if (!row) return;
  row.classList.remove("has-error");
  row.querySelectorAll(".errors").forEach((list) => {
    if (field.getAttribute("aria-describedby") === list.id) field.removeAttribute("aria-describedby");
    list.remove();
  });
  field.removeAttribute("aria-invalid");
}

// Every error of a form gone, the form's own (non-field) ones too.
export function clearErrors(form) {
  form.querySelectorAll(".errors, .errors-box").forEach((shown) => shown.remove());
  form.querySelectorAll(".has-error").forEach((row) => row.classList.remove("has-error"));
  form.querySelectorAll("[aria-invalid], [aria-describedby]").forEach((field) => {
    field.removeAttribute("aria-invalid");
    const described = field.getAttribute("aria-describedby");
    if (described && !document.getElementById(described)) field.removeAttribute("aria-describedby");
  });
}

// A field's error goes as soon as the field is filled again, by hand, by the card picker or
// by the emptied-hand button (both announce it with an input event); saving checks it anyway.
// A message shown under several fields (two hands emptied: under both) is about them
// together: once one of them changes, it goes from all.
function filledAgain(event) {
  const field = event.target;
  if (!field.matches || !field.matches("input, select")) return;
  const row = field.closest(".has-error");
  const said = row ? [...row.querySelectorAll(".errors li")].map((item) => item.textContent) : [];
  clearFieldError(field);
  if (!said.length || !field.form) return;
  field.form.querySelectorAll(".has-error .errors li").forEach((item) => {
    const other = item.closest(".has-error")?.querySelector("input, select");
    if (other && said.includes(item.textContent)) clearFieldError(other);
  });
}
document.addEventListener("input", filledAgain);
document.addEventListener("change", filledAgain);

// A submission key, as the server's forms make them (randomUUID needs HTTPS: a phone on the
// local network has only getRandomValues).
export function newKey() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join("-");
}
