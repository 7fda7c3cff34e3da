"""One phone, three engines: the table flow (tests/browser/test_engines.py) is written once
against `Phone`, and runs on

- Chromium: Playwright with Debian's Chromium (tests/browser/conftest.py's `browser`);
- WebKit (Safari's engine): Debian's WebKitWebDriver with Selenium, driving a bare WebKitGTK
  window of 390 × 844 (tests/browser/webkit/phone.py) on an Xvfb display of its own;
- Firefox: Debian's Firefox ESR over WebDriver BiDi, with puppeteer-core in a Node process
  (tests/browser/firefox/phone.mjs, installed by `make firefox-phone`).

A phone finds what it acts on as a person does, by the name it shows or reads out (FIND: a
field by its label, a button or a link by its name), and waits for it, as Playwright does.
"""

import contextlib
import json
import os
import shutil
import subprocess
import time
import warnings
from pathlib import Path

BROWSER_TESTS = Path(__file__).resolve().parent.parent / "browser"
WEBKIT_DRIVER = os.environ.get("WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
FIREFOX = os.environ.get("FIREFOX", "/usr/bin/firefox-esr")
FIREFOX_PHONE = BROWSER_TESTS / "firefox" / "phone.mjs"
PUPPETEER = BROWSER_TESTS / "firefox" / "node_modules" / "puppeteer-core"
WIDTH, HEIGHT = 390, 844

# The element a person would act on: `kind` is field, button, link or choice (a radio button
# or a check box, acted on through its label, which is what the sheet draws); `name` is the
# name read out (aria-labelledby, aria-label, the label, else the text), spaces squashed.
FIND = """(kind, name) => {
  const squash = (text) => (text || "").replace(/\\s+/g, " ").trim();
  const named = (element) => {
    const texts = (elements) => squash(elements.map((named) => named?.textContent).join(" "));
    const ids = element.getAttribute("aria-labelledby");
    if (ids) return texts(ids.split(" ").map((id) => document.getElementById(id)));
    if (element.getAttribute("aria-label")) return squash(element.getAttribute("aria-label"));
    if (element.labels?.length) return texts([...element.labels]);
    return squash(element.textContent || element.value);
  };
  const kinds = {
    field: "input:not([type=radio],[type=checkbox],[type=hidden],[type=submit]), select, textarea",
    button: "button, input[type=submit]",
    link: "a[href]",
    choice: "input[type=radio], input[type=checkbox]",
  };
  const shown = (element) =>
    element?.getClientRects().length > 0 && getComputedStyle(element).visibility !== "hidden";
  for (const element of document.querySelectorAll(kinds[kind])) {
    if (named(element) !== name) continue;
    const target = kind === "choice" ? element.labels?.[0] : element;
    if (shown(target)) return target;
  }
  return null;
}"""
READY = "() => document.readyState === 'complete'"
TEXT = """(selector) => [...document.querySelectorAll(selector)]
  .map((element) => element.textContent.replace(/\\s+/g, " ").trim())"""


class Phone:
    """What the flow does on a phone; each engine says how (goto, run, act, screenshot)."""

    engine = ""
    timeout = 10

    def __init__(self, base_url):
        self.base_url = base_url

    def open(self, path):
        self.goto(self.base_url + path)

    def size(self):
        """The page's viewport, as its scripts see it: [innerWidth, innerHeight]."""
        return self.run("() => [innerWidth, innerHeight]")

    def click(self, kind, name):
        self._until_done(lambda: self.act("click", kind, name))

    def fill(self, name, value):
        self._until_done(lambda: self.act("fill", "field", name, str(value)))

    def _until_done(self, action):
        """`action` once the page has loaded (as a person waits for it: leaving a page still
        loading cancels its scripts, which Firefox reports as the service worker's errors),
        tried again until what it acts on is there."""
        self.until(READY)
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                return action()
            except Exception:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

    def finds(self, kind, name):
        """Until the page shows the `kind` named `name` (a page loaded after a click)."""
        self.until(f"(kind, name) => ({FIND})(kind, name) !== null", kind, name)

    def value(self, name):
        """What the field labelled `name` holds."""
        return self.run(f"(name) => ({FIND})('field', name)?.value", name)

    def texts(self, selector):
        return self.run(TEXT, selector)

    def until(self, script, *args, timeout=None):
        """What the function `script` returns in the page once it is true (awaited, polled)."""
        deadline = time.monotonic() + (timeout or self.timeout)
        value = error = None
        while time.monotonic() < deadline:
            try:
                value = self.run(script, *args)
            except Exception as exc:  # a page being replaced by the next has no document yet
                error = exc
            else:
                if value:
                    return value
            time.sleep(0.1)
        raise AssertionError(f"{self.engine}: still {value!r} ({error}) after: {script} {args}")

    def sees(self, selector, text, timeout=None):
        """Until one of `selector`'s elements reads `text` (spaces squashed), whole."""
        script = f"(selector, text) => ({TEXT})(selector).includes(text)"
        try:
            self.until(script, selector, text, timeout=timeout)
        except AssertionError:
            raise AssertionError(
                f"{self.engine}: no {selector} reads {text!r}: {self.texts(selector)}"
            ) from None

    def problems(self):
        """The page's errors and uncaught exceptions, where the engine tells them (Firefox);
        Chromium's are judged by tests/browser/conftest.py's Watch."""
        return []


class ChromiumPhone(Phone):
    engine = "Chromium"

    def __init__(self, base_url, context):
        super().__init__(base_url)
        self.page = context.new_page()

    def goto(self, url):
        self.page.goto(url)

    def resize(self, width, height):
        self.page.set_viewport_size({"width": width, "height": height})

    def run(self, script, *args):
        return self.page.evaluate(f"(args) => ({script})(...args)", list(args))

    def act(self, action, kind, name, value=None):
        element = self.page.evaluate_handle(f"(args) => ({FIND})(...args)", [kind, name])
        target = element.as_element()
        if target is None:
            raise LookupError(f"no {kind} named {name!r}")
        if action == "click":
            target.click(timeout=2000)
        else:
            target.fill(value, timeout=2000)

    def screenshot(self, path):
        self.page.screenshot(path=path)

    def close(self):
        self.page.close()


class WebKitPhone(Phone):
    engine = "WebKit"

    def __init__(self, base_url):
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        super().__init__(base_url)
        self.display = Xvfb()
        options = Options()
        options.binary_location = str(BROWSER_TESTS / "webkit" / "phone.py")
        # Its own name (tests/browser/webkit/phone.py), not MiniBrowser's.
        options.set_capability("browserName", "scorekeeper-phone")
        service = Service(WEBKIT_DRIVER, env={**os.environ, "DISPLAY": self.display.name})
        try:
            # Selenium's own WebKitGTK driver still passes its address the deprecated way.
            with warnings.catch_warnings():
                warnings.filterwarnings("ignore", "setting remote_server_addr", DeprecationWarning)
                self.driver = webdriver.WebKitGTK(options=options, service=service)
        except Exception:
            self.display.stop()
            raise

    def goto(self, url):
        self.driver.get(url)

    def resize(self, width, height):
        # the bare window is the page (tests/browser/webkit/phone.py): no frame to allow for
        self.driver.set_window_size(width, height)

    def run(self, script, *args):
        return self.driver.execute_async_script(
            f"const done = arguments[arguments.length - 1];"
            f"Promise.resolve(({script})(...arguments[0])).then(done, (error) => done(null));",
            list(args),
        )

    def act(self, action, kind, name, value=None):
        target = self.driver.execute_script(f"return ({FIND})(...arguments)", kind, name)
        if target is None:
            raise LookupError(f"no {kind} named {name!r}")
        if action == "click":
            target.click()
        else:
            target.clear()
            target.send_keys(value)

    def screenshot(self, path):
        self.driver.save_screenshot(str(path))

    def close(self):
        try:
            self.driver.quit()
        finally:
            self.display.stop()


class Firefox:
    """Firefox ESR in its Node process (tests/browser/firefox/phone.mjs), started once a session:
    each FirefoxPhone is a user context of its own in it, as fresh as a new Firefox."""

    def __init__(self):
        env = {**os.environ, "FIREFOX": FIREFOX, "PUPPETEER_SKIP_DOWNLOAD": "1",
               "PHONE_WIDTH": str(WIDTH), "PHONE_HEIGHT": str(HEIGHT)}  # fmt: skip
        self.node = subprocess.Popen(
            ["node", str(FIREFOX_PHONE)], env=env, text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        )  # fmt: skip
        if not self.node.stdout.readline():
            raise RuntimeError("Firefox did not start (tests/browser/firefox/phone.mjs)")

    def ask(self, **command):
        self.node.stdin.write(json.dumps(command) + "\n")
        self.node.stdin.flush()
        answer = json.loads(self.node.stdout.readline() or '{"error": "Firefox is gone"}')
        if "error" in answer:
            raise RuntimeError(answer["error"])
        return answer["value"]

    def quit(self):
        self.node.stdin.close()  # phone.mjs closes Firefox when its input ends
        try:
            self.node.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.node.kill()
            self.node.wait()
        self.node.stdout.close()


class FirefoxPhone(Phone):
    engine = "Firefox"

    def __init__(self, base_url, firefox):
        super().__init__(base_url)
        self._ask = firefox.ask
        self._ask(op="open")

    def goto(self, url):
        self._ask(op="goto", url=url)

    def resize(self, width, height):
        self._ask(op="viewport", width=width, height=height)

    def run(self, script, *args):
        return self._ask(op="run", script=script, args=list(args))

    def act(self, action, kind, name, value=None):
        self._ask(op=action, find=FIND, args=[kind, name], value=value)

    def screenshot(self, path):
        self._ask(op="screenshot", path=str(path))

    def problems(self):
        return self._ask(op="problems")

    def close(self):
        with contextlib.suppress(RuntimeError, BrokenPipeError, json.JSONDecodeError):
            self._ask(op="close")


class Xvfb:
    """An X display of its own (WebKitGTK draws on one, even for a test), stopped after."""

    def __init__(self):
        read, write = os.pipe()
        self.server = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{WIDTH * 2}x{HEIGHT * 2}x24",
             "-nolisten", "tcp"],
            pass_fds=[write], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        os.close(write)
        with os.fdopen(read) as number:
            self.name = ":" + number.readline().strip()

    def stop(self):
        self.server.terminate()
        self.server.wait(timeout=10)


def missing(engine):
    """Why `engine` cannot run here, or None."""
    needs = {
        "WebKit": [WEBKIT_DRIVER, shutil.which("Xvfb") or "Xvfb", "/usr/bin/python3"],
        "Firefox": [FIREFOX, shutil.which("node") or "node", PUPPETEER],
    }
    absent = [str(path) for path in needs.get(engine, []) if not Path(path).exists()]
    return ", ".join(absent) or None
