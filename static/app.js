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
