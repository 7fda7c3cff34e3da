// Keep the screen awake while a game is in progress. The browser drops the lock whenever the
// page is hidden, so it is asked for again each time the page becomes visible.
let wakeLock = null;

async function keepAwake() {
  if (!("wakeLock" in navigator) || document.visibilityState !== "visible") return;
  const wanted = document.querySelector("[data-keep-awake]") !== null;
  if (!wanted) {
    if (wakeLock) wakeLock.release().catch(() => {});
    wakeLock = null;
    return;
  }
  if (wakeLock && !wakeLock.released) return;
  try {
    wakeLock = await navigator.wakeLock.request("screen");
  } catch {
    // Refused (battery saver, no permission): the sheet works the same, only the screen dims.
    wakeLock = null;
  }
}

document.addEventListener("visibilitychange", keepAwake);
document.addEventListener("htmx:load", keepAwake); // a finished game's sheet wants it no more
keepAwake();
