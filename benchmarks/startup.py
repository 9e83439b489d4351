"""Start-up of `schreiber --help` and `schreiber add` against the bare imports they are measured by.

Run by hand: `.venv/bin/python benchmarks/startup.py [runs]`. Prints medians and the ratios the
foundation issue sets (--help ≤ 1.5 × `import typer`; add ≤ 1.3 × `import typer, sqlalchemy.orm`).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BIN = Path(sys.executable).parent


def median_seconds(cmd: list[str], runs: int, env: dict[str, str]) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=env)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    schreiber = str(BIN / "schreiber")
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "SCHREIBER_DB": str(Path(tmp) / "bench.db")}
        subprocess.run([schreiber, "session", "new", "--rules", "schafkopf", "--players", "Anna", "Berta", "Carl", "Dora"],
                       check=True, stdout=subprocess.DEVNULL, env=env)
        for _ in range(40):  # an evening's worth of hands already on the table
            subprocess.run([schreiber, "add", "rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "70"],
                           check=True, stdout=subprocess.DEVNULL, env=env)
        typer_only = median_seconds([sys.executable, "-c", "import typer"], runs, env)
        typer_orm = median_seconds([sys.executable, "-c", "import typer, sqlalchemy.orm"], runs, env)
        # schreiber pauses the collector during start-up; the fair comparison does the same.
        typer_orm_paused = median_seconds(
            [sys.executable, "-c", "import gc; gc.disable(); import typer, sqlalchemy.orm"], runs, env
        )
        helped = median_seconds([schreiber, "--help"], runs, {**env, "SCHREIBER_LANG": "en"})
        # German reads its catalog at start-up: the same command under SCHREIBER_LANG=de.
        helped_de = median_seconds([schreiber, "--help"], runs, {**env, "SCHREIBER_LANG": "de"})
        added = median_seconds(
            [schreiber, "add", "rufspiel", "--player", "Berta", "--partner", "Dora", "--augen", "75"], runs, env
        )
        added_de = median_seconds(
            [schreiber, "add", "rufspiel", "--player", "Berta", "--partner", "Dora", "--augen", "75"], runs,
            {**env, "SCHREIBER_LANG": "de"},
        )
    print(f"python -c 'import typer'                  {typer_only * 1000:7.1f} ms")
    print(f"schreiber --help                          {helped * 1000:7.1f} ms   ratio {helped / typer_only:.2f} (goal ≤ 1.5)")
    print(f"schreiber --help, SCHREIBER_LANG=de       {helped_de * 1000:7.1f} ms   ratio {helped_de / typer_only:.2f} (goal ≤ 1.5)")
    print(f"python -c 'import typer, sqlalchemy.orm'  {typer_orm * 1000:7.1f} ms")
    print(f"  the same with the collector paused      {typer_orm_paused * 1000:7.1f} ms")
    print(f"schreiber add (SQLite, 40+ hands)         {added * 1000:7.1f} ms   ratio {added / typer_orm:.2f} (goal ≤ 1.3), "
          f"{added / typer_orm_paused:.2f} against the paused imports")
    print(f"schreiber add, SCHREIBER_LANG=de          {added_de * 1000:7.1f} ms   ratio {added_de / typer_orm:.2f} (goal ≤ 1.3)")
    print(f"median of {runs} runs each")


if __name__ == "__main__":
    main()
