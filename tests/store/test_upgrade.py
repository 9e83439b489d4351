"""A ledger written at revision 0001 — by the 0001 migration itself and plain SQL, not today's models —
full of real evenings of every rule set, opened by today's schreiber: nothing a player sees changes."""

from __future__ import annotations

import csv
import io
import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, text

from schreiber.ledger.service import Ledger
from schreiber.store import engine as store_engine
from schreiber.store.engine import LedgerError, migrations_dir, open_engine, stored_revision
from schreiber.store.models import SCHEMA_REVISION
from tests.helpers.upgrade import (
    EVENINGS,
    build_0001_ledger,
    payout_rows,
)


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


@pytest.fixture
def db_url(empty_db_url: str) -> str:
    """These tests write an older schema themselves: they start where no ledger is yet."""
    return empty_db_url


def _export(cli) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(cli.ok("export", "csv", "--all"))))


def test_a_0001_ledger_full_of_evenings_upgrades_with_nothing_changed(db_url, cli, tmp_path):
    expected = build_0001_ledger(db_url)

    engine = open_engine(db_url)  # upgrades, as any command would
    try:
        assert stored_revision(engine) == SCHEMA_REVISION
        with engine.connect() as conn:
            assert payout_rows(conn) == expected["payout_rows"]
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
        out = [conn.execute(text("SELECT version_num FROM alembic_version")).all(), payout_rows(conn)]
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
