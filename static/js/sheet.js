// Typing a round at the table: fewer taps between one player's number and the next.
import { moveOn, saveButton, seatFields } from "./forms.js";

// The emptied-hand button: phone keypads have no minus key, so one tap types the best return,
// and marks the player as having emptied their hand: the server gives back the best chip they
// hold when the round is saved (the number typed is its preview on the totals shown).
function emptiedHand(button) {
  const input = document.getElementById(button.dataset.fill);
  if (!input) return false;
  input.value = button.dataset.return;
  input.dispatchEvent(new Event("input", { bubbles: true })); // before the mark: it clears it
  const mark = input.form && input.form.querySelector("[data-emptied-hand]");
  if (mark) {
    mark.value = button.value;
    mark.dispatchEvent(new Event("change", { bubbles: true })); // the draft keeps it
  }
  return true;
}

// A number typed in the field of the player marked: it is theirs, not the rules' return.
document.addEventListener("input", (event) => {
  const field = event.target;
  const mark = field.form && field.matches("[data-seat-field]") && field.form.querySelector("[data-emptied-hand]");
  if (mark && mark.value !== "" && field.name === `seat_${mark.value}`) mark.value = "";
});

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
  const next = fields[fields.indexOf(event.target) + 1];
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
