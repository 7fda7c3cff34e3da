// A phone with Debian's Firefox ESR, driven over WebDriver BiDi by puppeteer-core, for the
// browser tests in Python (tests/helpers/phones.py): one JSON command a line on stdin, one
// JSON answer a line on stdout. The tests hold the flow; this file only acts.
//   {"op": "goto", "url": ...}                       the page loaded
//   {"op": "run", "script": "(a) => ...", "args": []} what the function returns (awaited)
//   {"op": "click" | "fill", "find": "...", "args": [...], "value": ...}
//       on the element the `find` function returns: a real click, or the field emptied then
//       typed key by key
//   {"op": "viewport", "width": ..., "height": ...}    the phone's screen resized
//   {"op": "screenshot", "path": ...}, {"op": "problems"}
//   {"op": "open"}, {"op": "close"}   a phone of its own, then gone: a fresh user context
//       (cookies, storage, service workers) in the one Firefox, which starts once a session
//       (3 to 4 s) and quits when stdin ends
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const { FIREFOX = "/usr/bin/firefox-esr", PHONE_WIDTH = "390", PHONE_HEIGHT = "844" } = process.env;
const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: FIREFOX,
  headless: true,
  defaultViewport: { width: Number(PHONE_WIDTH), height: Number(PHONE_HEIGHT), deviceScaleFactor: 2 },
  // A phone's scroll bars float over the page, as GTK's overlay ones do: the page gets all 390 px.
  // An idle connection closed after 1 s, not 115: a phone's user context, closed, leaves the
  // browser's connections open, and the live server's thread for each, that the tests wait for.
  extraPrefsFirefox: { "ui.useOverlayScrollbars": 1, "network.http.keep-alive.timeout": 1 },
});
let context = null;
let page = null;
// What went wrong in the phone's page, reported to the test when it asks.
const problems = [];

async function open() {
  context = await browser.createBrowserContext();
  page = await context.newPage();
  problems.length = 0;
  page.on("pageerror", (error) => problems.push(`page error on ${page.url()}: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  return null;
}

async function close() {
  await context?.close();
  context = page = null;
  return null;
}

const call = (script, args) => `(${script})(...${JSON.stringify(args)})`;

async function element(command) {
  const handle = await page.evaluateHandle(call(command.find, command.args));
  const found = handle.asElement();
  if (!found) throw new Error(`nothing found: ${JSON.stringify(command.args)}`);
  return found;
}

const ops = {
  goto: ({ url }) => page.goto(url, { waitUntil: "load" }).then(() => null),
  run: ({ script, args }) => page.evaluate(call(script, args)),
  click: async (command) => (await element(command)).click().then(() => null),
  fill: async (command) => {
    const field = await element(command);
    await field.evaluate((input) => {
      input.focus();
      input.value = "";
    });
    await field.type(String(command.value));
    return null;
  },
  viewport: ({ width, height }) => page.setViewport({ width, height, deviceScaleFactor: 2 }).then(() => null),
  screenshot: ({ path }) => page.screenshot({ path }).then(() => null),
  problems: () => problems.splice(0),
  open,
  close,
};

const say = (answer) => process.stdout.write(`${JSON.stringify(answer)}\n`);
say({ ready: await browser.version() });
for await (const line of createInterface({ input: process.stdin })) {
  const command = JSON.parse(line);
  try {
    say({ value: (await ops[command.op](command)) ?? null });
  } catch (error) {
    say({ error: String(error.message || error) });
  }
}
await browser.close();
