// Logging out on a shared phone: what this account left on it goes too (its drafts, its
// rounds waiting in the outbox, the pages the service worker copied), so that the next person
// neither sees nor sends them. Rounds still waiting are deleted only after a warning and a
// second tap on Log out. Without JavaScript the log-out works as ever (no drafts, no outbox).
import { forgetPages } from "./offline.js";
import { forAccount, remove } from "./outbox-store.js";

const DRAFTS = "scorekeeper:draft:";

function forgetDrafts(account) {
  try {
    const mine = Object.keys(localStorage).filter((key) => key.startsWith(`${DRAFTS}${account}:`));
    mine.forEach((key) => localStorage.removeItem(key));
  } catch {
    // Storage refused: there is no draft to forget.
  }
}

async function waitingRounds(account) {
  try {
    return window.indexedDB ? await forAccount(account) : [];
  } catch {
    return []; // no outbox on this phone (a private window)
  }
}

async function logOut(form) {
  const account = form.dataset.account;
  const waiting = await waitingRounds(account);
  const warning = form.querySelector("[data-logout-warning]");
  if (waiting.length && !form.dataset.warned) {
    form.dataset.warned = "true";
    warning.textContent = form.dataset.waiting.replace("{n}", waiting.length);
    return;
  }
  await Promise.all(waiting.map((item) => remove(item.id)));
  forgetDrafts(account);
  forgetPages();
  form.dataset.forgotten = "true";
  form.submit(); // no submit event: this listener is done with it
}

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!form.matches("form[data-forget-offline]") || form.dataset.forgotten) return;
  event.preventDefault();
  logOut(form);
});
