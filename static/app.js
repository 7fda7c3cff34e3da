// Comforts for the phone at the table. Every page works without this file; it only helps.

// A round's players' fields, in seat order.
function seatFields(form) {
  return [...form.querySelectorAll("input[data-seat-field]")];
}

// Where typing goes on after a field is filled by a tap (the emptied-hand button, a name of
// "who quit last"): the first player's field still empty, else the Save button. The
// keyboard's Next would have cost a tap more.
function moveOn(form) {
  const empty = seatFields(form).find((field) => !field.value.trim());
  const target = empty || form.querySelector("button.primary");
  if (target) target.focus();
}

// The emptied-hand button: phone keypads have no minus key, so one tap types the best return.
document.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-fill]");
  if (!button) return;
  const input = document.getElementById(button.dataset.fill);
  if (!input) return;
  event.preventDefault();
  input.value = button.dataset.return;
  input.dispatchEvent(new Event("input", { bubbles: true }));
  if (event.detail > 0) moveOn(input.form); // a tap; the keyboard's Tab goes on by itself
});

// "Who quit last": a tap on a name chooses it and goes on to the next empty field. Only a
// tap or a click (event.detail > 0): the arrow keys move within the names, as radio buttons do.
document.addEventListener("click", (event) => {
  const name = event.target.closest && event.target.closest(".quitter label");
  if (!name || event.detail === 0) return;
  const form = name.closest("form");
  requestAnimationFrame(() => moveOn(form));
});

// Enter (a phone keyboard's Next) in a player's field goes on to the next player's field, and
// in the last one (Done) saves the round, or goes back to a field left empty: Enter never
// saves half a round. Without JavaScript, Enter saves the form as it is.
document.addEventListener("keydown", (event) => {
  if (event.key !== "Enter" || !event.target.matches || !event.target.matches("[data-seat-field]"))
    return;
  const form = event.target.form;
  const fields = seatFields(form);
  event.preventDefault();
  const next = fields[fields.indexOf(event.target) + 1];
  const empty = fields.find((field) => !field.value.trim());
  if (next) next.focus();
  else if (empty) empty.focus();
  else form.requestSubmit(form.querySelector("button.primary"));
});

// A round saved through htmx: the sheet says so at its top; the live region outside the
// sheet (which stays on the page, so screen readers announce it) says it aloud, and typing
// goes on in the next round's first field.
document.addEventListener("htmx:afterSettle", (event) => {
  const saved = event.target.querySelector && event.target.querySelector("[data-saved]");
  const status = document.getElementById("sheet-status");
  if (status) status.textContent = saved ? saved.textContent : "";
  if (!saved) return;
  const form = event.target.querySelector("form.round-form");
  const first = form && seatFields(form)[0];
  if (first) first.focus();
});

// Llama Llama's hand calculator. Enter (a phone keyboard's Done) in a player's letters counts
// their hand, as their Calculate button does, and in a goal goes on to the next field: it
// never saves a round half typed.
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

// On the new-game form, the game chosen says how many may play and whether the app asks
// who starts (its radio button carries both, from games/rules/). Name fields beyond its
// maximum are hidden and disabled, unless a name is already typed there: the server then
// refuses the form with the rule next to the field.
function followGame() {
  const game = document.querySelector('input[name="game"]:checked');
  if (!game || !game.dataset.maxPlayers) return;
  const max = Number(game.dataset.maxPlayers);
  document.querySelectorAll('input[name^="player_"]').forEach((field, index) => {
    const unused = index >= max && !field.value.trim();
    field.disabled = unused;
    field.closest(".player-field").hidden = unused;
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

// Parts that need JavaScript (the card picker) are hidden in the HTML and revealed here.
function enhance(root) {
  root.querySelectorAll("[data-enhance][hidden]").forEach((element) => {
    element.hidden = false;
  });
}

// The card picker. The rule (each value once; all llamas together cost data-llama-cost, or,
// with data-llama-each, each of at most that many llamas costs it) comes from games/rules/
// through the form's data attributes; the server checks the number anyway.
function handPenalty(cards, form) {
  const llama = form.dataset.llama;
  const values = new Set(cards.filter((card) => card !== llama).map(Number));
  const parts = [...values].sort((a, b) => a - b);
  const llamas = cards.filter((card) => card === llama).length;
  const each = form.dataset.llamaEach ? llamas : Math.min(llamas, 1);
  for (let i = 0; i < each; i += 1) parts.push(Number(form.dataset.llamaCost));
  return { parts, total: parts.reduce((sum, part) => sum + part, 0) };
}

// Where each llama counts, the game has only data-llama-each of them.
function llamaLimitReached(picker, card) {
  const form = picker.closest("form");
  if (card !== form.dataset.llama || !form.dataset.llamaEach) return false;
  const held = (picker.dataset.cards || "").split(",").filter((c) => c === card).length;
  return held >= Number(form.dataset.llamaEach);
}

function showHand(picker, refused = false) {
  const form = picker.closest("form");
  const cards = picker.dataset.cards ? picker.dataset.cards.split(",") : [];
  const input = document.getElementById(picker.dataset.target);
  const output = picker.querySelector("output");
  const llama = picker.querySelector(`[data-card="${form.dataset.llama}"]`);
  if (form.dataset.llamaEach) {
    llama.setAttribute("aria-disabled", String(llamaLimitReached(picker, form.dataset.llama)));
  }
  // One llama more than the game has: said where the player looks, the hand left as it was.
  output.classList.toggle("refused", refused);
  if (!cards.length) {
    output.textContent = form.dataset.noCard;
    return;
  }
  const { parts, total } = handPenalty(cards, form);
  const names = cards.map((card) => (card === form.dataset.llama ? form.dataset.llamaWord : card));
  output.textContent = `${names.join(" · ")} → ${parts.join(" + ")} = ${total}`;
  if (refused) output.textContent += `\n${form.dataset.llamaLimit}`;
  input.value = total;
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

// The form holds one picker as a <template>; a player's row gets its own copy the first time
// their "Cards" button is tapped, with their name in its buttons' names.
// French elides "de" before a vowel or a mute h: "la main d’Émile" (games/wording.py does the
// same on the server, for the texts it writes with the name in them).
const ELIDED = { de: "d’", que: "qu’", le: "l’", la: "l’", je: "j’", ne: "n’", se: "s’" };
function elidesBefore(name) {
  const [first = "", second = ""] = name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  const vowel = (letter) => letter !== "" && "aeiou".includes(letter);
  if (vowel(first) || first === "h") return true;
  return first === "y" && /\p{L}/u.test(second) && !vowel(second);
}
function elideBefore(slot, name) {
  const before = slot.previousSibling;
  if (!document.documentElement.lang.startsWith("fr") || !elidesBefore(name)) return;
  if (!before || before.nodeType !== Node.TEXT_NODE) return;
  const words = /(^|\s)(de|que|le|la|je|ne|se) $/i;
  before.textContent = before.textContent.replace(words, (_, space, word) => {
    const elided = ELIDED[word.toLowerCase()];
    const capital = word[0] === word[0].toUpperCase();
    return space + (capital ? elided[0].toUpperCase() + elided.slice(1) : elided);
  });
}

function pickerFor(toggle) {
  const target = toggle.dataset.pickerFor;
  const existing = document.getElementById(`${target}_cards`);
  if (existing) return existing;
  const template = toggle.closest("form").querySelector("template[data-card-picker]");
  const picker = template.content.firstElementChild.cloneNode(true);
  const name = document.querySelector(`label[for="${target}"]`).textContent;
  picker.querySelectorAll("[data-name]").forEach((slot) => {
    slot.textContent = name;
    elideBefore(slot, name);
  });
  picker.id = `${target}_cards`;
  picker.dataset.target = target;
  picker.hidden = true;
  toggle.after(picker);
  toggle.setAttribute("aria-controls", picker.id);
  return picker;
}

document.addEventListener("click", (event) => {
  const toggle = event.target.closest(".picker-toggle");
  if (toggle) {
    const picker = pickerFor(toggle);
    const open = toggle.getAttribute("aria-expanded") !== "true";
    toggle.setAttribute("aria-expanded", String(open));
    picker.hidden = !open;
    if (open && !picker.dataset.cards) showHand(picker);
    return;
  }
  const button = event.target.closest(".picker button");
  if (!button) return;
  const picker = button.closest(".picker");
  const refused = llamaLimitReached(picker, button.dataset.card);
  if (button.hasAttribute("data-clear")) {
    picker.dataset.cards = "";
    document.getElementById(picker.dataset.target).value = "";
  } else if (!refused) {
    picker.dataset.cards = [picker.dataset.cards, button.dataset.card].filter(Boolean).join(",");
  }
  showHand(picker, refused);
});

// A save that fails keeps the typed numbers on screen (htmx swaps nothing) and says so.
function saveFailed(event, message) {
  const form = event.target.closest("form");
  const status = form && form.querySelector("[data-save-failed]");
  if (status) status.textContent = form.dataset[message];
}
document.addEventListener("htmx:sendError", (event) => saveFailed(event, "sendError"));
document.addEventListener("htmx:responseError", (event) => {
  const { xhr } = event.detail;
  // Refused by the CSRF check (the page was open too long): the refusal page carries a fresh
  // token; with it, the next tap saves the numbers still on screen.
  if (xhr.status === 403 && renewToken(xhr.responseText)) {
    saveFailed(event, "csrfError");
    return;
  }
  saveFailed(event, "responseError");
  // A live view whose link was revoked: the page then shows only the server's notice (its
  // 404 page), and the polling stops with the board gone.
  const board = event.target.closest("[data-gone]");
  if (board && event.detail.xhr.status === 404) showGone(board, event.detail.xhr.responseText);
});

function renewToken(html) {
  const page = new DOMParser().parseFromString(html, "text/html");
  const headers = page.body && page.body.getAttribute("data-hx-headers");
  if (!headers) return false;
  const token = JSON.parse(headers)["x-csrftoken"];
  if (!token) return false;
  document.body.setAttribute("data-hx-headers", headers);
  document.querySelectorAll('input[name="csrfmiddlewaretoken"]').forEach((input) => {
    input.value = token;
  });
  return true;
}

function showGone(board, html) {
  const page = new DOMParser().parseFromString(html, "text/html");
  const main = board.closest("main");
  const gone = page.querySelector("main h1");
  if (gone) {
    main.replaceChildren(...page.querySelector("main").childNodes);
    document.title = page.title;
  } else {
    const notice = document.createElement("h1");
    notice.textContent = board.dataset.gone;
    main.replaceChildren(notice);
  }
  main.querySelector("h1").setAttribute("tabindex", "-1");
  main.querySelector("h1").focus();
}
document.addEventListener("htmx:beforeRequest", (event) => {
  const status = event.target.querySelector && event.target.querySelector("[data-save-failed]");
  if (status) status.textContent = "";
});

// Keep the screen awake while a game is in progress. The browser drops the lock whenever
// the page is hidden, so it is asked for again each time the page becomes visible.
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

document.addEventListener("DOMContentLoaded", () => {
  enhance(document);
  keepAwake();
});
document.addEventListener("htmx:load", (event) => {
  enhance(event.target);
  keepAwake();
});

// A field's error goes as soon as the field is filled again, by hand, by the card picker or
// by the emptied-hand button (both announce it with an input event); saving checks it anyway.
function clearFieldError(event) {
  const field = event.target;
  const row = field.closest && field.closest(".has-error");
  if (!row || !field.matches("input, select")) return;
  row.classList.remove("has-error");
  row.querySelectorAll(".errors").forEach((list) => {
    if (field.getAttribute("aria-describedby") === list.id) {
      field.removeAttribute("aria-describedby");
    }
    list.remove();
  });
  field.removeAttribute("aria-invalid");
}
document.addEventListener("input", clearFieldError);
document.addEventListener("change", clearFieldError);

// A sheet shown again by Back from the browser's back/forward cache may be rounds behind:
// load it afresh (the server sends it with no-store, so most browsers never keep it).
window.addEventListener("pageshow", (event) => {
  if (event.persisted && document.querySelector("#sheet")) window.location.reload();
});

// A double tap on "Save round": the first tap saves and brings the new, empty form; a second
// tap landing on it a moment later must not ask for every player's points.
document.addEventListener("htmx:afterSettle", (event) => {
  const form = event.target.querySelector && event.target.querySelector("form.round-form");
  if (form) form.dataset.shownAt = String(Date.now());
});
document.addEventListener("htmx:beforeRequest", (event) => {
  const form = event.detail.elt.closest && event.detail.elt.closest("form.round-form");
  if (!form || !form.dataset.shownAt || Date.now() - Number(form.dataset.shownAt) > 1000) return;
  const submitter = event.detail.requestConfig?.triggeringEvent?.submitter;
  if (submitter && submitter.name) return; // an emptied-hand or a calculate button
  const typed = [...form.querySelectorAll('input[type="number"]')].some((input) => input.value);
  if (!typed) event.preventDefault();
});

// The service worker (templates/sw.js, served at /sw.js): the app and the pages opened here
// open again without a signal. Registered once the page has loaded, so it never slows it.
const offline = "serviceWorker" in navigator ? navigator.serviceWorker : null;
if (offline && document.body.dataset.serviceWorker) {
  window.addEventListener("load", () => {
    offline.register(document.body.dataset.serviceWorker).catch(() => {
      // Refused (a private window, storage full): the site works as before, online.
    });
  });
}

// "20:41" in the page's language, with the day when it is not today's.
function clockTime(date) {
  const today = date.toDateString() === new Date().toDateString();
  return new Intl.DateTimeFormat(document.documentElement.lang, {
    ...(today ? {} : { day: "numeric", month: "short" }),
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(date);
}

// A page the worker answered with its kept copy, the server being out of reach, says so
// and since when (the copy's date).
if (offline && offline.controller) {
  offline.addEventListener("message", (event) => {
    const status = document.querySelector("[data-kept-copy]");
    if (!status || !event.data || !event.data.keptAt) return;
    const at = clockTime(new Date(event.data.keptAt));
    status.textContent = status.dataset.keptCopy.replace("{time}", at);
    // Every load of one copy would otherwise send the same submission key, and the server
    // would take a second round typed on it for a retry of the first.
    document.querySelectorAll('input[name="idempotency_key"]').forEach((input) => {
      input.value = crypto.randomUUID();
    });
  });
  offline.controller.postMessage({ shownKept: true });
}

// A page changed by htmx (a round saved, a live board updated) is kept again as it now is,
// so that a reload without a signal shows the latest rounds, not those of the first visit.
document.addEventListener("htmx:afterRequest", (event) => {
  const { xhr, successful } = event.detail;
  if (!offline || !offline.controller || !successful || xhr.status !== 200) return;
  if (!document.querySelector("#sheet, #board")) return;
  offline.controller.postMessage({ keep: window.location.href });
});

// Logging out: the worker forgets this account's pages at once (the next page, which is
// nobody's, would make it forget them too).
document.addEventListener("submit", (event) => {
  if (!offline || !offline.controller || !event.target.matches("[data-forget-offline]")) return;
  offline.controller.postMessage({ forget: true });
});

// Llama Llama's goals typed before: a tap types one in the first empty goal field and goes on
// to the next empty one (or the first player's letters). Without JavaScript the button posts
// the form, which comes back with the goal typed.
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

// The live view without a signal: a poll that cannot reach the server says since when the
// sheet is as shown. The polls go on, and the first that gets through (a 204 too: nothing new
// since) clears it; the board then catches up by itself. A poll that hangs (bars on the
// screen, nothing getting through) counts as lost after LIVE_TIMEOUT_MS.
const LIVE_TIMEOUT_MS = 8000;
function liveConnection(event) {
  const status = document.getElementById("live-connection");
  // detail.elt: a board replaced by the poll's answer hands its afterRequest to its parent.
  return status && event.detail.elt && event.detail.elt.id === "board" ? status : null;
}
function connectionLost(event) {
  const status = liveConnection(event);
  if (!status) return;
  const updated = clockTime(new Date(Number(status.dataset.updated) * 1000));
  status.textContent = status.dataset.lost.replace("{time}", updated);
  document.querySelector(".live-label")?.classList.add("lost");
}
document.addEventListener("htmx:configRequest", (event) => {
  if (liveConnection(event) && !event.detail.timeout) event.detail.timeout = LIVE_TIMEOUT_MS;
});
// The sheet's own board (it follows the other phones) is not polled while the phone knows it
// has no signal: each poll could only fail, and the rounds typed meanwhile wait in the outbox
// (outbox.js). The polls go on by themselves once the signal returns. The live view polls on:
// its failed polls are how it tells since when the sheet is as shown.
document.addEventListener("htmx:beforeRequest", (event) => {
  const board = event.detail.elt;
  if (board && board.id === "board" && !navigator.onLine && !liveConnection(event)) {
    event.preventDefault();
  }
});
document.addEventListener("htmx:sendError", connectionLost);
document.addEventListener("htmx:timeout", connectionLost);
document.addEventListener("htmx:responseError", (event) => {
  // A proxy's answers when the app behind it is away.
  if ([502, 503, 504].includes(event.detail.xhr.status)) connectionLost(event);
});
document.addEventListener("htmx:afterRequest", (event) => {
  const status = liveConnection(event);
  if (!status || !event.detail.successful) return;
  status.dataset.updated = String(Math.floor(Date.now() / 1000));
  status.textContent = "";
  document.querySelector(".live-label")?.classList.remove("lost");
});
