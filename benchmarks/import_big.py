"""`import csv` of a very large file: CPU and wall time, and peak memory (RSS), of the schreiber process.

Run by hand: `.venv/bin/python benchmarks/import_big.py [rows] [--db URL] [--keep]` (1,000,000 rows
by default, into a fresh SQLite file; --db naming a PostgreSQL server imports into a fresh schema
on it, dropped afterwards). It writes two files:

- many tables: evenings of 100 hands at 4 players (400 rows each), as a club's season export;
  imported once (every table new), then again (every table already there: nothing written);
- one table of 12,000 hands: refused at hand 10,001 with the reason.

The yardstick (issue 21) is the time Python takes just to read the file: its CSV rows and each
row's facts JSON. Import ≤ 4× that, the same file again ≤ 2×. Both are given in CPU seconds (the
import's of the child process, the reading's of this one), which a machine shared with other work
disturbs least, and by the clock. On PostgreSQL the server's own work is not in the CPU figure, so
the wall-clock ratio is the one that counts there. With --keep the generated file is kept under
/tmp/schreiber-bench and reused (4,000,000 rows take a while to write).

Each import runs as its own process, so its peak RSS is measured alone (getrusage of the child).
"""

from __future__ import annotations

import csv
import datetime as dt
import os
import resource
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from ledgers import BENCH, drop_schema, is_postgres, make_schema  # noqa: E402
from replay import schafkopf  # noqa: E402  (the benchmark's own evening generator)

from schreiber.ledger.reports import Scope, export_rows  # noqa: E402
from schreiber.ledger.service import Ledger  # noqa: E402
from schreiber import csvio  # noqa: E402

HANDS = 100


def template(folder: Path) -> list[dict[str, object]]:
    """The rows of one exported evening of HANDS hands."""
    ledger = Ledger.open(f"sqlite:///{folder / 'template.db'}")
    table = ledger.new_table("schafkopf", ["Anna", "Berta", "Carl", "Dora"], tariff=10)
    for hand in schafkopf(HANDS):
        ledger.add(hand, table.id)
    rows = list(export_rows(ledger, Scope(table_id=table.id)))
    ledger.engine.dispose()
    return rows


def write_many(path: Path, rows: list[dict[str, object]], total: int) -> int:
    """Copies of the evening, each a table of its own (its own uid, session and date)."""
    written = 0
    with path.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(csvio.COLUMNS)
        table = 0
        while written < total:
            table += 1
            uid = str(uuid.uuid4())
            date = (dt.date(2000, 1, 1) + dt.timedelta(days=table)).isoformat()
            for row in rows:
                cells = {**row, "session": table, "table_uid": uid, "date": date}
                writer.writerow([csvio.safe_cell(cells[c]) for c in csvio.COLUMNS])
            written += len(rows)
    return written


def write_one(path: Path, rows: list[dict[str, object]], total: int) -> int:
    """One table whose hand numbers run on and on (the evening's hands repeated)."""
    written = 0
    with path.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(csvio.COLUMNS)
        round_ = 0
        while written < total:
            for row in rows:
                cells = {**row, "hand": int(row["hand"]) + round_ * HANDS}  # type: ignore[call-overload]
                writer.writerow([csvio.safe_cell(cells[c]) for c in csvio.COLUMNS])
            written += len(rows)
            round_ += 1
    return written


def reading(path: Path) -> tuple[float, float]:
    """CPU and wall seconds Python takes just to read the file: its CSV rows and each row's facts
    JSON (the yardstick of issue 21: import ≤ 4× this, the same file again ≤ 2×); the best of three,
    or one read of a file over 1 GB (4,000,000 rows take about a minute to read)."""
    import json

    best = (float("inf"), float("inf"))
    for _ in range(3 if path.stat().st_size < 1e9 else 1):
        cpu, wall = time.process_time(), time.perf_counter()
        with path.open(encoding="utf-8", newline="") as f:
            for row in csv.DictReader(f):
                json.loads(row["facts"])
        best = min(best, (time.process_time() - cpu, time.perf_counter() - wall))
    return best


def run(db: str, path: Path) -> tuple[float, float, float, int, str]:
    """CPU seconds (user + system), wall seconds, peak RSS in MB, exit status and the last line said,
    of one `schreiber import csv`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", "from schreiber.cli.app import entry; entry()", "--db", db, "import", "csv", str(path)],
        capture_output=True,
        text=True,
    )
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    said = (done.stdout.strip().splitlines() or done.stderr.strip().splitlines() or [""])[-1]
    # ru_maxrss of children is the largest of any child so far; each run is larger or it shows the earlier one.
    return cpu, seconds, max(after.ru_maxrss, before.ru_maxrss) / 1024, done.returncode, said


ONE_TABLE = 12_000 * 4  # rows of the one-table file: past MAX_HANDS, refused at hand 10,001


def main() -> None:
    args = sys.argv[1:]
    db = None
    keep = "--keep" in args
    if keep:
        args.remove("--keep")
    if "--db" in args:
        i = args.index("--db")
        db = args[i + 1]
        del args[i : i + 2]
    total = int(args[0]) if args else 1_000_000
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        files = BENCH if keep else folder
        files.mkdir(parents=True, exist_ok=True)
        many, one = files / f"many_{total}.csv", files / "one_table.csv"
        if not (keep and many.exists() and one.exists()):
            rows = template(folder)
            write_many(many, rows, total)
            write_one(one, rows, ONE_TABLE)
        with many.open(encoding="utf-8") as f:
            n_many = sum(1 for _ in f) - 1
        schema = f"bench_import_{os.getpid()}"
        if is_postgres(db):
            target = make_schema(db, schema, fresh=True)  # type: ignore[arg-type]
        else:
            target = db or f"sqlite:///{folder / 'club.db'}"
        try:
            print(
                f"{n_many:,} rows ({n_many // 4:,} hands) in {n_many // (HANDS * 4):,} tables of {HANDS} hands: "
                f"{many.stat().st_size / 1e6:,.0f} MB, into {'PostgreSQL' if is_postgres(db) else 'SQLite'}"
            )
            read_cpu, read_wall = reading(many)
            print(f"{'reading it (csv + facts)':>28}: {read_cpu:7.1f} s CPU, {read_wall:7.1f} s wall")
            for label, path, goal in (
                ("first import", many, 4),
                ("same file again", many, 2),
                ("one table, 12,000 hands", one, None),
            ):
                cpu, seconds, peak, code, said = run(target, path)
                times = (
                    f" = {cpu / read_cpu:4.1f}× reading (goal ≤ {goal}×), wall {seconds:7.1f} s = "
                    f"{seconds / read_wall:4.1f}×"
                    if goal
                    else f", wall {seconds:7.1f} s"
                )
                print(
                    f"{label:>28}: {cpu:7.1f} s CPU{times}, peak RSS {peak:6.0f} MB, exit {code}: {said[:110]}",
                    flush=True,
                )
            if target.startswith("sqlite:///"):
                print(f"ledger file: {os.path.getsize(target.removeprefix('sqlite:///')) / 1e6:,.0f} MB")
            print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        finally:
            if is_postgres(db):
                drop_schema(db, schema)  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
