// Where the sheet's columns do not fit the phone (five or six players at 320 px), a line
// under the table says that more players lie to the right, until the last column is in view.
// The edge shadow alone was too faint to tell at the table.
function mark(box) {
  box.toggleAttribute("data-more", box.scrollLeft + box.clientWidth < box.scrollWidth - 1);
}

function markAll() {
  document.querySelectorAll(".sheet-scroll").forEach(mark);
}

// A scroll does not bubble: caught on its way down.
document.addEventListener(
  "scroll",
  (event) => {
    if (event.target.matches && event.target.matches(".sheet-scroll")) mark(event.target);
  },
  { capture: true, passive: true },
);
window.addEventListener("resize", markAll);
document.addEventListener("htmx:afterSettle", markAll);
markAll();
