"""League figures (issue 45), run by hand: `.venv/bin/python benchmarks/league.py [--db URL]`.

`league table` over 16 teams × 10 Spieltage × 4 Serien (4 groups of 4, 16 tables a Serie: 640 tables, 2,560
lists, a sheet at every table), the whole command with start-up, five runs (goal ≤ 1 s); `league einzel` and
`league day show` of one Spieltag over the same ledger. The league is built through the ledger (not timed).
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from schreiber.ledger.league import Leagues  # noqa: E402
from schreiber.ledger.service import Ledger  # noqa: E402
from schreiber.ledger.sheets import TypedSheet  # noqa: E402

TEAMS, DAYS, SERIEN, RUNS = 16, 10, 4, 5
SCHREIBER = str(Path(sys.executable).parent / "schreiber")


def sheet(rng: random.Random, names: list[str]) -> TypedSheet:
    points, won, lost = [], [], []
    for name in names:
        w, n = rng.randint(1, 10), rng.randint(0, 3)
        p = sum(rng.randint(18, 72) for _g in range(w)) - sum(2 * rng.randint(18, 72) for _g in range(n))
        points.append((name, p))
        won.append((name, w))
        lost.append((name, n))
    return TypedSheet(points, (), won, lost)


def build(url: str) -> None:
    leagues = Leagues(Ledger.open(url))
    leagues.new("Benchmark", "skat", "dskv", [f"serien={SERIEN}"])
    names = [f"Team {k:02}" for k in range(1, TEAMS + 1)]
    for k, team in enumerate(names):
        leagues.team_add(team)
        leagues.roster(team, [f"P{k:02}-{j}" for j in range(1, 5)])
    rng = random.Random(45)
    for day in range(1, DAYS + 1):
        order = names[:]
        rng.shuffle(order)
        groups = [",".join(order[g : g + 4]) for g in range(0, TEAMS, 4)]
        leagues.day_new(day, dt.date(2025, 1, 1) + dt.timedelta(days=14 * day), groups)
        for k, team in enumerate(names):
            leagues.lineup(day, team, [f"P{k:02}-{j}" for j in range(1, 5)])
        for serie in range(1, SERIEN + 1):
            drawn = leagues.draw(day)
            for table in drawn.tables:
                leagues.result(day, serie, table.table, sheet(rng, [p.name for p in table.players]))
        print(f"  Spieltag {day} built", flush=True)


def timed(cmd: list[str], env: dict[str, str]) -> list[float]:
    out = []
    for _ in range(RUNS):
        start = time.perf_counter()
        subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL)
        out.append(time.perf_counter() - start)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", help="a PostgreSQL URL of an empty schema (default: an SQLite file)")
    parser.add_argument("--keep", metavar="FILE", help="an SQLite file kept between runs (built once)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = args.db or f"sqlite:///{args.keep or tmp + '/league.db'}"
        if not (args.keep and Path(args.keep).exists()):
            start = time.perf_counter()
            build(url)
            print(f"built {TEAMS} teams × {DAYS} Spieltage × {SERIEN} Serien in {time.perf_counter() - start:.1f} s")
        env = dict(os.environ, SCHREIBER_LANG="en")
        for words in (["league", "table"], ["league", "table", "--format", "json"], ["league", "einzel"],
                      ["league", "day", "show", "5", "--format", "json"]):  # fmt: skip
            times = timed([SCHREIBER, "--db", url, *words], env)
            print(
                f"  {' '.join(words):<34} median {statistics.median(times):.3f} s, "
                f"min {min(times):.3f} s, max {max(times):.3f} s"
            )


if __name__ == "__main__":
    main()
