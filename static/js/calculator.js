// Llama Llama's hand calculator: the goals typed once, then each player's letters.
import { saveButton, seatFields } from "./forms.js";

const lettersFields = () => [...document.querySelectorAll("input[data-calculate]")];
let saveAfter = null; // the Calculate button whose answer then saves the round (Done)

// Enter in a player's letters counts their hand, as their Calculate button does: the
// keyboard's Next, then on to the next player's letters; Done, in the last player's, then
// saves the round as Done in the last score does (or goes back to a score left empty). In a
// goal, Enter goes on to the next field: it never saves a round half typed.
document.addEventListener("keydown", (event) => {
  if (event.key !== "Enter" || !event.target.closest) return;
  const letters = event.target.closest("input[data-calculate]");
  const goal = event.target.closest("input[data-next]");
  const next = letters
    ? document.getElementById(letters.dataset.calculate)
    : goal && document.getElementById(goal.dataset.next);
  if (!next) return;
  event.preventDefault();
  if (letters) {
    saveAfter = letters === lettersFields().at(-1) ? next.id : null;
    next.click();
  } else next.focus();
});

// The keyboard says so: Next in every player's letters but the last one's, Done there.
function hintKeys(root) {
  if (!root.querySelector || !root.querySelector("input[data-calculate]")) return;
  const fields = lettersFields();
  fields.forEach((field, index) => {
    field.enterKeyHint = index < fields.length - 1 ? "next" : "done";
  });
}
hintKeys(document);
document.addEventListener("htmx:load", (event) => hintKeys(event.target));

// Goals typed before: a tap types one in the first empty goal field and goes on to the next
// empty one (or the first player's letters). Without JavaScript the button posts the form,
// which comes back with the goal typed.
document.addEventListener("click", (event) => {
  const choice = event.target.closest && event.target.closest("button[data-goal-choice]");
  if (!choice) return;
  const goals = [...choice.closest("fieldset").querySelectorAll('input[name^="goal_"]')];
  const empty = goals.find((goal) => !goal.value.trim());
  if (!empty) return;
  event.preventDefault();
  empty.value = choice.value;
  empty.dispatchEvent(new Event("input", { bubbles: true }));
  const next = goals.find((goal) => !goal.value.trim()) || document.getElementById("id_hand_0");
  if (next) next.focus();
});

// "Calculate" counts a player's hand and goes on to the next player's letters (after the last
// player's, the Save button, or the save itself after Done); letters it could not read keep
// the cursor, to be corrected.
document.addEventListener("htmx:afterSettle", (event) => {
  const submitter = event.detail.requestConfig?.triggeringEvent?.submitter;
  if (!submitter || !submitter.id) return;
  const letters = lettersFields();
  const index = letters.findIndex((field) => field.dataset.calculate === submitter.id);
  const counted = letters[index];
  // htmx settles each element its answer brought: the one holding the form decides.
  if (!counted || !event.target.contains(counted)) return;
  const done = submitter.id === saveAfter;
  saveAfter = null;
  if (counted.getAttribute("aria-invalid") === "true") counted.focus();
  else if (letters[index + 1]) letters[index + 1].focus();
  else if (done) setTimeout(() => finish(counted.form)); // once htmx is done with this answer
  else saveButton(counted.form)?.focus();
});

function finish(form) {
  const empty = seatFields(form).find((field) => !field.value.trim());
  if (empty) empty.focus();
  else form.requestSubmit(saveButton(form));
}
