"""Publish figures, run by hand (issue 42): `schreiber publish` of a season and of one tournament.

    .venv/bin/python benchmarks/publish.py [--tournaments 50] [--players 200] [--rounds 3] [--db URL]

Builds the season of benchmarks/season.py (TOURNAMENTS preisschafkopf tournaments of PLAYERS players each,
ROUNDS rounds, every table's sheet stored) in a fresh ledger, with Startgeld and a prize list so that every
tournament has prizes, and prints the wall time of the whole command, as typed (a process):
`schreiber publish --output DIR` of everything (goal ≤ 10 s), `--tournament ID` of one (goal ≤ 1 s), a
second publish of everything into the same folder (nothing changed, nothing written), and `--lang both`.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from season import build  # noqa: E402

SCHREIBER = str(Path(sys.executable).with_name("schreiber"))


def money(url: str, tournaments: int) -> None:
    from schreiber.ledger.cashbook import Cash
    from schreiber.ledger.service import Ledger

    ledger = Ledger.open(url)
    cash = Cash(ledger)
    for tid in range(1, tournaments + 1):
        cash.set([("startgeld", "1000"), ("preise", "40%,25%,15%,10%,10%")], tournament_id=tid)
    ledger.engine.dispose()


def publish(url: str, *args: str, times: int = 3) -> tuple[list[float], list[float], str]:
    """Wall times and CPU times (user + system of the process: what a shared machine's load does not inflate)."""
    took, cpu, said = [], [], ""
    for _ in range(times):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        ran = subprocess.run([SCHREIBER, "--db", url, "publish", *args], check=True, capture_output=True, text=True)
        took.append(time.perf_counter() - started)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        said = ran.stdout.strip()
    return took, cpu, said


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tournaments", type=int, default=50)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--db")
    parser.add_argument("--built", action="store_true", help="--db holds the season already: publish only")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="schreiber-publish-"))
    url = args.db or f"sqlite:///{folder}/ledger.db"
    started = time.perf_counter()
    if not args.built:
        build(url, args.tournaments, args.players, args.rounds)
        money(url, args.tournaments)
    print(
        f"built {args.tournaments} tournaments x {args.players} players x {args.rounds} rounds in {time.perf_counter() - started:.0f} s"
    )

    def report(what: str, measured: tuple[list[float], list[float], str], goal: str) -> None:
        took, cpu, said = measured
        print(
            f"{what}: wall median {statistics.median(took):.2f} s, best {min(took):.2f} s; "
            f"CPU median {statistics.median(cpu):.2f} s (goal {goal}); {said}"
        )

    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    site = folder / "site"
    report("publish everything, fresh folder", publish(url, "--output", str(site), times=1), "≤ 10 s")
    report("publish everything again, nothing changed", publish(url, "--output", str(site)), "≤ 10 s")
    one = ("--output", str(folder / "one"), "--tournament", str(args.tournaments))
    report("publish one tournament", publish(url, *one), "≤ 1 s")
    report(
        "publish everything in both languages",
        publish(url, "--output", str(folder / "both"), "--lang", "both", times=1),
        "—",
    )
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
