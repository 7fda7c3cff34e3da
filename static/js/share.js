// Sharing a game: the result picture through the phone's share menu, and the live link
// copied to the clipboard. Without this file both still work: the picture is a download link,
// the live link a field to select and copy.

// The result picture. Where the browser can share files (Web Share API), the download link
// becomes "Share the result"; the picture is fetched beforehand, so that the tap itself opens
// the share menu (Safari refuses a share that waited on the network after the tap).
const pictures = new WeakMap();

function canShareFiles() {
  if (!navigator.share || !navigator.canShare) return false;
  const probe = new File([""], "result.png", { type: "image/png" });
  try {
    return navigator.canShare({ files: [probe] });
  } catch {
    return false;
  }
}

function fetchPicture(link) {
  if (!pictures.has(link)) {
    const file = fetch(link.href, { credentials: "same-origin" })
      .then((response) => {
        if (!response.ok) throw new Error(`${response.status}`);
        return response.blob();
      })
      .then((blob) => new File([blob], link.getAttribute("download"), { type: "image/png" }));
    file.catch(() => pictures.delete(link)); // tried again on the tap
    pictures.set(link, file);
  }
  return pictures.get(link);
}

function offerSharing() {
  if (!canShareFiles()) return;
  document.querySelectorAll("a[data-share-result]:not([data-share-ready])").forEach((link) => {
    link.dataset.shareReady = "";
    link.textContent = link.dataset.shareLabel;
    fetchPicture(link).catch(() => {});
  });
}

function say(link, text) {
  const status = link.closest("section, main").querySelector("[data-share-status]");
  if (status) status.textContent = text;
}

async function shareResult(link) {
  try {
    const file = await fetchPicture(link);
    const data = { files: [file], title: link.dataset.shareTitle, text: link.dataset.shareText };
    if (!navigator.canShare(data)) throw new Error("refused");
    await navigator.share(data);
  } catch (error) {
    if (error.name === "AbortError") return; // the share menu was closed: nothing to say
    // Sharing failed: the link downloads the picture instead, as it does without sharing.
    delete link.dataset.shareReady;
    link.textContent = link.dataset.downloadLabel;
    say(link, link.dataset.shareFailed);
  }
}

document.addEventListener("click", (event) => {
  const link = event.target.closest("a[data-share-result][data-share-ready]");
  if (!link) return;
  event.preventDefault();
  shareResult(link);
});

// The live link: "Copy link" copies it and says so; where the clipboard cannot be written,
// the field is selected and the message asks to copy it by hand.
function offerCopying() {
  if (!navigator.clipboard || !navigator.clipboard.writeText) return;
  document.querySelectorAll("button[data-copy]").forEach((button) => {
    button.hidden = false;
  });
}

document.addEventListener("click", async (event) => {
  const button = event.target.closest("button[data-copy]");
  if (!button) return;
  const field = document.getElementById(button.dataset.copy);
  const status = document.getElementById(button.dataset.copyStatus);
  try {
    await navigator.clipboard.writeText(field.value);
    status.textContent = button.dataset.copied;
  } catch {
    field.focus();
    field.select();
    status.textContent = button.dataset.copyByHand;
  }
});

// A field of the link selects all of it on a tap, ready to copy.
document.addEventListener("focusin", (event) => {
  if (event.target.matches && event.target.matches("input[data-select-all]")) event.target.select();
});

function upgrade() {
  offerSharing();
  offerCopying();
}
upgrade();
// A round saved through htmx can end the game: the final section arrives in a swap.
document.addEventListener("htmx:afterSettle", upgrade);
