"""`schreiber report --all` over a ledger of 100,000 hands in 1,000 evenings, as a multiple of the
same command over a ledger of one evening (goal: ≤ 1.3×).

Run by hand: `.venv/bin/python benchmarks/report_all.py [--db URL] [--keep] [evenings] [hands per evening]`.
Builds the ledger (bulk-inserted facts and their cached payouts, made by the same fold the
app uses), then times the whole command (start-up included): the first run, which sums every
table's payouts and keeps the totals, the later runs, which read them, and runs after an add.
With --keep the ledger is built once and kept (see ledgers.py: a SQLite file under
/tmp/schreiber-bench, or with --db naming a PostgreSQL server a schema `bench_<size>` on it) and
later runs reuse it; the kept totals are dropped first, so the first run is a first run again.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from sqlalchemy import insert, select

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ledgers import BENCH, is_postgres, live_hands, make_schema, schema_url, size  # noqa: E402
from replay import generated  # noqa: E402

from schreiber.ledger.service import Ledger  # noqa: E402
from schreiber.rules import registry  # noqa: E402
from schreiber.rules.model import Hand  # noqa: E402
from schreiber.rules.table import replay  # noqa: E402
from schreiber.store.models import LIVE, HandRecord, PayoutRecord, Player, Table, Seat  # noqa: E402

CLUB = ["Anna", "Berta", "Carl", "Dora", "Emil", "Fritz", "Gerti", "Hans", "Ida", "Josef", "Kathi", "Ludwig"]
PLAYERS = ("Anna", "Berta", "Carl", "Dora")


def renamed(hand: Hand, mapping: dict[str, str]) -> Hand:
    """The hand with the generated names (Anna … Dora) replaced by those seated at this evening."""

    def one(name: str | None) -> str | None:
        return mapping.get(name, name) if name else name

    return replace(
        hand,
        player=one(hand.player),
        partner=one(hand.partner),
        loser=one(hand.loser),
        klopfen=tuple(mapping.get(n, n) for n in hand.klopfen),
        augen_by_player={mapping.get(k, k): v for k, v in hand.augen_by_player.items()},
    )


def seated_at(evening: int) -> list[str]:
    """The four club members at evening `evening` (0-based): twelve seatings in turn."""
    return [CLUB[(evening + i * 3) % len(CLUB)] for i in range(4)]


def build(url: str, evenings: int, per_evening: int, tariff: int | None = None) -> None:
    """The ledger of a club season: the hands' facts name the players seated at that evening.

    The first evenings are made the app's way (`new_table`, which also adds the club's players);
    the others are bulk-inserted like them, a few hundred evenings per transaction, so a season of
    1,000,000 hands takes minutes, not an hour. Twelve seatings repeat, so twelve folds give every
    evening's payouts. The last evening is the active table, as after `session new`.
    """
    ledger = Ledger.open(url)
    rules = registry.get("schafkopf")
    hands = generated(per_evening)
    folded: dict[tuple[str, ...], list[Any]] = {}

    def steps_of(seated: list[str]) -> list[Any]:
        if tuple(seated) not in folded:
            mapping = dict(zip(PLAYERS, seated, strict=True))
            folded[tuple(seated)] = replay(rules, settings, seated, [renamed(h, mapping) for h in hands])
        return folded[tuple(seated)]

    made = min(evenings, 3)  # three evenings seat all twelve members
    settings: dict[str, Any] = {}
    for evening in range(made):
        seated = seated_at(evening)
        info = ledger.new_table(
            "schafkopf",
            seated,
            name=f"Abend {evening + 1}",
            date=dt.date(2020, 1, 1) + dt.timedelta(days=evening),
            tariff=tariff,
        )
        settings = info.settings
        with ledger.transaction() as s:
            ids = dict(s.execute(select(Seat.position, Seat.player_id).where(Seat.table_id == info.id)).all())
            _insert_evenings(s, [(info.id, {seated[pos]: pid for pos, pid in ids.items()}, steps_of(seated))])
    with ledger.transaction() as s:
        player_id = dict(s.execute(select(Player.name, Player.id)).all())
    chunk = 200
    for begin in range(made, evenings, chunk):
        with ledger.transaction() as s:
            rows = []
            for evening in range(begin, min(begin + chunk, evenings)):
                rows.append(
                    {
                        "uid": str(uuid.uuid4()),
                        "name": f"Abend {evening + 1}",
                        "rules": "schafkopf",
                        "settings": settings,
                        "tariff": tariff,
                        "closed": False,
                        "first_dealer": 0,
                        "date": dt.date(2020, 1, 1) + dt.timedelta(days=evening),
                    }
                )
            s.execute(insert(Table), rows)
            ids = dict(s.execute(select(Table.uid, Table.id).where(Table.uid.in_([r["uid"] for r in rows]))).all())
            s.execute(
                insert(Seat),
                [
                    {"table_id": ids[r["uid"]], "position": pos, "player_id": player_id[name]}
                    for evening, r in enumerate(rows, start=begin)
                    for pos, name in enumerate(seated_at(evening))
                ],
            )
            _insert_evenings(
                s,
                [
                    (ids[r["uid"]], {n: player_id[n] for n in seated_at(evening)}, steps_of(seated_at(evening)))
                    for evening, r in enumerate(rows, start=begin)
                ],
            )
    if evenings > made:
        with ledger.transaction() as s:
            last = s.scalar(select(Table.id).order_by(Table.id.desc()).limit(1))
        ledger.use(last)  # the last evening, as `session new` leaves it
    if ledger.engine.dialect.name == "postgresql":
        # The hands were inserted with their ids: the sequence must know, or the next `add` collides.
        from sqlalchemy import text

        with ledger.engine.begin() as conn:
            table = HandRecord.__table__.name
            conn.execute(text(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT max(id) FROM {table}))"))
    ledger.engine.dispose()


def _insert_evenings(s: Any, evenings: list[tuple[int, dict[str, int], list[Any]]]) -> None:
    """The hands (with their ids) and cached payouts of evenings: (table id, player ids, fold steps)."""
    first = s.scalar(select(HandRecord.id).order_by(HandRecord.id.desc()).limit(1)) or 0
    hand_rows, payout_rows = [], []
    for table_id, player_id, steps in evenings:
        for n, st in enumerate(steps, start=1):
            first += 1
            hand_rows.append(
                {
                    "id": first,
                    "table_id": table_id,
                    "number": n,
                    "type": st.hand.type,
                    "facts": st.hand.to_facts(),
                    "status": LIVE,
                }
            )
            payout_rows += [
                {
                    "hand_id": first,
                    "table_id": table_id,
                    "player_id": player_id[p],
                    "points": pts,
                    "sat_out": False,
                    "won": pts > 0,
                    "solo": st.payout.soloist == p,
                }
                for p, pts in st.payout.points.items()
            ]
    s.execute(insert(HandRecord.__table__), hand_rows)
    s.execute(insert(PayoutRecord.__table__), payout_rows)


@contextmanager
def season_from_arguments() -> Iterator[tuple[argparse.Namespace, dict[str, str], str]]:
    """`[--db URL] [--keep] [evenings] [hands per evening]`: the season built (in a temporary SQLite
    file unless --db names one; with --keep once, then reused), then (the arguments, the environment
    naming it, the schreiber command). `args.hands` is how many live hands the ledger holds."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", default=None)
    parser.add_argument("--keep", action="store_true", help="build the season once and reuse it (ledgers.py)")
    parser.add_argument("evenings", nargs="?", type=int, default=1000)
    parser.add_argument("per_evening", nargs="?", type=int, default=100)
    args = parser.parse_args()
    hands = args.evenings * args.per_evening
    with tempfile.TemporaryDirectory() as tmp:
        if args.keep:
            name = f"season_{size(hands)}" if args.per_evening == 100 else f"season_{args.evenings}x{args.per_evening}"
            if is_postgres(args.db):
                url = schema_url(args.db, f"bench_{name.removeprefix('season_')}")
            else:
                BENCH.mkdir(parents=True, exist_ok=True)
                url = f"sqlite:///{BENCH / (name + '.db')}"
        else:
            url = args.db or f"sqlite:///{Path(tmp) / 'club.db'}"
        if args.keep and live_hands(url) >= hands:
            print(f"reusing the season of {args.evenings:,} evenings × {args.per_evening} hands kept at {url}")
        else:
            if args.keep:  # a half-built ledger of an interrupted run: from the start
                if is_postgres(url):
                    make_schema(args.db, f"bench_{name.removeprefix('season_')}", fresh=True)
                else:
                    Path(url.removeprefix("sqlite:///")).unlink(missing_ok=True)
            start = time.perf_counter()
            build(url, args.evenings, args.per_evening)
            print(f"built {args.evenings:,} evenings × {args.per_evening} hands in {time.perf_counter() - start:.1f} s")
        args.hands = live_hands(url)
        yield args, {**os.environ, "SCHREIBER_DB": url}, str(Path(sys.executable).parent / "schreiber")


def forget(env: dict[str, str], table: str) -> None:
    """Drop a kept cache (`table_totals`, `table_stats`): derived rows, made again by the next run."""
    from sqlalchemy import create_engine, text

    engine = create_engine(env["SCHREIBER_DB"])
    try:
        with engine.begin() as conn:
            conn.execute(text(f"DELETE FROM {table}"))
    finally:
        engine.dispose()


RUNS = 5


def timed(cmd: list[str], env: dict[str, str], runs: int = RUNS) -> tuple[list[float], list[float], str]:
    """Wall and CPU (user + system of the command) times of `runs` runs, and the last output. On a
    machine shared with others the CPU time says more than the wall time."""
    import resource

    walls, cpus, out = [], [], ""
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        out = subprocess.run(cmd, check=True, capture_output=True, env=env, text=True).stdout
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return walls, cpus, out


@contextmanager
def one_evening(url: str | None, tmp: str, per_evening: int) -> Iterator[dict[str, str]]:
    """The environment naming a ledger of one evening, on the same kind of database as the season
    (on PostgreSQL a schema of its own, dropped afterwards)."""
    if url is None or not url.startswith("postgresql"):
        one = f"sqlite:///{Path(tmp) / 'one.db'}"
        build(one, 1, per_evening)
        yield {**os.environ, "SCHREIBER_DB": one}
        return
    from sqlalchemy import create_engine, text

    schema = f"bench_one_{os.getpid()}"
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    base = re.sub(r"[?&]options=[^&]*", "", url)  # the season's own schema, if its URL names one
    one = base + ("&" if "?" in base else "?") + f"options=-csearch_path%3D{schema}"
    try:
        build(one, 1, per_evening)
        yield {**os.environ, "SCHREIBER_DB": one}
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def main() -> None:
    """`report --all` over the season as a multiple of `report --all` over a ledger of one evening (goal
    ≤ 1.3×): the first run after the build sums every table's payouts and keeps the totals (as the first
    run after the upgrade to 0008 does), the later runs read them; "after an add" adds a hand to the
    last evening before each run, so one table is summed again."""
    import json

    with season_from_arguments() as (args, env, schreiber), tempfile.TemporaryDirectory() as tmp:
        command = [schreiber, "report", "--all", "--format", "json"]
        # A season kept by an older schreiber is upgraded first (the kept totals of 0007 are dropped by it).
        subprocess.run([schreiber, "db", "upgrade"], check=True, capture_output=True, env=env)
        forget(env, "player_totals")
        forget(env, "table_totals")
        first, first_cpu, out = timed(command, env, runs=1)
        report = json.loads(out)
        assert report["hands"] == args.hands, (report["hands"], args.hands)
        assert sum(p["points"] for p in report["players"]) == 0
        later, later_cpu, again = timed(command, env)
        assert again == out
        seated = seated_at(args.evenings - 1)
        add = [schreiber, "add", "rufspiel", "--player", seated[0], "--partner", seated[1], "--augen", "70"]
        after, after_cpu = [], []
        for _ in range(RUNS):
            subprocess.run(add, check=True, capture_output=True, env=env)
            wall, cpu, _out = timed(command, env, runs=1)
            after += wall
            after_cpu += cpu
        with one_evening(args.db, tmp, args.per_evening) as env_one:
            base, base_cpu, _out = timed(command, env_one)
        b, bc = statistics.median(base), statistics.median(base_cpu)
        print(
            f"schreiber report --all over one evening ({args.per_evening} hands): median {b:.2f} s, CPU {bc:.2f} s "
            f"(runs: {', '.join(f'{t:.2f}' for t in base)})"
        )
        for label, walls, cpus in [
            ("first run (sums and keeps every table's totals)", first, first_cpu),
            ("later runs (reads the kept totals)", later, later_cpu),
            ("after an add (one table summed again)", after, after_cpu),
        ]:
            w, c = statistics.median(walls), statistics.median(cpus)
            print(
                f"schreiber report --all over {report['hands']:,} hands, {label}: median {w:.2f} s = {w / b:.2f}× "
                f"one evening, CPU {c:.2f} s = {c / bc:.2f}× (runs: {', '.join(f'{t:.2f}' for t in walls)}; "
                f"goal ≤ 1.3×; load {os.getloadavg()[0]:.1f})"
            )


if __name__ == "__main__":
    main()
