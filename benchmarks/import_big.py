"""`import csv` of a very large file: wall time and peak memory (RSS) of the schreiber process.

Run by hand: `.venv/bin/python benchmarks/import_big.py [rows] [--db URL]` (1,000,000 rows by
default, into a fresh SQLite file unless --db names an empty ledger). It writes two files:

- many tables: evenings of 100 hands at 4 players (400 rows each), as a club's season export;
  imported once (every table new), then again (every table already there: nothing written);
- one table of as many hands as the rows allow: refused at hand 10,001 with the reason.

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
from replay import schafkopf  # noqa: E402  (the benchmark's own evening generator)

from schreiber.ledger.reports import Scope, export_rows  # noqa: E402
from schreiber.ledger.service import Ledger  # noqa: E402
from schreiber.report import csvio  # noqa: E402

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


def reading(path: Path) -> float:
    """Seconds Python takes just to read the file: its CSV rows and each row's facts JSON (the
    yardstick of issue 21: import ≤ 4× this, the same file again ≤ 2×)."""
    import json

    start = time.perf_counter()
    with path.open(encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            json.loads(row["facts"])
    return time.perf_counter() - start


def run(db: str, path: Path) -> tuple[float, float, int, str]:
    """Seconds, peak RSS in MB, exit status and the last line said, of one `schreiber import csv`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", "from schreiber.cli.app import entry; entry()", "--db", db, "import", "csv", str(path)],
        capture_output=True,
        text=True,
    )
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    said = (done.stdout.strip().splitlines() or done.stderr.strip().splitlines() or [""])[-1]
    # ru_maxrss of children is the largest of any child so far; each run is larger or it shows the earlier one.
    return seconds, max(peak, before) / 1024, done.returncode, said


def main() -> None:
    args = sys.argv[1:]
    db = None
    if "--db" in args:
        i = args.index("--db")
        db = args[i + 1]
        del args[i : i + 2]
    total = int(args[0]) if args else 1_000_000
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        rows = template(folder)
        many, one = folder / "many.csv", folder / "one.csv"
        n_many = write_many(many, rows, total)
        n_one = write_one(one, rows, total)
        db = db or f"sqlite:///{folder / 'club.db'}"
        print(f"{n_many:,} rows in {n_many // len(rows):,} tables of {HANDS} hands: {many.stat().st_size / 1e6:,.0f} MB")
        read = reading(many)
        print(f"{'reading it (csv + facts)':>28}: {read:7.1f} s")
        for label, path in (("first import", many), ("same file again", many), (f"one table, {n_one:,} rows", one)):
            seconds, peak, code, said = run(db, path)
            times = f" = {seconds / read:4.1f}× reading" if path is many else ""
            print(f"{label:>28}: {seconds:7.1f} s{times}, peak RSS {peak:6.0f} MB, exit {code}: {said[:110]}")
        if db.startswith("sqlite:///"):
            print(f"ledger file: {os.path.getsize(db.removeprefix('sqlite:///')) / 1e6:,.0f} MB")


if __name__ == "__main__":
    main()
