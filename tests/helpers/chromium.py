"""Headless chromium driven over the DevTools protocol (websocket-client): load, read, screenshot."""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from typing import Any

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


class Browser:
    """One headless chromium and one page in it."""

    def __init__(self) -> None:
        import websocket

        self.profile = tempfile.mkdtemp(prefix="schreiber-chromium-")
        self.proc = subprocess.Popen(
            [
                CHROMIUM,
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--no-first-run",
                "--no-default-browser-check",
                "--remote-debugging-port=0",
                "--remote-allow-origins=*",
                f"--user-data-dir={self.profile}",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        url = None
        started = time.monotonic()
        while url is None and time.monotonic() - started < 60:
            line = self.proc.stderr.readline()  # type: ignore[union-attr]
            if not line and self.proc.poll() is not None:
                break
            found = re.search(r"DevTools listening on (ws://\S+)", line)
            url = found.group(1) if found else None
        if url is None:
            self.close()
            raise RuntimeError("chromium did not start")
        self.ws = websocket.create_connection(url, timeout=30, suppress_origin=True)
        self.next_id = 0
        self.context: str | None = None
        self.devices: list[str] = []  # the contexts of device(), gone with the next new_page()
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.call("Page.enable", session=True)
        self.call("Runtime.enable", session=True)

    def new_page(self) -> None:
        """A new page in a browser context of its own, as a new browser would be: the pages, cookies, storage,
        size and headers of the context before are gone with it."""
        for context in [self.context, *self.devices]:
            if context is not None:
                self.call("Target.disposeBrowserContext", browserContextId=context)
        self.devices = []
        self.context = self.call("Target.createBrowserContext")["browserContextId"]
        self._attach(self.context)

    def device(self) -> str:
        """Another device beside the page open: a page in a browser context of its own (its own cookies), driven from
        now on; `use` switches between the sessions this returns."""
        context = self.call("Target.createBrowserContext")["browserContextId"]
        self.devices.append(context)
        self._attach(context)
        return self.session

    def use(self, session: str) -> None:
        self.session = session

    def _attach(self, context: str) -> None:
        target = self.call("Target.createTarget", url="about:blank", browserContextId=context)["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.call("Page.enable", session=True)
        self.call("Runtime.enable", session=True)

    def type(self, text: str) -> None:
        """Types `text` into the element that has the focus, as a keyboard does (input events and all)."""
        self.call("Input.insertText", session=True, text=text)

    def call(self, method: str, session: bool = False, **params: Any) -> dict[str, Any]:
        self.next_id += 1
        message: dict[str, Any] = {"id": self.next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        self.ws.send(json.dumps(message))
        while True:
            reply = json.loads(self.ws.recv())
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def size(self, width: int, height: int, mobile: bool = False) -> None:
        self.call(
            "Emulation.setDeviceMetricsOverride",
            session=True,
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=mobile,
        )

    def language(self, accept: str) -> None:
        """The Accept-Language this browser sends with every request from now on (pages, fetches, streams)."""
        self.call("Network.enable", session=True)
        self.call("Network.setExtraHTTPHeaders", session=True, headers={"Accept-Language": accept})

    def open(self, url: str, step: float = 0.1) -> None:
        self.call("Page.navigate", session=True, url=url)
        self.wait(lambda: self.js("document.readyState") == "complete", "the page to load", step=step)

    def js(self, expression: str) -> Any:
        result = self.call("Runtime.evaluate", session=True, expression=expression, returnByValue=True)
        return result.get("result", {}).get("value")

    def text(self) -> str:
        """What a reader sees (a soft hyphen, where a long word may break, is no letter of it)."""
        return (self.js("document.body.innerText") or "").replace("\u00ad", "")

    def wait(self, condition, what: str, timeout: float = 15.0, step: float = 0.1) -> None:
        """Until `condition()` holds, asked every `step` seconds (a test of many quick pages asks more often)."""
        ends = time.monotonic() + timeout
        while time.monotonic() < ends:
            if condition():
                return
            time.sleep(step)
        raise AssertionError(f"waited {timeout} s for {what}")

    def screenshot(self, path: str, full: bool = False) -> None:
        shot = self.call("Page.captureScreenshot", session=True, format="png", captureBeyondViewport=full)
        with open(path, "wb") as out:
            out.write(base64.b64decode(shot["data"]))

    def close(self) -> None:
        try:
            if getattr(self, "ws", None):
                self.ws.close()
        finally:
            self.proc.kill()
            self.proc.wait(timeout=30)
            shutil.rmtree(self.profile, ignore_errors=True)
            if self.proc.stderr:
                self.proc.stderr.close()


def available() -> bool:
    return CHROMIUM is not None and os.access(CHROMIUM, os.X_OK)


def watch_policy(browser: Browser) -> None:
    """From the next page on, every breach of the Content-Security-Policy is kept in window.violations."""
    browser.call(
        "Page.addScriptToEvaluateOnNewDocument",
        session=True,
        source=(
            "window.violations = []; document.addEventListener('securitypolicyviolation',"
            " e => window.violations.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + (e.sample || '')));"
        ),
    )
