"""The page tests' shared helpers: a page as a reader sees it, a client of the table page, the security
headers every answer carries, and `schreiber serve` on a thread of the test's process or in a process of its own."""

from __future__ import annotations

import html
import io
import re
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

from schreiber.ledger.reports import Scope
from schreiber.ledger.service import Ledger

SCHREIBER = str(Path(sys.executable).with_name("schreiber"))


def text(body: str) -> str:
    """What a reader sees: the page without its tags, spaces collapsed."""
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", body, flags=re.S)
    # a soft hyphen is where a long word may break: the reader sees the word whole
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", body))).replace("\u00ad", "").strip()


def client(url: str, scope: Scope = Scope(), **how):
    """A TestClient of the table page of `url`'s ledger (Starlette is imported only when a test asks)."""
    from starlette.testclient import TestClient

    from schreiber.web.app import create_app

    return TestClient(create_app(Ledger.open(url), scope, interval=0.1, **how))


def assert_hardened(response, what: str, referrer: str = "no-referrer") -> None:
    # The door sends same-origin (web/checkin.py): under no-referrer its own form would post with `Origin: null`.
    h = response.headers
    assert h.get("content-security-policy", "").startswith("default-src 'self'"), what
    assert "unsafe-inline" not in h["content-security-policy"], what
    assert h.get("x-content-type-options") == "nosniff", what
    assert h.get("x-frame-options") == "DENY", what
    assert h.get("referrer-policy") == referrer, what
    assert response.status_code < 500, what


class Served:
    """`schreiber serve …` until stopped: the command run on a thread of this process (starting a process was most
    of a page test's set-up), or with `process=True` in a process of its own, where a test checks the process (its
    memory, hands from another process, a database restarted under it)."""

    def __init__(self, url: str, *args: str, process: bool = False) -> None:
        argv = ["--db", url, "serve", *(args if "--port" in args else ("--port", "0", *args))]
        self.proc: subprocess.Popen | None = None
        self.thread: _ServeThread | None = None
        if process:
            self.proc = subprocess.Popen([SCHREIBER, *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        else:
            self.thread = _ServeThread(argv)
        self.first = self.readline()
        assert self.first, self.proc.stderr.read() if self.proc else self.thread.err  # type: ignore[union-attr]
        self.address = self.first.split(" at ")[1].split()[0]
        self.port = int(self.address.rsplit(":", 1)[1].strip("/"))

    def readline(self) -> str:
        """The next line serve printed ("" after the last), as from its standard output."""
        if self.proc is not None:
            return self.proc.stdout.readline()  # type: ignore[union-attr]
        return self.thread.lines.pop(0) if self.thread.lines else ""  # type: ignore[union-attr]

    def stop(self) -> str:
        """Ctrl-C, and all serve printed."""
        if self.proc is not None:
            self.proc.terminate()
            out, _ = self.proc.communicate(timeout=30)
            return self.first + out
        self.thread.stop()  # type: ignore[union-attr]
        return self.first + "".join(self.thread.lines)  # type: ignore[union-attr]


class _ServeThread(threading.Thread):
    """`schreiber serve` on a thread: what it prints before it serves is read while this process waits for it, and
    the uvicorn server it makes is kept so that `stop` can end it as Ctrl-C does."""

    def __init__(self, argv: list[str]) -> None:
        super().__init__(daemon=True)
        self.argv = argv
        self.ready = threading.Event()
        self.server: Any = None
        self.lines: list[str] = []
        self.err = ""
        # what serve prints before it listens, and the test's streams to give back then
        self.out, self.said_err = io.StringIO(), io.StringIO()
        self.before = sys.stdout, sys.stderr
        _catch_servers()
        self.start()
        while not self.ready.wait(0.05):
            if not self.is_alive():  # serve refused before it listened
                break

    def run(self) -> None:
        from schreiber.cli.app import main
        from tests.helpers.schreiber import command_tree

        # The test's thread waits in __init__ until `ready`: nothing else prints while serve says where it listens.
        sys.stdout, sys.stderr = self.out, self.said_err
        _SERVING[threading.get_ident()] = self
        try:
            main(self.argv, command=command_tree())
        finally:
            _SERVING.pop(threading.get_ident(), None)
            if not self.ready.is_set():
                self.listening(None)

    def listening(self, server: Any) -> None:
        """serve has said all it says before it serves: its output is read, and the test's thread goes on."""
        self.server = server
        sys.stdout, sys.stderr = self.before
        self.lines = self.out.getvalue().splitlines(keepends=True)
        self.err = self.said_err.getvalue()
        self.ready.set()

    def stop(self) -> None:
        if self.server is not None:
            self.server.should_exit = self.server.force_exit = True  # the open event streams are not waited for
        self.join(30)
        assert not self.is_alive(), "serve did not stop"


_SERVING: dict[int, _ServeThread] = {}


def _catch_servers() -> None:
    """uvicorn.Server, once per process, as a kind that hands itself to the serve thread that made it."""
    import uvicorn

    if getattr(uvicorn.Server, "caught", False):
        return

    class Caught(uvicorn.Server):
        caught = True

        def __init__(self, config: Any) -> None:
            super().__init__(config)
            serving = _SERVING.pop(threading.get_ident(), None)
            if serving is not None:
                serving.listening(self)

    uvicorn.Server = Caught  # type: ignore[misc]
