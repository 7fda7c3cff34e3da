// Typing a round at the table: fewer taps between one player's number and the next.
import { clearErrors, moveOn, saveButton, seatFields } from "./forms.js";

// The emptied-hand button: phone keypads have no minus key, so one tap types the best return,
// and marks the player as having emptied their hand: the server gives back the best chip they
// hold when the round is saved (the number typed is its preview on the totals shown).
// One player only empties their hand: marking another takes the old mark's return out of its
// field (in an edit too, where it is the stored round's), and the errors the old mark brought
// (two hands emptied), which the save checks again anyway.
function emptiedHand(button) {
  const input = document.getElementById(button.dataset.fill);
  if (!input) return false;
  const form = input.form;
  const mark = form && form.querySelector("[data-emptied-hand]");
  const old = mark && markOf(mark) !== "" && markOf(mark) !== button.value && markedField(form, mark);
  if (old) {
    old.value = "";
    old.dispatchEvent(new Event("input", { bubbles: true }));
  }
  input.value = button.dataset.return;
  input.dispatchEvent(new Event("input", { bubbles: true })); // before the mark: it clears it
  if (mark) {
    if (old || form.querySelector(".errors-box")) clearErrors(form);
    mark.value = button.value;
    delete mark.dataset.shown;
    mark.dispatchEvent(new Event("change", { bubbles: true })); // the draft keeps it
  }
  showMark(form);
  return true;
}

// The seat marked as having emptied their hand: by a tap, else (an edit) by the round's own
// numbers, until another is marked or that number is changed (data-shown, _round_form.html).
const markOf = (mark) => (mark.value !== "" ? mark.value : mark.dataset.shown || "");

// The field of the player marked as having emptied their hand, or null.
function markedField(form, mark) {
  const seat = markOf(mark);
  return seat === "" ? null : form.querySelector(`[data-seat-field][name="seat_${CSS.escape(seat)}"]`);
}

// The mark shown on its button (aria-pressed: said, and drawn by app.css).
function showMark(form) {
  const mark = form && form.querySelector("[data-emptied-hand]");
  if (!mark) return;
  form.querySelectorAll("button[data-fill]").forEach((button) => {
    button.setAttribute("aria-pressed", String(markOf(mark) !== "" && button.value === markOf(mark)));
  });
}

// A number typed in the field of the player marked: it is theirs, not the rules' return.
document.addEventListener("input", (event) => {
  const field = event.target;
  const mark = field.form && field.matches("[data-seat-field]") && field.form.querySelector("[data-emptied-hand]");
  if (mark && markOf(mark) !== "" && field.name === `seat_${markOf(mark)}` && field.value !== markReturn(field.form, mark)) {
    mark.value = "";
    delete mark.dataset.shown;
    showMark(field.form);
  }
});

function markReturn(form, mark) {
  const button = form.querySelector(`button[data-fill][value="${CSS.escape(markOf(mark))}"]`);
  return button ? button.dataset.return : null;
}

// The marks as the form now holds them: a draft put back, another phone's round (live.js
// keeps the mark in the new form), the page as loaded.
const showMarks = () => document.querySelectorAll("form.round-form").forEach(showMark);
document.addEventListener("htmx:afterSettle", showMarks);
document.addEventListener("change", (event) => {
  if (event.target.matches && event.target.matches("[data-emptied-hand]")) showMark(event.target.form);
});
showMarks();

document.addEventListener("click", (event) => {
  const button = event.target.closest && event.target.closest("button[data-fill]");
  if (button) {
    if (!emptiedHand(button)) return;
    event.preventDefault();
    if (event.detail > 0) moveOn(button.form); // a tap; the keyboard's Tab goes on by itself
    return;
  }
  // "Who quit last": a tap on a name chooses it and goes on to the next empty field. Only a
  // tap or a click (event.detail > 0): the arrow keys move within the names, as radio buttons do.
  const name = event.target.closest && event.target.closest(".quitter label");
  if (!name || event.detail === 0) return;
  const form = name.closest("form");
  requestAnimationFrame(() => moveOn(form));
});

// Enter (a phone keyboard's Next) in a player's field goes on to the next player's field, and
// in the last one (Done) saves the round, or goes back to a field left empty: Enter never
// saves half a round. Without JavaScript, Enter saves the form as it is.
document.addEventListener("keydown", (event) => {
  if (event.key !== "Enter" || !event.target.matches || !event.target.matches("[data-seat-field]"))
    return;
  const form = event.target.form;
  const fields = seatFields(form);
  event.preventDefault();
  // The field an "Emptied hand" filled is passed by, as a name of "who quit last" would be.
  const mark = form.querySelector("[data-emptied-hand]");
  const marked = mark && markedField(form, mark);
  const next = fields.slice(fields.indexOf(event.target) + 1).find((field) => field !== marked || !field.value.trim());
  const empty = fields.find((field) => !field.value.trim());
  if (next) next.focus();
  else if (empty) empty.focus();
  else form.requestSubmit(saveButton(form));
});

// A sheet shown again by Back from the browser's back/forward cache may be rounds behind:
// load it afresh (the server sends it with no-store, so most browsers never keep it).
window.addEventListener("pageshow", (event) => {
  if (event.persisted && document.querySelector("#sheet")) window.location.reload();
});
