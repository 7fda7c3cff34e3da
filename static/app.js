// The emptied-hand button: phone keypads have no minus key, so one tap types the best return.
document.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-fill]");
  if (!button) return;
  const input = document.getElementById(button.dataset.fill);
  if (!input) return;
  event.preventDefault();
  input.value = button.dataset.return;
  input.dispatchEvent(new Event("input", { bubbles: true }));
});

// On the new-game form, the "who starts" choices show the names as they are typed.
document.addEventListener("input", (event) => {
  const match = event.target.name && event.target.name.match(/^player_(\d)$/);
  const select = document.getElementById("id_starter");
  if (!match || !select) return;
  const option = select.options[Number(match[1])];
  if (!option.dataset.seat) option.dataset.seat = option.textContent;
  const name = event.target.value.trim();
  option.textContent = name ? `${option.dataset.seat}: ${name}` : option.dataset.seat;
});

// Regulars from the roster: one tap seats them in the first empty field (JavaScript only;
// without it the fields still offer the roster as suggestions).
const roster = document.querySelector("[data-roster]");
if (roster) {
  roster.hidden = false;
  roster.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-seat-name]");
    if (!button) return;
    const fields = [...document.querySelectorAll('input[name^="player_"]')];
    const name = button.dataset.seatName;
    if (fields.some((field) => field.value.trim().toLowerCase() === name.toLowerCase())) return;
    const empty = fields.find((field) => !field.value.trim());
    if (!empty) return;
    empty.value = name;
    empty.dispatchEvent(new Event("input", { bubbles: true }));
    button.setAttribute("aria-pressed", "true");
  });
}
