"""`schreiber serve --entry`: a hand tapped in on a phone, measured as the phone and the table see it.

Run by hand: `.venv/bin/python benchmarks/entry.py [--db URL] [--before 200] [--hands 60]`.

A table of `--before` hands is recorded first (through `add`'s own ledger call); then `serve
--entry` runs in a process of its own, and this process plays the phones over HTTP:

- tap → payout: "record" on the entry page, i.e. POST /entry/hands until its answer (the hand's
  payout and the table's state after it, all the page draws) is in: median, p95;
- tap → event on another open page: from the same POST to the `change` event on an open event
  stream (what makes every other page, read-only or entry, update): median, p95, max;
- the entry page itself (GET /?key=…): median, p95.

Goals (issue 19): tap → payout < 200 ms, → other page < 1 s, entry page < 100 ms.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

from schreiber.ledger.service import Ledger
from schreiber.rules.model import Hand

SCHREIBER = str(Path(sys.executable).with_name("schreiber"))


def p95(xs: list[float]) -> float:
    return sorted(xs)[max(0, round(0.95 * len(xs)) - 1)]


def figures(xs: list[float]) -> str:
    return f"median {statistics.median(xs) * 1000:7.1f} ms, p95 {p95(xs) * 1000:7.1f} ms, max {max(xs) * 1000:7.1f} ms (n={len(xs)})"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", default=None)
    parser.add_argument("--before", type=int, default=200)
    parser.add_argument("--hands", type=int, default=60)
    args = parser.parse_args()
    url = args.db or os.path.join(tempfile.mkdtemp(prefix="schreiber-entry-"), "entry.db")
    ledger = Ledger.open(url)
    ledger.new_table("schafkopf", ["Anna", "Berta", "Carl", "Dora"], tariff=10)
    for i in range(args.before):
        ledger.add(Hand(type="rufspiel", player="Anna", partner="Carl", augen=61 + i % 50, laufende=i % 4 or None))
    ledger.engine.dispose()

    proc = subprocess.Popen(
        [SCHREIBER, "--db", url, "serve", "--entry", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        proc.stdout.readline()  # type: ignore[union-attr]
        link = proc.stdout.readline().split(": ", 1)[1].strip()  # type: ignore[union-attr]
        parts = urllib.parse.urlsplit(link)
        key = urllib.parse.parse_qs(parts.query)["key"][0]
        host, port = parts.hostname, parts.port

        def connect() -> http.client.HTTPConnection:
            return http.client.HTTPConnection(host, port, timeout=60)

        phone = connect()
        page_times = []
        cookie = token = ""
        for __ in range(30):
            started = time.perf_counter()
            phone.request("GET", f"/?key={key}", headers={"Cookie": cookie} if cookie else {})
            r = phone.getresponse()
            page = r.read().decode()
            page_times.append(time.perf_counter() - started)
            cookie = cookie or r.getheader("set-cookie").split(";")[0]
            token = re.search(r'name="schreiber-token" content="([^"]+)"', page).group(1)

        # Another page's event stream: the time each change event arrives.
        events: list[float] = []
        seen = threading.Event()

        def listen() -> None:
            stream = connect()
            stream.request("GET", "/events")
            response = stream.getresponse()
            while True:
                line = response.fp.readline()
                if not line:
                    return
                if line.startswith(b"event: change"):
                    events.append(time.perf_counter())
                    seen.set()

        threading.Thread(target=listen, daemon=True).start()
        seen.wait(10)
        time.sleep(0.5)

        to_payout, to_event = [], []
        headers = {"Content-Type": "application/json", "X-Schreiber-Token": token, "Cookie": cookie}
        for i in range(args.hands):
            seen.clear()
            body = json.dumps(
                {
                    "type": "wenz",
                    "player": "Carl",
                    "augen": 61 + i % 59,
                    "laufende": 2,
                    "klopfen": ["Anna"],
                    "expect_number": args.before + i + 1,
                }
            )
            started = time.perf_counter()
            phone.request(
                "POST", f"/entry/hands?key={key}", body=body, headers={**headers, "Idempotency-Key": f"bench-{i}"}
            )
            r = phone.getresponse()
            r.read()
            assert r.status == 201, r.status
            to_payout.append(time.perf_counter() - started)
            if seen.wait(5):
                to_event.append(events[-1] - started)
            time.sleep(0.05)
        print(
            f"table of {args.before} hands before, {args.hands} hands tapped in ({url.split('://')[0] if '://' in url else 'sqlite'})"
        )
        print(f"tap → payout on the phone:      {figures(to_payout)}   goal < 200 ms")
        print(f"tap → event on another page:    {figures(to_event)}   goal < 1 s")
        print(f"entry page (GET /?key=…):       {figures(page_times)}   goal < 100 ms")
    finally:
        proc.terminate()
        proc.wait(30)


if __name__ == "__main__":
    main()
