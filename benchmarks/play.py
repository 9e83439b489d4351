"""A hand in `schreiber play` against one cold `schreiber add` process, on SQLite and PostgreSQL.

Run by hand: `.venv/bin/python benchmarks/play.py [hands]` (default 1,000). For each database:

- `schreiber play < lines` as a process: its wall time over the hands (start-up included once);
- the same lines through play's own loop in this process, each line timed: median and p95;
- one cold `schreiber add` (median of 15) on the table those hands left;
- the ratio of a hand in play to a cold add (goal ≤ 2 %, limit 5 %);
- where a hand's time goes (cProfile of 200 more lines, by the parts of the line).

PostgreSQL is the server of the tests (SCHREIBER_TEST_PG), in a schema of its own, dropped after.
"""

from __future__ import annotations

import contextlib
import cProfile
import io
import os
import pstats
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

BIN = Path(sys.executable).parent
SCHREIBER = str(BIN / "schreiber")
PG = os.environ.get("SCHREIBER_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
LINES = [
    "ruf -p an -m ca -a 75 -l 3",
    "wenz -p be -a 80",
    "farbsolo -p ca -a 65 --farbe herz",
    "ruf -p do -m be -a 50 -k an",
    "sie -p an --won",
    "ruf -p be -m an -a 61 --kontra",
    "geier -p do -a 40",
    "bettel -p ca --lost -n 'fast'",
]


def lines(n: int) -> list[str]:
    return [LINES[i % len(LINES)] for i in range(n)]


def run(args: list[str], env: dict[str, str], stdin: str | None = None) -> None:
    subprocess.run([SCHREIBER, *args], input=stdin, text=True, check=True, stdout=subprocess.DEVNULL, env=env)


def seat(env: dict[str, str]) -> None:
    run(["session", "new", "--rules", "schafkopf", "--players", "Anna", "Berta", "Carl", "Dora"], env)


def in_process(url: str, hands: list[str]) -> list[float]:
    """Each line through play's loop (Evening.run, what `play < file` does per line), timed."""
    from schreiber.cli import app as cli
    from schreiber.cli.metavars import fix_params
    from schreiber.cli.runner import _kept
    from schreiber.cli.tree import build

    from schreiber.cli.play import Evening

    from schreiber.ledger.service import Ledger

    ledger = Ledger.open(url)
    _kept.append(ledger)
    evening = Evening(ledger, None, url, root=build(cli.app, finish=fix_params), runner=cli.main)
    times = []
    try:
        with contextlib.redirect_stdout(io.StringIO()) as out:
            for line in hands:
                start = time.perf_counter()
                code, said = evening.run(line)
                times.append(time.perf_counter() - start)
                if code:
                    raise SystemExit(f"{line!r} refused: {said}")
                out.seek(0)
                out.truncate()
    finally:
        _kept.clear()
        ledger.engine.dispose()
    return times


def profile(url: str, hands: list[str]) -> str:
    from schreiber.cli import app as cli
    from schreiber.cli.metavars import fix_params
    from schreiber.cli.runner import _kept
    from schreiber.cli.tree import build

    from schreiber.cli.play import Evening
    from schreiber.ledger.service import Ledger

    ledger = Ledger.open(url)
    _kept.append(ledger)
    evening = Evening(ledger, None, url, root=build(cli.app, finish=fix_params), runner=cli.main)
    prof = cProfile.Profile()
    with contextlib.redirect_stdout(io.StringIO()):
        evening.run(hands[0])
        prof.enable()
        for line in hands:
            evening.run(line)
        prof.disable()
    _kept.clear()
    ledger.engine.dispose()
    stats = pstats.Stats(prof)
    total = sum(v[3] for k, v in stats.stats.items() if k[2] == "run" and k[0].endswith("play.py"))  # type: ignore[attr-defined]
    parts = {
        "parse the line (click/typer)": ("core.py", "make_context"),
        "Ledger.add (whole transaction)": ("tables/hands.py", "add"),
        "  marker query": ("tables/unit.py", "_changes_seen"),
        "  payout rows (seats, events)": ("tables/folds.py", "payout_rows"),
        "  score the hand (rules)": ("table.py", "play"),
        "  SQL statements (ORM execute)": ("session.py", "_execute_internal"),
        "  writing the rows (ORM flush)": ("session.py", "flush"),
        "  commit": ("session.py", "commit"),
        "render the result": ("render.py", "added"),
    }
    out = []
    for label, (file, name) in parts.items():
        cum = sum(v[3] for k, v in stats.stats.items() if k[0].endswith(file) and k[2] == name)  # type: ignore[attr-defined]
        out.append(f"    {label:34s} {cum / len(hands) * 1000:6.2f} ms/hand  ({cum / total:5.1%})")
    return "\n".join(out)


def measure(name: str, url: str, env: dict[str, str], n: int) -> None:
    seat(env)
    start = time.perf_counter()
    run(["play"], env, "\n".join(lines(n)) + "\n")
    piped = time.perf_counter() - start
    times = in_process(url, lines(n))
    adds = []
    for _ in range(15):
        t = time.perf_counter()
        run(["add", "ruf", "-p", "an", "-m", "ca", "-a", "75"], env)
        adds.append(time.perf_counter() - t)
    cold = statistics.median(adds)
    med = statistics.median(times)
    p95 = statistics.quantiles(times, n=20)[-1]
    print(f"{name}:")
    print(
        f"  `schreiber play < {n} lines` (one process)  {piped:6.2f} s = {piped / n * 1000:.2f} ms/hand incl. start-up"
    )
    print(f"  a hand in play's loop                 median {med * 1000:.2f} ms, p95 {p95 * 1000:.2f} ms ({n} hands)")
    print(
        f"  one cold `schreiber add` process      median {cold * 1000:.1f} ms (15 runs, {2 * n + 15}+ hands on the table)"
    )
    print(
        f"  ratio hand-in-play / cold add         median {med / cold:.1%}, p95 {p95 / cold:.1%} (goal ≤ 2 %, limit 5 %)"
    )
    print("  where a hand's time goes (cProfile, 200 hands; profiling slows everything alike):")
    print(profile(url, lines(200)))


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'bench.db'}"
        measure("SQLite", url, {**os.environ, "SCHREIBER_DB": url, "XDG_DATA_HOME": tmp}, n)
    from sqlalchemy import create_engine, text

    schema = f"bench_{uuid.uuid4().hex[:10]}"
    admin = create_engine(PG, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    except Exception as e:
        print(f"PostgreSQL at {PG} unreachable: {e}")
        return
    try:
        url = f"{PG}?options=-csearch_path%3D{schema}"
        with tempfile.TemporaryDirectory() as tmp:
            measure("PostgreSQL", url, {**os.environ, "SCHREIBER_DB": url, "XDG_DATA_HOME": tmp}, n)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


if __name__ == "__main__":
    main()
