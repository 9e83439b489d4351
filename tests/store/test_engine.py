"""Opening a ledger: the migrations, SQLite's settings, and what a user sees when it cannot be opened."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import text

from schreiber.store.engine import backup_sqlite, migrations_dir, open_engine, stored_revision
from schreiber.store.models import SCHEMA_REVISION, Base

MIGRATIONS = migrations_dir()


def test_the_cheap_revision_check_knows_the_newest_migration():
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    assert ScriptDirectory.from_config(config).get_current_head() == SCHEMA_REVISION


def test_a_new_ledger_is_migrated_and_matches_the_models(db_url):
    engine = open_engine(db_url)
    try:
        assert stored_revision(engine) == SCHEMA_REVISION
        with engine.connect() as conn:
            context = MigrationContext.configure(
                conn, opts={"include_object": lambda o, name, t, r, c: name != "uq_hand_live_number"}
            )
            assert compare_metadata(context, Base.metadata) == []
    finally:
        engine.dispose()


def test_sqlite_runs_in_wal_mode_with_foreign_keys(tmp_path):
    engine = open_engine(str(tmp_path / "l.db"))
    with engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert conn.execute(text("PRAGMA foreign_keys")).scalar() == 1
        assert conn.execute(text("PRAGMA busy_timeout")).scalar() >= 1000
    engine.dispose()


def test_a_ledger_from_a_newer_schreiber_is_refused_in_one_sentence(cli):
    engine = open_engine(cli.url)
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    engine.dispose()
    ran = cli("session", "list")
    assert ran.code == 2
    assert "newer version" in ran.err and ran.err.count("\n") == 1


def test_an_unreachable_server_is_one_sentence_and_exit_2(capsys):
    from schreiber.cli.app import main

    code = main(["--db", "postgresql+psycopg://nobody@127.0.0.1:9/none?connect_timeout=2", "session", "list"])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("schreiber: --db: cannot open the ledger") and "Traceback" not in err


def test_backup_copies_an_sqlite_ledger_before_an_upgrade(tmp_path):
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE hand (id INTEGER)")
        conn.execute("INSERT INTO hand VALUES (7)")
    copy = backup_sqlite(path, "0001")
    assert copy.name == "old.db.bak-0001"
    with sqlite3.connect(copy) as conn:
        assert conn.execute("SELECT id FROM hand").fetchall() == [(7,)]


def test_db_upgrade_reports_the_revision(cli):
    assert f"schema revision {SCHEMA_REVISION}" in cli.ok("db", "upgrade")


@pytest.mark.parametrize("target", ["relative/ledger.db", "a/b/ledger.db"])
def test_a_file_in_a_folder_that_does_not_exist_is_refused_not_created(tmp_path, monkeypatch, capsys, target):
    from schreiber.cli.app import main

    monkeypatch.chdir(tmp_path)
    code = main(["--db", target, "session", "list"])
    err = capsys.readouterr().err
    missing = (tmp_path / target).parent
    assert code == 2 and err == f"schreiber: --db: the folder {missing} does not exist; create it first, or name a file in a folder that exists.\n"
    assert list(tmp_path.iterdir()) == []
    monkeypatch.setenv("SCHREIBER_DB", target)
    assert main(["session", "list"]) == 2
    assert "does not exist" in capsys.readouterr().err and list(tmp_path.iterdir()) == []


def test_schreiber_db_and_the_default_ledger(tmp_path, monkeypatch, capsys):
    from schreiber.cli.app import main

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("SCHREIBER_DB", raising=False)
    assert main(["session", "list"]) == 0
    assert (tmp_path / "data" / "schreiber" / "schreiber.db").exists()
    monkeypatch.setenv("SCHREIBER_DB", str(tmp_path / "env.db"))
    assert main(["session", "list"]) == 0
    assert (tmp_path / "env.db").exists()
    capsys.readouterr()
