// Llama Llama's hand calculator: the goals typed once, then each player's letters.

// Enter (a phone keyboard's Done) in a player's letters counts their hand, as their Calculate
// button does, and in a goal goes on to the next field: it never saves a round half typed.
document.addEventListener("keydown", (event) => {
  if (event.key !== "Enter" || !event.target.closest) return;
  const letters = event.target.closest("input[data-calculate]");
  const goal = event.target.closest("input[data-next]");
  const next = letters
    ? document.getElementById(letters.dataset.calculate)
    : goal && document.getElementById(goal.dataset.next);
  if (!next) return;
  event.preventDefault();
  if (letters) next.click();
  else next.focus();
});

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
