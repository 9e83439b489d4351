"""Opening a ledger: the migrations, SQLite's settings, and what a user sees when it cannot be opened."""

from __future__ import annotations

import sqlite3

import pytest
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import text

from schreiber.store.engine import backup_sqlite, migrations_dir, open_engine, stored_revision
from schreiber.store import league_models  # noqa: F401  (the leagues' tables join Base.metadata)
from schreiber.store.models import SCHEMA_REVISION, Base

MIGRATIONS = migrations_dir()


def test_the_cheap_revision_check_knows_the_newest_migration():
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    assert ScriptDirectory.from_config(config).get_current_head() == SCHEMA_REVISION


def test_a_new_ledger_is_migrated_and_matches_the_models(empty_db_url):
    engine = open_engine(empty_db_url)
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
    assert (
        code == 2
        and err
        == f"schreiber: --db: the folder {missing} does not exist; create it first, or name a file in a folder that exists.\n"
    )
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


def test_passing_failures_are_told_from_refusals_by_one_classification(tmp_path):
    """The one classification of `serve`'s 503 (store/engine.py `passing`), with the drivers' own errors: a server
    that cannot be reached, one shutting down or restarting, a read-only file, a busy lock, a full disk pass; a
    broken constraint or a wrong statement do not. (A PostgreSQL restarted under load is not staged here: the
    SQLSTATEs it answers with, 57P01 and 57P03, are the drivers' own errors below.)"""
    import psycopg
    from sqlalchemy import create_engine
    from sqlalchemy.exc import DBAPIError, OperationalError

    from schreiber.store.engine import Unavailable, database_error, passing

    def raised(run) -> DBAPIError:
        try:
            run()
        except DBAPIError as e:
            return e
        raise AssertionError("no error")

    # PostgreSQL: nothing listens on the port (connection refused), through SQLAlchemy as a ledger connects.
    refused = raised(lambda: create_engine("postgresql+psycopg://postgres@127.0.0.1:1/test").connect())
    assert isinstance(refused, OperationalError) and "refused" in str(refused.orig).lower() and passing(refused)
    # The server's answers while it shuts down and restarts (psycopg's classes for their SQLSTATEs).
    for sqlstate, said in (
        ("57P01", "terminating connection due to administrator command"),
        ("57P03", "the database system is shutting down"),
        ("53100", "could not extend file: No space left on device"),
        ("55P03", "canceling statement due to lock timeout"),
    ):
        error = OperationalError("INSERT", {}, psycopg.errors.lookup(sqlstate)(said))
        assert passing(error) and isinstance(database_error(error, "the ledger could not be written"), Unavailable), (
            sqlstate
        )

    # SQLite: a read-only file, a lock held by another writer.
    path = tmp_path / "one.db"
    sqlite3.connect(path).execute("CREATE TABLE t (x INTEGER UNIQUE)").connection.commit()
    engine = create_engine(f"sqlite:///file:{path}?mode=ro&uri=true")
    readonly = raised(lambda: engine.connect().exec_driver_sql("INSERT INTO t VALUES (1)"))
    assert "readonly" in str(readonly.orig) and passing(readonly)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    busy_engine = create_engine(f"sqlite:///{path}", connect_args={"timeout": 0})
    busy = raised(lambda: busy_engine.connect().exec_driver_sql("BEGIN IMMEDIATE"))
    holder.execute("ROLLBACK")
    assert "locked" in str(busy.orig) and passing(busy)

    # Refusals and defects: a broken constraint, a statement the database does not know.
    writer = create_engine(f"sqlite:///{path}")
    with writer.connect() as conn:
        conn.exec_driver_sql("INSERT INTO t VALUES (1)")
        conn.commit()
        twice = raised(lambda: conn.exec_driver_sql("INSERT INTO t VALUES (1)"))
        conn.rollback()
        wrong = raised(lambda: conn.exec_driver_sql("SELECT nothing FROM nowhere"))
    assert not passing(twice) and not passing(wrong)
    assert not isinstance(database_error(twice, "the ledger could not be written"), Unavailable)


def test_commands_one_after_another_reuse_the_ledgers_engine_and_its_compiled_statements(db_url, capsys, monkeypatch):
    """`play`, `serve` and a program calling main() again and again open one engine per ledger: a `report` run again
    compiles no statement (the first ones may keep the table's totals, which the later ones read instead)."""
    from schreiber.cli.app import main
    from schreiber.store.engine import open_engine

    engine = open_engine(db_url)
    assert open_engine(db_url) is engine
    monkeypatch.setenv("SCHREIBER_BUSY_TIMEOUT", "3")
    assert open_engine(db_url) is not engine  # another wait is another engine's connect setting
    monkeypatch.delenv("SCHREIBER_BUSY_TIMEOUT")
    assert main(["--db", db_url, "session", "new", "--rules", "schafkopf", "--players", "A", "B", "C", "D"]) == 0
    assert main(["--db", db_url, "add", "rufspiel", "-p", "A", "-m", "B", "-a", "70"]) == 0

    def report() -> int:
        before = len(engine._compiled_cache)
        assert main(["--db", db_url, "report"]) == 0
        return len(engine._compiled_cache) - before

    assert report() > 0
    report()
    assert report() == 0
    assert "A" in capsys.readouterr().out
