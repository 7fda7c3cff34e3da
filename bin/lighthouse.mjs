// bin/lighthouse's measure of one page: what npm's `lighthouse` command does (Chrome started by
// chrome-launcher, then Lighthouse on it, its default mobile settings), with a sign-in the
// page keeps. The command signs in only by a Cookie header (--extra-headers), which Chromium
// drops from every request once the page has set a cookie of its own (Django's csrftoken):
// the sheet's stream and board then asked signed out, and the refused stream (a 404) was the
// console error that cost the sheet's best practices 0.96. Here the session is a cookie in the
// browser's jar, as a signed-in phone holds it.
//   node bin/lighthouse.mjs URL REPORT.json [SESSION_KEY]
import { writeFileSync } from "node:fs";

const modules = new URL("../.lighthouse/node_modules/", import.meta.url);
const load = (path) => import(new URL(path, modules));
const { default: lighthouse } = await load("lighthouse/core/index.js");
const ChromeLauncher = await load("chrome-launcher/dist/index.js");
const { default: puppeteer } = await load("puppeteer-core/lib/esm/puppeteer/puppeteer-core.js");

const [url, report, session] = process.argv.slice(2);
const chromeFlags = (process.env.CHROME_FLAGS || "").split(" ").filter(Boolean);
const chrome = await ChromeLauncher.launch({ chromeFlags }); // CHROME_PATH: which Chrome
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  if (session) await page.setCookie({ name: "sessionid", value: session, url });
  const flags = {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices"],
  };
  const result = await lighthouse(url, flags, undefined, page);
  const error = result?.lhr.runtimeError;
  if (!result || error) throw new Error(error ? `${error.code}: ${error.message}` : "no result");
  writeFileSync(report, result.report);
  await browser.disconnect();
} finally {
  chrome.kill();
}
