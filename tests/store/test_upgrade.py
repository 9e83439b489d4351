"""A ledger written at revision 0001 — by the 0001 migration itself and plain SQL, not today's models —
full of real evenings of every rule set, opened by today's schreiber: nothing a player sees changes."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import shutil
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, text

from schreiber.ledger.service import Ledger
from schreiber.rules import registry
from schreiber.rules.model import Hand
from schreiber.rules.table import play, start
from schreiber.store import engine as store_engine
from schreiber.store.engine import LedgerError, migrations_dir, open_engine, stored_revision
from schreiber.store.models import SCHEMA_REVISION

PLAYERS = ("Anna", "Berta", "Carl", "Dora")


@dataclass
class Evening:
    """One table as a player typed it: rule set, seats, settings, and the hands in order."""

    rules: str
    players: tuple[str, ...]
    hands: list[Hand]
    assignments: tuple[str, ...] = ()
    tariff: int | None = None
    name: str | None = None
    teams: list[list[str]] | None = None
    first_dealer: int = 0
    date: dt.date = dt.date(2025, 3, 14)
    # (index of a hand that was later corrected, the hand as first typed): kept as superseded
    superseded: dict[int, Hand] = field(default_factory=dict)
    # a last hand that was typed and then undone: kept as void
    voided: Hand | None = None


KLASSISCH_TEAMS = (("Anna", "Carl"), ("Berta", "Dora"))

EVENINGS = [
    Evening(
        "schafkopf",
        PLAYERS,
        [
            Hand("rufspiel", player="Berta", partner="Dora", augen=72, sau="eichel"),
            Hand("wenz", player="Carl", augen=65, laufende=2, klopfen=("Anna",)),
            Hand("rufspiel", player="Anna", partner="Carl", augen=70, kontra=True, re=True),
            Hand("rufspiel", player="Berta", partner="Dora", augen=61),
            Hand("farbsolo", player="Dora", augen=50, kontra=True, farbe="herz"),
            Hand("ramsch", augen_by_player={"Anna": 40, "Berta": 35, "Carl": 25, "Dora": 20}),
            Hand("rufspiel", player="Anna", partner="Berta", augen=60),
            Hand("sie", player="Carl", note="Carl's first Sie in ten years — »Prost«"),
            Hand("rufspiel", player="Dora", partner="Anna", augen=95, laufende=3),
        ],
        tariff=10,
        name="Stammtisch Hirsch",
        superseded={3: Hand("rufspiel", player="Berta", partner="Dora", augen=59)},
        voided=Hand("wenz", player="Anna", augen=30),
    ),
    Evening(
        "schafkopf-tarif",
        PLAYERS,
        [
            Hand("rufspiel", player="Anna", partner="Dora", augen=66, laufende=3),
            Hand("wenz", player="Berta", augen=91),
            Hand("rufspiel", player="Carl", partner="Berta", augen=40, kontra=True),
            Hand("farbsolo", player="Dora", augen=120, schwarz=True, laufende=4, farbe="gras"),
        ],
        tariff=1,
        first_dealer=2,
    ),
    Evening(
        "buchstaben",
        PLAYERS,
        [
            Hand("zusammengeworfen"),
            Hand("rufspiel", player="Anna", partner="Carl", augen=36, laufende=3),
            Hand("solo", player="Berta", augen=48, schwarz=True, laufende=4),
            Hand("vergeben"),
            Hand("solo", player="Berta", augen=20, spritze=True),
            Hand("du", player="Dora", won=True, laufende=5),
            Hand("jeder-gegen-jeden", augen_by_player={"Anna": 20, "Berta": 12, "Carl": 10, "Dora": 6}),
        ],
        tariff=20,
    ),
    Evening(
        "doppelkopf",
        (*PLAYERS, "Emil"),
        [
            Hand("normal", player="Berta", partner="Dora", augen=150, fuchs_re=1),
            Hand("normal", player="Carl", partner="Emil", augen=100, re=True, karlchen="kontra"),
            Hand("trumpfsolo", player="Anna", augen=185),
            Hand("normal", player="Anna", partner="Emil", augen=121, altenstrafe=True),
            Hand("schiebekopf", augen_by_player={"Anna": 70, "Berta": 50, "Carl": 60, "Dora": 60}),
        ],
        assignments=("bock=re,gleichstand",),
        tariff=5,
    ),
    Evening(
        "doppelkopf-turnier",
        PLAYERS,
        [
            Hand("normal", player="Anna", partner="Berta", augen=130),
            Hand("normal", player="Anna", partner="Berta", augen=80, kontra=True),
            Hand("normal", player="Carl", partner="Dora", augen=160, re_absage=90, fuchs_re=1),
            Hand("trumpfsolo", player="Carl", augen=150),
            Hand("normal", player="Anna", partner="Berta", augen=100, re_absage=60, kontra_absage=60),
        ],
        date=dt.date(2025, 11, 2),
    ),
    Evening(
        "klassisch",
        PLAYERS,
        [
            Hand("spiel", player=p, augen=a, schwarz=s, teams=KLASSISCH_TEAMS)
            for p, a, s in [
                ("Anna", 70, False),
                ("Carl", 95, False),
                ("Berta", 60, False),
                ("Anna", 40, False),
                ("Dora", 92, False),
                ("Carl", 120, True),
            ]
        ],
        assignments=("einsatz=50",),
        teams=[list(t) for t in KLASSISCH_TEAMS],
    ),
]


def _config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(migrations_dir()))
    return config


def _fold(evening: Evening, settings: dict) -> list:
    rules = registry.get(evening.rules)
    state = start(rules, settings, evening.players, evening.first_dealer)
    steps = []
    for hand in evening.hands:
        step = play(rules, settings, state, hand)
        steps.append(step)
        state = step.after
    return steps


def build_0001_ledger(url: str) -> dict:
    """Create the schema with revision 0001 itself, fill it with SQL, return what a player would check."""
    engine = create_engine(url)
    if url.startswith("sqlite"):
        with engine.connect() as conn:  # as schreiber at 0001 left its files
            conn.exec_driver_sql("PRAGMA journal_mode=WAL")
    with engine.begin() as conn:
        config = _config()
        config.attributes["connection"] = conn
        command.upgrade(config, "0001")
    expected: dict = {"tables": {}}
    player_ids: dict[str, int] = {}
    hand_id = 0
    with engine.begin() as conn:
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0001"
        for table_id, evening in enumerate(EVENINGS, start=1):
            rules = registry.get(evening.rules)
            settings = {
                k: list(v) if isinstance(v, tuple) else v
                for k, v in registry.settings_for(rules, list(evening.assignments)).items()
            }
            for name in evening.players:
                if name not in player_ids:
                    player_ids[name] = len(player_ids) + 1
                    conn.execute(
                        text("INSERT INTO player (id, name, name_key) VALUES (:i, :n, :k)"),
                        {"i": player_ids[name], "n": name, "k": name.casefold()},
                    )
            conn.execute(
                text(
                    "INSERT INTO runde (id, name, rules, settings, tariff, date, first_dealer, teams, closed) "
                    "VALUES (:id, :name, :rules, :settings, :tariff, :date, :fd, :teams, :closed)"
                ),
                {
                    "id": table_id,
                    "name": evening.name,
                    "rules": evening.rules,
                    "settings": json.dumps(settings),
                    "tariff": evening.tariff,
                    "date": evening.date,
                    "fd": evening.first_dealer,
                    "teams": json.dumps(evening.teams) if evening.teams else None,
                    "closed": table_id < 3,
                },
            )
            for position, name in enumerate(evening.players):
                conn.execute(
                    text("INSERT INTO seat (runde_id, position, player_id) VALUES (:r, :p, :pl)"),
                    {"r": table_id, "p": position, "pl": player_ids[name]},
                )
            steps = _fold(evening, settings)
            hands = {}
            for index, (hand, step) in enumerate(zip(evening.hands, steps, strict=True)):
                number = index + 1
                replaces = None
                if index in evening.superseded:
                    hand_id += 1
                    replaces = hand_id
                    _insert_hand(conn, hand_id, table_id, number, evening.superseded[index], "superseded", None)
                hand_id += 1
                _insert_hand(conn, hand_id, table_id, number, hand, "live", replaces)
                for name, points in step.payout.points.items():
                    conn.execute(
                        text(
                            "INSERT INTO payout (hand_id, player_id, points, sat_out, won, solo, runde_id) "
                            "VALUES (:h, :p, :pts, :out, :won, :solo, :r)"
                        ),
                        {
                            "h": hand_id,
                            "p": player_ids[name],
                            "pts": points,
                            "out": name in step.before.sitting_out,
                            "won": points > 0,
                            "solo": step.payout.soloist == name,
                            "r": table_id,
                        },
                    )
                hands[number] = (hand.to_facts(), dict(step.payout.points))
            if evening.voided is not None:
                hand_id += 1
                _insert_hand(conn, hand_id, table_id, len(evening.hands) + 1, evening.voided, "void", None)
            totals = {p: sum(s.payout.points[p] for s in steps) for p in evening.players}
            expected["tables"][table_id] = {"hands": hands, "totals": totals, "evening": evening}
        conn.execute(text("INSERT INTO ledger_state (key, value) VALUES ('active_runde', '4')"))
    with engine.connect() as conn:
        expected["payout_rows"] = _payout_rows(conn)
        expected["hand_rows"] = conn.execute(
            text("SELECT id, runde_id, number, type, facts, note, status, replaces_id FROM hand ORDER BY id")
        ).all()
    engine.dispose()
    return expected


def _insert_hand(conn, id_: int, table_id: int, number: int, hand: Hand, status: str, replaces: int | None) -> None:
    conn.execute(
        text(
            "INSERT INTO hand (id, runde_id, number, type, facts, note, status, replaces_id) "
            "VALUES (:id, :r, :n, :t, :f, :note, :s, :rep)"
        ),
        {
            "id": id_,
            "r": table_id,
            "n": number,
            "t": hand.type,
            "f": json.dumps(hand.to_facts()),
            "note": hand.note,
            "s": status,
            "rep": replaces,
        },
    )


def _payout_rows(conn) -> list:
    return conn.execute(
        text("SELECT hand_id, player_id, points, sat_out, won, solo, runde_id FROM payout ORDER BY hand_id, player_id")
    ).all()


# Columns export csv has written since revision 0001; later columns (such as the table's uid) are new.
STABLE_COLUMNS = (
    "session",
    "session_name",
    "date",
    "rules",
    "tariff",
    "hand",
    "type",
    "dealer",
    "seat",
    "name",
    "points",
    "value",
    "breakdown",
    "note",
    "facts",
    "settings",
    "first_dealer",
    "teams",
)


def _export(cli) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(cli.ok("export", "csv", "--all"))))


def test_a_0001_ledger_full_of_evenings_upgrades_with_nothing_changed(db_url, cli, tmp_path):
    expected = build_0001_ledger(db_url)

    engine = open_engine(db_url)  # upgrades, as any command would
    try:
        assert stored_revision(engine) == SCHEMA_REVISION
        with engine.connect() as conn:
            assert _payout_rows(conn) == expected["payout_rows"]
            assert (
                conn.execute(
                    text("SELECT id, runde_id, number, type, facts, note, status, replaces_id FROM hand ORDER BY id")
                ).all()
                == expected["hand_rows"]
            )
            uids = conn.execute(text("SELECT uid FROM runde")).scalars().all()
        assert len(uids) == len(EVENINGS) == len(set(uids)) and all(len(u) == 36 for u in uids)
        ledger = Ledger(engine)
        for table_id, want in expected["tables"].items():
            view = ledger.table(table_id)
            assert view.totals == want["totals"], want["evening"].rules
            assert {h.number: (h.hand.to_facts(), dict(h.payout.points)) for h in view.hands} == want["hands"]
            assert cli.json("report", "--session", str(table_id), "--format", "json")  # readable by the reports
    finally:
        engine.dispose()

    assert "ok: the store is intact" in cli.ok("db", "check")
    rows = _export(cli)
    by_key = {(int(r["session"]), int(r["hand"]), r["name"]): r for r in rows}
    assert (
        len(by_key)
        == len(rows)
        == sum(len(w["hands"]) * len(w["evening"].players) for w in expected["tables"].values())
    )
    for table_id, want in expected["tables"].items():
        evening = want["evening"]
        for number, (facts, points) in want["hands"].items():
            for name in evening.players:
                row = by_key[(table_id, number, name)]
                assert int(row["points"]) == points[name]
                assert json.loads(row["facts"]) == facts
                assert (row["rules"], row["date"]) == (evening.rules, evening.date.isoformat())
    # The export of the upgraded ledger reads back into a ledger of today, hand for hand.
    exported = tmp_path / "all.csv"
    exported.write_text(cli.ok("export", "csv", "--all"), encoding="utf-8")
    assert {k: {c: v for c, v in r.items() if c in STABLE_COLUMNS} for k, r in by_key.items()} == {
        k: {c: v for c, v in r.items() if c in STABLE_COLUMNS}
        for k, r in {(int(r["session"]), int(r["hand"]), r["name"]): r for r in _export(cli)}.items()
    }

    if db_url.startswith("sqlite"):
        ledger_file = Path(db_url.removeprefix("sqlite:///"))
        copy = ledger_file.with_name(ledger_file.name + ".bak-0001")
        with sqlite3.connect(copy) as conn:
            assert conn.execute("SELECT version_num FROM alembic_version").fetchall() == [("0001",)]
            assert conn.execute(
                "SELECT hand_id, player_id, points, sat_out, won, solo, runde_id FROM payout ORDER BY hand_id, player_id"
            ).fetchall() == [tuple(r) for r in expected["payout_rows"]]


def _failing_migrations(tmp_path: Path) -> Path:
    """Today's migrations and one more revision after the head whose step fails halfway."""
    folder = tmp_path / "migrations"
    shutil.copytree(migrations_dir(), folder, ignore=shutil.ignore_patterns("__pycache__"))
    config = Config()
    config.set_main_option("script_location", str(folder))
    head = ScriptDirectory.from_config(config).get_current_head()
    (folder / "versions" / "9990_fails.py").write_text(
        f'''"""a step that fails after changing things"""
import sqlalchemy as sa
from alembic import op

revision = "9990"
down_revision = "{head}"
branch_labels = None
depends_on = None


def upgrade():
    op.execute("DELETE FROM payout")
    op.execute("UPDATE hand SET number = number + 100")
    op.execute("SELECT no_such_column FROM hand")


def downgrade():
    pass
''',
        encoding="utf-8",
    )
    return folder


def _dump(url: str) -> list:
    engine = create_engine(url)
    with engine.connect() as conn:
        out = [conn.execute(text("SELECT version_num FROM alembic_version")).all(), _payout_rows(conn)]
        out.append(conn.execute(text("SELECT id, number, facts, status FROM hand ORDER BY id")).all())
        out.append(conn.execute(text("SELECT id, name, rules, settings FROM runde ORDER BY id")).all())
    engine.dispose()
    return out


def test_a_failed_upgrade_leaves_the_ledger_untouched_and_says_how_to_restore(db_url, tmp_path, monkeypatch):
    build_0001_ledger(db_url)
    before = _dump(db_url)
    if db_url.startswith("sqlite"):
        file_bytes = Path(db_url.removeprefix("sqlite:///")).read_bytes()
    monkeypatch.setattr(store_engine, "migrations_dir", lambda: _failing_migrations(tmp_path))

    with pytest.raises(LedgerError) as refused:
        open_engine(db_url)

    message = str(refused.value)
    assert message.startswith("--db: the ledger could not be upgraded from revision 0001")
    assert "no_such_column" in message and "nothing was changed" in message and "\n" not in message
    assert "secret" not in message
    assert _dump(db_url) == before
    if db_url.startswith("sqlite"):
        ledger_file = Path(db_url.removeprefix("sqlite:///"))
        copy = ledger_file.with_name(ledger_file.name + ".bak-0001")
        assert f"the copy made before the attempt is {copy}" in message
        assert f"replace {ledger_file} with it" in message
        assert ledger_file.read_bytes() == file_bytes
        # Following the sentence gives back the evening as it was.
        shutil.copyfile(copy, ledger_file)
        assert _dump(db_url) == before
