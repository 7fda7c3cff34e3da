// The new-game form: the fields follow the game chosen and the names typed.

// The "who starts" choices show the names as they are typed.
document.addEventListener("input", (event) => {
  const match = event.target.name && event.target.name.match(/^player_(\d)$/);
  const select = document.getElementById("id_starter");
  if (!match || !select) return;
  const option = select.options[Number(match[1])];
  if (!option.dataset.seat) option.dataset.seat = option.textContent;
  const name = event.target.value.trim();
  // The words come from the page, in its language (games/forms/game.py, data-named).
  const named = select.dataset.named.replace("{seat}", () => option.dataset.seat);
  option.textContent = name ? named.replace("{name}", () => name) : option.dataset.seat;
});

// The name fields the game chosen takes, in seat order.
const nameFields = () =>
  [...document.querySelectorAll('input[name^="player_"]')].filter((field) => !field.disabled);

// Enter (a phone keyboard's Next) after a name goes on to the next name field; in the last
// one, or in a field left empty (the names are all typed), it starts the game.
document.addEventListener("keydown", (event) => {
  const field = event.target;
  if (event.key !== "Enter" || !field.matches || !field.matches('input[name^="player_"]')) return;
  const fields = nameFields();
  const next = fields[fields.indexOf(field) + 1];
  if (!field.value.trim() || !next) return;
  event.preventDefault();
  next.focus();
});

// The game chosen says how many may play and whether the app asks who starts (its radio
// button carries both, from games/rules/). Name fields beyond its maximum are hidden and
// disabled, unless a name is already typed there: the server then refuses the form with the
// rule next to the field.
function followGame() {
  const game = document.querySelector('input[name="game"]:checked');
  if (!game || !game.dataset.maxPlayers) return;
  const max = Number(game.dataset.maxPlayers);
  document.querySelectorAll('input[name^="player_"]').forEach((field, index) => {
    const unused = index >= max && !field.value.trim();
    field.disabled = unused;
    field.closest(".player-field").hidden = unused;
  });
  const fields = nameFields();
  fields.forEach((field, index) => {
    field.enterKeyHint = index < fields.length - 1 ? "next" : "go";
  });
  const limit = document.querySelector("[data-players-limit]");
  if (limit) limit.textContent = game.dataset.limit;
  const starter = document.getElementById("id_starter");
  if (!starter) return;
  starter.disabled = !game.dataset.hasStarter;
  starter.closest(".starter-field").hidden = !game.dataset.hasStarter;
  [...starter.options].forEach((option, index) => {
    option.disabled = index >= max;
    option.hidden = index >= max;
  });
  if (starter.selectedIndex >= max) starter.selectedIndex = 0;
}
document.addEventListener("change", (event) => {
  if (event.target.name === "game") followGame();
});
followGame();

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
    const empty = fields.find((field) => !field.disabled && !field.value.trim());
    if (!empty) return;
    empty.value = name;
    empty.dispatchEvent(new Event("input", { bubbles: true }));
    button.setAttribute("aria-pressed", "true");
  });
}
