"""The organiser's sheet form (issue 41.2): a round of 25 tables' sheets (100 players) stored through POST /sheet,
and each checked as typed (POST /sheet/check), measured in this process through Starlette's TestClient.

Run by hand: `.venv/bin/python benchmarks/sheet_form.py [--db URL]` (default: a fresh SQLite file).

Goal (issue 41): a sheet stored through the form in ≤ 100 ms median on two cores.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from starlette.testclient import TestClient

from schreiber.ledger.service import Ledger
from schreiber.web.app import create_tournament_app

SCHREIBER = str(Path(sys.executable).with_name("schreiber"))
BOSS = "benchmark-organiser"


def cli(db: str, *args: str) -> None:
    subprocess.run([SCHREIBER, "--db", db, *args], check=True, capture_output=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", default=None)
    db = parser.parse_args().db or f"sqlite:///{tempfile.mkdtemp()}/bench.db"
    cli(db, "tournament", "new", "Bench", "--rules", "preisschafkopf", "--seed", "1", "--set", "verlustspiel=50")
    cli(db, "tournament", "register", *[f"Spieler {i:03d}" for i in range(1, 101)])
    cli(db, "tournament", "draw")
    ledger = Ledger.open(db)
    client = TestClient(create_tournament_app(ledger, 1, entry=True, organiser=BOSS))
    page = client.get(f"/sheet?organiser={BOSS}&round=1&table=1")
    token = page.text.split('data-token="')[1].split('"')[0]
    client.headers.update({"X-Schreiber-Token": token, "Origin": "http://testserver"})
    checks, stores = [], []
    for table in range(1, 26):
        body = {"round": 1, "table": table, "points": [60, 20, 5, 0], "lost": [0, 1, 1, 0]}
        started = time.perf_counter()
        assert client.post("/sheet/check", json=body).status_code == 200
        checks.append(time.perf_counter() - started)
        started = time.perf_counter()
        assert client.post("/sheet", json=body | {"request": f"r{table}"}).status_code == 200
        stores.append(time.perf_counter() - started)
    print(f"{db.split(':')[0]}: 25 sheets of 100 players")
    print(f"  check as typed: median {statistics.median(checks) * 1000:.0f} ms, max {max(checks) * 1000:.0f} ms")
    print(f"  stored:         median {statistics.median(stores) * 1000:.0f} ms, max {max(stores) * 1000:.0f} ms")
    ledger.engine.dispose()


if __name__ == "__main__":
    main()
