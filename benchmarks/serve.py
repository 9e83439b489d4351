"""`schreiber serve`: response times of the page, and the time from a committed hand to the event.

Run by hand: `.venv/bin/python benchmarks/serve.py [--db URL] [--hands 1000] [--evenings 1000 --per-evening 100]`.

Two ledgers are built (facts and cached payouts as `add` writes them, see report_all.py): one table
of 1,000 hands, and a season of 1,000 evenings of 100 hands (100,000). For each, `schreiber serve`
runs in a process of its own and this process (another one) measures over HTTP:

- the page served from memory (no change since the last request): median and p95;
- the page after a change (a hand added by this process just before each request): median, p95;
- from a committed `add` here to the `change` event on an open event stream: median, p95, max.

Goals: table page < 100 ms, season page < 1 s, commit to event < 1 s.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from report_all import build  # noqa: E402

from schreiber.ledger.service import Ledger  # noqa: E402
from schreiber.rules.model import Hand  # noqa: E402

SCHREIBER = str(Path(sys.executable).with_name("schreiber"))


def p95(xs: list[float]) -> float:
    return sorted(xs)[max(0, round(0.95 * len(xs)) - 1)]


def figures(xs: list[float]) -> str:
    return f"median {statistics.median(xs) * 1000:7.1f} ms, p95 {p95(xs) * 1000:7.1f} ms, max {max(xs) * 1000:7.1f} ms (n={len(xs)})"


class Server:
    def __init__(self, url: str, *scope: str) -> None:
        self.proc = subprocess.Popen(
            [SCHREIBER, "--db", url, "serve", "--port", "0", *scope],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        line = self.proc.stdout.readline()  # type: ignore[union-attr]
        if not line:
            raise SystemExit(self.proc.stderr.read())  # type: ignore[union-attr]
        self.address = line.split(" at ")[1].split()[0]

    def get(self, path: str = "") -> tuple[float, int]:
        started = time.perf_counter()
        with urllib.request.urlopen(self.address + path, timeout=60) as r:
            size = len(r.read())
        return time.perf_counter() - started, size

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.communicate(timeout=30)


class Stream(threading.Thread):
    """An open /events stream; each `change` event's arrival time is put in `arrived`."""

    def __init__(self, address: str) -> None:
        super().__init__(daemon=True)
        self.address = address
        self.arrived: list[float] = []
        self.ready = threading.Event()

    def run(self) -> None:
        with urllib.request.urlopen(self.address + "events", timeout=600) as r:
            for raw in r:
                if raw.startswith(b"data: "):
                    self.arrived.append(time.perf_counter())
                    self.ready.set()


def add(ledger: Ledger, i: int) -> None:
    view = ledger.table()
    players = view.state.active
    ledger.add(Hand("rufspiel", player=players[i % 4], partner=players[(i + 1) % 4], augen=40 + i % 60))


def measure(name: str, url: str, scope: tuple[str, ...], goal: float, rounds: int) -> None:
    server = Server(url, *scope)
    ledger = Ledger.open(url)
    try:
        first, size = server.get()
        print(f"\n{name}: first request {first * 1000:.0f} ms, {size:,} bytes")
        cached = [server.get()[0] for _ in range(rounds)]
        print(f"  page, nothing changed:      {figures(cached)}")
        changed = []
        for i in range(rounds):
            add(ledger, i)
            changed.append(server.get()[0])
        print(f"  page, a hand added before:  {figures(changed)}   goal < {goal * 1000:.0f} ms")
        if not scope:
            server.get("?hands=all")
            every = [server.get("?hands=all")[0] for _ in range(3)]
            changed_all = []
            for i in range(5):
                add(ledger, i)
                changed_all.append(server.get("?hands=all")[0])
            size_all = server.get("?hands=all")[1]
            print(f"  ?hands=all ({size_all:,} bytes): cached {figures(every)}; after a change {figures(changed_all)}")
        stream = Stream(server.address)
        stream.start()
        stream.ready.wait(30)
        time.sleep(0.3)
        delays = []
        for i in range(rounds):
            seen = len(stream.arrived)
            add(ledger, i)
            committed = time.perf_counter()
            ends = committed + 10
            while len(stream.arrived) == seen and time.perf_counter() < ends:
                time.sleep(0.002)
            if len(stream.arrived) == seen:
                raise SystemExit("no event within 10 s of a committed hand")
            delays.append(stream.arrived[seen] - committed)
            time.sleep(random.uniform(0.0, 0.6))  # so that commits fall anywhere in the half-second poll
        print(f"  commit to event:            {figures(delays)}   goal < 1000 ms")
        if os.environ.get("SHOW_DELAYS"):
            print(sorted(round(d * 1000) for d in delays))
    finally:
        ledger.engine.dispose()
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", help="a PostgreSQL URL with two empty schemas' worth of room (default: SQLite files)")
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--evenings", type=int, default=1000)
    parser.add_argument("--per-evening", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=40)
    args = parser.parse_args()
    print(f"cpus: {os.cpu_count()}, load average: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as tmp:
        table = args.db or f"sqlite:///{Path(tmp) / 'table.db'}"
        started = time.perf_counter()
        build(table, 1, args.hands, tariff=10)
        print(f"built a table of {args.hands:,} hands in {time.perf_counter() - started:.1f} s")
        measure(f"table page, {args.hands:,} hands", table, (), 0.1, args.rounds)
        if args.db:
            return  # one ledger per URL: the season needs a second, empty one
        season = f"sqlite:///{Path(tmp) / 'season.db'}"
        started = time.perf_counter()
        build(season, args.evenings, args.per_evening, tariff=10)
        print(
            f"\nbuilt a season of {args.evenings:,} evenings × {args.per_evening} hands in {time.perf_counter() - started:.1f} s"
        )
        measure(
            f"season page (--all), {args.evenings * args.per_evening:,} hands",
            season,
            ("--all",),
            1.0,
            max(10, args.rounds // 4),
        )


if __name__ == "__main__":
    main()
