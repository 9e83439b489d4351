"""The entry API of the table page in a TestClient: its key, the bearer header and the page's token."""

from __future__ import annotations

import re
from starlette.testclient import TestClient  # noqa: E402
from schreiber.ledger.reports import Scope  # noqa: E402
from schreiber.ledger.service import Ledger  # noqa: E402
from schreiber.web.app import create_app  # noqa: E402


def served(url: str, entry: bool = True) -> tuple[TestClient, str, Ledger]:
    ledger = Ledger.open(url)
    __, key = ledger.entry_key()
    return TestClient(create_app(ledger, Scope(), interval=0.1, entry=[1] if entry else None)), key, ledger


def bearer(key: str, **more: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}", **more}


def numbers(cli) -> list[int]:
    return [h["number"] for h in cli.json("list", "--format", "json")["hands"]]


def page_token(c: TestClient, key: str, **headers: str) -> str:
    r = c.get(f"/?key={key}", headers=headers)
    assert r.status_code == 200
    return re.search(r'name="schreiber-token" content="([^"]+)"', r.text).group(1)
