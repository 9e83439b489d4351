"""The page tests' shared helpers: a page as a reader sees it, a client of the table page, the security
headers every answer carries, and `schreiber serve` in a process of its own."""

from __future__ import annotations

import html
import re
import subprocess
import sys
from pathlib import Path

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
    """`schreiber serve …` in a process of its own, until stopped."""

    def __init__(self, url: str, *args: str) -> None:
        self.proc = subprocess.Popen(
            [SCHREIBER, "--db", url, "serve", *(args if "--port" in args else ("--port", "0", *args))],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.first = self.proc.stdout.readline()  # type: ignore[union-attr]
        assert self.first, self.proc.stderr.read()  # type: ignore[union-attr]
        self.address = self.first.split(" at ")[1].split()[0]
        self.port = int(self.address.rsplit(":", 1)[1].strip("/"))

    def stop(self) -> str:
        self.proc.terminate()
        out, _ = self.proc.communicate(timeout=30)
        return self.first + out
