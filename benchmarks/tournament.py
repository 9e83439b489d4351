"""Tournament figures (issue 20), run by hand: `.venv/bin/python benchmarks/tournament.py [--db URL]`.

1. The draw, pure: 200 players over 5 rounds (goal: all five rounds under 2 s), for several seeds,
   with the repeated pairs each round reached against the best that can be: 0 where the search
   reaches 0, and for the fields where a repeat is forced, the bound that forces it. Smaller fields
   where zero is hard (16 and 20 players over 3 rounds: a draw without repeats exists) are shown too.
2. The whole command: `tournament draw` of round 1 for 200 players (50 tables written as sessions),
   and `tournament standings` of 200 players × 5 rounds with 40 hands at every table
   (10,000 hands; goal under 1 s for the whole command, start-up included), five runs each.
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

from sqlalchemy import insert, select, text

sys.path.insert(0, str(Path(__file__).resolve().parent))
from replay import generated  # noqa: E402
from report_all import PLAYERS, renamed  # noqa: E402

from schreiber.scoring.seating import count_repeats, draw, met_pairs  # noqa: E402
from schreiber.ledger.service import Ledger  # noqa: E402
from schreiber.ledger.tournament import Tournaments  # noqa: E402
from schreiber.rules import registry  # noqa: E402
from schreiber.rules.table import replay  # noqa: E402
from schreiber.store.models import LIVE, HandRecord, PayoutRecord, Seat  # noqa: E402

RUNS = 5


def draws(n: int, rounds: int, seed: str) -> tuple[float, list[int]]:
    start = time.perf_counter()
    met: set = set()
    repeats = []
    for r in range(rounds):
        d = draw(list(range(n)), met, seed=f"{seed}-{r}", ahead=rounds - r - 1)  # as `tournament draw` does
        assert d.repeats == count_repeats(d.tables, met)
        repeats.append(d.repeats)
        met |= met_pairs([d.tables])
    return time.perf_counter() - start, repeats


def pure_draws() -> None:
    print("The draw (pure), all rounds together:")
    for n, rounds, best in [
        (200, 5, "0 in every round"),
        (16, 3, "0 (a resolvable design exists)"),
        (20, 3, "0 (one exists)"),
        (17, 3, "round 2 at least 1: the table of 5 takes two of one first-round table of 4"),
        (16, 5, "0 (the affine plane of order 4 has 5 parallel classes); the lookahead finds it for most seeds"),
    ]:
        for seed in ("a", "b", "c"):
            seconds, repeats = draws(n, rounds, seed)
            print(
                f"  {n:>3} players × {rounds} rounds, seed {seed}: {seconds * 1000:7.1f} ms, repeats per round {repeats}; best: {best}"
            )


def timed(cmd: list[str], env: dict[str, str], runs: int = RUNS) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return times


def build(url: str, players: int, rounds: int, hands: int) -> None:
    ledger = Ledger.open(url)
    t = Tournaments(ledger)
    t.new("Benchmark", "schafkopf", rounds=rounds, hands=hands, seed="bench")
    t.register([f"Spieler{i:03d}" for i in range(1, players + 1)])
    rules = registry.get("schafkopf")
    generic = generated(hands)
    for _r in range(rounds):
        plan = t.draw()
        for table in plan.tables:
            seated = list(table.players)
            mapping = dict(zip(PLAYERS, seated, strict=True))
            steps = replay(rules, plan.tournament.settings, seated, [renamed(h, mapping) for h in generic])
            with ledger.transaction() as s:
                ids = dict(s.execute(select(Seat.position, Seat.player_id).where(Seat.table_id == table.session)).all())
                player_id = {seated[pos]: pid for pos, pid in ids.items()}
                first = s.scalar(select(HandRecord.id).order_by(HandRecord.id.desc()).limit(1)) or 0
                s.execute(
                    insert(HandRecord),
                    [
                        {
                            "id": first + k,
                            "table_id": table.session,
                            "number": k,
                            "type": st.hand.type,
                            "facts": {**st.hand.to_facts()},
                            "status": LIVE,
                        }
                        for k, st in enumerate(steps, start=1)
                    ],
                )
                s.execute(
                    insert(PayoutRecord),
                    [
                        {
                            "hand_id": first + k,
                            "table_id": table.session,
                            "player_id": player_id[p],
                            "points": pts,
                            "sat_out": False,
                            "won": pts > 0,
                            "solo": st.payout.soloist == p,
                        }
                        for k, st in enumerate(steps, start=1)
                        for p, pts in st.payout.points.items()
                    ],
                )
    if ledger.engine.dialect.name == "postgresql":
        with ledger.engine.begin() as conn:
            conn.execute(text("SELECT setval(pg_get_serial_sequence('hand', 'id'), (SELECT max(id) FROM hand))"))
    ledger.engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", default=None)
    args = parser.parse_args()
    pure_draws()
    exe = str(Path(sys.executable).parent / "schreiber")
    with tempfile.TemporaryDirectory() as tmp:
        # The draw command alone, on a fresh ledger each run.
        draw_times = []
        for run in range(RUNS):
            url = f"sqlite:///{Path(tmp) / f'draw{run}.db'}"
            ledger = Ledger.open(url)
            t = Tournaments(ledger)
            t.new("Draw", "preisschafkopf", rounds=5, seed=f"d{run}")
            t.register([f"Spieler{i:03d}" for i in range(1, 201)])
            ledger.engine.dispose()
            env = {**os.environ, "SCHREIBER_DB": url}
            draw_times += timed([exe, "tournament", "draw"], env, runs=1)
        print(
            f"`tournament draw`, round 1 of 200 players (50 sessions written), whole command, SQLite: "
            f"median {statistics.median(draw_times):.3f} s, best {min(draw_times):.3f} s"
        )
        url = args.db or f"sqlite:///{Path(tmp) / 'tournament.db'}"
        start = time.perf_counter()
        build(url, 200, 5, 40)
        print(
            f"built 200 players × 5 rounds × 40 hands per table (10,000 hands) in {time.perf_counter() - start:.1f} s"
        )
        env = {**os.environ, "SCHREIBER_DB": url}
        base = timed([exe, "tournament", "list"], env)
        print(
            f"start-up for comparison, `tournament list`: median {statistics.median(base):.3f} s, best {min(base):.3f} s"
        )
        for fmt in ("table", "json"):
            times = timed([exe, "tournament", "standings", "--format", fmt], env)
            print(
                f"`tournament standings --format {fmt}`, whole command: median {statistics.median(times):.3f} s, "
                f"best {min(times):.3f} s (goal < 1 s)"
            )
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        print(f"children's CPU time in all: {usage.ru_utime + usage.ru_stime:.1f} s")


if __name__ == "__main__":
    main()
