"""Season figures, run by hand (issue 33): `season standings` over many tournaments, and a check-in at the door.

    .venv/bin/python benchmarks/season.py [--tournaments 50] [--players 200] [--rounds 3] [--db URL]

Builds a season of TOURNAMENTS preisschafkopf tournaments in a fresh ledger (an SQLite file in a temporary
folder unless --db names an empty PostgreSQL schema): each of PLAYERS players (of a pool a fifth larger, so
players come and go), ROUNDS rounds drawn, every table's sheet stored. Then prints the wall time of the whole
command `schreiber season standings` (a process, as typed; goal under 1 s), and of a check-in through the
organiser page from request to the door list updated (POST /checkin, JSON answer; goal under 100 ms).
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SCHREIBER = str(Path(sys.executable).with_name("schreiber"))


def build(url: str, tournaments: int, players: int, rounds: int) -> None:
    from schreiber.ledger.season import Seasons
    from schreiber.ledger.service import Ledger
    from schreiber.ledger.tournament import Tournaments
    from schreiber.store.models import SheetEntry, Table

    ledger = Ledger.open(url)
    rng = random.Random(33)
    pool = [f"Spieler {i:04d}" for i in range(1, players + players // 5 + 1)]
    Seasons(ledger).new("Benchmark-Cup", "preisschafkopf")
    t = Tournaments(ledger)
    for n in range(1, tournaments + 1):
        started = time.perf_counter()
        info = t.new(f"Turnier {n}", "preisschafkopf", rounds=rounds, season=1, seed=str(n))
        t.register(rng.sample(pool, players), tournament_id=info.id)
        for r in range(1, rounds + 1):
            plan = t.draw(tournament_id=info.id)
            with ledger.transaction() as s:
                ids = {p.session: p for p in plan.tables}
                for session, table in ids.items():
                    seated = {seat.player.name: seat.player_id for seat in s.get(Table, session).seats}
                    for name in table.players:
                        s.add(
                            SheetEntry(table_id=session, player_id=seated[name], points=5 * rng.randint(0, 20), soli=0)
                        )
                    s.get(Table, session).closed = True
        print(f"  tournament {n}: {time.perf_counter() - started:.1f} s to build", file=sys.stderr)
    ledger.engine.dispose()


def standings(url: str, times: int = 5) -> list[float]:
    out = []
    for _ in range(times):
        started = time.perf_counter()
        subprocess.run(
            [SCHREIBER, "--db", url, "season", "standings", "--format", "json"], check=True, capture_output=True
        )
        out.append(time.perf_counter() - started)
    return out


def checkins(url: str, count: int = 30) -> list[float]:
    from starlette.testclient import TestClient

    from schreiber.ledger.season import Seasons
    from schreiber.ledger.service import Ledger
    from schreiber.ledger.tournament import Tournaments
    from schreiber.web.tournament import create_tournament_app

    ledger = Ledger.open(url)
    info = Tournaments(ledger).new("An der Tür", "preisschafkopf", season=1)
    numbers = [e.number for e in Seasons(ledger).players()][:count]
    client = TestClient(create_tournament_app(ledger, info.id, entry=True, organiser="boss"))
    client.get("/checkin?organiser=boss")
    token = client.get("/checkin").text.split('name="token" value="')[1].split('"')[0]
    out = []
    for number in numbers:
        started = time.perf_counter()
        answer = client.post(
            "/checkin", data={"who": str(number), "token": token}, headers={"Accept": "application/json"}
        )
        out.append(time.perf_counter() - started)
        assert answer.status_code == 200 and any(e["number"] == number for e in answer.json()["checked_in"]), (
            answer.text
        )
    ledger.engine.dispose()
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tournaments", type=int, default=50)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--db")
    args = parser.parse_args()
    url = args.db or f"sqlite:///{tempfile.mkdtemp(prefix='schreiber-season-')}/ledger.db"
    started = time.perf_counter()
    build(url, args.tournaments, args.players, args.rounds)
    print(
        f"built {args.tournaments} tournaments x {args.players} players x {args.rounds} rounds in {time.perf_counter() - started:.0f} s"
    )
    took = standings(url)
    print(
        f"season standings (whole command): median {statistics.median(took):.2f} s, best {min(took):.2f} s (goal < 1 s)"
    )
    took = checkins(url)
    print(
        f"check-in, request to door list: median {1000 * statistics.median(took):.0f} ms, worst {1000 * max(took):.0f} ms (goal < 100 ms)"
    )


if __name__ == "__main__":
    main()
