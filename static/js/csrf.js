// The CSRF token: the one the page was served with, and a fresh one read from a refusal.
// No DOM at the top level: the service worker includes this module too (games/views/offline.py).

// The token in a page of ours (templates/base.html writes it on <body>), read as text so that
// the service worker, which has no DOMParser, reads it the same way.
export function tokenIn(html) {
  const found = /data-hx-headers='([^']*)'/.exec(html || "");
  try {
    return found ? JSON.parse(found[1].replace(/&quot;/g, '"'))["x-csrftoken"] || "" : "";
  } catch {
    return "";
  }
}

export function pageToken() {
  try {
    return JSON.parse(document.body.dataset.hxHeaders)["x-csrftoken"] || "";
  } catch {
    return "";
  }
}

// Refused by the CSRF check (the page was open too long): the refusal page carries a fresh
// token; with it, the next tap saves the numbers still on screen. False when it carries none.
export function renewToken(html) {
  const token = tokenIn(html);
  if (!token) return false;
  document.body.dataset.hxHeaders = JSON.stringify({ "x-csrftoken": token });
  document.querySelectorAll('input[name="csrfmiddlewaretoken"]').forEach((input) => {
    input.value = token;
  });
  return true;
}
