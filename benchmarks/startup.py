"""Start-up of `schreiber --help` and `schreiber add` against the bare imports they are measured by.

Run by hand: `.venv/bin/python benchmarks/startup.py [runs]`. Prints medians and the ratios the
foundation issue sets (--help ≤ 1.3 × `import typer`, issue 37; add ≤ 1.3 × `import typer, sqlalchemy.orm`): of the
wall time, and of the processor time (user + system), which a machine busy with other work disturbs less.
Where valgrind is installed it also counts the instructions each command runs once, a figure no load moves.
"""

from __future__ import annotations

import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BIN = Path(sys.executable).parent


class Timed(float):
    """A median wall time in seconds, with `cpu`: the median processor time of the same runs."""

    cpu: float


def median_seconds(cmd: list[str], runs: int, env: dict[str, str]) -> Timed:
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=env)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    timed = Timed(statistics.median(walls))
    timed.cpu = statistics.median(cpus)
    return timed


def instructions(cmd: list[str], env: dict[str, str]) -> int:
    """The instructions `cmd` runs, counted by valgrind's callgrind."""
    ran = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    return int(re.search(r"Collected : (\d+)", ran.stderr).group(1))  # type: ignore[union-attr]


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    schreiber = str(BIN / "schreiber")
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "SCHREIBER_DB": str(Path(tmp) / "bench.db")}
        # typer and SQLAlchemy are timed from the bytecode pip compiled; schreiber's own modules are too
        # (written by the runs below), as an installed schreiber's are after its first run.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        subprocess.run(
            [schreiber, "session", "new", "--rules", "schafkopf", "--players", "Anna", "Berta", "Carl", "Dora"],
            check=True,
            stdout=subprocess.DEVNULL,
            env=env,
        )
        for _ in range(40):  # an evening's worth of hands already on the table
            subprocess.run(
                [schreiber, "add", "rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "70"],
                check=True,
                stdout=subprocess.DEVNULL,
                env=env,
            )
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
            [schreiber, "add", "rufspiel", "--player", "Berta", "--partner", "Dora", "--augen", "75"],
            runs,
            {**env, "SCHREIBER_LANG": "de"},
        )
        counted: dict[str, int] = {}
        if shutil.which("valgrind"):
            add = [schreiber, "add", "rufspiel", "--player", "Berta", "--partner", "Dora", "--augen", "75"]
            counted = {
                name: instructions(cmd, {**env, "SCHREIBER_LANG": "en"})
                for name, cmd in (
                    ("typer", [sys.executable, "-c", "import typer"]),
                    ("help", [schreiber, "--help"]),
                    ("typer_orm", [sys.executable, "-c", "import typer, sqlalchemy.orm"]),
                    ("add", add),
                )
            }

    def ratio(t: Timed, base: Timed) -> str:
        return f"ratio {t / base:.2f}, cpu {t.cpu * 1000:6.1f} ms ratio {t.cpu / base.cpu:.2f}"

    print(
        f"python -c 'import typer'                  {typer_only * 1000:7.1f} ms   cpu {typer_only.cpu * 1000:6.1f} ms"
    )
    print(
        f"schreiber --help                          {helped * 1000:7.1f} ms   {ratio(helped, typer_only)} (goal ≤ 1.3)"
    )
    print(
        f"schreiber --help, SCHREIBER_LANG=de       {helped_de * 1000:7.1f} ms   {ratio(helped_de, typer_only)} (goal ≤ 1.3)"
    )
    print(f"python -c 'import typer, sqlalchemy.orm'  {typer_orm * 1000:7.1f} ms   cpu {typer_orm.cpu * 1000:6.1f} ms")
    print(
        f"  the same with the collector paused      {typer_orm_paused * 1000:7.1f} ms   cpu {typer_orm_paused.cpu * 1000:6.1f} ms"
    )
    print(
        f"schreiber add (SQLite, 40+ hands)         {added * 1000:7.1f} ms   {ratio(added, typer_orm)} (goal ≤ 1.3), "
        f"{added / typer_orm_paused:.2f} against the paused imports"
    )
    print(
        f"schreiber add, SCHREIBER_LANG=de          {added_de * 1000:7.1f} ms   {ratio(added_de, typer_orm)} (goal ≤ 1.3)"
    )
    print(f"median of {runs} runs each")
    if counted:
        print(
            f"instructions: import typer {counted['typer'] / 1e6:.0f} M, --help {counted['help'] / 1e6:.0f} M, "
            f"ratio {counted['help'] / counted['typer']:.2f}; import typer, sqlalchemy.orm {counted['typer_orm'] / 1e6:.0f} M, "
            f"add {counted['add'] / 1e6:.0f} M, ratio {counted['add'] / counted['typer_orm']:.2f}"
        )


if __name__ == "__main__":
    main()
