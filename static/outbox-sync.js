// Background Sync for the outbox, where the browser has it: the rounds waiting are sent when
// the connection returns, even with no page of the app open. sw.js imports this file after
// outbox-store.js; the sheet asks for the sync when it queues a round (outbox.js).
self.addEventListener("sync", (event) => {
  if (event.tag === self.ScorekeeperOutbox.SYNC_TAG) event.waitUntil(sendOutbox());
});

async function sendOutbox() {
  let unsent = false;
  await self.ScorekeeperOutbox.flush({
    answered: (item, answer) => {
      unsent = unsent || answer.outcome === "unsent";
    },
  });
  // An open sheet shows the answers (and the rounds saved) as the server gives them now.
  const windows = await self.clients.matchAll({ type: "window" });
  windows.forEach((client) => client.postMessage({ type: "outbox" }));
  // Still no signal: failing the sync has the browser try again later, by itself.
  if (unsent) throw new Error("The outbox is still waiting for signal.");
}
