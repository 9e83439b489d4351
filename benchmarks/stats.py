"""`schreiber stats --all` and `schreiber chart --all --output x.svg` over 100,000 hands in 1,000
evenings (goals: under 1 s for stats, under 2 s for the chart file).

Run by hand: `.venv/bin/python benchmarks/stats.py [--db URL] [--keep] [evenings] [hands per evening]`
(--keep: the season is built once and reused, as in report_all.py).
Builds the ledger as `report_all.py` does (bulk-inserted facts naming the seated players, and
their cached payouts from the same fold the app uses), checks that the ledger's own check agrees
(`db check`: cache == fold), then times each whole command (start-up included) five times.

Beside the absolute times, the season's `stats --all` as a multiple of the same command over a
ledger of one evening (issue 21: ≤ 1.3× at 1,000,000 hands). `stats` keeps a summary per table: the first run after the build makes all 1,000 (shown apart),
the others read them; "after an add" adds a hand to the last evening before each run, so one
summary is made again, as at a table where the evening goes on.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from report_all import CLUB, forget, one_evening, season_from_arguments  # noqa: E402

RUNS = 5


CPU: list[float] = []


def timed(cmd: list[str], env: dict[str, str], runs: int = RUNS, more: bool = False) -> tuple[list[float], str]:
    """Wall times of `runs` runs; the command's CPU time (user + system) is kept in CPU (added to
    what is there with `more`), since on a shared machine the wall time mostly says how busy the
    other processes were."""
    times = []
    out = ""
    if not more:
        CPU.clear()
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        out = subprocess.run(cmd, check=True, capture_output=True, env=env, text=True).stdout
        times.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        CPU.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return times, out


def show_first(label: str, times: list[float], goal: float) -> None:
    """The first run apart (it makes the summaries), then the others."""
    print(f"{label}, first run: {times[0]:.2f} s, CPU {CPU[0]:.2f} s")
    del CPU[0]
    show(f"{label}, later runs", times[1:], goal)


def show(label: str, times: list[float], goal: float) -> None:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    print(
        f"{label}: median {statistics.median(times):.2f} s, p95 {p95:.2f} s, CPU median {statistics.median(CPU):.2f} s "
        f"(runs: {', '.join(f'{t:.2f}' for t in times)}; goal < {goal:g} s; load {os.getloadavg()[0]:.1f})"
    )


def main() -> None:
    with season_from_arguments() as (args, env, schreiber), tempfile.TemporaryDirectory() as tmp:
        check = subprocess.run([schreiber, "db", "check"], capture_output=True, env=env, text=True).stdout
        print(check.strip()[:160])
        forget(env, "table_stats")  # a kept season: its summaries are made again by the first run
        times, out = timed([schreiber, "stats", "--all", "--format", "json"], env)
        data = json.loads(out)
        (group,) = data["groups"]
        assert group["hands"] == args.hands, (group["hands"], args.hands)
        assert sum(p["points"] for p in group["players"]) == 0
        for p in group["players"]:
            roles = p["as_player"]["played"] + p["as_partner"]["played"] + p["as_opponent"]["played"]
            assert roles + p["ramsch"]["played"] == p["hands"], p["name"]
        later, later_cpu = times[1:], CPU[1:]
        show_first(f"schreiber stats --all over {group['hands']:,} hands", times, 1)
        # The figure: the season as a multiple of one evening (goal ≤ 1.3×), summaries kept.
        with one_evening(args.db, tmp, args.per_evening) as env_one:
            base, _out = timed([schreiber, "stats", "--all", "--format", "json"], env_one)
            base_cpu = list(CPU)
        b, bc = statistics.median(base), statistics.median(base_cpu)
        w, c = statistics.median(later), statistics.median(later_cpu)
        print(f"schreiber stats --all over one evening ({args.per_evening} hands): median {b:.2f} s, CPU {bc:.2f} s")
        print(
            f"schreiber stats --all over {group['hands']:,} hands, summaries kept: median {w:.2f} s = {w / b:.2f}× one "
            f"evening, CPU {c:.2f} s = {c / bc:.2f}× (goal ≤ 1.3×; load {os.getloadavg()[0]:.1f})"
        )
        last = args.evenings - 1
        seated = [CLUB[(last + i * 3) % len(CLUB)] for i in range(4)]
        add = [schreiber, "add", "rufspiel", "--player", seated[0], "--partner", seated[1], "--augen", "70"]
        after = []
        CPU.clear()
        for _ in range(RUNS):
            subprocess.run(add, check=True, capture_output=True, env=env)
            one, _out = timed([schreiber, "stats", "--all", "--format", "json"], env, runs=1, more=True)
            after += one
        show("schreiber stats --all after an add", after, 1)
        times, _ = timed([schreiber, "stats", "--all"], env)
        show("schreiber stats --all (table)", times, 1)
        svg = Path(tmp) / "x.svg"
        times, _ = timed([schreiber, "chart", "--all", "--output", str(svg)], env)
        assert svg.stat().st_size > 0
        show(f"schreiber chart --all --output x.svg ({svg.stat().st_size // 1024} KiB)", times, 2)
        times, _ = timed([schreiber, "report", "--all", "--format", "json"], env)
        show("schreiber report --all (for comparison)", times, 1)


if __name__ == "__main__":
    main()
