// Polish typography on what the scripts write: a one-letter word (a, i, o, u, w, z) never ends
// a line. The server binds it on its pages (scorekeeper/typography.py), but the sentences the
// scripts show ("Odrzuć liczby z rundy 3") come from data attributes, which it leaves as they
// are: some are values (a roster name typed into a field). So a Polish page binds the text the
// scripts add, once written and before it is painted, wherever they write it.
const TEXT_ONLY = "script, style, pre, textarea";
// As scorekeeper/typography.py's SINGLE_LETTER and LONG_NAME (tests/browser/test_typography.py
// runs both on the same sentences).
const SINGLE_LETTER = /(?<![\p{L}\p{N}_.\-’'&;/@])([aiouwzAIOUWZ])[ \t\r\n]+(?=([^\s<]*))/gu;
const LONG_NAME = 10;

export function bound(text) {
  return text.replace(SINGLE_LETTER, (whole, letter, following) =>
    /^\p{Lu}/u.test(following) && [...following].length >= LONG_NAME ? whole : `${letter}\u00a0`,
  );
}

function bind(node) {
  if (node.nodeType === Node.TEXT_NODE) {
    if (node.parentElement && node.parentElement.closest(TEXT_ONLY)) return;
    const text = bound(node.data);
    if (text !== node.data) node.data = text;
  } else if (node.nodeType === Node.ELEMENT_NODE && !node.closest(TEXT_ONLY)) {
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) bind(walker.currentNode);
  }
}

if (document.documentElement.lang === "pl") {
  new MutationObserver((changes) => {
    for (const change of changes) {
      if (change.type === "characterData") bind(change.target);
      else change.addedNodes.forEach(bind);
    }
  }).observe(document.documentElement, { childList: true, characterData: true, subtree: true });
}
