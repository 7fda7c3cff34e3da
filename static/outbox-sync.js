// Background Sync for the outbox, where the browser has it: the rounds waiting are sent when
// the connection returns, even with no page of the app open. sw.js imports this file after
// outbox-store.js; the sheet asks for the sync when it queues a round (outbox.js).
self.addEventListener("sync", (event) => {
  if (event.tag === self.ScorekeeperOutbox.SYNC_TAG) event.waitUntil(sendOutbox());
});

async function sendOutbox() {
  let unsent = false;
  const answers = [];
  await self.ScorekeeperOutbox.flush({
    answered: (item, answer) => {
      unsent = unsent || answer.outcome === "unsent";
      const { account, url, number } = item;
      answers.push({ account, url, number, outcome: answer.outcome });
    },
  });
  // An open sheet shows the answers as the server gives them now, and says which rounds were
  // saved, as when it sends them itself (the page's own sending may find them gone).
  const windows = await self.clients.matchAll({ type: "window" });
  windows.forEach((client) => client.postMessage({ type: "outbox", answers }));
  // Still no signal: failing the sync has the browser try again later, by itself.
  if (unsent) throw new Error("The outbox is still waiting for signal.");
}
