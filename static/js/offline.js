// The page's side of the service worker (templates/sw.js, served at /sw.js): the app and the
// pages opened here open again without a signal.
import { clockTime } from "./clock.js";
import { newKey } from "./forms.js";

export const worker = "serviceWorker" in navigator ? navigator.serviceWorker : null;

// Registered once the page has loaded, so it never slows it.
if (worker && document.body.dataset.serviceWorker) {
  window.addEventListener("load", () => {
    worker.register(document.body.dataset.serviceWorker).catch(() => {
      // Refused (a private window, storage full): the site works as before, online.
    });
  });
}

// A page the worker answered with its copy, the server being out of reach, says so and
// since when (the copy's date).
if (worker && worker.controller) {
  worker.addEventListener("message", (event) => {
    const status = document.querySelector("[data-worker-copy]");
    if (!status || !event.data || !event.data.keptAt) return;
    const at = clockTime(new Date(event.data.keptAt));
    status.textContent = status.dataset.workerCopy.replace("{time}", at);
    // Every load of one copy would otherwise send the same submission key, and the server
    // would take a second round typed on it for a retry of the first.
    document.querySelectorAll('input[name="idempotency_key"]').forEach((input) => {
      input.value = newKey();
    });
  });
  worker.controller.postMessage({ shownKept: true });
}

// The worker's copy's notice goes as soon as the server answers this page again (a board's
// poll, a round sent from the outbox): the page then follows the game by itself.
export function heardFromServer() {
  const status = document.querySelector("[data-worker-copy]");
  if (status) status.textContent = "";
}

// A proxy's answers when the app behind it is away.
const GATEWAY_ERRORS = [502, 503, 504];
document.addEventListener("htmx:afterRequest", (event) => {
  const { status } = event.detail.xhr;
  if (status > 0 && !GATEWAY_ERRORS.includes(status)) heardFromServer();
});

// A page changed by htmx (a round saved, a live board updated) or by the outbox's answers is
// copied again as it now is, so that a reload without a signal shows the latest rounds, not
// those of the first visit.
export function keepCopy() {
  if (!worker || !worker.controller || !document.querySelector("#sheet, #board")) return;
  worker.controller.postMessage({ keep: window.location.href });
}

document.addEventListener("htmx:afterRequest", (event) => {
  const { xhr, successful } = event.detail;
  if (successful && xhr.status === 200) keepCopy();
});

// Logging out (logout.js): the worker forgets this account's pages at once (the next page,
// which is nobody's, would make it forget them too).
export function forgetPages() {
  if (worker && worker.controller) worker.controller.postMessage({ forget: true });
}
