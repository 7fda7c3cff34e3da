// The card picker of L.L.A.M.A.: the cards left in a hand, tapped, type its penalty. Parts
// that need JavaScript (the picker's "Cards" buttons) are hidden in the HTML and revealed here.

function enhance(root) {
  root.querySelectorAll("[data-enhance][hidden]").forEach((element) => {
    element.hidden = false;
  });
}
enhance(document);
document.addEventListener("htmx:load", (event) => enhance(event.target));

// The rule (each value once; all llamas together cost data-llama-cost, or, with
// data-llama-each, each of at most that many llamas costs it; the Party Edition's one pink
// llama, data-pink-llama, data-pink-cost beside them) comes from games/rules/ through the
// form's data attributes; the server checks the number anyway.
function handPenalty(cards, form) {
  const { llama, pinkLlama } = form.dataset;
  const numbers = cards.filter((card) => card !== llama && card !== pinkLlama);
  const parts = [...new Set(numbers.map(Number))].sort((a, b) => a - b);
  const llamas = cards.filter((card) => card === llama).length;
  const each = form.dataset.llamaEach ? llamas : Math.min(llamas, 1);
  for (let i = 0; i < each; i += 1) parts.push(Number(form.dataset.llamaCost));
  if (pinkLlama && cards.includes(pinkLlama)) parts.push(Number(form.dataset.pinkCost));
  return { parts, total: parts.reduce((sum, part) => sum + part, 0) };
}

// How many of a card the game has, where a hand may not hold more: data-llama-each llamas
// where each counts, one pink llama; Infinity otherwise.
function cardLimit(form, card) {
  if (card === form.dataset.llama && form.dataset.llamaEach) return Number(form.dataset.llamaEach);
  if (card && card === form.dataset.pinkLlama) return 1;
  return Infinity;
}

// The card's limit reached: said where the player looks (its words), the hand left as it was.
function limitReached(picker, card) {
  const form = picker.closest("form");
  const held = (picker.dataset.cards || "").split(",").filter((c) => c === card).length;
  return held >= cardLimit(form, card);
}

function limitWords(form, card) {
  return card === form.dataset.pinkLlama ? form.dataset.pinkLimit : form.dataset.llamaLimit;
}

function cardWord(form, card) {
  if (card === form.dataset.llama) return form.dataset.llamaWord;
  return card === form.dataset.pinkLlama ? form.dataset.pinkWord : card;
}

function showHand(picker, refused = null) {
  const form = picker.closest("form");
  const cards = picker.dataset.cards ? picker.dataset.cards.split(",") : [];
  const input = document.getElementById(picker.dataset.target);
  const output = picker.querySelector("output");
  picker.querySelectorAll("[data-card]").forEach((button) => {
    if (cardLimit(form, button.dataset.card) === Infinity) return;
    button.setAttribute("aria-disabled", String(limitReached(picker, button.dataset.card)));
  });
  // One card more than the game has: said where the player looks, the hand left as it was.
  output.classList.toggle("refused", Boolean(refused));
  if (!cards.length) {
    output.textContent = form.dataset.noCard;
    return;
  }
  const { parts, total } = handPenalty(cards, form);
  const names = cards.map((card) => cardWord(form, card));
  output.textContent = `${names.join(" · ")} → ${parts.join(" + ")} = ${total}`;
  if (refused) output.textContent += `\n${limitWords(form, refused)}`;
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
  const toggle = event.target.closest && event.target.closest(".picker-toggle");
  if (toggle) {
    const picker = pickerFor(toggle);
    const open = toggle.getAttribute("aria-expanded") !== "true";
    toggle.setAttribute("aria-expanded", String(open));
    picker.hidden = !open;
    if (open && !picker.dataset.cards) showHand(picker);
    return;
  }
  const button = event.target.closest && event.target.closest(".picker button");
  if (!button) return;
  const picker = button.closest(".picker");
  const refused = limitReached(picker, button.dataset.card) ? button.dataset.card : null;
  if (button.hasAttribute("data-clear")) {
    picker.dataset.cards = "";
    document.getElementById(picker.dataset.target).value = "";
  } else if (!refused) {
    picker.dataset.cards = [picker.dataset.cards, button.dataset.card].filter(Boolean).join(",");
  }
  showHand(picker, refused);
});

// A form made ready for another round: every picker closed and empty.
export function closePickers(form) {
  form.querySelectorAll(".picker").forEach((picker) => {
    picker.dataset.cards = "";
    picker.hidden = true;
  });
  form.querySelectorAll(".picker-toggle").forEach((toggle) => {
    toggle.setAttribute("aria-expanded", "false");
  });
}
