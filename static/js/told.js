// What the table must see and hear when the game moves on a page that follows it (the sheet,
// a scorer link's sheet, the live view). The end: the winner and the final standings (the
// banner at the top of the board) are scrolled into view and focused, wherever the page was
// scrolled (the round form, far below, on the phone that saved the last round), and said in
// the page's live region. On the sheet, another phone's round and an undo are said too: the
// live view's own region (#live-news) already says them. The banner is no live region of its
// own: its heading, focused, and this region say it once.

// What the board shows now: the game's version, its rounds, whether it is over, and the
// sentence that tells it (the board's [data-news], templates/games/game.html).
function reading() {
  const board = document.getElementById("board");
  if (!board) return null;
  const news = board.querySelector("[data-news]");
  return {
    version: board.dataset.hxGet ? new URL(board.dataset.hxGet, location.href).searchParams.get("seen") : null,
    rounds: news ? Number(news.dataset.rounds) : null,
    news: news ? news.textContent.trim() : "",
    banner: board.querySelector(".banner"),
  };
}

let before = reading();

// The end in view: the banner's top at the top of the screen (the keyboard gone with the form),
// its heading focused so a screen reader starts there.
function showTheEnd(banner) {
  const heading = banner.querySelector("h2") || banner;
  heading.setAttribute("tabindex", "-1");
  banner.scrollIntoView({ block: "start" });
  heading.focus({ preventScroll: true });
}

// The end as the banner shows it: its verdict (each game words it its own way), its reason,
// and the standings, in order.
function verdict(banner) {
  const lines = [...banner.querySelectorAll("h2, .verdict")].map((line) => line.textContent.trim());
  const places = [...banner.querySelectorAll("ol.standings li")].map((place) => `${place.value}. ${place.textContent.trim()}`);
  return [...lines, places.join(", ")];
}

// The sheet's live region (outside the sheet, so it stays on the page and is announced).
function say(text) {
  const status = document.getElementById("sheet-status");
  if (status && text) status.textContent = text;
}

function told(now) {
  // The server's message of the page's load ("Round 2 undone.") is no longer true of the game.
  document.querySelector("main > .messages")?.remove();
  // The phone's own save says "Round N saved." (save.js), until the board moves past it.
  const own = document.querySelector("#sheet > [data-saved]");
  const ownText = own && own.dataset.version === now.version ? own.textContent.trim() : "";
  const ended = Boolean(now.banner) && !before.banner;
  if (ended) {
    showTheEnd(now.banner);
    say([ownText, ...verdict(now.banner)].filter(Boolean).join(" "));
    return;
  }
  if (ownText || now.rounds === null || before.rounds === null) return;
  const status = document.getElementById("sheet-status");
  if (now.rounds < before.rounds && status && status.dataset.undone) {
    say(status.dataset.undone.replace("{number}", String(before.rounds)));
  } else {
    say(now.news);
  }
}

// What the server left for this page (an undo, a correction's consequences, a round saved
// without htmx: the messages at the top of the page) is said in the live region once the page
// is shown: a region's words present when the page loads are not announced.
const left = document.querySelector("#sheet-status") && document.querySelector("main > .messages");
if (left) setTimeout(() => say(left.textContent.replace(/\s+/g, " ").trim()), 300);

document.addEventListener("htmx:afterSettle", () => {
  const now = reading();
  if (!now || !before) {
    before = now;
    return;
  }
  if (now.version !== before.version) told(now);
  before = now;
});
